//! The turn in play: the dice on the table, which are held, how many rolls were used, and (column Yam) the box
//! announced.

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::dice::{DICE, Dice, MAX_DICE};
use crate::moves::Move;

/// The turn in play: the dice on the table, which are held, and how many rolls were used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// `None` before the first roll (or, on a score pad, until dice are entered).
    pub dice: Option<Dice>,
    #[serde(with = "held_dice")]
    pub held: [bool; MAX_DICE],
    pub rolls_used: u8,
    /// Column Yam: the box of the announced column the player announced after the first roll; the turn
    /// ends there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announced: Option<Category>,
}

impl Turn {
    /// The faces of the held dice, as a keep (none before the first roll).
    pub fn kept(&self) -> Option<Move> {
        let dice = self.dice?;
        let faces = dice.faces().iter().zip(self.held);
        Some(Move::keep(faces.filter(|&(_, held)| held).map(|(&face, _)| face)))
    }
}

/// The held dice as saves write them: five entries, as before six dice, and a sixth where one is held.
mod held_dice {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DICE, MAX_DICE};

    pub fn serialize<S: Serializer>(held: &[bool; MAX_DICE], serializer: S) -> Result<S::Ok, S::Error> {
        let written = if held[DICE..].contains(&true) {
            MAX_DICE
        } else {
            DICE
        };
        held[..written].serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[bool; MAX_DICE], D::Error> {
        let written = Vec::<bool>::deserialize(deserializer)?;
        if !(DICE..=MAX_DICE).contains(&written.len()) {
            return Err(serde::de::Error::invalid_length(
                written.len(),
                &"five or six dice",
            ));
        }
        let mut held = [false; MAX_DICE];
        held[..written.len()].copy_from_slice(&written);
        Ok(held)
    }
}
