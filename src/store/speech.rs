//! The language the app speaks and its words, and the one writer of what is spoken. A language whose words
//! are a chunk of their own is spoken once they are here; the last one wanted wins. The player's choice is
//! kept on this device.

use fivedice_rules::Language;
use leptos::prelude::*;

use crate::i18n::{self, Words};
use crate::storage::Storage;

use super::notices::Notices;

#[derive(Clone, Copy)]
pub struct Speech {
    /// The language spoken: chosen on this device, asked by the address, or the browser's.
    spoken: RwSignal<Language>,
    /// The language to speak: the one spoken, or one whose words are on their way.
    wanted: RwSignal<Language>,
    /// The browser's language, spoken where neither the address nor this device chose one.
    browser: Language,
    storage: StoredValue<Storage, LocalStorage>,
    notices: Notices,
}

impl Speech {
    /// Speaking the default language until told otherwise; `browser` is the browser's.
    pub(super) fn new(
        browser: Language,
        storage: StoredValue<Storage, LocalStorage>,
        notices: Notices,
    ) -> Speech {
        Speech {
            spoken: RwSignal::new(Language::default()),
            wanted: RwSignal::new(Language::default()),
            browser,
            storage,
            notices,
        }
    }

    /// The language spoken now (tracked).
    pub fn language(&self) -> ReadSignal<Language> {
        self.spoken.read_only()
    }

    /// The words of the language spoken now (not tracked: the whole view is rebuilt when it changes).
    pub fn words(&self) -> &'static Words {
        i18n::words(self.spoken.get_untracked())
    }

    /// The words of one part of the app in the language spoken now (`i18n::room_words`, …): a part fetched as
    /// a chunk of its own brings its words with it.
    pub fn words_of<T>(&self, part: fn(Language) -> &'static T) -> &'static T {
        part(self.spoken.get_untracked())
    }

    /// Whether a language's words are on their way, to be spoken when they are here (tracked).
    pub fn words_on_their_way(&self) -> bool {
        self.wanted.get() != self.spoken.get()
    }

    /// The player switches the language; the choice is kept on this device.
    pub fn set_language(&self, language: Language) {
        self.speak(language);
        let saved = self.storage.with_value(|storage| storage.set_language(language));
        self.notices.report_saving(saved, self.words());
    }

    /// Speaks what this device chose (or the browser's language, where it chose none).
    pub(super) fn speak_chosen(&self, chosen: Option<Language>) {
        self.speak(chosen.unwrap_or(self.browser));
    }

    /// Speaks a language: at once if its words are here, else once they are fetched. One that cannot be
    /// fetched (offline before it ever was) leaves the one spoken, and says so.
    fn speak(&self, language: Language) {
        self.wanted.set(language);
        if i18n::here(language).is_some() {
            self.spoken.set(language);
            return;
        }
        let speech = *self;
        leptos::task::spawn_local(async move {
            let fetched = i18n::fetch(language).await;
            if speech.wanted.get_untracked() != language {
                return;
            }
            match fetched {
                Ok(_) => speech.spoken.set(language),
                Err(_) => {
                    speech.wanted.set(speech.spoken.get_untracked());
                    speech.notices.tell(speech.words().not_fetched_offline);
                }
            }
        });
    }
}
