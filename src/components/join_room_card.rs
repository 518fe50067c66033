//! "Play online" on the start screen: your name and the room's name, then Join. On a plain static host
//! (no room server beside the page) it says so instead.

use leptos::prelude::*;

use crate::room_client::check_room_server;
use crate::store::{GameStore, RoomServer};

#[component]
pub fn JoinRoomCard() -> impl IntoView {
    let store = expect_context::<GameStore>();
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
        store.join_room(&room.get_untracked(), &player.get_untracked());
    };
    view! {
        <form class="card new-game join-room" on:submit=join aria-labelledby="join-room-title">
            <h2 id="join-room-title">"Play online"</h2>
            {move || match server.get() {
                RoomServer::Unknown => {
                    view! { <p class="muted">"Looking for a room server…"</p> }.into_any()
                }
                RoomServer::Missing => {
                    view! {
                        <p class="muted" data-room-server="missing">
                            "This address has no room server: online rooms need "
                            <code>"make serve"</code>
                            " (fivedice-server)."
                        </p>
                    }
                        .into_any()
                }
                RoomServer::Available => {
                    view! {
                        <p class="muted" data-room-server="available">
                            "Each player on their own device: type the same room name to sit at one table."
                        </p>
                    }
                        .into_any()
                }
            }}
            <label>
                <span>"Your name"</span>
                <input
                    data-room-field="player"
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    disabled=move || !available()
                    prop:value=move || player.get()
                    on:input=move |event| player.set(event_target_value(&event))
                />
            </label>
            <label>
                <span>"Room name"</span>
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
                "Join"
            </button>
        </form>
    }
}
