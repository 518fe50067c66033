//! The page's client of the strategy engine, for hints, the coach, the computer players and the "how well can
//! one play" card: one Web Worker for the session, requests matched to their answers, and the build progress
//! for a progress bar. The worker keeps the last table it built. Starting the worker and reading its replies
//! are a chunk of their own, fetched with the engine's first use: a first visit that asks nothing of the
//! engine downloads neither.

use std::collections::HashMap;

use fivedice_rules::{Game, Rules};
use fivedice_worker::{
    Level, RatedOption, SolverReply, SolverRequest, ToWin, Verdict, WORKER_SCRIPT, table_cache,
};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;
use wasm_split_helpers::SplitLoaderError;

/// What a request is answered with: the ranked options, the expected score of a whole game, or a verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    Advice(Vec<RatedOption>),
    Solved {
        expected: f64,
        seconds: f64,
        /// Read from the device (kept there by an earlier visit) rather than worked out now.
        from_device: bool,
    },
    Verdict(Verdict),
    /// Each seat's chance to win, in seat order.
    Chances(Vec<f64>),
}

/// Why the engine gave no answer. The page words each in the player's language (`Words::engine_failed`).
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// The browser could not start the worker.
    CannotStart,
    /// The worker stopped with an error: it could not load (a browser without WebAssembly SIMD, or the app
    /// not fully downloaded: the worker, or the page's chunk that starts it), or it failed.
    Stopped,
    /// A request could not be posted to the worker.
    Unreachable,
    /// The worker's reply could not be read (why, in English: a defect to report).
    Unreadable(String),
    /// The worker answered, but not the question asked.
    WrongAnswer,
    /// The worker's advice held no option.
    NoAdvice,
    /// There are no dice on the table to advise on.
    NoDice,
    /// The worker could not answer, in its own words (technical, in English: a defect to report).
    Refused(String),
}

type Callback = Box<dyn FnOnce(Result<Answer, EngineError>)>;

/// A worker started, with the way to post it a request: written as JSON by the engine's chunk, so the
/// first download holds no writer of requests.
struct Started {
    worker: web_sys::Worker,
    post: fn(&web_sys::Worker, &SolverRequest) -> bool,
}

