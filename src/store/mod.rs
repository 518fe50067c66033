//! The game store: the one place the app's state lives. A table, on one device or online, is a room: every
//! tap becomes one command for the table's host ([`host`]: the page itself, or the room server), and what the
//! host sends back comes in through one path that changes the table, records the coach's view and saves,
//! once. Components read the state through the narrow memos of [`reads`] and never hold it.
//!
//! This file is the core (the state, saving, adopting another tab's newer save); each other job has a file:
//! [`host`] (sending to the host, receiving from it), [`play`] (taps on the dice and the sheet),
//! [`tables`] (opening, starting and leaving tables, the history), [`rooms`] (the room server's
//! connection), [`lobby`] (an online room's lobby and seats), [`room_view`] (what the room screens show),
//! [`computer`] (computer players), [`coaching`] (the coach's verdicts), [`data`] (export and import).
//! Storage and the clock are injected, so the logic runs natively under `cargo test` (see `tests/`).

mod coaching;
mod computer;
mod connection;
mod data;
mod host;
mod kept;
mod lobby;
mod notices;
mod online;
mod play;
mod reads;
mod room_view;
mod speech;
mod tables;
#[cfg(test)]
mod tests;
mod whose_turn;
mod winning;

use std::rc::Rc;

use fivedice_rules::{Game, Language};
use leptos::prelude::*;

use crate::engine::{Engine, EngineError};
use crate::i18n::Words;
use crate::storage::{SaveRefused, Storage};
use crate::table::Table;

pub use computer::ComputerDriver;
pub use connection::{ANSWER_WITHIN, Connection, RoomConnection, RoomLink, RoomServer, reconnect_delay};
pub use kept::KeptTables;
pub use notices::Notices;
pub use play::Picker;
pub use reads::{PickerOffers, Reading, Situation};
pub use room_view::{RoomPlayer, RoomState, RoomView};
pub use speech::Speech;
pub use tables::table_name_for;
pub use whose_turn::{LastWritten, TakenBack};

/// Where the store reads the time: the browser's clock in the app, a fixed one in tests.
#[derive(Clone, Copy)]
pub struct Clock {
    /// Milliseconds since 1970.
    pub now_ms: fn() -> f64,
    /// Today's date, the default name of a table, e.g. "2026-11-29".
    pub today: fn() -> String,
}

impl Clock {
    pub fn browser() -> Clock {
        Clock {
            now_ms: js_sys::Date::now,
            today: browser_today,
        }
    }
}

/// The first of the browser's preferred languages that the app speaks (English if none).
fn browser_language() -> Language {
    let tags: Vec<String> = web_sys::window()
        .map(|window| window.navigator().languages())
        .map(|tags| tags.iter().filter_map(|tag| tag.as_string()).collect())
        .unwrap_or_default();
    Language::preferred(tags.iter().map(String::as_str)).unwrap_or_default()
}

fn browser_today() -> String {
    let date = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date()
    )
}

#[derive(Clone, Copy)]
pub struct GameStore {
    /// The table open: on one device, or an online room (in its lobby, its game not started yet); `None` on
    /// the start screen.
    table: RwSignal<Option<Table>>,
    picker: RwSignal<Option<Picker>>,
    /// A score pad's roll-off for who starts, typed in, while a tie for the highest is not rolled again yet.
    roll_off: RwSignal<Vec<Vec<(usize, fivedice_rules::Face)>>>,
    /// What the player is told.
    notices: Notices,
    /// The tables kept on this device: in progress, finished, unreadable, saved before text.
    kept: KeptTables,
    /// Why the engine could not judge the coached decisions, once it has failed.
    judging_failed: RwSignal<Option<EngineError>>,
    computer: ComputerDriver,
    storage: StoredValue<Storage, LocalStorage>,
    clock: Clock,
    /// The strategy engine's client: hints, the coach and computer players.
    engine: Engine,
    /// The connection to the room server, while an online room is open.
    connection: RoomConnection,
    /// Online, a command sent whose event or refusal has not come back: taps that would be stale wait (a hold
    /// does not), and so does the host's Start after a choice of the game (tracked by the lobby).
    in_flight: RwSignal<Option<host::InFlight>>,
    /// The language spoken and its words.
    speech: Speech,
}

impl GameStore {
    /// An empty store over this storage and clock; [`GameStore::load`] reads what is saved.
    pub fn new(storage: Storage, clock: Clock) -> GameStore {
        GameStore::speaking(storage, clock, Language::default())
    }

