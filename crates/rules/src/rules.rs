//! A ruleset with its options chosen: what dice score in each open cell of a sheet, and what a cell can hold.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::column::{Column, Columns};
use crate::dice::FaceCounts;
use crate::pattern;
use crate::ruleset::{Cell, Ruleset, RulesetId, Section, UpperBonus};
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

/// The house rules a Generala table chooses, each explained in How to play: the bonus of a box made on the
/// turn's first roll, whether five alike on it wins the game at once, the double generala, and 3-4-5-6-1 as a
/// straight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HouseRules {
    pub first_roll_bonus: u16,
    pub first_roll_wins: bool,
    pub double: bool,
    pub ace_after_six: bool,
}

impl HouseRules {
    /// As most tables play: +5, a generala on the first roll wins, the double generala, no 3-4-5-6-1.
    pub const DEFAULT: HouseRules = HouseRules {
        first_roll_bonus: 5,
        first_roll_wins: true,
        double: true,
        ace_after_six: false,
    };
    /// The bonuses tables play for a box made on the first roll.
    pub const FIRST_ROLL_BONUSES: [u16; 2] = [5, 10];
}

/// Generala's house rules as a table chose them, `None` for each left as usual: how the launch address and the
/// command line name them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseChoices {
    pub first_roll_bonus: Option<u16>,
    pub first_roll_wins: Option<bool>,
    pub double: Option<bool>,
    pub ace_after_six: Option<bool>,
}

/// A ruleset and its options: everything needed to score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesRecord", into = "RulesRecord")]
pub struct Rules {
    ruleset: RulesetId,
    joker: Joker,
    yahtzee_bonus: bool,
    columns: Columns,
    /// Generala's house rules (`None` for the rulesets that have none).
    house: Option<HouseRules>,
    /// Another upper bonus the sheet offers, played instead of its own (Maxi Yatzy's 50 at 75).
    upper_bonus: Option<UpperBonus>,
}

#[derive(Serialize, Deserialize)]
struct RulesRecord {
    ruleset: RulesetId,
    joker: Joker,
    yahtzee_bonus: bool,
    /// Written only for a sheet of several columns, so a plain sheet's rules read as they always have.
    #[serde(default, skip_serializing_if = "Columns::is_one")]
    columns: Columns,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    house: Option<HouseRules>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    upper_bonus: Option<UpperBonus>,
}

impl TryFrom<RulesRecord> for Rules {
    type Error = RulesError;
    fn try_from(record: RulesRecord) -> Result<Rules, RulesError> {
        let rules = Rules::with_options(record.ruleset, record.joker, record.yahtzee_bonus)?;
        let rules = match record.house {
            Some(house) => rules.with_house(house)?,
            None => rules,
        };
        let rules = match record.upper_bonus {
            Some(bonus) => rules.with_upper_bonus(bonus)?,
            None => rules,
        };
        rules.with_columns(record.columns)
    }
}

impl From<Rules> for RulesRecord {
    fn from(rules: Rules) -> RulesRecord {
        RulesRecord {
            ruleset: rules.ruleset,
            joker: rules.joker,
            yahtzee_bonus: rules.yahtzee_bonus,
            columns: rules.columns,
            house: rules.house,
            upper_bonus: rules.upper_bonus,
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
    /// The ruleset with its default options (the official forced Joker and the Yahtzee bonus where it has them,
    /// Generala's usual house rules).
    pub fn new(ruleset: RulesetId) -> Rules {
        let extra = ruleset.ruleset().extra_five_of_a_kind.is_some();
        Rules {
            ruleset,
            joker: if extra { Joker::Forced } else { Joker::None },
            yahtzee_bonus: extra,
            columns: Columns::ONE,
            house: Rules::default_house(ruleset),
            upper_bonus: None,
        }
    }

    fn default_house(ruleset: RulesetId) -> Option<HouseRules> {
        ruleset.ruleset().first_roll.map(|_| HouseRules::DEFAULT)
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
            house: Rules::default_house(ruleset),
            upper_bonus: None,
        })
    }

    /// The same rules with these house rules; only Generala has them, and its first-roll bonus is 5 or 10.
    pub fn with_house(self, house: HouseRules) -> Result<Rules, RulesError> {
        if self.house.is_none() {
            return Err(RulesError::NoHouseRules(self.ruleset));
        }
        if !HouseRules::FIRST_ROLL_BONUSES.contains(&house.first_roll_bonus) {
            return Err(RulesError::FirstRollBonus(house.first_roll_bonus));
        }
        Ok(Rules {
            house: Some(house),
            ..self
        })
    }

