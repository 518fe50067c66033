//! A ruleset with its options chosen: what dice score in each open cell of a sheet, and what a cell can hold.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::column::{Column, Columns};
use crate::dice::FaceCounts;
use crate::pattern;
use crate::ruleset::{Cell, Ruleset, RulesetId, Section};
use crate::sheet::Sheet;

/// The Joker rule: what a five-of-a-kind may do once the five-of-a-kind cell is filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Joker {
    /// The official rule: the matching upper cell if open, else any lower cell at full value, else a 0 above.
    #[default]
    Forced,
    /// Any open cell; full house and straights pay in full only once the matching upper cell is filled too.
    Free,
    /// No Joker: the dice score what they naturally make.
    None,
}

impl Joker {
    pub const ALL: [Joker; 3] = [Joker::Forced, Joker::Free, Joker::None];

    pub fn id(self) -> &'static str {
        match self {
            Joker::Forced => "forced",
            Joker::Free => "free",
            Joker::None => "none",
        }
    }

    /// The rule a ruleset's own sheet prints, which a new table starts from: the official forced Joker for
    /// Yahtzee, no restriction on the Yardzee sheet, none where there is no Joker at all. (The launch address
    /// and the command line keep `forced` as their documented default.)
    pub fn printed_on(ruleset: RulesetId) -> Joker {
        match ruleset.ruleset().extra_five_of_a_kind {
            Some(extra) if extra.sheet_restricts_joker => Joker::Forced,
            _ => Joker::None,
        }
    }
}

impl FromStr for Joker {
    type Err = RulesError;
    fn from_str(id: &str) -> Result<Joker, RulesError> {
        Joker::ALL
            .into_iter()
            .find(|joker| joker.id() == id)
            .ok_or_else(|| RulesError::UnknownJoker(id.to_string()))
    }
}

/// What the Joker rule says of a further five-of-a-kind now. Each holds the upper cell of its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JokerCall {
    /// Forced: that cell is open, so the dice must go there.
    UpperCell(Category),
    /// Forced: that cell is filled, so an open lower cell, where full house and straights pay in full.
    LowerCell(Category),
    /// Forced: that cell and the lower cells are filled: a 0 in an open upper cell.
    ZeroAbove(Category),
    /// Free: any open cell; with that cell still open, full house and straights pay only what the dice make.
    NaturalWhileOpen(Category),
    /// Free: any open cell, and with that cell filled, full house and straights pay in full.
    FullValue(Category),
}

impl JokerCall {
    /// The upper cell of the five-of-a-kind's face, which every call is about.
    pub fn upper_cell(self) -> Category {
        match self {
            JokerCall::UpperCell(cell)
            | JokerCall::LowerCell(cell)
            | JokerCall::ZeroAbove(cell)
            | JokerCall::NaturalWhileOpen(cell)
            | JokerCall::FullValue(cell) => cell,
        }
    }
}

/// A ruleset and its options: everything needed to score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesRecord", into = "RulesRecord")]
pub struct Rules {
    ruleset: RulesetId,
    joker: Joker,
    yahtzee_bonus: bool,
    columns: Columns,
}

#[derive(Serialize, Deserialize)]
struct RulesRecord {
    ruleset: RulesetId,
    joker: Joker,
    yahtzee_bonus: bool,
    /// Written only for a sheet of several columns, so a plain sheet's rules read as they always have.
    #[serde(default, skip_serializing_if = "Columns::is_one")]
    columns: Columns,
}

impl TryFrom<RulesRecord> for Rules {
    type Error = RulesError;
    fn try_from(record: RulesRecord) -> Result<Rules, RulesError> {
        Rules::with_options(record.ruleset, record.joker, record.yahtzee_bonus)?.with_columns(record.columns)
    }
}

impl From<Rules> for RulesRecord {
    fn from(rules: Rules) -> RulesRecord {
        RulesRecord {
            ruleset: rules.ruleset,
            joker: rules.joker,
            yahtzee_bonus: rules.yahtzee_bonus,
            columns: rules.columns,
        }
    }
}

/// What the dice score in each cell a player may choose now, and the bonus they earn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scores {
    /// The cells the dice may go in, in sheet order, with their value.
    pub cells: Vec<(Category, u16)>,
    /// The five-of-a-kind bonus these dice earn wherever they go (0 if none).
    pub bonus: u16,
}

impl Scores {
    pub fn get(&self, category: Category) -> Option<u16> {
        self.cells
            .iter()
            .find(|(cell, _)| *cell == category)
            .map(|&(_, value)| value)
    }
}

impl Rules {
    /// The ruleset with its default options (the official forced Joker and the Yahtzee bonus where it has them).
    pub fn new(ruleset: RulesetId) -> Rules {
        let extra = ruleset.ruleset().extra_five_of_a_kind.is_some();
        Rules {
            ruleset,
            joker: if extra { Joker::Forced } else { Joker::None },
            yahtzee_bonus: extra,
            columns: Columns::ONE,
        }
    }

