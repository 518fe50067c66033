//! `rules`, `score` and `offers`: the rulesets and what a sheet scores, as JSON.

use fivedice_rules::{Category, Column, Columns, Joker, Label, Rules, RulesetId, Section};
use serde_json::{Map, Value, json};

use crate::options::Options;

/// A label in each language, as `<key>` (English), `<key>_fr`, `<key>_es` and `<key>_de`.
fn words(label: Label, key: &str) -> Map<String, Value> {
    let [en, fr, es, de] = label.every_language();
    Map::from_iter([
        (key.to_string(), json!(en)),
        (format!("{key}_fr"), json!(fr)),
        (format!("{key}_es"), json!(es)),
        (format!("{key}_de"), json!(de)),
    ])
}

pub fn rules_json() -> Value {
    let rulesets: Vec<Value> = RulesetId::ALL
        .into_iter()
        .map(|id| {
            let ruleset = id.ruleset();
            let defaults = Rules::new(id);
            let section = |section: Section| {
                let mut json = words(ruleset.section_label(section), "label");
                json.insert("id".into(), json!(section));
                json.insert(
                    "cells".into(),
                    json!(ruleset.cells_in(section).collect::<Vec<_>>()),
                );
                Value::Object(json)
            };
            let jokers: Vec<&str> = match ruleset.extra_five_of_a_kind {
                Some(_) => Joker::ALL.iter().map(|joker| joker.id()).collect(),
                None => Vec::new(),
            };
            let columns: Vec<Value> = match ruleset.plays_in_columns {
                true => Column::ALL
                    .into_iter()
                    .map(|column| {
                        let mut json = words(column.label(), "label");
                        json.insert("id".into(), json!(column.id()));
                        json.insert("symbol".into(), json!(column.symbol()));
                        Value::Object(json)
                    })
                    .collect(),
                false => Vec::new(),
            };
            let default_columns: Vec<&str> = match ruleset.plays_in_columns {
                true => Columns::USUAL.iter().map(|column| column.id()).collect(),
                false => Vec::new(),
            };
            let mut json = words(ruleset.name, "name");
            let rest = json!({
                "id": ruleset.id,
                "columns": columns,
                "default_columns": default_columns,
                "min_players": ruleset.min_players,
                "max_players": ruleset.max_players,
                "sections": [
                    section(Section::Upper),
                    section(Section::Lower),
                ],
                "upper_bonus": ruleset.upper_bonus,
                "other_upper_bonuses": ruleset.other_upper_bonuses,
                "dice": ruleset.dice,
                "saves_rolls": ruleset.saves_rolls,
                "fills_in_order": ruleset.fills_in_order,
                "first_roll": ruleset.first_roll,
                "second_five_of_a_kind": ruleset.second_five_of_a_kind,
                "house_rules": defaults.house(),
                "yahtzee_bonus": ruleset.extra_five_of_a_kind,
                "joker": jokers,
                "default_joker": defaults.joker().id(),
            });
            json.extend(rest.as_object().expect("an object").clone());
            Value::Object(json)
        })
        .collect();
    Value::Array(rulesets)
}

pub fn score_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice = options.dice(rules)?;
    let column = options.column(rules)?;
    let scores = rules.scores_rolled(&sheet, dice.counts(), options.first_roll);
    let cells: serde_json::Map<String, Value> = scores
        .cells
        .iter()
        .filter(|&&(category, _)| {
            column.is_none_or(|column| column.check_order(rules.ruleset(), &sheet, category).is_ok())
        })
        .map(|&(category, value)| (category.id().to_string(), json!(value)))
        .collect();
    Ok(json!({
        "rules": rules.id(),
        "column": column,
        "dice": dice,
        "first_roll": options.first_roll,
        "scores": cells,
        "yahtzee_bonus": scores.bonus,
    }))
}

pub fn offers_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    options.column(rules)?;
    options.expect_positionals(1, "offers")?;
    let category: Category = options.positionals[0]
        .parse()
        .map_err(|error: fivedice_rules::UnknownCategory| error.to_string())?;
    let offers = rules.offers(category).map_err(|error| error.to_string())?;
    Ok(json!(offers))
}
