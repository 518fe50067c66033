//! The game store: the one place the app's state lives, as parts. Each part owns its state in private fields
//! and is the one writer of it, through named calls; components get a part from the store (`store.table()`,
//! `store.kept()`, …) and read it through narrow readings, never holding the state.
//!
//! | part | owns (the one writer of it) | its files |
//! |---|---|---|
//! | [`OpenTable`] | the table open, the value picker, a score pad's roll-off being typed, the command in flight | `open_table/` (`mod`, `reads`, `room_view`) |
//! | [`KeptTables`] | the games in progress, the history, saves from before text | `kept`, `data` (files) |
//! | [`RoomConnection`] | the online room's connection: its state, the link, whether there is a room server | `connection` |
//! | [`Advisor`] | what the engine failed to judge (hints, the coach, the chances to win ask it) | `coaching`, `winning` |
//! | [`Speech`] | the language spoken, the one wanted | `speech` |
//! | [`Notices`] | what the player is told, the saved data kept aside as unreadable, why a setup or a join was refused | `notices` |
//! | [`ComputerDriver`] | a computer player's turn being played, its plan | `computer` |
//! | [`Events`] | the event page shown, the event's invitation the app was opened with | `events` |
//!
//! The store itself owns no state: it holds the parts and the one path by which a table changes ([`host`]:
//! every tap becomes one command for the table's host, the page itself or the room server, and what the host
//! answers comes back through [`GameStore::receive`], which changes the table once and tells the parts what
//! follows), with the online room's side of that path ([`online`]). What people do is grouped as they do it,
//! each a view of the store that sends through that path: [`Controls`] (the dice, the sheet, the picker),
//! [`Lobby`] (an online room's seats), [`Tables`] (tables coming and going), [`ComputerPlayers`].
//! Storage and the clock are injected, so the logic runs natively under `cargo test` (see `tests/`).

mod coaching;
mod computer;
mod connection;
mod data;
mod device_settings;
mod events;
mod host;
mod kept;
mod lobby;
mod notices;
mod online;
mod open_table;
mod play;
mod refusals;
mod speech;
mod tables;
#[cfg(test)]
mod tests;
mod winning;

use std::rc::Rc;

use fivedice_rules::Language;
use leptos::prelude::*;

use crate::engine::Engine;
use crate::i18n::Words;
use crate::storage::{SaveRefused, Storage};

pub use coaching::Advisor;
pub use computer::{ComputerDriver, ComputerPlayers};
pub use connection::{ANSWER_WITHIN, Connection, RoomConnection, RoomLink, RoomServer, reconnect_delay};
pub use device_settings::{DeviceSettings, Feel, Theme};
pub use events::Events;
pub use kept::KeptTables;
pub use lobby::Lobby;
pub use notices::Notices;
pub use open_table::{
    LastWritten, OpenTable, PickerOffers, Reading, RoomPlayer, RoomState, RoomView, Situation, TakenBack,
};
pub use play::{Controls, Picker};
pub use speech::Speech;
pub use tables::{Tables, forget_launch_address, table_name_for};

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
    /// The table open: on one device, or an online room (in its lobby, its game not started yet); none on
    /// the start screen.
    table: OpenTable,
    /// What the player is told.
    notices: Notices,
    /// The tables kept on this device: in progress, finished, saved before text.
    kept: KeptTables,
    /// The engine's advice: hints, the coach, the chances to win.
    advisor: Advisor,
    /// A computer player's turn being played.
    computer: ComputerDriver,
    storage: StoredValue<Storage, LocalStorage>,
    clock: Clock,
    /// The strategy engine's client: hints, the coach and computer players.
    engine: Engine,
    /// The connection to the room server, while an online room is open.
    connection: RoomConnection,
    /// The language spoken and its words.
    speech: Speech,
    /// How the app looks on this device.
    settings: DeviceSettings,
    /// The event page shown, and the event's invitation the app was opened with.
    events: Events,
    /// What the launch address asks is being read (its chunk on its way): the screens wait. Written by
    /// [`Tables`] alone.
    launching: RwSignal<bool>,
}

