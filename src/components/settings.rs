//! "Settings": how the app looks on this device (the theme: the system's, light or dark). The button is on the
//! start screen; the dialog is a chunk of its own, fetched when it is first opened.

use leptos::prelude::*;

use super::lazy::{Loaded, lazy};
use super::shown::shown_when;
use crate::store::{GameStore, Theme};

/// The button that opens the settings, and the dialog while open.
#[component]
pub fn Settings() -> impl IntoView {
    let words = expect_context::<GameStore>().words();
    let open = RwSignal::new(false);
    view! {
        <button type="button" class="link settings-button" data-action="settings" on:click=move |_| open.set(true)>
            {words.settings}
        </button>
        {shown_when(move || open.get(), move || lazy(settings_part, open))}
    }
}

/// The dialog (a chunk of its own).
#[wasm_split_helpers::wasm_split(settings, fallible)]
fn settings_part() -> Loaded<RwSignal<bool>> {
    Ok(|open| {
        super::lazy::add_styles("settings-styles", include_str!("../../style/settings.css"));
        settings_dialog(open).into_any()
    })
}

fn settings_dialog(open: RwSignal<bool>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let settings_words = store.speech().words_of(crate::i18n::settings_words);
    let close = move || open.set(false);
    super::close_on_escape_and_back(close);
    let theme = RwSignal::new(store.settings().theme());
    let choices = Theme::ALL.map(|choice| {
        let label = match choice {
            Theme::System => settings_words.system,
            Theme::Light => settings_words.light,
            Theme::Dark => settings_words.dark,
        };
        view! {
            <button
                type="button"
                class="tab"
                data-theme-choice=choice.id()
                aria-pressed=move || (theme.get() == choice).to_string()
                on:click=move |_| {
                    store.settings().choose_theme(choice, words);
                    theme.set(choice);
                }
            >
                {label}
            </button>
        }
    });
    view! {
        <div class="backdrop" on:click=move |_| close()>
            <div
                class="picker settings"
                role="dialog"
                aria-modal="true"
                aria-labelledby="settings-title"
                data-settings="true"
                on:click=|event| event.stop_propagation()
            >
                <header class="dialog-head">
                    <h2 id="settings-title">{words.settings}</h2>
                    <button class="secondary" data-action="close-settings" on:click=move |_| close()>
                        {words.close}
                    </button>
                </header>
                <fieldset class="setting">
                    <legend>{settings_words.theme}</legend>
                    <div class="setting-choices">{choices.into_iter().collect_view()}</div>
                </fieldset>
            </div>
        </div>
    }
}
