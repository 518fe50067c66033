//! An online room: the lobby where players gather and the host chooses the game and starts it, the players
//! with their presence (also above the sheet once playing), and why this device was not seated.

use std::time::Duration;

use fivedice_room::STAND_IN;
use fivedice_rules::Rules;
use fivedice_worker::Level;
use leptos::prelude::*;

use super::game_choice::LevelOptions;
use super::invite::Invite;
use super::lazy::{Loaded, lazy, lazy_when};
use super::room_game_choice::RoomGameChoice;
use crate::store::{GameStore, RoomPlayer, RoomState, RoomView};

/// How often the room looks at the clock again (a seat away long enough may be taken over).
const TICK: Duration = Duration::from_secs(5);

/// Keeps the room's clock going while the calling view lives.
fn keep_room_clock(store: GameStore) {
    match set_interval_with_handle(move || store.room_tick(), TICK) {
        Ok(handle) => on_cleanup(move || handle.clear()),
        Err(error) => leptos::logging::warn!("the room's clock could not start: {error:?}"),
    }
}

/// The lobby of an online room (in the rooms chunk, fetched with the room's connection).
#[component]
pub fn RoomLobby() -> impl IntoView {
    lazy(lobby_part, ())
}

#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn lobby_part() -> Loaded<()> {
    Ok(|()| view! { <Lobby /> }.into_any())
}

#[component]
fn Lobby() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.room_view();
    let words = store.words();
    // The level of the next computer added, kept while the lobby redraws for each change of the room.
    let computer_level = RwSignal::new(STAND_IN);
    // The host's own choice of columns, kept likewise: the room's echo of an earlier tap must not undo a later one.
    let host_columns = StoredValue::new(None);
    move || {
        view.get().map(|room| {
            let status = lobby_status(&room);
            let name = room.name.clone();
            view! {
                <div class="setup room-lobby" data-room=room.key.clone() data-room-state=room.state.id()>
                    <header class="brand">
                        <h1>{(words.room_title)(&name)}</h1>
                        <p aria-live="polite">{status}</p>
                        <Invite room=name.clone() />
                    </header>
                    <section class="card" aria-labelledby="room-players-title">
                        <h2 id="room-players-title">{words.players}</h2>
                        <RoomPlayers />
                        <RoomRefusal />
                        {room.can_seat_another.then(|| view! { <SeatAnotherPlayer /> })}
                        {room.hosting.then(|| view! { <AddComputer rules=room.rules level=computer_level /> })}
                    </section>
                    <RoomGameChoice room=room.clone() host_columns />
                    <button class="link" data-action="leave-room" on:click=move |_| store.leave_room()>
                        {words.leave_room}
                    </button>
                </div>
            }
        })
    }
}

fn lobby_status(room: &RoomView) -> String {
    let words = expect_context::<GameStore>().words();
    match room.state {
        RoomState::Offline => words.room_offline.to_string(),
        _ if room.own_seats.is_empty() && room.refusal.is_none() => words.joining.to_string(),
        _ if room.may_try_another_name => words.choose_another_name.to_string(),
        _ if room.own_seats.is_empty() => words.watching.to_string(),
        _ if room.hosting => words.you_host.to_string(),
        _ => match &room.host_name {
            Some(host) => (words.waiting_for)(host),
            None => words.waiting_for_host.to_string(),
        },
    }
}

/// The host adds a computer player of the level chosen beside the button.
#[component]
fn AddComputer(rules: Rules, level: RwSignal<Level>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    view! {
        <div class="player-buttons add-computer">
            <select
                data-room-field="computer-level"
                aria-label=words.computer_level
                on:change=move |event| {
                    if let Ok(chosen) = event_target_value(&event).parse::<Level>() {
                        level.set(chosen);
                    }
                }
            >
                <LevelOptions
                    ruleset=rules.id()
                    column_game=!rules.columns().is_one()
                    first_chosen=level.get_untracked()
                />
            </select>
            <button
                type="button"
                class="secondary"
                data-action="add-computer"
                on:click=move |_| store.add_room_computer(level.get_untracked())
            >
                {words.add_computer}
            </button>
        </div>
    }
}

/// Two people sharing this device: the second takes a seat of their own, and the device plays both.
#[component]
fn SeatAnotherPlayer() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    view! {
        <NameForm
            label=words.someone_else_here
            field="another-player"
            placeholder=words.their_name
            action="join-another"
            button=words.join_too
            primary=false
            on_join=Callback::new(move |name: String| store.seat_another_player(&name))
        />
    }
}

