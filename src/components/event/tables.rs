//! The organiser's list of the event's tables. A table played on one device whose device is gone is continued on
//! another by a single-use link (and its QR code) that the server issues for it; the device that opens it takes
//! the table up where it stood ([`super::continuing`]).

use leptos::prelude::*;
use serde::Deserialize;

use super::board::{Following, event_words};
use crate::components::invite::{app_address, qr_svg};
use crate::event_client::{Answer, event_url, post};
use crate::room_client::room_status;
use crate::store::GameStore;

/// What became of the organiser's tap on a table's "Continue on another device".
#[derive(Clone, Debug, PartialEq)]
enum Continuing {
    /// The link, to open on the other device.
    Link(String),
    /// Why there is none: the refusal, in the organiser's words.
    Refused(&'static str),
}

#[derive(Deserialize)]
struct Offered {
    code: String,
}

/// Each table of the event, with its players and a way to continue it on another device while its game goes
/// on (the links shown stay while the board changes).
#[component]
pub fn EventTables(event: String, organiser: String, following: RwSignal<Following>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let continuing = RwSignal::new(Vec::<(String, Continuing)>::new());
    let offer = move |table: String| {
        let (event, organiser) = (event.clone(), organiser.clone());
        leptos::task::spawn_local(async move {
            let escaped = |text: &str| String::from(js_sys::encode_uri_component(text));
            let url = event_url(&event, &format!("/tables/{}/offer", escaped(&table)));
            let body = serde_json::json!({ "organiser": organiser });
            let shown = match post::<Offered>(&url, &body).await {
                Answer::Done(offered) => {
                    let invite = room_status().await.and_then(|status| status.invite);
                    let query = format!(
                        "event={}&table={}&continue={}",
                        escaped(&event),
                        escaped(&table),
                        escaped(&offered.code)
                    );
                    match app_address(&query, invite) {
                        Some(link) => Continuing::Link(link),
                        None => Continuing::Refused(words.unreachable),
                    }
                }
                Answer::Refused { code, .. } if code == "table_in_room" => {
                    Continuing::Refused(words.table_in_room)
                }
                Answer::Refused { code, .. } if code == "not_organiser" => {
                    Continuing::Refused(words.not_organiser_here)
                }
                Answer::Refused { code, .. } if code == "table_finished" => {
                    Continuing::Refused(words.table_finished)
                }
                Answer::Refused { .. } | Answer::Unanswered => Continuing::Refused(words.unreachable),
            };
            continuing.update(|all| {
                all.retain(|(id, _)| *id != table);
                all.push((table, shown));
            });
        });
    };
    let tables = move || following.with(|following| following.board().map(|board| board.tables.clone()));
    view! {
        <section class="card event-tables" hidden=move || tables().is_none_or(|tables| tables.is_empty())>
            <h2>{words.tables}</h2>
            <ul class="event-table-list">
                {move || tables().unwrap_or_default().into_iter().map(|table| {
                    let offer = offer.clone();
                    let id = table.id.clone();
                    let shown = continuing.with(|all| {
                        all.iter().find(|(at, _)| *at == table.id).map(|(_, shown)| shown.clone())
                    });
                    view! {
                        <li data-event-table=table.name.clone()>
                            <span class="event-table-name">{table.name.clone()}</span>
                            <span class="muted">{(words.tables_players)(table.players)}</span>
                            {match table.finished {
                                true => view! { <span class="muted">{words.table_finished}</span> }.into_any(),
                                false => view! {
                                    <button type="button" class="secondary" data-action="continue-table"
                                        data-table=table.name.clone() on:click=move |_| offer(id.clone())>
                                        {words.continue_table}
                                    </button>
                                }
                                .into_any(),
                            }}
                            {shown.map(|shown| match shown {
                                Continuing::Link(link) => view! {
                                    <div data-continue-table=table.name.clone() data-link=link.clone()>
                                        {qr_svg(&link, words.continue_table_code)}
                                        <p class="muted">{words.continue_table_how}</p>
                                        <p class="invite-link"><a href=link.clone()>{link.clone()}</a></p>
                                    </div>
                                }
                                .into_any(),
                                Continuing::Refused(why) => view! { <p class="muted" role="status">{why}</p> }.into_any(),
                            })}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    }
}
