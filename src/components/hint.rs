//! The hint: one tap asks the strategy engine for the best keep or the best cell, and shows the top options
//! side by side in plain words, with the dice to keep (or the cell to take) highlighted.

use fivedice_rules::DiceMode;
use leptos::prelude::*;

use super::hint_shown::{Aim, HintShown, HintState};
use super::lazy::{Loaded, lazy, lazy_when};
use super::odds::aims_part;
use crate::engine::{Answer, Engine, EngineError};
use crate::i18n;
use crate::i18n::decimals;
use crate::store::GameStore;
use crate::store::Reading as _;

#[component]
pub fn HintPanel() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let shown = expect_context::<HintShown>();
    let available = store.table().hint_available();
    // A score pad's turn played here, its dice not entered yet (the game going on: the turn shows): the hint
    // waits for them, which a box's picker takes.
    let (mode, turn, plays_here) = (
        store.table().mode(),
        store.table().turn(),
        store.table().plays_here(),
    );
    let awaits_dice = move || {
        mode.get() == Some(DiceMode::Pad) && plays_here.get() && turn.with(|turn| turn.dice.is_none())
    };
    let situation = store.table().situation();
    let several = store.table().odds_available();
    let odds_shown = store.table().odds_shown();
    let ask = move || {
        let asked = shown.asked;
        let answered = move |situation, answer| {
            asked.set(Some(match answer {
                Ok(Answer::Advice(options)) => HintState::Ready(situation, options),
                Ok(_) => HintState::Failed(situation, EngineError::WrongAnswer),
                Err(error) => HintState::Failed(situation, error),
            }));
        };
        match shown.aim.get_untracked() {
            Aim::Win if several.get_untracked() => store.advisor().advise_to_win(answered),
            _ => store.advisor().advise(answered),
        }
        if let Some(situation) = situation.get_untracked() {
            // The answer may already be in (a worker that is ready answers fast): never hide it again.
            asked.update(|state| {
                if state.as_ref().is_none_or(|state| state.situation() != situation) {
                    *state = Some(HintState::Asking(situation));
                }
            });
        }
    };
    // A hint on screen is asked again for its new aim.
    Effect::new(move |previous: Option<Aim>| {
        let aim = shown.aim.get();
        if previous.is_some_and(|previous| previous != aim) {
            ask();
        }
        aim
    });
    view! {
        <div class="hint-area">
            // At a table of several, hints can play for the win instead: the choice shows with a hint, with the
            // chances to win, and wherever it was made (it is a chunk of its own, with the chances).
            <Show when=move || {
                several.get()
                    && (shown.current().is_some() || odds_shown.get() || shown.aim.get() == Aim::Win)
            }>
                {lazy(aims_part, ())}
            </Show>
            <button class="hint-button" data-action="hint" disabled=move || !available.get() on:click=move |_| ask()>
                {words.hint}
            </button>
            <p class="hint-needs-dice">{move || if awaits_dice() { words.hint_needs_dice } else { "" }}</p>
            {lazy_when(move || shown.current().is_some(), hint_part, ())}
        </div>
    }
}

/// The hint on screen: being worked out, the options, or why not (in the engine's chunk, which the hint's
/// question fetches anyway).
#[wasm_split_helpers::wasm_split(engine, fallible)]
fn hint_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("advice-styles", ADVICE_STYLES);
        hint().into_any()
    })
}

/// The styles of the engine's advice (the hint, the coach's verdicts, the perfect game's answer), added with each
/// chunk that shows it (a constant, so each chunk has its copy and the first download none).
pub const ADVICE_STYLES: &str = include_str!("../../style/advice.css");

