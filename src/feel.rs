//! How a table feels in the hand: a short vibration when a person at this device rolls, holds a die or writes a
//! box, where the device can; the dice's sound, made in the page (no audio file); and a shake of the phone that
//! rolls. Each as the device's settings say (`Feel`). It follows the table from the chunk fetched with the first
//! table (`awake`, with the screen's wake lock): the start screen never needs it.

use fivedice_rules::Turn;
use js_sys::Reflect;
use leptos::prelude::*;
use wasm_bindgen::{JsCast as _, JsValue};

use crate::page::call;
use crate::store::{Feel, GameStore, LastWritten, Reading as _};

/// What just happened at the table, as the hand feels it.
#[derive(Clone, Copy, PartialEq)]
enum Moment {
    Roll,
    Hold,
    Written,
}

/// Follows the open table for as long as the calling owner lives (the play screen).
pub fn follow(store: GameStore) {
    let feel = store.settings().feel();
    let (turn, written, current) = (
        store.table().turn(),
        store.table().last_written(),
        store.table().current_seat(),
    );
    let played_here = store.table().played_here();
    let sound = StoredValue::new_local(None::<JsValue>);
    let before = StoredValue::new((
        turn.get_untracked(),
        written.get_untracked(),
        current.get_untracked(),
    ));
    Effect::new(move |_| {
        let now = (turn.get(), written.get(), current.get());
        let (was, had, seat) = before.get_value();
        before.set_value(now);
        if let Some(moment) = moment(&was, &now.0, had, now.1, seat, played_here) {
            feel_it(feel, moment, sound);
        }
    });
    roll_on_shake(store);
}

/// The moment between two states of the table, if a person at this device made it: `seat` played the turn
/// `was`; a box taken back is no moment.
fn moment(
    was: &Turn,
    now: &Turn,
    had: Option<LastWritten>,
    written: Option<LastWritten>,
    seat: Option<usize>,
    played_here: impl Fn(usize) -> bool,
) -> Option<Moment> {
    let (moment, by) = match written {
        Some(written) if had.is_none_or(|had| written.entry > had.entry) => {
            (Moment::Written, Some(written.seat))
        }
        _ if now.rolls_used > was.rolls_used => (Moment::Roll, seat),
        _ if now.dice.is_some() && now.dice == was.dice && now.held != was.held => (Moment::Hold, seat),
        _ => return None,
    };
    by.filter(|&seat| played_here(seat)).map(|_| moment)
}

fn feel_it(feel: Feel, moment: Moment, sound: StoredValue<Option<JsValue>, LocalStorage>) {
    if feel.vibrate {
        let buzz = match moment {
            Moment::Roll => 30,
            Moment::Hold => 12,
            Moment::Written => 20,
        };
        // Where the device cannot, there is no `vibrate`, or it says false: nothing else to do.
        let _ = call(&window().navigator(), "vibrate", &[buzz.into()]);
    }
    if feel.sound
        && let Err(error) = play(moment, sound)
    {
        leptos::logging::warn!("the dice's sound could not be made: {error:?}");
    }
}

/// The dice's sound, made in the page: four clacks of dice landing for a roll, one click for a hold, two for a
/// box written.
fn play(moment: Moment, sound: StoredValue<Option<JsValue>, LocalStorage>) -> Result<(), JsValue> {
    if sound.with_value(Option::is_none) {
        let audio: js_sys::Function = Reflect::get(&window(), &"AudioContext".into())?.dyn_into()?;
        sound.set_value(Some(Reflect::construct(&audio, &js_sys::Array::new())?));
    }
    let Some(context) = sound.get_value() else {
        return Ok(());
    };
    let clacks: &[(f64, f64)] = match moment {
        Moment::Roll => &[(0.0, 240.0), (0.06, 310.0), (0.13, 200.0), (0.21, 280.0)],
        Moment::Hold => &[(0.0, 520.0)],
        Moment::Written => &[(0.0, 440.0), (0.09, 660.0)],
    };
    let start = Reflect::get(&context, &"currentTime".into())?
        .as_f64()
        .unwrap_or(0.0);
    let destination = Reflect::get(&context, &"destination".into())?;
    for &(after, pitch) in clacks {
        let (tone, loudness) = (
            call(&context, "createOscillator", &[])?,
            call(&context, "createGain", &[])?,
        );
        Reflect::set(&tone, &"type".into(), &"triangle".into())?;
        Reflect::set(
            &Reflect::get(&tone, &"frequency".into())?,
            &"value".into(),
            &pitch.into(),
        )?;
        let (at, gain) = (start + after, Reflect::get(&loudness, &"gain".into())?);
        call(&gain, "setValueAtTime", &[0.35.into(), at.into()])?;
        call(
            &gain,
            "exponentialRampToValueAtTime",
            &[0.001.into(), (at + 0.05).into()],
        )?;
        call(&tone, "connect", std::slice::from_ref(&loudness))?;
        call(&loudness, "connect", std::slice::from_ref(&destination))?;
        call(&tone, "start", &[at.into()])?;
        call(&tone, "stop", &[(at + 0.06).into()])?;
    }
    Ok(())
}

/// A shake of the phone rolls, where a person here may roll and the device's settings say so (read at each jolt:
/// switched on while the table is open, it works at once): a jolt well above gravity's pull, once a second at
/// most.
fn roll_on_shake(store: GameStore) {
    let can_roll = store.table().can_roll();
    let last = StoredValue::new(f64::NEG_INFINITY);
    let listener = window_event_listener_untyped("devicemotion", move |event| {
        let pull = |axis: &str| {
            Reflect::get(event.as_ref(), &"accelerationIncludingGravity".into())
                .and_then(|acceleration| Reflect::get(&acceleration, &axis.into()))
                .ok()
                .and_then(|value| value.as_f64())
                .unwrap_or(0.0)
        };
        let jolt = (pull("x").powi(2) + pull("y").powi(2) + pull("z").powi(2)).sqrt();
        let now = js_sys::Date::now();
        if jolt > SHAKE
            && now - last.get_value() > 1_000.0
            && can_roll.get_untracked()
            && store.settings().feel().shake
        {
            last.set_value(now);
            store.controls().roll();
        }
    });
    on_cleanup(move || listener.remove());
}

/// A shake, in m/s² with gravity: over twice its pull.
const SHAKE: f64 = 25.0;
