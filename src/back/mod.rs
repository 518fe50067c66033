//! Back and Forward as phone apps have them. Each layer the app opens over the start screen (a table, a room's
//! lobby, a dialog) is an entry of the browser's history: Back closes the layer on top, so the app is never left
//! from inside it, and Forward opens again a table Back closed. The history's handling is a chunk of its own
//! (`back`, [`layers`]), fetched when the first layer opens: the start screen never needs it.

mod layers;

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::on_cleanup;
use wasm_split_helpers::SplitLoaderError;

thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// What happens to a layer, as the chunk hears it.
enum Change {
    /// Opened: Back runs the first, and Forward the second (if any) once Back closed it.
    Opened(u64, Rc<dyn Fn()>, Option<Rc<dyn Fn()>>),
    /// Closed from inside the app.
    Closed(u64),
    /// The browser moved to the entry of this state (Back or Forward), heard as soon as a layer opened: a Back
    /// pressed before the chunk is here is not lost.
    Moved(wasm_bindgen::JsValue),
}

/// Opens a layer for as long as the calling owner lives (a component, an effect's run): Back runs `close`;
/// `reopen`, if given, lets Forward open it again after that.
pub fn layer(close: impl Fn() + 'static, reopen: Option<Rc<dyn Fn()>>) {
    if !LISTENING.with(|listening| listening.replace(true)) {
        // Kept for the page's life: the listener is never removed.
        std::mem::forget(leptos::prelude::window_event_listener(
            leptos::ev::popstate,
            |event| {
                tell(Change::Moved(event.state()));
            },
        ));
    }
    let id = NEXT_ID.with(|next| {
        next.set(next.get() + 1);
        next.get()
    });
    tell(Change::Opened(id, Rc::new(close), reopen));
    on_cleanup(move || tell(Change::Closed(id)));
}

/// Tells the chunk, once it is here (at once after the first time).
fn tell(change: Change) {
    leptos::task::spawn_local(async move {
        match layers_part().await {
            Ok(changed) => changed(change),
            Err(_) => leptos::logging::warn!("the back chunk could not be fetched: Back may leave the app"),
        }
    });
}

#[wasm_split_helpers::wasm_split(back, fallible)]
fn layers_part() -> Result<fn(Change), SplitLoaderError> {
    Ok(layers::changed)
}
