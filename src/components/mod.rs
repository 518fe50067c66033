//! The screens and the pieces of them a player sees, each named for what it shows.

mod coach_panel;
mod dialog;
mod dice_seal;
mod dice_tray;
mod event;
mod finished_sheet;
mod game_choice;
mod game_options;
mod hint;
mod hint_shown;
mod how_to_play;
mod invite;
mod join_room_card;
mod joker_note;
mod lazy;
mod odds;
mod par;
mod perfect_play;
mod pips;
mod play_screen;
mod replay;
mod room_game_choice;
mod room_lobby;
mod saved_games;
mod saved_rolls;
mod score_sheet;
mod seat_notes;
mod settings;
mod setup_screen;
mod share;
mod shown;
mod standings;
mod statistics;
mod table_news;
mod value_picker;
mod when;
mod who_starts;
mod written_sheet;

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use leptos::prelude::*;
use shown::{either_when, shown_when};
use wasm_bindgen::JsCast;

use crate::i18n::Language;
use crate::room_client::WebSocketLink;
use crate::store::GameStore;
use crate::store::Reading;
use play_screen::PlayScreen;
use room_lobby::RoomLobby;
use setup_screen::SetupScreen;

#[component]
pub fn App() -> impl IntoView {
    let store = GameStore::open(Rc::new(WebSocketLink::default()));
    provide_context(store);
    provide_context(store.engine());
    let language = store.speech().language();
    // `<html lang>` names the language shown.
    Effect::new(move |_| show_language_to_the_platform(language.get()));
    // The store opened in this task (saved games read, a launch address played); the screens build in the next
    // one, where they take the static shell's place: two shorter tasks instead of one long one.
    // The words are read once per view: a new language rebuilds the screens (the state lives in the store).
    // A first visit in another language waits for its words with the static shell showing, rather than
    // flash English; a switch later keeps the screens until the words are here.
    // One `main` landmark holds every screen, so assistive technologies find the content (axe-core checks it).
    let screens_built = StoredValue::new(false);
    view! {
        <main>
            <Deferred until=Moment::NextTask>
                {move || {
                    language.track();
                    // So does an address's ask on its way (a new game, a room, an event's page), rather than
                    // flash the start screen.
                    let waiting = store.speech().words_on_their_way() || store.launching();
                    if !screens_built.get_value() && waiting {
                        return None;
                    }
                    screens_built.set_value(true);
                    Some(view! { <Screens /> })
                }}
            </Deferred>
        </main>
    }
}

/// Removes the static shell of index.html, which showed the page while the app loaded.
fn take_over_from_the_shell() {
    if let Some(shell) = document().get_element_by_id("shell") {
        shell.remove();
    }
}

/// `<html lang>`, and the web app manifest (name and description) in the language shown.
fn show_language_to_the_platform(language: Language) {
    let document = document();
    let tag = language.id();
    let manifest = match language {
        Language::English => "assets/manifest.webmanifest".to_string(),
        _ => format!("assets/manifest.{tag}.webmanifest"),
    };
    let set = |selector: &str, attribute: &str, value: &str| {
        let element = document.query_selector(selector).ok().flatten();
        if element.is_none_or(|element| element.set_attribute(attribute, value).is_err()) {
            leptos::logging::warn!("{selector} could not take {attribute}={value}");
        }
    };
    set("html", "lang", tag);
    set("link[rel=manifest]", "href", &manifest);
}

/// The screen for where the player is: a table, a room's lobby, or the start screen.
#[component]
fn Screens() -> impl IntoView {
    take_over_from_the_shell();
    let store = expect_context::<GameStore>();
    let has_table = store.table().has_table();
    let in_room_lobby = store.table().in_room_lobby();
    // A replay link (`#replay=…`) shows its replay over any screen, until the player goes on to the app; a link
    // pasted into the address of the app open shows too.
    let replay = RwSignal::new(crate::page::replay_in_address());
    let hash_changes = window_event_listener(leptos::ev::hashchange, move |_| {
        replay.set(crate::page::replay_in_address());
    });
    on_cleanup(move || hash_changes.remove());
    let leave_replay = Callback::new(move |()| {
        crate::page::forget_replay_address();
        replay.set(None);
        // The focus, on the button gone, goes to the screen's heading once it is drawn.
        request_animation_frame(|| {
            let heading = document().query_selector("main h1").ok().flatten();
            if let Some(heading) = heading {
                if heading.set_attribute("tabindex", "-1").is_err() {
                    leptos::logging::warn!("the start screen's heading could not take the focus");
                }
                crate::focus::take(&heading);
            }
        });
    });
    move || {
        if let Some(payload) = replay.get() {
            return view! {
                <NoticeBar />
                {replay::replay_screen(payload, leave_replay)}
            }
            .into_any();
        }
        let page = store.events().page();
        // Only the page decides which screen this is: what the screens read as they are built is theirs.
        untrack(move || match page {
            // An event's page (the organiser's, the big screen, a table being taken up) is all its address
            // shows.
            Some(page) => view! {
                <NoticeBar />
                {event::event_page(page)}
            }
            .into_any(),
            None => view! {
                <UpdateBanner />
                <NoticeBar />
                {either_when(
                    move || has_table.get(),
                    || {
                        // The table shows once its styles and its code are here (at once, unless this is the
                        // page's first table).
                        let ready = table_ready();
                        shown_when(move || ready.get(), || lazy::lazy(play_screen_part, ()))
                    },
                    move || {
                        either_when(
                            move || in_room_lobby.get(),
                            || view! { <RoomLobby /> }.into_any(),
                            || view! { <SetupScreen /> }.into_any(),
                        )
                    },
                )}
            }
            .into_any(),
        })
    }
}

