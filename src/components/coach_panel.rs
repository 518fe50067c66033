//! The coach: after each decision of a player who asked for it, quietly, the points it gave up against the
//! best option, with a running total; and after the game, each person's costliest decisions.

use leptos::prelude::*;

use super::lazy::{Loaded, lazy, lazy_when};
use super::pips::Pips;
use super::player_name;
use fivedice_rules::{Language, Move, Rules};

use crate::i18n::{self, Words, decimals};
use crate::store::Reading as _;
use crate::store::{GameStore, LastWritten};
use crate::table::Decision;

/// The least loss worth regretting after the game: what shows as 0.1 point.
const REGRET: f64 = 0.05;

/// Expected points a player gave up in the decisions judged so far.
fn points_lost(decisions: &[Decision], seat: usize) -> f64 {
    decisions
        .iter()
        .filter(|decision| decision.seat == seat)
        .filter_map(|decision| decision.verdict.as_ref())
        .map(|verdict| verdict.loss)
        .sum()
}

/// The coach's line for the player to play: a switch, and once on, the last verdict and the running total (a
/// chunk of its own, fetched when a player first asks for the coach, as the engine's is).
#[component]
pub fn CoachLine() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let current = store.table().current_seat();
    let seat = move || current.get().unwrap_or(0);
    let (rules, players) = (store.table().rules(), store.table().players());
    let plays_here = store.table().plays_here();
    move || {
        let seat = seat();
        let coached = store.table().is_coached(seat);
        // The coach weighs each move against exact play, which column Yam and Maxi Yatzy have not (their hints
        // are estimates); and it is the player's own to switch, on their device, never a computer's.
        let exact = rules.get().is_some_and(fivedice_worker::solves_exactly);
        // Each player's own: the switch names whose it is, as the turn passes round the table.
        let name = player_name(players, seat);
        (exact && plays_here.get()).then(|| {
            view! {
                <div class="coach-line">
                    <button
                        class="coach-button"
                        data-action="coach"
                        aria-pressed=move || coached.get().to_string()
                        on:click=move |_| store.advisor().toggle_coach(seat)
                    >
                        {move || (words.coach_switch)(&name, coached.get())}
                    </button>
                    {lazy_when(move || coached.get(), coach_report_part, ())}
                </div>
            }
        })
    }
}

#[wasm_split_helpers::wasm_split(coach, fallible)]
fn coach_report_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("advice-styles", super::hint::ADVICE_STYLES);
        view! { <CoachReport /> }.into_any()
    })
}

/// The last verdict on the decisions of the player to play, and what they gave up so far.
#[component]
fn CoachReport() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let (current, decisions, rules) = (
        store.table().current_seat(),
        store.table().decisions(),
        store.table().rules(),
    );
    move || {
        let (seat, rules) = (current.get()?, rules.get()?);
        let (total, last) = decisions.with(|decisions| {
            let last = decisions
                .iter()
                .rev()
                .find(|decision| decision.seat == seat && decision.verdict.is_some())
                .and_then(|decision| said(words, rules, language, decision));
            (points_lost(decisions, seat), last)
        });
        Some(view! {
            <span class="coach-report" aria-live="polite">
                <span data-coach-last>{last.unwrap_or_default()}</span>
                " "
                <span data-coach-total=decimals(total, 4)>{(words.lost_so_far)(&words.number(total, 1))}</span>
            </span>
        })
    }
}

/// What the coach says of a judged decision, in the player's words.
fn said(words: &'static Words, rules: Rules, language: Language, decision: &Decision) -> Option<String> {
    let verdict = decision.verdict.as_ref()?;
    let play = words.describe(rules, language, &decision.choice);
    Some(if verdict.loss < 0.005 {
        (words.best_play)(&play)
    } else {
        (words.gave_up)(
            &play,
            &words.number(verdict.loss, 1),
            &words.describe(rules, language, &verdict.best),
        )
    })
}

