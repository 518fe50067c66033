//! One step of a replay: what it did (read out as the player steps), the dice as it left them, the engine's
//! word on the decision it took, and the buttons that step through the game (the arrow keys too).

use std::collections::HashMap;
use std::sync::Arc;

use fivedice_rules::{Game, Language, Move, Play};
use fivedice_saved::{Replay, Step};
use fivedice_worker::Verdict;
use leptos::prelude::*;

use super::super::pips::Pips;
use crate::engine::Engine;
use crate::i18n::{ShareWords, Words, box_name, decimals, share_words};
use crate::store::GameStore;

/// What the step at `step` (0: before the first roll) shows, and the buttons to move through the game.
pub(super) fn at_step(replay: Arc<Replay>, step: RwSignal<usize>) -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let said = share_words(language);
    let total = replay.steps.len();
    let verdicts = judged_as_shown(replay.clone(), step);
    let caption = {
        let replay = replay.clone();
        move || {
            let n = step.get();
            let what = match replay.step(n) {
                Some(played) => what_it_did(said, words, language, replay.game_at(n - 1), played),
                None => said.before_first_roll.to_string(),
            };
            format!("{} — {what}", (said.move_of)(n, total))
        }
    };
    let shown = {
        let replay = replay.clone();
        move || {
            let n = step.get();
            let played = replay.step(n)?;
            let dice = played.turn.dice?;
            let faces = dice.faces().iter().zip(played.turn.held).enumerate().map(|(die, (face, held))| {
                let face = face.value();
                view! {
                    <span class="die small" class:held=held data-replay-die=die.to_string() data-face=face.to_string()>
                        <Pips face=Some(face) />
                    </span>
                }
            });
            Some(view! {
                <div class="replay-dice" role="img" aria-label=dice.to_string() data-rolls-left=played.rolls_left.to_string()>
                    {faces.collect_view()}
                </div>
            })
        }
    };
    let verdict = {
        let replay = replay.clone();
        move || {
            let n = step.get();
            let played = replay.step(n)?;
            let decision = played.decision.as_ref()?;
            let rules = played.game.rules();
            fivedice_worker::solves_exactly(rules).then_some(())?;
            let view = match verdicts.with(|verdicts| verdicts.get(&n).cloned()) {
                None => view! { <p class="replay-verdict" data-replay-verdict="working">{said.weighing}</p> }
                    .into_any(),
                Some(Err(reason)) => {
                    view! { <p class="replay-verdict" data-replay-verdict="failed">{reason}</p> }.into_any()
                }
                Some(Ok(verdict)) => {
                    let play = words.describe(rules, language, &decision.choice);
                    let text = match verdict.loss < 0.005 {
                        true => (words.best_play)(&play),
                        false => (words.gave_up)(
                            &play,
                            &words.number(verdict.loss, 1),
                            &words.describe(rules, language, &verdict.best),
                        ),
                    };
                    view! {
                        <p
                            class="replay-verdict"
                            data-replay-verdict="ready"
                            data-choice=decision.choice.id()
                            data-best=verdict.best.id()
                            data-loss=decimals(verdict.loss, 4)
                        >
                            {text}
                        </p>
                    }
                    .into_any()
                }
            };
            Some(view)
        }
    };
    // Whose play the step is (`data-seat`), for tools reading the replay.
    let seat = {
        let replay = replay.clone();
        move || replay.step(step.get()).map(|played| played.seat.to_string())
    };
    let go = move |to: usize| step.set(to.min(total));
    let keys = move |event: leptos::ev::KeyboardEvent| match event.key().as_str() {
        "ArrowRight" => go(step.get_untracked() + 1),
        "ArrowLeft" => go(step.get_untracked().saturating_sub(1)),
        "Home" => go(0),
        "End" => go(total),
        _ => {}
    };
    // At either end a button says it does nothing there, and keeps the focus (a disabled one would drop it).
    let at_start = move || step.get() == 0;
    let at_end = move || step.get() == total;
    // The buttons come first and keep their place whatever the step shows below them (a tap on Next lands on
    // Next again); the focus starts on Next, so the keys step at once.
    let next = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = next.get() {
            crate::focus::take(&button);
        }
    });
    let estimated = !fivedice_worker::solves_exactly(replay.start.rules());
    view! {
        <div class="replay-step" data-seat=seat on:keydown=keys>
            <div class="replay-controls">
                <button class="secondary" data-action="replay-start" aria-disabled=move || at_start().to_string() on:click=move |_| go(0)>
                    "« " {said.to_start}
                </button>
                <button class="secondary" data-action="replay-previous" aria-disabled=move || at_start().to_string() on:click=move |_| go(step.get_untracked().saturating_sub(1))>
                    "◀ " {said.previous}
                </button>
                <button class="primary" data-action="replay-next" node_ref=next aria-disabled=move || at_end().to_string() on:click=move |_| go(step.get_untracked() + 1)>
                    {said.next} " ▶"
                </button>
                <button class="secondary" data-action="replay-end" aria-disabled=move || at_end().to_string() on:click=move |_| go(total)>
                    {said.to_end} " »"
                </button>
            </div>
            <p class="replay-caption" aria-live="polite" data-replay-caption>{caption}</p>
            {shown}
            {verdict}
            {estimated.then(|| view! { <p class="replay-note">{said.not_weighed}</p> })}
        </div>
    }
}