    /// The same rules with the house rules a table chose, the usual ones where it chose none; choosing any for
    /// a ruleset without house rules is refused.
    pub fn with_house_choices(self, choices: HouseChoices) -> Result<Rules, RulesError> {
        let Some(usual) = self.house else {
            return match choices == HouseChoices::default() {
                true => Ok(self),
                false => Err(RulesError::NoHouseRules(self.ruleset)),
            };
        };
        self.with_house(HouseRules {
            first_roll_bonus: choices.first_roll_bonus.unwrap_or(usual.first_roll_bonus),
            first_roll_wins: choices.first_roll_wins.unwrap_or(usual.first_roll_wins),
            double: choices.double.unwrap_or(usual.double),
            ace_after_six: choices.ace_after_six.unwrap_or(usual.ace_after_six),
        })
    }

    /// Generala's house rules, where the ruleset has them.
    pub fn house(&self) -> Option<HouseRules> {
        self.house
    }

    /// The same rules with another upper bonus their sheet offers (Maxi Yatzy's 50 at 75), or with the
    /// sheet's own again; any other is refused.
    pub fn with_upper_bonus(self, bonus: UpperBonus) -> Result<Rules, RulesError> {
        let sheet = self.ruleset.ruleset();
        let upper_bonus = match sheet.upper_bonus == Some(bonus) {
            true => None,
            false if sheet.other_upper_bonuses.contains(&bonus) => Some(bonus),
            false => return Err(RulesError::UpperBonus(self.ruleset, bonus)),
        };
        Ok(Rules { upper_bonus, ..self })
    }

