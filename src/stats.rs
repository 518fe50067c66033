//! Statistics over finished games, per player name and kind of game (the ruleset, and column Yam's columns).
//! Every score comes from the rules crate's totals.

use std::collections::BTreeMap;

use fivedice_rules::{Columns, Language, Rules, RulesetId, case};

use crate::table::FinishedGame;

/// What statistics keep apart: the ruleset, and on a sheet of several columns its columns (a three-column
/// total is not a one-column total).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameKind {
    pub ruleset: RulesetId,
    pub columns: Columns,
}

impl GameKind {
    pub fn of(rules: Rules) -> GameKind {
        GameKind {
            ruleset: rules.id(),
            columns: rules.columns(),
        }
    }

    /// `yam`, or `yam:down,free,up` for column Yam.
    pub fn id(&self) -> String {
        match self.columns.is_one() {
            true => self.ruleset.id().to_string(),
            false => format!("{}:{}", self.ruleset.id(), self.columns),
        }
    }

    /// `Yam`, or `Yam ↓ ↕ ↑` for column Yam, as the players of a language name it.
    pub fn name(&self, language: Language) -> String {
        let name = crate::i18n::label(language, self.ruleset.ruleset().name);
        let marks: Vec<&str> = self
            .columns
            .as_slice()
            .iter()
            .map(|column| column.symbol())
            .collect();
        match self.columns.is_one() {
            true => name.to_string(),
            false => format!("{name} {}", marks.join(" ")),
        }
    }
}

/// One player's record at one kind of game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    pub name: String,
    pub kind: GameKind,
    pub games: usize,
    pub wins: usize,
    pub best: u16,
    pub average: f64,
    /// Share of games in which the upper bonus was earned, 0 to 1.
    pub bonus_rate: f64,
    /// Five-of-a-kinds scored: the cell at 50, plus every bonus.
    pub yahtzees: usize,
    /// The turns of these games a computer played for the player, standing in while their device was gone.
    pub computer_turns: usize,
}

/// Every player's record, grouped by name (ignoring case) and kind of game, most games first.
pub fn player_stats(history: &[FinishedGame]) -> Vec<PlayerStats> {
    struct Tally {
        name: String,
        totals: Vec<u16>,
        wins: usize,
        bonuses: usize,
        yahtzees: usize,
        computer_turns: usize,
    }
    let mut tallies: BTreeMap<(String, GameKind), Tally> = BTreeMap::new();
    for finished in history {
        let game = &finished.game;
        let standings = game.standings();
        for (seat, name) in game.players().iter().enumerate() {
            let Some(totals) = game.totals(seat) else {
                continue;
            };
            let tally = tallies
                .entry((case::lowercased(name), GameKind::of(game.rules())))
                .or_insert_with(|| Tally {
                    name: name.clone(),
                    totals: Vec::new(),
                    wins: 0,
                    bonuses: 0,
                    yahtzees: 0,
                    computer_turns: 0,
                });
            tally.totals.push(totals.grand);
            tally.wins += usize::from(standings.iter().any(|s| s.seat == seat && s.winner));
            tally.bonuses += usize::from(totals.bonus > 0);
            tally.yahtzees += usize::from(totals.five_of_a_kinds);
            tally.computer_turns += finished.computer_turns.get(seat).copied().unwrap_or(0);
        }
    }
    let mut stats: Vec<PlayerStats> = tallies
        .into_iter()
        .map(|((_, kind), tally)| {
            let games = tally.totals.len();
            PlayerStats {
                name: tally.name,
                kind,
                games,
                wins: tally.wins,
                best: tally.totals.iter().copied().max().unwrap_or(0),
                average: tally.totals.iter().map(|&t| f64::from(t)).sum::<f64>() / games as f64,
                bonus_rate: tally.bonuses as f64 / games as f64,
                yahtzees: tally.yahtzees,
                computer_turns: tally.computer_turns,
            }
        })
        .collect();
    stats.sort_by(|a, b| b.games.cmp(&a.games).then(a.name.cmp(&b.name)));
    stats
}

/// Each player's grand totals at one kind of game, oldest game first, for the chart.
pub fn score_series(history: &[FinishedGame], kind: GameKind) -> Vec<(String, Vec<u16>)> {
    let mut games: Vec<&FinishedGame> = history
        .iter()
        .filter(|f| GameKind::of(f.game.rules()) == kind)
        .collect();
    games.sort_by(|a, b| a.finished_ms.total_cmp(&b.finished_ms));
    let mut series: Vec<(String, Vec<u16>)> = Vec::new();
    for finished in games {
        for (seat, name) in finished.game.players().iter().enumerate() {
            let total = finished.game.totals(seat).map_or(0, |totals| totals.grand);
            match series.iter_mut().find(|(other, _)| case::same_name(other, name)) {
                Some((_, totals)) => totals.push(total),
                None => series.push((name.clone(), vec![total])),
            }
        }
    }
    series
}

