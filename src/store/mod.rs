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
mod open_table;
mod play;
mod speech;
mod tables;
#[cfg(test)]
mod tests;
mod winning;

use std::rc::Rc;

use fivedice_rules::Language;
use leptos::prelude::*;

use crate::engine::{Engine, EngineError};
use crate::i18n::Words;
use crate::storage::{SaveRefused, Storage};
use crate::table::Table;

pub use computer::ComputerDriver;
pub use connection::{ANSWER_WITHIN, Connection, RoomConnection, RoomLink, RoomServer, reconnect_delay};
pub use kept::KeptTables;
pub use notices::Notices;
pub use open_table::{
    LastWritten, OpenTable, PickerOffers, Reading, RoomPlayer, RoomState, RoomView, Situation, TakenBack,
};
pub use play::Picker;
pub use speech::Speech;
pub use tables::table_name_for;

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
    table: OpenTable,
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
        let connection = RoomConnection::new(storage, notices, speech);
        GameStore {
            table: OpenTable::new(connection, clock),
            notices,
            kept: KeptTables::new(storage, clock, notices, speech),
            judging_failed: RwSignal::new(None),
            computer: ComputerDriver::new(),
            storage,
            clock,
            engine: Engine::new(),
            connection,
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
            store.table.heard_other_tab(event.key())
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

    /// The table open.
    pub fn table(&self) -> OpenTable {
        self.table
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

    /// Tells the player something, replacing what was shown.
    pub fn tell(&self, message: impl AsRef<str>) {
        self.notices.tell(message);
    }

    /// A save that failed is told once (the game goes on in memory; export still works).
    fn report_saving(&self, saved: Result<(), SaveRefused>) {
        self.notices.report_saving(saved, self.words());
    }
}
