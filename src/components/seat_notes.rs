//! Above the sheet of an online table, what its seats' devices ask of the people there (in the rooms chunk).

use leptos::prelude::*;

use super::invite::HandOverLink;
use crate::i18n;
use crate::store::GameStore;

/// What the table should know of its seats' devices: the player to play has none here (so the table waits),
/// this device's seat was taken by another device's link (so this one watches), a device asks for a seat back
/// (any seated person answers), or this device, come after the start, is an away player (it may ask back).
#[component]
pub fn SeatNotes() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let view = store.table().room_view();
    // The link this device asked for, drawn once (its QR code and address stay while the room changes).
    let link = Memo::new(move |_| {
        view.with(|room| {
            let room = room.as_ref()?;
            let player = room.players.iter().find(|player| player.hand_over.is_some())?;
            Some((
                room.name.clone(),
                player.seat,
                player.name.clone(),
                player.hand_over.clone()?,
            ))
        })
    });
    let link = move || {
        link.get()
            .map(|(room, seat, name, code)| view! { <HandOverLink room seat name code /> })
    };
    let notes = move || {
        view.with(|room| {
            let room = room.as_ref()?;
            let moved = room.moved_elsewhere.iter().map(|name| {
                view! { <p class="note" data-moved-elsewhere>{(room_words.moved_elsewhere)(name)}</p> }
            });
            let waits = room.waits_for_away.as_ref().map(|name| {
                view! { <p class="note" data-waits-for-away>{(room_words.waits_for_away)(name)}</p> }
            });
            let requests = room.seat_requests.iter().map(|(request, seat, name)| {
                let request = *request;
                view! {
                    <div class="note seat-request" role="alert" data-seat-request=seat.to_string()>
                        <p>{(room_words.asks_to_come_back)(name)}</p>
                        <button class="primary" data-action="let-in" on:click=move |_| store.lobby().answer_seat(request, true)>
                            {room_words.let_in}
                        </button>
                        <button class="secondary" data-action="refuse-seat" on:click=move |_| store.lobby().answer_seat(request, false)>
                            {room_words.say_no}
                        </button>
                    </div>
                }
            });
            let ask = room.may_ask_seat.map(|seat| {
                view! {
                    <button class="primary" data-action="ask-seat" on:click=move |_| store.lobby().ask_seat(seat)>
                        {room_words.ask_to_come_back}
                    </button>
                }
            });
            let asked = room
                .asked_seat
                .then(|| view! { <p class="note" aria-live="polite">{room_words.asked_to_come_back}</p> });
            Some(view! {
                {moved.collect_view()}
                {waits}
                {requests.collect_view()}
                {ask}
                {asked}
            })
        })
    };
    view! {
        {link}
        {notes}
    }
}
