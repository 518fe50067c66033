//! "How well can one play?": the strategy engine builds the optimal-play table in a Web Worker, with a
//! progress bar, and reports the average a perfect solitaire player scores.

use fivedice_rules::{Rules, RulesetId};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use super::decimals;
use fivedice_worker::{SolverReply, SolverRequest, WORKER_SCRIPT};

#[derive(Clone, Debug, PartialEq)]
enum Engine {
    Idle,
    Working { done: usize, total: usize },
    Solved { expected: f64, seconds: f64 },
    Failed(String),
}

#[component]
pub fn PerfectPlay() -> impl IntoView {
    let ruleset = RwSignal::new(RulesetId::Yahtzee);
    let engine = RwSignal::new(Engine::Idle);
    let worker = StoredValue::new_local(None::<web_sys::Worker>);
    let compute = move |_| {
        let request = SolverRequest::Solve {
            rules: Rules::new(ruleset.get_untracked()),
        };
        // A fresh worker for each request: it asks for work once it is listening.
        if let Some(old) = worker.get_value() {
            old.terminate();
        }
        match web_sys::Worker::new(WORKER_SCRIPT) {
            Ok(handle) => {
                listen(&handle, engine, request);
                engine.set(Engine::Working { done: 0, total: 1 });
                worker.set_value(Some(handle));
            }
            Err(_) => engine.set(Engine::Failed(
                "The strategy engine could not start in this browser.".into(),
            )),
        }
    };
    let working = move || matches!(engine.get(), Engine::Working { .. });
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
                Engine::Working { done, total } => {
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

/// Sends the request once the worker is listening, and routes its replies into the card's state.
fn listen(worker: &web_sys::Worker, engine: RwSignal<Engine>, request: SolverRequest) {
    let requester = worker.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let reply = event.data().as_string().as_deref().map(SolverReply::from_json);
        engine.set(match reply {
            Some(Ok(SolverReply::Ready)) => {
                let _ = requester.post_message(&request.to_json().into());
                return;
            }
            Some(Ok(SolverReply::Progress { done, total })) => Engine::Working { done, total },
            Some(Ok(SolverReply::Solved { expected, ms, .. })) => Engine::Solved {
                expected,
                seconds: ms / 1000.0,
            },
            Some(Ok(SolverReply::Error { message })) | Some(Err(message)) => Engine::Failed(message),
            None => Engine::Failed("the strategy engine sent nothing readable".into()),
        });
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        engine.set(Engine::Failed(
            "The strategy engine stopped with an error.".into(),
        ));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The handlers live as long as the worker they listen to.
    on_message.forget();
    on_error.forget();
}
