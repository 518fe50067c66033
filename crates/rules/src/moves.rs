//! A player's decision within a turn, as the coach, the hints and the computer players speak of it.

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::column::Place;
use crate::dice::{Dice, Face, MAX_DICE};

/// Keep these dice and roll the rest, write the dice on the table in a cell (a box of one column on a column
/// sheet), or announce the cell of the announced column the turn will end in.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// The faces kept, lowest first (all five: stop rolling).
    Keep(Vec<Face>),
    Cell(Place),
    Announce(Category),
}

impl Move {
    /// Keeping these faces, in the order the move is written (lowest first).
    pub fn keep(faces: impl IntoIterator<Item = Face>) -> Move {
        let mut count = [0usize; 6];
        faces.into_iter().for_each(|face| count[face.index()] += 1);
        let lowest_first = Face::ALL
            .into_iter()
            .flat_map(|face| std::iter::repeat_n(face, count[face.index()]));
        Move::Keep(lowest_first.collect())
    }

    /// Writing the dice in a cell of a plain sheet (its free-column box).
    pub fn cell(category: Category) -> Move {
        Move::Cell(category.into())
    }

    /// Which dice of the tray this move holds: the kept ones, or all five when it writes a cell or announces
    /// one (the dice stay as they lie until the player chooses again).
    pub fn holds(&self, dice: Dice) -> [bool; MAX_DICE] {
        match self {
            Move::Keep(faces) => dice.holds(faces),
            Move::Cell(_) | Move::Announce(_) => std::array::from_fn(|die| die < dice.count()),
        }
    }

    /// A stable id for tools and tests: `keep:2,6,6`, `cell:sixes` (a plain sheet's cell, or the free
    /// column's box), `cell:down:sixes`, or `announce:sixes`.
    pub fn id(&self) -> String {
        match self {
            Move::Keep(faces) => {
                let faces: Vec<String> = faces.iter().map(Face::to_string).collect();
                format!("keep:{}", faces.join(","))
            }
            Move::Cell(place) => format!("cell:{place}"),
            Move::Announce(category) => format!("announce:{}", category.id()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::column::Column;

    #[test]
    fn a_keep_holds_the_first_dice_of_each_kept_face() {
        let dice = Dice::from_values(&[6, 2, 6, 6, 2]).unwrap();
        let keep = Move::keep([
            Face::new(6).unwrap(),
            Face::new(2).unwrap(),
            Face::new(6).unwrap(),
        ]);
        assert_eq!(keep.holds(dice), [true, true, true, false, false, false]);
        assert_eq!(keep.id(), "keep:2,6,6");
        assert_eq!(
            Move::cell(Category::Sixes).holds(dice),
            [true, true, true, true, true, false]
        );
        assert_eq!(Move::cell(Category::Sixes).id(), "cell:sixes");
        let json = serde_json::to_string(&keep).unwrap();
        assert_eq!(json, r#"{"keep":[2,6,6]}"#);
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), keep);
    }

    /// A plain sheet's cell reads as it always did (saved decisions stay readable); a column's box and an
    /// announcement name their column and cell.
    #[test]
    fn cells_of_columns_and_announcements_have_their_own_ids() {
        let plain = Move::cell(Category::Sixes);
        assert_eq!(serde_json::to_string(&plain).unwrap(), r#"{"cell":"sixes"}"#);
        let down = Move::Cell(Place::new(Column::Down, Category::FullHouse));
        assert_eq!(down.id(), "cell:down:full_house");
        assert_eq!(Move::Announce(Category::Yam).id(), "announce:yam");
        for choice in [plain, down, Move::Announce(Category::Yam)] {
            let json = serde_json::to_string(&choice).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), choice);
        }
    }
}
