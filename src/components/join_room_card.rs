//! "Play online" on the start screen: your name and the room's name, then Join, once the address is found to
//! have a room server (the form is a chunk of its own, fetched then: a plain static host, or a device offline,
//! never needs it, and the card says why instead), and the way to organise an event. The same form asks an
//! invited device for its name in the room's lobby.

use leptos::prelude::*;

use super::lazy::{Loaded, lazy_when};
use crate::room_client::check_room_server;
use crate::store::{GameStore, RoomServer};

#[component]
pub fn JoinRoomCard() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let server = store.connection().server();
    // Asked again each time the card shows while the device was offline: the network may be back.
    if matches!(
        server.get_untracked(),
        RoomServer::Unknown | RoomServer::Unreachable
    ) {
        check_room_server(store);
    }
    let player_and_room = store.online_as();
    // An invitation's room on its way asks for a name itself: this form would take one the room then drops.
    let arriving = store.connection().arriving();
    view! {
        <section class="card new-game join-room" aria-labelledby="join-room-title">
            <h2 id="join-room-title">{words.play_online}</h2>
            {move || match server.get() {
                _ if arriving.get() => {
                    view! { <p class="muted" data-room-server="arriving">{words.looking_for_server}</p> }.into_any()
                }
                RoomServer::Unknown => {
                    view! { <p class="muted">{words.looking_for_server}</p> }.into_any()
                }
                RoomServer::Missing => {
                    view! { <p class="muted" data-room-server="missing">{words.no_room_server}</p> }.into_any()
                }
                RoomServer::Unreachable => {
                    view! { <p class="muted" data-room-server="offline">{words.rooms_need_network}</p> }.into_any()
                }
                RoomServer::Available => {
                    view! {
                        <p class="muted" data-room-server="available">
                            {words.same_room_name}
                        </p>
                    }
                        .into_any()
                }
            }}
            {lazy_when(
                move || server.get() == RoomServer::Available && !arriving.get(),
                join_form_part,
                player_and_room,
            )}
        </section>
    }
}

/// The card's form, with the name and room this device last joined as (in a chunk of its own).
#[wasm_split_helpers::wasm_split(join, fallible)]
fn join_form_part() -> Loaded<(String, String)> {
    Ok(|(player, room)| {
        let store = expect_context::<GameStore>();
        view! {
            <RoomJoinForm
                player
                room
                available=true
                refusal=Signal::derive(|| None::<String>)
                on_join=Callback::new(move |(room, player): (String, String)| store.join_room_when_here(room, player))
            />
            // Events need the room server too: the organiser's page asks for the event's name and game.
            <p class="organise-event">
                <a href="?organise=" data-action="organise-event">{store.words().organise_event}</a>
            </p>
            <MyEvents />
        }
        .into_any()
    })
}

/// Your name and the room's, then Join. `refusal`: why the room did not seat this device's last join, shown
/// with the card's own errors.
#[component]
pub fn RoomJoinForm(
    player: String,
    room: String,
    #[prop(into)] available: Signal<bool>,
    #[prop(into)] refusal: Signal<Option<String>>,
    /// The room and the player's name typed.
    on_join: Callback<(String, String)>,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let player = RwSignal::new(player);
    let room = RwSignal::new(room);
    let error = store.notices().join_error();
    let join = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        on_join.run((room.get_untracked(), player.get_untracked()));
    };
    let shown_error = move || error.get().or_else(|| refusal.get());
    view! {
        <form
            class="new-game"
            on:submit=join
            on:pointerdown=|_| super::fetch_table_ahead()
            on:focusin=|_| super::fetch_table_ahead()
        >
            <label>
                <span>{words.your_name}</span>
                <input
                    data-room-field="player"
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    autocomplete="nickname"
                    disabled=move || !available.get()
                    prop:value=move || player.get()
                    on:input=move |event| player.set(event_target_value(&event))
                />
            </label>
            <label>
                <span>{words.room_name}</span>
                <input
                    data-room-field="room"
                    maxlength=fivedice_room::MAX_ROOM_NAME_CHARS.to_string()
                    disabled=move || !available.get()
                    prop:value=move || room.get()
                    on:input=move |event| room.set(event_target_value(&event))
                />
            </label>
            <p class="error" aria-live="polite" data-room-error=move || shown_error().map(|_| "true")>
                {shown_error}
            </p>
            <button type="submit" class="primary" data-action="join-room" disabled=move || !available.get()>
                {words.join}
            </button>
        </form>
    }
}

/// The events this device organises, each a way back to its organiser's page (in the join form's chunk).
#[component]
fn MyEvents() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let events = store.events().organised();
    (!events.is_empty()).then(|| {
        let links = events.into_iter().map(|(name, game)| {
            let address = format!(
                "?organise={}&{game}",
                String::from(js_sys::encode_uri_component(&name))
            );
            view! {
                <li>
                    <a href=address data-my-event=name.clone()>{(store.words().your_event)(&name)}</a>
                </li>
            }
        });
        view! { <ul class="my-events">{links.collect_view()}</ul> }
    })
}