/// The coach's verdict on the box a coached player has just written, shown to them as the turn passes (the
/// next player's line is their own), until the next roll: nothing waits on it. In the coach's chunk, fetched
/// once someone at the table is coached.
#[component]
pub fn PassedVerdict() -> impl IntoView {
    let coaching = expect_context::<GameStore>().table().anyone_coached();
    lazy_when(move || coaching.get(), passed_verdict_part, ())
}

#[wasm_split_helpers::wasm_split(coach, fallible)]
fn passed_verdict_part() -> Loaded<()> {
    Ok(|()| {
        super::lazy::add_styles("advice-styles", super::hint::ADVICE_STYLES);
        view! { <VerdictAsTheTurnPasses /> }.into_any()
    })
}

#[component]
fn VerdictAsTheTurnPasses() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let language = store.speech().language().get_untracked();
    let (decisions, rules, players) = (
        store.table().decisions(),
        store.table().rules(),
        store.table().players(),
    );
    let last_written = store.table().last_written();
    // A word is due from the box a coached player has just written until the next roll.
    let due = Memo::new(move |_| {
        let LastWritten { seat, entry, .. } = last_written.get()?;
        store.table().is_coached(seat).get().then_some((seat, entry))
    });
    let word = Memo::new(move |_| {
        let (seat, entry) = due.get()?;
        let rules = rules.get()?;
        decisions.with(|decisions| {
            let decision = decisions
                .iter()
                .rev()
                .find(|d| d.seat == seat && d.entry == entry && matches!(d.choice, Move::Cell(_)))?;
            said(words, rules, language, decision)
        })
    });
    // While the word is due its place is kept, so that the word, arriving from the engine on its own time,
    // moves nothing under a finger about to tap the sheet.
    let due_seat = Memo::new(move |_| due.get().map(|(seat, _)| seat));
    move || {
        due_seat.get().map(|seat| {
            view! {
                <p
                    class="coach-passed"
                    class:waiting=move || word.with(Option::is_none)
                    data-coach-passed=move || word.with(Option::is_some).then(|| seat.to_string())
                    aria-live="polite"
                >
                    {move || {
                        word.get()
                            .map(|text| {
                                view! {
                                    <strong>{(words.coach_for)(&player_name(players, seat))}</strong>
                                    " "
                                    {text}
                                }
                            })
                    }}
                </p>
            }
        })
    }
}

/// After the game: for each person, the expected points lost in all, and the three costliest decisions (a
/// chunk of its own, fetched when a game ends).
#[component]
pub fn GameAnalysis() -> impl IntoView {
    lazy(analysis_part, ())
}

#[wasm_split_helpers::wasm_split(analysis, fallible)]
fn analysis_part() -> Loaded<()> {
    Ok(|()| {
        super::standings::add_analysis_styles();
        super::lazy::add_styles("advice-styles", super::hint::ADVICE_STYLES);
        view! { <Analysis /> }.into_any()
    })
}

