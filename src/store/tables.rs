//! Tables come and go: what is saved is read at start-up, a new table is seated, a finished one goes to the
//! history, the player leaves, resumes or deletes one.

use crate::i18n;
use crate::launch::{AddressError, RoomLaunch, parse_event_launch, parse_launch, parse_room_launch};
use crate::setup_draft::SetupDraft;
use crate::table::{EventLink, NewGameRequest, Seating, Table};
use fivedice_room::LogEntry;
use fivedice_rules::case;
use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

use super::GameStore;
use super::kept::Saved;

/// What opening the app asks for beyond what [`Tables::load`] does itself.
#[derive(Debug, Default)]
pub struct Opening {
    /// The launch address asked for something (it is then to be forgotten).
    pub asked_by_address: bool,
    /// The online room to open: the address's, or the one open when the app was last used.
    pub room: Option<RoomLaunch>,
}

/// Reading a launch address and doing what it asks (a chunk of its own, `launch`: a visit at the app's plain
/// address never needs it).
#[wasm_split_helpers::wasm_split(launch, fallible)]
fn launcher() -> Result<fn(GameStore, &str), SplitLoaderError> {
    Ok(|store, query| store.tables().launch(query))
}

/// Reading what was saved in JSON (a chunk of its own, `upgrade`: only a device that kept games from before
/// text needs it).
#[wasm_split_helpers::wasm_split(upgrade, fallible)]
fn earlier_reading() -> Result<fn(GameStore), SplitLoaderError> {
    Ok(|store| store.tables().read_earlier())
}

/// Tables coming and going: what is saved is read at start-up, a new table is seated, a finished one goes to
/// the history, the player leaves, resumes or deletes one. The tables themselves are kept by
/// [`super::KeptTables`] and shown by [`super::OpenTable`].
pub struct Tables<'a> {
    pub(super) store: &'a GameStore,
}

