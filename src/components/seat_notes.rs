//! Above the sheet of an online table, what its seats' devices ask of the people there (in the rooms chunk).

use fivedice_room::STAND_IN;
use fivedice_rules::Rules;
use fivedice_worker::Level;
use leptos::prelude::*;

use super::game_choice::LevelOptions;
use super::invite::HandOverLink;
use crate::i18n;
use crate::store::GameStore;
use crate::store::Reading as _;

/// What the table should know of its seats' devices: the player to play has none here (so the table waits),
/// this device's seat was taken by another device's link (so this one watches), a device asks for a seat back
/// (any seated person answers), or this device, come after the start, is an away player (it may ask back).
#[component]
pub fn SeatNotes() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let view = store.table().room_view();
    // The level of a computer let play for an away seat, kept while the notes redraw.
    let stand_in_level = RwSignal::new(STAND_IN);
    let (current, over) = (store.table().current_seat(), store.table().is_over());
    let seat_to_play = move || current.get().filter(|_| !over.get());
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
            // Each seat away long enough: a computer may play its turn, or the seat.
            let rules = room.rules;
            let stand_ins = room.players.iter().filter(|player| player.can_take_over).map(|player| {
                let seat = player.seat;
                let to_play = move || seat_to_play.get() == Some(seat);
                view! {
                    <div class="note stand-in" data-stand-in=seat.to_string()>
                        <span class="stand-in-name">{player.name.clone()}</span>
                        <StandInChoice seat rules level=stand_in_level to_play />
                    </div>
                }
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
                {stand_ins.collect_view()}
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

/// For an away seat: a computer at the level chosen plays that seat's turn (while it is theirs), or the seat
/// until it is given back.
#[component]
fn StandInChoice(
    seat: usize,
    rules: Rules,
    level: RwSignal<Level>,
    to_play: impl Fn() -> bool + Send + Sync + 'static,
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let take_over = move |one_turn: bool| {
        store
            .lobby()
            .take_over_seat(seat, level.get_untracked(), one_turn)
    };
    view! {
        <span class="stand-in-choice">
            <RoomLevelSelect field="stand-in-level" seat label=room_words.stand_in_level rules level />
            {move || to_play().then(|| seat_button("take-over-turn", seat, room_words.computer_plays_turn.into(), move || take_over(true)))}
            {seat_button("take-over", seat, room_words.let_computer_play.into(), move || take_over(false))}
        </span>
    }
}

/// A button on a player's entry that acts on their seat (`data-action`, `data-seat`).
pub(super) fn seat_button(
    action: &'static str,
    seat: usize,
    label: String,
    act: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <button class="secondary" data-action=action data-seat=seat.to_string() on:click=move |_| act()>
            {label}
        </button>
    }
}

/// A select of the computer players' levels for `rules` (`data-room-field=field`), the choice kept in `level`
/// while the room redraws: the host's for the next computer added, anybody's for a computer let play an away
/// seat (`seat`).
#[component]
pub(super) fn RoomLevelSelect(
    field: &'static str,
    #[prop(optional)] seat: Option<usize>,
    label: &'static str,
    rules: Rules,
    level: RwSignal<Level>,
) -> impl IntoView {
    view! {
        <select
            data-room-field=field
            data-seat=seat.map(|seat| seat.to_string())
            aria-label=label
            on:change=move |event| {
                if let Ok(chosen) = event_target_value(&event).parse::<Level>() {
                    level.set(chosen);
                }
            }
        >
            <LevelOptions
                ruleset=rules.id()
                by_estimate=!fivedice_worker::solves_exactly(rules)
                first_chosen=level.get_untracked()
            />
        </select>
    }
}
