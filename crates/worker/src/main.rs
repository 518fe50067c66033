//! The strategy engine in a Web Worker: builds the optimal-play table (and its spread) a slice at a time,
//! posting progress between slices, keeps it for the session, and ranks the options of any situation. The
//! page never runs the solver on its own thread. Messages are JSON text (see the library half of this crate).

use fivedice_rules::{Category, Dice, Game, Move, Rules};
use fivedice_strategy::{
    Advice, Bot, ColumnBot, Level, MaxiBot, MaxiWeights, Odds, Opening, OrderedValues, Progress,
    RatedColumnMove, RatedMaxiMove, Rng, Spread, SpreadBuilder, TableAndSpreadBuilder, TableBuilder,
    ValueTable,
};
use fivedice_worker::table_cache::{self, Kind};
use fivedice_worker::{RatedOption, SolverReply, SolverRequest, ToWin, Verdict};
use futures_channel::mpsc::TryRecvError;
use futures_util::StreamExt;
use warming::Warming;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

mod advice;
mod device;
mod warming;

use advice::*;

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // Requests are served one at a time, in the order they came: reading a kept table is asynchronous.
    let (requests, mut incoming) = futures_channel::mpsc::unbounded::<Option<String>>();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        // The receiver lives as long as the worker, so a send cannot fail.
        let _ = requests.unbounded_send(event.data().as_string());
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    let mut engine = Engine {
        scope: scope.clone(),
        kept: Vec::new(),
        ordered: None,
        spread: None,
        warming: None,
    };
    wasm_bindgen_futures::spawn_local(async move {
        loop {
            // Requests first; while none waits, the build going on between them goes one slice further.
            let text = match incoming.try_recv() {
                Ok(text) => text,
                Err(TryRecvError::Closed) => return,
                Err(TryRecvError::Empty) if engine.warming.is_some() => {
                    engine.warm_a_slice().await;
                    next_task(&engine.scope).await;
                    continue;
                }
                Err(TryRecvError::Empty) => match incoming.next().await {
                    Some(text) => text,
                    None => return,
                },
            };
            let reply = match text.as_deref().map(SolverRequest::from_json) {
                Some(Ok(request)) => match request.refusal() {
                    Some(message) => SolverReply::Failed {
                        id: request.id(),
                        message,
                    },
                    None => engine.serve(request).await,
                },
                Some(Err(message)) => SolverReply::Failed { id: None, message },
                None => SolverReply::Failed {
                    id: None,
                    message: "the solver takes JSON text".into(),
                },
            };
            engine.post(reply);
        }
    });
    let _ = scope.post_message(&SolverReply::Ready.to_json().into());
}

struct Engine {
    scope: DedicatedWorkerGlobalScope,
    /// The tables asked for, kept for the session: hints and bots need them again and again. At most one
    /// optimal and one turn-by-turn (casual) table, for the rules of the table in play; each says whether it
    /// looks ahead (optimal) or only at the turn in hand (myopic).
    kept: Vec<(bool, ValueTable)>,
    /// Column Yam: the ordered columns' values of the column player on the optimal table of these rules.
    ordered: Option<(Rules, OrderedValues)>,
    /// The spread of the optimal table of these rules: the chances to win, the Winner's moves.
    spread: Option<(Rules, Spread)>,
    /// The table and then the spread of a table of several players, built between requests.
    warming: Option<Warming>,
}

impl Engine {
    fn post(&self, reply: SolverReply) {
        let _ = self.scope.post_message(&reply.to_json().into());
    }