#[component]
fn Analysis() -> impl IntoView {
    let store = expect_context::<GameStore>();
    let words = store.words();
    let analysis_words = store.speech().words_of(i18n::analysis_words);
    let language = store.speech().language().get_untracked();
    store.advisor().analyse();
    let (decisions, rules, players) = (
        store.table().decisions(),
        store.table().rules(),
        store.table().players(),
    );
    let failed = store.advisor().judging_failed();
    let seats = players.get_untracked().len();
    let people: Vec<usize> = (0..seats)
        .filter(|&seat| store.table().computer_at(seat).get_untracked().is_none())
        .collect();
    move || {
        let rules = rules
            .get()
            .filter(|rules| fivedice_worker::solves_exactly(*rules))?;
        // A score pad that never saw the dice has no decision to weigh: nothing to say, rather than "0 lost".
        if decisions.with(Vec::is_empty) {
            return None;
        }
        let sections = people
            .iter()
            .map(|&seat| {
                let (rows, total, made, judged, regrets) = decisions.with(|decisions| {
                    let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
                    let judged = mine.iter().filter(|d| d.verdict.is_some()).count();
                    // A decision that gave up less than a tenth of a point (shown as 0.0) was no mistake.
                    let mut costly: Vec<&Decision> = mine
                        .iter()
                        .copied()
                        .filter(|d| d.verdict.as_ref().is_some_and(|v| v.loss >= REGRET))
                        .collect();
                    let regrets = costly.len();
                    costly.sort_by(|a, b| {
                        let loss = |d: &Decision| d.verdict.as_ref().map_or(0.0, |v| v.loss);
                        loss(b).total_cmp(&loss(a))
                    });
                    let rows = costly
                        .into_iter()
                        .take(3)
                        .filter_map(|decision| {
                            let verdict = decision.verdict.as_ref()?;
                            let round = store.table().round_of_entry(decision.entry).unwrap_or(1);
                            let dice: Vec<String> =
                                decision.dice.faces().iter().map(|f| f.to_string()).collect();
                            Some(view! {
                                <li data-costly=decimals(verdict.loss, 4)>
                                    <strong>{(analysis_words.round_dice_rolls)(round, &dice.join("-"), decision.rolls_left)}</strong>
                                    {(analysis_words.best_was)(
                                        &words.describe(rules, language, &decision.choice),
                                        &words.describe(rules, language, &verdict.best),
                                        &words.number(verdict.loss, 1),
                                    )}
                                    <Position decision=decision.clone() />
                                </li>
                            })
                        })
                        .collect_view();
                    (rows, points_lost(decisions, seat), mine.len(), judged, regrets)
                });
                let waiting = match failed.get() {
                    Some(error) if judged < made => (analysis_words.rest_failed)(&(words.engine_failed)(&error)),
                    None if judged < made => analysis_words.still_working.to_string(),
                    _ => String::new(),
                };
                view! {
                    <section class="analysis-seat" data-analysis=seat.to_string()>
                        <h3>{player_name(players, seat)}</h3>
                        <p>
                            <span data-analysis-total=decimals(total, 4)>
                                {(analysis_words.expected_lost)(&words.number(total, 1))}
                            </span>
                            {(analysis_words.in_decisions)(made)}
                            {waiting}
                        </p>
                        {(judged == made && regrets == 0)
                            .then(|| view! { <p data-no-regret>{analysis_words.nothing_to_regret}</p> })}
                        <ol class="costly">{rows}</ol>
                    </section>
                }
            })
            .collect_view();
        Some(view! {
            <section class="card analysis" aria-labelledby="analysis-title">
                <h2 id="analysis-title">{analysis_words.how_it_went}</h2>
                <p class="muted">
                    {analysis_words.measured_against}
                </p>
                <p class="muted position-legend">
                    <span class="die small held" aria-hidden="true"></span>
                    {analysis_words.kept_legend}
                    <span class="die small hint-keep" aria-hidden="true"></span>
                    {analysis_words.best_keeps_legend}
                </p>
                {sections}
            </section>
        })
    }
}

/// The board as it stood at a decision: the dice, with what was kept and what the best play keeps.
#[component]
fn Position(decision: Decision) -> impl IntoView {
    let analysis_words = expect_context::<GameStore>()
        .speech()
        .words_of(i18n::analysis_words);
    let Some(verdict) = decision.verdict.clone() else {
        return ().into_any();
    };
    // Dice are marked for a keep only: a box written takes the dice as they are, and the text names the box.
    let keeps = |choice: &Move| match choice {
        Move::Keep(_) => choice.holds(decision.dice),
        Move::Cell(_) | Move::Announce(_) => [false; fivedice_rules::MAX_DICE],
    };
    let (kept, best) = (keeps(&decision.choice), keeps(&verdict.best));
    let dice = decision
        .dice
        .faces()
        .iter()
        .copied()
        .enumerate()
        .map(|(die, face)| {
            let label = (analysis_words.die_position)(die + 1, face.value(), kept[die], best[die]);
            view! {
                <span class="die small" class:held=kept[die] class:hint-keep=best[die] role="img" aria-label=label>
                    <Pips face=Signal::derive(move || Some(face.value())) />
                </span>
            }
        })
        .collect_view();
    view! { <div class="position" data-position>{dice}</div> }.into_any()
}
