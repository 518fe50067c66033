//! The page's own objects and scripts, reached by name through `js_sys::Reflect`: web-sys's bindings for them
//! would weigh on every first visit's script, though few parts use them (the dice's sound and vibration, the
//! theme and the table's styles that index.html's scripts keep).

use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue};

/// `target.method(args…)` (up to two arguments).
pub fn call(target: &JsValue, method: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let method: js_sys::Function = Reflect::get(target, &method.into())?.dyn_into()?;
    match args {
        [] => method.call0(target),
        [first] => method.call1(target, first),
        [first, second, ..] => method.call2(target, first, second),
    }
}

/// Runs `name()`, a function of index.html's own scripts: its answer, or why it could not run.
pub fn run_script(name: &str) -> Result<JsValue, JsValue> {
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    call(&window, name, &[])
}

/// Asks index.html's script for the table's styles (play.css, fetched once): the promise of their arrival (or
/// failure), or `None` where the page has no such script (said in the console).
pub fn ask_table_styles() -> Option<js_sys::Promise> {
    match run_script("fivedicePlay") {
        Ok(arriving) => Some(arriving.into()),
        Err(_) => {
            leptos::logging::warn!("the page's script for the table's styles is missing");
            None
        }
    }
}

/// Whether the page matches a media query now (`false` where it cannot say).
pub fn media_matches(query: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    call(&window, "matchMedia", &[query.into()])
        .and_then(|list| Reflect::get(&list, &"matches".into()))
        .is_ok_and(|matches| matches.is_truthy())
}

/// The replay link in the page's address (`…#replay=<payload>`), if it is one: its fragment, which never
/// reaches a server.
pub fn replay_in_address() -> Option<String> {
    let fragment = web_sys::window()?.location().hash().ok()?;
    fragment.contains("replay=").then_some(fragment)
}

/// Takes the replay's fragment out of the address (its history entry's state kept), once the player goes on
/// to the app: a reload then opens the app, not the replay again.
pub fn forget_replay_address() {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let (Ok(path), Ok(query)) = (location.pathname(), location.search()) else {
        return;
    };
    let forgotten = window.history().and_then(|history| {
        let state = history.state()?;
        history.replace_state_with_url(&state, "", Some(&format!("{path}{query}")))
    });
    if forgotten.is_err() {
        leptos::logging::warn!("the replay's address could not be replaced: a reload shows the replay again");
    }
}

/// The step a replay's address names (`…#replay=<payload>&step=<n>`), kept there as the player steps so that a
/// reload shows the same step.
pub fn replay_step_in_address() -> Option<usize> {
    let fragment = web_sys::window()?.location().hash().ok()?;
    fragment
        .split('&')
        .find_map(|part| part.strip_prefix("step=")?.parse().ok())
}

/// Writes the replay's step into the address (its history entry replaced, not added: Back still leaves the
/// replay at once).
pub fn keep_replay_step(step: usize) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let (Ok(path), Ok(query), Ok(fragment)) = (location.pathname(), location.search(), location.hash())
    else {
        return;
    };
    let mut parts: Vec<&str> = fragment
        .split('&')
        .filter(|part| !part.starts_with("step="))
        .collect();
    let named = format!("step={step}");
    if step > 0 {
        parts.push(&named);
    }
    let address = format!("{path}{query}{}", parts.join("&"));
    let kept = window.history().and_then(|history| {
        let state = history.state()?;
        history.replace_state_with_url(&state, "", Some(&address))
    });
    if kept.is_err() {
        leptos::logging::warn!("the replay's step could not be kept in the address");
    }
}
