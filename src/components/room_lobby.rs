//! An online room: the lobby where players gather and the host chooses the game and starts it, the players
//! with their presence (also above the sheet once playing), and why this device was not seated.

use std::time::Duration;

use fivedice_room::STAND_IN;
use fivedice_rules::Rules;
use fivedice_worker::Level;
use leptos::prelude::*;

use super::dice_seal::DiceSeal;
use super::invite::Invite;
use super::join_room_card::RoomJoinForm;
use super::lazy::{Loaded, lazy, lazy_when};
use super::room_game_choice::RoomGameChoice;
use super::seat_notes::{RoomLevelSelect, SeatNotes, seat_button};
use crate::i18n;
use crate::store::Reading as _;
use crate::store::{GameStore, RoomPlayer, RoomState, RoomView};

/// How often the room looks at the clock again (a seat away long enough may be taken over).
const TICK: Duration = Duration::from_secs(5);

/// Keeps the room's clock going while the calling view lives.
fn keep_room_clock(store: GameStore) {
    match set_interval_with_handle(move || store.room_tick(), TICK) {
        Ok(handle) => on_cleanup(move || handle.clear()),
        Err(_) => leptos::logging::warn!("the room's clock could not start: seats away are not taken over"),
    }
}

/// The lobby of an online room (in the rooms chunk, fetched with the room's connection), and the table's code and
/// styles on their way meanwhile: a room's table comes next.
#[component]
pub fn RoomLobby() -> impl IntoView {
    super::fetch_table_ahead();
    lazy(lobby_part, ())
}

#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn lobby_part() -> Loaded<()> {
    Ok(|()| {
        add_room_styles();
        // Back leaves the room's lobby for the start screen.
        let store = expect_context::<GameStore>();
        crate::back::layer(move || store.tables().leave(), None);
        view! { <Lobby /> }.into_any()
    })
}

/// The rooms' styles (index.html does not link them: a visit that opens no room never downloads them).
fn add_room_styles() {
    super::lazy::add_styles("room-styles", include_str!("../../style/rooms.css"));
}

#[component]
fn Lobby() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.table().room_view();
    let (words, room_words) = (store.words(), store.speech().words_of(i18n::room_words));
    // The level of the next computer added, kept while the lobby redraws for each change of the room.
    let computer_level = RwSignal::new(STAND_IN);
    // The host's own choice of columns, kept likewise: the room's echo of an earlier tap must not undo a later one.
    let host_columns = StoredValue::new(None);
    let read =
        move |field: fn(&RoomView) -> String| view.with(|room| room.as_ref().map(field).unwrap_or_default());
    // Asked for a name until this device sits: drawn apart from the rest, which redraws for each change of the
    // room, so a name being typed is never lost to another player's arrival.
    let may_join = Memo::new(move |_| view.with(|room| room.as_ref().is_some_and(|room| room.may_join)));
    view! {
        <div
            class="setup room-lobby"
            data-room=move || read(|room| room.key.clone())
            data-room-state=move || read(|room| room.state.id().to_string())
        >
            <header class="brand">
                <h1>{move || (room_words.room_title)(&read(|room| room.name.clone()))}</h1>
                <p aria-live="polite">{move || read(lobby_status)}</p>
                <Invite room=Signal::derive(move || read(|room| room.name.clone())) />
            </header>
            {move || may_join.get().then(|| view! { <JoinThisRoom /> })}
            {move || {
                view.get()
                    .map(|room| {
                        view! {
                            <section class="card" aria-labelledby="room-players-title">
                                <h2 id="room-players-title">{words.players}</h2>
                                <RoomPlayers />
                                <RoomRefusal />
                                {room.can_seat_another.then(|| view! { <SeatAnotherPlayer /> })}
                                {room.hosting.then(|| view! { <AddComputer rules=room.rules level=computer_level /> })}
                            </section>
                            <RoomGameChoice room=room.clone() host_columns />
                        }
                    })
            }}
            <button class="link" data-action="leave-room" on:click=move |_| store.lobby().leave_room()>
                {room_words.leave_room}
            </button>
        </div>
    }
}

