//! Saved data: one key per table, the id of the last table played, and the history of finished games.
//! Each save keeps the copy it replaces under a `previous` key: a save found unreadable is moved aside under
//! an `unreadable` key (never overwritten, and reported) and its previous copy takes its place.
//! The key-value store is behind a small trait: the browser's localStorage in the app, a map in tests.

use fivedice_room::RoomName;
use fivedice_rules::Language;

use fivedice_saved::{SavedHistory, SavedRoom, history_from_json, history_from_text, history_to_text, text};

use crate::table::{KeptGame, SavedTable, Table, place_by_recency};

const TABLE_PREFIX: &str = "fivedice.table.";
const LAST_TABLE: &str = "fivedice.last";
/// One key per online room this device has been in: its seat tokens and the log it has seen.
const ROOM_PREFIX: &str = "fivedice.room.";
/// The online room open when the app was last used, to return to it on a reload.
const OPEN_ROOM: &str = "fivedice.open-room";
/// The name this device last joined a room as, and that room's name as typed, one a line: the join card offers
/// them again.
const ONLINE_AS: &str = "fivedice.online-as";
const HISTORY: &str = "fivedice.history";
const LANGUAGE: &str = "fivedice.language";
/// The events this device organises, newest first, one a line: the event's name as typed, a tab, its game as
/// an address names it. The start screen lists them, each a way back to its organiser's page.
const ORGANISED: &str = "fivedice.organised-events";
/// What the organiser's page keeps of each event this device organises (its key and the organiser's token, in
/// JSON), after this prefix and the event's name: a reload of the page finds the event.
const ORGANISED_EVENT_PREFIX: &str = "fivedice.organised.";
/// The new game's form as it was left (`SetupDraft`'s text).
const SETUP: &str = "fivedice.setup";
/// In the visit's store: the start screen was showing.
const START_SCREEN: &str = "fivedice.start-screen";
/// What hints play for on this device, once a player chose the chance to win: `win`.
const HINT_AIM: &str = "fivedice.hint-aim";
/// The theme chosen on this device, `light` or `dark` (none: the system's). index.html's first script reads it
/// before the first paint.
const THEME: &str = "fivedice.theme";
/// How the table feels on this device, its switches that differ from the usual: `vibrate=off`, `sound=on`,
/// `shake=on`, a space between.
const FEEL: &str = "fivedice.feel";
pub const UNREADABLE_PREFIX: &str = "fivedice.unreadable.";
/// The copy each save replaced, under its key after this prefix.
const PREVIOUS_PREFIX: &str = "fivedice.previous.";

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

/// What was read, and what could not be, in words for the player.
#[derive(Default)]
pub struct Loaded<T> {
    pub value: T,
    pub problems: Vec<LoadProblem>,
}

impl<T> Loaded<T> {
    fn of(value: T) -> Loaded<T> {
        Loaded {
            value,
            problems: Vec::new(),
        }
    }
}

/// Why saving did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRefused {
    /// This browser gives the page no storage (a private window of some browsers).
    NoStorage,
    /// The storage is full, or the browser blocked the write.
    FullOrBlocked,
}

/// Saved data found unreadable: why (technical), whether it could be kept aside for download, and whether
/// its previous copy was read instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    pub reason: String,
    pub kept_aside: bool,
    pub recovered: bool,
}

/// Saved data that could not be read, kept under its own key so the player can download it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub key: String,
    pub raw: String,
}

/// The saved tables: those in this version's format, read, most recently played first; and the keys of those in
/// an earlier format.
#[derive(Default)]
pub struct SavedTables {
    pub current: Vec<Table>,
    pub earlier: Vec<String>,
}

/// Five Dice's saved data in a key-value store, if this browser lets the page have one (private modes may not).
pub struct Storage {
    backend: Option<Box<dyn Backend>>,
    /// What lasts only this visit of the page (a reload keeps it; a new visit starts without it).
    visit: Option<Box<dyn Backend>>,
    /// This page is a reload of the one before (not an address opened anew, even in the same tab).
    reloaded: bool,
    /// Milliseconds since 1970, to name the keys that hold unreadable data.
    clock: fn() -> f64,
}

impl Storage {
    /// The browser's localStorage, and its sessionStorage for the visit.
    pub fn browser() -> Storage {
        Storage {
            backend: BrowserStore::open(web_sys::Window::local_storage),
            visit: BrowserStore::open(web_sys::Window::session_storage),
            reloaded: page_reloaded(),
            clock: js_sys::Date::now,
        }
    }

    /// Any other store: the in-memory one of the tests (a visit with no memory of its own).
    pub fn with_backend(backend: Box<dyn Backend>, clock: fn() -> f64) -> Storage {
        Storage {
            backend: Some(backend),
            visit: None,
            reloaded: false,
            clock,
        }
    }

