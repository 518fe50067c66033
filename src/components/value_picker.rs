//! The dialog that opens on a box: the values offered for it (or "Cross out"), Confirm and Cancel.

use fivedice_rules::DiceMode;
use leptos::html;
use leptos::prelude::*;

use super::player_name;
use crate::store::GameStore;

#[component]
pub fn ValuePicker() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let confirm_button = NodeRef::<html::Button>::new();
    // Focus moves into the dialog when it opens, so keyboard players land on Confirm.
    Effect::new(move |_| {
        if store.picker.with(Option::is_some)
            && let Some(button) = confirm_button.get()
        {
            let _ = button.focus();
        }
    });
    move || {
        let picker = store.picker.get()?;
        let (label, offers, seat) = store.table.with_untracked(|table| {
            let game = &table.as_ref()?.game;
            let cell = game.rules().ruleset().cell(picker.category)?;
            let offers = match game.mode() {
                DiceMode::App => picker.chosen.into_iter().collect(),
                DiceMode::Pad => game.offers(picker.category).unwrap_or_default(),
            };
            Some((cell.label, offers, game.current_seat()))
        })?;
        let title = format!("{label} — {}", player_name(store, seat));
        let buttons = offers
            .into_iter()
            .map(|value| {
                let chosen = move || store.picker.with(|p| p.is_some_and(|p| p.chosen == Some(value)));
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
                    <div class="offers">{buttons}</div>
                    <div class="picker-actions">
                        <button class="secondary" data-action="cancel" on:click=move |_| store.cancel()>
                            "Cancel"
                        </button>
                        <button
                            class="primary"
                            data-action="confirm"
                            node_ref=confirm_button
                            disabled=move || store.picker.with(|p| p.is_none_or(|p| p.chosen.is_none()))
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
