//! Tables come and go: what is saved is read at start-up, a new table is seated, a finished one goes to the
//! history, the player leaves, resumes or deletes one.

use crate::launch::{RoomLaunch, parse_launch, parse_room_launch};
use crate::setup_draft::SetupDraft;
use crate::table::{NewGameRequest, Seating, Table};
use fivedice_rules::case;
use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

use super::GameStore;
use super::kept::{Saved, is_over};

/// What opening the app asks for beyond what [`GameStore::load`] does itself.
#[derive(Debug, Default)]
pub struct Opening {
    /// The launch address asked for something (it is then to be forgotten).
    pub asked_by_address: bool,
    /// The online room to open: the address's, or the one open when the app was last used.
    pub room: Option<RoomLaunch>,
}

/// Reading what was saved in JSON (a chunk of its own, `upgrade`: only a device that kept games from before
/// text needs it).
#[wasm_split_helpers::wasm_split(upgrade, fallible)]
fn earlier_reading() -> Result<fn(GameStore), SplitLoaderError> {
    Ok(|store| store.read_earlier())
}

impl GameStore {
    /// Reads what is saved, then opens the table the launch address (`?new=1…`) asks for, or else the last
    /// table still in progress; or names the online room to open ([`GameStore::open_room`]): the address's
    /// (`?room=…`), or else the one open when the app was last used.
    pub fn load(&self, launch_query: &str) -> Opening {
        let (available, history, tables, last, unreadable, open_room, language) =
            self.storage.with_value(|storage| {
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
            Some(Ok(asked)) => self.speech.set_language(asked),
            Some(Err(message)) => {
                problems.push(message);
                self.speech.speak_chosen(None);
            }
            None => self.speech.speak_chosen(language),
        }
        if !available {
            problems.push(self.words().cannot_save.to_string());
        }
        let found = history.problems.into_iter().chain(tables.problems);
        let words = self.words();
        problems.extend(found.map(|problem| (words.unreadable_found)(&problem)));
        let saved = tables.value;
        let resumed = saved
            .current
            .iter()
            .find(|table| Some(&table.id) == last.as_ref() && !is_over(table))
            .cloned();
        self.kept.take_saved(Saved {
            history: history.value,
            current: saved.current,
            earlier: saved.earlier,
            unreadable,
        });
        if !problems.is_empty() {
            self.tell(problems.join(" "));
        }
        let asked = |room| Opening {
            asked_by_address: true,
            room,
        };
        match parse_launch(launch_query) {
            Some(Ok(request)) => {
                self.start(request, String::new());
                asked(None)
            }
            Some(Err(message)) => {
                self.notices.refuse_setup((self.words().bad_address)(&message));
                asked(None)
            }
            None => match parse_room_launch(launch_query) {
                Some(Ok(launch)) => asked(Some(launch)),
                Some(Err(message)) => {
                    self.notices.refuse_join((self.words().bad_address)(&message));
                    asked(None)
                }
                None => {
                    let reopened = open_room.and_then(|name| fivedice_room::RoomName::parse(&name).ok());
                    match (&reopened, resumed) {
                        (Some(_), _) => {}
                        (None, Some(resumed)) => self.table.keep(resumed),
                        // The table played last may be one saved in an earlier format: it opens once read.
                        (None, None) => self.kept.open_once_read(last),
                    }
                    Opening {
                        asked_by_address: false,
                        room: reopened.map(|room| RoomLaunch {
                            room,
                            player: None,
                            rules: None,
                        }),
                    }
                }
            },
        }
    }

    /// Reads what was saved in JSON once its reader (a chunk) is here; says so if it cannot be fetched (it stays
    /// saved as it is).
    pub(super) fn read_earlier_when_here(&self) {
        if !self.kept.earlier_waits() {
            return;
        }
        let store = *self;
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
        let nothing_open = self.table.with_untracked(Option::is_none) && !self.connection.is_open();
        if let Some(table) = self.kept.read_earlier(nothing_open) {
            self.table.keep(table);
        }
    }

    /// Seats a new table and opens it; a bad request stays on the setup screen with the reason. An empty name
    /// is the players' ([`table_name_for`]).
    pub fn start(&self, request: NewGameRequest, name: String) {
        let name = match name.trim() {
            "" => table_name_for(&request.players),
            name => name.to_string(),
        };
        match Table::seat(name, &request, self.now_ms()) {
            Ok(table) => {
                self.close_room();
                self.notices.dismiss_setup_error();
                self.table.save(&table);
                self.table.show(Some(table));
            }
            Err(Seating::Setup(error)) => {
                self.notices
                    .refuse_setup(case::capitalised(&(self.words().setup_refused)(&error)))
            }
            Err(Seating::Refused(refusal)) => self.notices.refuse_setup((self.words().refusal)(&refusal)),
        }
    }

    /// The new game's form as the player left it (as it starts, the first time).
    pub fn setup_draft(&self) -> SetupDraft {
        let kept = self.storage.with_value(|storage| storage.setup_draft());
        kept.map(|text| SetupDraft::read(&text)).unwrap_or_default()
    }

    /// Keeps the new game's form as it is now, for a reload or the next visit.
    pub fn keep_setup_draft(&self, draft: &SetupDraft) {
        let kept = self
            .storage
            .with_value(|storage| storage.set_setup_draft(&draft.to_text()));
        self.report_saving(kept);
    }

    /// A table that has just finished goes to the front of the history.
    pub(super) fn record_if_finished(&self) {
        if let Some(table) = self.table.get_untracked() {
            self.kept.record_if_finished(&table);
        }
    }

    /// After an undo of the last cell: the table is no longer finished, so it leaves the history.
    pub(super) fn forget_finished_game(&self) {
        if let Some(id) = self
            .table
            .with_untracked(|table| table.as_ref().map(|t| t.id.clone()))
        {
            self.kept.forget_finished(&id);
        }
    }

    /// The same players and rules at a new table.
    pub fn rematch(&self) {
        let Some(table) = self.table.get_untracked() else {
            return;
        };
        if table.is_online() {
            // A room plays one game: the next is a new room, from the start screen.
            return self.close_room();
        }
        self.kept.close_finished(&table);
        if let Some(request) = table.rematch_request() {
            self.start(request, table.name.clone());
        }
    }

    /// Back to the start screen; a game in progress stays saved to resume.
    pub fn leave(&self) {
        if self.connection.is_open() {
            return self.close_room();
        }
        if let Some(table) = self.table.get_untracked() {
            self.kept.left(&table);
        }
        self.table.show(None);
    }

    /// Opens a saved table, as this or another tab last saved it.
    pub fn resume(&self, id: &str) {
        let listed = self.kept.listed(id);
        let Some(table) = self.storage.with_value(|storage| storage.table(id)).or(listed) else {
            return;
        };
        self.close_room();
        let remembered = self.storage.with_value(|storage| storage.set_last_table(id));
        self.report_saving(remembered);
        self.table.show(Some(table));
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
pub(super) fn forget_launch_address() {
    let Some(window) = web_sys::window() else { return };
    let Ok(path) = window.location().pathname() else {
        return;
    };
    let forgotten = window
        .history()
        .and_then(|history| history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path)));
    if forgotten.is_err() {
        leptos::logging::warn!(
            "the launch address could not be replaced: a reload will start the game again"
        );
    }
}
