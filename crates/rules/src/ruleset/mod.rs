//! The rulesets as data: their cells in sheet order, labels, sections, bonuses, order and player limits. Each
//! game's sheet is a file of its own.

mod generala;
mod yacht;
mod yahtzee;
mod yam;
mod yatzy;

pub use generala::GENERALA;
pub(crate) use generala::generala_sheet;
pub use yacht::YACHT;
pub use yahtzee::{YAHTZEE, YARDZEE};
pub use yam::YAM;
pub(crate) use yatzy::with_upper_bonus;
pub use yatzy::{FORCED_YATZY, MAXI_YATZY, YATZY};

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::dice::{DICE, Face, MAX_DICE};
use crate::label::Label;
use crate::pattern::{Pattern, Points};

/// Which ruleset a game is played under; the ids are a public contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesetId {
    Yahtzee,
    Yardzee,
    Yam,
    Yatzy,
    Yacht,
    #[serde(rename = "forced-yatzy")]
    ForcedYatzy,
    Generala,
    #[serde(rename = "maxi-yatzy")]
    MaxiYatzy,
}

impl RulesetId {
    pub const ALL: [RulesetId; 8] = [
        RulesetId::Yahtzee,
        RulesetId::Yardzee,
        RulesetId::Yam,
        RulesetId::Yatzy,
        RulesetId::Yacht,
        RulesetId::ForcedYatzy,
        RulesetId::Generala,
        RulesetId::MaxiYatzy,
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
            RulesetId::Yacht => &YACHT,
            RulesetId::ForcedYatzy => &FORCED_YATZY,
            RulesetId::Generala => &GENERALA,
            RulesetId::MaxiYatzy => &MAXI_YATZY,
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
        write!(f, "unknown ruleset {:?} (known:", self.0)?;
        for (i, ruleset) in RulesetId::ALL.into_iter().enumerate() {
            write!(f, "{}{ruleset}", if i == 0 { " " } else { ", " })?;
        }
        f.write_str(")")
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
    #[serde(flatten)]
    pub label: Label,
    pub pattern: Pattern,
    pub points: Points,
}

/// Points added once when the upper section reaches a threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UpperBonus {
    pub threshold: u16,
    pub points: u16,
}

impl UpperBonus {
    /// How many dice of each face make the threshold exactly, where some number does: three of each make 63,
    /// four make Maxi Yatzy's 84; none make its 75.
    pub fn dice_of_each_face(&self) -> Option<u16> {
        self.threshold.is_multiple_of(21).then_some(self.threshold / 21)
    }

    /// How it reads in an address and on the command line: `100at84`.
    pub fn id(&self) -> String {
        format!("{}at{}", self.points, self.threshold)
    }

    /// No bonus: nothing to reach and nothing earned, how the engine reads a sheet without one.
    pub const NONE: UpperBonus = UpperBonus {
        threshold: 0,
        points: 0,
    };
}

/// The Yahtzee family's extra rules for a second five-of-a-kind: the bonus and the Joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraFiveOfAKind {
    /// Points for each further five-of-a-kind while the five-of-a-kind cell holds its full value.
    pub bonus: u16,
    pub bonus_label: Label,
    /// How the sheet marks each bonus, where it has a mark of its own (the Yardzee ♥).
    pub bonus_mark: Option<&'static str>,
    /// Whether the ruleset's own sheet restricts where a further five-of-a-kind goes (the official Yahtzee
    /// rule does; the Yardzee sheet does not). The table's choice, offered at setup, starts from this.
    pub sheet_restricts_joker: bool,
}

impl Serialize for ExtraFiveOfAKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut fields = serializer.serialize_struct("ExtraFiveOfAKind", 6)?;
        fields.serialize_field("bonus", &self.bonus)?;
        let [en, fr, es, de] = self.bonus_label.every_language();
        fields.serialize_field("bonus_label", en)?;
        fields.serialize_field("bonus_label_fr", fr)?;
        fields.serialize_field("bonus_label_es", es)?;
        fields.serialize_field("bonus_label_de", de)?;
        if let Some(mark) = self.bonus_mark {
            fields.serialize_field("bonus_mark", mark)?;
        }
        fields.end()
    }
}

