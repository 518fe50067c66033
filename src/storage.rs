//! Saved data: one key per table, the id of the last table played, and the history of finished games.
//! Anything unreadable is moved aside under an `unreadable` key, never overwritten, and reported.
//! The key-value store is behind a small trait: the browser's localStorage in the app, a map in tests.

use gloo_storage::{LocalStorage, Storage as _};

use fivedice_room::RoomName;
use fivedice_rules::Language;

use crate::table::online::SavedRoom;
use crate::table::saved::{history_from_json, history_to_json};
use crate::table::{FinishedGame, Table};

const TABLE_PREFIX: &str = "fivedice.table.";
const LAST_TABLE: &str = "fivedice.last";
/// One key per online room this device has been in: its seat tokens and the log it has seen.
const ROOM_PREFIX: &str = "fivedice.room.";
/// The online room open when the app was last used, to return to it on a reload.
const OPEN_ROOM: &str = "fivedice.open-room";
const HISTORY: &str = "fivedice.history";
const LANGUAGE: &str = "fivedice.language";
pub const UNREADABLE_PREFIX: &str = "fivedice.unreadable.";

/// A store refused a write: it is full, or the browser blocks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteRefused;

/// The few operations a key-value store needs to keep Five Dice's data.
pub trait Backend {
    fn get(&self, key: &str) -> Option<String>;
    /// Fails when the store is full or refuses writes.
    fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused>;
    fn remove(&self, key: &str);
    fn keys(&self) -> Vec<String>;
}

/// The browser's localStorage, through gloo-storage. Values are kept as the exact text written (saved data
/// that cannot be read must stay byte for byte as it was), so it uses the raw store rather than gloo's JSON.
struct LocalStore;

impl LocalStore {
    /// The store, if this browser lets the page have one (gloo's `raw()` would panic where it does not).
    fn open() -> Option<LocalStore> {
        let window = web_sys::window()?;
        window.local_storage().ok().flatten().map(|_| LocalStore)
    }
}

impl Backend for LocalStore {
    fn get(&self, key: &str) -> Option<String> {
        LocalStorage::raw().get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
        LocalStorage::raw().set_item(key, value).map_err(|_| WriteRefused)
    }

    fn remove(&self, key: &str) {
        LocalStorage::delete(key);
    }

    fn keys(&self) -> Vec<String> {
        let raw = LocalStorage::raw();
        (0..LocalStorage::length())
            .filter_map(|index| raw.key(index).ok().flatten())
            .collect()
    }
}

/// What was read, and what could not be, in words for the player.
pub struct Loaded<T> {
    pub value: T,
    pub problems: Vec<LoadProblem>,
}

/// Why saving did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRefused {
    /// This browser gives the page no storage (a private window of some browsers).
    NoStorage,
    /// The storage is full, or the browser blocked the write.
    FullOrBlocked,
}

/// Saved data found unreadable: why (technical), and whether it could be kept aside for download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    pub reason: String,
    pub kept_aside: bool,
}

/// Saved data that could not be read, kept under its own key so the player can download it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub key: String,
    pub raw: String,
}

/// Five Dice's saved data in a key-value store, if this browser lets the page have one (private modes may not).
pub struct Storage {
    backend: Option<Box<dyn Backend>>,
    /// Milliseconds since 1970, to name the keys that hold unreadable data.
    clock: fn() -> f64,
}

impl Storage {
    /// The browser's localStorage.
    pub fn browser() -> Storage {
        Storage {
            backend: LocalStore::open().map(|store| Box::new(store) as Box<dyn Backend>),
            clock: js_sys::Date::now,
        }
    }

    /// Any other store: the in-memory one of the tests.
    pub fn with_backend(backend: Box<dyn Backend>, clock: fn() -> f64) -> Storage {
        Storage {
            backend: Some(backend),
            clock,
        }
    }

    pub fn is_available(&self) -> bool {
        self.backend.is_some()
    }

    fn get(&self, key: &str) -> Option<String> {
        self.backend.as_ref()?.get(key)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), SaveRefused> {
        let backend = self.backend.as_ref().ok_or(SaveRefused::NoStorage)?;
        backend
            .set(key, value)
            .map_err(|WriteRefused| SaveRefused::FullOrBlocked)
    }

    fn keys_with(&self, prefix: &str) -> Vec<String> {
        let keys = self
            .backend
            .as_ref()
            .map(|backend| backend.keys())
            .unwrap_or_default();
        keys.into_iter().filter(|key| key.starts_with(prefix)).collect()
    }

