//! Yacht, the 1938 game the others grew from.

use super::*;

/// Yacht, the 1938 game the others grew from: twelve boxes, no bonus, no Joker; a yacht is no full house.
pub static YACHT: Ruleset = Ruleset {
    id: "yacht",
    name: Label::Yacht,
    upper_label: Label::UpperSection,
    lower_label: Label::LowerSection,
    dice: DICE,
    cells: &[
        ONES,
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        lower(
            FullHouse,
            Label::FullHouse,
            Pattern::FullHouse { five_equal: false },
            AllDice,
        ),
        lower(
            FourOfAKind,
            Label::FourOfAKind,
            Pattern::OfAKind { count: 4 },
            MatchingDice,
        ),
        lower(
            LittleStraight,
            Label::LittleStraight,
            Pattern::Straight { lowest: 1 },
            Fixed(30),
        ),
        lower(
            BigStraight,
            Label::BigStraight,
            Pattern::Straight { lowest: 2 },
            Fixed(30),
        ),
        lower(Choice, Label::Choice, Pattern::Any, AllDice),
        lower(Yacht, Label::Yacht, Pattern::OfAKind { count: 5 }, Fixed(50)),
    ],
    upper_bonus: None,
    fills_in_order: false,
    saves_rolls: false,
    other_upper_bonuses: &[],
    extra_five_of_a_kind: None,
    first_roll: None,
    second_five_of_a_kind: None,
    cross_out_any_cell: false,
    plays_in_columns: false,
    min_players: 1,
    max_players: 8,
};
