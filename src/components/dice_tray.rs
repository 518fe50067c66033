//! The dice (five, or six for Maxi Yatzy) and the Roll button.

use fivedice_rules::Move;
use leptos::prelude::*;

use super::hint_shown::HintShown;
use super::pips::Pips;
use crate::store::GameStore;
use crate::store::Reading as _;

#[component]
pub fn DiceTray() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let can_roll = store.table().can_roll();
    let reconnecting = store.table().reconnecting();
    let rolls = store.table().rolls();
    // A table's dice do not change while it is on screen (another table brings its own play screen).
    let dice = store.table().dice_count().get_untracked();
    let label = move || match rolls.get() {
        _ if reconnecting.get() => words.reconnecting.to_string(),
        (used, allowed) if used >= allowed => words.no_rolls_left.to_string(),
        (0, allowed) => (words.roll_first)(allowed),
        (used, allowed) => (words.roll_again)(allowed - used),
    };
    view! {
        <section class="tray" aria-label=words.dice_tray>
            <div class="dice" class:six=dice == 6>
                {(0..dice).map(|die| view! { <Die die /> }).collect_view()}
            </div>
            <button
                class="roll"
                data-action="roll"
                aria-label=label
                disabled=move || !can_roll.get()
                on:click=move |_| store.controls().roll()
            >
                {label}
            </button>
            {(dice == 6).then(|| super::lazy::prefetched(saved_beside_part, ()))}
        </section>
    }
}

/// Maxi Yatzy: the rolls the player to play saved on earlier turns, beside the roll they add to (a chunk of its
/// own, fetched with a Maxi Yatzy table).
#[wasm_split_helpers::wasm_split(saved_beside, fallible)]
fn saved_beside_part() -> super::lazy::Loaded<()> {
    Ok(|()| {
        let store = expect_context::<GameStore>();
        let (words, rolls) = (store.words(), store.table().rolls());
        let saved = move || rolls.get().1.saturating_sub(fivedice_rules::MAX_ROLLS);
        (move || {
            let saved = saved();
            (saved > 0).then(|| view! { <span class="saved-beside" data-saved-beside=saved>{words.saved_rolls}": +"{saved}</span> })
        })
        .into_any()
    })
}

/// One die: shows its face, and a tap holds or releases it. The dice are one tab stop, none before they are
/// rolled (`crate::focus::one_stop_in_each_group`).
#[component]
fn Die(die: usize) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let turn = store.table().turn();
    let face = move || turn.with(|turn| turn.dice.and_then(|dice| dice.face(die)).map(|face| face.value()));
    let held = move || turn.with(|turn| turn.held[die]);
    let hint = expect_context::<HintShown>();
    // The hint's best keep, shown on the dice it holds.
    let hint_keep = move || match (hint.best(), turn().dice) {
        (Some(keep @ Move::Keep(_)), Some(dice)) => keep.holds(dice)[die],
        _ => false,
    };
    let holdable = store.table().can_hold();
    // Alternating animation names restart the tumble on every roll, for the dice that were rolled.
    let tumble = move |parity: u8| {
        turn.with(|turn| turn.rolls_used > 0 && turn.rolls_used % 2 == parity && !turn.held[die])
    };
    // Held is said once, as the button's pressed state.
    let name = move || match face() {
        None => (words.die_n_blank)(die + 1),
        Some(face) => (words.die_n_face)(die + 1, face),
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
            aria-disabled=move || (!holdable.get()).to_string()
            on:click=move |_| {
                if holdable.get_untracked() {
                    store.controls().toggle_hold(die)
                }
            }
        >
            <Pips face=Signal::derive(face) />
            <span class="held-tag" aria-hidden="true">{words.held}</span>
        </button>
    }
}
