//! A table of an event that plays in a room, each on their own phone: the person setting it up names
//! themselves and opens the room. The server ties the room to the event first (the event's key stays on this
//! device), then hands in its log as it is written; the room opens at the event's game, and its own
//! invitation seats the phones.

use fivedice_room::{Refusal, check_player_name};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::EventTableForm;
use super::board::event_words;
use crate::event_client::{Answer, event_url, post};
use crate::launch::{Invitation, RoomGame, RoomLaunch};
use crate::store::{GameStore, forget_launch_address};

#[derive(Serialize)]
struct TieBody<'a> {
    key: &'a str,
    name: &'a str,
}

#[derive(Deserialize)]
struct Tied {}

pub fn room_opener(invitation: Invitation, form: EventTableForm) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    // The name this device last joined a room as.
    let host = RwSignal::new(store.online_as().0);
    let error = RwSignal::new(None::<String>);
    let opening = RwSignal::new(false);
    let open = move |_| {
        let player = match check_player_name(&host.get_untracked()) {
            Ok(player) => player,
            Err(refused) => return error.set(Some((store.words().refusal)(&Refusal::Room(refused)))),
        };
        let table = match form.table_name.get_untracked().trim() {
            "" => player.clone(),
            named => named.to_string(),
        };
        // Four digits of chance: tables that chose one name (two phones on "Table 5" at once) get two rooms.
        let tag = (js_sys::Math::random() * 10_000.0) as u16;
        let room = match invitation.room_for(&table, tag) {
            Ok(room) => room,
            Err(refused) => return error.set(Some((store.words().refusal)(&Refusal::Room(refused)))),
        };
        let launch = RoomLaunch {
            room,
            player: Some(player),
            game: Some(RoomGame {
                rules: invitation.rules,
                dice: form.dice.get_untracked(),
            }),
            hand_over: None,
        };
        let link = invitation.link.clone();
        error.set(None);
        opening.set(true);
        leptos::task::spawn_local(async move {
            let room = String::from(js_sys::encode_uri_component(launch.room.shown()));
            let url = event_url(&link.name, &format!("/rooms/{room}"));
            let body = TieBody {
                key: &link.key,
                name: &table,
            };
            match post::<Tied>(&url, &body).await {
                Answer::Done(Tied {}) => {
                    forget_launch_address();
                    store.open_room_when_here(launch);
                }
                Answer::Refused { code, .. } => error.set(Some((words.room_refused)(&code).into())),
                Answer::Unanswered => error.set(Some(words.unreachable.into())),
            }
            opening.set(false);
        });
    };
    move || {
        form.in_room.get().then(|| {
            view! {
                <div class="event-room" data-event-room>
                    <p class="muted">{words.room_how}</p>
                    <label>
                        <span>{words.your_name}</span>
                        <input
                            data-setup="host-name"
                            maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                            prop:value=move || host.get()
                            on:input=move |event| host.set(event_target_value(&event))
                        />
                    </label>
                    <p class="error" role="alert">{move || error.get()}</p>
                    <button
                        type="button"
                        class="primary start"
                        data-action="open-event-room"
                        disabled=move || opening.get()
                        on:click=open.clone()
                    >
                        {words.open_room}
                    </button>
                </div>
            }
        })
    }
}