    /// Moves unreadable data to a key of its own so nothing overwrites it, and says what happened.
    fn keep_aside(&self, key: &str, raw: &str, reason: &str) -> LoadProblem {
        let aside = format!("{UNREADABLE_PREFIX}{key}.{}", (self.clock)() as u64);
        let kept_aside = self.set(&aside, raw).is_ok();
        if kept_aside && let Some(backend) = &self.backend {
            backend.remove(key);
        }
        LoadProblem {
            reason: reason.to_string(),
            kept_aside,
        }
    }

    pub fn table_key(id: &str) -> String {
        format!("{TABLE_PREFIX}{id}")
    }

    pub fn save_table(&self, table: &Table) -> Result<(), SaveRefused> {
        self.set(&Storage::table_key(&table.id), &table.to_json())
    }

    /// Remembers the table played last, to return to it when the app opens.
    pub fn set_last_table(&self, id: &str) -> Result<(), SaveRefused> {
        self.set(LAST_TABLE, id)
    }

    /// The saved table with this id, if it is there and readable.
    pub fn table(&self, id: &str) -> Option<Table> {
        Table::from_json(&self.get(&Storage::table_key(id))?).ok()
    }

    /// The saved table with this id if its revision is at least `revision` (another tab saved it since).
    /// Checked before every save: only the revision is read, and the whole table only when it is newer.
    pub fn table_since(&self, id: &str, revision: u64) -> Option<Table> {
        #[derive(serde::Deserialize)]
        struct Saved {
            table: Revision,
        }
        #[derive(serde::Deserialize)]
        struct Revision {
            #[serde(default)]
            revision: u64,
        }
        let raw = self.get(&Storage::table_key(id))?;
        let saved: Saved = serde_json::from_str(&raw).ok()?;
        (saved.table.revision >= revision)
            .then(|| Table::from_json(&raw).ok())
            .flatten()
    }

    pub fn delete_table(&self, id: &str) {
        if let Some(backend) = &self.backend {
            backend.remove(&Storage::table_key(id));
        }
    }

    pub fn last_table_id(&self) -> Option<String> {
        self.get(LAST_TABLE)
    }

