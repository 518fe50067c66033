//! How the rules and their options read in a report.

use fivedice_rules::Rules;
use serde_json::{Value, json};

/// An expectation to the six decimals its `f32` source holds, without the digits of the binary expansion.
pub fn rounded(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}

/// How the rules' options read in a report.
pub fn options_json(rules: Rules) -> Value {
    let mut options = json!({
        "id": rules.id(),
        "joker": rules.joker().id(),
        "yahtzee_bonus": rules.has_yahtzee_bonus(),
    });
    if !rules.columns().is_one() {
        options["columns"] = json!(rules.columns());
    }
    options
}

pub fn describe(rules: Rules) -> String {
    let bonus = if rules.has_yahtzee_bonus() { "on" } else { "off" };
    let columns = match rules.columns().is_one() {
        true => String::new(),
        false => format!(", columns {}", rules.columns()),
    };
    format!(
        "{} (Joker {}, Yahtzee bonus {bonus}{columns})",
        rules.id(),
        rules.joker().id()
    )
}
