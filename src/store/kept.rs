//! The tables kept on this device, and the one writer of them: the games in progress, the history of finished
//! games, and what was saved in JSON before text (read once its reader, a chunk of its own, is here). Its files
//! (export, import, share, and the data kept aside as unreadable) are [`super::data`]'s.

use fivedice_saved::{GAMES_KEPT_WHOLE, SavedHistory};
use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

use crate::storage::{LoadProblem, Space, Storage, Unreadable};
use crate::table::{FinishedGame, KeptGame, Table, place_by_recency};

use super::Clock;
use super::notices::Notices;
use super::speech::Speech;

#[derive(Clone, Copy)]
pub struct KeptTables {
    /// The finished games, the last finished first.
    history: RwSignal<Vec<KeptGame>>,
    /// Saved tables not yet finished, for the start screen.
    in_progress: RwSignal<Vec<Table>>,
    /// What was saved in JSON, before text, to be read once its reader is here.
    earlier: StoredValue<Earlier>,
    pub(super) storage: StoredValue<Storage, LocalStorage>,
    pub(super) clock: Clock,
    pub(super) notices: Notices,
    pub(super) speech: Speech,
}

/// What this device saved in JSON, before text (tables of formats 1 to 4, the history of format 1): the keys of
/// such tables, whether the history is such, and the id of the table to open once read (the one played last,
/// where the app opened on nothing else). Read once, by a chunk of its own, and saved again as text.
#[derive(Default)]
struct Earlier {
    tables: Vec<String>,
    history: bool,
    open: Option<String>,
}

/// What storage holds of the tables, as read at start-up.
pub(super) struct Saved {
    pub(super) history: SavedHistory,
    /// The tables saved as text.
    pub(super) current: Vec<Table>,
    /// The keys of the tables saved in JSON.
    pub(super) earlier: Vec<String>,
    pub(super) unreadable: Vec<Unreadable>,
    /// The table to show again (the one open when the app was last used).
    pub(super) shown: Option<String>,
}

impl KeptTables {
    pub(super) fn new(
        storage: StoredValue<Storage, LocalStorage>,
        clock: Clock,
        notices: Notices,
        speech: Speech,
    ) -> KeptTables {
        KeptTables {
            history: RwSignal::new(Vec::new()),
            in_progress: RwSignal::new(Vec::new()),
            earlier: StoredValue::new(Earlier::default()),
            storage,
            clock,
            notices,
            speech,
        }
    }

    /// The finished games as the history keeps them (not read in full).
    pub fn history(&self) -> ReadSignal<Vec<KeptGame>> {
        self.history.read_only()
    }

    /// The finished games read in full, for what shows them (each one that cannot be read is left out, and
    /// said in the console: it stays kept as it is).
    pub fn finished_games(&self) -> Memo<Vec<FinishedGame>> {
        let history = self.history;
        Memo::new(move |_| {
            history.with(|games| {
                games
                    .iter()
                    .filter_map(|game| {
                        game.read()
                            .inspect_err(|reason| leptos::logging::warn!("not shown: {reason}"))
                            .ok()
                    })
                    .collect()
            })
        })
    }

    pub fn tables_in_progress(&self) -> ReadSignal<Vec<Table>> {
        self.in_progress.read_only()
    }

    /// How much of the browser's storage the saved data takes, if this browser gives the page a store.
    pub fn space(&self) -> Option<Space> {
        self.storage.with_value(Storage::space)
    }