    /// Every saved table, most recently played first.
    pub fn tables(&self) -> Loaded<Vec<Table>> {
        let mut tables = Vec::new();
        let mut problems = Vec::new();
        for key in self.keys_with(TABLE_PREFIX) {
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
        match history_from_json(&raw) {
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

    pub fn save_history(&self, games: &[FinishedGame]) -> Result<(), SaveRefused> {
        self.set(HISTORY, &history_to_json(games))
    }

    fn room_key(name: &RoomName) -> String {
        format!("{ROOM_PREFIX}{name}")
    }

    /// What this device keeps of an online room (nothing yet for a room it has never been in). Unreadable
    /// data is kept aside, and the reason returned.
    pub fn room(&self, name: &RoomName) -> Result<SavedRoom, LoadProblem> {
        let key = Storage::room_key(name);
        let Some(raw) = self.get(&key) else {
            return Ok(SavedRoom::default());
        };
        SavedRoom::from_json(&raw).map_err(|reason| self.keep_aside(&key, &raw, &reason))
    }

    pub fn save_room(&self, name: &RoomName, room: &SavedRoom) -> Result<(), SaveRefused> {
        self.set(&Storage::room_key(name), &room.to_json())
    }

    /// The online room to return to when the app opens, if one was open.
    pub fn open_room(&self) -> Option<String> {
        self.get(OPEN_ROOM)
    }

    /// Remembers the online room open now (`None`: none, the app opens on the start screen or a table).
    pub fn set_open_room(&self, name: Option<&RoomName>) -> Result<(), SaveRefused> {
        match name {
            Some(name) => self.set(OPEN_ROOM, name.as_str()),
            None => {
                if let Some(backend) = &self.backend {
                    backend.remove(OPEN_ROOM);
                }
                Ok(())
            }
        }
    }

    /// The language chosen on this device, if one was (else the browser's languages decide).
    pub fn language(&self) -> Option<Language> {
        self.get(LANGUAGE)?.parse().ok()
    }

    pub fn set_language(&self, language: Language) -> Result<(), SaveRefused> {
        self.set(LANGUAGE, language.id())
    }

    /// Everything kept aside as unreadable, oldest key first.
    pub fn unreadable(&self) -> Vec<Unreadable> {
        self.keys_with(UNREADABLE_PREFIX)
            .into_iter()
            .filter_map(|key| {
                Some(Unreadable {
                    raw: self.get(&key)?,
                    key,
                })
            })
            .collect()
    }
}

/// An in-memory store for the tests of the storage and the store, which fills up like a real one.
#[cfg(test)]
pub(crate) mod memory {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    use super::{Backend, WriteRefused};

    /// A store shared by its handles (the tests keep one to look inside).
    impl<B: Backend + ?Sized> Backend for std::rc::Rc<B> {
        fn get(&self, key: &str) -> Option<String> {
            (**self).get(key)
        }

        fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
            (**self).set(key, value)
        }

        fn remove(&self, key: &str) {
            (**self).remove(key)
        }

        fn keys(&self) -> Vec<String> {
            (**self).keys()
        }
    }

    /// An in-memory store, for tests; `capacity` (in bytes of values) makes it fill up like a real one.
    #[derive(Default)]
    pub struct MemoryBackend {
        pub entries: RefCell<BTreeMap<String, String>>,
        pub capacity: Option<usize>,
    }

    impl Backend for MemoryBackend {
        fn get(&self, key: &str) -> Option<String> {
            self.entries.borrow().get(key).cloned()
        }

        fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
            let mut entries = self.entries.borrow_mut();
            let used: usize = entries
                .iter()
                .filter(|(k, _)| *k != key)
                .map(|(_, v)| v.len())
                .sum();
            if self
                .capacity
                .is_some_and(|capacity| used + value.len() > capacity)
            {
                return Err(WriteRefused);
            }
            entries.insert(key.to_string(), value.to_string());
            Ok(())
        }

        fn remove(&self, key: &str) {
            self.entries.borrow_mut().remove(key);
        }

        fn keys(&self) -> Vec<String> {
            self.entries.borrow().keys().cloned().collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use fivedice_rules::{DiceMode, RulesetId};
    use proptest::prelude::*;

    use super::memory::MemoryBackend;
    use super::*;

    fn table(seed: u64) -> Table {
        let request =
            crate::table::testing::request(RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], Some(seed));
        let mut table = Table::new("Kitchen".into(), &request, 1e12).unwrap();
        let Table { game, dice, .. } = &mut table;
        game.roll(dice).unwrap();
        table
    }

    fn memory() -> (Storage, Rc<MemoryBackend>) {
        let backend = Rc::new(MemoryBackend::default());
        (
            Storage::with_backend(Box::new(backend.clone()), || 1.7e12),
            backend,
        )
    }

    #[test]
    fn another_tabs_newer_save_is_noticed_by_its_revision() {
        let (storage, _) = memory();
        let mut saved = table(3);
        saved.revision = 4;
        storage.save_table(&saved).unwrap();
        assert_eq!(storage.table_since(&saved.id, 4), Some(saved.clone()));
        assert_eq!(storage.table_since(&saved.id, 5), None);
        assert_eq!(storage.table_since("elsewhere", 0), None);
    }

    #[test]
    fn a_full_store_refuses_the_save_and_keeps_what_it_had() {
        let (storage, backend) = memory();
        storage.save_table(&table(1)).unwrap();
        let before = backend.entries.borrow().clone();
        let full = MemoryBackend {
            entries: RefCell::new(before.clone()),
            capacity: Some(10),
        };
        let storage = Storage::with_backend(Box::new(full), || 0.0);
        assert_eq!(storage.save_table(&table(2)), Err(SaveRefused::FullOrBlocked));
        assert_eq!(storage.tables().value.len(), 1);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Garbage, truncated saves and single-byte changes: loading never panics, good tables still load,
        /// and every byte of the bad data is still in the store (moved aside, never overwritten).
        #[test]
        fn loading_never_panics_and_never_loses_data(
            garbage in proptest::collection::vec(any::<u8>(), 0..200),
            cut in 0usize..4000,
            flip in (0usize..4000, any::<u8>()),
        ) {
            let (storage, backend) = memory();
            let good = table(7);
            storage.save_table(&good).unwrap();
            let json = good.to_json();
            let truncated = json[..cut.min(json.len())].to_string();
            let mut flipped = json.clone().into_bytes();
            let at = flip.0 % flipped.len();
            flipped[at] = flip.1;
            let flipped = String::from_utf8_lossy(&flipped).into_owned();
            let bad = [String::from_utf8_lossy(&garbage).into_owned(), truncated, flipped];
            for (index, raw) in bad.iter().enumerate() {
                backend.set(&format!("fivedice.table.bad{index}"), raw).unwrap();
            }
            backend.set("fivedice.history", &bad[0]).unwrap();
            let loaded = storage.tables();
            prop_assert!(loaded.value.contains(&good));
            let mut kept: Vec<String> = backend.entries.borrow().values().cloned().collect();
            kept.sort();
            for raw in &bad {
                prop_assert!(kept.contains(raw), "lost {raw:?}");
            }
            let _ = storage.history();
            prop_assert!(backend.entries.borrow().values().any(|value| value == &bad[0]));
        }
    }
}
