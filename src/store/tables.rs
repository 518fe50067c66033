//! Tables come and go: what is saved is read at start-up, a new table is seated, a finished one goes to the
//! history, the player leaves, resumes or deletes one.

use crate::launch::{RoomLaunch, parse_launch, parse_room_launch};
use crate::storage::LoadProblem;
use crate::table::{FinishedGame, KeptGame, NewGameRequest, Seating, Table, place_by_recency};
use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

use super::GameStore;

/// What opening the app asks for beyond what [`GameStore::load`] does itself.
#[derive(Debug, Default)]
pub struct Opening {
    /// The launch address asked for something (it is then to be forgotten).
    pub asked_by_address: bool,
    /// The online room to open: the address's, or the one open when the app was last used.
    pub room: Option<RoomLaunch>,
}

/// Tables saved in an earlier format: their keys, and the id of the one to open once read (the one played last,
/// where the app opened on nothing else).
#[derive(Default)]
pub(super) struct EarlierTables {
    keys: Vec<String>,
    open: Option<String>,
}

/// The reader of tables saved in formats 1 to 3 (a chunk of its own, `upgrade`: only a device that kept games
/// from before format 4 needs it).
#[wasm_split_helpers::wasm_split(upgrade, fallible)]
fn earlier_reader() -> Result<fn(&str) -> Result<Table, String>, SplitLoaderError> {
    Ok(Table::from_json)
}

