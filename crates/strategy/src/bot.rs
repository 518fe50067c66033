//! Bots that play on a value table, and whole games simulated with them.
//!
//! One bot for every level: it takes the option the table rates best, after adding to each a random amount
//! up to `noise` points. On the optimal table with no noise it plays perfectly; on the myopic table it is the
//! casual player who only looks at the turn in hand; noise makes either beatable. All randomness comes from
//! a seeded generator, so a seed fixes every game.

use fivedice_rules::{DiceMode, DiceSource, Face, Game, GameError, Rules, RulesetId, Sheet};
use serde::{Deserialize, Serialize};

use crate::advice::{Advice, Choice};
use crate::odds::Odds;
use crate::playing::{self, PlayError};
use crate::table::{Spread, ValueTable};
use crate::winner::play_to_win;

/// SplitMix64: small, fast, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, without the bias of a plain remainder.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl DiceSource for Rng {
    fn roll_die(&mut self) -> Face {
        Face::ALL[self.below(6) as usize]
    }
}

/// The computer players a table can seat, strongest first: one type for the engine, the command line, the
/// app and its saves (which keep the id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Plays to finish first: every choice for the best chance to win against the other players' actual
    /// positions (assuming they play optimally).
    #[serde(rename = "win", alias = "winner")]
    Winner,
    /// Perfect solitaire play: the best expected final score.
    Optimal,
    /// Optimal play with up to 4 points of noise on each option: a strong player who slips (about 10 points a
    /// game below optimal, still well above casual).
    #[serde(alias = "noisy")]
    Strong,
    /// The most points from the turn in hand, blind to the rest of the sheet.
    #[serde(alias = "greedy")]
    Casual,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Winner, Level::Optimal, Level::Strong, Level::Casual];

    pub fn id(self) -> &'static str {
        match self {
            Level::Winner => "win",
            Level::Optimal => "optimal",
            Level::Strong => "strong",
            Level::Casual => "casual",
        }
    }

    /// The name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Level::Winner => "Winner",
            Level::Optimal => "Optimal",
            Level::Strong => "Strong",
            Level::Casual => "Casual",
        }
    }

    /// Whether this level plays on the optimal table (or else on the myopic one).
    pub fn looks_ahead(self) -> bool {
        self != Level::Casual
    }

    /// The most points of random noise added to each option's value.
    pub fn noise(self) -> f64 {
        match self {
            Level::Strong => 4.0,
            Level::Winner | Level::Optimal | Level::Casual => 0.0,
        }
    }

    /// The table this level plays on: the optimal one (solved), or the myopic one.
    pub fn table(self, rules: Rules) -> ValueTable {
        match self.looks_ahead() {
            true => ValueTable::solve(rules),
            false => ValueTable::myopic(rules),
        }
    }

    /// The mean final score of a solitaire game at this level, from simulation: `fivedice simulate --games
    /// 20000 --seed 7` (standard errors 0.26 to 0.42); the rules' default options. Yardzee plays exactly as
    /// Yahtzee. The Winner's, which gives up points to beat the others, against one Optimal player:
    /// `fivedice simulate --players win,optimal` (yahtzee 40,000 games, seed 2026; the others 4,000, seed 7).
    /// None for Maxi Yatzy, whose players are estimates ([`crate::MaxiBot`]).
    pub fn mean_score(self, ruleset: RulesetId) -> Option<f64> {
        let [winner, optimal, strong, casual] = match ruleset {
            RulesetId::Yahtzee | RulesetId::Yardzee => [248.3, 254.4, 244.8, 217.3],
            RulesetId::Yam => [197.1, 198.7, 187.3, 175.3],
            RulesetId::Yatzy => [245.7, 248.1, 233.9, 200.6],
            RulesetId::Yacht => [164.1, 166.8, 154.9, 152.3],
            // In order, the turn in hand is all there is to play for: the casual player plays perfectly.
            RulesetId::ForcedYatzy => [122.3, 122.5, 108.8, 122.5],
            // Alone, a generala on the first roll wins nothing: it scores its 50 (the Winner's mean is a table's).
            RulesetId::Generala => [154.3, 159.7, 148.9, 146.2],
            RulesetId::MaxiYatzy => return None,
        };
        Some(match self {
            Level::Winner => winner,
            Level::Optimal => optimal,
            Level::Strong => strong,
            Level::Casual => casual,
        })
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    /// Reads an id; the command line's earlier names `noisy` and `greedy` still work.
    fn from_str(id: &str) -> Result<Level, String> {
        match id {
            "noisy" => return Ok(Level::Strong),
            "greedy" => return Ok(Level::Casual),
            _ => {}
        }
        Level::ALL
            .into_iter()
            .find(|level| level.id() == id)
            .ok_or_else(|| {
                let known: Vec<&str> = Level::ALL.iter().map(|level| level.id()).collect();
                format!("unknown bot {id:?} (known: {})", known.join(", "))
            })
    }
}