    /// The ruleset with chosen options; a ruleset without the Yahtzee extras takes only `Joker::None` and no bonus.
    pub fn with_options(ruleset: RulesetId, joker: Joker, yahtzee_bonus: bool) -> Result<Rules, RulesError> {
        let extra = ruleset.ruleset().extra_five_of_a_kind.is_some();
        if !extra && joker != Joker::None {
            return Err(RulesError::NoJoker(ruleset));
        }
        if !extra && yahtzee_bonus {
            return Err(RulesError::NoBonus(ruleset));
        }
        Ok(Rules {
            ruleset,
            joker,
            yahtzee_bonus,
            columns: Columns::ONE,
        })
    }

    /// The same rules on a sheet of these columns; only a sheet played in columns (Yam) takes more than one.
    pub fn with_columns(self, columns: Columns) -> Result<Rules, RulesError> {
        if !columns.is_one() && !self.ruleset().plays_in_columns {
            return Err(RulesError::NoColumns(self.ruleset));
        }
        Ok(Rules { columns, ..self })
    }

    /// The columns of each player's sheet, in sheet order (one free column on a plain sheet).
    pub fn columns(&self) -> Columns {
        self.columns
    }

    /// The same rules on a plain one-column sheet: how the strategy engine values each column.
    pub fn single_column(self) -> Rules {
        Rules {
            columns: Columns::ONE,
            ..self
        }
    }

    /// The ruleset with the options a table chose, `None` standing for the ruleset's default: how the setup
    /// screen, the launch address and the command line all build their rules.
    pub fn from_choices(
        ruleset: RulesetId,
        joker: Option<Joker>,
        yahtzee_bonus: Option<bool>,
    ) -> Result<Rules, RulesError> {
        let defaults = Rules::new(ruleset);
        Rules::with_options(
            ruleset,
            joker.unwrap_or(defaults.joker),
            yahtzee_bonus.unwrap_or(defaults.yahtzee_bonus),
        )
    }

