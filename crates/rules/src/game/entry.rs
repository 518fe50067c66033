//! What a game's log holds and says: each box written (an [`Entry`]), what writing one now would do (a
//! [`Preview`]), and the standings.

use serde::{Deserialize, Serialize};

use super::Turn;
use crate::category::Category;
use crate::column::{Column, Place};

/// What writing a cell now would do, asked before the player commits to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preview {
    /// The dice on the table score this (app dice, or dice entered on a score pad).
    Scores(u16),
    /// Score pad without dice: the player writes one of the values the cell can hold.
    Write,
}

/// One cell written: what went where, and the turn as it stood, so it can be taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The column written in (a plain sheet's one column is the free column, left out of saves).
    #[serde(default, skip_serializing_if = "Column::is_free")]
    pub column: Column,
    pub category: Category,
    pub points: u16,
    /// Whether this entry also earned the five-of-a-kind bonus.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bonus: bool,
    /// Whether the box was made on the turn's first roll, where the rules pay for that (Generala's "servida").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub first_roll: bool,
    pub turn: Turn,
}

impl Entry {
    /// The box this entry wrote.
    pub fn place(&self) -> Place {
        Place::new(self.column, self.category)
    }
}

/// A player's place in the final (or current) standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// 1 for the best total; tied players share a rank (1, 1, 3).
    pub rank: usize,
    pub seat: usize,
    pub total: u16,
    pub winner: bool,
}
