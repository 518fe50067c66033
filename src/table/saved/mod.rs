//! The forms Five Dice keeps its data in: a saved table ([`table`]), the history of finished games, and the
//! export file. Every saved form carries a format version, and every earlier version still reads.

mod table;
pub mod text;

use std::collections::BTreeMap;

use fivedice_room::{Room, RoomName};
use fivedice_rules::{Face, FirstPlayerRoll, Game};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::Table;
use table::TableRecord;

pub use table::{JSON_TABLE_FORMAT, SavedTable};

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

/// A finished game as the history keeps it: its table, when it ended, and the table's log as text, replayed
/// into the game only where the game is shown (statistics, the finished games, a file). Starting the app
/// replays no game of the history.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptGame {
    pub table_id: String,
    pub finished_ms: f64,
    pub table_name: String,
    log: String,
}

impl KeptGame {
    /// A finished table's game, as it ended at `finished_ms`.
    pub fn of(table: &Table, finished_ms: f64) -> KeptGame {
        let mut log = String::new();
        text::write_log(&mut log, &table.log);
        KeptGame {
            table_id: table.id.clone(),
            finished_ms,
            table_name: table.name.clone(),
            log,
        }
    }

    /// The game in full: the table's log replayed by the rules.
    pub fn read(&self) -> Result<FinishedGame, String> {
        let damaged = |error: &dyn std::fmt::Display| format!("finished game {}: {error}", self.table_id);
        let log = text::read_log(&self.log).map_err(|error| damaged(&error))?;
        let name = RoomName::parse(&self.table_id).map_err(|error| damaged(&error))?;
        let room = Room::replay(name, &log).map_err(|error| damaged(&error))?;
        let game = room.game().filter(|game| game.is_over()).cloned();
        Ok(FinishedGame {
            table_id: self.table_id.clone(),
            table_name: self.table_name.clone(),
            finished_ms: self.finished_ms,
            game: game.ok_or_else(|| damaged(&"the game is not over"))?,
        })
    }

    /// A finished game as a file or an earlier history has it (the game, not its log): kept with the log
    /// that leads to it.
    pub fn from_game(finished: &FinishedGame) -> Result<KeptGame, String> {
        // The history did not keep how the first seat was decided: a roll-off it won outright stands for it.
        let first_seat = finished.game.first_seat();
        let players = finished.game.players().len();
        let won = |seat| {
            if seat == first_seat {
                Face::ALL[5]
            } else {
                Face::ALL[0]
            }
        };
        let rounds = match players {
            1 => Vec::new(),
            _ => vec![(0..players).map(|seat| (seat, won(seat))).collect()],
        };
        let roll_off = FirstPlayerRoll { rounds, first_seat };
        let log = table::log_of(&finished.table_id, &finished.game, &roll_off)
            .map_err(|error| format!("finished game {}: {error}", finished.table_id))?;
        let mut text = String::new();
        text::write_log(&mut text, &log);
        Ok(KeptGame {
            table_id: finished.table_id.clone(),
            finished_ms: finished.finished_ms,
            table_name: finished.table_name.clone(),
            log: text,
        })
    }
}

/// The history this device saved: as text, read; or in JSON, from before text (read by
/// [`history_from_json`]).
pub enum SavedHistory {
    Current(Vec<KeptGame>),
    Earlier,
}

/// The history as text (format 2): each game's line, then its log.
pub fn history_to_text(games: &[KeptGame]) -> String {
    let mut out = String::from(text::HISTORY_HEADER);
    out.push('\n');
    for game in games {
        text::write_game_line(&mut out, &game.table_id, game.finished_ms, &game.table_name);
        out.push_str(&game.log);
    }
    text::end(&mut out);
    out
}

pub fn history_from_text(saved: &str) -> Result<SavedHistory, String> {
    if saved.starts_with('{') {
        return Ok(SavedHistory::Earlier);
    }
    let games = text::split_history(saved)?
        .into_iter()
        .map(|(line, log)| KeptGame {
            table_id: line.table_id,
            finished_ms: line.finished_ms,
            table_name: line.table_name,
            log,
        })
        .collect();
    Ok(SavedHistory::Current(games))
}

/// The history in JSON (format 1, before text): read once by a chunk of its own, and saved again as text.
pub fn history_from_json(raw: &str) -> Result<Vec<KeptGame>, String> {
    #[derive(Deserialize)]
    struct Envelope {
        format: u32,
        games: Vec<FinishedGame>,
    }
    let envelope: Envelope = serde_json::from_str(raw).map_err(|error| error.to_string())?;
    match envelope.format {
        HISTORY_FORMAT => envelope.games.iter().map(KeptGame::from_game).collect(),
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
    /// The file, in JSON for any tool: the tables in format 4, each finished game read in full. A game of the
    /// history that cannot be read refuses the file, saying which (nothing is left out unsaid).
    pub fn to_json(&self, exported_ms: f64) -> Result<String, String> {
        #[derive(Serialize)]
        struct File {
            app: &'static str,
            format: u32,
            exported_ms: f64,
            tables: Vec<Versioned<TableRecord>>,
            history: Vec<FinishedGame>,
        }
        let file = File {
            app: "fivedice",
            format: HISTORY_FORMAT,
            exported_ms,
            tables: self.tables.iter().filter_map(Table::versioned).collect(),
            history: self
                .history
                .iter()
                .map(KeptGame::read)
                .collect::<Result<_, _>>()?,
        };
        Ok(serde_json::to_string(&file).expect("an export is plain JSON"))
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
                    .map_err(|error| error.to_string())
                    .and_then(|game| KeptGame::from_game(&game))
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
