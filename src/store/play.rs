//! Taps on the dice and the sheet: roll, hold, open the picker on a cell, choose a value, write it, undo, who
//! starts. Each becomes one play for the table's host ([`super::host`]); the game changes when the host's
//! event is back, on one device as online. People's taps wait while a computer player is playing.

use fivedice_room::Action;
use fivedice_rules::{
    Category, Column, Dice, Face, FirstPlayerRoll, GameError, Place, Play, Preview, TiedRollOff,
};

use super::GameStore;
use super::Reading as _;

/// The value picker open on a box: which box (a cell, in its column), the value chosen in it so far, and
/// (score pad) whether the player adds a Yahtzee bonus with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picker {
    pub place: Place,
    pub chosen: Option<u16>,
    pub bonus: bool,
    /// Generala on a score pad: the box was made on the turn's first roll.
    pub first_roll: bool,
    /// Column Yam: announcing the box is chosen, not writing it (the default where it may be announced).
    pub announcing: bool,
}

/// What a player does at the table: roll, hold, open the picker on a box, choose and write a value, undo, and
/// (score pad) who starts. Each becomes one play for the table's host through the store's one path; people's
/// taps wait while a computer player is playing.
pub struct Controls<'a> {
    pub(super) store: &'a GameStore,
}

impl Controls<'_> {
    /// Whether a computer player is to play: people's taps on the dice and the sheet wait until it is done.
    pub(super) fn computer_playing(&self) -> bool {
        self.store
            .table
            .with_untracked(|table| table.as_ref().and_then(|t| t.computer_to_play()).is_some())
    }

    pub fn roll(&self) {
        if !self.computer_playing() {
            self.roll_dice();
        }
    }

    /// Asks for a roll of the dice that are not held (the host draws them).
    pub(super) fn roll_dice(&self) {
        self.store.table.close_picker();
        if let Some(Err(reason)) = self.store.table.game_now(|game| game.check_roll()) {
            return super::refusals::tell_refused(*self.store, reason);
        }
        self.store.play(Action::Roll);
    }

    pub fn toggle_hold(&self, die: usize) {
        if !self.computer_playing() {
            self.hold_die(die);
        }
    }

    /// Holds a free die or frees a held one.
    pub(super) fn hold_die(&self, die: usize) {
        let held = self
            .store
            .table
            .game_now(|game| game.turn().held.get(die).copied());
        let play = match held.flatten() {
            Some(true) => Play::Release(die),
            _ => Play::Hold(die),
        };
        self.send_play(play);
    }

    /// Sends a play the rules allow now; one they do not is refused here with their reason, as the host
    /// would refuse it. Whether it was sent.
    pub(super) fn send_play(&self, play: Play) -> bool {
        match self.store.table.game_now(|game| game.check(&play)) {
            Some(Err(reason)) => {
                super::refusals::tell_refused(*self.store, reason);
                false
            }
            Some(Ok(())) => self.store.play(Action::Play(play)),
            None => false,
        }
    }

    pub fn open_picker(&self, place: Place) {
        let tie_to_roll_again = self.store.table.tie_to_roll_again();
        if !self.computer_playing() && !tie_to_roll_again && self.store.acting_seat().is_some() {
            self.pick(place);
        }
    }

    /// Column Yam: announces the box of the announced column this turn will end in.
    pub(super) fn announce_box(&self, category: Category) {
        self.send_play(Play::Announce(category));
    }

    /// Opens the picker on a box; with dice on the table, the one value they score there is chosen already,
    /// unless the box may be announced now (column Yam), which is then the choice offered first.
    pub(super) fn pick(&self, place: Place) {
        let Some(preview) = self.store.table.game_now(|game| game.preview(place)) else {
            return;
        };
        let chosen = match preview {
            Ok(Preview::Scores(points)) => Some(points),
            Ok(Preview::Write) => None,
            Err(reason) => return super::refusals::tell_refused(*self.store, reason),
        };
        let announcing = self
            .store
            .table
            .game_now(|game| place.column == Column::Announced && game.check_announce(place.category).is_ok())
            .unwrap_or(false);
        self.store.table.open_picker(Picker {
            place,
            chosen,
            bonus: false,
            first_roll: false,
            announcing,
        });
    }

    /// Score pad: the five faces the player rolled for real; the rules then score them in every open cell,
    /// and the picker shows their score once the host has the dice. Returns false (and says why) when the
    /// dice could not be entered, or cannot go in the cell the picker is open on.
    pub fn enter_dice(&self, dice: Dice) -> bool {
        let picking = self.store.table.picker_now().is_some();
        self.send_play(Play::EnterDice(dice)) && (!picking || self.store.table.picker_now().is_some())
    }

    /// Score pad: forget the entered dice and go back to writing values by hand.
    pub fn clear_dice(&self) {
        self.store.table.close_picker();
        self.send_play(Play::ClearDice);
    }

    /// Before anybody plays: the table chooses who starts instead of the app's roll-off (a tied roll-off is
    /// then forgotten).
    pub fn choose_first_seat(&self, seat: usize) {
        self.store.table.forget_roll_off();
        self.set_first_player(FirstPlayerRoll {
            rounds: Vec::new(),
            first_seat: seat,
        });
    }

    /// A score pad that asks who starts, opened by an address: the seat its dice drew starts.
    pub(super) fn keep_first_seat_drawn(&self) {
        let drawn = self.store.table.game_now(|game| game.current_seat());
        if let Some(seat) = drawn.filter(|_| self.store.table().who_starts_asked().get_untracked()) {
            self.choose_first_seat(seat);
        }
    }

    /// Before anybody plays: one round of the roll-off the table makes with its own dice, typed in (every
    /// seat the first time; after a tie, those tied). The highest starts; on a tie for the highest, the seats
    /// that must roll again, and until they have, no box is written: the game would start with someone else.
    pub fn type_roll_off(&self, round: Vec<(usize, Face)>) -> Option<TiedRollOff> {
        match self.store.table.type_roll_off(round) {
            Ok(roll) => {
                self.set_first_player(roll);
                None
            }
            Err(tied) => Some(tied),
        }
    }

    /// Who starts is the host's to say: the play goes as the host's seat (every seat, on one device).
    fn set_first_player(&self, roll: FirstPlayerRoll) {
        let play = Play::FirstPlayer(roll);
        if let Some(Err(reason)) = self.store.table.game_now(|game| game.check(&play)) {
            return super::refusals::tell_refused(*self.store, reason);
        }
        let host = self
            .store
            .table
            .with_untracked(|table| table.as_ref()?.room().host());
        if let Some(host) = host {
            self.store.act_as(host, Action::Play(play), true);
        }
    }

    /// Score pad without dice: add (or not) the Yahtzee bonus to the cell being written.
    /// Score pad: adds the five-of-a-kind bonus to the box, or (`first_roll`, Generala) says it was made on the
    /// turn's first roll; a second tap takes it back. A generala said made on the first roll, with no value
    /// chosen yet, is the box's full value (nobody says that of a crossed-out one).
    pub fn toggle_flag(&self, first_roll: bool) {
        if self.computer_playing() {
            return;
        }
        let best = self.store.table.picker_now().and_then(|picker| {
            let offers = self
                .store
                .table
                .game_now(|game| game.offers(picker.place.category));
            offers
                .and_then(Result::ok)
                .and_then(|offers| offers.into_iter().max())
        });
        self.store.table.change_picker(|picker| {
            let flag = if first_roll {
                &mut picker.first_roll
            } else {
                &mut picker.bonus
            };
            *flag = !*flag;
            if first_roll && picker.first_roll && picker.chosen.is_none() {
                picker.chosen = best;
            }
        });
    }

    pub fn choose(&self, value: u16) {
        if self.computer_playing() {
            return;
        }
        self.store.table.change_picker(|picker| {
            picker.chosen = Some(value);
            picker.announcing = false;
        });
    }

    /// Column Yam: chooses announcing the box the picker is open on.
    pub fn choose_announcing(&self) {
        if self.computer_playing() {
            return;
        }
        self.store.table.change_picker(|picker| picker.announcing = true);
    }

    /// Closes the picker; a computer player's choice shown in it is not a person's to change or close.
    pub fn cancel(&self) {
        if !self.computer_playing() {
            self.store.table.close_picker();
        }
    }

    pub fn confirm(&self) {
        if !self.computer_playing() {
            self.write_chosen();
        }
    }

    /// Writes the chosen value: the rules score the dice (app dice, or dice entered), or check the value
    /// written by hand (score pad); a 0 where the dice score something is crossing the cell out.
    pub(super) fn write_chosen(&self) {
        let Some(picker) = self.store.table.picker_now() else {
            return;
        };
        if picker.announcing {
            self.store.table.close_picker();
            self.announce_box(picker.place.category);
            return;
        }
        let Picker {
            place,
            chosen: Some(value),
            bonus,
            first_roll,
            ..
        } = picker
        else {
            return;
        };
        let play = match self.store.table.game_now(|game| game.preview(place)) {
            Some(Ok(Preview::Scores(points))) if value == 0 && points != 0 => Play::CrossOut(place),
            Some(Ok(Preview::Scores(_))) => Play::Score(place),
            Some(Ok(Preview::Write)) => {
                // A value the box holds only when made on the first roll says so itself (Generala's 35).
                let rules = self.store.table.game_now(|game| game.rules());
                let only_first =
                    rules.is_some_and(|rules| rules.can_hold(place.category, value, false) == Ok(false));
                Play::Write {
                    place,
                    value,
                    bonus,
                    first_roll: first_roll || only_first,
                }
            }
            Some(Err(reason)) => return super::refusals::tell_refused(*self.store, reason),
            None => return,
        };
        self.store.table.close_picker();
        self.send_play(play);
    }

    /// Takes back what the rules allow (the box announced this turn until the next roll, or the last box
    /// written), for the seat it belongs to, if a person at this device (a computer's is nobody's to take back).
    pub fn undo(&self) {
        self.store.table.close_picker();
        if let Some(Err(reason)) = self.store.table.game_now(|game| game.check(&Play::Undo)) {
            return super::refusals::tell_refused(*self.store, reason);
        }
        match self.store.table.undoable().get_untracked() {
            Some((seat, _)) => {
                self.store.act_as(seat, Action::Play(Play::Undo), true);
            }
            None => super::refusals::tell_refused(*self.store, GameError::NothingToUndo),
        }
    }
}
