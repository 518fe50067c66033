//! Who starts: the app's roll-off shown to the table, and a score pad's own choice or roll-off typed in.

use fivedice_rules::{Face, FirstPlayerRoll};
use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::player_name;
use crate::i18n::{self, Words};
use crate::store::GameStore;
use crate::store::Reading as _;

/// The roll for who starts, shown to everyone until the first cell is written.
#[component]
pub fn FirstPlayerBanner() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let roll = store.table().fresh_first_player_roll();
    let players = store.table().players();
    move || {
        let roll = roll.get()?;
        let name = move |seat: usize| player_name(players, seat);
        Some(view! {
            <p class="first-player">
                <span>{words.who_starts} {rounds_said(words, &roll, &name)}</span>
                <strong>{(words.starts)(&name(roll.first_seat))}</strong>
            </p>
        })
    }
}

/// The roll-off's rounds, as the table saw them: "Alice rolled 5 · Bob rolled 1".
fn rounds_said(words: &Words, roll: &FirstPlayerRoll, name: &dyn Fn(usize) -> String) -> String {
    roll.rounds
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|&(seat, face)| (words.rolled)(&name(seat), face.value()))
                .collect::<Vec<_>>()
                .join(" · ")
        })
        .collect::<Vec<_>>()
        .join(words.tie_roll_again)
}

/// Who starts, said aloud: the rounds rolled (where there were any), then who starts.
pub(super) fn roll_off_said(words: &Words, roll: &FirstPlayerRoll, name: &dyn Fn(usize) -> String) -> String {
    let starts = (words.starts)(&name(roll.first_seat));
    match roll.rounds.is_empty() {
        true => starts,
        false => format!(
            "{}{} — {starts}",
            words.who_starts,
            rounds_said(words, roll, name)
        ),
    }
}

/// A score pad before anybody plays: who starts (a chunk of its own: only a score pad asks).
#[component]
pub fn WhoStartsOnPad() -> impl IntoView {
    lazy(who_starts_part, ())
}

#[wasm_split_helpers::wasm_split(pad, fallible)]
fn who_starts_part() -> Loaded<()> {
    Ok(|()| {
        add_pad_styles();
        view! { <WhoStarts /> }.into_any()
    })
}

/// The score pad's styles (who starts, the dice entered), which its chunk brings.
pub(super) fn add_pad_styles() {
    super::lazy::add_styles("pad-styles", include_str!("../../style/pad.css"));
}

/// Who starts, chosen, or by the table's own roll-off typed in: every player's die, then, after a tie for the
/// highest, the tied players' dice again (the roll-off waits in the store meanwhile: nobody writes a box).
#[component]
fn WhoStarts() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let pad_words = store.speech().words_of(i18n::pad_words);
    let players = store.table().players();
    let current = store.table().current_seat();
    let seats = players.get_untracked().len();
    let tied = store.table().roll_off_tied();
    let asked = store.table().who_starts_asked();
    let rolled_off = store.table().fresh_first_player_roll();
    let contenders = move || tied.get().unwrap_or_else(|| (0..seats).collect());
    // The die typed for each seat this round (emptied for the next round).
    let typed = RwSignal::new(vec![None::<Face>; seats]);
    let incomplete = RwSignal::new(false);
    let decide = move |_| {
        let round: Vec<(usize, Face)> = untrack(contenders)
            .into_iter()
            .filter_map(|seat| Some((seat, typed.with_untracked(|faces| faces[seat])?)))
            .collect();
        let complete = round.len() == untrack(contenders).len();
        incomplete.set(!complete);
        if complete {
            store.controls().type_roll_off(round);
            typed.set(vec![None; seats]);
        }
    };
    let said = move || match (incomplete.get(), tied.get()) {
        (true, _) => Some(pad_words.type_every_die.to_string()),
        (false, Some(again)) => {
            let names: Vec<String> = again.iter().map(|&seat| player_name(players, seat)).collect();
            Some((pad_words.tied_roll_again)(&names.join(", ")))
        }
        (false, None) => None,
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
        contenders()
            .into_iter()
            .map(|seat| {
                // The select shows this seat's die: a select drawn again for another seat keeps no other's.
                let shown = move || typed.with(|faces| faces[seat].map(|face| face.to_string()).unwrap_or_default());
                view! {
                    <label class="roll-off-die">
                        <span>{player_name(players, seat)}</span>
                        <select
                            data-roll-off=seat.to_string()
                            prop:value=shown
                            on:change=move |event| {
                                let face = event_target_value(&event)
                                    .parse::<u8>()
                                    .ok()
                                    .and_then(|value| Face::ALL.get(usize::from(value).wrapping_sub(1)).copied());
                                typed.update(|faces| faces[seat] = face);
                                incomplete.set(false);
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
                <span>{pad_words.first_player}</span>
                <select
                    data-action="choose-first"
                    on:change=move |event| {
                        if let Ok(seat) = event_target_value(&event).parse::<usize>() {
                            incomplete.set(false);
                            store.controls().choose_first_seat(seat);
                        }
                    }
                >
                    // Nobody, until the table says.
                    <option value="" selected=move || asked.get()>"–"</option>
                    {options}
                </select>
            </label>
            // Once a roll-off has decided (the banner says who starts), it is not asked for again.
            {move || {
                rolled_off
                    .get()
                    .is_none()
                    .then(|| {
                        view! {
                            <p class="muted">{pad_words.or_roll_off}</p>
                            <div class="roll-off">{roll_off}</div>
                            <p aria-live="polite" data-roll-off-said>{said}</p>
                            <button class="secondary" data-action="roll-off" on:click=decide>
                                {pad_words.highest_starts}
                            </button>
                        }
                    })
            }}
        </section>
    }
}
