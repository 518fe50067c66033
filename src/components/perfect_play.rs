//! "How well can one play?": the strategy engine builds the optimal-play table in a Web Worker, with a
//! progress bar, and reports the average a perfect solitaire player scores.

use super::decimals;
use crate::coach::{Answer, Coach};
use fivedice_rules::{Rules, RulesetId};
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
enum Engine {
    Idle,
    Working,
    Solved { expected: f64, seconds: f64 },
    Failed(String),
}

#[component]
pub fn PerfectPlay() -> impl IntoView {
    let coach = expect_context::<Coach>();
    let ruleset = RwSignal::new(RulesetId::Yahtzee);
    let engine = RwSignal::new(Engine::Idle);
    let compute = move |_| {
        engine.set(Engine::Working);
        coach.solve(Rules::new(ruleset.get_untracked()), move |answer| {
            engine.set(match answer {
                Ok(Answer::Solved { expected, seconds }) => Engine::Solved { expected, seconds },
                Ok(Answer::Advice(_)) => {
                    Engine::Failed("the strategy engine answered another question".into())
                }
                Err(message) => Engine::Failed(message),
            })
        });
    };
    let working = move || engine.get() == Engine::Working;
    view! {
        <section class="card perfect-play" aria-labelledby="perfect-title">
            <h2 id="perfect-title">"How well can one play?"</h2>
            <p>
                "The strategy engine works out the best possible play for every situation, on this device, and "
                "tells the average score a perfect solitaire player makes."
            </p>
            <div class="data-buttons">
                <select
                    data-engine="rules"
                    aria-label="Game"
                    on:change=move |event| {
                        if let Ok(id) = event_target_value(&event).parse::<RulesetId>() {
                            ruleset.set(id);
                            engine.set(Engine::Idle);
                        }
                    }
                >
                    {RulesetId::ALL
                        .into_iter()
                        .map(|id| view! { <option value=id.id()>{id.ruleset().name}</option> })
                        .collect_view()}
                </select>
                <button class="secondary" data-action="solve" disabled=working on:click=compute>
                    "Work it out"
                </button>
            </div>
            {move || match engine.get() {
                Engine::Idle => ().into_any(),
                Engine::Working => {
                    let (done, total) = coach.progress.get().unwrap_or((0, 1));
                    view! {
                        <progress data-solve-progress max=total.to_string() value=done.to_string()>
                            {format!("{done} of {total}")}
                        </progress>
                    }
                        .into_any()
                }
                Engine::Solved { expected, seconds } => {
                    view! {
                        <p class="expected" aria-live="polite">
                            "A perfect player averages "
                            <strong data-expected-score=decimals(expected, 4)>{decimals(expected, 2)}</strong>
                            " points at " {ruleset.get_untracked().ruleset().name} " "
                            <span class="muted">{format!("(worked out in {} s)", decimals(seconds, 1))}</span>
                        </p>
                    }
                        .into_any()
                }
                Engine::Failed(message) => view! { <p class="error">{message}</p> }.into_any(),
            }}
        </section>
    }
}
