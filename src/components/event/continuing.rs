//! A table of an event taken up on this device by the organiser's link (`?event=…&table=…&continue=…`), its own
//! device gone: the event hands over the table's log with a token of its own, and the table opens here where it
//! stood.

use fivedice_room::{LogEntry, RoomName};
use leptos::prelude::*;
use serde::Deserialize;

use super::board::event_words;
use crate::event_client::{Answer, event_url, post};
use crate::store::GameStore;
use crate::table::EventLink;

/// What the event answers the link with (the server's `take_table`).
#[derive(Deserialize)]
struct Taken {
    event: String,
    table: String,
    name: String,
    /// The token the table hands in with from now on.
    key: String,
    entries: Vec<LogEntry>,
}

pub fn continuing(name: RoomName, table: String, code: String) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let failed = RwSignal::new(None::<&'static str>);
    let shown_name = name.shown().to_string();
    leptos::task::spawn_local(async move {
        let table = String::from(js_sys::encode_uri_component(&table));
        let url = event_url(name.shown(), &format!("/tables/{table}/take"));
        let why = match post::<Taken>(&url, &serde_json::json!({ "code": code })).await {
            Answer::Done(taken) => {
                let link = EventLink {
                    name: taken.event,
                    key: taken.key,
                };
                let opened = store
                    .tables()
                    .take_up(taken.table, taken.name, link, taken.entries);
                match opened {
                    true => return,
                    false => words.table_not_taken_up,
                }
            }
            Answer::Refused { code, .. } if code == "link_expired" => words.table_link_expired,
            Answer::Refused { code, .. } if code == "link_used" => words.table_link_used,
            Answer::Refused { code, .. } if code == "no_event" => words.no_event,
            Answer::Refused { .. } | Answer::Unanswered => words.unreachable,
        };
        failed.set(Some(why));
    });
    view! {
        <div class="event-page continuing">
            <header class="brand">
                <h1>{(words.table_of)(&shown_name)}</h1>
            </header>
            {move || match failed.get() {
                None => view! { <p class="muted" role="status">{words.taking_up}</p> }.into_any(),
                Some(why) => view! {
                    <p class="error" role="alert" data-continue-refused>{why}</p>
                    <a class="button secondary" href="./">{words.to_start}</a>
                }
                .into_any(),
            }}
        </div>
    }
}
