//! `rules`, `score` and `offers`: the rulesets and what a sheet scores, as JSON.

use fivedice_rules::{Category, Column, Columns, Joker, Rules, RulesetId, Section};
use serde_json::{Value, json};

use crate::options::Options;

pub fn rules_json() -> Value {
    let rulesets: Vec<Value> = RulesetId::ALL
        .into_iter()
        .map(|id| {
            let ruleset = id.ruleset();
            let defaults = Rules::new(id);
            let section = |section: Section| {
                let label = ruleset.section_label(section);
                json!({
                    "id": section,
                    "label": label.en,
                    "label_fr": label.fr,
                    "cells": ruleset.cells_in(section).collect::<Vec<_>>(),
                })
            };
            let jokers: Vec<&str> = match ruleset.extra_five_of_a_kind {
                Some(_) => Joker::ALL.iter().map(|joker| joker.id()).collect(),
                None => Vec::new(),
            };
            let columns: Vec<Value> = match ruleset.plays_in_columns {
                true => Column::ALL
                    .into_iter()
                    .map(|column| {
                        let label = column.label();
                        json!({"id": column.id(), "symbol": column.symbol(), "label": label.en, "label_fr": label.fr})
                    })
                    .collect(),
                false => Vec::new(),
            };
            let default_columns: Vec<&str> = match ruleset.plays_in_columns {
                true => Columns::USUAL.iter().map(|column| column.id()).collect(),
                false => Vec::new(),
            };
            json!({
                "id": ruleset.id,
                "name": ruleset.name,
                "columns": columns,
                "default_columns": default_columns,
                "min_players": ruleset.min_players,
                "max_players": ruleset.max_players,
                "sections": [
                    section(Section::Upper),
                    section(Section::Lower),
                ],
                "upper_bonus": ruleset.upper_bonus,
                "fills_in_order": ruleset.fills_in_order,
                "yahtzee_bonus": ruleset.extra_five_of_a_kind,
                "joker": jokers,
                "default_joker": defaults.joker().id(),
            })
        })
        .collect();
    Value::Array(rulesets)
}

pub fn score_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice = options.dice()?;
    let column = options.column(rules)?;
    let scores = rules.scores(&sheet, dice.counts());
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