/// A player that follows a value table, perturbed by up to `noise` points per option.
pub struct Bot<'t> {
    table: &'t ValueTable,
    noise: f64,
    rng: Rng,
}

/// The option of highest value once up to `noise` random points are added to each (with no noise, the first
/// of the highest); none when there are no options.
pub(crate) fn pick<T>(options: impl IntoIterator<Item = (T, f64)>, noise: f64, rng: &mut Rng) -> Option<T> {
    let mut best: Option<(f64, T)> = None;
    for (choice, value) in options {
        let value = match noise {
            0.0 => value,
            _ => value + noise * rng.unit(),
        };
        if best.as_ref().is_none_or(|(top, _)| value > *top) {
            best = Some((value, choice));
        }
    }
    best.map(|(_, choice)| choice)
}

impl<'t> Bot<'t> {
    pub fn new(table: &'t ValueTable, noise: f64, seed: u64) -> Bot<'t> {
        Bot {
            table,
            noise,
            rng: Rng::new(seed),
        }
    }

    /// The option this bot takes.
    pub fn choose(&mut self, advice: &Advice) -> Choice {
        let rated = advice
            .options
            .iter()
            .map(|rated| (rated.choice, rated.expected_remaining));
        pick(rated, self.noise, &mut self.rng).unwrap_or(advice.best().choice)
    }

    /// Plays the current player's turn of `game` with dice from `dice`, to the cell written.
    pub fn play_turn(&mut self, game: &mut Game, dice: &mut impl DiceSource) -> Result<(), PlayError> {
        let sheet: Sheet = game.sheets()[game.current_seat()].clone();
        let turn = self.table.turn(&sheet)?;
        playing::play_turn(game, dice, |game| {
            let rolled = game.turn().dice.ok_or(GameError::NotRolled)?;
            let advice = turn.advise(rolled.counts(), game.rolls_left())?;
            Ok(self.choose(&advice).into())
        })
    }
}

/// What many games of one bot scored.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub mean: f64,
    pub standard_deviation: f64,
    /// The standard deviation of the mean.
    pub standard_error: f64,
    pub min: u16,
    pub max: u16,
    /// The share of games that earned the upper bonus.
    pub upper_bonus_rate: f64,
    /// Games by score, in bins of `HISTOGRAM_BIN` points: (lowest score of the bin, games).
    pub histogram: Vec<(u16, usize)>,
}

pub const HISTOGRAM_BIN: u16 = 25;

/// Plays `games` solitaire games with a bot on `table`; the dice and the bot's noise both follow `seed`.
pub fn simulate(table: &ValueTable, noise: f64, games: usize, seed: u64) -> Result<Summary, PlayError> {
    let mut dice = Rng::new(seed);
    let mut bot = Bot::new(table, noise, seed ^ 0xB07_B07);
    let mut scores = Vec::with_capacity(games);
    let mut upper_bonuses = 0;
    for _ in 0..games {
        let mut game =
            Game::new(table.rules(), DiceMode::App, &["bot"], 0).expect("one player suits every ruleset");
        while !game.is_over() {
            bot.play_turn(&mut game, &mut dice)?;
        }
        let totals = game.totals(0).expect("seat 0 plays");
        upper_bonuses += usize::from(totals.bonus > 0);
        scores.push(totals.grand);
    }
    Ok(summarise(&scores, upper_bonuses, games))
}

