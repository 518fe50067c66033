//! `fivedice verify --log FILE`: checks every die of a room's log against the seed its host revealed at the
//! end, as each device does (`fivedice_room::dice_seed`).

use fivedice_room::{DiceCheck, LogEntry, RoomName, check_dice};
use fivedice_saved::{SavedRoom, TableRecord};
use serde::Deserialize;

use crate::options::Options;

/// What `verify` prints, and whether the dice were vouched for (the exit status says so too).
pub fn verify(options: &Options) -> Result<(String, bool), String> {
    options.expect_positionals(0, "verify")?;
    let path = options.log.as_deref().ok_or("verify needs --log FILE")?;
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let entries = read_log(&text).map_err(|error| format!("{path} is not a room's log: {error}"))?;
    let name = RoomName::parse("verified").map_err(|error| error.to_string())?;
    let check = check_dice(name, &entries).map_err(|error| format!("{path} does not replay: {error}"))?;
    let vouched = matches!(check, DiceCheck::Checked { .. });
    let json = serde_json::to_value(&check).map_err(|error| error.to_string())?;
    Ok((json.to_string(), vouched))
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
