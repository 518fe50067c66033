//! A finished game, step by step, as a replay shows it: each roll, hold and box of its log in turn, with the
//! game as it stood after it, and the decision the step took (what the engine weighs). Made by the rules
//! alone, from the log a link or the history keeps, so the last step is the game as it ended.

use fivedice_room::{DiceCheck, Event, Room, RoomName, check_dice};
use fivedice_rules::{Game, Play, Turn};

use crate::{Decision, KeptGame};

/// One play of the game, and the game after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The seat that played it.
    pub seat: usize,
    pub play: Play,
    /// The game once it was played.
    pub game: Game,
    /// The dice as the step shows them: the turn after a roll or a hold, the dice written for a box (the
    /// turn has passed by then).
    pub turn: Turn,
    /// The rolls the player had left with those dice.
    pub rolls_left: u8,
    /// The decision the play took, where the engine judges one: keeping the held dice (a roll after the
    /// first), or the box written for the dice.
    pub decision: Option<Decision>,
}

/// A finished game's plays, in order, and what checking its dice found.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The game before anybody played (step 0 of the replay).
    pub start: Game,
    pub steps: Vec<Step>,
    pub dice: DiceCheck,
}

impl Replay {
    /// The replay of a kept game (one a link carried, or the history's), refused where its log does not
    /// replay to a finished game.
    pub fn of(kept: &KeptGame) -> Result<Replay, String> {
        let damaged = |error: &dyn std::fmt::Display| format!("finished game {}: {error}", kept.table_id);
        let log = kept.log().map_err(|error| damaged(&error))?;
        let name = RoomName::parse(&kept.table_id).map_err(|error| damaged(&error))?;
        let dice = check_dice(name.clone(), &log).map_err(|error| damaged(&error))?;
        let mut room = Room::new(name);
        let mut start = None;
        let mut steps = Vec::new();
        for entry in &log {
            let before = room.game().cloned();
            room.apply_entry(entry).map_err(|error| damaged(&error))?;
            let (Some(before), Event::Played { play, .. }) = (before, &entry.event) else {
                start = start.or_else(|| room.game().cloned());
                continue;
            };
            let game = room
                .game()
                .cloned()
                .ok_or_else(|| damaged(&"a play before the game"))?;
            // The dice of a box are those it was written with: the turn before it passed.
            let shown = if play.writes_a_box() { &before } else { &game };
            steps.push(Step {
                seat: before.current_seat(),
                play: play.clone(),
                turn: *shown.turn(),
                rolls_left: shown.rolls_left(),
                decision: decision(&before, play),
                game,
            });
        }
        let start = start.ok_or_else(|| damaged(&"the game never started"))?;
        if !steps.last().is_some_and(|step| step.game.is_over()) {
            return Err(damaged(&"the game is not over"));
        }
        Ok(Replay { start, steps, dice })
    }

    /// The play of step `n` (the first is 1; step 0, before any play, has none).
    pub fn step(&self, n: usize) -> Option<&Step> {
        self.steps.get(n.checked_sub(1)?)
    }

    /// The game at step `n`: before any play at 0, as it ended at the last.
    pub fn game_at(&self, n: usize) -> &Game {
        match self.step(n) {
            Some(step) => &step.game,
            None if n == 0 => &self.start,
            None => self.steps.last().map_or(&self.start, |step| &step.game),
        }
    }
}

/// The decision a play took on the game before it, as the table records it for the coach: a roll is keeping
/// the held dice; writing the dice in a box is choosing it.
fn decision(before: &Game, play: &Play) -> Option<Decision> {
    match play {
        Play::Roll(_) => Decision::keep(before),
        Play::Score(place) | Play::Write { place, .. } => Decision::cell(before, place.category),
        _ => None,
    }
}