    pub fn id(&self) -> RulesetId {
        self.ruleset
    }

    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset.ruleset()
    }

    pub fn joker(&self) -> Joker {
        self.joker
    }

    pub fn has_yahtzee_bonus(&self) -> bool {
        self.yahtzee_bonus
    }

    /// The cell of this ruleset, or an error naming the ruleset.
    pub fn cell(&self, category: Category) -> Result<&'static Cell, RulesError> {
        self.ruleset()
            .cell(category)
            .ok_or(RulesError::NotInRuleset(category, self.ruleset))
    }

    /// What each open cell of `sheet` scores for `dice`, leaving out the cells the forced Joker forbids and, on
    /// a sheet filled in order, every cell but the next.
    pub fn scores(&self, sheet: &Sheet, dice: FaceCounts) -> Scores {
        let ruleset = self.ruleset();
        let five_box = ruleset.five_of_a_kind_cell();
        let five = dice.five_of_a_kind();
        let joker_rolled = five.is_some() && !sheet.is_open(five_box) && self.joker != Joker::None;
        let open = ruleset.cells.iter().filter(|cell| {
            sheet.is_open(cell.category) && Column::Free.check_order(ruleset, sheet, cell.category).is_ok()
        });
        let score = |cell: &Cell, joker: bool| {
            (
                cell.category,
                pattern::score(cell.pattern, cell.points, dice, joker),
            )
        };
        let cells = match (five, joker_rolled, self.joker) {
            (Some(face), true, Joker::Forced) => {
                let matching = ruleset.upper_cell(face);
                let lower_open = ruleset
                    .cells_in(Section::Lower)
                    .any(|cell| sheet.is_open(cell.category));
                let allowed = |cell: &&Cell| {
                    if sheet.is_open(matching) {
                        cell.category == matching
                    } else if lower_open {
                        cell.section == Section::Lower
                    } else {
                        true
                    }
                };
                open.filter(allowed).map(|cell| score(cell, true)).collect()
            }
            (Some(face), true, Joker::Free) => {
                let joker = !sheet.is_open(ruleset.upper_cell(face));
                open.map(|cell| score(cell, joker)).collect()
            }
            _ => open.map(|cell| score(cell, false)).collect(),
        };
        Scores {
            cells,
            bonus: self.bonus_for(sheet, dice),
        }
    }

    /// What the dice score in every cell of the sheet, in sheet order, as on an empty sheet (no Joker, no
    /// order, no bonus): what the strategy engine tabulates once.
    pub fn natural_scores(&self, dice: FaceCounts) -> impl Iterator<Item = (Category, u16)> + use<> {
        self.ruleset().cells.iter().map(move |cell| {
            (
                cell.category,
                pattern::score(cell.pattern, cell.points, dice, false),
            )
        })
    }

    /// How the Joker rule bears on these dice on this sheet, if it does: why some cells are closed now, or pay
    /// in full. `None` unless a further five-of-a-kind is on the table under a Joker rule.
    pub fn joker_call(&self, sheet: &Sheet, dice: FaceCounts) -> Option<JokerCall> {
        let ruleset = self.ruleset();
        let face = dice.five_of_a_kind()?;
        if sheet.is_open(ruleset.five_of_a_kind_cell()) {
            return None;
        }
        let upper = ruleset.upper_cell(face);
        let lower_open = ruleset
            .cells_in(Section::Lower)
            .any(|cell| sheet.is_open(cell.category));
        match self.joker {
            Joker::None => None,
            Joker::Forced if sheet.is_open(upper) => Some(JokerCall::UpperCell(upper)),
            Joker::Forced if lower_open => Some(JokerCall::LowerCell(upper)),
            Joker::Forced => Some(JokerCall::ZeroAbove(upper)),
            Joker::Free if sheet.is_open(upper) => Some(JokerCall::NaturalWhileOpen(upper)),
            Joker::Free => Some(JokerCall::FullValue(upper)),
        }
    }

    /// The five-of-a-kind bonus these dice earn on this sheet: a further five-of-a-kind while the cell holds its 50.
    pub fn bonus_for(&self, sheet: &Sheet, dice: FaceCounts) -> u16 {
        match self.ruleset().extra_five_of_a_kind {
            Some(extra) if dice.five_of_a_kind().is_some() && self.bonus_available(sheet) => extra.bonus,
            _ => 0,
        }
    }

    /// Whether a further five-of-a-kind earns a bonus on this sheet (its five-of-a-kind cell holds 50, not 0).
    pub fn bonus_available(&self, sheet: &Sheet) -> bool {
        let ruleset = self.ruleset();
        let five_box = ruleset.five_of_a_kind_cell();
        self.yahtzee_bonus
            && ruleset.extra_five_of_a_kind.is_some()
            && sheet.get(five_box).is_some_and(|value| value > 0)
    }

    /// A sheet with these cells written, each checked against what the cell can hold.
    pub fn sheet(&self, filled: &[(Category, u16)]) -> Result<Sheet, RulesError> {
        let mut sheet = Sheet::new();
        for &(category, value) in filled {
            if !self.can_hold(category, value)? {
                return Err(RulesError::ValueNotOffered(category, value));
            }
            if !sheet.is_open(category) {
                return Err(RulesError::FilledTwice(category));
            }
            sheet.write(category, value, false);
        }
        let ruleset = self.ruleset();
        let mut cells = ruleset.cells.iter().map(|cell| cell.category);
        if ruleset.fills_in_order
            && let Some(open) = cells.find(|&cell| sheet.is_open(cell))
            && let Some(filled) = cells.find(|&cell| !sheet.is_open(cell))
        {
            return Err(RulesError::FilledOutOfOrder { filled, open });
        }
        Ok(sheet)
    }

    /// Every value the cell can hold on a score pad under these rules: what some roll scores there,
    /// with or without the Joker, found by scoring all 252 rolls.
    pub fn offers(&self, category: Category) -> Result<Vec<u16>, RulesError> {
        let values: BTreeSet<u16> = self.possible_scores(category)?.collect();
        Ok(values.into_iter().collect())
    }

    /// Whether some roll scores `value` in the cell (stops at the first that does).
    pub fn can_hold(&self, category: Category, value: u16) -> Result<bool, RulesError> {
        Ok(self.possible_scores(category)?.any(|score| score == value))
    }

    fn possible_scores(&self, category: Category) -> Result<impl Iterator<Item = u16> + use<>, RulesError> {
        let cell = self.cell(category)?;
        let joker_cases: &'static [bool] = if self.joker == Joker::None {
            &[false]
        } else {
            &[false, true]
        };
        Ok(FaceCounts::all().flat_map(move |dice| {
            joker_cases.iter().map(move |&joker| {
                let joker = joker && dice.five_of_a_kind().is_some();
                pattern::score(cell.pattern, cell.points, dice, joker)
            })
        }))
    }
}

/// What can be wrong with a choice of rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RulesError {
    UnknownJoker(String),
    NoJoker(RulesetId),
    NoBonus(RulesetId),
    /// This ruleset is played on one column.
    NoColumns(RulesetId),
    NotInRuleset(Category, RulesetId),
    ValueNotOffered(Category, u16),
    FilledTwice(Category),
    /// On a sheet filled in order, a cell is filled below one left open.
    FilledOutOfOrder {
        filled: Category,
        open: Category,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownJoker(id) => {
                write!(f, "unknown Joker rule {id:?} (known: forced, free, none)")
            }
            RulesError::NoJoker(ruleset) => write!(f, "{ruleset} has no Joker rule"),
            RulesError::NoBonus(ruleset) => write!(f, "{ruleset} has no Yahtzee bonus"),
            RulesError::NoColumns(ruleset) => write!(f, "{ruleset} is played on one column"),
            RulesError::NotInRuleset(category, ruleset) => {
                write!(f, "{ruleset} has no cell {category:?}", category = category.id())
            }
            RulesError::ValueNotOffered(category, value) => {
                write!(f, "the cell {:?} cannot hold {value}", category.id())
            }
            RulesError::FilledTwice(category) => write!(f, "the cell {:?} is filled twice", category.id()),
            RulesError::FilledOutOfOrder { filled, open } => write!(
                f,
                "the sheet is filled in order: {:?} is filled while {:?} above it is open",
                filled.id(),
                open.id()
            ),
        }
    }
}

impl std::error::Error for RulesError {}
