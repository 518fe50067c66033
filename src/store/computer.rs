//! Computer players: when one is to play, it plays its turn one visible action at a time at the table's pace
//! (roll, hold what it keeps, open the picker on its cell, confirm), asking the engine at each decision. The
//! turn itself is played from the engine's chunk.

use fivedice_rules::{Game, Move, Place};
use fivedice_worker::Level;
use leptos::prelude::*;

use crate::engine::{Answer, EngineError};
use crate::table::Table;

use super::Reading as _;
use super::{Controls, GameStore};

/// The state of the computer players' turns: whether one is being played, and what it decided last.
#[derive(Clone, Copy)]
pub struct ComputerDriver {
    busy: StoredValue<bool>,
    plan: StoredValue<Option<Plan>>,
}

impl ComputerDriver {
    pub fn new() -> ComputerDriver {
        ComputerDriver {
            busy: StoredValue::new(false),
            plan: StoredValue::new(None),
        }
    }

    /// Whether a computer's turn is being played.
    fn busy(&self) -> bool {
        self.busy.get_value()
    }

    /// A computer's turn begins, or ends (done, or it could not go on).
    fn set_busy(&self, busy: bool) {
        self.busy.set_value(busy);
    }

    /// What it decided at `at` (entries written, rolls used), to carry out at its next step.
    fn decided(&self, at: (usize, u8), rolls_again: bool) {
        self.plan.set_value(Some(Plan { at, rolls_again }));
    }

    /// What it decided at this point of its turn, taken to be carried out (one decided at another point is
    /// left for the next decision to replace).
    fn take_plan(&self, now: (usize, u8)) -> Option<Plan> {
        let planned = self.plan.get_value().filter(|plan| plan.at == now);
        if planned.is_some() {
            self.plan.set_value(None);
        }
        planned
    }
}

impl Default for ComputerDriver {
    fn default() -> ComputerDriver {
        ComputerDriver::new()
    }
}

/// What the computer player decided at a point of its turn, to carry out at its next step.
#[derive(Clone, Debug, PartialEq)]
struct Plan {
    /// Entries written and rolls used when it decided.
    at: (usize, u8),
    /// Whether it rolls again (false: it keeps all the dice, so its next decision is the cell).
    rolls_again: bool,
}

/// A computer player's turn, `paces` of the table's pace from now: in the engine's chunk, which it asks at each
/// decision (a table of people alone never fetches it).
#[wasm_split_helpers::wasm_split(engine, fallible)]
fn computer_player() -> Result<fn(GameStore, u32), wasm_split_helpers::SplitLoaderError> {
    Ok(|store, paces| store.computers().step_after(paces))
}

/// How many of the table's paces a computer waits before its turn when a person could still undo their box.
const UNDO_PACES: u32 = 4;

/// The one move a computer player's request comes back with.
fn bot_move(answer: Result<Answer, EngineError>) -> Result<Move, EngineError> {
    match answer? {
        Answer::Advice(options) => options
            .into_iter()
            .next()
            .map(|option| option.choice)
            .ok_or(EngineError::NoAdvice),
        Answer::Solved { .. } | Answer::Verdict(_) | Answer::Chances(_) => Err(EngineError::WrongAnswer),
    }
}

/// A repeatable seed for a computer player's decision: the same table at the same point decides the same.
fn decision_seed(table: &Table, game: &Game) -> u64 {
    let point = (game.log().len() as u64) << 8 | u64::from(game.turn().rolls_used);
    // FNV-1a over the table id, then the point in the game.
    table.id().bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    }) ^ point
}

/// The computer players at the table: when one is to play, it plays its turn through the table's controls,
/// one visible action at a time at the table's pace, asking the engine at each decision.
#[derive(Clone, Copy)]
pub struct ComputerPlayers {
    pub(super) store: GameStore,
}

impl ComputerPlayers {
    /// While the caller's view lives: whenever the table changes, a computer player whose turn it is plays on.
    pub fn keep_playing(&self) {
        let players = *self;
        Effect::new(move |_| {
            players.store.table.track();
            // Online, also when the connection comes back (the computer's turn may wait for it).
            players.store.connection.track();
            players.play();
        });
    }

