//! Who starts: the app's roll-off shown to the table, and a score pad's own choice or roll-off typed in.

use fivedice_rules::{Face, TiedRollOff};
use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::player_name;
use crate::store::GameStore;
use crate::store::Reading as _;

/// The roll for who starts, shown to everyone until the first cell is written.
#[component]
pub fn FirstPlayerBanner() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let roll = store.fresh_first_player_roll();
    let players = store.players();
    move || {
        let roll = roll.get()?;
        let name = move |seat: usize| player_name(players, seat);
        let rolls = roll
            .rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|&(seat, face)| format!("{} {}", name(seat), face))
                    .collect::<Vec<_>>()
                    .join(" · ")
            })
            .collect::<Vec<_>>()
            .join(words.tie_roll_again);
        Some(view! {
            <p class="first-player">
                <span>{words.who_starts} {rolls}</span>
                <strong>{(words.starts)(&name(roll.first_seat))}</strong>
            </p>
        })
    }
}

/// A score pad before anybody plays: who starts (a chunk of its own: only a score pad asks).
#[component]
pub fn WhoStartsOnPad() -> impl IntoView {
    lazy(who_starts_part, ())
}

#[wasm_split_helpers::wasm_split(pad, fallible)]
fn who_starts_part() -> Loaded<()> {
    Ok(|()| view! { <WhoStarts /> }.into_any())
}

/// Who starts, chosen, or by the table's own roll-off typed in.
#[component]
fn WhoStarts() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let players = store.players();
    let current = store.current_seat();
    let seats = players.get_untracked().len();
    let contenders = RwSignal::new((0..seats).collect::<Vec<usize>>());
    let rounds = RwSignal::new(Vec::<Vec<(usize, Face)>>::new());
    let typed = RwSignal::new(vec![None::<Face>; seats]);
    let tied = RwSignal::new(None::<String>);
    let decide = move |_| {
        let round: Vec<(usize, Face)> = contenders.with_untracked(|seats| {
            typed.with_untracked(|faces| {
                seats
                    .iter()
                    .filter_map(|&seat| Some((seat, faces[seat]?)))
                    .collect()
            })
        });
        if round.len() < contenders.with_untracked(Vec::len) {
            return;
        }
        let mut all = rounds.get_untracked();
        all.push(round);
        match store.type_roll_off(all.clone()) {
            None => tied.set(None),
            Some(TiedRollOff(again)) => {
                let names: Vec<String> = again.iter().map(|&seat| player_name(players, seat)).collect();
                tied.set(Some((words.tied_roll_again)(&names.join(", "))));
                rounds.set(all);
                contenders.set(again);
                typed.set(vec![None; seats]);
            }
        }
    };
    let options = move || {
        (0..seats)
            .map(|seat| {
                view! {
                    <option value=seat.to_string() selected=move || current.get() == Some(seat)>
                        {move || player_name(players, seat)}
                    </option>
                }
            })
            .collect_view()
    };
    let roll_off = move || {
        contenders
            .get()
            .into_iter()
            .map(|seat| {
                view! {
                    <label class="roll-off-die">
                        <span>{player_name(players, seat)}</span>
                        <select
                            data-roll-off=seat.to_string()
                            on:change=move |event| {
                                let face = event_target_value(&event)
                                    .parse::<u8>()
                                    .ok()
                                    .and_then(|value| Face::ALL.get(usize::from(value).wrapping_sub(1)).copied());
                                typed.update(|faces| faces[seat] = face);
                            }
                        >
                            <option value="">"–"</option>
                            {(1..=6u8).map(|face| view! { <option value=face.to_string()>{face}</option> }).collect_view()}
                        </select>
                    </label>
                }
            })
            .collect_view()
    };
    view! {
        <section class="who-starts" data-who-starts aria-labelledby="who-starts-title">
            <h2 id="who-starts-title">{words.who_starts}</h2>
            <label>
                <span>{words.first_player}</span>
                <select
                    data-action="choose-first"
                    on:change=move |event| {
                        if let Ok(seat) = event_target_value(&event).parse::<usize>() {
                            store.choose_first_seat(seat);
                        }
                    }
                >
                    {options}
                </select>
            </label>
            <p class="muted">{words.or_roll_off}</p>
            <div class="roll-off">{roll_off}</div>
            <p aria-live="polite">{move || tied.get()}</p>
            <button class="secondary" data-action="roll-off" on:click=decide>
                {words.highest_starts}
            </button>
        </section>
    }
}
