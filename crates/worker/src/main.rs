//! The strategy engine in a Web Worker: builds the optimal-play table a slice at a time, posting progress
//! between slices, keeps it for the session, and ranks the options of any situation. The page never runs the
//! solver on its own thread. Messages are JSON text (see the library half of this crate).

use fivedice_rules::Rules;
use fivedice_strategy::{Choice, TableBuilder, ValueTable};
use fivedice_worker::{HintChoice, RatedOption, SolverReply, SolverRequest};
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
    // The table of the last rules asked about, kept for the session: hints and bots need it again and again.
    let mut kept: Option<ValueTable> = None;
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
        let id = request.id();
        let rules = match &request {
            SolverRequest::Solve { rules, .. } | SolverRequest::Advise { rules, .. } => *rules,
        };
        let started = js_sys::Date::now();
        let table = match kept.take() {
            Some(table) if table.rules() == rules => kept.insert(table),
            _ => kept.insert(build(rules, &post)),
        };
        let reply = match request {
            SolverRequest::Solve { .. } => SolverReply::Solved {
                id,
                rules,
                expected: table.expected_score(),
                states: table.reachable_states(),
                ms: js_sys::Date::now() - started,
            },
            SolverRequest::Advise {
                filled,
                dice,
                rolls_left,
                ..
            } => advise(table, id, &filled, dice, rolls_left),
        };
        post(reply);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    let _ = scope.post_message(&SolverReply::Ready.to_json().into());
}

/// Builds the table in about a hundred slices, reporting progress after each.
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
    id: u32,
    filled: &[(fivedice_rules::Category, u16)],
    dice: fivedice_rules::Dice,
    rolls_left: u8,
) -> SolverReply {
    let advice = table
        .rules()
        .sheet(filled)
        .map_err(|error| error.to_string())
        .and_then(|sheet| {
            table
                .advise(&sheet, dice.counts(), rolls_left)
                .map_err(|error| error.to_string())
        });
    match advice {
        Ok(advice) => SolverReply::Advice {
            id,
            options: advice
                .options
                .iter()
                .map(|rated| RatedOption {
                    choice: match rated.choice {
                        Choice::Keep(keep) => {
                            HintChoice::Keep(keep.faces().iter().map(|face| face.value()).collect())
                        }
                        Choice::Cell(category) => HintChoice::Cell(category),
                    },
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
