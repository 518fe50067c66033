//! An online room: the lobby where players gather and the host chooses the game and starts it, the players
//! with their presence (also above the sheet once playing), and why this device was not seated.

use std::time::Duration;

use fivedice_rules::{DiceMode, Joker, RulesetId};
use leptos::prelude::*;

use super::game_choice::{DiceModeSelect, JokerSelect, RulesetSelect};
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

#[component]
pub fn RoomLobby() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.room_view();
    move || {
        view.get().map(|room| {
            let status = lobby_status(&room);
            let name = room.name.clone();
            view! {
                <div class="setup room-lobby" data-room=room.name.clone() data-room-state=room.state.id()>
                    <header class="brand">
                        <h1>"Room “" {name} "”"</h1>
                        <p aria-live="polite">{status}</p>
                    </header>
                    <section class="card" aria-labelledby="room-players-title">
                        <h2 id="room-players-title">"Players"</h2>
                        <RoomPlayers />
                        <RoomRefusal />
                        {room.can_seat_another.then(|| view! { <SeatAnotherPlayer /> })}
                        {room
                            .hosting
                            .then(|| {
                                view! {
                                    <div class="player-buttons">
                                        <button
                                            type="button"
                                            class="secondary"
                                            data-action="add-computer"
                                            on:click=move |_| store.add_room_computer()
                                        >
                                            "Add a computer player"
                                        </button>
                                    </div>
                                }
                            })}
                    </section>
                    <RoomGameChoice room=room.clone() />
                    <button class="link" data-action="leave-room" on:click=move |_| store.leave_room()>
                        "← Leave the room"
                    </button>
                </div>
            }
        })
    }
}

fn lobby_status(room: &RoomView) -> String {
    match room.state {
        RoomState::Offline => "Offline: reconnecting…".to_string(),
        _ if room.own_seats.is_empty() && room.refusal.is_none() => "Joining…".to_string(),
        _ if room.own_seats.is_empty() => "Watching".to_string(),
        _ if room.hosting => "You host: choose the game, then start when everyone is here.".to_string(),
        _ => match &room.host_name {
            Some(host) => format!("Waiting for {host} to start the game."),
            None => "Waiting for the host.".to_string(),
        },
    }
}

/// Two people sharing this device: the second takes a seat of their own, and the device plays both.
#[component]
fn SeatAnotherPlayer() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let player = RwSignal::new(String::new());
    let join = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        store.seat_another_player(&player.get_untracked());
        player.set(String::new());
    };
    view! {
        <form class="seat-another" on:submit=join>
            <label>
                <span>"Someone else at this device"</span>
                <input
                    data-room-field="another-player"
                    maxlength=fivedice_rules::MAX_NAME_CHARS.to_string()
                    placeholder="Their name"
                    prop:value=move || player.get()
                    on:input=move |event| player.set(event_target_value(&event))
                />
            </label>
            <button type="submit" class="secondary" data-action="join-another">
                "Join too"
            </button>
        </form>
    }
}

/// The game the room will play: the host chooses it (the others see the choice), then starts.
#[component]
fn RoomGameChoice(room: RoomView) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let (ruleset, joker, dice) = (room.rules.id(), room.rules.joker(), room.dice);
    let has_joker = ruleset.ruleset().extra_five_of_a_kind.is_some();
    let locked = !room.hosting;
    let choose = move |ruleset: RulesetId, joker: Joker, dice: DiceMode| {
        store.choose_room_rules(ruleset, Some(joker), dice)
    };
    let missing = room.players_missing;
    view! {
        <section class="card new-game" aria-labelledby="room-game-title">
            <h2 id="room-game-title">"Game"</h2>
            <RulesetSelect
                value=ruleset
                disabled=locked
                on_choose=Callback::new(move |id| choose(id, joker, dice))
            />
            {has_joker
                .then(|| {
                    view! {
                        <JokerSelect
                            value=joker
                            disabled=locked
                            on_choose=Callback::new(move |choice| choose(ruleset, choice, dice))
                        />
                    }
                })}
            <DiceModeSelect
                value=dice
                disabled=locked
                app_label="The app's dice (the server rolls)"
                on_choose=Callback::new(move |mode| choose(ruleset, joker, mode))
            />
            {room
                .hosting
                .then(|| {
                    view! {
                        <p class="muted">
                            {(missing > 0).then(|| format!("{missing} more player(s) needed to start."))}
                        </p>
                        <button
                            class="primary start"
                            data-action="start-game"
                            disabled=!room.can_start
                            on:click=move |_| store.start_room_game()
                        >
                            "Start game"
                        </button>
                    }
                })}
        </section>
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
    let seat = player.seat;
    let tags = [
        (player.host, "host"),
        (player.own, "you"),
        (player.computer, "computer"),
        (player.stand_in, "a computer plays"),
        (player.away, "away"),
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
                .map(|(_, tag)| view! { <span class="tag">{tag}</span> })
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
                            "Let a computer play"
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
                            "Give the seat back"
                        </button>
                    }
                })}
        </li>
    }
}

/// Why the server did not seat this device (it watches), as the server said it.
#[component]
fn RoomRefusal() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let view = store.room_view();
    move || {
        view.with(|room| room.as_ref().and_then(|room| room.refusal.clone()))
            .map(|reason| {
                view! {
                    <p class="error" data-room-error="true">
                        {reason}
                    </p>
                }
            })
    }
}

/// Above the sheet at an online table: the room, its players' presence, and the seats this device holds.
#[component]
pub fn RoomBar() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let view = store.room_view();
    let shown = move || view.with(Option::is_some);
    view! {
        <Show when=shown>
            <RoomBarShown />
        </Show>
    }
}

#[component]
fn RoomBarShown() -> impl IntoView {
    let store = expect_context::<GameStore>();
    keep_room_clock(store);
    let view = store.room_view();
    let read =
        move |field: fn(&RoomView) -> String| view.with(|room| room.as_ref().map(field).unwrap_or_default());
    let name = move || read(|room| room.name.clone());
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
        read(|room| match room.state {
            RoomState::Offline => "offline — reconnecting…".to_string(),
            _ if room.own_seats.is_empty() => "watching".to_string(),
            _ => String::new(),
        })
    };
    view! {
        <section class="room-bar" aria-label="Online room" data-room=name data-room-state=state data-seat-self=own>
            <span class="room-name">"Room “" {name} "” " <span class="muted">{label}</span></span>
            <RoomPlayers />
            <RoomRefusal />
        </section>
    }
}