#[derive(Clone, Copy)]
pub struct Engine {
    worker: StoredValue<Option<Started>, LocalStorage>,
    /// The chunk that starts the worker is on its way.
    starting: StoredValue<bool>,
    /// Requests made before the worker said it listens.
    queued: StoredValue<Option<Vec<SolverRequest>>, LocalStorage>,
    waiting: StoredValue<HashMap<u32, Callback>, LocalStorage>,
    next_id: StoredValue<u32>,
    /// How far the table being built has come, while one is being built.
    pub progress: RwSignal<Option<(usize, usize)>>,
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            worker: StoredValue::new_local(None),
            starting: StoredValue::new(false),
            queued: StoredValue::new_local(Some(Vec::new())),
            waiting: StoredValue::new_local(HashMap::new()),
            next_id: StoredValue::new(1),
            progress: RwSignal::new(None),
        }
    }

    /// The expected score of a whole solitaire game under optimal play.
    pub fn solve(&self, rules: Rules, answer: impl FnOnce(Result<Answer, EngineError>) + 'static) {
        let id = self.take_id();
        self.send(SolverRequest::Solve { id, rules }, Box::new(answer));
    }

    /// Every option of the current player's situation, best first (the dice on the table, the rolls left). A
    /// game the engine does not play exactly (column Yam, Maxi Yatzy) is advised by estimate.
    pub fn advise(&self, game: &Game, answer: impl FnOnce(Result<Answer, EngineError>) + 'static) {
        let Some(dice) = game.turn().dice else {
            return answer(Err(EngineError::NoDice));
        };
        let id = self.take_id();
        let request = match fivedice_worker::solves_exactly(game.rules()) {
            true => SolverRequest::Advise {
                id,
                rules: game.rules(),
                filled: game.sheets()[game.current_seat()].filled().collect(),
                dice,
                rolls_left: game.rolls_left(),
            },
            false => SolverRequest::AdviseByEstimate {
                id,
                game: game.clone(),
            },
        };
        self.send(request, Box::new(answer));
    }

    /// What a computer player of this level does now: with rolls left, which dice it keeps (or, in a column
    /// game, the box it announces or writes); with 0, its cell.
    pub fn bot_move(
        &self,
        game: &Game,
        level: Level,
        rolls_left: u8,
        seed: u64,
        answer: impl FnOnce(Result<Answer, EngineError>) + 'static,
    ) {
        let Some(dice) = game.turn().dice else {
            return answer(Err(EngineError::NoDice));
        };
        let id = self.take_id();
        let request = match fivedice_worker::solves_exactly(game.rules()) {
            true if level == Level::Winner => SolverRequest::ToWin {
                id,
                game: game.clone(),
                ask: ToWin::Move { rolls_left },
            },
            true => SolverRequest::BotMove {
                id,
                rules: game.rules(),
                level,
                filled: game.sheets()[game.current_seat()].filled().collect(),
                dice,
                rolls_left,
                seed,
            },
            false => SolverRequest::EstimateBotMove {
                id,
                game: game.clone(),
                level,
                seed,
            },
        };
        self.send(request, Box::new(answer));
    }

    /// Playing to win this one-column game: each seat's chance, the current player's options by their chance,
    /// or the Winner's move.
    pub fn to_win(
        &self,
        game: &Game,
        ask: ToWin,
        answer: impl FnOnce(Result<Answer, EngineError>) + 'static,
    ) {
        if ask != ToWin::Chances && game.turn().dice.is_none() {
            return answer(Err(EngineError::NoDice));
        }
        let id = self.take_id();
        let request = SolverRequest::ToWin {
            id,
            game: game.clone(),
            ask,
        };
        self.send(request, Box::new(answer));
    }

    /// What a recorded decision gave up against the best move of its situation.
    pub fn judge(
        &self,
        rules: Rules,
        decision: &fivedice_saved::Decision,
        answer: impl FnOnce(Result<Verdict, EngineError>) + 'static,
    ) {
        let request = SolverRequest::Judge {
            id: self.take_id(),
            rules,
            filled: decision.filled.clone(),
            dice: decision.dice,
            rolls_left: decision.rolls_left,
            played: decision.choice.clone(),
        };
        self.send(
            request,
            Box::new(move |reply| {
                answer(match reply {
                    Ok(Answer::Verdict(verdict)) => Ok(verdict),
                    Ok(_) => Err(EngineError::WrongAnswer),
                    Err(error) => Err(error),
                })
            }),
        );
    }

    fn take_id(&self) -> u32 {
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        id
    }

    /// Has the optimal table of these rules at hand in the worker if this device keeps it (started at a
    /// table, so that its first hint answers at once); nothing is built. A device that keeps no table of
    /// this engine (a first visit) has nothing to prepare, and starts nothing.
    pub fn prepare(&self, rules: Rules) {
        let engine = *self;
        leptos::task::spawn_local(async move {
            if tables_kept_here().await {
                engine.dispatch(SolverRequest::Prepare { rules });
            }
        });
    }

    /// Has the optimal table of these rules and its spread at hand soon: read from the device, or built in the
    /// worker between requests (started now, on a first visit too).
    pub fn warm_up(&self, rules: Rules) {
        self.dispatch(SolverRequest::WarmUp { rules });
    }

    fn send(&self, request: SolverRequest, answer: Callback) {
        if let Some(id) = request.id() {
            self.waiting.update_value(|waiting| {
                waiting.insert(id, answer);
            });
        }
        self.dispatch(request);
    }

    /// Posts a request, or queues it until the worker says it listens (starting it on first use).
    fn dispatch(&self, request: SolverRequest) {
        let mut request = Some(request);
        self.queued.update_value(|queued| {
            if let Some(queue) = queued {
                queue.extend(request.take());
            }
        });
        match request {
            None => self.start(),
            Some(request) => self.post(&request),
        }
    }

    fn post(&self, request: &SolverRequest) {
        let sent = self.worker.with_value(|started| {
            started
                .as_ref()
                .is_some_and(|started| (started.post)(&started.worker, request))
        });
        if !sent {
            self.fail_all(EngineError::Unreachable);
        }
    }

    /// Starts the worker, unless it is running or on its way: its chunk first, then the worker, which says
    /// when it listens. A failure answers every request waiting.
    fn start(&self) {
        if self.worker.with_value(Option::is_some) || self.starting.get_value() {
            return;
        }
        self.starting.set_value(true);
        let engine = *self;
        leptos::task::spawn_local(async move {
            let started = match worker_starter().await {
                Ok(start_worker) => start_worker(engine),
                Err(_) => Err(EngineError::Stopped),
            };
            engine.starting.set_value(false);
            match started {
                Ok(worker) => engine.worker.set_value(Some(worker)),
                Err(error) => engine.stop(error),
            }
        });
    }

    fn receive(&self, reply: SolverReply) {
        match reply {
            SolverReply::Ready => {
                let queued = self
                    .queued
                    .try_update_value(Option::take)
                    .flatten()
                    .unwrap_or_default();
                for request in queued {
                    self.post(&request);
                }
            }
            SolverReply::Progress { done, total } => {
                self.progress.set((done < total).then_some((done, total)));
            }
            SolverReply::Solved {
                id,
                expected,
                ms,
                from_device,
                ..
            } => {
                self.progress.set(None);
                self.answer(
                    id,
                    Ok(Answer::Solved {
                        expected,
                        seconds: ms / 1000.0,
                        from_device,
                    }),
                );
            }
            SolverReply::Advice { id, options } => {
                self.progress.set(None);
                self.answer(id, Ok(Answer::Advice(options)));
            }
            SolverReply::Verdict { id, verdict } => self.answer(id, Ok(Answer::Verdict(verdict))),
            SolverReply::WinChances { id, chances } => self.answer(id, Ok(Answer::Chances(chances))),
            SolverReply::Prepared { .. } => {}
            SolverReply::Failed {
                id: Some(id),
                message,
            } => self.answer(id, Err(EngineError::Refused(message))),
            SolverReply::Failed { id: None, message } => self.fail_all(EngineError::Refused(message)),
        }
    }

    /// The worker failed (it could not load or start, or it crashed): every request waiting is answered
    /// with that, and the next request starts a new worker, which fails again at once where the browser
    /// cannot run it.
    fn stop(&self, error: EngineError) {
        if let Some(started) = self.worker.try_update_value(Option::take).flatten() {
            started.worker.terminate();
        }
        self.queued.set_value(Some(Vec::new()));
        self.fail_all(error);
    }

    fn answer(&self, id: u32, result: Result<Answer, EngineError>) {
        let callback = self
            .waiting
            .try_update_value(|waiting| waiting.remove(&id))
            .flatten();
        if let Some(callback) = callback {
            callback(result);
        }
    }

    fn fail_all(&self, error: EngineError) {
        self.progress.set(None);
        let callbacks: Vec<Callback> = self
            .waiting
            .try_update_value(|waiting| waiting.drain().map(|(_, callback)| callback).collect())
            .unwrap_or_default();
        for callback in callbacks {
            callback(Err(error.clone()));
        }
    }
}

