//! The screens and the pieces of them a player sees, each named for what it shows.

mod coach_panel;
mod dice_tray;
mod game_choice;
mod hint;
mod join_room_card;
mod perfect_play;
mod pips;
mod play_screen;
mod room_lobby;
mod saved_games;
mod score_sheet;
mod setup_screen;
mod standings;
mod statistics;
mod value_picker;
mod words;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::store::GameStore;
use crate::store::Reading;
use play_screen::PlayScreen;
use room_lobby::RoomLobby;
use setup_screen::SetupScreen;

#[component]
pub fn App() -> impl IntoView {
    let store = GameStore::open();
    provide_context(store);
    provide_context(store.engine());
    let has_table = store.has_table();
    let in_room_lobby = store.in_room_lobby();
    view! {
        <UpdateBanner />
        <NoticeBar />
        <Show
            when=move || has_table.get()
            fallback=move || {
                view! {
                    <Show when=move || in_room_lobby.get() fallback=|| view! { <SetupScreen /> }>
                        <RoomLobby />
                    </Show>
                }
            }
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
                    .notice()
                    .get()
                    .map(|message| {
                        view! {
                            <div class="notice">
                                <span>{message}</span>
                                <button
                                    class="dismiss"
                                    data-action="dismiss"
                                    aria-label="Dismiss message"
                                    on:click=move |_| store.dismiss_notice()
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

/// "A new version is ready": shown when a new deployment has been downloaded; it applies on tap (the game is
/// saved, so it resumes exactly) or by itself the next time the app starts.
#[component]
fn UpdateBanner() -> impl IntoView {
    let ready = RwSignal::new(false);
    let listener = window_event_listener_untyped("fivedice:update-ready", move |_| ready.set(true));
    on_cleanup(move || listener.remove());
    let apply = move |_| {
        let apply = js_sys::Reflect::get(&window(), &"fivediceApplyUpdate".into())
            .ok()
            .and_then(|apply| apply.dyn_into::<js_sys::Function>().ok());
        let applied = apply.map(|apply| apply.call0(&wasm_bindgen::JsValue::NULL));
        if !matches!(applied, Some(Ok(_))) {
            leptos::logging::warn!("the new version could not be applied now: it applies at the next start");
        }
    };
    move || {
        ready.get().then(|| {
            view! {
                <div class="update-banner" role="status">
                    <span>"A new version is ready."</span>
                    <button class="primary" data-action="apply-update" on:click=apply>
                        "Update now"
                    </button>
                    <button class="link" aria-label="Later" on:click=move |_| ready.set(false)>
                        "Later"
                    </button>
                </div>
            }
        })
    }
}

/// A number with a fixed count of decimals, e.g. `decimals(254.5896, 2)` is "254.59". Written with integers:
/// the float formatting machinery would add kilobytes to the download for a handful of labels.
pub fn decimals(value: f64, places: u32) -> String {
    let scale = 10_i64.pow(places);
    let scaled = (value * scale as f64).round() as i64;
    let sign = if scaled < 0 { "-" } else { "" };
    let (whole, fraction) = (scaled.abs() / scale, scaled.abs() % scale);
    match places {
        0 => format!("{sign}{whole}"),
        _ => format!("{sign}{whole}.{fraction:0width$}", width = places as usize),
    }
}

/// The name of a seat's player, for labels (tracked: the label follows the players).
fn player_name(players: impl Reading<Vec<String>>, seat: usize) -> String {
    players.with(|players| players.get(seat).cloned().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::decimals;

    #[test]
    fn decimals_round_like_printf() {
        assert_eq!(decimals(254.5896, 2), "254.59");
        assert_eq!(decimals(254.5896, 4), "254.5896");
        assert_eq!(decimals(146.5, 1), "146.5");
        assert_eq!(decimals(0.5, 0), "1");
        assert_eq!(decimals(3.04, 1), "3.0");
        assert_eq!(decimals(-2.25, 1), "-2.3");
    }
}
