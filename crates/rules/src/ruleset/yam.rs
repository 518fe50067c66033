//! The French Yam's pad.

use super::*;

/// The French pad: no Chance, fixed-value straights, and five equal faces count as any set.
pub static YAM: Ruleset = Ruleset {
    id: "yam",
    name: Label::Yam,
    upper_label: Label::UpperHalf,
    lower_label: Label::LowerHalf,
    dice: DICE,
    cells: &[
        ONES,
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        lower(
            ThreeOfAKind,
            Label::ThreeOfAKind,
            Pattern::OfAKind { count: 3 },
            AllDice,
        ),
        lower(
            SmallStraight,
            Label::SmallStraight,
            Pattern::Straight { lowest: 1 },
            Fixed(25),
        ),
        lower(
            LargeStraight,
            Label::LargeStraight,
            Pattern::Straight { lowest: 2 },
            Fixed(25),
        ),
        lower(
            FullHouse,
            Label::FullHouse,
            Pattern::FullHouse { five_equal: true },
            Fixed(30),
        ),
        lower(
            FourOfAKind,
            Label::FourOfAKind,
            Pattern::OfAKind { count: 4 },
            Fixed(40),
        ),
        lower(Yam, Label::Yam, Pattern::OfAKind { count: 5 }, Fixed(50)),
    ],
    upper_bonus: Some(UpperBonus {
        threshold: 63,
        points: 35,
    }),
    fills_in_order: false,
    saves_rolls: false,
    other_upper_bonuses: &[],
    extra_five_of_a_kind: None,
    first_roll: None,
    second_five_of_a_kind: None,
    cross_out_any_cell: true,
    plays_in_columns: true,
    min_players: 1,
    max_players: 6,
};
