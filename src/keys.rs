//! The table's keys: Space or Enter rolls, 1 to 5 hold a die; the arrows move between the dice, between the
//! turn's tools (left and right) and between the boxes the player may choose (Home and End to the first and
//! last), and from elsewhere to the sheet; Escape closes the picker. Each of those groups is one tab stop. Their handling is in the chunk fetched with the first table (`awake`); the
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
    // A die or a box focused (by a tap, Tab or the arrows) becomes its group's tab stop.
    let focused = window_event_listener(ev::focusin, |event| {
        let target = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok());
        crate::focus::one_stop_in_each_group(target.as_ref());
    });
    // An undo sends the focus to the box it gives back.
    let undone = window_event_listener(ev::click, |event| {
        let target = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok());
        if let Some(undo) = target.and_then(|target| target.closest("[data-action=\"undo\"]").ok().flatten())
        {
            crate::focus::give_back_box(&undo);
        }
    });
    on_cleanup(move || {
        keys.remove();
        focused.remove();
        undone.remove();
    });
    // Whatever the table does, the keyboard's focus stays where a person can act (never on the page's body).
    let picker = store.table().picker();
    Effect::new(move |_| {
        store.table().track();
        picker.track();
        crate::focus::keep_at_table();
    });
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
        key @ ("ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End") => {
            let step = match key {
                "ArrowDown" | "ArrowRight" => Step::Next,
                "ArrowUp" | "ArrowLeft" => Step::Previous,
                "Home" => Step::First,
                _ => Step::Last,
            };
            let on = |selector| {
                target
                    .as_ref()
                    .is_some_and(|target| target.matches(selector).unwrap_or(false))
            };
            let tools = crate::focus::Group::Tools.selector();
            // The arrows move within the dice, the turn's tools or the sheet; from anywhere else they go to the
            // sheet.
            let moved = match step {
                _ if on("[data-die]") => move_focus(target.as_ref(), "[data-die]:not(.blank)", step),
                _ if on("button.cell-button") => move_focus(target.as_ref(), "button.cell-button", step),
                // A row of tools: left and right (and the ends) move along it; up and down stay.
                _ if on(tools) => {
                    !matches!(key, "ArrowUp" | "ArrowDown") && move_focus(target.as_ref(), tools, step)
                }
                Step::Next | Step::Previous => move_focus(None, "button.cell-button", Step::First),
                Step::First | Step::Last => false,
            };
            if moved {
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

/// Where the arrows and Home and End move the focus to, among the controls of one group.
#[derive(Clone, Copy)]
enum Step {
    Next,
    Previous,
    First,
    Last,
}

/// Moves the focus from `from` one `step` among the controls that match `selector` (from none: to the first);
/// true if it moved. The ends do not wrap round.
fn move_focus(from: Option<&web_sys::Element>, selector: &str, step: Step) -> bool {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return false;
    };
    let Ok(found) = document.query_selector_all(selector) else {
        return false;
    };
    let group: Vec<web_sys::Element> = crate::focus::listed(&found);
    let Some(last) = group.len().checked_sub(1) else {
        return false;
    };
    let position = from.and_then(|from| group.iter().position(|control| control.is_same_node(Some(from))));
    let to = match (position, step) {
        (None, _) | (_, Step::First) => 0,
        (_, Step::Last) => last,
        (Some(at), Step::Next) => (at + 1).min(last),
        (Some(at), Step::Previous) => at.saturating_sub(1),
    };
    crate::focus::take(&group[to])
}
