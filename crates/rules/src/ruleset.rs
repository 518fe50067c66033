//! The four rulesets as data: their cells in sheet order, labels, sections, bonuses and player limits.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::dice::Face;
use crate::pattern::{Pattern, Points};

/// Which ruleset a game is played under; the ids are a public contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesetId {
    Yahtzee,
    Yardzee,
    Yam,
    Yatzy,
}

impl RulesetId {
    pub const ALL: [RulesetId; 4] = [
        RulesetId::Yahtzee,
        RulesetId::Yardzee,
        RulesetId::Yam,
        RulesetId::Yatzy,
    ];

    pub fn id(self) -> &'static str {
        self.ruleset().id
    }

    pub fn ruleset(self) -> &'static Ruleset {
        match self {
            RulesetId::Yahtzee => &YAHTZEE,
            RulesetId::Yardzee => &YARDZEE,
            RulesetId::Yam => &YAM,
            RulesetId::Yatzy => &YATZY,
        }
    }
}

impl fmt::Display for RulesetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that names no ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset(pub String);

impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown ruleset {:?} (known: yahtzee, yardzee, yam, yatzy)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRuleset {}

impl FromStr for RulesetId {
    type Err = UnknownRuleset;
    fn from_str(id: &str) -> Result<RulesetId, UnknownRuleset> {
        RulesetId::ALL
            .into_iter()
            .find(|ruleset| ruleset.id() == id)
            .ok_or_else(|| UnknownRuleset(id.to_string()))
    }
}

/// The two halves of a sheet; the upper one earns the upper bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    Upper,
    Lower,
}

/// One cell of a ruleset's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    #[serde(rename = "id")]
    pub category: Category,
    pub section: Section,
    pub label: &'static str,
    /// The label on the French pad, where the ruleset has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_fr: Option<&'static str>,
    pub pattern: Pattern,
    pub points: Points,
}

/// Points added once when the upper section reaches a threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UpperBonus {
    pub threshold: u16,
    pub points: u16,
}

/// The Yahtzee family's extra rules for a second five-of-a-kind: the bonus and the Joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExtraFiveOfAKind {
    /// Points for each further five-of-a-kind while the five-of-a-kind cell holds its full value.
    pub bonus: u16,
    pub bonus_label: &'static str,
    /// How the sheet marks each bonus, where it has a mark of its own (the Yardzee ♥).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_mark: Option<&'static str>,
}

/// A ruleset: a score sheet as data.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Ruleset {
    pub id: &'static str,
    pub name: &'static str,
    pub upper_label: &'static str,
    pub lower_label: &'static str,
    /// The cells in sheet order, upper section first.
    pub cells: &'static [Cell],
    pub upper_bonus: UpperBonus,
    /// Where the ruleset has the Yahtzee bonus and Joker options.
    pub extra_five_of_a_kind: Option<ExtraFiveOfAKind>,
    pub min_players: usize,
    pub max_players: usize,
}

impl Ruleset {
    pub fn cell(&self, category: Category) -> Option<&'static Cell> {
        self.cells.iter().find(|cell| cell.category == category)
    }

    pub fn has(&self, category: Category) -> bool {
        self.cell(category).is_some()
    }

    pub fn cells_in(&self, section: Section) -> impl Iterator<Item = &'static Cell> + use<> {
        self.cells.iter().filter(move |cell| cell.section == section)
    }

    /// The cell for five equal faces (Yahtzee, Yam, Yatzy).
    pub fn five_of_a_kind_cell(&self) -> Category {
        self.cells
            .iter()
            .find(|cell| cell.pattern == Pattern::OfAKind { count: 5 })
            .map(|cell| cell.category)
            .expect("every ruleset has a five-of-a-kind cell")
    }

    /// The upper cell that counts `face`.
    pub fn upper_cell(&self, face: Face) -> Category {
        self.cells
            .iter()
            .find(|cell| cell.pattern == Pattern::Face { face })
            .map(|cell| cell.category)
            .expect("every ruleset has a cell for each face")
    }
}

const fn cell(
    category: Category,
    section: Section,
    label: &'static str,
    pattern: Pattern,
    points: Points,
) -> Cell {
    Cell {
        category,
        section,
        label,
        label_fr: None,
        pattern,
        points,
    }
}

const fn upper(category: Category, label: &'static str, face: u8) -> Cell {
    cell(
        category,
        Section::Upper,
        label,
        Pattern::Face {
            face: Face::ALL[face as usize - 1],
        },
        Points::MatchingDice,
    )
}

const fn lower(category: Category, label: &'static str, pattern: Pattern, points: Points) -> Cell {
    cell(category, Section::Lower, label, pattern, points)
}

const fn french(cell: Cell, label_fr: &'static str) -> Cell {
    Cell {
        label_fr: Some(label_fr),
        ..cell
    }
}

const fn relabel(cell: Cell, label: &'static str) -> Cell {
    Cell { label, ..cell }
}

use Category::*;
use Points::*;

const ACES: Cell = upper(Aces, "Aces", 1);
const TWOS: Cell = upper(Twos, "Twos", 2);
const THREES: Cell = upper(Threes, "Threes", 3);
const FOURS: Cell = upper(Fours, "Fours", 4);
const FIVES: Cell = upper(Fives, "Fives", 5);
const SIXES: Cell = upper(Sixes, "Sixes", 6);

