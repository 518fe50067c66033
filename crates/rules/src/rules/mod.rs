//! A ruleset with its options chosen (here), what dice score in each open cell of a sheet and what a cell can
//! hold (`scoring.rs`), and what can be wrong with a choice of rules (`error.rs`).

mod error;
mod scoring;

pub use error::RulesError;

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
}