    /// The same, reloaded in a visit that keeps `visit` (a test's reload).
    #[cfg(test)]
    pub fn reloaded_in(mut self, visit: Box<dyn Backend>) -> Storage {
        self.visit = Some(visit);
        self.reloaded = true;
        self
    }

    /// Whether this page reloads one that was showing the start screen (a reload keeps it showing; an address
    /// opened anew returns to the table played last).
    pub fn start_screen_showing(&self) -> bool {
        self.reloaded
            && self
                .visit
                .as_ref()
                .and_then(|visit| visit.get(START_SCREEN))
                .is_some()
    }

    /// Remembers for this visit whether the start screen shows (a lost note only means a reload reopens the
    /// table played last, as a new visit does).
    pub fn set_start_screen_showing(&self, showing: bool) {
        let Some(visit) = &self.visit else { return };
        if !showing {
            visit.remove(START_SCREEN);
        } else if visit.set(START_SCREEN, "shown").is_err() {
            leptos::logging::warn!("the start screen could not be remembered for a reload");
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

    pub fn table_key(id: &str) -> String {
        format!("{TABLE_PREFIX}{id}")
    }

    /// Saves a table on this device (an online room's table is kept as its room instead).
    pub fn save_table(&self, table: &Table) -> Result<(), SaveRefused> {
        match table.to_text() {
            Some(text) => self.set_keeping_previous(&Storage::table_key(table.id()), &text, |saved| {
                Table::from_saved(saved).is_ok()
            }),
            None => Ok(()),
        }
    }

    /// Remembers the table played last, to return to it when the app opens.
    pub fn set_last_table(&self, id: &str) -> Result<(), SaveRefused> {
        self.set(LAST_TABLE, id)
    }

    /// The saved table with this id, if it is there and readable in this version's format. One found
    /// unreadable is set aside and its previous copy read instead, as when the app starts.
    pub fn table(&self, id: &str) -> Loaded<Option<Table>> {
        let read = self.read_keeping(&Storage::table_key(id), Table::from_saved);
        Loaded {
            value: match read.value {
                Some(SavedTable::Current(table)) => Some(*table),
                _ => None,
            },
            problems: read.problems,
        }
    }

    /// The saved table with this id if its revision is at least `revision` (another tab saved it since),
    /// read as [`Storage::table`] reads it. Checked before every save: only the revision is read, and the
    /// whole table only when it is newer (or its revision cannot be read).
    pub fn table_since(&self, id: &str, revision: u64) -> Loaded<Option<Table>> {
        let raw = self.get(&Storage::table_key(id));
        if raw.is_none_or(|raw| text::revision_of(&raw).is_some_and(|saved| saved < revision)) {
            return Loaded::default();
        }
        let mut read = self.table(id);
        read.value = read.value.filter(|table| table.revision() >= revision);
        read
    }

    pub fn delete_table(&self, id: &str) {
        if let Some(backend) = &self.backend {
            let key = Storage::table_key(id);
            backend.remove(&Storage::previous_key(&key));
            backend.remove(&key);
        }
    }

    pub fn last_table_id(&self) -> Option<String> {
        self.get(LAST_TABLE)
    }

    /// Every saved table, most recently played first, with the keys of those saved in an earlier format (to be
    /// read by [`Storage::earlier_table`] once their reader is here).
    pub fn tables(&self) -> Loaded<SavedTables> {
        let mut tables = Loaded::of(SavedTables::default());
        for key in self.keys_with(TABLE_PREFIX) {
            let read = self.read_keeping(&key, Table::from_saved);
            match read.value {
                Some(SavedTable::Current(table)) => place_by_recency(&mut tables.value.current, *table),
                Some(SavedTable::Earlier) => tables.value.earlier.push(key),
                None => {}
            }
            tables.problems.extend(read.problems);
        }
        tables
    }

    /// A table saved in JSON, before text, read (kept aside if it cannot be).
    pub fn earlier_table(&self, key: &str) -> Loaded<Option<Table>> {
        self.read_keeping(key, Table::from_json)
    }

    /// The history of finished games (empty if none), or that it was saved in JSON, before text (to be read
    /// by [`Storage::earlier_history`] once its reader is here).
    pub fn history(&self) -> Loaded<SavedHistory> {
        let read = self.read_keeping(HISTORY, history_from_text);
        Loaded {
            value: read.value.unwrap_or(SavedHistory::Current(Vec::new())),
            problems: read.problems,
        }
    }

    /// The history saved in JSON, before text, read (kept aside if it cannot be).
    pub fn earlier_history(&self) -> Loaded<Option<Vec<KeptGame>>> {
        self.read_keeping(HISTORY, history_from_json)
    }

    pub fn save_history(&self, games: &[KeptGame]) -> Result<(), SaveRefused> {
        self.set_keeping_previous(HISTORY, &history_to_text(games), |saved| {
            history_from_text(saved).is_ok()
        })
    }

    fn room_key(name: &RoomName) -> String {
        format!("{ROOM_PREFIX}{}", name.as_str())
    }

    /// What this device keeps of an online room (nothing yet for a room it has never been in).
    pub fn room(&self, name: &RoomName) -> Loaded<SavedRoom> {
        let read = self.read_keeping(&Storage::room_key(name), SavedRoom::read);
        Loaded {
            value: read.value.unwrap_or_default(),
            problems: read.problems,
        }
    }

    pub fn save_room(&self, name: &RoomName, room: &SavedRoom) -> Result<(), SaveRefused> {
        self.set_keeping_previous(&Storage::room_key(name), &room.to_text(), |saved| {
            SavedRoom::read(saved).is_ok()
        })
    }

    /// The online room to return to when the app opens, if one was open.
    pub fn open_room(&self) -> Option<String> {
        self.get(OPEN_ROOM)
    }

    /// Remembers the online room open now (`None`: none, the app opens on the start screen or a table).
    pub fn set_open_room(&self, name: Option<&RoomName>) -> Result<(), SaveRefused> {
        match name {
            Some(name) => self.set(OPEN_ROOM, name.shown()),
            None => {
                if let Some(backend) = &self.backend {
                    backend.remove(OPEN_ROOM);
                }
                Ok(())
            }
        }
    }

    /// The name this device last joined a room as, and the room (empty where none was kept).
    pub fn online_as(&self) -> (String, String) {
        let kept = self.get(ONLINE_AS).unwrap_or_default();
        let (name, room) = kept.split_once('\n').unwrap_or((&kept, ""));
        (name.to_string(), room.to_string())
    }

    pub fn set_online_as(&self, name: &str, room: &str) -> Result<(), SaveRefused> {
        self.set(ONLINE_AS, &format!("{name}\n{room}"))
    }

    /// The events this device organises (name, game), newest first.
    pub fn organised_events(&self) -> Vec<(String, String)> {
        let kept = self.get(ORGANISED).unwrap_or_default();
        kept.lines()
            .filter_map(|line| line.split_once('\t'))
            .map(|(name, game)| (name.to_string(), game.to_string()))
            .collect()
    }

    /// Keeps an event this device organises at the head of its list (the list keeps the newest twenty).
    pub fn add_organised_event(&self, name: &str, game: &str) -> Result<(), SaveRefused> {
        let mut events = self.organised_events();
        events.retain(|(kept, _)| kept != name);
        events.insert(0, (name.to_string(), game.to_string()));
        events.truncate(20);
        let lines: Vec<String> = events
            .iter()
            .map(|(name, game)| format!("{name}\t{game}"))
            .collect();
        self.set(ORGANISED, &lines.join("\n"))
    }

    /// What the organiser's page keeps of the event `name`, if this device organises it.
    pub fn organised_event(&self, name: &RoomName) -> Option<String> {
        self.get(&format!("{ORGANISED_EVENT_PREFIX}{}", name.as_str()))
    }

    pub fn keep_organised_event(&self, name: &RoomName, kept: &str) -> Result<(), SaveRefused> {
        self.set(&format!("{ORGANISED_EVENT_PREFIX}{}", name.as_str()), kept)
    }

    /// The new game's form as it was left, if it was.
    pub fn setup_draft(&self) -> Option<String> {
        self.get(SETUP)
    }

    pub fn set_setup_draft(&self, draft: &str) -> Result<(), SaveRefused> {
        self.set(SETUP, draft)
    }

    /// Whether hints on this device play for the chance to win (else for the best score).
    pub fn hints_for_win(&self) -> bool {
        self.get(HINT_AIM).as_deref() == Some("win")
    }

    pub fn set_hints_for_win(&self, for_win: bool) -> Result<(), SaveRefused> {
        self.set(HINT_AIM, if for_win { "win" } else { "score" })
    }

    /// The language chosen on this device, if one was (else the browser's languages decide).
    /// The theme chosen on this device (`light` or `dark`), none to follow the system's.
    pub fn theme(&self) -> Option<String> {
        self.get(THEME)
    }

    pub fn set_theme(&self, theme: Option<&str>) -> Result<(), SaveRefused> {
        match theme {
            Some(theme) => self.set(THEME, theme),
            None => {
                let backend = self.backend.as_ref().ok_or(SaveRefused::NoStorage)?;
                backend.remove(THEME);
                Ok(())
            }
        }
    }

    /// How the table feels on this device, as `DeviceSettings` wrote it.
    pub fn feel(&self) -> String {
        self.get(FEEL).unwrap_or_default()
    }

    pub fn set_feel(&self, feel: &str) -> Result<(), SaveRefused> {
        self.set(FEEL, feel)
    }

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

mod browser;
mod copies;
use browser::{BrowserStore, page_reloaded};
pub use copies::{KEPT_CHARACTERS, Space};

/// An in-memory store for the tests of the storage and the store.
#[cfg(test)]
pub(crate) mod memory;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod writers;
