//! The big screen (`?screen=<name>`): the board for a TV or a projector, read from across the room, changing
//! nothing: the standings large, the latest cheers, the tables still playing, and the QR code to join when its
//! address carries the key. Standings longer than the screen turn their pages by themselves.

use std::time::Duration;

use fivedice_room::RoomName;
use fivedice_room::gathering::Board;
use leptos::html;
use leptos::prelude::*;

use super::board::{Following, cheer_text, event_words, follow, standings};
use super::page::invitation_link;
use crate::components::invite::qr_svg;
use crate::gathering_client::{Answer, event_url};
use crate::launch::rules_query;
use crate::room_client::room_status;
use crate::store::GameStore;

/// How long each page of the standings stays before the next.
const PAGE_SHOWN: Duration = Duration::from_secs(8);

pub fn screen(name: RoomName, key: Option<String>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = event_words(store);
    let language = store.speech().language().get_untracked();
    let following = follow(name.shown());
    let join = RwSignal::new(None::<String>);
    if let Some(key) = key {
        let event = name.shown().to_string();
        leptos::task::spawn_local(async move {
            let Answer::Done(board) = crate::gathering_client::get::<Board>(&event_url(&event, "")).await
            else {
                return;
            };
            let invite = room_status().await.and_then(|status| status.invite);
            join.set(invitation_link(&event, &key, &rules_query(board.rules), invite));
        });
    }
    // The standings' frame stays as boards come, so its page stays where it was.
    let pages = NodeRef::<html::Div>::new();
    turn_pages(pages);
    let board = move || following.get().board().cloned();
    view! {
        <div class="event-page big-screen" data-event-screen>
            {move || match following.get() {
                Following::Waiting => view! { <p class="muted">{words.waiting_for_tables}</p> }.into_any(),
                Following::NoEvent => view! { <p class="error">{words.no_event}</p> }.into_any(),
                Following::Here(board) | Following::Reconnecting(board) => {
                    let reconnecting = matches!(following.get_untracked(), Following::Reconnecting(_));
                    let playing = board.tables.iter().filter(|table| !table.finished).count();
                    let cheers: Vec<String> = board
                        .cheers
                        .iter()
                        .take(3)
                        .map(|cheer| cheer_text(words, language, &board, cheer))
                        .collect();
                    view! {
                        <header class="screen-head">
                            <h1>{board.event.clone()}</h1>
                            <p class="tables-playing">{(words.tables_playing)(playing)}</p>
                            {board.closed.then(|| view! { <p data-event-closed>{words.closed}</p> })}
                            {reconnecting.then(|| view! { <p class="muted">{words.reconnecting}</p> })}
                        </header>
                        <ul class="cheers" aria-live="polite">
                            {cheers.into_iter().map(|cheer| view! { <li data-event-cheer>{cheer}</li> }).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
            <div class="screen-standings" data-scrolls node_ref=pages>
                {move || board().map(|board| view! {
                    {(board.rows.is_empty()).then(|| view! { <p class="muted">{words.waiting_for_tables}</p> })}
                    {standings(words, board)}
                })}
            </div>
            // Once the event is closed no table joins: the code to scan goes.
            {move || join.get().filter(|_| !following.with(|shown| shown.board().is_some_and(|board| board.closed))).map(|link| view! {
                <aside class="screen-join">
                    {qr_svg(&link, words.invite_code)}
                    <p>{words.scan_to_join}</p>
                </aside>
            })}
        </div>
    }
}

/// Every [`PAGE_SHOWN`], the standings scroll on by what the frame shows, and back to the top after the last
/// page, for as long as the screen is up.
fn turn_pages(pages: NodeRef<html::Div>) {
    let turning = set_interval_with_handle(
        move || {
            if let Some(frame) = pages.get_untracked() {
                let next = next_page_top(frame.scroll_top(), frame.client_height(), frame.scroll_height());
                frame.set_scroll_top(next);
            }
        },
        PAGE_SHOWN,
    );
    match turning {
        Ok(handle) => on_cleanup(move || handle.clear()),
        Err(_) => leptos::logging::warn!("the standings cannot turn their pages on this browser"),
    }
}

/// Where the next page of a frame `shown` pixels high over `total` starts, from `top`: a page on, keeping its
/// last line as the next one's first (so a row cut at the bottom is read whole), or the top again after the
/// last page.
pub fn next_page_top(top: i32, shown: i32, total: i32) -> i32 {
    let last_top = (total - shown).max(0);
    if top >= last_top - 1 {
        return 0;
    }
    let overlap = shown / 10;
    (top + shown - overlap).min(last_top)
}

#[cfg(test)]
mod tests {
    use super::next_page_top;

    #[test]
    fn the_pages_turn_by_a_frame_less_a_line_then_start_again() {
        // Standings that fit: they stay.
        assert_eq!(next_page_top(0, 600, 400), 0);
        // Three pages of 600 over 1,500.
        assert_eq!(next_page_top(0, 600, 1_500), 540);
        assert_eq!(next_page_top(540, 600, 1_500), 900);
        assert_eq!(next_page_top(900, 600, 1_500), 0);
        // A frame a browser rounded a pixel short of the end counts as the end.
        assert_eq!(next_page_top(899, 600, 1_500), 0);
    }
}
