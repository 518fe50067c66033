//! "Settings": how the app looks on this device (the theme: the system's, light or dark). The button is on the
//! start screen; the dialog is a chunk of its own, fetched when it is first opened.

use leptos::prelude::*;

use super::dialog::Dialog;
use super::lazy::{Loaded, lazy};
use super::shown::shown_when;
use wasm_bindgen::JsCast as _;
use wasm_bindgen_futures::JsFuture;

use crate::store::{Feel, GameStore, Theme};

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
    crate::back::layer(close, None);
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
        <Dialog close=Callback::new(move |()| close()) labelled_by="settings-title">
            <div class="picker settings" data-settings="true">
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
                <fieldset class="setting">
                    <legend>{settings_words.touch}</legend>
                    {switch("vibrate", settings_words.vibrate, |feel| feel.vibrate, |feel, on| feel.vibrate = on)}
                    {switch("sound", settings_words.sound, |feel| feel.sound, |feel, on| feel.sound = on)}
                    {switch("shake", settings_words.shake, |feel| feel.shake, |feel, on| feel.shake = on)}
                </fieldset>
            </div>
        </Dialog>
    }
}

/// One of the touch and sound switches, kept on the device as soon as it is flipped. Shake to roll asks the
/// browser to read the device's motion where it asks first (on this tap), and stays off where it is refused.
fn switch(
    id: &'static str,
    label: &'static str,
    read: fn(&Feel) -> bool,
    write: fn(&mut Feel, bool),
) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let on = RwSignal::new(read(&store.settings().feel()));
    // While the browser asks whether the device's motion may be read, the switch waits.
    let asking = RwSignal::new(false);
    let keep = move |wanted: bool| {
        let mut feel = store.settings().feel();
        write(&mut feel, wanted);
        store.settings().choose_feel(feel, words);
        on.set(wanted);
    };
    view! {
        <label class="setting-switch">
            <input
                type="checkbox"
                data-setting=id
                prop:checked=move || on.get()
                disabled=move || asking.get()
                on:change=move |event| {
                    let wanted = event_target_checked(&event);
                    match (id, motion_permission()) {
                        ("shake", Some(asked)) if wanted => {
                            asking.set(true);
                            leptos::task::spawn_local(async move {
                                let granted = JsFuture::from(asked).await.ok().and_then(|answer| answer.as_string());
                                asking.set(false);
                                match granted.as_deref() {
                                    Some("granted") => keep(true),
                                    _ => {
                                        keep(false);
                                        store.tell(store.speech().words_of(crate::i18n::settings_words).shake_refused);
                                    }
                                }
                            });
                        }
                        _ => keep(wanted),
                    }
                }
            />
            " "
            {label}
        </label>
    }
}

/// `DeviceMotionEvent.requestPermission()`, where the browser asks before a page reads the device's motion
/// (Safari on iPhone and iPad); none where it does not ask.
fn motion_permission() -> Option<js_sys::Promise> {
    let motion = js_sys::Reflect::get(&window(), &"DeviceMotionEvent".into()).ok()?;
    let request = js_sys::Reflect::get(&motion, &"requestPermission".into()).ok()?;
    let request: js_sys::Function = request.dyn_into().ok()?;
    request.call0(&motion).ok()?.dyn_into().ok()
}
