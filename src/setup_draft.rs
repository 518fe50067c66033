//! The new game's form as the player left it: kept on the device at every change, so a reload (and the next
//! visit) finds the same game, players and names. Kept as lines of text (`rules yahtzee`, `seat optimal Ben`);
//! a line that does not read leaves its part of the form as it starts.

use fivedice_rules::{Column, Columns, DiceMode, HouseRules, Joker, RulesetId, UpperBonus};
use fivedice_worker::Level;

use crate::table::DEFAULT_BOT_DELAY_MS;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupDraft {
    pub ruleset: RulesetId,
    pub joker: Joker,
    pub mode: DiceMode,
    /// Column Yam: whether the sheet is in columns, and which, in order.
    pub in_columns: bool,
    pub columns: Vec<Column>,
    /// Each seat's name as typed (empty: the seat's own) and its computer player (`None`: a person).
    pub seats: Vec<(String, Option<Level>)>,
    pub bot_delay_ms: u32,
    pub table_name: String,
    /// Generala's house rules, as the table chose them last.
    pub house: HouseRules,
    /// Another upper bonus than the sheet's own, as the table chose it last (Maxi Yatzy's 50 at 75).
    pub upper_bonus: Option<UpperBonus>,
}

impl Default for SetupDraft {
    fn default() -> SetupDraft {
        SetupDraft {
            ruleset: RulesetId::Yahtzee,
            joker: Joker::printed_on(RulesetId::Yahtzee),
            mode: DiceMode::App,
            in_columns: false,
            columns: Columns::USUAL.to_vec(),
            seats: vec![(String::new(), None); 2],
            bot_delay_ms: DEFAULT_BOT_DELAY_MS,
            table_name: String::new(),
            house: HouseRules::DEFAULT,
            upper_bonus: None,
        }
    }
}

impl SetupDraft {
    pub fn to_text(&self) -> String {
        let columns: Vec<&str> = self.columns.iter().map(|column| column.id()).collect();
        let mut text = format!(
            "rules {}\njoker {}\ndice {}\nsheet {}\ncolumns {}\npace {}\nhouse {}\ntable {}\n",
            self.ruleset.id(),
            self.joker.id(),
            self.mode.id(),
            if self.in_columns { "columns" } else { "one" },
            columns.join(","),
            self.bot_delay_ms,
            self.house,
            self.table_name,
        );
        for (name, computer) in &self.seats {
            let kind = computer.map_or("human", Level::id);
            text.push_str(&format!("seat {kind} {name}\n"));
        }
        if let Some(bonus) = self.upper_bonus {
            text.push_str(&format!("upper {}\n", bonus.id()));
        }
        text
    }

    /// The draft a text keeps; what does not read is left as the form starts (a form from an older version,
    /// or another's hand, never stops the setup).
    pub fn read(text: &str) -> SetupDraft {
        let mut draft = SetupDraft::default();
        let mut seats = Vec::new();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "rules" => draft.ruleset = value.parse().unwrap_or(draft.ruleset),
                "joker" => draft.joker = value.parse().unwrap_or(draft.joker),
                "dice" => draft.mode = value.parse().unwrap_or(draft.mode),
                "sheet" => draft.in_columns = value == "columns",
                "columns" => {
                    let columns: Option<Vec<Column>> = value
                        .split(',')
                        .filter(|id| !id.is_empty())
                        .map(|id| id.parse().ok())
                        .collect();
                    draft.columns = columns.unwrap_or(draft.columns);
                }
                "pace" => draft.bot_delay_ms = value.parse().unwrap_or(draft.bot_delay_ms),
                "house" => draft.house = value.parse().unwrap_or(draft.house),
                "upper" => draft.upper_bonus = value.parse().ok(),
                "table" => draft.table_name = value.to_string(),
                "seat" => {
                    let (kind, name) = value.split_once(' ').unwrap_or((value, ""));
                    seats.push((name.to_string(), kind.parse::<Level>().ok()));
                }
                _ => {}
            }
        }
        let ruleset = draft.ruleset.ruleset();
        if !(1..=ruleset.max_players).contains(&seats.len()) {
            seats = draft.seats.clone();
        }
        draft.seats = seats;
        // A Joker the ruleset has not, and computers on a score pad, as the form allows them.
        if ruleset.extra_five_of_a_kind.is_none() {
            draft.joker = Joker::None;
        }
        if draft.mode == DiceMode::Pad {
            draft.seats.iter_mut().for_each(|(_, computer)| *computer = None);
        }
        draft
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_reads_back_as_it_was_kept_and_bad_lines_leave_the_start() {
        let draft = SetupDraft {
            ruleset: RulesetId::Yam,
            joker: Joker::None,
            mode: DiceMode::App,
            in_columns: true,
            columns: vec![Column::Up, Column::Down],
            seats: vec![
                ("Anna Maria".into(), None),
                (String::new(), Some(Level::Optimal)),
                ("Zoë".into(), None),
            ],
            bot_delay_ms: 250,
            table_name: "Cabin by the lake".into(),
            house: HouseRules {
                first_roll_bonus: 10,
                first_roll_wins: false,
                double: true,
                ace_after_six: true,
            },
            upper_bonus: Some(UpperBonus {
                threshold: 75,
                points: 50,
            }),
        };
        assert_eq!(SetupDraft::read(&draft.to_text()), draft);
        assert_eq!(SetupDraft::read(""), SetupDraft::default());
        let odd = SetupDraft::read(
            "rules chess\njoker forced\ndice cup\npace x\ncolumns down,sideways\nseat genius Ben\n",
        );
        assert_eq!(odd.ruleset, RulesetId::Yahtzee);
        assert_eq!(odd.seats, vec![("Ben".to_string(), None)]);
        assert_eq!(odd.columns, Columns::USUAL.to_vec());
        let yatzy = SetupDraft::read("rules yatzy\njoker forced\ndice pad\nseat optimal Ben\n");
        assert_eq!((yatzy.joker, yatzy.seats[0].1), (Joker::None, None));
        let nine = "rules yahtzee\n".to_string() + &"seat human A\n".repeat(9);
        assert_eq!(
            SetupDraft::read(&nine).seats.len(),
            2,
            "more seats than the game takes: the start"
        );
    }
}
