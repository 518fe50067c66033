//! The game's own actions: roll, hold, open the picker on a cell, choose a value, write it, undo. Each asks the
//! rules crate first; people's taps wait while a computer player is playing. At an online table each becomes
//! a message to the room server instead (see [`super::online`]), and the game changes when its event is back.

use fivedice_room::Action;
use fivedice_rules::{Category, Dice, Face, FirstPlayerRoll, GameError, Place, Preview, TiedRollOff};
use leptos::prelude::*;

use super::GameStore;

/// The value picker open on a box: which box (a cell, in its column), the value chosen in it so far, and
/// (score pad) whether the player adds a Yahtzee bonus with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picker {
    pub place: Place,
    pub chosen: Option<u16>,
    pub bonus: bool,
}

impl GameStore {
    /// Whether a computer player is to play: people's taps on the dice and the sheet wait until it is done.
    pub(super) fn computer_playing(&self) -> bool {
        self.table
            .with_untracked(|table| table.as_ref().and_then(|t| t.computer_to_play()).is_some())
    }

    pub fn roll(&self) {
        if !self.computer_playing() {
            self.roll_dice();
        }
    }

    /// Rolls the dice that are not held, recording the keep it stands for (for the coach).
    pub(super) fn roll_dice(&self) {
        self.picker.set(None);
        if self.is_online() {
            return self.send_turn_action(Action::Roll);
        }
        let rolled = self.act(|table| {
            let decision = table.keep_decision();
            table.game.roll(&mut table.dice)?;
            table.decisions.extend(decision);
            Ok(())
        });
        if rolled.is_some() {
            self.judge_last_decision();
        }
    }

    pub fn toggle_hold(&self, die: usize) {
        if !self.computer_playing() {
            self.hold_die(die);
        }
    }

    /// Holds a free die or frees a held one.
    pub(super) fn hold_die(&self, die: usize) {
        if self.is_online() {
            return self.send_turn_action(Action::Hold { die });
        }
        self.act(|table| table.game.toggle_hold(die));
    }

    pub fn open_picker(&self, place: Place) {
        if !self.computer_playing() && self.plays_turn_here() {
            self.pick(place);
        }
    }

    /// Column Yam: announces the box of the announced column this turn will end in.
    pub fn announce(&self, category: Category) {
        if !self.computer_playing() && self.plays_turn_here() {
            self.announce_box(category);
        }
    }

    pub(super) fn announce_box(&self, category: Category) {
        if self.is_online() {
            return self.send_turn_action(Action::Announce { category });
        }
        self.act(|table| table.game.announce(category));
    }

    /// Opens the picker on a box; with dice on the table, the one value they score there is chosen already.
    pub(super) fn pick(&self, place: Place) {
        let Some(preview) = self.game_now(|game| game.preview(place)) else {
            return;
        };
        let chosen = match preview {
            Ok(Preview::Scores(points)) => Some(points),
            Ok(Preview::Write) => None,
            Err(reason) => return self.tell((self.words().refused)(&reason)),
        };
        self.picker.set(Some(Picker {
            place,
            chosen,
            bonus: false,
        }));
    }

    /// Score pad: the five faces the player rolled for real; the rules then score them in every open cell.
    /// Returns false (and says why) when the dice cannot go in the cell the picker is open on.
    pub fn enter_dice(&self, dice: Dice) -> bool {
        if self.is_online() {
            // The picker stays open: the cell's score shows once the room has the dice.
            self.send_turn_action(Action::EnterDice { dice });
            return true;
        }
        if self.act(|table| table.game.enter_dice(dice)).is_none() {
            return false;
        }
        let Some(place) = self.picker.with_untracked(|picker| picker.map(|p| p.place)) else {
            return true;
        };
        match self.game_now(|game| game.preview(place)) {
            Some(Ok(Preview::Scores(points))) => {
                self.choose(points);
                true
            }
            Some(Ok(Preview::Write)) | None => true,
            Some(Err(reason)) => {
                self.picker.set(None);
                self.tell((self.words().refused)(&reason));
                false
            }
        }
    }

    /// Score pad: forget the entered dice and go back to writing values by hand.
    pub fn clear_dice(&self) {
        self.picker.set(None);
        if self.is_online() {
            return self.send_turn_action(Action::ClearDice);
        }
        self.act(|table| table.game.clear_dice());
    }

    /// Before anybody plays (a local table): the table chooses who starts instead of the app's roll-off.
    pub fn choose_first_seat(&self, seat: usize) {
        self.set_first_player(FirstPlayerRoll {
            rounds: Vec::new(),
            first_seat: seat,
        });
    }

    /// Before anybody plays (a local table): the roll-off the table made with its own dice, typed in. The
    /// highest starts; on a tie for the highest, the seats that must roll again.
    pub fn type_roll_off(&self, rounds: Vec<Vec<(usize, Face)>>) -> Option<TiedRollOff> {
        match FirstPlayerRoll::typed(rounds) {
            Ok(roll) => {
                self.set_first_player(roll);
                None
            }
            Err(tied) => Some(tied),
        }
    }

    fn set_first_player(&self, roll: FirstPlayerRoll) {
        if self.is_online() {
            return;
        }
        self.act(|table| {
            table.game.choose_first_seat(roll.first_seat)?;
            table.first_player_roll = roll;
            Ok(())
        });
    }

    /// Score pad without dice: add (or not) the Yahtzee bonus to the cell being written.
    pub fn toggle_bonus(&self) {
        self.picker.update(|picker| {
            if let Some(picker) = picker {
                picker.bonus = !picker.bonus;
            }
        });
    }

    pub fn choose(&self, value: u16) {
        self.picker.update(|picker| {
            if let Some(picker) = picker {
                picker.chosen = Some(value);
            }
        });
    }

    pub fn cancel(&self) {
        self.picker.set(None);
    }

    pub fn confirm(&self) {
        if !self.computer_playing() {
            self.write_chosen();
        }
    }

    /// Writes the chosen value: the rules score the dice (app dice, or dice entered), or check the value
    /// written by hand (score pad).
    pub(super) fn write_chosen(&self) {
        let Some(Picker {
            place,
            chosen: Some(value),
            bonus,
        }) = self.picker.get_untracked()
        else {
            return;
        };
        if self.is_online() {
            return self.send_cell(place, value, bonus);
        }
        let written = self.act(|table| {
            let decision = table.cell_decision(place.category);
            match table.game.preview(place)? {
                // Crossed out on purpose: not the move the coach judges (it scores the dice), so not judged.
                Preview::Scores(points) if value == 0 && points != 0 => {
                    return table.game.cross_out(place).map(drop);
                }
                Preview::Scores(_) => table.game.score(place).map(drop)?,
                Preview::Write => table.game.write(place, value, bonus).map(drop)?,
            }
            table.decisions.extend(decision);
            Ok(())
        });
        if written.is_some() {
            self.picker.set(None);
            self.judge_last_decision();
            self.record_if_finished();
        }
    }

    /// Takes back the last cell written, while the rules allow it and a person wrote it.
    pub fn undo(&self) {
        self.picker.set(None);
        if self.is_online() {
            return self.send_undo();
        }
        let undone = self.act(|table| {
            // The rules' reason first; past that, a computer player's cell is nothing a person can take back.
            if table.game.can_undo() && !table.can_undo() {
                return Err(GameError::NothingToUndo);
            }
            let entry = table.game.undo()?;
            table.forget_undone_decisions();
            Ok(entry)
        });
        if undone.is_some() {
            self.forget_finished_game();
        }
    }
}
