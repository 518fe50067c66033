//! "How well can one play?": the strategy engine builds the optimal-play table in a Web Worker, with a
//! progress bar, and reports the average a perfect solitaire player scores.

use super::lazy::{Loaded, lazy_when};
use crate::engine::{Answer, Engine, EngineError};
use crate::i18n::decimals;
use crate::store::GameStore;
use fivedice_rules::{Rules, RulesetId};
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
enum Card {
    Idle,
    Working,
    Solved {
        expected: f64,
        seconds: f64,
        from_device: bool,
    },
    Failed(EngineError),
}

#[component]
pub fn PerfectPlay() -> impl IntoView {
    let engine = expect_context::<Engine>();
    let words = expect_context::<GameStore>().words();
    let ruleset = RwSignal::new(RulesetId::Yahtzee);
    let card = RwSignal::new(Card::Idle);
    let compute = move |_| {
        card.set(Card::Working);
        engine.solve(Rules::new(ruleset.get_untracked()), move |answer| {
            card.set(match answer {
                Ok(Answer::Solved {
                    expected,
                    seconds,
                    from_device,
                }) => Card::Solved {
                    expected,
                    seconds,
                    from_device,
                },
                Ok(_) => Card::Failed(EngineError::WrongAnswer),
                Err(error) => Card::Failed(error),
            })
        });
    };
    let working = move || card.get() == Card::Working;
    view! {
        <section class="card perfect-play" aria-labelledby="perfect-title">
            <h2 id="perfect-title">{words.perfect_title}</h2>
            <p>{words.perfect_intro}</p>
            <div class="data-buttons">
                <select
                    data-engine="rules"
                    // Named by the card's question, not "Game": the setup's choice of game has that name.
                    aria-labelledby="perfect-title"
                    on:change=move |event| {
                        if let Ok(id) = event_target_value(&event).parse::<RulesetId>() {
                            ruleset.set(id);
                            card.set(Card::Idle);
                        }
                    }
                >
                    // The games the engine solves exactly (Maxi Yatzy's is played by estimate).
                    {RulesetId::ALL
                        .into_iter()
                        .filter(|&id| fivedice_worker::solves_exactly(Rules::new(id)))
                        .map(|id| view! { <option value=id.id()>{words.game_name(id.ruleset())}</option> })
                        .collect_view()}
                </select>
                <button class="secondary" data-action="solve" disabled=working on:click=compute>
                    {words.work_it_out}
                </button>
            </div>
            // What the engine answers (in its chunk, which working it out fetches anyway).
            {lazy_when(move || card.get() != Card::Idle, answer_part, (card, ruleset))}
        </section>
    }
}

#[wasm_split_helpers::wasm_split(engine, fallible)]
fn answer_part() -> Loaded<(RwSignal<Card>, RwSignal<RulesetId>)> {
    Ok(|(card, ruleset)| {
        super::lazy::add_styles("advice-styles", super::hint::ADVICE_STYLES);
        answer(card, ruleset).into_any()
    })
}

fn answer(card: RwSignal<Card>, ruleset: RwSignal<RulesetId>) -> impl IntoView {
    let engine = expect_context::<Engine>();
    let words = expect_context::<GameStore>().words();
    move || match card.get() {
        Card::Idle => ().into_any(),
        Card::Working => {
            let (done, total) = engine.progress.get().unwrap_or((0, 1));
            view! {
                <progress data-solve-progress max=total.to_string() value=done.to_string()>
                    {(words.n_of_total)(done, total)}
                </progress>
            }
            .into_any()
        }
        Card::Solved {
            expected,
            seconds,
            from_device,
        } => {
            let seconds = words.number(seconds, 1);
            let (source, how) = match from_device {
                true => ("device", (words.read_from_device_in)(&seconds)),
                false => ("built", (words.worked_out_in)(&seconds)),
            };
            view! {
                <p class="expected" aria-live="polite">
                    {words.perfect_averages}
                    <strong data-expected-score=decimals(expected, 4)>{words.number(expected, 2)}</strong>
                    {(words.points_at)(words.game_name(ruleset.get_untracked().ruleset()))}
                    <span class="muted" data-table-from=source>
                        {how}
                    </span>
                </p>
            }
            .into_any()
        }
        Card::Failed(error) => view! { <p class="error">{(words.engine_failed)(&error)}</p> }.into_any(),
    }
}
