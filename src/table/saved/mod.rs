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

pub use table::{SavedTable, TABLE_FORMAT};

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

/// A finished game, read in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub table_id: String,
    pub table_name: String,
    pub finished_ms: f64,
    pub game: Game,
}

/// A finished game as the history keeps it: which table it was and when it ended, with the game's saved text,
/// read in full only where it is shown (statistics, the finished games, a file). Starting the app reads no
/// game of the history, so a first visit downloads no reader of games.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptGame {
    pub table_id: String,
    pub finished_ms: f64,
    text: String,
}

impl KeptGame {
    pub fn of(game: &FinishedGame) -> KeptGame {
        KeptGame {
            table_id: game.table_id.clone(),
            finished_ms: game.finished_ms,
            // Strings, numbers and lists only: writing them as JSON cannot fail.
            text: serde_json::to_string(game).expect("a finished game is plain JSON"),
        }
    }

    /// The game in full.
    pub fn read(&self) -> Result<FinishedGame, String> {
        serde_json::from_str(&self.text).map_err(|error| format!("finished game {}: {error}", self.table_id))
    }

    /// A game's saved text, with only what the history needs to know of it read.
    fn from_text(text: &str) -> Result<KeptGame, String> {
        #[derive(Deserialize)]
        struct Known {
            table_id: String,
            finished_ms: f64,
        }
        let known: Known = serde_json::from_str(text).map_err(|error| error.to_string())?;
        Ok(KeptGame {
            table_id: known.table_id,
            finished_ms: known.finished_ms,
            text: text.to_string(),
        })
    }
}

/// An export carries the history's games as they are kept.
impl Serialize for KeptGame {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = RawValue::from_string(self.text.clone()).map_err(serde::ser::Error::custom)?;
        text.serialize(serializer)
    }
}

/// The history's saved form, `{"format": 1, "games": [...]}`, written from the games' texts as they are kept.
pub fn history_to_json(games: &[KeptGame]) -> String {
    let texts: Vec<&str> = games.iter().map(|game| game.text.as_str()).collect();
    format!("{{\"format\":{HISTORY_FORMAT},\"games\":[{}]}}", texts.join(","))
}

pub fn history_from_json(raw: &str) -> Result<Vec<KeptGame>, String> {
    #[derive(Deserialize)]
    struct Envelope<'a> {
        format: u32,
        #[serde(borrow)]
        games: Vec<&'a RawValue>,
    }
    let envelope: Envelope = serde_json::from_str(raw).map_err(|error| error.to_string())?;
    match envelope.format {
        HISTORY_FORMAT => envelope
            .games
            .into_iter()
            .map(|game| KeptGame::from_text(game.get()))
            .collect(),
        other => Err(format!("history format {other} is not known")),
    }
}

/// Everything Five Dice keeps, as one file: the export, the import, and a single shared game.
#[derive(Debug, Default, PartialEq)]
pub struct Bundle {
    pub tables: Vec<Table>,
    pub history: Vec<KeptGame>,
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
            history: &'a [KeptGame],
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
                    .map(|game| KeptGame::of(&game))
                    .map_err(|error| FileError::Damaged(format!("finished game {}: {error}", index + 1)))
            })
            .collect::<Result<Vec<KeptGame>, FileError>>()?;
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
