//! When something happened, as the player's language writes it.

use crate::i18n::Words;

/// A date and time for people, as the language writes it: "2026-11-29 18:05", "29/11/2026 18:05".
pub fn when(words: &Words, ms: f64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    (words.date_time)(
        date.get_full_year() as i32,
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes(),
    )
}
