//! "Play online" on the start screen: your name and the room's name, then Join. On a plain static host
//! (no room server beside the page) it says so instead.

use leptos::prelude::*;

use crate::room_client::check_room_server;
use crate::store::{GameStore, RoomServer};

#[component]
pub fn JoinRoomCard() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let server = store.room_server();
    if server.get_untracked() == RoomServer::Unknown {
        check_room_server(store);
    }
    let player = RwSignal::new(String::new());
    let room = RwSignal::new(String::new());
    let error = store.room_join_error();
    let available = move || server.get() == RoomServer::Available;
    let join = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        store.join_room_when_here(room.get_untracked(), player.get_untracked());
    };
    view! {
        <form class="card new-game join-room" on:submit=join aria-labelledby="join-room-title">
            <h2 id="join-room-title">{words.play_online}</h2>
            {move || match server.get() {
                RoomServer::Unknown => {
                    view! { <p class="muted">{words.looking_for_server}</p> }.into_any()
                }
                RoomServer::Missing => {
                    view! {
                        <p class="muted" data-room-server="missing">
                            {words.no_room_server}
                            <code>"make serve"</code>
                            {words.rooms_need}
                        </p>
                    }
                        .into_any()
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
            <label>
                <span>{words.your_name}</span>
                <input
                    data-room-field="player"
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    disabled=move || !available()
                    prop:value=move || player.get()
                    on:input=move |event| player.set(event_target_value(&event))
                />
            </label>
            <label>
                <span>{words.room_name}</span>
                <input
                    data-room-field="room"
                    maxlength=fivedice_room::MAX_ROOM_NAME_CHARS.to_string()
                    disabled=move || !available()
                    prop:value=move || room.get()
                    on:input=move |event| room.set(event_target_value(&event))
                />
            </label>
            <p class="error" aria-live="polite">{move || error.get()}</p>
            <button type="submit" class="primary" data-action="join-room" disabled=move || !available()>
                {words.join}
            </button>
        </form>
    }
}
