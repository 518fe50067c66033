//! The game a room's host chooses in the lobby, as the host's device sends it: a ruleset and its options,
//! each left out where the sheet's own is meant. The room turns it into rules here, and nowhere else.

use fivedice_rules::{Columns, DiceMode, HouseRules, Joker, Rules, RulesError, RulesetId, UpperBonus};
use serde::{Deserialize, Serialize};

/// The game and its options, as [`super::Action::ChooseRules`] carries them. Joker and the Yahtzee bonus default
/// to the ruleset's own (the official forced Joker and the bonus where the ruleset has them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesChoice {
    pub ruleset: RulesetId,
    #[serde(default)]
    pub joker: Option<Joker>,
    #[serde(default)]
    pub yahtzee_bonus: Option<bool>,
    #[serde(default)]
    pub dice: DiceMode,
    /// Column Yam: the columns of each sheet (one free column when left out).
    #[serde(default, skip_serializing_if = "Columns::is_one")]
    pub columns: Columns,
    /// Generala's house rules (the usual ones when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub house: Option<HouseRules>,
    /// Another upper bonus the sheet offers (Maxi Yatzy's 50 at 75; the sheet's own when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upper_bonus: Option<UpperBonus>,
}

impl RulesChoice {
    /// A ruleset played with these dice, every option as its sheet prints it.
    pub fn of(ruleset: RulesetId, dice: DiceMode) -> RulesChoice {
        RulesChoice {
            ruleset,
            joker: None,
            yahtzee_bonus: None,
            dice,
            columns: Columns::ONE,
            house: None,
            upper_bonus: None,
        }
    }

    /// Exactly these rules, played with these dice.
    pub fn exactly(rules: Rules, dice: DiceMode) -> RulesChoice {
        RulesChoice {
            ruleset: rules.id(),
            joker: Some(rules.joker()),
            yahtzee_bonus: Some(rules.has_yahtzee_bonus()),
            dice,
            columns: rules.columns(),
            house: rules.house(),
            upper_bonus: rules.other_upper_bonus(),
        }
    }

    /// The rules chosen, or why the ruleset does not take these options.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        let rules =
            Rules::from_choices(self.ruleset, self.joker, self.yahtzee_bonus)?.with_columns(self.columns)?;
        let rules = match self.house {
            Some(house) => rules.with_house(house)?,
            None => rules,
        };
        match self.upper_bonus {
            Some(bonus) => rules.with_upper_bonus(bonus),
            None => Ok(rules),
        }
    }
}