    /// The upper bonus played instead of the sheet's own, where the table chose another.
    pub fn other_upper_bonus(&self) -> Option<UpperBonus> {
        self.upper_bonus
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

    /// The sheet these rules play: the ruleset's, Generala's as its house rules print it, or with the upper
    /// bonus the table chose.
    pub fn ruleset(&self) -> &'static Ruleset {
        let sheet = match self.house {
            Some(house) => crate::ruleset::generala_sheet(house.double, house.ace_after_six),
            None => self.ruleset.ruleset(),
        };
        match self.upper_bonus {
            Some(bonus) => crate::ruleset::with_upper_bonus(sheet, bonus),
            None => sheet,
        }
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

    /// What each open cell of `sheet` scores for `dice` made after the turn's first roll, leaving out the cells
    /// the forced Joker forbids and, on a sheet filled in order, every cell but the next.
    pub fn scores(&self, sheet: &Sheet, dice: FaceCounts) -> Scores {
        self.scores_rolled(sheet, dice, false)
    }

    /// What each open cell of `sheet` scores for `dice`, made on the turn's first roll or not (Generala pays a
    /// bonus for the first), leaving out what [`Rules::scores`] leaves out.
    pub fn scores_rolled(&self, sheet: &Sheet, dice: FaceCounts, first_roll: bool) -> Scores {
        let ruleset = self.ruleset();
        let five_box = ruleset.all_alike_cell();
        let five = dice.all_alike();
        let joker_rolled = five.is_some() && !sheet.is_open(five_box) && self.joker != Joker::None;
        let open = ruleset.cells.iter().filter(|cell| {
            sheet.is_open(cell.category) && Column::Free.check_order(ruleset, sheet, cell.category).is_ok()
        });
        let score = |cell: &Cell, joker: bool| {
            let natural = pattern::score(cell.pattern, cell.points, dice, joker);
            let paid = self.pays(cell, natural, first_roll) * u16::from(self.pays_on(sheet, cell.category));
            (cell.category, paid)
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
    /// order, no five-of-a-kind bonus, no second five of a kind), made on the turn's first roll or not: what
    /// the strategy engine tabulates once.
    pub fn natural_scores(
        &self,
        dice: FaceCounts,
        first_roll: bool,
    ) -> impl Iterator<Item = (Category, u16)> + use<> {
        let rules = *self;
        let empty = Sheet::new();
        self.ruleset().cells.iter().map(move |cell| {
            let natural = pattern::score(cell.pattern, cell.points, dice, false);
            let paid =
                rules.pays(cell, natural, first_roll) * u16::from(rules.pays_on(&empty, cell.category));
            (cell.category, paid)
        })
    }

    /// What a cell pays for dice that make `natural` there: with Generala's bonus where they were made on the
    /// turn's first roll.
    fn pays(&self, cell: &Cell, natural: u16, first_roll: bool) -> u16 {
        match first_roll {
            true => self.first_roll_score(cell.category, natural),
            false => natural,
        }
    }

    /// What dice that score `natural` in a cell score there when made on the turn's first roll: with
    /// Generala's bonus in its straight, full and poker (where they make it).
    pub fn first_roll_score(&self, category: Category, natural: u16) -> u16 {
        match self.house {
            Some(house) if natural > 0 && self.first_roll_pays_more(category) => {
                natural + house.first_roll_bonus
            }
            _ => natural,
        }
    }

    /// Whether this cell pays on this sheet: the second five of a kind (Generala's double) only once the
    /// five-of-a-kind cell holds its points; every other cell always.
    pub fn pays_on(&self, sheet: &Sheet, category: Category) -> bool {
        self.ruleset().second_five_of_a_kind != Some(category) || self.five_of_a_kind_held(sheet)
    }

    /// Whether the sheet's five-of-a-kind cell holds points (written in full, not crossed out): what a further
    /// five of a kind's bonus, and a second five of a kind's box, wait for.
    pub fn five_of_a_kind_held(&self, sheet: &Sheet) -> bool {
        let five_box = self.ruleset().all_alike_cell();
        sheet.get(five_box).is_some_and(|points| points > 0)
    }

    /// Whether five alike made on a turn's first roll win the game at once (Generala, as most tables play it).
    pub fn first_roll_wins(&self) -> bool {
        self.house.is_some_and(|house| house.first_roll_wins)
    }

    /// How the Joker rule bears on these dice on this sheet, if it does: why some cells are closed now, or pay
    /// in full. `None` unless a further five-of-a-kind is on the table under a Joker rule.
    pub fn joker_call(&self, sheet: &Sheet, dice: FaceCounts) -> Option<JokerCall> {
        let ruleset = self.ruleset();
        let face = dice.all_alike()?;
        if sheet.is_open(ruleset.all_alike_cell()) {
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
            Some(extra) if dice.all_alike().is_some() && self.bonus_available(sheet) => extra.bonus,
            _ => 0,
        }
    }

    /// Whether a further five-of-a-kind earns a bonus on this sheet (its five-of-a-kind cell holds 50, not 0).
    pub fn bonus_available(&self, sheet: &Sheet) -> bool {
        self.yahtzee_bonus && self.ruleset().extra_five_of_a_kind.is_some() && self.five_of_a_kind_held(sheet)
    }

    /// A sheet with these cells written, each checked against what the cell can hold.
    pub fn sheet(&self, filled: &[(Category, u16)]) -> Result<Sheet, RulesError> {
        let mut sheet = Sheet::new();
        for &(category, value) in filled {
            if !self.offers(category)?.contains(&value) {
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
    /// with or without the Joker, on the turn's first roll or later, found by scoring all 252 rolls.
    pub fn offers(&self, category: Category) -> Result<Vec<u16>, RulesError> {
        let later = self.possible_scores(category, false)?;
        let values: BTreeSet<u16> = later.chain(self.possible_scores(category, true)?).collect();
        Ok(values.into_iter().collect())
    }

    /// Whether some roll scores `value` in the cell, on the turn's first roll or after it (stops at the first
    /// that does).
    pub fn can_hold(&self, category: Category, value: u16, first_roll: bool) -> Result<bool, RulesError> {
        Ok(self
            .possible_scores(category, first_roll)?
            .any(|score| score == value))
    }

    /// Whether dice made on the turn's first roll pay more in this cell (Generala's straight, full and poker).
    pub fn first_roll_pays_more(&self, category: Category) -> bool {
        self.house.is_some()
            && self
                .ruleset()
                .first_roll
                .is_some_and(|rule| rule.bonus_cells.contains(&category))
    }

    fn possible_scores(
        &self,
        category: Category,
        first_roll: bool,
    ) -> Result<impl Iterator<Item = u16> + use<>, RulesError> {
        let rules = *self;
        let cell = self.cell(category)?;
        let joker_cases: &'static [bool] = if self.joker == Joker::None {
            &[false]
        } else {
            &[false, true]
        };
        Ok(FaceCounts::all(self.ruleset().dice).flat_map(move |dice| {
            joker_cases.iter().map(move |&joker| {
                let joker = joker && dice.all_alike().is_some();
                rules.pays(
                    cell,
                    pattern::score(cell.pattern, cell.points, dice, joker),
                    first_roll,
                )
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
    /// Only Generala has house rules.
    NoHouseRules(RulesetId),
    /// A first-roll bonus no table plays (5 or 10).
    FirstRollBonus(u16),
    /// An upper bonus the ruleset's sheet does not offer.
    UpperBonus(RulesetId, UpperBonus),
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
            RulesError::NoHouseRules(ruleset) => {
                write!(f, "{ruleset} has no house rules (they are Generala's)")
            }
            RulesError::FirstRollBonus(bonus) => {
                write!(f, "a box made on the first roll earns 5 or 10 more, not {bonus}")
            }
            RulesError::UpperBonus(ruleset, bonus) => write!(
                f,
                "{ruleset} plays no upper bonus of {} at {}",
                bonus.points, bonus.threshold
            ),
        }
    }
}

impl std::error::Error for RulesError {}
