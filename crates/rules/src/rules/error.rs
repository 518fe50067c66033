//! What can be wrong with a choice of rules.

use super::*;

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