const YAHTZEE_CELLS: [Cell; 13] = [
    ACES,
    TWOS,
    THREES,
    FOURS,
    FIVES,
    SIXES,
    lower(
        ThreeOfAKind,
        "Three of a kind",
        Pattern::OfAKind { count: 3 },
        AllDice,
    ),
    lower(
        FourOfAKind,
        "Four of a kind",
        Pattern::OfAKind { count: 4 },
        AllDice,
    ),
    lower(
        FullHouse,
        "Full house",
        Pattern::FullHouse { five_equal: false },
        Fixed(25),
    ),
    lower(
        SmallStraight,
        "Small straight",
        Pattern::Run { length: 4 },
        Fixed(30),
    ),
    lower(
        LargeStraight,
        "Large straight",
        Pattern::Run { length: 5 },
        Fixed(40),
    ),
    lower(Yahtzee, "Yahtzee", Pattern::OfAKind { count: 5 }, Fixed(50)),
    lower(Chance, "Chance", Pattern::Any, AllDice),
];

const YAHTZEE_EXTRA: ExtraFiveOfAKind = ExtraFiveOfAKind {
    bonus: 100,
    bonus_label: "Yahtzee bonus",
    bonus_mark: None,
};

pub static YAHTZEE: Ruleset = Ruleset {
    id: "yahtzee",
    name: "Yahtzee",
    upper_label: "Upper section",
    lower_label: "Lower section",
    cells: &YAHTZEE_CELLS,
    upper_bonus: UpperBonus {
        threshold: 63,
        points: 35,
    },
    extra_five_of_a_kind: Some(YAHTZEE_EXTRA),
    min_players: 1,
    max_players: 8,
};

/// The Yahtzee rules on the wedding sheet: only the words change.
pub static YARDZEE: Ruleset = Ruleset {
    id: "yardzee",
    name: "Yardzee",
    upper_label: "The Wedding Party",
    lower_label: "The Celebration",
    cells: &[
        ACES,
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        relabel(YAHTZEE_CELLS[6], "3 of a Kind"),
        relabel(YAHTZEE_CELLS[7], "4 of a Kind"),
        relabel(YAHTZEE_CELLS[8], "The Perfect Match"),
        relabel(YAHTZEE_CELLS[9], "Straight to the ?"),
        relabel(YAHTZEE_CELLS[10], "From \"Yes\" to \"I Do\""),
        relabel(YAHTZEE_CELLS[11], "Honeymoon!"),
        relabel(YAHTZEE_CELLS[12], "Gift Table"),
    ],
    extra_five_of_a_kind: Some(ExtraFiveOfAKind {
        bonus_label: "Honeymoon Bonus ♥",
        bonus_mark: Some("♥"),
        ..YAHTZEE_EXTRA
    }),
    ..YAHTZEE
};

/// The French pad: no Chance, fixed-value straights, and five equal faces count as any set.
pub static YAM: Ruleset = Ruleset {
    id: "yam",
    name: "Yam",
    upper_label: "Upper section (partie haute)",
    lower_label: "Lower section (partie basse)",
    cells: &[
        french(ACES, "As"),
        french(TWOS, "Deux"),
        french(THREES, "Trois"),
        french(FOURS, "Quatre"),
        french(FIVES, "Cinq"),
        french(SIXES, "Six"),
        french(
            lower(
                ThreeOfAKind,
                "Three of a kind",
                Pattern::OfAKind { count: 3 },
                AllDice,
            ),
            "Brelan",
        ),
        french(
            lower(
                SmallStraight,
                "Small straight",
                Pattern::Straight { lowest: 1 },
                Fixed(25),
            ),
            "Petite suite",
        ),
        french(
            lower(
                LargeStraight,
                "Large straight",
                Pattern::Straight { lowest: 2 },
                Fixed(25),
            ),
            "Grande suite",
        ),
        french(
            lower(
                FullHouse,
                "Full house",
                Pattern::FullHouse { five_equal: true },
                Fixed(30),
            ),
            "Full",
        ),
        french(
            lower(
                FourOfAKind,
                "Four of a kind",
                Pattern::OfAKind { count: 4 },
                Fixed(40),
            ),
            "Carré",
        ),
        french(lower(Yam, "Yam", Pattern::OfAKind { count: 5 }, Fixed(50)), "Yam"),
    ],
    upper_bonus: UpperBonus {
        threshold: 63,
        points: 35,
    },
    extra_five_of_a_kind: None,
    min_players: 1,
    max_players: 6,
};

/// Scandinavian Yatzy: pairs, matching-dice sums and a 50-point upper bonus.
pub static YATZY: Ruleset = Ruleset {
    id: "yatzy",
    name: "Yatzy",
    upper_label: "Upper section",
    lower_label: "Lower section",
    cells: &[
        relabel(ACES, "Ones"),
        TWOS,
        THREES,
        FOURS,
        FIVES,
        SIXES,
        lower(OnePair, "One pair", Pattern::OfAKind { count: 2 }, MatchingDice),
        lower(TwoPairs, "Two pairs", Pattern::TwoPairs, MatchingDice),
        lower(
            ThreeOfAKind,
            "Three of a kind",
            Pattern::OfAKind { count: 3 },
            MatchingDice,
        ),
        lower(
            FourOfAKind,
            "Four of a kind",
            Pattern::OfAKind { count: 4 },
            MatchingDice,
        ),
        lower(
            SmallStraight,
            "Small straight",
            Pattern::Straight { lowest: 1 },
            Fixed(15),
        ),
        lower(
            LargeStraight,
            "Large straight",
            Pattern::Straight { lowest: 2 },
            Fixed(20),
        ),
        lower(
            FullHouse,
            "Full house",
            Pattern::FullHouse { five_equal: false },
            AllDice,
        ),
        lower(Chance, "Chance", Pattern::Any, AllDice),
        lower(Yatzy, "Yatzy", Pattern::OfAKind { count: 5 }, Fixed(50)),
    ],
    upper_bonus: UpperBonus {
        threshold: 63,
        points: 50,
    },
    extra_five_of_a_kind: None,
    min_players: 1,
    max_players: 8,
};