/// Generala's first roll ("servida"): the boxes where dice made on the turn's first roll earn a bonus (the
/// table chooses how much: [`crate::HouseRules`]); five alike on it may win the game at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FirstRoll {
    pub bonus_cells: &'static [Category],
}

/// A ruleset: a score sheet as data.
#[derive(Debug, PartialEq, Eq)]
pub struct Ruleset {
    pub id: &'static str,
    /// The game's name as its players know it (Yahtzee is Kniffel in German).
    pub name: Label,
    pub upper_label: Label,
    pub lower_label: Label,
    /// How many dice a turn rolls: five, or six for Maxi Yatzy.
    pub dice: usize,
    /// The cells in sheet order, upper section first.
    pub cells: &'static [Cell],
    /// The upper bonus, where the sheet has one (Yacht's has none).
    pub upper_bonus: Option<UpperBonus>,
    /// Other upper bonuses a table may play instead of the sheet's own (Maxi Yatzy's 50 at 75).
    pub other_upper_bonuses: &'static [UpperBonus],
    /// The boxes are filled top to bottom, one a turn, in sheet order (Forced Yatzy).
    pub fills_in_order: bool,
    /// The rolls a turn does not use are saved for that player's later turns (Maxi Yatzy).
    pub saves_rolls: bool,
    /// Where the ruleset has the Yahtzee bonus and Joker options.
    pub extra_five_of_a_kind: Option<ExtraFiveOfAKind>,
    /// Where a box made on the turn's first roll counts for more (Generala's "servida").
    pub first_roll: Option<FirstRoll>,
    /// The box for a second five of a kind (Generala's double), which pays only once the five-of-a-kind box
    /// holds its points.
    pub second_five_of_a_kind: Option<Category>,
    /// The sheet lets a player cross out any open cell on purpose, whatever the dice score there (the French
    /// Yam pad); elsewhere a 0 is written only where the dice make nothing.
    pub cross_out_any_cell: bool,
    /// The sheet is also played in several columns, each with its rule (column Yam).
    pub plays_in_columns: bool,
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

    /// The heading of a section, in a language.
    pub fn section_label(&self, section: Section) -> Label {
        match section {
            Section::Upper => self.upper_label,
            Section::Lower => self.lower_label,
        }
    }

    /// The cell for all the dice alike (the Yahtzee, the Yam, the generala, the Maxi Yatzy).
    pub fn all_alike_cell(&self) -> Category {
        let all_alike = Pattern::OfAKind {
            count: self.dice as u8,
        };
        self.cells
            .iter()
            .find(|cell| cell.pattern == all_alike)
            .map(|cell| cell.category)
            .expect("every ruleset has a cell for all the dice alike")
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

const fn cell(category: Category, section: Section, label: Label, pattern: Pattern, points: Points) -> Cell {
    Cell {
        category,
        section,
        label,
        pattern,
        points,
    }
}

const fn upper(category: Category, label: Label, face: u8) -> Cell {
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

const fn lower(category: Category, label: Label, pattern: Pattern, points: Points) -> Cell {
    cell(category, Section::Lower, label, pattern, points)
}

const fn relabel(cell: Cell, label: Label) -> Cell {
    Cell { label, ..cell }
}

use Category::*;
use Points::*;

const ONES: Cell = upper(Aces, Label::Ones, 1);
const TWOS: Cell = upper(Twos, Label::Twos, 2);
const THREES: Cell = upper(Threes, Label::Threes, 3);
const FOURS: Cell = upper(Fours, Label::Fours, 4);
const FIVES: Cell = upper(Fives, Label::Fives, 5);
const SIXES: Cell = upper(Sixes, Label::Sixes, 6);