fn hint() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let hint_words = store.speech().words_of(i18n::hint_words);
    let language = store.speech().language().get_untracked();
    let engine = expect_context::<Engine>();
    let shown = expect_context::<HintShown>();
    let rules = store.table().rules();
    let total = store.table().current_total();
    // The answer, once in, is brought into view in the turn's panel (which scrolls on a small screen).
    let seen_when_ready = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(hint) = seen_when_ready.get() {
            let nearest = web_sys::ScrollIntoViewOptions::new();
            nearest.set_block(web_sys::ScrollLogicalPosition::Nearest);
            hint.scroll_into_view_with_scroll_into_view_options(&nearest);
        }
    });
    move || match shown.current() {
        None => ().into_any(),
        Some(HintState::Asking(_)) => {
            let (done, total) = engine.progress.get().unwrap_or((0, 1));
            view! {
                <div class="hint" data-hint="working" aria-live="polite">
                    <span>{words.working_out}</span>
                    <progress max=total.to_string() value=done.to_string()></progress>
                </div>
            }
            .into_any()
        }
        Some(HintState::Failed(_, error)) => {
            view! { <div class="hint error" data-hint="failed">{(words.engine_failed)(&error)}</div> }
                .into_any()
        }
        Some(HintState::Ready(_, options)) => {
            let total = f64::from(total.get());
            let rules = rules.get();
            // Which estimate, where the engine does not play exactly: column Yam's, or Maxi Yatzy's.
            let estimate = rules
                .filter(|rules| !fivedice_worker::solves_exactly(*rules))
                .map(|rules| usize::from(rules.ruleset().saves_rolls));
            let best = options.first().map_or(0.0, |option| option.expected_remaining);
            let chances: Vec<f64> = options.iter().take(3).filter_map(|option| option.win).collect();
            let places = chance_places(&chances, |chance, places| words.chance(chance, places));
            let labels = rules.map(|rules| {
                options
                    .iter()
                    .take(3)
                    .enumerate()
                    .map(|(rank, option)| {
                        let play = words.describe(rules, language, &option.choice);
                        let expected = total + option.expected_remaining;
                        // The best in points at the end; the others by what they give up against it.
                        let said = match (option.win, rank) {
                            (Some(win), _) => (hint_words.win_option)(&play, &words.chance(win, places)),
                            // Maxi Yatzy's estimates weigh the moves against each other, not the points at the end.
                            (None, 0) if estimate == Some(1) => (hint_words.best_estimated)(&play),
                            (None, 0) => (hint_words.best_option)(&play, &words.number(expected, 0)),
                            (None, _) => (hint_words.behind_best)(
                                &play,
                                &words.number(best - option.expected_remaining, 1),
                            ),
                        };
                        view! {
                            <li
                                data-hint-option=(rank + 1).to_string()
                                data-choice=option.choice.id()
                                data-expected=decimals(expected, 4)
                                data-win=option.win.map(|win| decimals(win, 4))
                            >
                                {said}
                            </li>
                        }
                    })
                    .collect_view()
            });
            view! {
                <div class="hint" data-hint="ready" aria-live="polite" node_ref=seen_when_ready>
                    <ol>{labels}</ol>
                    {estimate.map(|which| view! { <p class="muted" data-hint-estimate>{hint_words.hint_estimate[which]}</p> })}
                    // Maxi Yatzy's estimates name no points to finish with: its own note says what they weigh.
                    {(estimate != Some(1)).then(|| view! {
                        <p class="muted honesty">
                            {match options.first().is_some_and(|option| option.win.is_some()) {
                                true => hint_words.hint_win_honesty,
                                false => hint_words.hint_honesty,
                            }}
                        </p>
                    })}
                </div>
            }
                .into_any()
        }
    }
}

/// The decimals that tell the chances shown apart: one, or as many as it takes (up to three) for different
/// chances not to read the same (early in a game of three they are all about 33%, a hundredth apart).
fn chance_places(chances: &[f64], shown: impl Fn(f64, u32) -> String) -> u32 {
    (1..3)
        .find(|&places| {
            chances.iter().enumerate().all(|(at, &chance)| {
                chances[..at]
                    .iter()
                    .all(|&other| other == chance || shown(other, places) != shown(chance, places))
            })
        })
        .unwrap_or(3)
}

#[cfg(test)]
mod tests {
    use super::chance_places;

    fn percent(chance: f64, places: u32) -> String {
        format!("{:.*}%", places as usize, 100.0 * chance)
    }

    #[test]
    fn chances_are_shown_with_the_decimals_that_tell_them_apart() {
        assert_eq!(chance_places(&[0.52, 0.40, 0.31], percent), 1);
        assert_eq!(chance_places(&[0.3312, 0.3308, 0.3305], percent), 2);
        assert_eq!(chance_places(&[0.331121, 0.331118, 0.2], percent), 3);
        // Chances that are the same read the same.
        assert_eq!(chance_places(&[0.25, 0.25, 0.1], percent), 1);
        assert_eq!(chance_places(&[], percent), 1);
    }
}
