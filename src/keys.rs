//! The table's keys: Space or Enter rolls, 1 to 5 hold a die, the arrows move between the boxes the player may
//! choose, Escape closes the picker. Their handling is in the chunk fetched with the first table (`awake`); the
//! main module only keeps the keys pressed before it arrives, which it then plays in order.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::store::GameStore;

/// The keys pressed at the table before their handling arrives (none once it is here).
pub type EarlyKeys = StoredValue<Option<Vec<ev::KeyboardEvent>>, LocalStorage>;

/// Keeps the keys pressed from now (the table's first moment) until [`follow`] takes over, for as long as the
/// calling owner lives.
pub fn keep_early() -> EarlyKeys {
    let early: EarlyKeys = StoredValue::new_local(Some(Vec::new()));
    let keys = window_event_listener(ev::keydown, move |event| {
        early.update_value(|early| {
            if let Some(early) = early {
                early.push(event);
            }
        });
    });
    on_cleanup(move || keys.remove());
    early
}

/// Follows the keyboard for as long as the calling owner lives (the play screen), first playing the keys
/// pressed before (in the chunk fetched with the first table).
pub fn follow(store: GameStore, early: EarlyKeys) {
    for event in early.try_update_value(Option::take).flatten().unwrap_or_default() {
        on_key(store, event);
    }
    let keys = window_event_listener(ev::keydown, move |event| on_key(store, event));
    on_cleanup(move || keys.remove());
}

/// Space/Enter roll, 1–5 hold, arrows move between the cells a player may choose, Escape closes the picker.
fn on_key(store: GameStore, event: ev::KeyboardEvent) {
    if event.ctrl_key() || event.meta_key() || event.alt_key() {
        return;
    }
    let target = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok());
    let tag = target
        .as_ref()
        .map(|element| element.tag_name())
        .unwrap_or_default();
    if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
        return;
    }
    if store.table().picker().with_untracked(Option::is_some) {
        if event.key() == "Escape" {
            store.controls().cancel();
        }
        return;
    }
    let on_button = tag == "BUTTON";
    match event.key().as_str() {
        " " | "Enter" if !on_button => {
            event.prevent_default();
            store.controls().roll();
        }
        digit @ ("1" | "2" | "3" | "4" | "5") => {
            let die = digit.parse::<usize>().unwrap_or(1) - 1;
            if let Some(button) = query(&format!("[data-die=\"{die}\"]")) {
                button.click();
            }
        }
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
            let forward = matches!(event.key().as_str(), "ArrowDown" | "ArrowRight");
            if move_focus_between_boxes(target.as_ref(), forward) {
                event.prevent_default();
            }
        }
        _ => {}
    }
}

fn query(selector: &str) -> Option<web_sys::HtmlElement> {
    let document = web_sys::window()?.document()?;
    document.query_selector(selector).ok()??.dyn_into().ok()
}

/// Moves focus to the next (or previous) cell the current player may choose; true if it moved.
fn move_focus_between_boxes(from: Option<&web_sys::Element>, forward: bool) -> bool {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return false;
    };
    let Ok(buttons) = document.query_selector_all("button.cell-button") else {
        return false;
    };
    let buttons: Vec<web_sys::HtmlElement> = (0..buttons.length())
        .filter_map(|index| buttons.item(index)?.dyn_into().ok())
        .collect();
    if buttons.is_empty() {
        return false;
    }
    let position = from.and_then(|from| buttons.iter().position(|button| button.is_same_node(Some(from))));
    let next = match (position, forward) {
        (None, _) => 0,
        (Some(index), true) => (index + 1) % buttons.len(),
        (Some(index), false) => (index + buttons.len() - 1) % buttons.len(),
    };
    buttons[next].focus().is_ok()
}
