//! A tablet lying on the table stays awake while a game is in progress: the Screen Wake Lock, where the
//! browser has it (read through `js_sys::Reflect`, so a browser without it is simply left alone). The browser
//! drops the lock when the page is hidden; it is asked for again when the page shows, and let go at game over.
//! Its handling is a chunk of its own (`awake`), fetched with the first table: the start screen never needs it.
//! The table's keys (`crate::keys`) and its touch and sound (`crate::feel`) come with it.

use js_sys::{Function, Promise, Reflect};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Holds the screen awake while `playing` reads true and the page is visible (for the calling view's life,
/// from when the chunk is here); the keys pressed meanwhile (`early_keys`) are played then.
pub fn keep_awake_while(playing: Signal<bool>, early_keys: crate::keys::EarlyKeys) {
    let (owner, alive) = (Owner::current(), StoredValue::new(()));
    leptos::task::spawn_local(async move {
        match awake_part().await {
            Ok(keep) => {
                if let Some(owner) = owner.filter(|_| alive.try_get_value().is_some()) {
                    owner.with(|| keep(playing, early_keys));
                }
            }
            Err(_) => leptos::logging::warn!("the awake chunk could not be fetched: the screen may sleep"),
        }
    });
}

#[wasm_split_helpers::wasm_split(awake, fallible)]
fn awake_part() -> Result<fn(Signal<bool>, crate::keys::EarlyKeys), wasm_split_helpers::SplitLoaderError> {
    Ok(keep_awake)
}

fn keep_awake(playing: Signal<bool>, early_keys: crate::keys::EarlyKeys) {
    let store = expect_context::<crate::store::GameStore>();
    crate::feel::follow(store);
    crate::keys::follow(store, early_keys);
    let sentinel = StoredValue::new_local(None::<JsValue>);
    let visible = RwSignal::new(page_visible());
    let listener = window_event_listener_untyped("visibilitychange", move |_| visible.set(page_visible()));
    Effect::new(move |_| {
        if playing.get() && visible.get() {
            acquire(sentinel);
        } else {
            release(sentinel);
        }
    });
    on_cleanup(move || {
        listener.remove();
        release(sentinel);
    });
}

fn page_visible() -> bool {
    document().visibility_state() == web_sys::VisibilityState::Visible
}

/// `navigator.wakeLock.request("screen")`, or `None` where the browser has no wake lock.
fn request_screen_lock() -> Option<Promise> {
    let wake_lock = Reflect::get(&window().navigator(), &"wakeLock".into()).ok()?;
    if wake_lock.is_undefined() || wake_lock.is_null() {
        return None;
    }
    let request: Function = Reflect::get(&wake_lock, &"request".into())
        .ok()?
        .dyn_into()
        .ok()?;
    request.call1(&wake_lock, &"screen".into()).ok()?.dyn_into().ok()
}

fn acquire(sentinel: StoredValue<Option<JsValue>, LocalStorage>) {
    if sentinel.with_value(Option::is_some) {
        return;
    }
    let Some(request) = request_screen_lock() else {
        return;
    };
    leptos::task::spawn_local(async move {
        match JsFuture::from(request).await {
            Ok(lock) => sentinel.set_value(Some(lock)),
            // Refused (battery saver, no user gesture yet): the screen may sleep; nothing else changes.
            Err(_) => leptos::logging::log!("the screen may sleep: the wake lock was refused"),
        }
    });
}

fn release(sentinel: StoredValue<Option<JsValue>, LocalStorage>) {
    let Some(lock) = sentinel.try_update_value(Option::take).flatten() else {
        return;
    };
    let released = Reflect::get(&lock, &"release".into())
        .ok()
        .and_then(|release| release.dyn_into::<Function>().ok())
        .map(|release| release.call0(&lock));
    if !matches!(released, Some(Ok(_))) {
        leptos::logging::warn!("the wake lock could not be released: the browser drops it with the page");
    }
}