/// What starts the worker, once the engine's chunk is here.
type StartWorker = fn(Engine) -> Result<Started, EngineError>;

/// The split point of the worker's start: the function that starts it, in the engine's chunk.
#[wasm_split_helpers::wasm_split(engine, fallible)]
fn worker_starter() -> Result<StartWorker, SplitLoaderError> {
    Ok(start_worker)
}

/// Starts the worker with its two handlers: every reply read and answered, and a failure stopping it.
fn start_worker(engine: Engine) -> Result<Started, EngineError> {
    let worker = web_sys::Worker::new(WORKER_SCRIPT).map_err(|_| EngineError::CannotStart)?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        match event.data().as_string().as_deref().map(SolverReply::from_json) {
            Some(Ok(reply)) => engine.receive(reply),
            Some(Err(message)) => engine.fail_all(EngineError::Unreadable(message)),
            None => engine.fail_all(EngineError::Unreadable("not text".into())),
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| engine.stop(EngineError::Stopped));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The handlers stay for the page's life: a worker lives as long as the page unless it fails, and one
    // that failed leaves its two small handlers behind (it can no longer call them).
    on_message.forget();
    on_error.forget();
    Ok(Started {
        worker,
        post: |worker, request| worker.post_message(&request.to_json().into()).is_ok(),
    })
}

/// Whether this device keeps a table of this engine version (the worker files them in Cache Storage).
async fn tables_kept_here() -> bool {
    let Some(caches) = web_sys::window().and_then(|window| window.caches().ok()) else {
        return false;
    };
    JsFuture::from(caches.has(&table_cache::cache_name()))
        .await
        .is_ok_and(|kept| kept.as_bool() == Some(true))
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}
