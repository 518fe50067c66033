//! How the app looks on this device, and the one writer of it: the theme, the system's or one chosen. Only the
//! settings' dialog reads and writes it, so its code travels in that dialog's chunk; index.html's first script
//! shows the theme before the first paint.

use leptos::prelude::*;
use wasm_bindgen::JsCast as _;

use crate::storage::Storage;

use super::notices::Notices;

/// The theme a device shows: the system's (light or dark, followed as it changes), or one chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// As the UI hooks and the stored choice name it.
    pub fn id(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

#[derive(Clone, Copy)]
pub struct DeviceSettings {
    storage: StoredValue<Storage, LocalStorage>,
    notices: Notices,
}

impl DeviceSettings {
    pub(super) fn new(storage: StoredValue<Storage, LocalStorage>, notices: Notices) -> DeviceSettings {
        DeviceSettings { storage, notices }
    }

    /// The theme chosen on this device.
    pub fn theme(&self) -> Theme {
        let chosen = self.storage.with_value(Storage::theme);
        Theme::ALL
            .into_iter()
            .find(|theme| *theme != Theme::System && Some(theme.id()) == chosen.as_deref())
            .unwrap_or(Theme::System)
    }

    /// Keeps `theme` on this device and shows it at once (the page's own script resolves the system's).
    pub fn choose_theme(&self, theme: Theme, words: &crate::i18n::Words) {
        let kept = theme != Theme::System;
        let saved = self
            .storage
            .with_value(|storage| storage.set_theme(kept.then(|| theme.id())));
        self.notices.report_saving(saved, words);
        let shown = web_sys::window()
            .and_then(|window| js_sys::Reflect::get(&window, &"fivediceTheme".into()).ok())
            .and_then(|show| show.dyn_into::<js_sys::Function>().ok())
            .map(|show| show.call0(&wasm_bindgen::JsValue::NULL));
        if !matches!(shown, Some(Ok(_))) {
            leptos::logging::warn!("the page's theme script is missing: the theme shows after a reload");
        }
    }
}
