//! The dialog that opens on a cell: the values offered for it (or "Cross out"), Confirm and Cancel.
//! On a score pad it also takes the dice rolled for real ("Enter dice") and the explicit Yahtzee bonus.

use fivedice_rules::{Dice, DiceMode};
use leptos::html;
use leptos::prelude::*;

use super::dialog::Dialog;
use super::joker_note::JokerNote;
use super::lazy::{Loaded, lazy, prefetched};
use super::pips::Pips;
use super::player_name;
use super::shown::either_when;
use crate::i18n;
use crate::store::Reading as _;
use crate::store::{GameStore, PickerOffers};

/// The dialog's code is a chunk of its own, fetched as soon as the table shows (closed, it shows nothing), so a
/// first tap finds it here.
#[component]
pub fn ValuePicker() -> impl IntoView {
    prefetched(picker_part, ())
}

#[wasm_split_helpers::wasm_split(picker, fallible)]
fn picker_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("picker-styles", include_str!("../../style/picker.css"));
        picker().into_any()
    })
}

fn picker() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let entering = RwSignal::new(false);
    let picker = store.table().picker();
    // The dialog is rebuilt only when what it offers changes, not on every choice made inside it.
    let offers = store.table().picker_offers();
    let open_on = Memo::new(move |_| offers.with(|offers| offers.as_ref().map(|o| o.place)));
    let players = store.table().players();
    let rules = store.table().rules();
    // A computer player's box is shown here before its next step writes it: nothing is for a person to press.
    let person = store.table().plays_here();
    // Maxi Yatzy, the app's dice: the rolls that writing now saves for the player's later turns.
    let (mode, rolls) = (store.table().mode(), store.table().rolls());
    let saved_now = move || {
        let saves =
            rules.get().is_some_and(|rules| rules.ruleset().saves_rolls) && mode.get() == Some(DiceMode::App);
        let (used, allowed) = rolls.get();
        (saves && person.get() && allowed > used).then(|| allowed - used)
    };
    // Back closes the dialog while it is open: it is an entry of the browser's history of its own.
    let is_open = Memo::new(move |_| open_on.get().is_some());
    Effect::new(move |_| {
        if is_open.get() {
            crate::back::layer(move || store.controls().cancel(), None);
        }
    });
    // The dialog's focus lands on the first value offered.
    let first_offer = NodeRef::<html::Button>::new();
    Effect::new(move |_| {
        if open_on.get().is_some() {
            entering.set(false);
        }
    });
    move || {
        let PickerOffers {
            place,
            seat,
            offers,
            by_hand: pad_without_dice,
            bonus: bonus_points,
            cross_out,
            announce,
            first_roll_wins,
            first_roll_only,
        } = offers.get()?;
        let rules = rules.get_untracked()?;
        let label = super::place_label(rules, place, language)?;
        let title = format!("{label} — {}", player_name(players, seat));
        let offer_label = label.clone();
        let buttons = move || {
            offers
                .iter()
                .enumerate()
                .map(|(index, &value)| {
                    let chosen =
                        move || picker.with(|p| p.is_some_and(|p| p.chosen == Some(value) && !p.announcing));
                    let text = match (value, announce) {
                        (0, _) => words.cross_out.to_string(),
                        // Beside "Announce", a value is writing the box now, with these dice.
                        (value, true) => (words.write_now)(value),
                        // Generala: a value the box holds only when made on the first roll says so.
                        (value, false) if first_roll_only.contains(&value) => (words.on_first_roll)(value),
                        (value, false) => value.to_string(),
                    };
                    // Named with its box: "Fours, 12" (the dialog's heading is not read with each value).
                    let name = format!("{offer_label}, {text}");
                    let first = (index == 0).then_some(first_offer);
                    view! {
                        <button
                            class="offer"
                            class:chosen=chosen
                            data-offer=value.to_string()
                            aria-label=name
                            node_ref=first.unwrap_or_default()
                            aria-pressed=move || chosen().to_string()
                            on:click=move |_| store.controls().choose(value)
                        >
                            {text}
                        </button>
                    }
                })
                .collect_view()
        };
        // Column Yam: announce the box instead of writing the first roll in it; what that commits to is said.
        let announce_choice = move || {
            announce.then(|| {
                let on = move || picker.with(|p| p.is_some_and(|p| p.announcing));
                view! {
                    <button
                        class="offer announce"
                        class:chosen=on
                        data-offer="announce"
                        aria-pressed=move || on().to_string()
                        on:click=move |_| store.controls().choose_announcing()
                    >
                        {words.announce_offer}
                    </button>
                }
            })
        };
        let announce_note = {
            let label = label.clone();
            move || {
                let on = picker.with(|p| p.is_some_and(|p| p.announcing));
                on.then(|| view! { <p class="announce-note">{(words.announce_explained)(&label)}</p> })
            }
        };
        // The Yam sheet: cross the cell out on purpose, whatever the dice score there.
        let cross_out = move || {
            cross_out.then(|| {
                let on = move || picker.with(|p| p.is_some_and(|p| p.chosen == Some(0)));
                view! {
                    <button
                        class="offer cross-out"
                        class:chosen=on
                        data-action="cross-out"
                        aria-pressed=move || on().to_string()
                        on:click=move |_| store.controls().choose(0)
                    >
                        {words.cross_out}
                    </button>
                }
            })
        };
        // The score pad's toggles: the five-of-a-kind bonus, and (Generala) a generala made on the first roll,
        // which wins the game.
        let toggle = move |shown: bool, action: &'static str, text: String, first_roll: bool| {
            shown.then(|| {
                let on = move || {
                    picker.with(|p| p.is_some_and(|p| if first_roll { p.first_roll } else { p.bonus }))
                };
                view! {
                    <button
                        class="bonus-toggle"
                        class:chosen=on
                        data-action=action
                        aria-pressed=move || on().to_string()
                        on:click=move |_| store.controls().toggle_flag(first_roll)
                    >
                        {text}
                    </button>
                }
            })
        };
        let bonus_toggle = move || {
            let text = bonus_points.map(|extra| (words.bonus_toggle)(extra.bonus, extra.bonus_mark));
            toggle(text.is_some(), "yahtzee-bonus", text.unwrap_or_default(), false)
        };
        let first_roll_toggle = move || {
            toggle(
                first_roll_wins,
                "first-roll",
                words.first_roll_toggle.into(),
                true,
            )
        };
        Some(view! {
            <Dialog
                close=Callback::new(move |()| store.controls().cancel())
                labelled_by="picker-title"
                first=first_offer
                watched=!person.get_untracked()
            >
                <div class="picker">
                    <h2 id="picker-title">{title}</h2>
                    <JokerNote />
                    {either_when(
                        move || entering.get(),
                        move || lazy(dice_entry_part, entering),
                        move || {
                            view! {
                                <div class="offers">{announce_choice()} {buttons()} {cross_out()}</div>
                                {announce_note.clone()}
                                {bonus_toggle()}
                                {first_roll_toggle()}
                                {saved_now().map(|saved| {
                                    view! { <p class="muted" data-saves-rolls=saved.to_string()>{(words.saves_rolls)(saved)}</p> }
                                })}
                            }
                            .into_any()
                        },
                    )}
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
                                        {move || if entering.get() { words.type_value } else { words.enter_dice }}
                                    </button>
                                }
                            })}
                        <button
                            class="secondary"
                            data-action="cancel"
                            disabled=move || !person.get()
                            on:click=move |_| store.controls().cancel()
                        >
                            {words.cancel}
                        </button>
                        <button
                            class="primary"
                            data-action="confirm"
                            disabled=move || {
                                !person.get() || picker.with(|p| p.is_none_or(|p| p.chosen.is_none() && !p.announcing))
                            }
                            on:click=move |_| store.controls().confirm()
                        >
                            {words.confirm}
                        </button>
                    </div>
                </div>
            </Dialog>
        })
    }
}

