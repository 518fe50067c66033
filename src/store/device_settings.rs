//! How the app looks and feels on this device, and the one writer of it: the theme (the system's or one chosen),
//! and the touch and sound switches. The settings' dialog and the table's senses (`crate::feel`) read them, the
//! dialog alone writes them, so their code travels in those chunks; index.html's first script shows the theme
//! before the first paint.

use leptos::prelude::*;

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

/// The table's touch and sound on this device: a short vibration on a roll, a hold and a box (where the device
/// can; on unless switched off), the dice's sound (off unless switched on), and a shake of the phone that rolls
/// (off unless switched on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feel {
    pub vibrate: bool,
    pub sound: bool,
    pub shake: bool,
}

impl Feel {
    /// As the device keeps it: the switches that differ from the usual.
    fn read(text: &str) -> Feel {
        let said = |word: &str| text.split(' ').any(|kept| kept == word);
        Feel {
            vibrate: !said("vibrate=off"),
            sound: said("sound=on"),
            shake: said("shake=on"),
        }
    }

    fn written(self) -> String {
        let switches = [
            (!self.vibrate, "vibrate=off"),
            (self.sound, "sound=on"),
            (self.shake, "shake=on"),
        ];
        let kept: Vec<&str> = switches
            .into_iter()
            .filter(|(differs, _)| *differs)
            .map(|(_, word)| word)
            .collect();
        kept.join(" ")
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

    /// The table's touch and sound on this device.
    pub fn feel(&self) -> Feel {
        Feel::read(&self.storage.with_value(Storage::feel))
    }

    /// Keeps the table's touch and sound on this device.
    pub fn choose_feel(&self, feel: Feel, words: &crate::i18n::Words) {
        let saved = self
            .storage
            .with_value(|storage| storage.set_feel(&feel.written()));
        self.notices.report_saving(saved, words);
    }

    /// Keeps `theme` on this device and shows it at once (the page's own script resolves the system's).
    pub fn choose_theme(&self, theme: Theme, words: &crate::i18n::Words) {
        let kept = theme != Theme::System;
        let saved = self
            .storage
            .with_value(|storage| storage.set_theme(kept.then(|| theme.id())));
        self.notices.report_saving(saved, words);
        if crate::page::run_script("fivediceTheme").is_err() {
            leptos::logging::warn!("the page's theme script is missing: the theme shows after a reload");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Feel;

    #[test]
    fn the_feel_reads_back_as_written_and_a_new_device_vibrates_only() {
        assert_eq!(
            Feel::read(""),
            Feel {
                vibrate: true,
                sound: false,
                shake: false
            }
        );
        for vibrate in [false, true] {
            for sound in [false, true] {
                for shake in [false, true] {
                    let feel = Feel {
                        vibrate,
                        sound,
                        shake,
                    };
                    assert_eq!(Feel::read(&feel.written()), feel);
                }
            }
        }
        assert_eq!(
            Feel::read("vibrate=off sound=on").written(),
            "vibrate=off sound=on"
        );
    }
}