    /// An empty store whose browser speaks `browser`.
    fn speaking(storage: Storage, clock: Clock, browser: Language) -> GameStore {
        let storage = StoredValue::new_local(storage);
        let notices = Notices::new();
        let speech = Speech::new(browser, storage, notices);
        GameStore {
            table: RwSignal::new(None),
            picker: RwSignal::new(None),
            roll_off: RwSignal::new(Vec::new()),
            notices,
            kept: KeptTables::new(storage, clock, notices, speech),
            judging_failed: RwSignal::new(None),
            computer: ComputerDriver::new(),
            storage,
            clock,
            engine: Engine::new(),
            connection: RoomConnection::new(),
            in_flight: RwSignal::new(None),
            speech,
        }
    }

    /// The store of the page: the browser's storage and clock, the way to the room server (`link`: the
    /// browser's WebSocket), the table the address asks for (or the last one in progress), and an ear for
    /// other tabs saving the same table.
    pub fn open(link: Rc<dyn RoomLink>) -> GameStore {
        let store = GameStore::speaking(Storage::browser(), Clock::browser(), browser_language());
        store.connection.set_link(link);
        let query = web_sys::window()
            .and_then(|window| window.location().search().ok())
            .unwrap_or_default();
        let opening = store.load(&query);
        if opening.asked_by_address {
            tables::forget_launch_address();
        }
        if let Some(room) = opening.room {
            store.open_room_when_here(room);
        }
        store.read_earlier_when_here();
        let listener = window_event_listener(leptos::ev::storage, move |event| {
            store.on_storage_change(event.key())
        });
        // The store lives as long as the page, and so does its ear for other tabs.
        std::mem::forget(listener);
        store
    }

    /// The language spoken and its words.
    pub fn speech(&self) -> Speech {
        self.speech
    }

    /// The tables kept on this device.
    pub fn kept(&self) -> KeptTables {
        self.kept
    }

    /// The connection to the room server.
    pub fn connection(&self) -> RoomConnection {
        self.connection
    }

    /// What the player is told.
    pub fn notices(&self) -> Notices {
        self.notices
    }

    /// The words of the language spoken now (not tracked: the whole view is rebuilt when it changes).
    pub fn words(&self) -> &'static Words {
        self.speech.words()
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    fn now_ms(&self) -> f64 {
        (self.clock.now_ms)()
    }

    /// The table open as it is now (not tracked).
    pub fn table_now(&self) -> Option<Table> {
        self.table.get_untracked()
    }

    /// The game in play as it is now, for an action (not tracked: the view reads through [`reads`]).
    pub(super) fn game_now<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        self.table
            .with_untracked(|table| table.as_ref().and_then(Table::game).map(read))
    }

    /// Tells the player something, replacing what was shown.
    pub fn tell(&self, message: impl AsRef<str>) {
        self.notices.tell(message);
    }

    /// Saves a table on this device, unless another tab has saved a newer revision of it since: then that one
    /// is shown instead (and false returned), so neither tab silently overwrites the other. An online room's
    /// table lives in its room's log (kept by [`rooms`]), not among the tables of this device.
    fn save(&self, table: &Table) -> bool {
        if table.is_online() {
            return true;
        }
        let newer = self
            .storage
            .with_value(|storage| storage.table_since(&table.id, table.revision));
        if let Some(newer) = newer {
            self.adopt_newer(newer);
            return false;
        }
        let saved = self.storage.with_value(|storage| {
            storage
                .save_table(table)
                .and_then(|()| storage.set_last_table(&table.id))
        });
        self.report_saving(saved);
        true
    }

    /// A save that failed is told once (the game goes on in memory; export still works).
    fn report_saving(&self, saved: Result<(), SaveRefused>) {
        self.notices.report_saving(saved, self.words());
    }

    /// Shows another table (or none: the start screen, which a reload then keeps), and forgets what belonged to
    /// the one shown before: the picker, a command in flight, a roll-off being typed.
    fn show_table(&self, table: Option<Table>) {
        self.picker.set(None);
        self.in_flight.set(None);
        self.roll_off.set(Vec::new());
        let start_screen = table.is_none();
        self.storage
            .with_value(|storage| storage.set_start_screen_showing(start_screen));
        self.table.set(table);
    }

    fn adopt_newer(&self, table: Table) {
        self.show_table(Some(table));
        self.tell(self.words().changed_in_other_tab);
    }

    /// Another tab wrote to storage: if it saved the table open here, show its newer state.
    fn on_storage_change(&self, key: Option<String>) {
        let Some((id, ours)) = self
            .table
            .with_untracked(|t| t.as_ref().map(|t| (t.id.clone(), t.revision)))
        else {
            return;
        };
        if key.is_some_and(|key| key != Storage::table_key(&id)) {
            return;
        }
        let newer = self
            .storage
            .with_value(|storage| storage.table_since(&id, ours + 1));
        if let Some(newer) = newer {
            self.adopt_newer(newer);
        }
    }
}
