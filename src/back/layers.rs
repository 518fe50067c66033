//! The layers open over the start screen and the browser's history (the `back` chunk): each layer an entry
//! whose state is its depth. Back closes the layer on top; a layer closed from inside the app takes its entry
//! back off; Forward opens again a table that Back closed. A reload lands on the entry it was on, which the
//! first layer opened then takes over.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;

use super::Change;

struct Layer {
    id: u64,
    close: Rc<dyn Fn()>,
    /// How Forward opens it again once Back closed it, if it can.
    reopen: Option<Rc<dyn Fn()>>,
}

#[derive(Default)]
struct Stack {
    open: Vec<Layer>,
    /// The layers Back closed that Forward opens again, with their depths, the last closed last.
    closed: Vec<(usize, Rc<dyn Fn()>)>,
    /// How many popstates this module caused itself (a layer closed from inside the app), to let pass.
    skip: u32,
    /// The current entry is a layer's (a reload, or Forward): the next layer takes it instead of adding one.
    adopt: bool,
    /// Layers closed before their opening reached this chunk (both wait for it): never to open.
    closed_early: Vec<u64>,
    /// The newest layer opened (ids grow).
    last_opened: u64,
    /// A layer has opened in this page's life.
    used: bool,
}

thread_local! {
    static STACK: RefCell<Stack> = RefCell::new(Stack::default());
}

fn history() -> Option<web_sys::History> {
    web_sys::window()?.history().ok()
}

/// The depth an entry's state names (0: the start screen, or an entry from before this module).
fn depth_of(state: &JsValue) -> usize {
    state.as_f64().map_or(0, |depth| depth as usize)
}

fn current_depth() -> usize {
    history()
        .and_then(|history| history.state().ok())
        .map_or(0, |state| depth_of(&state))
}

/// Writes the current entry (`replace`) or a new one with `depth`, at the app's plain address (a launch address
/// is never an entry above the start screen, and the start screen's is forgotten once a layer opens on it).
fn write_entry(depth: usize, replace: bool) {
    let Some(window) = web_sys::window() else { return };
    let (Some(history), Ok(path)) = (history(), window.location().pathname()) else {
        return;
    };
    let state = JsValue::from_f64(depth as f64);
    let written = match replace {
        true => history.replace_state_with_url(&state, "", Some(&path)),
        false => history.push_state_with_url(&state, "", Some(&path)),
    };
    if written.is_err() {
        leptos::logging::warn!("the browser's history did not take a layer: Back may leave the app");
    }
}

/// A layer opened, or closed from inside the app.
pub(super) fn changed(change: Change) {
    match change {
        Change::Opened(id, close, reopen) => open(id, close, reopen),
        Change::Closed(id) => closed_inside(id),
        Change::Moved(state) => moved_to(depth_of(&state)),
    }
}

/// Opens layer `id`: Back runs `close`; `reopen`, if given, lets Forward open it again after that.
fn open(id: u64, close: Rc<dyn Fn()>, reopen: Option<Rc<dyn Fn()>>) {
    first_use();
    STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        if let Some(at) = stack.closed_early.iter().position(|early| *early == id) {
            stack.closed_early.remove(at);
            return;
        }
        let depth = stack.open.len() + 1;
        if std::mem::take(&mut stack.adopt) {
            write_entry(depth, true);
        } else {
            if stack.open.is_empty() {
                write_entry(0, true);
            }
            write_entry(depth, false);
            // A new entry drops the ones Forward would have gone to.
            stack.closed.clear();
        }
        stack.last_opened = id;
        stack.open.push(Layer { id, close, reopen });
    });
}

/// Layer `id` closed from inside the app (its own button, a choice made): its entry goes if it is the top one.
fn closed_inside(id: u64) {
    let back = STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        let Some(at) = stack.open.iter().position(|layer| layer.id == id) else {
            // Back closed it, and took its entry with it; or it closes before it opened.
            if id > stack.last_opened {
                stack.closed_early.push(id);
            }
            return false;
        };
        let top = at + 1 == stack.open.len();
        stack.open.remove(at);
        let on_its_entry = top && current_depth() == at + 1;
        if on_its_entry {
            stack.skip += 1;
        }
        on_its_entry
    });
    if back && history().is_none_or(|history| history.back().is_err()) {
        STACK.with(|stack| stack.borrow_mut().skip = 0);
    }
}

/// The first layer of the page's life: loaded on a layer's entry (a reload), it takes that entry.
fn first_use() {
    STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        stack.adopt |= !stack.used && current_depth() > 0;
        stack.used = true;
    });
}

/// The browser moved to an entry of `depth`: Back closes the layers above it; Forward opens again a table Back
/// closed, or else goes back where the app is.
fn moved_to(depth: usize) {
    let own = STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        stack.adopt = false;
        let own = stack.skip > 0;
        stack.skip = stack.skip.saturating_sub(1);
        own
    });
    if own {
        return;
    }
    loop {
        let next = STACK.with(|stack| {
            let mut stack = stack.borrow_mut();
            let open = stack.open.len();
            if depth < open {
                let layer = stack.open.pop().map(|layer| {
                    if let Some(reopen) = layer.reopen.clone() {
                        stack.closed.push((open, reopen));
                    }
                    layer.close
                });
                return layer.map_or(Step::Done, Step::Close);
            }
            if depth > open {
                if let Some(at) = stack.closed.iter().rposition(|(closed, _)| *closed == depth) {
                    let (_, reopen) = stack.closed.remove(at);
                    stack.adopt = true;
                    return Step::Reopen(reopen);
                }
                stack.skip += 1;
                return Step::GoBack;
            }
            Step::Done
        });
        match next {
            Step::Close(close) => close(),
            Step::Reopen(reopen) => return reopen(),
            Step::GoBack => {
                if history().is_none_or(|history| history.back().is_err()) {
                    STACK.with(|stack| stack.borrow_mut().skip = 0);
                }
                return;
            }
            Step::Done => return,
        }
    }
}

enum Step {
    Close(Rc<dyn Fn()>),
    Reopen(Rc<dyn Fn()>),
    GoBack,
    Done,
}
