//! localStorage: one key per table, the id of the last table played, and the history of finished games.
//! Anything unreadable is moved aside under an `unreadable` key, never overwritten, and reported.

use crate::table::{FinishedGame, TABLE_FORMAT, Table};

const TABLE_PREFIX: &str = "fivedice.table.";
const LAST_TABLE: &str = "fivedice.last";
const HISTORY: &str = "fivedice.history";
const UNREADABLE_PREFIX: &str = "fivedice.unreadable.";

/// What was read, and what could not be, in words for the player.
pub struct Loaded<T> {
    pub value: T,
    pub problems: Vec<String>,
}

/// The browser's localStorage, if this browser lets the page have it (private modes may not).
pub struct Storage(Option<web_sys::Storage>);

impl Storage {
    pub fn open() -> Storage {
        Storage(web_sys::window().and_then(|window| window.local_storage().ok().flatten()))
    }

    pub fn is_available(&self) -> bool {
        self.0.is_some()
    }

    fn get(&self, key: &str) -> Option<String> {
        self.0.as_ref()?.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        let storage = self.0.as_ref().ok_or("this browser keeps no saved games here")?;
        storage
            .set_item(key, value)
            .map_err(|_| "the browser's storage is full or blocked: this game is not being saved".to_string())
    }

    fn keys(&self) -> Vec<String> {
        let Some(storage) = &self.0 else {
            return Vec::new();
        };
        let count = storage.length().unwrap_or(0);
        (0..count)
            .filter_map(|index| storage.key(index).ok().flatten())
            .collect()
    }

    /// Moves unreadable data to a key of its own so nothing overwrites it, and says what happened.
    fn keep_aside(&self, key: &str, raw: &str, reason: &str) -> String {
        let aside = format!("{UNREADABLE_PREFIX}{key}.{}", js_sys::Date::now() as u64);
        match self.set(&aside, raw) {
            Ok(()) => {
                if let Some(storage) = &self.0 {
                    let _ = storage.remove_item(key);
                }
                format!("A saved game could not be read ({reason}). It was kept aside as \"{aside}\".")
            }
            Err(_) => format!("A saved game could not be read ({reason}). It was left untouched."),
        }
    }

    pub fn save_table(&self, table: &Table) -> Result<(), String> {
        self.set(&format!("{TABLE_PREFIX}{}", table.id), &table.to_json())?;
        self.set(LAST_TABLE, &table.id)
    }

    pub fn delete_table(&self, id: &str) {
        if let Some(storage) = &self.0 {
            let _ = storage.remove_item(&format!("{TABLE_PREFIX}{id}"));
        }
    }

    pub fn last_table_id(&self) -> Option<String> {
        self.get(LAST_TABLE)
    }

    /// Every saved table, most recently played first.
    pub fn tables(&self) -> Loaded<Vec<Table>> {
        let mut tables = Vec::new();
        let mut problems = Vec::new();
        for key in self
            .keys()
            .into_iter()
            .filter(|key| key.starts_with(TABLE_PREFIX))
        {
            let Some(raw) = self.get(&key) else { continue };
            match Table::from_json(&raw) {
                Ok(table) => tables.push(table),
                Err(reason) => problems.push(self.keep_aside(&key, &raw, &reason)),
            }
        }
        tables.sort_by(|a, b| b.updated_ms.total_cmp(&a.updated_ms));
        Loaded {
            value: tables,
            problems,
        }
    }

    pub fn history(&self) -> Loaded<Vec<FinishedGame>> {
        let Some(raw) = self.get(HISTORY) else {
            return Loaded {
                value: Vec::new(),
                problems: Vec::new(),
            };
        };
        #[derive(serde::Deserialize)]
        struct Envelope {
            format: u32,
            games: Vec<FinishedGame>,
        }
        let read = serde_json::from_str::<Envelope>(&raw)
            .map_err(|error| error.to_string())
            .and_then(|envelope| match envelope.format {
                TABLE_FORMAT => Ok(envelope.games),
                other => Err(format!("history format {other} is not known")),
            });
        match read {
            Ok(games) => Loaded {
                value: games,
                problems: Vec::new(),
            },
            Err(reason) => Loaded {
                value: Vec::new(),
                problems: vec![self.keep_aside(HISTORY, &raw, &reason)],
            },
        }
    }

    pub fn save_history(&self, games: &[FinishedGame]) -> Result<(), String> {
        let json = serde_json::json!({ "format": TABLE_FORMAT, "games": games });
        self.set(HISTORY, &json.to_string())
    }
}