impl Tables<'_> {
    /// Imports a file of games ([`super::KeptTables::import`]); the file's more saved copy of the table open is saved
    /// by the open table (after its check for another tab's newer revision) and shown.
    pub fn import(&self, raw: &str) {
        let open = self.store.table.get_untracked();
        if let Some(newer) = self.store.kept.import(raw, open)
            && self.store.table.save(&newer)
        {
            self.store.table.show(Some(newer));
        }
    }

    /// Reads what is saved, then does what the launch address (`?new=1…`, `?room=…`, an event's) asks, once
    /// its chunk is here ([`Tables::launch`]); or else opens the last table still in progress, or names the
    /// online room open when the app was last used ([`GameStore::open_room`]).
    pub fn load(&self, launch_query: &str) -> Opening {
        let (available, history, tables, last, unreadable, open_room, language) =
            self.store.storage.with_value(|storage| {
                // A reload of the start screen stays there; a new visit returns to the table played last.
                let last = storage
                    .last_table_id()
                    .filter(|_| !storage.start_screen_showing());
                (
                    storage.is_available(),
                    storage.history(),
                    storage.tables(),
                    last,
                    storage.unreadable(),
                    storage.open_room(),
                    storage.language(),
                )
            });
        let mut problems = Vec::new();
        match crate::launch::parse_language(launch_query) {
            Some(Ok(asked)) => self.store.speech.set_language(asked),
            Some(Err(message)) => {
                problems.push(message);
                self.store.speech.speak_chosen(None);
            }
            None => self.store.speech.speak_chosen(language),
        }
        if !available {
            problems.push(self.store.words().cannot_save.to_string());
        }
        let found = history.problems.into_iter().chain(tables.problems);
        let words = self.store.words();
        problems.extend(found.map(|problem| (words.unreadable_found)(&problem)));
        let saved = tables.value;
        let resumed = saved
            .current
            .iter()
            .find(|table| last.as_deref() == Some(table.id()))
            .cloned();
        self.store.kept.take_saved(Saved {
            history: history.value,
            current: saved.current,
            earlier: saved.earlier,
            unreadable,
            shown: resumed.as_ref().map(|table| table.id().to_string()),
        });
        if !problems.is_empty() {
            self.store.tell(problems.join(" "));
        }
        if let Some(event_address) = crate::launch::launch_asked(launch_query) {
            // Read and done by a chunk of its own: a visit at the app's plain address never needs it. The screens
            // wait meanwhile (the start screen would flash). An event's page stays at its address, so that a
            // reload shows it again.
            self.store.launching.set(true);
            let (store, query) = (*self.store, launch_query.to_string());
            leptos::task::spawn_local(async move {
                match launcher().await {
                    Ok(launch) => launch(store, &query),
                    Err(_) => {
                        store.launching.set(false);
                        store.tell(store.words().not_fetched_offline);
                    }
                }
            });
            return Opening {
                asked_by_address: !event_address,
                room: None,
            };
        }
        let reopened = open_room.and_then(|name| fivedice_room::RoomName::parse(&name).ok());
        match (&reopened, resumed) {
            (Some(_), _) => {}
            (None, Some(resumed)) => self.store.table.keep(resumed),
            // The table played last may be one saved in an earlier format: it opens once read.
            (None, None) => self.store.kept.open_once_read(last),
        }
        Opening {
            asked_by_address: false,
            room: reopened.map(|room| RoomLaunch {
                room,
                player: None,
                game: None,
                hand_over: None,
            }),
        }
    }

    /// Does what a launch address asks (in the launch chunk): an event's page or its invitation, a new game,
    /// an online room; a bad address says why, and is forgotten.
    pub fn launch(&self, launch_query: &str) {
        self.store.launching.set(false);
        let words = self.store.words();
        let refused = |error: AddressError| (words.bad_address)(&i18n::address_refused(words.speaks, &error));
        match parse_event_launch(launch_query) {
            // An event's page, or its invitation (the new game's form sets up a table of it).
            Some(Ok(page)) => return self.store.events.show(page),
            Some(Err(error)) => {
                forget_launch_address();
                return self.store.notices.refuse_setup(refused(error));
            }
            None => {}
        }
        match parse_launch(launch_query) {
            Some(Ok(request)) => {
                self.start(request, String::new());
                // An address (a link, a test) seats its players itself: its score pad starts with the seat the
                // table's dice drew, as though the table had chosen it (the setup screen's asks the table).
                self.store.controls().keep_first_seat_drawn();
            }
            Some(Err(error)) => self.store.notices.refuse_setup(refused(error)),
            None => match parse_room_launch(launch_query) {
                Some(Ok(launch)) => self.store.open_room_when_here(launch),
                Some(Err(error)) => self.store.notices.refuse_join(refused(error)),
                None => {}
            },
        }
    }

    /// Reads what was saved in JSON once its reader (a chunk) is here; says so if it cannot be fetched (it stays
    /// saved as it is).
    pub(super) fn read_earlier_when_here(&self) {
        if !self.store.kept.earlier_waits() {
            return;
        }
        let store = *self.store;
        leptos::task::spawn_local(async move {
            match earlier_reading().await {
                Ok(read) => read(store),
                Err(_) => store.tell(store.words().earlier_saves_wait),
            }
        });
    }

    /// What was saved in JSON, read and saved again as text; the table played last opens if nothing else
    /// has opened since.
    pub fn read_earlier(&self) {
        let nothing_open =
            self.store.table.with_untracked(Option::is_none) && !self.store.connection.is_open();
        if let Some(table) = self.store.kept.read_earlier(nothing_open) {
            self.store.table.keep(table);
        }
    }

    /// Seats a new table and opens it; a bad request stays on the setup screen with the reason. An empty name
    /// is the players' ([`table_name_for`]).
    pub fn start(&self, request: NewGameRequest, name: String) {
        let name = match name.trim() {
            "" => table_name_for(&request.players),
            name => name.to_string(),
        };
        match Table::seat(name, &request, self.store.now_ms()) {
            Ok(table) => {
                if request.event.is_some() {
                    forget_launch_address();
                }
                self.store.close_room();
                self.store.notices.dismiss_setup_error();
                self.store.table.save(&table);
                self.store.table.show(Some(table));
                super::events::hand_in_to_event(*self.store);
            }
            Err(Seating::Setup(error)) => {
                self.store
                    .notices
                    .refuse_setup(case::capitalised(&(self.store.words().setup_refused)(&error)))
            }
            Err(Seating::Refused(refusal)) => self
                .store
                .notices
                .refuse_setup((self.store.words().refusal)(&refusal)),
        }
    }

    /// The new game's form as the player left it (as it starts, the first time).
    pub fn setup_draft(&self) -> SetupDraft {
        let kept = self.store.storage.with_value(|storage| storage.setup_draft());
        kept.map(|text| SetupDraft::read(&text)).unwrap_or_default()
    }

    /// Keeps the new game's form as it is now, for a reload or the next visit.
    pub fn keep_setup_draft(&self, draft: &SetupDraft) {
        let kept = self
            .store
            .storage
            .with_value(|storage| storage.set_setup_draft(&draft.to_text()));
        self.store.report_saving(kept);
    }

    /// The same players and rules at a new table.
    pub fn rematch(&self) {
        let Some(table) = self.store.table.get_untracked() else {
            return;
        };
        if table.is_online() {
            // A room plays one game: the next is a new room, from the start screen.
            return self.store.close_room();
        }
        self.store.kept.close_finished(&table);
        if let Some(request) = table.rematch_request() {
            self.start(request, table.name().to_string());
        }
    }

    /// Back to the start screen; a game in progress stays saved to resume.
    pub fn leave(&self) {
        if self.store.connection.is_open() {
            return self.store.close_room();
        }
        if let Some(table) = self.store.table.get_untracked() {
            self.store.kept.left(&table);
        }
        self.store.table.show(None);
    }

    /// Opens a saved table, as this or another tab last saved it.
    pub fn resume(&self, id: &str) {
        // As saved now (another tab may have played it since; a damaged save gives way to its previous
        // copy), else as listed.
        let saved = self.store.storage.with_value(|storage| storage.table(id));
        self.store.kept.set_aside(&saved.problems);
        let Some(table) = saved.value.or_else(|| self.store.kept.listed(id)) else {
            return;
        };
        self.store.close_room();
        self.store.kept.remember_last(id);
        self.store.table.show(Some(table));
        super::events::hand_in_to_event(*self.store);
    }

    /// Opens a table of an event taken up on this device from the organiser's link (its own device is gone),
    /// from the log the event kept ([`Table::taken_up`]): saved here, shown instead of the page that took it
    /// up, and handing in to the event from now on. False if that log does not replay.
    pub fn take_up(&self, id: String, name: String, link: EventLink, log: Vec<LogEntry>) -> bool {
        let Ok(table) = Table::taken_up(id, name, link, log, self.store.now_ms()) else {
            return false;
        };
        forget_launch_address();
        self.store.close_room();
        self.store.table.save(&table);
        self.store.table.show(Some(table));
        self.store.events.leave_page();
        super::events::hand_in_to_event(*self.store);
        true
    }
}

/// The name a table gets when none is given: its players' ("Anna, Ben & Cleo"; the first three and how many
/// more at a bigger table), so the games in progress tell apart at a glance.
pub fn table_name_for(players: &[String]) -> String {
    let names: Vec<&str> = players.iter().map(|name| name.trim()).collect();
    match names.as_slice() {
        [first, second, third, more @ ..] if !more.is_empty() => {
            format!("{first}, {second}, {third} +{}", more.len())
        }
        [first @ .., last] if !first.is_empty() => format!("{} & {last}", first.join(", ")),
        _ => names.concat(),
    }
}

/// Replaces the `?new=1…` address with the plain one, so a reload resumes instead of starting again.
pub fn forget_launch_address() {
    let Some(window) = web_sys::window() else { return };
    let Ok(path) = window.location().pathname() else {
        return;
    };
    // The entry's state (its depth in the app's layers, `crate::back`) stays.
    let forgotten = window.history().and_then(|history| {
        let state = history.state()?;
        history.replace_state_with_url(&state, "", Some(&path))
    });
    if forgotten.is_err() {
        leptos::logging::warn!(
            "the launch address could not be replaced: a reload will start the game again"
        );
    }
}
