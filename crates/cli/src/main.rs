//! `fivedice`: the rules of Five Dice from the command line, as JSON for tests, benchmarks and analysis.

use std::ffi::OsString;
use std::io::Write;

use lexopt::ValueExt;
use std::process::ExitCode;

use fivedice_rules::{Category, Dice, Joker, Rules, RulesetId, Section};
use serde_json::{Value, json};

const USAGE: &str = "\
fivedice: the rules of Five Dice, as JSON

Usage:
  fivedice rules
      every ruleset: cell ids, labels, sections, bonus rule and player limit
  fivedice score --rules <id> [--joker forced|free|none] [--no-bonus] [--filled id=value,...] D D D D D
      what each open cell of that sheet scores for these five dice, and the bonus they earn
  fivedice offers --rules <id> [--joker forced|free|none] <cell id>
      the values that cell can hold on a score pad

Rulesets: yahtzee, yardzee, yam, yatzy. Bad input exits with status 2.";

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(output) => {
            // A closed pipe (`fivedice rules | head`) is the reader's choice, not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("fivedice: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command line and returns what it prints, or the one-line reason it is refused.
fn run(args: Vec<OsString>) -> Result<String, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let command = match parser.next().map_err(|error| error.to_string())? {
        Some(lexopt::Arg::Value(command)) => command.string().map_err(|error| error.to_string())?,
        Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h')) | None => return Ok(USAGE.to_string()),
        Some(other) => return Err(format!("expected a command first, found {}", other.unexpected())),
    };
    let options = Options::parse(&mut parser)?;
    let value = match command.as_str() {
        "rules" => {
            options.expect_positionals(0, "rules")?;
            rules_json()
        }
        "score" => score_json(&options)?,
        "offers" => offers_json(&options)?,
        other => {
            return Err(format!(
                "unknown command {other:?} (commands: rules, score, offers)"
            ));
        }
    };
    Ok(value.to_string())
}

/// The options every command shares; each command reads the ones it needs.
#[derive(Default)]
struct Options {
    rules: Option<String>,
    joker: Option<String>,
    no_bonus: bool,
    filled: Option<String>,
    positionals: Vec<String>,
}

impl Options {
    fn parse(parser: &mut lexopt::Parser) -> Result<Options, String> {
        use lexopt::Arg::{Long, Value};
        let mut options = Options::default();
        let text = |value: Result<OsString, lexopt::Error>| -> Result<String, String> {
            value
                .map_err(|error| error.to_string())?
                .into_string()
                .map_err(|raw| format!("{raw:?} is not valid text"))
        };
        while let Some(arg) = parser.next().map_err(|error| error.to_string())? {
            match arg {
                Long("rules") => options.rules = Some(text(parser.value())?),
                Long("joker") => options.joker = Some(text(parser.value())?),
                Long("filled") => options.filled = Some(text(parser.value())?),
                Long("no-bonus") => options.no_bonus = true,
                Value(value) => options.positionals.push(text(Ok(value))?),
                other => return Err(other.unexpected().to_string()),
            }
        }
        Ok(options)
    }

    fn expect_positionals(&self, count: usize, what: &str) -> Result<(), String> {
        if self.positionals.len() == count {
            Ok(())
        } else {
            Err(format!(
                "{what} takes {count} argument(s) besides options, got {}",
                self.positionals.len()
            ))
        }
    }

    /// The ruleset and options named by `--rules`, `--joker` and `--no-bonus`.
    fn rules(&self) -> Result<Rules, String> {
        let id: RulesetId = self
            .rules
            .as_deref()
            .ok_or("missing --rules <id> (yahtzee, yardzee, yam, yatzy)")?
            .parse()
            .map_err(|error: fivedice_rules::UnknownRuleset| error.to_string())?;
        let defaults = Rules::new(id);
        let joker = match &self.joker {
            Some(joker) => joker.parse::<Joker>().map_err(|error| error.to_string())?,
            None => defaults.joker(),
        };
        let bonus = defaults.has_yahtzee_bonus() && !self.no_bonus;
        Rules::with_options(id, joker, bonus).map_err(|error| error.to_string())
    }

    /// The boxes named by `--filled id=value,...`, checked against the rules.
    fn filled(&self, rules: Rules) -> Result<fivedice_rules::Sheet, String> {
        let mut cells = Vec::new();
        for item in self.filled.as_deref().unwrap_or("").split(',').map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let (id, value) = item
                .split_once('=')
                .ok_or_else(|| format!("--filled wants id=value, got {item:?}"))?;
            let category: Category = id
                .trim()
                .parse()
                .map_err(|error: fivedice_rules::UnknownCategory| error.to_string())?;
            let value: u16 = value
                .trim()
                .parse()
                .map_err(|_| format!("--filled {id}: {value:?} is not a score"))?;
            cells.push((category, value));
        }
        rules.sheet(&cells).map_err(|error| error.to_string())
    }
}

fn rules_json() -> Value {
    let rulesets: Vec<Value> = RulesetId::ALL
        .into_iter()
        .map(|id| {
            let ruleset = id.ruleset();
            let defaults = Rules::new(id);
            let section = |section: Section, label: &str| {
                json!({
                    "id": section,
                    "label": label,
                    "cells": ruleset.cells_in(section).collect::<Vec<_>>(),
                })
            };
            let jokers: Vec<&str> = match ruleset.extra_five_of_a_kind {
                Some(_) => Joker::ALL.iter().map(|joker| joker.id()).collect(),
                None => Vec::new(),
            };
            json!({
                "id": ruleset.id,
                "name": ruleset.name,
                "min_players": ruleset.min_players,
                "max_players": ruleset.max_players,
                "sections": [
                    section(Section::Upper, ruleset.upper_label),
                    section(Section::Lower, ruleset.lower_label),
                ],
                "upper_bonus": ruleset.upper_bonus,
                "yahtzee_bonus": ruleset.extra_five_of_a_kind,
                "joker": jokers,
                "default_joker": defaults.joker().id(),
            })
        })
        .collect();
    Value::Array(rulesets)
}

fn score_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice: Dice = options
        .positionals
        .join(" ")
        .parse()
        .map_err(|error: fivedice_rules::DiceError| error.to_string())?;
    let scores = rules.scores(&sheet, dice.counts());
    let cells: serde_json::Map<String, Value> = scores
        .cells
        .iter()
        .map(|&(category, value)| (category.id().to_string(), json!(value)))
        .collect();
    Ok(json!({
        "rules": rules.id(),
        "dice": dice,
        "scores": cells,
        "yahtzee_bonus": scores.bonus,
    }))
}

fn offers_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    options.expect_positionals(1, "offers")?;
    let category: Category = options.positionals[0]
        .parse()
        .map_err(|error: fivedice_rules::UnknownCategory| error.to_string())?;
    let offers = rules.offers(category).map_err(|error| error.to_string())?;
    Ok(json!(offers))
}