#[cfg(test)]
mod tests {
    use fivedice_rules::{Column, DiceMode, Game, Place};

    use super::*;

    /// A finished score-pad game where each player writes the given value into every box it can hold (the
    /// first box the rules allow, column after column).
    fn finished(rules: Rules, players: &[&str], fill: &[u16], when: f64) -> FinishedGame {
        let mut game = Game::new(rules, DiceMode::Pad, players, 0).unwrap();
        let columns = rules.columns();
        while !game.is_over() {
            let seat = game.current_seat();
            let place = columns
                .as_slice()
                .iter()
                .flat_map(|&column| {
                    rules
                        .ruleset()
                        .cells
                        .iter()
                        .map(move |cell| Place::new(column, cell.category))
                })
                .find(|&place| game.check_place(place).is_ok())
                .unwrap();
            let offers = rules.offers(place.category).unwrap();
            let wanted = fill[seat];
            let value = offers
                .iter()
                .copied()
                .filter(|&v| v <= wanted)
                .max()
                .unwrap_or(offers[0]);
            let written = fivedice_rules::Play::Write {
                place,
                value,
                bonus: false,
                first_roll: false,
            };
            game.play(&written).unwrap();
        }
        FinishedGame {
            table_id: format!("{when}"),
            table_name: "Kitchen".into(),
            finished_ms: when,
            game,
            computer_turns: Vec::new(),
        }
    }

    #[test]
    fn records_per_player_and_ruleset() {
        let mut stood_in = finished(Rules::new(RulesetId::Yam), &["anna", "Ben"], &[0, 0], 1.0);
        stood_in.computer_turns = vec![0, 4];
        let history = vec![
            finished(Rules::new(RulesetId::Yam), &["Anna", "Ben"], &[50, 0], 2.0),
            stood_in,
            finished(Rules::new(RulesetId::Yatzy), &["Anna"], &[50], 3.0),
        ];
        let stats = player_stats(&history);
        let anna_yam = stats
            .iter()
            .find(|s| s.name == "Anna" && s.kind.ruleset == RulesetId::Yam)
            .unwrap();
        let anna_total = history[0].game.totals(0).unwrap().grand;
        assert_eq!((anna_yam.games, anna_yam.wins, anna_yam.best), (2, 2, anna_total));
        assert_eq!(anna_yam.average, f64::from(anna_total) / 2.0);
        assert_eq!((anna_yam.bonus_rate, anna_yam.yahtzees), (0.5, 1));
        let ben = stats.iter().find(|s| s.name == "Ben").unwrap();
        assert_eq!(
            (ben.games, ben.wins, ben.best, ben.yahtzees),
            (2, 1, 0, 0),
            "a 0-0 tie is a shared win"
        );
        assert_eq!((anna_yam.computer_turns, ben.computer_turns), (0, 4));
        assert_eq!(stats.len(), 3);
        let series = score_series(&history, GameKind::of(Rules::new(RulesetId::Yam)));
        assert_eq!(
            series,
            vec![
                ("anna".to_string(), vec![0, anna_total]),
                ("Ben".to_string(), vec![0, 0])
            ]
        );
    }

    #[test]
    fn column_yam_is_kept_apart_from_the_one_column_sheet() {
        let columns = Columns::new(&[Column::Down, Column::Free, Column::Up]).unwrap();
        let in_columns = Rules::new(RulesetId::Yam).with_columns(columns).unwrap();
        let history = vec![
            finished(Rules::new(RulesetId::Yam), &["Anna"], &[50], 1.0),
            finished(in_columns, &["Anna"], &[50], 2.0),
        ];
        let stats = player_stats(&history);
        assert_eq!(stats.len(), 2);
        let kind = GameKind::of(in_columns);
        assert_eq!(
            (kind.id().as_str(), kind.name(Language::English).as_str()),
            ("yam:down,free,up", "Yam ↓ ↕ ↑")
        );
        let anna = stats.iter().find(|s| s.kind == kind).unwrap();
        assert_eq!(
            (anna.games, anna.best),
            (1, history[1].game.totals(0).unwrap().grand)
        );
        assert_eq!(
            score_series(&history, kind),
            vec![("Anna".to_string(), vec![anna.best])]
        );
        assert_eq!(GameKind::of(Rules::new(RulesetId::Yam)).id(), "yam");
    }
}