    /// Takes in what storage holds at start-up: the history, then each table (a finished one goes to the
    /// history), the keys saved in JSON to read later, what could not be read.
    pub(super) fn take_saved(&self, saved: Saved) {
        let (history, earlier_history) = match saved.history {
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
            .filter_map(|table| {
                let shown = saved.shown.as_deref() == Some(table.id());
                self.take_in(table, shown)
            })
            .collect();
        self.in_progress.set(in_progress);
        self.notices.list_unreadable(saved.unreadable);
    }

    /// The table played last, to open once what was saved in JSON is read (it may be one of those tables).
    pub(super) fn open_once_read(&self, id: Option<String>) {
        self.earlier.update_value(|earlier| earlier.open = id);
    }

    /// A saved table as the app takes it in: one in progress is listed (returned); a finished one lives on in
    /// the history, recorded there if it was not yet (the app closed before), and its saved copy goes, unless
    /// it is `shown` again (its results and review stay until it is left). While the history waits to be read
    /// (saved before text), a finished table stays saved as it is.
    fn take_in(&self, table: Table, shown: bool) -> Option<Table> {
        if !is_over(&table) {
            return Some(table);
        }
        if !self.history_is_read() {
            return None;
        }
        if !self.is_recorded(table.id()) {
            let kept = KeptGame::new(table.id(), table.name(), table.log(), table.updated_ms());
            self.history.update(|games| {
                let at = games.partition_point(|later| later.finished_ms >= kept.finished_ms);
                games.insert(at, kept);
            });
            self.save_history();
        }
        if !shown {
            self.storage
                .with_value(|storage| storage.delete_table(table.id()));
        }
        None
    }

    fn is_recorded(&self, table_id: &str) -> bool {
        self.history
            .with_untracked(|games| games.iter().any(|game| game.table_id == table_id))
    }

    /// Whether the history is read (it is, unless saved before text and waiting for its reader).
    fn history_is_read(&self) -> bool {
        !self.earlier.with_value(|earlier| earlier.history)
    }

    /// Whether anything saved in JSON waits to be read.
    pub(super) fn earlier_waits(&self) -> bool {
        self.earlier
            .with_value(|earlier| !earlier.tables.is_empty() || earlier.history)
    }

    /// What was saved in JSON, read and saved again as text: the history (with any game recorded since the app
    /// started), and each table, which joins the games in progress. Returns the table to open, the one played
    /// last, where `nothing_open` still.
    pub(super) fn read_earlier(&self, nothing_open: bool) -> Option<Table> {
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
                self.take_in(table, false);
            }
        }
        let mut to_open = None;
        for key in tables {
            let read = self.storage.with_value(|storage| storage.earlier_table(&key));
            problems.extend(read.problems);
            let Some(table) = read.value else { continue };
            let saved = self.storage.with_value(|storage| storage.save_table(&table));
            self.report_saving(saved);
            let Some(table) = self.take_in(table, false) else {
                continue;
            };
            if nothing_open && open.as_deref() == Some(table.id()) {
                to_open = Some(table);
            } else {
                self.in_progress.update(|tables| place_by_recency(tables, table));
            }
        }
        self.set_aside(&problems);
        to_open
    }

    /// Saved data found unreadable after start-up: listed to download, and told.
    pub(super) fn set_aside(&self, problems: &[LoadProblem]) {
        self.notices
            .report_unreadable(problems, self.storage, self.speech.words());
    }

    /// A table that has just finished goes to the front of the history. An online room's game is recorded at
    /// its last box, and what follows (the reveal of its dice's seed) joins the kept log, so that the game
    /// checks from the history and from a file of it. Another game at a table of the same id (a room of the
    /// same name, forgotten by its server and played again) leaves the kept one as it is.
    pub(super) fn record_if_finished(&self, table: &Table) {
        if !is_over(table) {
            return;
        }
        let recorded = self.history.with_untracked(|games| {
            let at = games.iter().position(|game| game.table_id == table.id())?;
            Some((at, games[at].clone()))
        });
        match recorded {
            None => {
                let finished = KeptGame::new(table.id(), table.name(), table.log(), (self.clock.now_ms)());
                self.history.update(|games| games.insert(0, finished));
            }
            Some((at, kept)) => {
                let finished = KeptGame::new(table.id(), table.name(), table.log(), kept.finished_ms);
                if !finished.continues(&kept) {
                    return;
                }
                self.history.update(|games| games[at] = finished);
            }
        }
        self.save_history();
    }

    /// A game another device shared as a replay link, kept in the history, marked as shared, in its place by
    /// when it ended: whether it was added (a game whose table is in the history already stays as it is).
    pub fn keep_shared(&self, game: KeptGame) -> bool {
        if self.is_recorded(&game.table_id) {
            return false;
        }
        self.history.update(|games| {
            let at = games.partition_point(|kept| kept.finished_ms >= game.finished_ms);
            games.insert(at, game.as_shared());
        });
        self.save_history();
        true
    }

    /// A finished game of the history, as kept (to share it).
    pub fn finished(&self, table_id: &str) -> Option<KeptGame> {
        self.history
            .with_untracked(|games| games.iter().find(|game| game.table_id == table_id).cloned())
    }

    /// After an undo of the last cell: the table is no longer finished, so it leaves the history.
    pub(super) fn forget_finished(&self, table_id: &str) {
        if self.is_recorded(table_id) {
            self.history
                .update(|games| games.retain(|game| game.table_id != table_id));
            self.save_history();
        }
    }

    /// Saves the history, unless it waits to be read (its finished tables stay saved meanwhile), then keeps
    /// its older games as sheets if it has grown long.
    fn save_history(&self) {
        if self.write_history() {
            self.keep_older_as_sheets_when_here();
        }
    }

    /// Writes the history as it is now, unless it waits to be read; whether it was written.
    fn write_history(&self) -> bool {
        if !self.history_is_read() {
            return false;
        }
        let saved = self
            .history
            .with_untracked(|games| self.storage.with_value(|storage| storage.save_history(games)));
        self.report_saving(saved);
        true
    }

    /// A table left: one in progress goes to the front of the games in progress; a finished one lives on in
    /// the history, and its saved copy goes (once the history is read).
    pub(super) fn left(&self, table: &Table) {
        self.close_finished(table);
        if !is_over(table) {
            self.in_progress.update(|tables| {
                tables.retain(|t| t.id() != table.id());
                tables.insert(0, table.clone());
            });
        }
    }

    /// A game in progress, as listed.
    pub(super) fn listed(&self, id: &str) -> Option<Table> {
        self.in_progress
            .with_untracked(|tables| tables.iter().find(|t| t.id() == id).cloned())
    }

    /// Deletes a game in progress (the start screen asks first).
    pub fn delete(&self, id: &str) {
        self.storage.with_value(|storage| storage.delete_table(id));
        self.in_progress
            .update(|tables| tables.retain(|table| table.id() != id));
    }

    /// A finished table lives on in the history; its saved copy goes (once the history is read).
    pub(super) fn close_finished(&self, table: &Table) {
        if is_over(table) && self.history_is_read() {
            self.storage
                .with_value(|storage| storage.delete_table(table.id()));
        }
    }

    /// Replaces what is kept (an import merged into it).
    pub(super) fn replace(&self, in_progress: Vec<Table>, history: Vec<KeptGame>) {
        self.in_progress.set(in_progress);
        self.history.set(history);
        self.keep_older_as_sheets_when_here();
    }

    /// A history longer than the games it keeps whole keeps the older ones as their sheets only, once the
    /// chunk that does it is here. A chunk that cannot be fetched (offline, never fetched) leaves the history
    /// whole: the next save tries again.
    fn keep_older_as_sheets_when_here(&self) {
        if self.history.with_untracked(Vec::len) <= GAMES_KEPT_WHOLE {
            return;
        }
        let kept = *self;
        leptos::task::spawn_local(async move {
            if let Ok(compact) = history_compacting().await {
                compact(kept);
            }
        });
    }

    /// Keeps the games beyond the newest [`GAMES_KEPT_WHOLE`] as their sheets only, and writes the history if
    /// that changed it (without asking for this again: nothing is left to keep so).
    pub(super) fn keep_older_as_sheets(&self) {
        let mut games = self.history.get_untracked();
        if fivedice_saved::keep_older_as_sheets(&mut games) > 0 {
            self.history.set(games);
            self.write_history();
        }
    }

    /// Saves a table played on this device, as the one played last (a reload opens it again).
    pub(super) fn save_played(&self, table: &Table) {
        let saved = self.storage.with_value(|storage| {
            storage
                .save_table(table)
                .and_then(|()| storage.set_last_table(table.id()))
        });
        self.report_saving(saved);
    }

    /// The saved table `id` is the one played last: a reload opens it again.
    pub(super) fn remember_last(&self, id: &str) {
        let remembered = self.storage.with_value(|storage| storage.set_last_table(id));
        self.report_saving(remembered);
    }

    pub(super) fn report_saving(&self, saved: Result<(), crate::storage::SaveRefused>) {
        self.notices.report_saving(saved, self.speech.words());
    }
}

/// Keeping the older games of a long history as their sheets only (a chunk of its own, `compact`: only a device
/// that has finished more than [`GAMES_KEPT_WHOLE`] games needs it).
#[wasm_split_helpers::wasm_split(compact, fallible)]
fn history_compacting() -> Result<fn(KeptTables), SplitLoaderError> {
    Ok(|kept| kept.keep_older_as_sheets())
}

/// Whether a table's game has ended.
pub(super) fn is_over(table: &Table) -> bool {
    table.game().is_some_and(fivedice_rules::Game::is_over)
}
