//! `fivedice replay --link URL` and `fivedice verify --link URL`: a finished game shared as a replay link
//! (`fivedice_saved::link`), its final sheets printed, or its dice checked as `verify --log` checks a room's.
//! Every figure is the rules crate's: the link's log is replayed, and the game it makes is read.

use fivedice_room::{DiceCheck, RoomName, check_dice};
use fivedice_rules::Place;
use fivedice_saved::{FinishedGame, KeptGame, link, text};
use serde_json::{Map, Value, json};

use crate::options::Options;
use crate::report::options_json;
use crate::verify::verify;

/// The game of `--link`, replayed (a bad link: its one-line reason).
fn linked(options: &Options, command: &str) -> Result<KeptGame, String> {
    options.expect_positionals(0, command)?;
    let address = options
        .link
        .as_deref()
        .ok_or_else(|| format!("{command} needs --link URL"))?;
    link::decode(address).map_err(|error| error.to_string())
}

/// `replay`: the linked game's final sheets, as JSON.
pub fn replay(options: &Options) -> Result<String, String> {
    let finished = linked(options, "replay")?.read()?;
    Ok(sheets_json(&finished).to_string())
}

/// `verify`: a room's log from a file (`--log`, as before) or the log a link carries (`--link`), with the
/// same output and exit status.
pub fn verify_any(options: &Options) -> Result<(String, bool), String> {
    match (&options.log, &options.link) {
        (Some(_), Some(_)) => Err("verify takes --log FILE or --link URL, not both".into()),
        (None, None) => Err("verify needs --log FILE or --link URL".into()),
        (Some(_), None) => verify(options),
        (None, Some(_)) => {
            let game = linked(options, "verify")?;
            let log = game.exported()?.log.unwrap_or_default();
            let entries = text::read_log(&log)?;
            let name = RoomName::parse("verified").map_err(|error| error.to_string())?;
            let checked = check_dice(name, &entries)
                .map_err(|error| format!("the linked game does not replay: {error}"))?;
            let printed = serde_json::to_value(&checked).map_err(|error| error.to_string())?;
            Ok((printed.to_string(), matches!(checked, DiceCheck::Checked { .. })))
        }
    }
}

/// The end as a whole number of milliseconds where it is one (as clocks give it).
fn milliseconds(ms: f64) -> Value {
    match ms.fract() == 0.0 && (0.0..9.007e15).contains(&ms) {
        true => json!(ms as u64),
        false => json!(ms),
    }
}

/// Each player's boxes as written (`null`: never written, as in a Generala won at once) in sheet order, a
/// box of a column other than the free one as `column:cell`; the bonuses, total and rank the rules give; the
/// winners.
fn sheets_json(finished: &FinishedGame) -> Value {
    let game = &finished.game;
    let rules = game.rules();
    let standings = game.standings();
    let players: Vec<Value> = (game.players().iter().enumerate())
        .map(|(seat, name)| {
            let mut cells = Map::new();
            for column in rules.columns().iter() {
                let sheet = game.sheet(seat, column);
                for cell in rules.ruleset().cells {
                    let written = sheet.and_then(|sheet| sheet.get(cell.category));
                    cells.insert(Place::new(column, cell.category).to_string(), json!(written));
                }
            }
            let totals = game.totals(seat).unwrap_or_default();
            let standing = standings.iter().find(|standing| standing.seat == seat);
            json!({
                "seat": seat,
                "name": name,
                "cells": cells,
                "upper_bonus": totals.bonus,
                "yahtzee_bonus": totals.five_of_a_kind_bonus,
                "total": totals.grand,
                "rank": standing.map(|standing| standing.rank),
                "winner": standing.is_some_and(|standing| standing.winner),
                "computer_turns": finished.computer_turns.get(seat).copied().unwrap_or(0),
            })
        })
        .collect();
    let winners: Vec<&str> = standings
        .iter()
        .filter(|standing| standing.winner)
        .map(|standing| game.players()[standing.seat].as_str())
        .collect();
    json!({
        "table": finished.table_name,
        "table_id": finished.table_id,
        "finished_ms": milliseconds(finished.finished_ms),
        "rules": options_json(rules),
        "dice": game.mode().id(),
        "players": players,
        "winners": winners,
    })
}