impl GameStore {
    /// Reads what is saved, then opens the table the launch address (`?new=1…`) asks for, or else the last
    /// table still in progress; or names the online room to open ([`GameStore::open_room`]): the address's
    /// (`?room=…`), or else the one open when the app was last used.
    pub fn load(&self, launch_query: &str) -> Opening {
        let (available, history, tables, last, unreadable, open_room, language) =
            self.storage.with_value(|storage| {
                (
                    storage.is_available(),
                    storage.history(),
                    storage.tables(),
                    storage.last_table_id(),
                    storage.unreadable(),
                    storage.open_room(),
                    storage.language(),
                )
            });
        let mut problems = Vec::new();
        match crate::launch::parse_language(launch_query) {
            Some(Ok(asked)) => self.set_language(asked),
            Some(Err(message)) => {
                problems.push(message);
                self.speak(self.browser_language);
            }
            None => self.speak(language.unwrap_or(self.browser_language)),
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
        self.history.set(history.value);
        let in_progress = saved
            .current
            .into_iter()
            .filter(|table| self.still_needed(table))
            .collect();
        self.tables_in_progress.set(in_progress);
        self.unreadable.set(unreadable);
        if !problems.is_empty() {
            self.notice.set(Some(problems.join(" ")));
        }
        self.earlier_tables.set_value(EarlierTables {
            keys: saved.earlier,
            open: None,
        });
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
                self.setup_error.set(Some((self.words().bad_address)(&message)));
                asked(None)
            }
            None => match parse_room_launch(launch_query) {
                Some(Ok(launch)) => asked(Some(launch)),
                Some(Err(message)) => {
                    self.room_join_error
                        .set(Some((self.words().bad_address)(&message)));
                    asked(None)
                }
                None => {
                    let reopened = open_room.and_then(|name| fivedice_room::RoomName::parse(&name).ok());
                    match (&reopened, resumed) {
                        (Some(_), _) => {}
                        (None, Some(resumed)) => self.table.set(Some(resumed)),
                        // The table played last may be one saved in an earlier format: it opens once read.
                        (None, None) => self.earlier_tables.update_value(|earlier| earlier.open = last),
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

    /// Whether a saved table is still needed: in progress, or finished but not yet in the history. A finished
    /// table lives on in the history; its saved copy goes once recorded there.
    fn still_needed(&self, table: &Table) -> bool {
        if !is_over(table) {
            return true;
        }
        let recorded = self
            .history
            .with_untracked(|games| games.iter().any(|game| game.table_id == table.id));
        if recorded {
            self.storage.with_value(|storage| storage.delete_table(&table.id));
        }
        false
    }

    /// Reads the tables saved in an earlier format once their reader (a chunk) is here; says so if it cannot be
    /// fetched (they stay saved as they are).
    pub(super) fn read_earlier_tables_when_here(&self) {
        if self.earlier_tables.with_value(|earlier| earlier.keys.is_empty()) {
            return;
        }
        let store = *self;
        leptos::task::spawn_local(async move {
            match earlier_reader().await {
                Ok(read) => store.read_earlier_tables(read),
                Err(_) => store.tell(store.words().earlier_saves_wait),
            }
        });
    }

    /// The tables saved in an earlier format, read with `read` and saved again in this version's format: each
    /// joins the games in progress, and the one to open opens if nothing else has opened since.
    pub fn read_earlier_tables(&self, read: fn(&str) -> Result<Table, String>) {
        let EarlierTables { keys, open } = std::mem::take(&mut *self.earlier_tables.write_value());
        let mut problems: Vec<LoadProblem> = Vec::new();
        for key in keys {
            let read = self
                .storage
                .with_value(|storage| storage.earlier_table(&key, read));
            problems.extend(read.problems);
            let Some(table) = read.value else { continue };
            let saved = self.storage.with_value(|storage| storage.save_table(&table));
            self.report_saving(saved);
            if !self.still_needed(&table) {
                continue;
            }
            let nothing_open =
                self.table.with_untracked(Option::is_none) && self.online.with_untracked(Option::is_none);
            if nothing_open && open.as_ref() == Some(&table.id) && !is_over(&table) {
                self.table.set(Some(table));
            } else {
                self.tables_in_progress
                    .update(|tables| place_by_recency(tables, table));
            }
        }
        if !problems.is_empty() {
            self.unreadable
                .set(self.storage.with_value(|storage| storage.unreadable()));
            let words = self.words();
            let told: Vec<String> = problems
                .iter()
                .map(|problem| (words.unreadable_found)(problem))
                .collect();
            self.tell(told.join(" "));
        }
    }

    /// Seats a new table and opens it; a bad request stays on the setup screen with the reason. An empty name
    /// is today's date.
    pub fn start(&self, request: NewGameRequest, name: String) {
        let name = match name.trim() {
            "" => self.today(),
            name => name.to_string(),
        };
        match Table::seat(name, &request, self.now_ms()) {
            Ok(table) => {
                self.close_room();
                self.setup_error.set(None);
                self.picker.set(None);
                self.in_flight.set(false);
                self.save(&table);
                self.table.set(Some(table));
            }
            Err(Seating::Setup(error)) => self.setup_error.set(Some((self.words().setup_refused)(&error))),
            Err(Seating::Refused(refusal)) => self.setup_error.set(Some((self.words().refusal)(&refusal))),
        }
    }

    /// A table that cannot be set up: the setup screen says why.
    pub fn refuse_setup(&self, reason: String) {
        self.setup_error.set(Some(reason));
    }

    /// Today's date, the name a table gets when none is given.
    pub fn today(&self) -> String {
        (self.clock.today)()
    }

    /// A table that has just finished goes to the front of the history.
    pub(super) fn record_if_finished(&self) {
        let Some(finished) = self.table.with_untracked(|table| {
            let table = table.as_ref()?;
            let game = table.game().filter(|game| game.is_over())?;
            Some(FinishedGame {
                table_id: table.id.clone(),
                table_name: table.name.clone(),
                finished_ms: self.now_ms(),
                game: game.clone(),
            })
        }) else {
            return;
        };
        let recorded = self
            .history
            .with_untracked(|games| games.iter().any(|game| game.table_id == finished.table_id));
        if !recorded {
            self.history
                .update(|games| games.insert(0, KeptGame::of(&finished)));
            self.save_history();
        }
    }

    /// After an undo of the last cell: the table is no longer finished, so it leaves the history.
    pub(super) fn forget_finished_game(&self) {
        let Some(id) = self
            .table
            .with_untracked(|table| table.as_ref().map(|t| t.id.clone()))
        else {
            return;
        };
        if self
            .history
            .with_untracked(|games| games.iter().any(|game| game.table_id == id))
        {
            self.history
                .update(|games| games.retain(|game| game.table_id != id));
            self.save_history();
        }
    }

    fn save_history(&self) {
        let saved = self
            .history
            .with_untracked(|games| self.storage.with_value(|storage| storage.save_history(games)));
        self.report_saving(saved);
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
        self.close_finished(&table);
        if let Some(request) = table.rematch_request() {
            self.start(request, table.name.clone());
        }
    }

    /// Back to the start screen; a game in progress stays saved to resume.
    pub fn leave(&self) {
        if self.online.with_untracked(Option::is_some) {
            return self.close_room();
        }
        self.picker.set(None);
        if let Some(table) = self.table.get_untracked() {
            self.close_finished(&table);
            if !is_over(&table) {
                self.tables_in_progress.update(|tables| {
                    tables.retain(|t| t.id != table.id);
                    tables.insert(0, table.clone());
                });
            }
        }
        self.table.set(None);
    }

    /// Opens a saved table, as this or another tab last saved it.
    pub fn resume(&self, id: &str) {
        let listed = self
            .tables_in_progress
            .with_untracked(|tables| tables.iter().find(|t| t.id == id).cloned());
        let Some(table) = self.storage.with_value(|storage| storage.table(id)).or(listed) else {
            return;
        };
        self.close_room();
        let remembered = self.storage.with_value(|storage| storage.set_last_table(id));
        self.report_saving(remembered);
        self.picker.set(None);
        self.in_flight.set(false);
        self.table.set(Some(table));
    }

    /// Deletes a game in progress (the start screen asks first).
    pub fn delete(&self, id: &str) {
        self.storage.with_value(|storage| storage.delete_table(id));
        self.tables_in_progress
            .update(|tables| tables.retain(|table| table.id != id));
    }

    /// A finished table lives on in the history; its saved copy goes.
    fn close_finished(&self, table: &Table) {
        if is_over(table) {
            self.storage.with_value(|storage| storage.delete_table(&table.id));
        }
    }
}

/// Whether a table's game has ended.
fn is_over(table: &Table) -> bool {
    table.game().is_some_and(fivedice_rules::Game::is_over)
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