/// An invited device, holding no seat yet: "Join Anna's room “Party”", its name asked (the one it last
/// played under offered), the room filled in; a name the room refused is said here, for another to be tried.
#[component]
fn JoinThisRoom() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let view = store.table().room_view();
    let (player, _) = store.online_as();
    let name = move || view.with(|room| room.as_ref().map(|room| room.name.clone()).unwrap_or_default());
    let title = move || {
        let host = view.with(|room| room.as_ref().and_then(|room| room.host_name.clone()));
        (room_words.join_room_of)(host.as_deref(), &name())
    };
    let refusal =
        Signal::derive(move || view.with(|room| room.as_ref().and_then(|room| room.refusal.clone())));
    view! {
        <section class="card join-room" aria-labelledby="join-this-room-title">
            <h2 id="join-this-room-title">{title}</h2>
            <RoomJoinForm
                player
                room=untrack(name)
                available=true
                refusal
                on_join=Callback::new(move |(room, player): (String, String)| store.join_room(&room, &player))
            />
        </section>
    }
}

fn lobby_status(room: &RoomView) -> String {
    let room_words = expect_context::<GameStore>().speech().words_of(i18n::room_words);
    match room.state {
        RoomState::Offline => room_words.room_offline.to_string(),
        _ if room.joining => room_words.joining.to_string(),
        _ if room.may_join && room.refusal.is_some() => room_words.choose_another_name.to_string(),
        _ if room.may_join => room_words.type_your_name.to_string(),
        _ if room.own_seats.is_empty() => room_words.watching.to_string(),
        _ if room.hosting => room_words.you_host.to_string(),
        _ => match &room.host_name {
            Some(host) => (room_words.waiting_for)(host),
            None => room_words.waiting_for_host.to_string(),
        },
    }
}

/// The host adds a computer player of the level chosen beside the button.
#[component]
fn AddComputer(rules: Rules, level: RwSignal<Level>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    view! {
        <div class="player-buttons add-computer">
            <RoomLevelSelect field="computer-level" label=room_words.computer_level rules level />
            <button
                type="button"
                class="secondary"
                data-action="add-computer"
                on:click=move |_| store.lobby().add_room_computer(level.get_untracked())
            >
                {room_words.add_computer}
            </button>
        </div>
    }
}

/// Two people sharing this device: the second takes a seat of their own, and the device plays both (the field
/// empties once the name is sent).
#[component]
fn SeatAnotherPlayer() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let name = RwSignal::new(String::new());
    let join = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        store.lobby().seat_another_player(&name.get_untracked());
        name.set(String::new());
    };
    view! {
        <form class="seat-another" on:submit=join>
            <label>
                <span>{room_words.someone_else_here}</span>
                <input
                    data-room-field="another-player"
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    placeholder=room_words.their_name
                    prop:value=move || name.get()
                    on:input=move |event| name.set(event_target_value(&event))
                />
            </label>
            <button type="submit" class="secondary" data-action="join-another">
                {room_words.join_too}
            </button>
        </form>
    }
}

/// The players of the room, in seat order: name, host, this device's, away, computer.
#[component]
pub fn RoomPlayers() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let view = store.table().room_view();
    move || {
        let players = view.with(|room| room.as_ref().map(|room| room.players.clone()).unwrap_or_default());
        view! {
            <ul class="room-players">
                {players.into_iter().map(|player| view! { <RoomPlayerRow player /> }).collect_view()}
            </ul>
        }
    }
}

