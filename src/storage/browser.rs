//! The browser's side of the storage: its stores, and whether this page is a reload.

use super::{Backend, WriteRefused};

/// One of the browser's stores: localStorage, or sessionStorage for what lasts one visit. Values are kept as
/// the exact text written (saved data that cannot be read must stay byte for byte as it was).
pub(super) struct BrowserStore(web_sys::Storage);

impl BrowserStore {
    /// The store, if this browser lets the page have one (some private modes do not, or throw on asking).
    pub(super) fn open(
        which: impl FnOnce(&web_sys::Window) -> Result<Option<web_sys::Storage>, wasm_bindgen::JsValue>,
    ) -> Option<Box<dyn Backend>> {
        let store = which(&web_sys::window()?).ok().flatten()?;
        Some(Box::new(BrowserStore(store)))
    }
}

impl Backend for BrowserStore {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok().flatten()
    }

    fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
        self.0.set_item(key, value).map_err(|_| WriteRefused)
    }

    fn remove(&self, key: &str) {
        if self.0.remove_item(key).is_err() {
            leptos::logging::warn!("{key} could not be removed from the browser's storage");
        }
    }

    fn keys(&self) -> Vec<String> {
        let length = self.0.length().unwrap_or(0);
        (0..length)
            .filter_map(|index| self.0.key(index).ok().flatten())
            .collect()
    }
}

/// Whether the browser loaded this page as a reload (`performance`'s navigation entry says so).
pub(super) fn page_reloaded() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let entries = js_sys::Reflect::get(&window, &"performance".into())
        .and_then(|performance| {
            let entries = js_sys::Reflect::get(&performance, &"getEntriesByType".into())?;
            js_sys::Function::from(entries).call1(&performance, &"navigation".into())
        })
        .map(|entries| js_sys::Array::from(&entries));
    let kind = entries.and_then(|entries| js_sys::Reflect::get(&entries.get(0), &"type".into()));
    kind.ok().and_then(|kind| kind.as_string()).as_deref() == Some("reload")
}