/// Score pad: tap the faces rolled (five, or six for Maxi Yatzy), in any order; the last tap hands them to the
/// rules, and `entering` ends. In the score pad's chunk, which its choice of who starts fetches.
#[wasm_split_helpers::wasm_split(pad, fallible)]
fn dice_entry_part() -> Loaded<RwSignal<bool>> {
    Ok(|entering| {
        super::who_starts::add_pad_styles();
        dice_entry(entering).into_any()
    })
}

fn dice_entry(entering: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let pad_words = store.speech().words_of(i18n::pad_words);
    let entered = RwSignal::new(Vec::<u8>::new());
    let dice_count = store.table().dice_count().get_untracked();
    let tap = move |face: u8| {
        entered.update(|faces| {
            if faces.len() < dice_count {
                faces.push(face);
            }
        });
        let faces = entered.get_untracked();
        if faces.len() == dice_count
            && let Ok(dice) = Dice::from_values(&faces)
        {
            store.controls().enter_dice(dice);
            entering.set(false);
        }
    };
    view! {
        <div class="dice-entry" role="group" aria-label=(pad_words.enter_dice)(dice_count)>
            <div class="entered" aria-live="polite">
                {(0..dice_count)
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
                    aria-label=pad_words.remove_last_die
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
                                aria-label=(pad_words.a_face)(face)
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
