//! The dialog that opens on a cell: the values offered for it (or "Cross out"), Confirm and Cancel.
//! On a score pad it also takes the dice rolled for real ("Enter dice") and the explicit Yahtzee bonus.

use fivedice_rules::{DICE, Dice};
use leptos::html;
use leptos::prelude::*;

use super::pips::Pips;
use super::player_name;
use crate::store::Reading as _;
use crate::store::{GameStore, PickerOffers};

#[component]
pub fn ValuePicker() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let confirm_button = NodeRef::<html::Button>::new();
    let entering = RwSignal::new(false);
    let picker = store.picker();
    // The dialog is rebuilt only when what it offers changes, not on every choice made inside it.
    let offers = store.picker_offers();
    let open_on = Memo::new(move |_| offers.with(|offers| offers.as_ref().map(|o| o.category)));
    let players = store.players();
    let rules = store.rules();
    // Focus moves into the dialog when it opens, so keyboard players land on Confirm.
    Effect::new(move |_| {
        if open_on.get().is_some() {
            entering.set(false);
            if let Some(button) = confirm_button.get()
                && button.focus().is_err()
            {
                leptos::logging::warn!("the picker's Confirm button could not take the focus");
            }
        }
    });
    move || {
        let PickerOffers {
            category,
            seat,
            offers,
            by_hand: pad_without_dice,
            bonus: bonus_points,
        } = offers.get()?;
        let label = rules.get_untracked()?.ruleset().cell(category)?.label;
        let title = format!("{label} — {}", player_name(players, seat));
        let buttons = offers
            .into_iter()
            .map(|value| {
                let chosen = move || picker.with(|p| p.is_some_and(|p| p.chosen == Some(value)));
                let text = if value == 0 {
                    "Cross out".to_string()
                } else {
                    value.to_string()
                };
                view! {
                    <button
                        class="offer"
                        class:chosen=chosen
                        data-offer=value.to_string()
                        aria-pressed=move || chosen().to_string()
                        on:click=move |_| store.choose(value)
                    >
                        {text}
                    </button>
                }
            })
            .collect_view();
        let bonus_toggle = bonus_points.map(|extra| {
            let on = move || picker.with(|p| p.is_some_and(|p| p.bonus));
            let text = match extra.bonus_mark {
                Some(mark) => format!("+{} bonus {mark}", extra.bonus),
                None => format!("+{} bonus Yahtzee", extra.bonus),
            };
            view! {
                <button
                    class="bonus-toggle"
                    class:chosen=on
                    data-action="yahtzee-bonus"
                    aria-pressed=move || on().to_string()
                    on:click=move |_| store.toggle_bonus()
                >
                    {text}
                </button>
            }
        });
        Some(view! {
            <div class="backdrop" on:click=move |_| store.cancel()>
                <div
                    class="picker"
                    role="dialog"
                    aria-modal="true"
                    aria-labelledby="picker-title"
                    on:click=|event| event.stop_propagation()
                    on:keydown=move |event| {
                        if event.key() == "Escape" {
                            store.cancel();
                        }
                    }
                >
                    <h2 id="picker-title">{title}</h2>
                    <Show
                        when=move || entering.get()
                        fallback=move || {
                            view! {
                                <div class="offers">{buttons.clone()}</div>
                                {bonus_toggle.clone()}
                            }
                        }
                    >
                        <DiceEntry on_done=move || entering.set(false) />
                    </Show>
                    <div class="picker-actions">
                        {pad_without_dice
                            .then(|| {
                                view! {
                                    <button
                                        class="secondary enter-dice"
                                        data-action="enter-dice"
                                        aria-pressed=move || entering.get().to_string()
                                        on:click=move |_| entering.update(|on| *on = !*on)
                                    >
                                        "Enter dice"
                                    </button>
                                }
                            })}
                        <button class="secondary" data-action="cancel" on:click=move |_| store.cancel()>
                            "Cancel"
                        </button>
                        <button
                            class="primary"
                            data-action="confirm"
                            node_ref=confirm_button
                            disabled=move || picker.with(|p| p.is_none_or(|p| p.chosen.is_none()))
                            on:click=move |_| store.confirm()
                        >
                            "Confirm"
                        </button>
                    </div>
                </div>
            </div>
        })
    }
}

/// Score pad: tap the five faces rolled, in any order; the fifth tap hands them to the rules.
#[component]
fn DiceEntry(on_done: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let entered = RwSignal::new(Vec::<u8>::new());
    let tap = move |face: u8| {
        entered.update(|faces| {
            if faces.len() < DICE {
                faces.push(face);
            }
        });
        let faces = entered.get_untracked();
        if faces.len() == DICE
            && let Ok(dice) = Dice::from_values(&faces)
        {
            store.enter_dice(dice);
            on_done();
        }
    };
    view! {
        <div class="dice-entry" role="group" aria-label="Enter the five dice rolled">
            <div class="entered" aria-live="polite">
                {(0..DICE)
                    .map(|slot| {
                        let face = move || entered.with(|faces| faces.get(slot).copied());
                        view! {
                            <span class="die small" class:blank=move || face().is_none()>
                                <Pips face=Signal::derive(face) />
                            </span>
                        }
                    })
                    .collect_view()}
                <button
                    class="secondary"
                    data-action="remove-entered"
                    aria-label="Remove the last die"
                    disabled=move || entered.with(Vec::is_empty)
                    on:click=move |_| entered.update(|faces| {
                        faces.pop();
                    })
                >
                    "⌫"
                </button>
            </div>
            <div class="faces">
                {(1..=6u8)
                    .map(|face| {
                        view! {
                            <button
                                class="die face-button"
                                data-enter-face=face.to_string()
                                aria-label=format!("A {face}")
                                on:click=move |_| tap(face)
                            >
                                <Pips face=Signal::derive(move || Some(face)) />
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}
