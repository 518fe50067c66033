//! A player's decision within a turn, as the coach, the hints and the computer players speak of it.

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::dice::{DICE, Dice, Face};

/// Keep these dice and roll the rest, or write the dice on the table in a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// The faces kept, lowest first (all five: stop rolling).
    Keep(Vec<Face>),
    Cell(Category),
}

impl Move {
    /// Keeping these faces, in the order the move is written (lowest first).
    pub fn keep(faces: impl IntoIterator<Item = Face>) -> Move {
        let mut faces: Vec<Face> = faces.into_iter().collect();
        faces.sort_unstable();
        Move::Keep(faces)
    }

    /// Which dice of the tray this move holds: the kept ones, or all five when it writes a cell.
    pub fn holds(&self, dice: Dice) -> [bool; DICE] {
        match self {
            Move::Keep(faces) => dice.holds(faces),
            Move::Cell(_) => [true; DICE],
        }
    }

    /// A stable id for tools and tests: `keep:2,6,6` or `cell:sixes`.
    pub fn id(&self) -> String {
        match self {
            Move::Keep(faces) => {
                let faces: Vec<String> = faces.iter().map(Face::to_string).collect();
                format!("keep:{}", faces.join(","))
            }
            Move::Cell(category) => format!("cell:{}", category.id()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keep_holds_the_first_dice_of_each_kept_face() {
        let dice = Dice::from_values(&[6, 2, 6, 6, 2]).unwrap();
        let keep = Move::keep([
            Face::new(6).unwrap(),
            Face::new(2).unwrap(),
            Face::new(6).unwrap(),
        ]);
        assert_eq!(keep.holds(dice), [true, true, true, false, false]);
        assert_eq!(keep.id(), "keep:2,6,6");
        assert_eq!(Move::Cell(Category::Sixes).holds(dice), [true; DICE]);
        assert_eq!(Move::Cell(Category::Sixes).id(), "cell:sixes");
        let json = serde_json::to_string(&keep).unwrap();
        assert_eq!(json, r#"{"keep":[2,6,6]}"#);
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), keep);
    }
}
