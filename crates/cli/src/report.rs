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
    if let Some(house) = rules.house() {
        options["house_rules"] = json!(house);
    }
    options
}

pub fn describe(rules: Rules) -> String {
    let bonus = if rules.has_yahtzee_bonus() { "on" } else { "off" };
    let columns = match rules.columns().is_one() {
        true => String::new(),
        false => format!(", columns {}", rules.columns()),
    };
    let columns = match rules.house() {
        Some(house) => format!(
            "{columns}, first roll +{}{}{}{}",
            house.first_roll_bonus,
            if house.first_roll_wins {
                ", a generala on it wins"
            } else {
                ""
            },
            if house.double {
                ", double generala"
            } else {
                ", no double generala"
            },
            if house.ace_after_six {
                ", 3-4-5-6-1 a straight"
            } else {
                ""
            }
        ),
        None => columns,
    };
    format!(
        "{} (Joker {}, Yahtzee bonus {bonus}{columns})",
        rules.id(),
        rules.joker().id()
    )
}