/// The table's styles (play.css, which the page's `fivedicePlay` fetches once) and its code (the `table` chunk),
/// asked for now, side by side: `true` once both are here, or could not be fetched (the table then shows
/// unstyled rather than not at all; a chunk that did not come says so where the table would be).
fn table_ready() -> Signal<bool> {
    let waiting = RwSignal::new(2u8);
    let arrived = move || waiting.update(|waiting| *waiting = waiting.saturating_sub(1));
    let styles = crate::page::ask_table_styles();
    leptos::task::spawn_local(async move {
        if let Some(arriving) = styles {
            let _ = wasm_bindgen_futures::JsFuture::from(arriving).await;
        }
        arrived();
    });
    leptos::task::spawn_local(async move {
        if play_screen_part().await.is_err() {
            leptos::logging::warn!("the table's chunk could not be fetched");
        }
        arrived();
    });
    Signal::derive(move || waiting.get() == 0)
}

/// The table's styles and code, asked for ahead of Start once the player sets a game up or joins a room (a tap or
/// the focus in its form, a room's lobby): Start then shows the table without waiting for their download (on a
/// 4 Mbit/s line the table's 30 KB would add about 50 ms). Once per page; the start screen alone asks for neither.
fn fetch_table_ahead() {
    static ASKED: AtomicBool = AtomicBool::new(false);
    if ASKED.swap(true, Ordering::Relaxed) {
        return;
    }
    // A failure is not said here: `table_ready` asks again when the table is to show, and says it there.
    let _ = crate::page::ask_table_styles();
    leptos::task::spawn_local(async {
        let _ = play_screen_part().await;
    });
}

/// The table in play (a chunk of its own: the start screen never shows it).
#[wasm_split_helpers::wasm_split(table, fallible)]
fn play_screen_part() -> lazy::Loaded<()> {
    Ok(|()| view! { <PlayScreen /> }.into_any())
}

/// A message for the player, read out by screen readers, until they dismiss it.
#[component]
fn NoticeBar() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    view! {
        <div class="notice-area" role="status" aria-live="polite">
            {move || {
                store
                    .notices()
                    .notice()
                    .get()
                    .map(|message| {
                        view! {
                            <div class="notice">
                                <span>{message}</span>
                                <button
                                    class="dismiss"
                                    data-action="dismiss"
                                    aria-label=words.dismiss
                                    on:click=move |_| store.notices().dismiss()
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
/// saved, so it resumes exactly) or by itself the next time the app starts. The banner is a chunk of its own,
/// fetched when a new version is there.
#[component]
fn UpdateBanner() -> impl IntoView {
    let ready = RwSignal::new(false);
    let listener = window_event_listener_untyped("fivedice:update-ready", move |_| ready.set(true));
    on_cleanup(move || listener.remove());
    lazy::lazy_when(move || ready.get(), update_banner_part, ready)
}

#[wasm_split_helpers::wasm_split(update, fallible)]
fn update_banner_part() -> lazy::Loaded<RwSignal<bool>> {
    Ok(|ready| {
        lazy::add_styles("update-styles", include_str!("../../style/update.css"));
        update_banner(ready).into_any()
    })
}

fn update_banner(ready: RwSignal<bool>) -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let apply = move |_| {
        let apply = js_sys::Reflect::get(&window(), &"fivediceApplyUpdate".into())
            .ok()
            .and_then(|apply| apply.dyn_into::<js_sys::Function>().ok());
        let applied = apply.map(|apply| apply.call0(&wasm_bindgen::JsValue::NULL));
        if !matches!(applied, Some(Ok(_))) {
            leptos::logging::warn!("the new version could not be applied now: it applies at the next start");
        }
    };
    view! {
        <div class="update-banner" role="status">
            <span>{words.new_version}</span>
            <button class="primary" data-action="apply-update" on:click=apply>
                {words.update_now}
            </button>
            <button class="link" on:click=move |_| ready.set(false)>
                {words.later}
            </button>
        </div>
    }
}

/// The name of a seat's player, for labels (tracked: the label follows the players).
fn player_name(players: impl Reading<Vec<String>>, seat: usize) -> String {
    players.with(|players| players.get(seat).cloned().unwrap_or_default())
}

/// A box's name on this sheet in `language`; in column Yam with its column: "Fours (↓ Down)".
fn place_label(
    rules: fivedice_rules::Rules,
    place: fivedice_rules::Place,
    language: Language,
) -> Option<String> {
    let label = crate::i18n::label(language, rules.ruleset().cell(place.category)?.label);
    Some(match rules.columns().is_one() {
        true => label.to_string(),
        false => format!(
            "{label} ({} {})",
            place.column.symbol(),
            crate::i18n::label(language, place.column.label())
        ),
    })
}

/// When content held back at start appears.
#[derive(Clone, Copy, Default)]
enum Moment {
    /// In the next task: the work of this one (the store opening) is done, nothing is painted yet.
    NextTask,
    /// One task after the page has painted its next frame.
    #[default]
    AfterNextPaint,
}

/// Shows its children later (by default one task after the page has painted): the parts of a screen below the
/// fold wait their turn, so that starting the app is several short tasks instead of one long one that blocks
/// the page.
#[component]
fn Deferred(#[prop(optional)] until: Moment, children: ChildrenFn) -> impl IntoView {
    let shown = RwSignal::new(false);
    let show = move || shown.set(true);
    match until {
        Moment::NextTask => set_timeout(show, std::time::Duration::ZERO),
        Moment::AfterNextPaint => after_next_paint(show),
    }
    move || shown.get().then(|| children())
}

/// Runs `then` in a task of its own once the page has painted its next frame (its layout is then done).
fn after_next_paint(then: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(then, std::time::Duration::ZERO));
}