/// The summary of these scores, with `upper_bonuses` earned in `chances` upper sections.
/// Plays `games` solitaire games of `rules`, each turn as `play_turn` plays it with dice following `seed`; the
/// upper-bonus rate is per column.
pub(crate) fn solitaire_games(
    rules: Rules,
    games: usize,
    seed: u64,
    mut play_turn: impl FnMut(&mut Game, &mut Rng) -> Result<(), PlayError>,
) -> Result<Summary, PlayError> {
    let mut dice = Rng::new(seed);
    let mut scores = Vec::with_capacity(games);
    let mut upper_bonuses = 0;
    for _ in 0..games {
        let mut game = Game::new(rules, DiceMode::App, &["bot"], 0).expect("one player suits every ruleset");
        while !game.is_over() {
            play_turn(&mut game, &mut dice)?;
        }
        for &column in rules.columns().as_slice() {
            let earned = game
                .column_totals(0, column)
                .is_some_and(|totals| totals.bonus > 0);
            upper_bonuses += usize::from(earned);
        }
        scores.push(game.totals(0).map_or(0, |totals| totals.grand));
    }
    Ok(summarise(&scores, upper_bonuses, games * rules.columns().len()))
}

pub(crate) fn summarise(scores: &[u16], upper_bonuses: usize, chances: usize) -> Summary {
    let games = scores.len();
    let count = games.max(1) as f64;
    let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / count;
    let squares = scores.iter().map(|&s| (f64::from(s) - mean).powi(2)).sum::<f64>();
    let standard_deviation = (squares / (count - 1.0).max(1.0)).sqrt();
    let mut histogram: Vec<(u16, usize)> = Vec::new();
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    for score in &sorted {
        let bin = score / HISTOGRAM_BIN * HISTOGRAM_BIN;
        match histogram.last_mut() {
            Some((last, games)) if *last == bin => *games += 1,
            _ => histogram.push((bin, 1)),
        }
    }
    Summary {
        games,
        mean,
        standard_deviation,
        standard_error: standard_deviation / count.sqrt(),
        min: sorted.first().copied().unwrap_or(0),
        max: sorted.last().copied().unwrap_or(0),
        upper_bonus_rate: upper_bonuses as f64 / chances.max(1) as f64,
        histogram,
    }
}

/// What one seat of a table of computer players did over many games.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    pub level: Level,
    /// Games won, a tie counting as a share.
    pub wins: f64,
    pub mean: f64,
    pub standard_deviation: f64,
}

/// Plays `games` games of a table of computer players, one seat per level in `seats`, on the optimal `table`
/// of their rules. The first to play moves one seat on each game so that no seat is favoured; the dice and
/// every bot's noise follow `seed`.
pub fn simulate_table(
    table: &ValueTable,
    seats: &[Level],
    games: usize,
    seed: u64,
) -> Result<Vec<SeatSummary>, PlayError> {
    let rules = table.rules();
    let myopic = ValueTable::myopic(rules);
    let spread = seats.contains(&Level::Winner).then(|| Spread::build(table));
    let mut odds = spread.as_ref().map(|spread| Odds::new(table, spread));
    let mut bots: Vec<Bot> = (seats.iter().enumerate())
        .map(|(seat, level)| {
            let table = if level.looks_ahead() { table } else { &myopic };
            Bot::new(table, level.noise(), seed ^ (0xB07 + seat as u64))
        })
        .collect();
    let names: Vec<String> = (1..=seats.len()).map(|seat| format!("seat {seat}")).collect();
    let mut dice = Rng::new(seed);
    let mut wins = vec![0.0; seats.len()];
    let mut scores: Vec<Vec<u16>> = vec![Vec::with_capacity(games); seats.len()];
    for played in 0..games {
        let first = played % seats.len();
        let mut game = Game::new(rules, DiceMode::App, &names, first)
            .map_err(|error| PlayError::Setup(error.to_string()))?;
        while !game.is_over() {
            let seat = game.current_seat();
            match (seats[seat], odds.as_mut()) {
                (Level::Winner, Some(odds)) => play_to_win(odds, &mut game, &mut dice)?,
                _ => bots[seat].play_turn(&mut game, &mut dice)?,
            }
        }
        let totals: Vec<u16> = (0..seats.len())
            .map(|seat| game.totals(seat).map_or(0, |totals| totals.grand))
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let tied = totals.iter().filter(|&&total| total == best).count() as f64;
        for (seat, &total) in totals.iter().enumerate() {
            if total == best {
                wins[seat] += 1.0 / tied;
            }
            scores[seat].push(total);
        }
    }
    Ok((seats.iter().zip(wins).zip(&scores))
        .map(|((&level, wins), scores)| {
            let summary = summarise(scores, 0, games);
            SeatSummary {
                level,
                wins,
                mean: summary.mean,
                standard_deviation: summary.standard_deviation,
            }
        })
        .collect())
}
