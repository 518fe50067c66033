//! A finished game's sheet, opened from the list of finished games to be looked at: every box as it was
//! written and each player's totals (read from the rules crate), nothing to tap but Close. A chunk of its own.

use fivedice_rules::Game;
use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::{Loaded, lazy};
use super::written_sheet::written_sheet;
use crate::store::GameStore;

/// The dialog for the finished game `game`, while `open` holds it.
pub fn finished_sheet(game: Game, open: RwSignal<Option<String>>) -> impl IntoView {
    lazy(finished_sheet_part, (game, open))
}

#[wasm_split_helpers::wasm_split(history, fallible)]
fn finished_sheet_part() -> Loaded<(Game, RwSignal<Option<String>>)> {
    Ok(|(game, open)| {
        add_history_styles();
        view! { <FinishedSheet game open /> }.into_any()
    })
}

#[component]
fn FinishedSheet(game: Game, open: RwSignal<Option<String>>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let ruleset = game.rules().ruleset();
    let close = move || open.set(None);
    crate::back::layer(close, None);
    view! {
        <Dialog close=Callback::new(move |()| close()) labelled_by="finished-sheet-title">
            <div class="picker finished-sheet" data-finished-sheet>
                <h2 id="finished-sheet-title">{words.game_name(ruleset)}</h2>
                <div class="scroll-x">{written_sheet(&game, words, language, None)}</div>
                <div class="picker-actions">
                    <button class="primary" data-action="close-sheet" on:click=move |_| close()>
                        {words.close}
                    </button>
                </div>
            </div>
        </Dialog>
    }
}

/// The styles of the games played (the history's table, the statistics', a finished game's sheet), which
/// the chunks showing them bring.
pub(super) fn add_history_styles() {
    super::lazy::add_styles("history-styles", include_str!("../../style/history.css"));
    // A finished game's sheet is drawn as the table's is (play.css): fetched with the list it is opened from.
    crate::page::ask_table_styles();
}
