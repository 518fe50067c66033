//! The strategy engine in a Web Worker: builds the optimal-play table a slice at a time, posting progress
//! between slices, keeps it for the session, and ranks the options of any situation. The page never runs the
//! solver on its own thread. Messages are JSON text (see the library half of this crate).

use fivedice_rules::{Category, Dice, Move, Rules};
use fivedice_strategy::{Advice, Bot, Level, TableBuilder, ValueTable};
use fivedice_worker::{RatedOption, SolverReply, SolverRequest, Verdict};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let post = move |reply: SolverReply| {
        let _ = replies.post_message(&reply.to_json().into());
    };
    // The tables asked for, kept for the session: hints and bots need them again and again. At most one
    // optimal and one turn-by-turn (casual) table, for the rules of the table in play.
    let mut kept: Vec<(bool, ValueTable)> = Vec::new();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = match event.data().as_string().as_deref().map(SolverRequest::from_json) {
            Some(Ok(request)) => request,
            Some(Err(message)) => return post(SolverReply::Failed { id: None, message }),
            None => {
                return post(SolverReply::Failed {
                    id: None,
                    message: "the solver takes JSON text".into(),
                });
            }
        };
        let started = js_sys::Date::now();
        let reply = match request {
            SolverRequest::Solve { id, rules } => {
                let table = table_for(&mut kept, rules, Level::Optimal, &post);
                SolverReply::Solved {
                    id,
                    rules,
                    expected: table.expected_score(),
                    states: table.reachable_states(),
                    ms: js_sys::Date::now() - started,
                }
            }
            SolverRequest::Advise {
                id,
                rules,
                filled,
                dice,
                rolls_left,
            } => {
                let table = table_for(&mut kept, rules, Level::Optimal, &post);
                match advise(table, &filled, dice, rolls_left) {
                    Ok(advice) => SolverReply::Advice {
                        id,
                        options: advice
                            .options
                            .iter()
                            .map(|rated| RatedOption {
                                choice: rated.choice.into(),
                                expected_remaining: rated.expected_remaining,
                            })
                            .collect(),
                    },
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
            SolverRequest::BotMove {
                id,
                rules,
                level,
                filled,
                dice,
                rolls_left,
                seed,
            } => {
                let table = table_for(&mut kept, rules, level, &post);
                match advise(table, &filled, dice, rolls_left) {
                    Ok(advice) => {
                        let choice = Bot::new(table, level.noise(), seed).choose(&advice);
                        let rated = advice.options.iter().find(|rated| rated.choice == choice);
                        SolverReply::Advice {
                            id,
                            options: vec![RatedOption {
                                choice: choice.into(),
                                expected_remaining: rated.map_or(0.0, |rated| rated.expected_remaining),
                            }],
                        }
                    }
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
            SolverRequest::Judge {
                id,
                rules,
                filled,
                dice,
                rolls_left,
                played,
            } => {
                let table = table_for(&mut kept, rules, Level::Optimal, &post);
                match judge(table, &filled, dice, rolls_left, &played) {
                    Ok(verdict) => SolverReply::Verdict { id, verdict },
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
        };
        post(reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    let _ = scope.post_message(&SolverReply::Ready.to_json().into());
}

/// The kept table these rules and this level play on, built first if need be (dropping tables of other rules).
/// Each kept table says whether it looks ahead (optimal) or only at the turn in hand (myopic).
fn table_for<'k>(
    kept: &'k mut Vec<(bool, ValueTable)>,
    rules: Rules,
    level: Level,
    post: &impl Fn(SolverReply),
) -> &'k ValueTable {
    kept.retain(|(_, table)| table.rules() == rules);
    let looks_ahead = level.looks_ahead();
    let position = match kept.iter().position(|(ahead, _)| *ahead == looks_ahead) {
        Some(position) => position,
        None => {
            let table = if looks_ahead {
                build(rules, post)
            } else {
                ValueTable::myopic(rules)
            };
            kept.push((looks_ahead, table));
            kept.len() - 1
        }
    };
    &kept[position].1
}

/// Builds the optimal table in about a hundred slices, reporting progress after each.
fn build(rules: Rules, post: &impl Fn(SolverReply)) -> ValueTable {
    let mut builder = TableBuilder::new(rules);
    let slice = builder.progress().groups.div_ceil(100);
    loop {
        let progress = builder.step(slice);
        post(SolverReply::Progress {
            done: progress.groups_done,
            total: progress.groups,
        });
        if progress.is_done() {
            return builder.finish();
        }
    }
}

fn advise(
    table: &ValueTable,
    filled: &[(Category, u16)],
    dice: Dice,
    rolls_left: u8,
) -> Result<Advice, String> {
    let sheet = table.rules().sheet(filled).map_err(|error| error.to_string())?;
    table
        .advise(&sheet, dice.counts(), rolls_left)
        .map_err(|error| error.to_string())
}

/// The best move of the situation and what `played` gave up against it. A cell written with rolls left is not
/// among that situation's options (they are keeps, stopping included): it is worth what it scores there.
fn judge(
    table: &ValueTable,
    filled: &[(Category, u16)],
    dice: Dice,
    rolls_left: u8,
    played: &Move,
) -> Result<Verdict, String> {
    let options = advise(table, filled, dice, rolls_left)?;
    let early_cell = matches!(played, Move::Cell(_)) && rolls_left > 0;
    let played_among = match early_cell {
        true => advise(table, filled, dice, 0)?,
        false => options.clone(),
    };
    let value = played_among
        .option(played)
        .ok_or_else(|| format!("{} is not a move of this situation", played.id()))?
        .expected_remaining;
    let best = options.best();
    Ok(Verdict {
        best: best.choice.into(),
        // Stopping is one of the keeps, so an early cell cannot beat the best; round-off may say otherwise.
        loss: (best.expected_remaining - value).max(0.0),
    })
}
