//! Scandinavian Yatzy, Forced Yatzy (its sheet filled top to bottom) and Maxi Yatzy (six dice).

use super::*;

const YATZY_CELLS: [Cell; 15] = [
    ONES,
    TWOS,
    THREES,
    FOURS,
    FIVES,
    SIXES,
    lower(
        OnePair,
        Label::OnePair,
        Pattern::OfAKind { count: 2 },
        MatchingDice,
    ),
    lower(TwoPairs, Label::TwoPairs, Pattern::TwoPairs, MatchingDice),
    lower(
        ThreeOfAKind,
        Label::ThreeOfAKind,
        Pattern::OfAKind { count: 3 },
        MatchingDice,
    ),
    lower(
        FourOfAKind,
        Label::FourOfAKind,
        Pattern::OfAKind { count: 4 },
        MatchingDice,
    ),
    lower(
        SmallStraight,
        Label::SmallStraight,
        Pattern::Straight { lowest: 1 },
        Fixed(15),
    ),
    lower(
        LargeStraight,
        Label::LargeStraight,
        Pattern::Straight { lowest: 2 },
        Fixed(20),
    ),
    lower(
        FullHouse,
        Label::FullHouse,
        Pattern::FullHouse { five_equal: false },
        AllDice,
    ),
    lower(Chance, Label::Chance, Pattern::Any, AllDice),
    lower(Yatzy, Label::Yatzy, Pattern::OfAKind { count: 5 }, Fixed(50)),
];

/// Scandinavian Yatzy: pairs, matching-dice sums and a 50-point upper bonus.
pub static YATZY: Ruleset = Ruleset {
    id: "yatzy",
    name: Label::Yatzy,
    upper_label: Label::UpperSection,
    lower_label: Label::LowerSection,
    dice: DICE,
    cells: &YATZY_CELLS,
    upper_bonus: Some(UpperBonus {
        threshold: 63,
        points: 50,
    }),
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

/// Forced Yatzy ("tvungen Yatzy"): Yatzy's sheet, filled top to bottom, one box a turn, for everyone.
pub static FORCED_YATZY: Ruleset = Ruleset {
    id: "forced-yatzy",
    name: Label::ForcedYatzy,
    fills_in_order: true,
    ..YATZY
};

/// The smaller bonus some Swedish Maxi Yatzy sheets print.
const MAXI_YATZY_50_AT_75: UpperBonus = UpperBonus {
    threshold: 75,
    points: 50,
};

/// Maxi Yatzy: six dice, twenty boxes, a 100-point bonus at 84 (or 50 at 75 where the table plays it), and the rolls a turn does not use saved for
/// that player's later turns.
pub static MAXI_YATZY: Ruleset = Ruleset {
    id: "maxi-yatzy",
    name: Label::MaxiYatzy,
    upper_label: Label::UpperSection,
    lower_label: Label::LowerSection,
    dice: MAX_DICE,
    cells: &[
        ONES,
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        YATZY_CELLS[6],
        YATZY_CELLS[7],
        lower(ThreePairs, Label::ThreePairs, Pattern::ThreePairs, MatchingDice),
        YATZY_CELLS[8],
        YATZY_CELLS[9],
        lower(
            FiveOfAKind,
            Label::FiveOfAKind,
            Pattern::OfAKind { count: 5 },
            MatchingDice,
        ),
        YATZY_CELLS[10],
        YATZY_CELLS[11],
        lower(
            FullStraight,
            Label::FullStraight,
            Pattern::Run { length: 6 },
            Fixed(21),
        ),
        lower(
            FullHouse,
            Label::FullHouse,
            Pattern::Groups {
                larger: 3,
                smaller: 2,
            },
            MatchingDice,
        ),
        lower(
            Villa,
            Label::Villa,
            Pattern::Groups {
                larger: 3,
                smaller: 3,
            },
            MatchingDice,
        ),
        lower(
            Tower,
            Label::Tower,
            Pattern::Groups {
                larger: 4,
                smaller: 2,
            },
            MatchingDice,
        ),
        YATZY_CELLS[13],
        lower(
            MaxiYatzy,
            Label::MaxiYatzy,
            Pattern::OfAKind { count: 6 },
            Fixed(100),
        ),
    ],
    upper_bonus: Some(UpperBonus {
        threshold: 84,
        points: 100,
    }),
    fills_in_order: false,
    saves_rolls: true,
    other_upper_bonuses: &[MAXI_YATZY_50_AT_75],
    extra_five_of_a_kind: None,
    first_roll: None,
    second_five_of_a_kind: None,
    cross_out_any_cell: false,
    plays_in_columns: false,
    min_players: 1,
    max_players: 8,
};

/// The sheet of these rules with another of its upper bonuses (Maxi Yatzy's 50 at 75).
pub(crate) fn with_upper_bonus(ruleset: &'static Ruleset, bonus: UpperBonus) -> &'static Ruleset {
    static MAXI_YATZY_SMALL_BONUS: Ruleset = Ruleset {
        upper_bonus: Some(MAXI_YATZY_50_AT_75),
        ..MAXI_YATZY
    };
    match (ruleset.id, bonus) {
        ("maxi-yatzy", MAXI_YATZY_50_AT_75) => &MAXI_YATZY_SMALL_BONUS,
        _ => ruleset,
    }
}
