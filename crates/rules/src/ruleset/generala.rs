//! Generala, as Latin America plays it, and its sheets for each table's house rules.

use super::*;

/// Generala's boxes: the upper six, then straight, full, poker and generala; the double generala after them
/// where the table plays it.
const fn generala_cells(straight: Pattern) -> [Cell; 11] {
    [
        ONES,
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        lower(Straight, Label::Straight, straight, Fixed(20)),
        lower(
            FullHouse,
            Label::FullHouse,
            Pattern::FullHouse { five_equal: false },
            Fixed(30),
        ),
        lower(
            FourOfAKind,
            Label::Poker,
            Pattern::OfAKind { count: 4 },
            Fixed(40),
        ),
        lower(
            Generala,
            Label::Generala,
            Pattern::OfAKind { count: 5 },
            Fixed(50),
        ),
        lower(
            DoubleGenerala,
            Label::DoubleGenerala,
            Pattern::OfAKind { count: 5 },
            Fixed(100),
        ),
    ]
}

const GENERALA_CELLS: [Cell; 11] = generala_cells(Pattern::Straights { ace_after_six: false });
const GENERALA_CELLS_ACE_AFTER_SIX: [Cell; 11] = generala_cells(Pattern::Straights { ace_after_six: true });

/// Generala, as Latin America plays it: no upper bonus; a straight, full or poker made on the turn's first
/// roll ("servida") earns a bonus, and a generala on it wins the game at once (the house rules choose).
pub static GENERALA: Ruleset = Ruleset {
    id: "generala",
    name: Label::Generala,
    upper_label: Label::UpperSection,
    lower_label: Label::LowerSection,
    dice: DICE,
    cells: &GENERALA_CELLS,
    upper_bonus: None,
    fills_in_order: false,
    saves_rolls: false,
    other_upper_bonuses: &[],
    extra_five_of_a_kind: None,
    first_roll: Some(FirstRoll {
        bonus_cells: &[Straight, FullHouse, FourOfAKind],
    }),
    second_five_of_a_kind: Some(DoubleGenerala),
    cross_out_any_cell: false,
    plays_in_columns: false,
    min_players: 1,
    max_players: 8,
};

/// Generala's sheet as a table's house rules print it: with or without the double generala, with or without
/// 3-4-5-6-1 as a straight.
pub(crate) fn generala_sheet(double: bool, ace_after_six: bool) -> &'static Ruleset {
    static WITHOUT_DOUBLE: Ruleset = Ruleset {
        cells: GENERALA_CELLS.split_at(10).0,
        second_five_of_a_kind: None,
        ..GENERALA
    };
    static ACE_AFTER_SIX: Ruleset = Ruleset {
        cells: &GENERALA_CELLS_ACE_AFTER_SIX,
        ..GENERALA
    };
    static ACE_AFTER_SIX_WITHOUT_DOUBLE: Ruleset = Ruleset {
        cells: GENERALA_CELLS_ACE_AFTER_SIX.split_at(10).0,
        second_five_of_a_kind: None,
        ..GENERALA
    };
    match (double, ace_after_six) {
        (true, false) => &GENERALA,
        (false, false) => &WITHOUT_DOUBLE,
        (true, true) => &ACE_AFTER_SIX,
        (false, true) => &ACE_AFTER_SIX_WITHOUT_DOUBLE,
    }
}
