//! The player's data as files: everything exported, one finished game shared, a file imported (checked in
//! full, merged without duplicates), and the unreadable data kept aside offered as it was stored.

use std::collections::BTreeMap;

use crate::files;
use crate::table::{Bundle, Table};
use leptos::prelude::*;

use super::kept::KeptTables;

impl KeptTables {
    /// Everything kept: the games in progress (the one open, `open`, included) and the finished ones.
    fn bundle(&self, open: Option<Table>) -> Bundle {
        let mut tables = self.tables_in_progress().get_untracked();
        // An online table in progress is the room's, not this device's to export (it goes to the history once
        // finished).
        let current = open.filter(|table| !table.is_online());
        let in_progress = |table: &Table| table.game().is_some_and(|game| !game.is_over());
        if let Some(current) = current.filter(in_progress) {
            tables.retain(|table| table.id() != current.id());
            tables.insert(0, current);
        }
        Bundle {
            tables,
            history: self.history().get_untracked(),
        }
    }

    /// The export file: its name and contents (or why a finished game cannot go in it). It is made from
    /// memory, so it works when storage does not.
    pub fn export_file(&self, open: Option<Table>) -> Result<(String, String), String> {
        let name = format!("fivedice-{}.json", (self.clock.today)());
        Ok((name, self.bundle(open).to_json((self.clock.now_ms)())?))
    }

    /// Saves everything to one file.
    pub fn export(&self, open: Option<Table>) {
        match self.export_file(open) {
            Ok((name, contents)) => self.download(&name, &contents),
            Err(reason) => self.notices.tell(reason),
        }
    }

    /// One finished game as a file of its own, to send to someone (`None` if there is no such game); why not
    /// if it cannot be read.
    pub fn share_file(&self, table_id: &str) -> Option<Result<(String, String), String>> {
        let kept = self.finished(table_id)?;
        let file = kept.read().and_then(|finished| {
            let name = format!("fivedice-{}-{}.json", finished.game.rules().id(), table_id);
            let bundle = Bundle {
                tables: Vec::new(),
                history: vec![kept],
            };
            Ok((name, bundle.to_json((self.clock.now_ms)())?))
        });
        Some(file)
    }

    /// Shares a finished game as a file: through the device's share sheet, or saved as a download where there
    /// is none (and the player is told where it went).
    pub fn share(&self, table_id: &str) {
        let (name, contents) = match self.share_file(table_id) {
            None => return,
            Some(Ok(file)) => file,
            Some(Err(reason)) => return self.notices.tell(reason),
        };
        let notices = self.notices;
        let words = self.speech.words();
        leptos::task::spawn_local(async move {
            match files::share(&name, &contents).await {
                Ok(files::Shared::Sheet) => {}
                Ok(files::Shared::Downloaded) => notices.tell((words.shared_as_download)(&name)),
                Err(message) => notices.tell(message),
            }
        });
    }

    /// Reads an export (or a shared game), checks all of it, and adds what is not here yet (the table open,
    /// `open`, stays open, and out of the list of games in progress). Only what the file brings is saved (a
    /// table new here, or a more saved copy), and never over a newer revision another tab saved since. The file's
    /// more saved copy of the table open is returned, for the open table's owner to save and show
    /// ([`super::Tables::import`]).
    pub(super) fn import(&self, raw: &str, open: Option<Table>) -> Option<Table> {
        let words = self.speech.words();
        let incoming = match Bundle::from_json(raw) {
            Ok(incoming) => incoming,
            Err(error) => {
                self.import_failed(&(words.file_refused)(&error));
                return None;
            }
        };
        let current = open.as_ref().map(|t| t.id().to_string());
        let mut here = self.bundle(open);
        let summary = here.merge(incoming);
        let brought = |table: &Table| summary.tables_brought.iter().any(|id| id == table.id());
        let is_open = |table: &Table| current.as_deref() == Some(table.id());
        let newer_open = here
            .tables
            .iter()
            .find(|table| is_open(table) && brought(table))
            .cloned();
        here.tables.retain(|table| !is_open(table));
        let saved = self.storage.with_value(|storage| {
            here.tables
                .iter()
                .filter(|table| brought(table))
                .filter(|table| {
                    storage
                        .table_since(table.id(), table.revision() + 1)
                        .value
                        .is_none()
                })
                .try_for_each(|table| storage.save_table(table))
                .and_then(|()| storage.save_history(&here.history))
        });
        self.replace(here.tables, here.history);
        let warning = saved
            .err()
            .map(|refused| format!(" {}", (words.save_refused)(refused)))
            .unwrap_or_default();
        let told = (words.imported)(summary.games_added, summary.tables_added, summary.already_here);
        self.notices.tell(format!("{told}{warning}"));
        newer_open
    }

    /// A file that could not be read or imported: nothing changes, and the player is told why.
    pub fn import_failed(&self, reason: &str) {
        self.notices.tell((self.speech.words().nothing_imported)(reason));
    }

    /// The data that could not be read, as one file holding each key's text exactly as it was stored.
    pub fn unreadable_file(&self) -> String {
        let kept: BTreeMap<String, String> = self
            .notices
            .unreadable()
            .get_untracked()
            .into_iter()
            .map(|item| (item.key, item.raw))
            .collect();
        serde_json::to_string(&kept).expect("text by key is plain JSON")
    }

    pub fn download_unreadable(&self) {
        self.download("fivedice-unreadable-data.json", &self.unreadable_file());
    }

    fn download(&self, name: &str, contents: &str) {
        if let Err(message) = files::download(name, contents) {
            self.notices.tell(message);
        }
    }
}