/// A name and a button to join with it (the field empties once it is sent).
#[component]
fn NameForm(
    label: &'static str,
    /// The field's `data-room-field`, and below, the button's `data-action`.
    field: &'static str,
    placeholder: &'static str,
    action: &'static str,
    button: &'static str,
    primary: bool,
    on_join: Callback<String>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let join = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        on_join.run(name.get_untracked());
        name.set(String::new());
    };
    view! {
        <form class="seat-another" on:submit=join>
            <label>
                <span>{label}</span>
                <input
                    data-room-field=field
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    placeholder=placeholder
                    prop:value=move || name.get()
                    on:input=move |event| name.set(event_target_value(&event))
                />
            </label>
            <button type="submit" class:primary=primary class:secondary=!primary data-action=action>
                {button}
            </button>
        </form>
    }
}

/// The players of the room, in seat order: name, host, this device's, away, computer.
#[component]
pub fn RoomPlayers() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let view = store.room_view();
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
    let words = store.words();
    let seat = player.seat;
    let tags = [
        (player.host, words.tag_host),
        (player.own, words.tag_you),
        (player.computer.is_some(), words.tag_computer),
        (player.stand_in, words.tag_stand_in),
        (player.away, words.tag_away),
    ];
    view! {
        <li class="room-player" class:away=player.away class:own=player.own>
            <span
                class="name"
                data-room-player=seat.to_string()
                data-host=player.host.then_some("true")
                data-away=player.away.then_some("true")
            >
                {player.name}
            </span>
            {tags
                .into_iter()
                .filter(|(shown, _)| *shown)
                .map(|(_, tag)| tag)
                .chain(player.computer.map(|level| words.level(level)))
                .map(|tag| view! { <span class="tag">{tag}</span> })
                .collect_view()}
            {player
                .can_take_over
                .then(|| {
                    view! {
                        <button
                            class="secondary"
                            data-action="take-over"
                            data-seat=seat.to_string()
                            on:click=move |_| store.take_over_seat(seat)
                        >
                            {words.let_computer_play}
                        </button>
                    }
                })}
            {player
                .can_give_back
                .then(|| {
                    view! {
                        <button
                            class="secondary"
                            data-action="give-back"
                            data-seat=seat.to_string()
                            on:click=move |_| store.give_back_seat(seat)
                        >
                            {words.give_seat_back}
                        </button>
                    }
                })}
        </li>
    }
}

/// Why the server did not seat this device (it watches), as the server said it; a name refused may be
/// changed and tried again, and coming after the start is said as what it is: watching.
#[component]
fn RoomRefusal() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let view = store.room_view();
    move || {
        view.with(|room| {
            let room = room.as_ref()?;
            let reason = room.refusal.clone()?;
            Some(match (room.came_late, room.may_try_another_name) {
                (true, _) => view! {
                    <p class="note" data-room-error="true">{reason}</p>
                    <p class="note">{words.came_late}</p>
                }
                .into_any(),
                (false, true) => view! {
                    <p class="error" data-room-error="true">{reason}</p>
                    <TryAnotherName />
                }
                .into_any(),
                (false, false) => view! { <p class="error" data-room-error="true">{reason}</p> }.into_any(),
            })
        })
    }
}

/// After a name refused: another name, and Join again.
#[component]
fn TryAnotherName() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    view! {
        <NameForm
            label=words.try_another_name
            field="retry-name"
            placeholder=words.your_name
            action="join-again"
            button=words.join_again
            primary=true
            on_join=Callback::new(move |name: String| store.join_as(&name))
        />
    }
}

/// Above the sheet at an online table: the room, its players' presence, and the seats this device holds.
#[component]
pub fn RoomBar() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let shown = store.online_table();
    view! {
        {lazy_when(shown, room_bar_part, ())}
    }
}

#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn room_bar_part() -> Loaded<()> {
    Ok(|()| view! { <RoomBarShown /> }.into_any())
}

#[component]
fn RoomBarShown() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.room_view();
    let words = store.words();
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
                Some((RoomState::Offline, _)) => words.room_bar_offline,
                Some((_, true)) => words.room_bar_watching,
                _ => "",
            },
        )
    };
    view! {
        <section class="room-bar" aria-label=words.online_room data-room=key data-room-state=state data-seat-self=own>
            <span class="room-name">{move || (words.room_title)(&name())} " " <span class="muted">{label}</span></span>
            <RoomPlayers />
            <RoomRefusal />
            <Invite room=Signal::derive(name) />
        </section>
    }
}
