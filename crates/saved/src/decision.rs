//! One decision taken at a table, with the situation it was taken in: what the coach judges and the analysis
//! after the game replays.

use fivedice_rules::{Category, Dice, Game, Move};
// The engine's own types (stable, by id), never the worker's messages.
use fivedice_strategy::Verdict;
use serde::{Deserialize, Serialize};

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
            // On a score pad, none: its box is chosen as after the last roll.
            rolls_left: game.rolls_left(),
            choice,
            verdict: None,
        })
    }
}