/// The engine's verdicts on the decisions shown, by step: each asked the first time its step shows (a game's
/// hundreds of decisions are not all weighed at once), and kept.
fn judged_as_shown(
    replay: Arc<Replay>,
    step: RwSignal<usize>,
) -> RwSignal<HashMap<usize, Result<Verdict, String>>> {
    let engine = expect_context::<Engine>();
    let words = expect_context::<GameStore>().words();
    let verdicts = RwSignal::new(HashMap::new());
    let asked = StoredValue::new(std::collections::HashSet::new());
    Effect::new(move |_| {
        let n = step.get();
        let Some(played) = replay.step(n) else {
            return;
        };
        let Some(decision) = played.decision.as_ref() else {
            return;
        };
        let rules = played.game.rules();
        if !fivedice_worker::solves_exactly(rules)
            || !asked.try_update_value(|asked| asked.insert(n)).unwrap_or(false)
        {
            return;
        }
        engine.judge(rules, decision, move |verdict| {
            let verdict = verdict.map_err(|error| (words.engine_failed)(&error));
            verdicts.update(|verdicts| {
                verdicts.insert(n, verdict);
            });
        });
    });
    verdicts
}

/// What a step did, as a sentence: "Anna rolls 3 3 5 1 6", "Anna writes 25 in Full house".
fn what_it_did(said: &ShareWords, words: &Words, language: Language, before: &Game, played: &Step) -> String {
    let players = before.players();
    let name = players[played.seat].as_str();
    let rules = before.rules();
    let face_of = |die: usize| before.turn().dice.map_or(0, |dice| dice.faces()[die].value());
    let box_of = |place| words.describe(rules, language, &Move::Cell(place));
    match &played.play {
        // A roll after the first is a keep decided: said with it, so the verdict shown beside reads as its own.
        Play::Roll(dice) => match &played.decision {
            Some(decision) => (said.kept_and_rolled)(
                name,
                &words.describe(rules, language, &decision.choice),
                &dice.to_string(),
            ),
            None => (said.rolled)(name, &dice.to_string()),
        },
        Play::Hold(die) => (said.held)(name, face_of(*die)),
        Play::Release(die) => (said.released)(name, face_of(*die)),
        Play::Score(place) => {
            let points = played
                .game
                .sheet(played.seat, place.column)
                .and_then(|sheet| sheet.get(place.category));
            (said.wrote)(name, points.unwrap_or(0), &box_of(*place))
        }
        Play::Write { place, value, .. } => (said.wrote)(name, *value, &box_of(*place)),
        Play::CrossOut(place) => (said.crossed_out)(name, &box_of(*place)),
        Play::Announce(category) => (said.announced)(name, &box_name(rules, language, *category)),
        Play::EnterDice(dice) => (said.entered)(name, &dice.to_string()),
        Play::ClearDice => (said.cleared)(name),
        Play::Undo => (said.took_back)(name),
        Play::FirstPlayer(roll) => (said.starts)(players.get(roll.first_seat).map_or(name, String::as_str)),
    }
}
