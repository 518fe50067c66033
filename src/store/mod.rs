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
mod lobby;
mod play;
mod reads;
mod room_view;
mod rooms;
mod tables;
#[cfg(test)]
mod tests;
mod whose_turn;
mod winning;

use std::rc::Rc;

use fivedice_rules::{Game, Language, case};
use leptos::prelude::*;

use crate::engine::{Engine, EngineError};
use crate::i18n::{self, Words};
use crate::storage::{SaveRefused, Storage, Unreadable};
use crate::table::{KeptGame, Table};

pub use computer::ComputerDriver;
pub use connection::{ANSWER_WITHIN, Connection, RoomLink, reconnect_delay};
pub use play::Picker;
pub use reads::{PickerOffers, Reading, Situation};
pub use room_view::{RoomPlayer, RoomState, RoomView};
pub use rooms::RoomServer;
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
    /// A message for the player (a refused action, a storage problem); they dismiss it.
    notice: RwSignal<Option<String>>,
    /// Why the last attempt to start a game failed, shown on the setup screen.
    setup_error: RwSignal<Option<String>>,
    history: RwSignal<Vec<KeptGame>>,
    /// Saved tables not yet finished, for the start screen.
    tables_in_progress: RwSignal<Vec<Table>>,
    /// What was saved in JSON, before text, to be read once its reader is here.
    earlier: StoredValue<tables::Earlier>,
    /// Saved data that could not be read, kept aside for the player to download.
    unreadable: RwSignal<Vec<Unreadable>>,
    /// Set once saving has failed, so the player is told only once.
    save_failed: StoredValue<bool>,
    /// Why the engine could not judge the coached decisions, once it has failed.
    judging_failed: RwSignal<Option<EngineError>>,
    computer: ComputerDriver,
    storage: StoredValue<Storage, LocalStorage>,
    clock: Clock,
    /// The strategy engine's client: hints, the coach and computer players.
    engine: Engine,
    /// The connection to the room server, while an online room is open.
    online: RwSignal<Option<rooms::OnlineRoom>>,
    /// Online, a command sent whose event or refusal has not come back: taps that would be stale wait (a hold
    /// does not), and so does the host's Start after a choice of the game (tracked by the lobby).
    in_flight: RwSignal<Option<host::InFlight>>,
    /// The way to the room server.
    room_link: StoredValue<Option<Rc<dyn RoomLink>>, LocalStorage>,
    room_server: RwSignal<RoomServer>,
    /// Why the join card could not open a room.
    room_join_error: RwSignal<Option<String>>,
    /// The language the app speaks: chosen here (saved), asked by the address, or the browser's.
    language: RwSignal<Language>,
    /// The language to speak: the one spoken, or one whose words are on their way (a chunk of their own).
    wanted_language: RwSignal<Language>,
    /// The browser's language, spoken where neither the address nor this device chose one.
    browser_language: Language,
}

impl GameStore {
    /// An empty store over this storage and clock; [`GameStore::load`] reads what is saved.
    pub fn new(storage: Storage, clock: Clock) -> GameStore {
        GameStore {
            table: RwSignal::new(None),
            picker: RwSignal::new(None),
            roll_off: RwSignal::new(Vec::new()),
            notice: RwSignal::new(None),
            setup_error: RwSignal::new(None),
            history: RwSignal::new(Vec::new()),
            tables_in_progress: RwSignal::new(Vec::new()),
            earlier: StoredValue::new(tables::Earlier::default()),
            unreadable: RwSignal::new(Vec::new()),
            save_failed: StoredValue::new(false),
            judging_failed: RwSignal::new(None),
            computer: ComputerDriver::new(),
            storage: StoredValue::new_local(storage),
            clock,
            engine: Engine::new(),
            online: RwSignal::new(None),
            in_flight: RwSignal::new(None),
            room_link: StoredValue::new_local(None),
            room_server: RwSignal::new(RoomServer::Unknown),
            room_join_error: RwSignal::new(None),
            language: RwSignal::new(Language::default()),
            wanted_language: RwSignal::new(Language::default()),
            browser_language: Language::default(),
        }
    }

    /// The store of the page: the browser's storage and clock, the way to the room server (`link`: the
    /// browser's WebSocket), the table the address asks for (or the last one in progress), and an ear for
    /// other tabs saving the same table.
    pub fn open(link: Rc<dyn RoomLink>) -> GameStore {
        let mut store = GameStore::new(Storage::browser(), Clock::browser());
        store.browser_language = browser_language();
        store.set_room_link(link);
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

    /// The language the app speaks now (tracked).
    pub fn language(&self) -> ReadSignal<Language> {
        self.language.read_only()
    }

    /// The words of the language spoken now (not tracked: the whole view is rebuilt when it changes).
    pub fn words(&self) -> &'static Words {
        i18n::words(self.language.get_untracked())
    }

    /// The words of one part of the app in the language spoken now (`i18n::room_words`, …): a part fetched as
    /// a chunk of its own brings its words with it.
    pub fn words_of<T>(&self, part: fn(Language) -> &'static T) -> &'static T {
        part(self.language.get_untracked())
    }

    /// Whether a language's words are on their way, to be spoken when they are here (tracked).
    pub fn words_on_their_way(&self) -> bool {
        self.wanted_language.get() != self.language.get()
    }

    /// The player switches the language; the choice is kept on this device.
    pub fn set_language(&self, language: Language) {
        self.speak(language);
        let saved = self.storage.with_value(|storage| storage.set_language(language));
        self.report_saving(saved);
    }

    /// Speaks a language: at once if its words are here, else once they are fetched. The last language wanted
    /// wins; one that cannot be fetched (offline before it ever was) leaves the one spoken, and says so.
    fn speak(&self, language: Language) {
        self.wanted_language.set(language);
        if i18n::here(language).is_some() {
            self.language.set(language);
            return;
        }
        let store = *self;
        leptos::task::spawn_local(async move {
            let fetched = i18n::fetch(language).await;
            if store.wanted_language.get_untracked() != language {
                return;
            }
            match fetched {
                Ok(_) => store.language.set(language),
                Err(_) => {
                    store.wanted_language.set(store.language.get_untracked());
                    store.tell(store.words().not_fetched_offline);
                }
            }
        });
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    fn now_ms(&self) -> f64 {
        (self.clock.now_ms)()
    }

    /// The game in play as it is now, for an action (not tracked: the view reads through [`reads`]).
    pub(super) fn game_now<R>(&self, read: impl FnOnce(&Game) -> R) -> Option<R> {
        self.table
            .with_untracked(|table| table.as_ref().and_then(Table::game).map(read))
    }

    /// Tells the player something, replacing what was shown.
    pub fn tell(&self, message: impl AsRef<str>) {
        self.notice.set(Some(case::capitalised(message.as_ref())));
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
        if let Err(refused) = saved
            && !self.save_failed.get_value()
        {
            self.save_failed.set_value(true);
            let words = self.words();
            self.tell(format!(
                "{} {}",
                (words.save_refused)(refused),
                words.export_to_keep
            ));
        }
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

    pub fn dismiss_notice(&self) {
        self.notice.set(None);
    }
}