    async fn serve(&mut self, request: SolverRequest) -> SolverReply {
        let started = js_sys::Date::now();
        match request {
            SolverRequest::Solve { id, rules } => {
                let (table, from_device) = self.table_for(rules, Level::Optimal).await;
                SolverReply::Solved {
                    id,
                    rules,
                    expected: table.expected_score(),
                    states: table.reachable_states(),
                    ms: js_sys::Date::now() - started,
                    from_device,
                }
            }
            SolverRequest::Prepare { rules } => {
                // Another table opened: a build for the one before is of no use now.
                self.warming.take_if(|warming| warming.rules() != rules);
                let at_hand = match self.position_of(rules, true) {
                    Some(_) => true,
                    None => match self.read_kept(rules).await {
                        Some(table) => {
                            self.kept.push((true, table));
                            true
                        }
                        None => false,
                    },
                };
                SolverReply::Prepared { rules, at_hand }
            }
            SolverRequest::WarmUp { rules } => {
                self.warm_up(rules).await;
                SolverReply::Prepared {
                    rules,
                    at_hand: self.warming.is_none(),
                }
            }
            SolverRequest::Advise {
                id,
                rules,
                filled,
                dice,
                rolls_left,
            } => {
                let (table, _) = self.table_for(rules, Level::Optimal).await;
                match advise(table, &filled, dice, rolls_left) {
                    Ok(advice) => SolverReply::Advice {
                        id,
                        options: advice
                            .options
                            .iter()
                            .map(|rated| RatedOption {
                                choice: rated.choice.into(),
                                expected_remaining: rated.expected_remaining,
                                win: None,
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
                let (table, _) = self.table_for(rules, level).await;
                match advise(table, &filled, dice, rolls_left) {
                    Ok(advice) => {
                        let choice = Bot::new(table, level.noise(), seed).choose(&advice);
                        let rated = advice.options.iter().find(|rated| rated.choice == choice);
                        SolverReply::Advice {
                            id,
                            options: vec![RatedOption {
                                choice: choice.into(),
                                expected_remaining: rated.map_or(0.0, |rated| rated.expected_remaining),
                                win: None,
                            }],
                        }
                    }
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
            SolverRequest::ToWin { id, game, ask } => {
                // Nobody has written a box yet: the game's opening answers at once (the chances, the hint for
                // the win, the Winner's move), while the table and its spread are still being worked out.
                let opening = self.opening_for(&game).map(|opening| opening.tables());
                let (table, spread) = match &opening {
                    Some((table, spread)) => (table, spread),
                    None => self.odds_for(game.rules()).await,
                };
                let mut odds = Odds::new(table, spread);
                let answer = match ask {
                    ToWin::Chances => odds
                        .game_chances(&game)
                        .map(|chances| SolverReply::WinChances { id, chances })
                        .map_err(|error| error.to_string()),
                    ToWin::Options => {
                        let rolls_left = game.rolls_left();
                        advise_to_win(&mut odds, &game, rolls_left)
                            .map(|options| SolverReply::Advice { id, options })
                    }
                    ToWin::Move { rolls_left } => {
                        advise_to_win(&mut odds, &game, rolls_left).map(|options| SolverReply::Advice {
                            id,
                            options: options.into_iter().take(1).collect(),
                        })
                    }
                };
                answer.unwrap_or_else(|message| SolverReply::Failed {
                    id: Some(id),
                    message,
                })
            }
            SolverRequest::AdviseByEstimate { id, game } => {
                let options = match game.rules().ruleset().saves_rolls {
                    true => (maxi_bot(game.rules(), Level::Optimal).rate(&game))
                        .map(|options| options.into_iter().map(rated_maxi_move).collect())
                        .map_err(|error| error.to_string()),
                    false => (self
                        .column_bot(game.rules().single_column(), Level::Optimal)
                        .await)
                        .options(&game)
                        .map(|options| options.into_iter().map(rated_column_move).collect())
                        .map_err(|error| error.to_string()),
                };
                match options {
                    Ok(options) => SolverReply::Advice { id, options },
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
            SolverRequest::EstimateBotMove {
                id,
                game,
                level,
                seed,
            } => {
                let doubt = &mut Rng::new(seed);
                let chosen = match game.rules().ruleset().saves_rolls {
                    true => (maxi_bot(game.rules(), level).choose(&game, level.noise(), doubt))
                        .map(rated_maxi_move)
                        .map_err(|error| error.to_string()),
                    false => (self.column_bot(game.rules().single_column(), level).await)
                        .choose(&game, level.noise(), doubt)
                        .map(rated_column_move)
                        .map_err(|error| error.to_string()),
                };
                match chosen {
                    Ok(option) => SolverReply::Advice {
                        id,
                        options: vec![option],
                    },
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
                let (table, _) = self.table_for(rules, Level::Optimal).await;
                match judge(table, &filled, dice, rolls_left, &played) {
                    Ok(verdict) => SolverReply::Verdict { id, verdict },
                    Err(message) => SolverReply::Failed {
                        id: Some(id),
                        message,
                    },
                }
            }
        }
    }

    /// The opening the worker keeps for the rules of a game nobody has written a box in, where the spread is
    /// not at hand yet.
    fn opening_for(&self, game: &Game) -> Option<Opening> {
        let at_hand = self
            .spread
            .as_ref()
            .is_some_and(|(rules, _)| *rules == game.rules());
        // Checked first: every ToWin asks, and reading a kept opening sets up the rules' state space.
        if at_hand || !Opening::holds(game) {
            return None;
        }
        fivedice_worker::opening(game.rules())
    }

    /// The optimal table of these (one-column) rules and its spread, each read from the device or built (and
    /// kept there) on first use: both in one pass where neither is at hand.
    async fn odds_for(&mut self, rules: Rules) -> (&ValueTable, &Spread) {
        self.warm_now(rules, true).await;
        if self.spread.as_ref().is_none_or(|(kept, _)| *kept != rules) {
            let spread = match self.optimal_at_hand(rules).await {
                Some((position, _)) => {
                    let table = &self.kept[position].1;
                    match self.read_kept_spread(table).await {
                        Some(spread) => spread,
                        None => {
                            let mut builder = SpreadBuilder::new(table);
                            in_slices(builder.progress(), |groups| builder.step(groups), &|reply| {
                                self.post(reply)
                            });
                            let spread = builder.finish();
                            self.keep_spread_on_device(table, &spread).await;
                            spread
                        }
                    }
                }
                None => {
                    let mut builder = TableAndSpreadBuilder::new(rules);
                    in_slices(builder.progress(), |groups| builder.step(groups), &|reply| {
                        self.post(reply)
                    });
                    let (table, spread) = builder.finish();
                    self.keep_on_device(&table).await;
                    self.keep_spread_on_device(&table, &spread).await;
                    self.kept.push((true, table));
                    spread
                }
            };
            self.spread = Some((rules, spread));
        }
        let (position, _) = self.keep_table(rules, Level::Optimal).await;
        let spread = &self.spread.as_ref().expect("at hand for these rules").1;
        (&self.kept[position].1, spread)
    }

    /// The column player of this level on the kept table of these (one-column) rules; the ordered columns'
    /// values it works out are kept for the next one.
    async fn column_bot(&mut self, rules: Rules, level: Level) -> ColumnBot<'_> {
        let (position, _) = self.keep_table(rules, level).await;
        let table = &self.kept[position].1;
        let kept = self
            .ordered
            .as_ref()
            .filter(|(of, _)| *of == rules && level.looks_ahead());
        match kept {
            Some((_, ordered)) => ColumnBot::with_ordered(table, Some(ordered.clone())),
            None => {
                let bot = ColumnBot::new(table);
                if let Some(ordered) = bot.ordered() {
                    self.ordered = Some((rules, ordered.clone()));
                }
                bot
            }
        }
    }

    /// The kept table these rules and this level play on (dropping tables of other rules): an optimal table
    /// is read from the device if it was kept there by an earlier visit, else built and kept there. Says
    /// whether it was read from the device.
    async fn table_for(&mut self, rules: Rules, level: Level) -> (&ValueTable, bool) {
        let (position, from_device) = self.keep_table(rules, level).await;
        (&self.kept[position].1, from_device)
    }

    /// Where `table_for`'s table is kept, and whether it was read from the device.
    async fn keep_table(&mut self, rules: Rules, level: Level) -> (usize, bool) {
        if !level.looks_ahead() {
            let position = self.position_of(rules, false).unwrap_or_else(|| {
                self.kept.push((false, ValueTable::myopic(rules)));
                self.kept.len() - 1
            });
            return (position, false);
        }
        self.warm_now(rules, false).await;
        if let Some(found) = self.optimal_at_hand(rules).await {
            return found;
        }
        let table = build(rules, &|reply| self.post(reply));
        self.keep_on_device(&table).await;
        self.kept.push((true, table));
        (self.kept.len() - 1, false)
    }

    /// Where the session keeps the optimal table of these rules, if it has it or the device keeps it (read
    /// then), and whether it was read from the device.
    async fn optimal_at_hand(&mut self, rules: Rules) -> Option<(usize, bool)> {
        if let Some(position) = self.position_of(rules, true) {
            return Some((position, false));
        }
        let table = self.read_kept(rules).await?;
        self.kept.push((true, table));
        Some((self.kept.len() - 1, true))
    }

    /// Where the session keeps the table of these rules that looks ahead (or not), if it does; tables of other
    /// rules are dropped.
    fn position_of(&mut self, rules: Rules, looks_ahead: bool) -> Option<usize> {
        self.kept.retain(|(_, table)| table.rules() == rules);
        self.kept.iter().position(|(ahead, _)| *ahead == looks_ahead)
    }
}

/// Lets the worker's events in (a request posted meanwhile) before it goes on: a task of its own, through
/// a zero-delay timer.
async fn next_task(scope: &DedicatedWorkerGlobalScope) {
    let timer = js_sys::Promise::new(&mut |resolve, _| {
        if scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .is_err()
        {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = JsFuture::from(timer).await;
}

/// Says in the console what went wrong with the kept tables; the engine carries on by building.
fn warn(message: &str) {
    web_sys::console::warn_1(&format!("strategy engine: {message}").into());
}
