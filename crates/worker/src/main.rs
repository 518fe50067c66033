//! The strategy engine in a Web Worker: builds the optimal-play table a slice at a time, posting progress
//! between slices, so the page never runs the solver on its own thread. Messages are JSON text.

use fivedice_strategy::TableBuilder;
use fivedice_worker::{SolverReply, SolverRequest};
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
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match event.data().as_string().as_deref().map(SolverRequest::from_json) {
            Some(Ok(SolverRequest::Solve { rules })) => {
                let started = js_sys::Date::now();
                let mut builder = TableBuilder::new(rules);
                // About a hundred slices: progress moves smoothly and each message is cheap.
                let slice = builder.progress().groups.div_ceil(100);
                loop {
                    let progress = builder.step(slice);
                    post(SolverReply::Progress {
                        done: progress.groups_done,
                        total: progress.groups,
                    });
                    if progress.is_done() {
                        break;
                    }
                }
                let table = builder.finish();
                post(SolverReply::Solved {
                    rules,
                    expected: table.expected_score(),
                    states: table.reachable_states(),
                    ms: js_sys::Date::now() - started,
                });
            }
            Some(Err(message)) => post(SolverReply::Error { message }),
            None => post(SolverReply::Error {
                message: "the solver takes JSON text".into(),
            }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    let _ = scope.post_message(&SolverReply::Ready.to_json().into());
}
