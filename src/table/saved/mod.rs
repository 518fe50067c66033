//! A table as this device keeps it ([`table`]: the `fivedice_saved` crate's record, read into a table here),
//! and the export file: everything kept, in JSON for any tool. Every saved form carries a format version, and
//! every earlier version still reads.

mod table;

use fivedice_saved::versioned::{Parts, Versioned, format_of};
use fivedice_saved::{ExportedGame, HISTORY_FORMAT, KeptGame, TableRecord};
use serde::Serialize;
use serde_json::value::RawValue;

use super::Table;

pub use table::SavedTable;

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
    /// The ids of the tables the merge brought: new here, or a more saved copy (to be saved).
    pub tables_brought: Vec<String>,
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
    /// The file, in JSON for any tool: the tables in format 6, each finished game read in full with its log. A
    /// game of the history that cannot be read refuses the file, saying which (nothing is left out unsaid).
    pub fn to_json(&self, exported_ms: f64) -> Result<String, String> {
        #[derive(Serialize)]
        struct File {
            app: &'static str,
            format: u32,
            exported_ms: f64,
            tables: Vec<Versioned<TableRecord>>,
            history: Vec<ExportedGame>,
        }
        let file = File {
            app: "fivedice",
            format: HISTORY_FORMAT,
            exported_ms,
            tables: self.tables.iter().filter_map(Table::versioned).collect(),
            history: self
                .history
                .iter()
                .map(KeptGame::exported)
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
                    .and_then(|game| KeptGame::from_exported(&game))
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
                Some(mine) if table.revision > mine.revision => {
                    summary.tables_brought.push(table.id.clone());
                    *mine = table;
                }
                Some(_) => summary.already_here += 1,
                None => {
                    summary.tables_added += 1;
                    summary.tables_brought.push(table.id.clone());
                    self.tables.push(table);
                }
            }
        }
        summary
    }
}

#[cfg(test)]
mod tests;
