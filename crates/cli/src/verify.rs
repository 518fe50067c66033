//! `fivedice verify --log FILE`: checks every die of a room's log against the seed its host revealed at the
//! end, as each device does (`fivedice_room::dice_seed`).

use fivedice_room::{DiceCheck, LogEntry, RoomName, check_dice};
use fivedice_saved::{ExportedGame, SavedRoom, TableRecord, text};
use serde::Deserialize;

use crate::options::Options;

/// What `verify` prints, and whether the dice were vouched for (the exit status says so too). A file of finished
/// games (an export, or one game shared) has each game checked: one game prints as a room's log does, several as
/// a list, vouched for only if every one checks.
pub fn verify(options: &Options) -> Result<(String, bool), String> {
    options.expect_positionals(0, "verify")?;
    let path = options.log.as_deref().ok_or("verify needs --log FILE")?;
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let name = RoomName::parse("verified").map_err(|error| error.to_string())?;
    let check = |entries: &[LogEntry]| {
        check_dice(name.clone(), entries).map_err(|error| format!("{path} does not replay: {error}"))
    };
    let vouched = |check: &DiceCheck| matches!(check, DiceCheck::Checked { .. });
    let json = |value: &DiceCheck| serde_json::to_value(value).map_err(|error| error.to_string());
    let Some(games) = finished_games(&text).map_err(|error| format!("{path}: {error}"))? else {
        let entries = read_log(&text).map_err(|error| format!("{path} is not a room's log: {error}"))?;
        let checked = check(&entries)?;
        return Ok((json(&checked)?.to_string(), vouched(&checked)));
    };
    let mut all_vouched = !games.is_empty();
    let mut checks = Vec::new();
    for (table_id, entries) in &games {
        let checked = check(entries)?;
        all_vouched &= vouched(&checked);
        let mut line = json(&checked)?;
        if let Some(fields) = line.as_object_mut() {
            fields.insert("table_id".into(), table_id.clone().into());
        }
        checks.push(line);
    }
    let printed = match <[_; 1]>::try_from(checks) {
        Ok([mut one]) => {
            if let Some(fields) = one.as_object_mut() {
                fields.remove("table_id");
            }
            one
        }
        Err(checks) => serde_json::json!({ "games": checks }),
    };
    Ok((printed.to_string(), all_vouched))
}

/// A finished game's table id, and its log.
type GameLog = (String, Vec<LogEntry>);

/// The finished games of a file of them (`None`: the text is not such a file), each with its table's id and
/// its log. A game written before files carried logs cannot be checked, and says so.
fn finished_games(text: &str) -> Result<Option<Vec<GameLog>>, String> {
    #[derive(Deserialize)]
    struct File {
        #[serde(default)]
        history: Vec<ExportedGame>,
    }
    #[derive(Deserialize)]
    struct App {
        app: String,
    }
    if serde_json::from_str::<App>(text).map_or(true, |file| file.app != "fivedice") {
        return Ok(None);
    }
    let file = serde_json::from_str::<File>(text)
        .map_err(|error| format!("a file of finished games that does not read: {error}"))?;
    file.history
        .into_iter()
        .map(|game| {
            let id = game.finished.table_id;
            let log = game
                .log
                .ok_or_else(|| format!("finished game {id} was exported without its log (an older file)"))?;
            let entries = text::read_log(&log).map_err(|error| format!("finished game {id}: {error}"))?;
            Ok((id, entries))
        })
        .collect::<Result<_, String>>()
        .map(Some)
}

/// The server's form of a room's log: its entries, alone or under `entries`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Entries {
    Bare(Vec<LogEntry>),
    Named { entries: Vec<LogEntry> },
}

/// A room's log as a device keeps it (a saved room, as text or JSON), a table as the app saves it, or the
/// entries themselves in JSON.
fn read_log(text: &str) -> Result<Vec<LogEntry>, String> {
    if let Ok(entries) = serde_json::from_str::<Entries>(text) {
        return Ok(match entries {
            Entries::Bare(entries) | Entries::Named { entries } => entries,
        });
    }
    if let Ok(room) = SavedRoom::read(text) {
        return Ok(room.entries);
    }
    let table = match text.trim_start().starts_with('{') {
        true => TableRecord::from_json(text),
        false => TableRecord::from_text(text),
    };
    table
        .map(|table| table.log)
        .map_err(|_| "neither a saved room, a saved table nor a room's entries in JSON".into())
}
