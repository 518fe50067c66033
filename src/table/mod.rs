//! A table: one game with its name, its dice and its roll for the first player, the computer players and the
//! coach's record. [`saved`] holds the forms it is kept in (versioned, migrated when read), with the history of
//! finished games and the export file.

pub mod online;
pub mod saved;

use fivedice_rules::{Category, Dice, DiceMode, FirstPlayerRoll, Game, Move, Rules, SetupError};
// The saved form holds the engine's own types (stable, by id), never the worker's messages.
use fivedice_strategy::{Level, Verdict};
use serde::{Deserialize, Serialize};

use crate::dice_generator::DiceGenerator;

pub use saved::{Bundle, FinishedGame, MergeSummary};

/// How long a computer player waits between its moves unless the table says otherwise.
pub const DEFAULT_BOT_DELAY_MS: u32 = 700;

fn default_bot_delay_ms() -> u32 {
    DEFAULT_BOT_DELAY_MS
}

/// A new table as the setup screen or the launch address asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameRequest {
    pub rules: Rules,
    pub mode: DiceMode,
    pub players: Vec<String>,
    pub seed: Option<u64>,
    /// Each seat's computer player, `None` for a person (computer players need the app's dice).
    pub computer: Vec<Option<Level>>,
    pub bot_delay_ms: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub id: String,
    /// The "room": defaults to the date.
    pub name: String,
    /// Milliseconds since 1970, from the browser clock.
    pub created_ms: f64,
    pub updated_ms: f64,
    /// How many times this table was saved: another tab holding an older revision must not overwrite it.
    /// (Format 1 had no count: such a table counts from 0.)
    #[serde(default)]
    pub revision: u64,
    pub game: Game,
    pub dice: DiceGenerator,
    pub first_player_roll: FirstPlayerRoll,
    /// Each seat's computer player, `None` (or no entry) for a person. (Before format 3: people only.)
    #[serde(default)]
    pub computer: Vec<Option<Level>>,
    /// How long a computer player waits between its moves, so the table can follow (0: at once).
    #[serde(default = "default_bot_delay_ms")]
    pub bot_delay_ms: u32,
    /// The seats whose player asked for the coach (after each decision: the points it gave up).
    #[serde(default)]
    pub coached: Vec<bool>,
    /// Every decision taken at this table with the dice on it, for the coach and the analysis after the game.
    #[serde(default)]
    pub decisions: Vec<Decision>,
}

/// One decision with the situation it was taken in: keep some dice and roll, or write the dice in a cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub seat: usize,
    /// How many cells the game's log held when it was taken (its round, and what undo takes back).
    pub entry: usize,
    /// The cells written on that player's sheet at the time.
    pub filled: Vec<(Category, u16)>,
    pub dice: Dice,
    pub rolls_left: u8,
    pub choice: Move,
    /// The engine's verdict, once asked: the best option and the expected points this one gave up against it.
    pub verdict: Option<Verdict>,
}

impl Decision {
    /// The decision a roll about to happen in this game stands for: keeping the held dice (none before the
    /// first roll).
    pub fn keep(game: &Game) -> Option<Decision> {
        let turn = game.turn();
        Decision::taken(game, turn.dice?, turn.kept()?)
    }

    /// The decision of writing the dice on the table in `category`.
    pub fn cell(game: &Game, category: Category) -> Option<Decision> {
        let dice = game.turn().dice?;
        Decision::taken(game, dice, Move::cell(category))
    }

    /// The decision as the engine weighs it, on a plain sheet (the one-sheet engine does not judge column Yam).
    fn taken(game: &Game, dice: Dice, choice: Move) -> Option<Decision> {
        if !game.rules().columns().is_one() {
            return None;
        }
        let seat = game.current_seat();
        Some(Decision {
            seat,
            entry: game.log().len(),
            filled: game.seat_sheets(seat).first()?.filled().collect(),
            dice,
            rolls_left: game.turn().rolls_left(),
            choice,
            verdict: None,
        })
    }
}

