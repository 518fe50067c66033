//! The coach: after each decision of a player who asked for it, quietly, the points it gave up against the
//! best option, with a running total; and after the game, each person's costliest decisions.

use fivedice_rules::Game;
use leptos::prelude::*;

use fivedice_rules::DICE;
use fivedice_worker::HintChoice;

use super::dice_tray::Pips;
use super::hint::{describe, dice_to_hold};
use super::{decimals, player_name};
use crate::store::GameStore;
use crate::table::Decision;

/// Expected points a player gave up in the decisions judged so far.
fn points_lost(decisions: &[Decision], seat: usize) -> f64 {
    decisions
        .iter()
        .filter(|decision| decision.seat == seat)
        .filter_map(|decision| decision.verdict.as_ref())
        .map(|verdict| verdict.loss)
        .sum()
}

/// The coach's line for the player to play: a switch, and once on, the last verdict and the running total.
#[component]
pub fn CoachLine() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let seat = move || store.game(Game::current_seat).unwrap_or(0);
    let person = move || {
        store
            .table
            .with(|table| table.as_ref().is_some_and(|t| t.computer_at(seat()).is_none()))
    };
    let coached = move || {
        store
            .table
            .with(|table| table.as_ref().is_some_and(|t| t.is_coached(seat())))
    };
    let report = move || {
        store.table.with(|table| {
            let table = table.as_ref()?;
            let ruleset = table.game.rules().ruleset();
            let total = points_lost(&table.decisions, seat());
            let last = table
                .decisions
                .iter()
                .rev()
                .find(|decision| decision.seat == seat() && decision.verdict.is_some())
                .and_then(|decision| {
                    let verdict = decision.verdict.as_ref()?;
                    Some(if verdict.loss < 0.005 {
                        format!("{}: the best play.", describe(ruleset, &decision.choice))
                    } else {
                        format!(
                            "{}: gave up {} points (best: {}).",
                            describe(ruleset, &decision.choice),
                            decimals(verdict.loss, 1),
                            describe(ruleset, &verdict.best)
                        )
                    })
                });
            Some((total, last))
        })
    };
    move || {
        person().then(|| {
            view! {
                <div class="coach-line">
                    <button
                        class="coach-button"
                        data-action="coach"
                        aria-pressed=move || coached().to_string()
                        on:click=move |_| store.toggle_coach(seat())
                    >
                        {move || if coached() { "Coach: on" } else { "Coach: off" }}
                    </button>
                    <Show when=coached>
                        {move || {
                            report()
                                .map(|(total, last)| {
                                    view! {
                                        <span class="coach-report" aria-live="polite">
                                            <span data-coach-last>{last.unwrap_or_default()}</span>
                                            " "
                                            <span data-coach-total=decimals(total, 4)>
                                                {format!("{} points lost so far.", decimals(total, 1))}
                                            </span>
                                        </span>
                                    }
                                })
                        }}
                    </Show>
                </div>
            }
        })
    }
}

/// After the game: for each person, the expected points lost in all, and the three costliest decisions.
#[component]
pub fn GameAnalysis() -> impl IntoView {
    let store = expect_context::<GameStore>();
    store.analyse();
    move || {
        store.table.with(|table| {
            let table = table.as_ref()?;
            let ruleset = table.game.rules().ruleset();
            let rounds = ruleset.cells.len();
            let players = table.game.players().len();
            let people = (0..players).filter(|&seat| table.computer_at(seat).is_none());
            let sections = people
                .map(|seat| {
                    let mine: Vec<&Decision> = table.decisions.iter().filter(|d| d.seat == seat).collect();
                    let judged = mine.iter().filter(|d| d.verdict.is_some()).count();
                    let total = points_lost(&table.decisions, seat);
                    let mut costly: Vec<&&Decision> = mine.iter().filter(|d| d.verdict.is_some()).collect();
                    costly.sort_by(|a, b| {
                        let loss = |d: &Decision| d.verdict.as_ref().map_or(0.0, |v| v.loss);
                        loss(b).total_cmp(&loss(a))
                    });
                    let rows = costly
                        .into_iter()
                        .take(3)
                        .filter_map(|decision| {
                            let verdict = decision.verdict.as_ref()?;
                            let round = (decision.entry / players + 1).min(rounds);
                            let dice: Vec<String> = decision.dice.faces().iter().map(|f| f.to_string()).collect();
                            Some(view! {
                                <li data-costly=decimals(verdict.loss, 4)>
                                    <strong>{format!("Round {round}, dice {}, {} roll(s) left: ", dice.join("-"), decision.rolls_left)}</strong>
                                    {format!(
                                        "{} — best was {} (−{})",
                                        describe(ruleset, &decision.choice),
                                        describe(ruleset, &verdict.best),
                                        decimals(verdict.loss, 1),
                                    )}
                                    <Position decision=(*decision).clone() />
                                </li>
                            })
                        })
                        .collect_view();
                    let waiting = judged < mine.len();
                    view! {
                        <section class="analysis-seat" data-analysis=seat.to_string()>
                            <h3>{player_name(store, seat)}</h3>
                            <p>
                                <span data-analysis-total=decimals(total, 4)>
                                    {format!("{} expected points lost", decimals(total, 1))}
                                </span>
                                {format!(" in {} decisions", mine.len())}
                                {waiting.then_some(" (still working some out…)")}
                            </p>
                            <ol class="costly">{rows}</ol>
                        </section>
                    }
                })
                .collect_view();
            Some(view! {
                <section class="card analysis" aria-labelledby="analysis-title">
                    <h2 id="analysis-title">"How the game went"</h2>
                    <p class="muted">
                        "Points lost are measured against perfect solitaire play: the best for each player's own score."
                    </p>
                    {sections}
                </section>
            })
        })
    }
}

/// The board as it stood at a decision: the dice, with what was kept and what the best play keeps.
#[component]
fn Position(decision: Decision) -> impl IntoView {
    let Some(verdict) = decision.verdict.clone() else {
        return ().into_any();
    };
    let marks = |choice: &HintChoice| match choice {
        HintChoice::Keep(faces) => dice_to_hold(decision.dice, faces),
        HintChoice::Cell(_) => [true; DICE],
    };
    let (kept, best) = (marks(&decision.choice), marks(&verdict.best));
    let dice = decision
        .dice
        .faces()
        .into_iter()
        .enumerate()
        .map(|(die, face)| {
            let label = format!(
                "Die {}: {face}{}{}",
                die + 1,
                if kept[die] { ", kept" } else { "" },
                if best[die] { ", best keeps it" } else { "" }
            );
            view! {
                <span class="die small" class:held=kept[die] class:hint-keep=best[die] role="img" aria-label=label>
                    <Pips face=Signal::derive(move || Some(face.value())) />
                </span>
            }
        })
        .collect_view();
    view! { <div class="position" data-position>{dice}</div> }.into_any()
}
