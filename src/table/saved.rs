//! The forms Five Dice keeps its data in: a saved table, the history of finished games, and the export file.
//! Every saved form carries a format version; an older version reads with defaults for the fields it lacked.

use std::collections::BTreeMap;

use fivedice_rules::Game;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::Table;

/// The version of the saved-table format. 1: the first release. 2: tables count their saves (`revision`).
/// 3: seats can hold computer players (`computer`, `bot_delay_ms`); the coach (`coached`, `decisions`).
/// A field an older format lacks reads as its default (`Table`'s serde defaults), which is the migration.
pub const TABLE_FORMAT: u32 = 3;
/// The version of the history and export formats.
pub const HISTORY_FORMAT: u32 = 1;

/// A saved form: `{"format": N, "<part>": body}`. Written and read as typed values, never through
/// `serde_json::Value`, so each saved type's (de)serializer exists once in the download.
pub(super) struct Versioned<'a, T> {
    pub format: u32,
    pub part: &'static str,
    pub body: &'a T,
}

impl<T: Serialize> Serialize for Versioned<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("format", &self.format)?;
        map.serialize_entry(self.part, self.body)?;
        map.end()
    }
}

impl<T: Serialize> Versioned<'_, T> {
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

impl Table {
    /// The saved form: the table inside a versioned envelope.
    pub fn to_json(&self) -> String {
        self.versioned().to_json()
    }

    /// The table inside its versioned envelope, as it is saved alone and in an export.
    fn versioned(&self) -> Versioned<'_, Table> {
        Versioned {
            format: TABLE_FORMAT,
            part: "table",
            body: self,
        }
    }

    /// Reads a saved table of this or any earlier format, refusing anything else.
    pub fn from_json(raw: &str) -> Result<Table, String> {
        let (format, table) = read_versioned(raw, "table", "table")?;
        match format {
            1..=3 => {
                serde_json::from_str(table.get()).map_err(|error| format!("saved table is damaged: {error}"))
            }
            other => Err(format!("saved table format {other} is not known")),
        }
    }
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
            tables: Vec<Versioned<'a, Table>>,
            history: &'a [FinishedGame],
        }
        let file = File {
            app: "fivedice",
            format: HISTORY_FORMAT,
            exported_ms,
            tables: self.tables.iter().map(Table::versioned).collect(),
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
mod tests {
    use fivedice_rules::{DiceMode, RulesetId};

    use super::*;
    use crate::table::DEFAULT_BOT_DELAY_MS;
    use crate::table::testing::request;

    fn table(seed: u64) -> Table {
        let request = request(RulesetId::Yahtzee, DiceMode::App, &["A", "B", "C"], Some(seed));
        Table::new("Kitchen".into(), &request, 1e12 + seed as f64).unwrap()
    }

    #[test]
    fn a_seeded_table_rolls_for_the_first_player_and_round_trips() {
        let first = table(5);
        assert!(!first.first_player_roll.rounds.is_empty());
        assert_eq!(first.game.current_seat(), first.first_player_roll.first_seat);
        assert_eq!(Table::from_json(&first.to_json()).unwrap(), first);
        assert_eq!(
            table(5).first_player_roll,
            first.first_player_roll,
            "a seed decides the same starter"
        );
    }

    /// Saves written by every earlier release, kept as they were written.
    #[test]
    fn saves_of_every_earlier_format_still_load() {
        let v1 = include_str!("../../tests/samples/table-v1.json");
        let table = Table::from_json(v1).expect("a format-1 save loads");
        assert_eq!(table.revision, 0);
        assert_eq!(
            (table.computer_to_play(), table.bot_delay_ms),
            (None, DEFAULT_BOT_DELAY_MS)
        );
        assert_eq!(table.game.players(), ["Anna", "Ben"]);
        assert_eq!(table.game.log().len(), 2);
        assert_eq!(table.game.turn().rolls_used, 1);
        let v2 = Table::from_json(include_str!("../../tests/samples/table-v2.json"))
            .expect("a format-2 save loads");
        assert_eq!((v2.revision, v2.computer_to_play()), (9, None));
        assert_eq!(v2.game, table.game);
        let history = history_from_json(include_str!("../../tests/samples/history-v1.json")).unwrap();
        assert_eq!(history.len(), 1);
        assert!(history[0].game.is_over());
    }

    #[test]
    fn bad_saves_and_bad_tables_are_refused() {
        let twins = request(RulesetId::Yam, DiceMode::App, &["A", "a"], Some(1));
        assert!(Table::new("T".into(), &twins, 0.0).is_err());
        assert!(Table::from_json("{").is_err());
        assert!(
            Table::from_json("{\"format\":4,\"table\":{}}")
                .unwrap_err()
                .contains("format 4")
        );
        assert!(
            Table::from_json("{\"format\":2,\"table\":{\"id\":3}}")
                .unwrap_err()
                .contains("damaged")
        );
    }

    #[test]
    fn an_export_reads_back_and_merges_without_duplicates() {
        let mut here = Bundle {
            tables: vec![table(1), table(2)],
            history: Vec::new(),
        };
        let mut newer = table(2);
        newer.revision = 5;
        let file = Bundle {
            tables: vec![table(1), newer.clone(), table(3)],
            history: Vec::new(),
        }
        .to_json(0.0);
        let summary = here.merge(Bundle::from_json(&file).unwrap());
        assert_eq!(
            summary,
            MergeSummary {
                tables_added: 1,
                games_added: 0,
                already_here: 1
            }
        );
        assert_eq!(here.tables.len(), 3);
        assert!(here.tables.contains(&newer), "the more saved copy wins");
        let told = crate::i18n::words(crate::i18n::Language::English).imported;
        assert_eq!(
            told(summary.games_added, summary.tables_added, summary.already_here),
            "Imported 0 finished games and 1 game in progress; 1 was already here."
        );
        assert!(Bundle::from_json("{\"app\":\"other\"}").is_err());
        let broken = file.replacen("\"players\":[\"A\"", "\"players\":[\"\"", 1);
        assert!(
            matches!(Bundle::from_json(&broken), Err(FileError::Damaged(what)) if what.starts_with("table 1:"))
        );
        assert_eq!(Bundle::from_json("not json").unwrap_err(), FileError::NotFiveDice);
        assert!(matches!(
            Bundle::from_json(r#"{"app":"fivedice","format":1,"tables":5}"#),
            Err(FileError::Damaged(what)) if what.starts_with("tables:")
        ));
        assert_eq!(
            Bundle::from_json(r#"{"app":"fivedice","format":"1"}"#).unwrap_err(),
            FileError::UnknownFormat(None)
        );
    }
}
