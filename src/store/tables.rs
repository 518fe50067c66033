//! Tables come and go: what is saved is read at start-up, a new table is seated, a finished one goes to the
//! history, the player leaves, resumes or deletes one.

use crate::launch::{RoomLaunch, parse_launch, parse_room_launch};
use crate::setup_draft::SetupDraft;
use crate::storage::LoadProblem;
use crate::table::{KeptGame, NewGameRequest, Seating, Table, place_by_recency};
use fivedice_rules::case;
use fivedice_saved::SavedHistory;
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

/// What this device saved in JSON, before text (tables of formats 1 to 4, the history of format 1): the keys of
/// such tables, whether the history is such, and the id of the table to open once read (the one played last,
/// where the app opened on nothing else). Read once, by a chunk of its own, and saved again as text.
#[derive(Default)]
pub(super) struct Earlier {
    tables: Vec<String>,
    history: bool,
    open: Option<String>,
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
        let (history, earlier_history) = match history.value {
            SavedHistory::Current(games) => (games, false),
            SavedHistory::Earlier => (Vec::new(), true),
        };
        self.history.set(history);
        self.earlier.set_value(Earlier {
            tables: saved.earlier,
            history: earlier_history,
            open: None,
        });
        let in_progress = saved
            .current
            .into_iter()
            .filter_map(|table| self.take_in(table))
            .collect();
        self.tables_in_progress.set(in_progress);
        self.unreadable.set(unreadable);
        if !problems.is_empty() {
            self.notice.set(Some(problems.join(" ")));
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
                        (None, None) => self.earlier.update_value(|earlier| earlier.open = last),
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

    /// A saved table as the app takes it in: one in progress is listed (returned); a finished one lives on in
    /// the history, recorded there if it was not yet (the app closed before), and its saved copy goes. While
    /// the history waits to be read (saved before text), a finished table stays saved as it is.
    fn take_in(&self, table: Table) -> Option<Table> {
        if !is_over(&table) {
            return Some(table);
        }
        if !self.history_is_read() {
            return None;
        }
        let recorded = self
            .history
            .with_untracked(|games| games.iter().any(|game| game.table_id == table.id));
        if !recorded {
            let kept = KeptGame::new(&table.id, &table.name, &table.log, table.updated_ms);
            self.history.update(|games| {
                let at = games.partition_point(|later| later.finished_ms >= kept.finished_ms);
                games.insert(at, kept);
            });
            self.save_history();
        }
        self.storage.with_value(|storage| storage.delete_table(&table.id));
        None
    }

    /// Whether the history is read (it is, unless saved before text and waiting for its reader).
    fn history_is_read(&self) -> bool {
        !self.earlier.with_value(|earlier| earlier.history)
    }

    /// Reads what was saved in JSON once its reader (a chunk) is here; says so if it cannot be fetched (it stays
    /// saved as it is).
    pub(super) fn read_earlier_when_here(&self) {
        if self
            .earlier
            .with_value(|earlier| earlier.tables.is_empty() && !earlier.history)
        {
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

    /// What was saved in JSON, read and saved again as text: the history (with any game recorded since the app
    /// started), and each table, which joins the games in progress; the table to open opens if nothing else
    /// has opened since.
    pub fn read_earlier(&self) {
        let Earlier {
            tables,
            history,
            open,
        } = std::mem::take(&mut *self.earlier.write_value());
        let mut problems: Vec<LoadProblem> = Vec::new();
        if history {
            let read = self.storage.with_value(|storage| storage.earlier_history());
            problems.extend(read.problems);
            let mut games = read.value.unwrap_or_default();
            for recorded in self.history.get_untracked() {
                if games.iter().all(|game| game.table_id != recorded.table_id) {
                    games.push(recorded);
                }
            }
            games.sort_by(|a, b| b.finished_ms.total_cmp(&a.finished_ms));
            self.history.set(games);
            self.save_history();
            // The finished tables that waited for the history go to it now.
            let waited = self.storage.with_value(|storage| storage.tables()).value.current;
            for table in waited.into_iter().filter(is_over) {
                self.take_in(table);
            }
        }
        for key in tables {
            let read = self.storage.with_value(|storage| storage.earlier_table(&key));
            problems.extend(read.problems);
            let Some(table) = read.value else { continue };
            let saved = self.storage.with_value(|storage| storage.save_table(&table));
            self.report_saving(saved);
            let Some(table) = self.take_in(table) else {
                continue;
            };
            let nothing_open =
                self.table.with_untracked(Option::is_none) && self.online.with_untracked(Option::is_none);
            if nothing_open && open.as_ref() == Some(&table.id) {
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
    /// is the players' ([`table_name_for`]).
    pub fn start(&self, request: NewGameRequest, name: String) {
        let name = match name.trim() {
            "" => table_name_for(&request.players),
            name => name.to_string(),
        };
        match Table::seat(name, &request, self.now_ms()) {
            Ok(table) => {
                self.close_room();
                self.setup_error.set(None);
                self.save(&table);
                self.show_table(Some(table));
            }
            Err(Seating::Setup(error)) => {
                self.setup_error
                    .set(Some(case::capitalised(&(self.words().setup_refused)(&error))))
            }
            Err(Seating::Refused(refusal)) => self.setup_error.set(Some((self.words().refusal)(&refusal))),
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

    /// A table that cannot be set up: the setup screen says why.
    pub fn refuse_setup(&self, reason: String) {
        self.setup_error.set(Some(reason));
    }

    /// The setup changed since it was refused: the reason no longer holds.
    pub fn dismiss_setup_error(&self) {
        // Called at every keystroke of a name: nothing to redraw unless a refusal is shown.
        if self.setup_error.with_untracked(Option::is_some) {
            self.setup_error.set(None);
        }
    }

    /// A table that has just finished goes to the front of the history.
    pub(super) fn record_if_finished(&self) {
        let Some(finished) = self.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| is_over(table))?;
            let recorded = self
                .history
                .with_untracked(|games| games.iter().any(|game| game.table_id == table.id));
            (!recorded).then(|| KeptGame::new(&table.id, &table.name, &table.log, self.now_ms()))
        }) else {
            return;
        };
        self.history.update(|games| games.insert(0, finished));
        self.save_history();
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

    /// Saves the history, unless it waits to be read (its finished tables stay saved meanwhile).
    fn save_history(&self) {
        if !self.history_is_read() {
            return;
        }
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
        if let Some(table) = self.table.get_untracked() {
            self.close_finished(&table);
            if !is_over(&table) {
                self.tables_in_progress.update(|tables| {
                    tables.retain(|t| t.id != table.id);
                    tables.insert(0, table.clone());
                });
            }
        }
        self.show_table(None);
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
        self.show_table(Some(table));
    }

    /// Deletes a game in progress (the start screen asks first).
    pub fn delete(&self, id: &str) {
        self.storage.with_value(|storage| storage.delete_table(id));
        self.tables_in_progress
            .update(|tables| tables.retain(|table| table.id != id));
    }

    /// A finished table lives on in the history; its saved copy goes (once the history is read).
    fn close_finished(&self, table: &Table) {
        if is_over(table) && self.history_is_read() {
            self.storage.with_value(|storage| storage.delete_table(&table.id));
        }
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
