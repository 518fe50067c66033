//! What the player is told, and the one writer of it: a notice they dismiss (a refused action, a storage
//! problem), the saved data found unreadable (kept aside, to download), why a new game could not be set up,
//! why the join card could not open a room.

use fivedice_rules::case;
use leptos::prelude::*;

use crate::i18n::Words;
use crate::storage::{LoadProblem, SaveRefused, Storage, Unreadable};

#[derive(Clone, Copy)]
pub struct Notices {
    /// Shown until the player dismisses it.
    notice: RwSignal<Option<String>>,
    /// Saved data that could not be read, kept aside for the player to download.
    unreadable: RwSignal<Vec<Unreadable>>,
    /// Shown on the setup screen.
    setup_refused: RwSignal<Option<String>>,
    /// Shown on the join card.
    join_refused: RwSignal<Option<String>>,
    /// Set once saving has failed, so the player is told only once.
    save_failed: StoredValue<bool>,
}

impl Notices {
    pub fn new() -> Notices {
        Notices {
            notice: RwSignal::new(None),
            unreadable: RwSignal::new(Vec::new()),
            setup_refused: RwSignal::new(None),
            join_refused: RwSignal::new(None),
            save_failed: StoredValue::new(false),
        }
    }

    /// The notice shown now.
    pub fn notice(&self) -> ReadSignal<Option<String>> {
        self.notice.read_only()
    }

    /// Tells the player something, replacing what was shown.
    pub fn tell(&self, message: impl AsRef<str>) {
        self.notice.set(Some(case::capitalised(message.as_ref())));
    }

    pub fn dismiss(&self) {
        self.notice.set(None);
    }

    /// The saved data kept aside because it could not be read, to download.
    pub fn unreadable(&self) -> ReadSignal<Vec<Unreadable>> {
        self.unreadable.read_only()
    }

    /// What start-up found kept aside.
    pub(super) fn list_unreadable(&self, kept_aside: Vec<Unreadable>) {
        self.unreadable.set(kept_aside);
    }

    /// Saved data found unreadable after start-up, wherever it was found (a table resumed, another tab's save
    /// or this tab's own, a room's log, a save in JSON): it was set aside and its previous copy read where there
    /// was one. It joins the list to download at once, and the player is told.
    pub fn report_unreadable(
        &self,
        problems: &[LoadProblem],
        storage: StoredValue<Storage, LocalStorage>,
        words: &Words,
    ) {
        if !problems.is_empty() {
            self.unreadable.set(storage.with_value(Storage::unreadable));
            let told: Vec<String> = problems
                .iter()
                .map(|problem| (words.unreadable_found)(problem))
                .collect();
            self.tell(told.join(" "));
        }
    }

    /// A save that failed is told once (the game goes on in memory; export still works).
    pub fn report_saving(&self, saved: Result<(), SaveRefused>, words: &Words) {
        if let Err(refused) = saved
            && !self.save_failed.get_value()
        {
            self.save_failed.set_value(true);
            self.tell(format!(
                "{} {}",
                (words.save_refused)(refused),
                words.export_to_keep
            ));
        }
    }

    /// Why the last attempt to start a game failed, shown on the setup screen.
    pub fn setup_error(&self) -> ReadSignal<Option<String>> {
        self.setup_refused.read_only()
    }

    /// A table that cannot be set up: the setup screen says why.
    pub fn refuse_setup(&self, reason: String) {
        self.setup_refused.set(Some(reason));
    }

    /// The setup changed since it was refused, or a game started: the reason no longer holds.
    pub fn dismiss_setup_error(&self) {
        // Called at every keystroke of a name: nothing to redraw unless a refusal is shown.
        if self.setup_refused.with_untracked(Option::is_some) {
            self.setup_refused.set(None);
        }
    }

    /// Why the join card could not open a room.
    pub fn join_error(&self) -> ReadSignal<Option<String>> {
        self.join_refused.read_only()
    }

    pub fn refuse_join(&self, reason: String) {
        self.join_refused.set(Some(case::capitalised(&reason)));
    }

    pub fn dismiss_join_error(&self) {
        self.join_refused.set(None);
    }
}

impl Default for Notices {
    fn default() -> Notices {
        Notices::new()
    }
}