impl GameStore {
    /// An empty store over this storage and clock; [`Tables::load`] reads what is saved.
    pub fn new(storage: Storage, clock: Clock) -> GameStore {
        GameStore::speaking(storage, clock, Language::default())
    }

    /// An empty store whose browser speaks `browser`.
    fn speaking(storage: Storage, clock: Clock, browser: Language) -> GameStore {
        let storage = StoredValue::new_local(storage);
        let notices = Notices::new();
        let speech = Speech::new(browser, storage, notices);
        let connection = RoomConnection::new(storage, notices, speech);
        let kept = KeptTables::new(storage, clock, notices, speech);
        let table = OpenTable::new(connection, kept, clock);
        let engine = Engine::new();
        GameStore {
            table,
            notices,
            kept,
            advisor: Advisor::new(engine, table),
            computer: ComputerDriver::new(),
            storage,
            clock,
            engine,
            connection,
            speech,
            settings: DeviceSettings::new(storage, notices),
            events: Events::new(storage, notices, speech),
            launching: RwSignal::new(false),
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
        let opening = store.tables().load(&query);
        if opening.asked_by_address {
            tables::forget_launch_address();
        }
        if let Some(room) = opening.room {
            store.open_room_when_here(room);
        }
        store.tables().read_earlier_when_here();
        events::hand_in_to_event(store);
        let listener = window_event_listener(leptos::ev::storage, move |event| {
            store.heard_other_tab(event.key())
        });
        // The store lives as long as the page, and so does its ear for other tabs.
        std::mem::forget(listener);
        // Back online: a table of an event hands in what the event lacks at once.
        let online = window_event_listener(leptos::ev::online, move |_| events::hand_in_to_event(store));
        std::mem::forget(online);
        store
    }

    /// Whether the launch address's ask is still being read (tracked): the screens wait meanwhile.
    pub fn launching(&self) -> bool {
        self.launching.get()
    }

    /// The language spoken and its words.
    pub fn speech(&self) -> Speech {
        self.speech
    }

    /// Another tab wrote to storage (at `key`; `None`: all of it): the table open here follows it, and a save
    /// found damaged is set aside and listed.
    pub(crate) fn heard_other_tab(&self, key: Option<String>) {
        self.table.heard_other_tab(key);
    }

    /// The tables kept on this device.
    pub fn kept(&self) -> KeptTables {
        self.kept
    }

    /// What a player does at the table.
    pub fn controls(&self) -> Controls<'_> {
        Controls { store: self }
    }

    /// What the people of an online room do in its lobby.
    pub fn lobby(&self) -> Lobby<'_> {
        Lobby { store: self }
    }

    /// Tables coming and going.
    pub fn tables(&self) -> Tables<'_> {
        Tables { store: self }
    }

    /// The computer players at the table.
    pub fn computers(&self) -> ComputerPlayers {
        ComputerPlayers { store: *self }
    }

    /// The engine's advice: hints, the coach, the chances to win.
    pub fn advisor(&self) -> Advisor {
        self.advisor
    }

    /// The table open.
    pub fn table(&self) -> OpenTable {
        self.table
    }

    /// The connection to the room server.
    pub fn connection(&self) -> RoomConnection {
        self.connection
    }

    /// The event page shown, and the event's invitation the app was opened with.
    pub fn events(&self) -> Events {
        self.events
    }

    /// How the app looks on this device.
    pub fn settings(&self) -> DeviceSettings {
        self.settings
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

    /// Tells the player something, replacing what was shown.
    pub fn tell(&self, message: impl AsRef<str>) {
        self.notices.tell(message);
    }

    /// A save that failed is told once (the game goes on in memory; export still works).
    fn report_saving(&self, saved: Result<(), SaveRefused>) {
        self.notices.report_saving(saved, self.words());
    }
}