    /// Plays the computer players' turns until a person is to play. Called whenever the table changes; a turn
    /// already being played is left to go on.
    pub fn play(&self) {
        let store = self.store;
        // Online, the host's device plays the computer players; the others only watch them.
        if store.computer.busy() || !self.controls().computer_playing() || store.acting_seat().is_none() {
            return;
        }
        store.computer.set_busy(true);
        // A person who has just written a box may take it back until the computer rolls: it waits longer
        // before its first roll, so that Undo is there to be seen and pressed.
        let paces = if store.table.undoable().get_untracked().is_some() {
            UNDO_PACES
        } else {
            1
        };
        leptos::task::spawn_local(async move {
            match computer_player().await {
                Ok(play) => play(store, paces),
                Err(_) => {
                    store.computer.set_busy(false);
                    store.tell(store.words().not_fetched_offline);
                }
            }
        });
    }

    fn controls(&self) -> Controls<'_> {
        self.store.controls()
    }

    fn next_step(&self) {
        self.step_after(1);
    }

    /// The computer's next action, `paces` times the table's pace from now.
    fn step_after(&self, paces: u32) {
        let players = *self;
        let delay = self
            .store
            .table
            .with_untracked(|table| table.as_ref().map_or(0, |t| t.bot_delay_ms()))
            .saturating_mul(paces);
        set_timeout(
            move || players.step(),
            std::time::Duration::from_millis(u64::from(delay)),
        );
    }

    /// One action of the computer player to play: roll, hold what it keeps, or take a cell (picker, then
    /// confirm).
    fn step(&self) {
        let (store, controls) = (self.store, self.controls());
        if untrack(|| store.table.awaiting_answer()) {
            // Online: the last move is on its way; the next one is decided on the table it makes.
            return self.next_step();
        }
        let here = store.acting_seat().is_some();
        let Some((game, level, seed)) = store.table.with_untracked(|table| {
            let table = table.as_ref().filter(|_| here)?;
            let level = table.computer_to_play()?;
            let game = table.game()?;
            Some((game.clone(), level, decision_seed(table, game)))
        }) else {
            store.computer.set_busy(false);
            return;
        };
        if store.table.picker_now().is_some() {
            controls.write_chosen();
            return self.next_step();
        }
        let Some(dice) = game.turn().dice else {
            controls.roll_dice();
            return self.next_step();
        };
        let now = (game.log().len(), game.turn().rolls_used);
        if let Some(plan) = store.computer.take_plan(now) {
            if plan.rolls_again {
                controls.roll_dice();
                return self.next_step();
            }
            return self.choose_cell(&game, level, seed);
        }
        let rolls_left = game.rolls_left();
        if rolls_left == 0 {
            return self.choose_cell(&game, level, seed);
        }
        let (players, turn) = (*self, *game.turn());
        store
            .engine
            .bot_move(&game, level, rolls_left, seed, move |answer| {
                match bot_move(answer) {
                    Ok(keep @ Move::Keep(_)) => {
                        for hold in turn.holding(keep.holds(dice)) {
                            players.controls().send_play(hold);
                        }
                        let rolls_again = !matches!(&keep, Move::Keep(faces) if faces.len() == dice.count());
                        store.computer.decided(now, rolls_again);
                        players.next_step();
                    }
                    Ok(Move::Cell(place)) => players.takes(place),
                    Ok(Move::Announce(category)) => {
                        // Then it decides again, bound by its announcement.
                        players.controls().announce_box(category);
                        players.next_step();
                    }
                    Err(error) => players.failed(error),
                }
            });
    }

    /// The computer player's cell for the dice on the table, shown in the picker before it is confirmed.
    fn choose_cell(&self, game: &Game, level: Level, seed: u64) {
        let players = *self;
        self.store
            .engine
            .bot_move(game, level, 0, seed, move |answer| match bot_move(answer) {
                Ok(Move::Cell(place)) => players.takes(place),
                Ok(Move::Keep(_) | Move::Announce(_)) => players.failed(EngineError::WrongAnswer),
                Err(error) => players.failed(error),
            });
    }

    /// Opens the picker on the computer player's box; its next step confirms it.
    fn takes(&self, place: Place) {
        self.controls().pick(place);
        self.next_step();
    }

    fn failed(&self, error: EngineError) {
        self.store.computer.set_busy(false);
        let words = self.store.words();
        self.store
            .tell((words.computer_failed)(&(words.engine_failed)(&error)));
    }
}
