//! The five dice and the Roll button.

use fivedice_rules::{DICE, DiceMode, MAX_ROLLS};
use leptos::prelude::*;

use super::hint::{HintShown, dice_to_hold};
use crate::store::GameStore;
use fivedice_worker::HintChoice;

/// Which of the nine spots of a 3×3 grid carry a pip for each face.
const PIPS: [&[usize]; 6] = [
    &[4],
    &[0, 8],
    &[0, 4, 8],
    &[0, 2, 6, 8],
    &[0, 2, 4, 6, 8],
    &[0, 2, 3, 5, 6, 8],
];

#[component]
pub fn DiceTray() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let turn = move || store.game(|game| *game.turn()).unwrap_or_default();
    let rolls_left = move || turn().rolls_left();
    let label = move || match (turn().rolls_used, rolls_left()) {
        (_, 0) => "No rolls left".to_string(),
        (0, _) => format!("Roll ({MAX_ROLLS} rolls left)"),
        (_, 1) => "Roll again (1 roll left)".to_string(),
        (_, left) => format!("Roll again ({left} rolls left)"),
    };
    view! {
        <section class="tray" aria-label="Dice">
            <div class="dice">{(0..DICE).map(|die| view! { <Die die /> }).collect_view()}</div>
            <button
                class="roll"
                data-action="roll"
                aria-label=label
                disabled=move || rolls_left() == 0
                on:click=move |_| store.roll()
            >
                {label}
            </button>
        </section>
    }
}

/// One die: shows its face, and a tap holds or releases it.
#[component]
fn Die(die: usize) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let turn = move || store.game(|game| *game.turn()).unwrap_or_default();
    let face = move || {
        turn()
            .dice
            .and_then(|dice| dice.face(die))
            .map(|face| face.value())
    };
    let held = move || turn().held[die];
    let hinted = expect_context::<HintShown>();
    // The hint's best keep, shown on the dice it holds.
    let hint_keep = move || match (hinted.best(store), turn().dice) {
        (Some(HintChoice::Keep(faces)), Some(dice)) => dice_to_hold(dice, &faces)[die],
        _ => false,
    };
    let holdable = move || turn().dice.is_some() && turn().rolls_left() > 0;
    // Alternating animation names restart the tumble on every roll, for the dice that were rolled.
    let tumble = move |parity: u8| {
        let turn = turn();
        turn.rolls_used > 0 && turn.rolls_used % 2 == parity && !turn.held[die]
    };
    let name = move || match (face(), held()) {
        (None, _) => format!("Die {}: not rolled", die + 1),
        (Some(face), true) => format!("Die {}: {face}, held", die + 1),
        (Some(face), false) => format!("Die {}: {face}", die + 1),
    };
    view! {
        <button
            class="die"
            class:held=held
            class:hint-keep=hint_keep
            class:blank=move || face().is_none()
            class:tumble-a=move || tumble(1)
            class:tumble-b=move || tumble(0)
            data-die=die.to_string()
            data-face=move || face().map(|face| face.to_string()).unwrap_or_default()
            aria-pressed=move || held().to_string()
            aria-label=name
            aria-disabled=move || (!holdable()).to_string()
            on:click=move |_| {
                if holdable() {
                    store.toggle_hold(die)
                }
            }
        >
            <Pips face=Signal::derive(face) />
            <span class="held-tag" aria-hidden="true">"HELD"</span>
        </button>
    }
}

/// The pips of a face on a 3×3 grid (none while the die is blank).
#[component]
pub fn Pips(#[prop(into)] face: Signal<Option<u8>>) -> impl IntoView {
    view! {
        <span class="pips" aria-hidden="true">
            {(0..9)
                .map(|spot| {
                    let shown = move || face.get().is_some_and(|face| PIPS[usize::from(face) - 1].contains(&spot));
                    view! { <span class="pip" class:on=shown></span> }
                })
                .collect_view()}
        </span>
    }
}

/// Whether the table plays with the app's dice (the score pad shows none).
pub fn uses_app_dice(store: GameStore) -> bool {
    store.game(|game| game.mode() == DiceMode::App).unwrap_or(false)
}
