//! Everything a player can do to a game, as one vocabulary: a [`Play`] is checked by [`Game::check`] and
//! applied by [`Game::play`], the one way a game changes. The app, the rooms, the command line and the
//! computer players all speak it; a refused play is a typed [`GameError`] and leaves the game as it was.

use serde::{Deserialize, Serialize};

use super::{DiceMode, Entry, Game, Preview, Turn};
use crate::category::Category;
use crate::column::{Column, Place};
use crate::dice::DiceSource;
use crate::dice::{Dice, Face, MAX_DICE};
use crate::game::GameError;
use crate::start::FirstPlayerRoll;

/// One thing a player does to a game. A play is complete in itself: a roll carries the dice it gave, so a
/// log of plays replays to the same game without drawing a die ([`Game::draw`] makes a roll from a source).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    /// Roll the dice that are not held (all five on the first roll): the dice on the table after the roll,
    /// the held ones as they were.
    Roll(Dice),
    /// Hold a free die (0 to 4), so the next roll keeps it.
    Hold(usize),
    /// Free a held die.
    Release(usize),
    /// Column Yam: after the first roll, announce the box of the announced column the turn will end in.
    Announce(Category),
    /// Write what the dice on the table score in a box (the app's dice, or dice entered on a score pad).
    Score(Place),
    /// Cross a box out on purpose, whatever the dice score there (a sheet that allows it: Yam).
    CrossOut(Place),
    /// Score pad without dice: write a value the box can hold, with the five-of-a-kind bonus if asked, made on
    /// the turn's first roll or not (where the rules pay for that: Generala).
    Write {
        place: Place,
        value: u16,
        bonus: bool,
        /// Left out where false, so a play reads as it did before Generala.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        first_roll: bool,
    },
    /// Score pad: the dice rolled for real, to be scored by the rules.
    EnterDice(Dice),
    /// Score pad: forget the entered dice.
    ClearDice,
    /// Before anybody plays: who starts, by the table's own roll-off typed in, or simply chosen (no rounds).
    FirstPlayer(FirstPlayerRoll),
    /// Take back what [`Game::undoable`] names: the box announced this turn until the next roll, or else the
    /// last box written, with its turn as it stood, until the next player rolls.
    Undo,
}

impl Play {
    /// Whether this play writes a box, which ends the turn.
    pub fn writes_a_box(&self) -> bool {
        matches!(self, Play::Score(_) | Play::CrossOut(_) | Play::Write { .. })
    }
}

/// What an undo takes back now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undoable {
    /// Column Yam: the box announced this turn (not rolled since).
    Announcement(Category),
    /// The last box written (its index in the game's log).
    Entry(usize),
}

impl Turn {
    /// The holds and releases that leave exactly the `wanted` dice held.
    pub fn holding(&self, wanted: [bool; MAX_DICE]) -> impl Iterator<Item = Play> + use<> {
        let held = self.held;
        (0..MAX_DICE)
            .filter(move |&die| held[die] != wanted[die])
            .map(move |die| {
                if wanted[die] {
                    Play::Hold(die)
                } else {
                    Play::Release(die)
                }
            })
    }
}

impl Game {
    /// Whether `play` is legal now, and why not.
    pub fn check(&self, play: &Play) -> Result<(), GameError> {
        match play {
            Play::Roll(dice) => self.check_roll_gave(*dice),
            Play::Hold(die) => self.check_hold(*die).and_then(|()| match self.turn.held[*die] {
                true => Err(GameError::AlreadyHeld(*die)),
                false => Ok(()),
            }),
            Play::Release(die) => self.check_hold(*die).and_then(|()| match self.turn.held[*die] {
                true => Ok(()),
                false => Err(GameError::NotHeld(*die)),
            }),
            Play::Announce(category) => self.check_announce(*category),
            Play::Score(place) => match self.preview(*place)? {
                Preview::Scores(_) => Ok(()),
                Preview::Write => Err(GameError::NotRolled),
            },
            Play::CrossOut(place) => self.check_cross_out(*place),
            Play::Write {
                place,
                value,
                bonus,
                first_roll,
            } => self.check_write(*place, *value, *bonus, *first_roll),
            Play::EnterDice(dice) => {
                self.expect_mode(DiceMode::Pad)?;
                self.check_dice_count(*dice)
            }
            Play::ClearDice => self.expect_mode(DiceMode::Pad),
            Play::FirstPlayer(roll) => self.check_first_player(roll),
            Play::Undo => self.check_undo(),
        }
    }

