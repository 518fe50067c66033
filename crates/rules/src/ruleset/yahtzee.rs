//! Yahtzee's sheet, and Yardzee's: the same rules on the wedding sheet.

use super::*;

const YAHTZEE_CELLS: [Cell; 13] = [
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
        FourOfAKind,
        Label::FourOfAKind,
        Pattern::OfAKind { count: 4 },
        AllDice,
    ),
    lower(
        FullHouse,
        Label::FullHouse,
        Pattern::FullHouse { five_equal: false },
        Fixed(25),
    ),
    lower(
        SmallStraight,
        Label::SmallStraight,
        Pattern::Run { length: 4 },
        Fixed(30),
    ),
    lower(
        LargeStraight,
        Label::LargeStraight,
        Pattern::Run { length: 5 },
        Fixed(40),
    ),
    lower(Yahtzee, Label::Yahtzee, Pattern::OfAKind { count: 5 }, Fixed(50)),
    lower(Chance, Label::Chance, Pattern::Any, AllDice),
];

const YAHTZEE_EXTRA: ExtraFiveOfAKind = ExtraFiveOfAKind {
    bonus: 100,
    bonus_label: Label::YahtzeeBonus,
    bonus_mark: None,
    sheet_restricts_joker: true,
};

pub static YAHTZEE: Ruleset = Ruleset {
    id: "yahtzee",
    name: Label::Yahtzee,
    upper_label: Label::UpperSection,
    lower_label: Label::LowerSection,
    dice: DICE,
    cells: &YAHTZEE_CELLS,
    upper_bonus: Some(UpperBonus {
        threshold: 63,
        points: 35,
    }),
    fills_in_order: false,
    saves_rolls: false,
    other_upper_bonuses: &[],
    extra_five_of_a_kind: Some(YAHTZEE_EXTRA),
    first_roll: None,
    second_five_of_a_kind: None,
    cross_out_any_cell: false,
    plays_in_columns: false,
    min_players: 1,
    max_players: 8,
};

/// The Yahtzee rules on the wedding sheet: the words change, and its sheet sets no Joker restriction.
pub static YARDZEE: Ruleset = Ruleset {
    id: "yardzee",
    name: Label::Yardzee,
    upper_label: Label::WeddingParty,
    lower_label: Label::Celebration,
    cells: &[
        relabel(ONES, Label::OnesAces),
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        relabel(YAHTZEE_CELLS[6], Label::ThreeOfAKindShort),
        relabel(YAHTZEE_CELLS[7], Label::FourOfAKindShort),
        relabel(YAHTZEE_CELLS[8], Label::PerfectMatch),
        relabel(YAHTZEE_CELLS[9], Label::StraightTo),
        relabel(YAHTZEE_CELLS[10], Label::YesToIDo),
        relabel(YAHTZEE_CELLS[11], Label::Honeymoon),
        relabel(YAHTZEE_CELLS[12], Label::GiftTable),
    ],
    extra_five_of_a_kind: Some(ExtraFiveOfAKind {
        bonus_label: Label::HoneymoonBonus,
        bonus_mark: Some("♥"),
        sheet_restricts_joker: false,
        ..YAHTZEE_EXTRA
    }),
    ..YAHTZEE
};
