//! The forms Five Dice keeps its data in: a saved table ([`table`]), the history of finished games, and the
//! export file. Every saved form carries a format version, and every earlier version still reads.

mod table;

use std::collections::BTreeMap;

use fivedice_rules::Game;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::Table;
use table::TableRecord;

pub use table::TABLE_FORMAT;

/// The version of the history and export formats.
pub const HISTORY_FORMAT: u32 = 1;

/// A saved form: `{"format": N, "<part>": body}`. Written and read as typed values, never through
/// `serde_json::Value`, so each saved type's (de)serializer exists once in the download.
pub(super) struct Versioned<T> {
    pub format: u32,
    pub part: &'static str,
    pub body: T,
}

impl<T: Serialize> Serialize for Versioned<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("format", &self.format)?;
        map.serialize_entry(self.part, &self.body)?;
        map.end()
    }
}

impl<T: Serialize> Versioned<T> {
    pub fn to_json(&self) -> String {
        // Strings, numbers, lists and string-keyed maps only: writing them as JSON cannot fail.
        serde_json::to_string(self).expect("a saved form is plain JSON")
    }
}

/// A JSON object's members by name, each still as its JSON text, to be read once its format is known.
type Parts = BTreeMap<String, Box<RawValue>>;

/// The format version a saved form's parts carry, if they carry one.
fn format_of(parts: &Parts) -> Option<u64> {
    parts
        .get("format")
        .and_then(|format| serde_json::from_str(format.get()).ok())
}

/// A versioned saved form's format and the text of its `part`; `what` names the form in the errors.
pub(super) fn read_versioned(raw: &str, part: &str, what: &str) -> Result<(u64, Box<RawValue>), String> {
    let mut parts: Parts =
        serde_json::from_str(raw).map_err(|error| format!("not a saved {what}: {error}"))?;
    let format = format_of(&parts).ok_or_else(|| format!("not a saved {what}: no format version"))?;
    let body = parts
        .remove(part)
        .ok_or_else(|| format!("not a saved {what}: no {part}"))?;
    Ok((format, body))
}

/// A finished game as the history keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub table_id: String,
    pub table_name: String,
    pub finished_ms: f64,
    pub game: Game,
}

pub fn history_to_json(games: &[FinishedGame]) -> String {
    Versioned {
        format: HISTORY_FORMAT,
        part: "games",
        body: &games,
    }
    .to_json()
}

pub fn history_from_json(raw: &str) -> Result<Vec<FinishedGame>, String> {
    #[derive(Deserialize)]
    struct Envelope {
        format: u32,
        games: Vec<FinishedGame>,
    }
    let envelope: Envelope = serde_json::from_str(raw).map_err(|error| error.to_string())?;
    match envelope.format {
        HISTORY_FORMAT => Ok(envelope.games),
        other => Err(format!("history format {other} is not known")),
    }
}

/// Everything Five Dice keeps, as one file: the export, the import, and a single shared game.
#[derive(Debug, Default, PartialEq)]
pub struct Bundle {
    pub tables: Vec<Table>,
    pub history: Vec<FinishedGame>,
}

/// How an import went, for the player.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MergeSummary {
    pub tables_added: usize,
    pub games_added: usize,
    pub already_here: usize,
}

/// Why a file cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Not JSON, or not written by this app.
    NotFiveDice,
    /// Written by another version of the app, in a format this one does not read.
    UnknownFormat(Option<u64>),
    /// A Five Dice file with a part that cannot be read (which, and the technical reason).
    Damaged(String),
}

impl Bundle {
    pub fn to_json(&self, exported_ms: f64) -> String {
        #[derive(Serialize)]
        struct File<'a> {
            app: &'static str,
            format: u32,
            exported_ms: f64,
            tables: Vec<Versioned<TableRecord>>,
            history: &'a [FinishedGame],
        }
        let file = File {
            app: "fivedice",
            format: HISTORY_FORMAT,
            exported_ms,
            tables: self.tables.iter().filter_map(Table::versioned).collect(),
            history: &self.history,
        };
        serde_json::to_string(&file).expect("an export is plain JSON")
    }

    /// Reads an export file; every table and game is checked by the rules, and one bad entry refuses the file.
    pub fn from_json(raw: &str) -> Result<Bundle, FileError> {
        let file: Parts = serde_json::from_str(raw).map_err(|_| FileError::NotFiveDice)?;
        let member = |name: &str| file.get(name).map(|value| value.get());
        let app = member("app").and_then(|app| serde_json::from_str::<String>(app).ok());
        if app.as_deref() != Some("fivedice") {
            return Err(FileError::NotFiveDice);
        }
        match format_of(&file) {
            Some(format) if format == u64::from(HISTORY_FORMAT) => {}
            other => return Err(FileError::UnknownFormat(other)),
        }
        let list = |name: &str| match member(name) {
            None => Ok(Vec::new()),
            Some(list) => serde_json::from_str::<Vec<Box<RawValue>>>(list)
                .map_err(|error| FileError::Damaged(format!("{name}: {error}"))),
        };
        let tables = list("tables")?
            .iter()
            .enumerate()
            .map(|(index, table)| {
                Table::from_json(table.get())
                    .map_err(|error| FileError::Damaged(format!("table {}: {error}", index + 1)))
            })
            .collect::<Result<Vec<Table>, FileError>>()?;
        let history = list("history")?
            .iter()
            .enumerate()
            .map(|(index, game)| {
                serde_json::from_str(game.get())
                    .map_err(|error| FileError::Damaged(format!("finished game {}: {error}", index + 1)))
            })
            .collect::<Result<Vec<FinishedGame>, FileError>>()?;
        Ok(Bundle { tables, history })
    }

    /// Adds what `other` has and this does not (by table id); of two copies of a table, the more saved one wins.
    pub fn merge(&mut self, other: Bundle) -> MergeSummary {
        let mut summary = MergeSummary::default();
        for game in other.history {
            if self.history.iter().any(|mine| mine.table_id == game.table_id) {
                summary.already_here += 1;
            } else {
                summary.games_added += 1;
                self.history.push(game);
            }
        }
        self.history
            .sort_by(|a, b| b.finished_ms.total_cmp(&a.finished_ms));
        for table in other.tables {
            let finished = self.history.iter().any(|game| game.table_id == table.id);
            match self.tables.iter_mut().find(|mine| mine.id == table.id) {
                _ if finished => summary.already_here += 1,
                Some(mine) if table.revision > mine.revision => *mine = table,
                Some(_) => summary.already_here += 1,
                None => {
                    summary.tables_added += 1;
                    self.tables.push(table);
                }
            }
        }
        summary
    }
}

#[cfg(test)]
mod tests;