    /// Applies a legal play; a refused one changes nothing and says why.
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        self.check(play)?;
        match play {
            Play::Roll(dice) => {
                self.turn.dice = Some(*dice);
                self.turn.rolls_used += 1;
            }
            Play::Hold(die) => self.turn.held[*die] = true,
            Play::Release(die) => self.turn.held[*die] = false,
            Play::Announce(category) => self.turn.announced = Some(*category),
            Play::Score(place) => {
                let scores = self.scores_in(place.column);
                let points = scores.as_ref().and_then(|scores| scores.get(place.category));
                let bonus = scores.is_some_and(|scores| scores.bonus > 0);
                let first_roll = self.on_first_roll() && self.rules.house().is_some();
                self.record(*place, points.unwrap_or(0), bonus, first_roll);
            }
            Play::CrossOut(place) => self.record(*place, 0, false, false),
            Play::Write {
                place,
                value,
                bonus,
                first_roll,
            } => self.record(*place, *value, *bonus, *first_roll),
            Play::EnterDice(dice) => self.turn.dice = Some(*dice),
            Play::ClearDice => self.turn = Turn::default(),
            Play::FirstPlayer(roll) => self.first_seat = roll.first_seat,
            Play::Undo => self.take_back(),
        }
        Ok(())
    }

    /// The roll the current player makes now with dice from `source`: every die that is not held is drawn
    /// (every die on the first roll), in order. Nothing changes until the roll is played.
    pub fn draw(&self, source: &mut impl DiceSource) -> Result<Play, GameError> {
        self.check_roll()?;
        let held = self.turn.held;
        let unrolled = Dice::alike(Face::ALL[0], self.dice()).expect("a game rolls five or six dice");
        let mut dice = self.turn.dice.unwrap_or(unrolled);
        for (die, &kept) in held.iter().enumerate().take(self.dice()) {
            if !kept {
                dice = dice.with_face(die, source.roll_die());
            }
        }
        Ok(Play::Roll(dice))
    }

    /// Whether the current player may roll now, and why not.
    pub fn check_roll(&self) -> Result<(), GameError> {
        self.expect_mode(DiceMode::App)?;
        if self.rolls_left() == 0 {
            return Err(GameError::NoRollsLeft);
        }
        if self.turn.rolls_used > 0 && !self.writable_after_reroll() {
            return Err(GameError::WriteNow);
        }
        Ok(())
    }

    /// A roll that gave `dice`: allowed now, and every held die as it was.
    fn check_roll_gave(&self, dice: Dice) -> Result<(), GameError> {
        self.check_roll()?;
        self.check_dice_count(dice)?;
        let Some(before) = self.turn.dice else {
            return Ok(());
        };
        match (0..dice.count()).find(|&die| self.turn.held[die] && dice.face(die) != before.face(die)) {
            Some(die) => Err(GameError::HeldDieChanged(die)),
            None => Ok(()),
        }
    }

    /// Dice of the count this game rolls.
    fn check_dice_count(&self, dice: Dice) -> Result<(), GameError> {
        match dice.count() == self.dice() {
            true => Ok(()),
            false => Err(GameError::WrongDiceCount {
                expected: self.dice(),
                got: dice.count(),
            }),
        }
    }

    /// Column Yam: whether some box could still be written after another roll. Only dry boxes, or announced
    /// boxes with nothing announced, are left: the turn must be written now.
    fn writable_after_reroll(&self) -> bool {
        let ruleset = self.rules.ruleset();
        let columns = self.rules.columns();
        columns
            .as_slice()
            .iter()
            .zip(self.seat_sheets(self.current_seat()))
            .any(|(&column, sheet)| {
                column.takes_rerolled_dice(self.turn.announced.is_some()) && !sheet.is_full(ruleset)
            })
    }

    /// Whether the current player may hold or free this die now, and why not.
    pub fn check_hold(&self, die: usize) -> Result<(), GameError> {
        self.expect_mode(DiceMode::App)?;
        if self.turn.dice.is_none() {
            return Err(GameError::NotRolled);
        }
        if self.rolls_left() == 0 {
            return Err(GameError::NoRollsLeft);
        }
        if die >= self.dice() {
            return Err(GameError::NoSuchDie(die));
        }
        Ok(())
    }

    /// Whether the current player may cross out this cell now, whatever the dice score there (a sheet that
    /// allows it, the app's dice rolled), and why not.
    pub fn check_cross_out(&self, place: impl Into<Place>) -> Result<(), GameError> {
        self.expect_mode(DiceMode::App)?;
        self.check_place(place.into())?;
        if !self.rules.ruleset().cross_out_any_cell {
            return Err(GameError::NoCrossingOut);
        }
        if self.turn.dice.is_none() {
            return Err(GameError::NotRolled);
        }
        Ok(())
    }

    /// Score pad: whether the current player may write this value (and bonus) by hand in this box now, made
    /// on the turn's first roll or not.
    fn check_write(&self, place: Place, value: u16, bonus: bool, first_roll: bool) -> Result<(), GameError> {
        let category = place.category;
        self.expect_mode(DiceMode::Pad)?;
        self.check_place(place)?;
        if self.turn.dice.is_some() {
            return Err(GameError::DiceEntered);
        }
        if first_roll && self.rules.house().is_none() {
            return Err(GameError::NoFirstRollRule);
        }
        let holds = self.rules.can_hold(category, value, first_roll);
        if !holds.map_err(|_| GameError::NotInRuleset(category))? {
            return Err(GameError::ValueNotOffered { category, value });
        }
        let sheet = self.sheet(self.current_seat(), place.column);
        if value > 0 && sheet.is_some_and(|sheet| !self.rules.pays_on(sheet, category)) {
            let five_of_a_kind = self.rules.ruleset().all_alike_cell();
            return Err(GameError::SecondFiveFirst { five_of_a_kind });
        }
        if bonus && !self.bonus_available() {
            return Err(GameError::NoBonus);
        }
        Ok(())
    }

    /// Column Yam: whether the current player may announce this box of the announced column now (right after
    /// the turn's first roll, once a turn), and why not.
    pub fn check_announce(&self, category: Category) -> Result<(), GameError> {
        self.expect_mode(DiceMode::App)?;
        let sheet = self
            .sheet(self.current_seat(), Column::Announced)
            .ok_or(GameError::NoSuchColumn(Column::Announced))?;
        if let Some(announced) = self.turn.announced {
            return Err(GameError::AnnouncementBinds(announced));
        }
        if self.turn.rolls_used != 1 {
            return Err(GameError::AnnounceAfterFirstRoll);
        }
        if !self.rules.ruleset().has(category) {
            return Err(GameError::NotInRuleset(category));
        }
        if !sheet.is_open(category) {
            return Err(GameError::CellFilled(category));
        }
        Ok(())
    }

    /// Whether the table may still choose who starts: nobody has rolled, entered dice or written yet.
    pub fn check_first_seat_open(&self) -> Result<(), GameError> {
        if !self.log.is_empty() || self.turn.rolls_used > 0 || self.turn.dice.is_some() {
            return Err(GameError::FirstSeatFixed);
        }
        Ok(())
    }

    /// Who starts, while it is open: a seat of this game, and a roll-off whose last round that seat won alone.
    fn check_first_player(&self, roll: &FirstPlayerRoll) -> Result<(), GameError> {
        self.check_first_seat_open()?;
        let players = self.players.len();
        if roll.first_seat >= players {
            return Err(GameError::NoSuchSeat(roll.first_seat));
        }
        let seats_exist = roll.rounds.iter().flatten().all(|&(seat, _)| seat < players);
        let won = roll.rounds.is_empty() || FirstPlayerRoll::typed(roll.rounds.clone()).as_ref() == Ok(roll);
        if !seats_exist || !won {
            return Err(GameError::RollOffMismatch);
        }
        Ok(())
    }

    /// Whether an undo would take something back now.
    pub fn can_undo(&self) -> bool {
        self.undoable().is_ok()
    }

    /// What an undo takes back now: an announcement until the next roll (a player who announced by mistake
    /// takes it back before rolling on it), else the last box written until the next player rolls.
    pub fn undoable(&self) -> Result<Undoable, GameError> {
        if let Some(announced) = self.turn.announced
            && self.turn.rolls_used == 1
        {
            return Ok(Undoable::Announcement(announced));
        }
        if self.log.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        if self.turn != Turn::default() {
            return Err(GameError::UndoTooLate);
        }
        Ok(Undoable::Entry(self.log.len() - 1))
    }

    fn check_undo(&self) -> Result<(), GameError> {
        self.undoable().map(|_| ())
    }

    /// Writes a box that the checks allowed, and passes the turn.
    pub(super) fn record(&mut self, place: Place, points: u16, bonus: bool, first_roll: bool) {
        if let Some(index) = self.sheet_index(self.current_seat(), place.column) {
            self.sheets[index].write(place.category, points, bonus);
        }
        self.log.push(Entry {
            column: place.column,
            category: place.category,
            points,
            bonus,
            first_roll,
            turn: self.turn,
        });
        self.turn = Turn::default();
    }

    /// Takes back what `undoable` named: the announcement, or the last entry (its turn as it stood).
    fn take_back(&mut self) {
        if let Ok(Undoable::Announcement(_)) = self.undoable() {
            self.turn.announced = None;
            return;
        }
        let Some(seat) = self.log.len().checked_sub(1).map(|last| self.seat_of_entry(last)) else {
            return;
        };
        let Some(entry) = self.log.pop() else { return };
        if let Some(index) = self.sheet_index(seat, entry.column) {
            self.sheets[index].erase(entry.category, entry.bonus);
        }
        self.turn = entry.turn;
    }
}
