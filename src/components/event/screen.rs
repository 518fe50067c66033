//! The big screen (`?screen=<name>`): the board for a TV or a projector, read from across the room, changing
//! nothing: the standings large, the latest cheers, the tables still playing, and the QR code to join when its
//! address carries the key. Standings longer than the screen turn their pages by themselves, under the column
//! heads and the top three, which stay.

use std::time::Duration;

use fivedice_room::RoomName;
use fivedice_room::event::Board;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::board::{Following, cheer_text, event_words, follow, standings};
use super::page::invitation_link;
use crate::components::invite::qr_svg;
use crate::event_client::{Answer, event_url};
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
            let Answer::Done(board) = crate::event_client::get::<Board>(&event_url(&event, "")).await else {
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

/// Every [`PAGE_SHOWN`], the standings scroll on by what the frame shows below what stays (the column heads and
/// the top three rows, held by the style sheet), and back to the top after the last page, for as long as the
/// screen is up.
fn turn_pages(pages: NodeRef<html::Div>) {
    let turning = set_interval_with_handle(
        move || {
            if let Some(frame) = pages.get_untracked() {
                let (stays, row) = (staying_height(&frame), height_of(&frame, "tbody tr"));
                let (shown, total) = (frame.client_height() - stays, frame.scroll_height() - stays);
                frame.set_scroll_top(next_page_top(frame.scroll_top(), shown, total, row));
            }
        },
        PAGE_SHOWN,
    );
    match turning {
        Ok(handle) => on_cleanup(move || handle.clear()),
        Err(_) => leptos::logging::warn!("the standings cannot turn their pages on this browser"),
    }
}

/// How high the part of the standings that stays is: the column heads and the first three rows.
fn staying_height(frame: &web_sys::HtmlDivElement) -> i32 {
    [
        "thead",
        "tbody tr:nth-child(1)",
        "tbody tr:nth-child(2)",
        "tbody tr:nth-child(3)",
    ]
    .into_iter()
    .map(|selector| height_of(frame, selector))
    .sum()
}

/// The height of the first element `selector` finds in the frame (0 if none).
fn height_of(frame: &web_sys::HtmlDivElement, selector: &str) -> i32 {
    frame
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|element| element.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(0, |element| element.offset_height())
}

/// Where the next page of a frame `shown` pixels high over `total` starts, from `top`, for rows `row` pixels
/// high: a page of whole rows on, keeping its last row as the next one's first (so a row cut at the bottom is
/// read whole), or the top again after the last page.
pub fn next_page_top(top: i32, shown: i32, total: i32, row: i32) -> i32 {
    let last_top = (total - shown).max(0);
    if top >= last_top - 1 {
        return 0;
    }
    let row = row.max(1);
    let page = (shown / row - 1).max(1) * row;
    (top + page).min(last_top)
}

#[cfg(test)]
mod tests {
    use super::next_page_top;

    #[test]
    fn the_pages_turn_by_whole_rows_less_one_then_start_again() {
        // Standings that fit: they stay.
        assert_eq!(next_page_top(0, 600, 400, 40), 0);
        // Pages of 600 over 1,500 in rows of 40: fifteen rows show, fourteen turn.
        assert_eq!(next_page_top(0, 600, 1_500, 40), 560);
        assert_eq!(next_page_top(560, 600, 1_500, 40), 900);
        assert_eq!(next_page_top(900, 600, 1_500, 40), 0);
        // A frame a browser rounded a pixel short of the end counts as the end.
        assert_eq!(next_page_top(899, 600, 1_500, 40), 0);
        // Rows as high as the frame still turn, by one row.
        assert_eq!(next_page_top(0, 30, 1_500, 40), 40);
        // No row measured (none yet): a row of a pixel.
        assert_eq!(next_page_top(0, 600, 1_500, 0), 599);
    }
}
