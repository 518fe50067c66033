//! The Joker's call in plain words, where it bears on the dice now: why some cells are closed, or pay in full.
//! Shown beside the sheet and in the picker, so the argument ends at the table.

use leptos::prelude::*;

use crate::store::GameStore;
use crate::store::Reading as _;

#[component]
pub fn JokerNote() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let (call, rules) = (store.table().joker_call(), store.table().rules());
    move || {
        let call = call.get()?;
        let ruleset = rules.get()?.ruleset();
        let label = |category| {
            ruleset
                .cell(category)
                .map_or("", |cell| crate::i18n::label(language, cell.label))
        };
        let text = (words.joker_call)(call, label(ruleset.all_alike_cell()), label(call.upper_cell()));
        Some(view! {
            <p class="joker-note" data-joker-note>
                {text}
            </p>
        })
    }
}
