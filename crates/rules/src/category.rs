//! The cells of a score sheet, named by their stable ids.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A cell on a score sheet. Each ruleset uses its own subset; the ids are a public contract (UI hooks, CLI, saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Aces,
    Twos,
    Threes,
    Fours,
    Fives,
    Sixes,
    OnePair,
    TwoPairs,
    ThreeOfAKind,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Chance,
    Yahtzee,
    Yam,
    Yatzy,
    LittleStraight,
    BigStraight,
    Choice,
    Yacht,
    Straight,
    Generala,
    DoubleGenerala,
    ThreePairs,
    FiveOfAKind,
    FullStraight,
    Villa,
    Tower,
    MaxiYatzy,
}

impl Category {
    pub const ALL: [Category; 30] = [
        Category::Aces,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::OnePair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Chance,
        Category::Yahtzee,
        Category::Yam,
        Category::Yatzy,
        Category::LittleStraight,
        Category::BigStraight,
        Category::Choice,
        Category::Yacht,
        Category::Straight,
        Category::Generala,
        Category::DoubleGenerala,
        Category::ThreePairs,
        Category::FiveOfAKind,
        Category::FullStraight,
        Category::Villa,
        Category::Tower,
        Category::MaxiYatzy,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Category::Aces => "aces",
            Category::Twos => "twos",
            Category::Threes => "threes",
            Category::Fours => "fours",
            Category::Fives => "fives",
            Category::Sixes => "sixes",
            Category::OnePair => "one_pair",
            Category::TwoPairs => "two_pairs",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::FourOfAKind => "four_of_a_kind",
            Category::FullHouse => "full_house",
            Category::SmallStraight => "small_straight",
            Category::LargeStraight => "large_straight",
            Category::Chance => "chance",
            Category::Yahtzee => "yahtzee",
            Category::Yam => "yam",
            Category::Yatzy => "yatzy",
            Category::LittleStraight => "little_straight",
            Category::BigStraight => "big_straight",
            Category::Choice => "choice",
            Category::Yacht => "yacht",
            Category::Straight => "straight",
            Category::Generala => "generala",
            Category::DoubleGenerala => "double_generala",
            Category::ThreePairs => "three_pairs",
            Category::FiveOfAKind => "five_of_a_kind",
            Category::FullStraight => "full_straight",
            Category::Villa => "villa",
            Category::Tower => "tower",
            Category::MaxiYatzy => "maxi_yatzy",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that names no category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCategory(pub String);

impl fmt::Display for UnknownCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown cell {:?}", self.0)
    }
}

impl std::error::Error for UnknownCategory {}

impl FromStr for Category {
    type Err = UnknownCategory;
    /// A cell's id; the first row also answers to `ones`, as the sheets now label it (its id stays `aces`).
    fn from_str(id: &str) -> Result<Category, UnknownCategory> {
        if id == "ones" {
            return Ok(Category::Aces);
        }
        Category::ALL
            .into_iter()
            .find(|category| category.id() == id)
            .ok_or_else(|| UnknownCategory(id.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_parses_back_and_ones_is_the_first_row_too() {
        for category in Category::ALL {
            assert_eq!(category.id().parse(), Ok(category));
        }
        assert_eq!("ones".parse(), Ok(Category::Aces));
        assert_eq!(Category::Aces.id(), "aces", "the id is a public contract");
        assert!("one".parse::<Category>().is_err());
    }
}