impl Table {
    /// Seats the players, rolls for who starts (with the table's own dice) and opens the game.
    pub fn new(name: String, request: &NewGameRequest, now_ms: f64) -> Result<Table, SetupError> {
        let NewGameRequest {
            rules,
            mode,
            players,
            seed,
            ..
        } = request;
        let (rules, mode, seed) = (*rules, *mode, *seed);
        // Checked before the roll-off so a bad table fails without using any dice.
        Game::new(rules, mode, players, 0)?;
        let mut dice = DiceGenerator::new(seed);
        let first_player_roll = FirstPlayerRoll::roll(players.len(), &mut dice);
        let game = Game::new(rules, mode, players, first_player_roll.first_seat)?;
        Ok(Table {
            id: format!(
                "{}-{}",
                now_ms as u64,
                seed.unwrap_or_else(|| u64::from(dice.face().value()))
            ),
            name,
            created_ms: now_ms,
            updated_ms: now_ms,
            revision: 0,
            game,
            dice,
            first_player_roll,
            computer: request.computer.clone(),
            bot_delay_ms: request.bot_delay_ms,
            coached: Vec::new(),
            decisions: Vec::new(),
        })
    }

    /// The same players, rules and computer players at a new table (the dice go on from where they are).
    pub fn rematch_request(&self) -> NewGameRequest {
        NewGameRequest {
            rules: self.game.rules(),
            mode: self.game.mode(),
            players: self.game.players().to_vec(),
            seed: self.dice.seed(),
            computer: self.computer.clone(),
            bot_delay_ms: self.bot_delay_ms,
        }
    }

    /// The decision a roll about to happen stands for: keeping the held dice (none before the first roll).
    pub fn keep_decision(&self) -> Option<Decision> {
        Decision::keep(&self.game)
    }

    /// The decision of writing the dice on the table in `category`.
    pub fn cell_decision(&self, category: Category) -> Option<Decision> {
        Decision::cell(&self.game, category)
    }

    /// After an undo: the decisions of the cells taken back go too (the keeps of the turn restored stay).
    pub fn forget_undone_decisions(&mut self) {
        let entries = self.game.log().len();
        self.decisions.retain(|decision| {
            decision.entry < entries
                || (decision.entry == entries && matches!(decision.choice, Move::Keep(_)))
        });
    }

    pub fn is_coached(&self, seat: usize) -> bool {
        self.coached.get(seat).copied().unwrap_or(false)
    }

    /// The computer player at this seat, if any (computer players need the app's dice).
    pub fn computer_at(&self, seat: usize) -> Option<Level> {
        let level = self.computer.get(seat).copied().flatten();
        level.filter(|_| self.game.mode() == DiceMode::App)
    }

    /// The computer player whose turn it is, while the game goes on.
    pub fn computer_to_play(&self) -> Option<Level> {
        self.computer_at(self.game.current_seat())
            .filter(|_| !self.game.is_over())
    }

    /// Whether the last cell written can be taken back now: the rules allow it, and a person wrote it (a
    /// computer player's cell is not anyone's to take back).
    pub fn can_undo(&self) -> bool {
        let log = self.game.log().len();
        self.game.can_undo()
            && self
                .computer_at(self.game.seat_of_entry(log.saturating_sub(1)))
                .is_none()
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use fivedice_rules::RulesetId;

    use super::*;

    /// A table request with people only, as the tests of the table, the storage and the store make them.
    pub fn request(rules: RulesetId, mode: DiceMode, players: &[&str], seed: Option<u64>) -> NewGameRequest {
        NewGameRequest {
            rules: Rules::new(rules),
            mode,
            players: players.iter().map(|name| name.to_string()).collect(),
            seed,
            computer: Vec::new(),
            bot_delay_ms: 0,
        }
    }
}