#[component]
fn RoomPlayerRow(player: RoomPlayer) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let (words, room_words) = (store.words(), store.speech().words_of(i18n::room_words));
    let seat = player.seat;
    let (current, over) = (store.table().current_seat(), store.table().is_over());
    let to_play = move || current.get() == Some(seat) && !over.get();
    // On a phone the players' row scrolls sideways: whoever is to play is brought into it (the row only: the
    // page stays where it is).
    let chip = NodeRef::<leptos::html::Li>::new();
    Effect::new(move |_| {
        if let (true, Some(chip)) = (to_play(), chip.get())
            && let Some(row) = chip.parent_element()
        {
            let (chip_box, row_box) = (chip.get_bounding_client_rect(), row.get_bounding_client_rect());
            if chip_box.left() < row_box.left() || chip_box.right() > row_box.right() {
                row.set_scroll_left(row.scroll_left() + (chip_box.left() - row_box.left()) as i32);
            }
        }
    });
    let tags = [
        (player.host, room_words.tag_host),
        (player.own, room_words.tag_you),
        (player.computer.is_some(), room_words.tag_computer),
        (player.stand_in, room_words.tag_stand_in),
        (player.away, room_words.tag_away),
    ];
    view! {
        <li node_ref=chip class="room-player" class:away=player.away class:own=player.own class:to-play=to_play>
            <span
                class="name"
                data-room-player=seat.to_string()
                data-host=player.host.then_some("true")
                data-away=player.away.then_some("true")
                data-to-play=move || to_play().then_some("true")
            >
                {player.name.clone()}
                // The cross is drawn by the style sheet: the entry's text stays the player's name.
                {player
                    .can_remove
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                class="remove-computer"
                                data-action="remove-computer"
                                aria-label=(room_words.remove_computer)(&player.name)
                                on:click=move |_| store.lobby().remove_room_computer(seat)
                            ></button>
                        }
                    })}
            </span>
            {tags
                .into_iter()
                .filter(|(shown, _)| *shown)
                .map(|(_, tag)| tag)
                .chain(player.computer.map(|level| words.level(level)))
                .map(|tag| view! { <span class="tag">{tag}</span> })
                .collect_view()}
            {move || {
                (player.own && to_play())
                    .then(|| view! { <span class="tag your-turn">{room_words.tag_your_turn}</span> })
            }}
            {player
                .can_hand_over
                .then(|| seat_button("hand-over", seat, (room_words.move_to_another_device)(&player.name), move || {
                    store.lobby().offer_hand_over(seat)
                }))}
            {player
                .can_give_back
                .then(|| seat_button("give-back", seat, room_words.give_seat_back.into(), move || {
                    store.lobby().give_back_seat(seat)
                }))}
        </li>
    }
}

/// Why the server did not seat this device (it watches), as the server said it; coming after the start is
/// said as what it is: watching. (A name refused shows with the name asked again: [`JoinThisRoom`].)
#[component]
fn RoomRefusal() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let room_words = store.speech().words_of(i18n::room_words);
    let view = store.table().room_view();
    move || {
        view.with(|room| {
            let room = room.as_ref().filter(|room| !room.may_join)?;
            // A device that may ask for its seat back is not told to ask for a new room.
            let asks_back = room.may_ask_seat.is_some() || room.asked_seat;
            let refusal = room.refusal.clone().filter(|_| !asks_back);
            Some(match (refusal, room.came_late) {
                (Some(reason), true) => view! {
                    <p class="note" data-room-error="true">{reason}</p>
                    <p class="note">{room_words.came_late}</p>
                }
                .into_any(),
                // Come by an invitation once the game had started: no seat was asked for, none refused.
                (None, true) => view! { <p class="note">{room_words.came_late}</p> }.into_any(),
                (Some(reason), false) => {
                    view! { <p class="error" data-room-error="true">{reason}</p> }.into_any()
                }
                (None, false) => return None,
            })
        })
    }
}

/// Above the sheet at an online table: the room, its players' presence, and the seats this device holds.
#[component]
pub fn RoomBar() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let shown = store.table().online_table();
    view! {
        {lazy_when(shown, room_bar_part, ())}
    }
}

#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn room_bar_part() -> Loaded<()> {
    Ok(|()| {
        add_room_styles();
        view! { <RoomBarShown /> }.into_any()
    })
}

#[component]
fn RoomBarShown() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.table().room_view();
    let room_words = store.speech().words_of(i18n::room_words);
    let read =
        move |field: fn(&RoomView) -> String| view.with(|room| room.as_ref().map(field).unwrap_or_default());
    let name = move || read(|room| room.name.clone());
    let key = move || read(|room| room.key.clone());
    let state = move || read(|room| room.state.id().to_string());
    let own = move || {
        read(|room| {
            room.own_seats
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let label = move || {
        view.with(
            |room| match room.as_ref().map(|room| (room.state, room.own_seats.is_empty())) {
                Some((RoomState::Offline, _)) => room_words.room_bar_offline,
                Some((_, true)) => room_words.room_bar_watching,
                _ => "",
            },
        )
    };
    view! {
        <section class="room-bar" aria-label=room_words.online_room data-room=key data-room-state=state data-seat-self=own>
            <div class="room-bar-head">
                <span class="room-name">{move || (room_words.room_title)(&name())} " " <span class="muted">{label}</span></span>
                <Invite room=Signal::derive(name) />
            </div>
            <RoomPlayers />
            <RoomRefusal />
            <SeatNotes />
            <DiceSeal />
        </section>
    }
}
