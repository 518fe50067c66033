//! The screens and the pieces of them a player sees, each named for what it shows.

mod dice_tray;
mod play_screen;
mod score_sheet;
mod setup_screen;
mod standings;
mod value_picker;

use leptos::prelude::*;

use crate::store::GameStore;
use play_screen::PlayScreen;
use setup_screen::SetupScreen;

#[component]
pub fn App() -> impl IntoView {
    let store = GameStore::open();
    provide_context(store);
    view! {
        <NoticeBar />
        <Show
            when=move || store.table.with(Option::is_some)
            fallback=|| view! { <SetupScreen /> }
        >
            <PlayScreen />
        </Show>
    }
}

/// A message for the player, read out by screen readers, until they dismiss it.
#[component]
fn NoticeBar() -> impl IntoView {
    let store = expect_context::<GameStore>();
    view! {
        <div class="notice-area" role="status" aria-live="polite">
            {move || {
                store
                    .notice
                    .get()
                    .map(|message| {
                        view! {
                            <div class="notice">
                                <span>{message}</span>
                                <button
                                    class="dismiss"
                                    data-action="dismiss"
                                    aria-label="Dismiss message"
                                    on:click=move |_| store.notice.set(None)
                                >
                                    "✕"
                                </button>
                            </div>
                        }
                    })
            }}
        </div>
    }
}

/// The name of a seat's player, for labels.
fn player_name(store: GameStore, seat: usize) -> String {
    store.table.with(|table| {
        table
            .as_ref()
            .and_then(|table| table.game.players().get(seat).cloned())
            .unwrap_or_default()
    })
}
