//! The rulebook's tests speak of turns as players do ("roll", "hold the first die", "score sixes"); each of
//! these goes through the one way a game changes, `Game::play`, and answers what the tests look at.
#![allow(dead_code)]

use fivedice_rules::{
    Category, Dice, DiceMode, DiceSource, Entry, Face, FirstPlayerRoll, Game, GameError, Place, Play, Rules,
    RulesetId,
};

pub trait Plays {
    /// Draws a roll from `source` and plays it; the dice on the table after it.
    fn roll(&mut self, source: &mut impl DiceSource) -> Result<Dice, GameError>;
    /// Holds a free die or frees a held one; whether it is held now.
    fn toggle_hold(&mut self, die: usize) -> Result<bool, GameError>;
    fn score(&mut self, place: impl Into<Place>) -> Result<Entry, GameError>;
    fn cross_out(&mut self, place: impl Into<Place>) -> Result<Entry, GameError>;
    fn write(&mut self, place: impl Into<Place>, value: u16, bonus: bool) -> Result<Entry, GameError>;
    fn announce(&mut self, category: Category) -> Result<(), GameError>;
    fn enter_dice(&mut self, dice: Dice) -> Result<(), GameError>;
    fn clear_dice(&mut self) -> Result<(), GameError>;
    fn choose_first_seat(&mut self, seat: usize) -> Result<(), GameError>;
    /// Takes back the last box written; the entry taken back.
    fn undo(&mut self) -> Result<Entry, GameError>;
}

/// The entry a writing play has just added to the log.
fn written(game: &Game) -> Entry {
    game.log().last().cloned().expect("a box was written")
}

impl Plays for Game {
    fn roll(&mut self, source: &mut impl DiceSource) -> Result<Dice, GameError> {
        let roll = self.draw(source)?;
        self.play(&roll)?;
        Ok(self.turn().dice.expect("rolled dice"))
    }

    fn toggle_hold(&mut self, die: usize) -> Result<bool, GameError> {
        let held = self.turn().held.get(die).copied().unwrap_or(false);
        let play = if held { Play::Release(die) } else { Play::Hold(die) };
        self.play(&play)?;
        Ok(!held)
    }

    fn score(&mut self, place: impl Into<Place>) -> Result<Entry, GameError> {
        self.play(&Play::Score(place.into()))?;
        Ok(written(self))
    }

    fn cross_out(&mut self, place: impl Into<Place>) -> Result<Entry, GameError> {
        self.play(&Play::CrossOut(place.into()))?;
        Ok(written(self))
    }

    fn write(&mut self, place: impl Into<Place>, value: u16, bonus: bool) -> Result<Entry, GameError> {
        let place = place.into();
        self.play(&Play::Write {
            place,
            value,
            bonus,
            first_roll: false,
        })?;
        Ok(written(self))
    }

    fn announce(&mut self, category: Category) -> Result<(), GameError> {
        self.play(&Play::Announce(category))
    }

    fn enter_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        self.play(&Play::EnterDice(dice))
    }

    fn clear_dice(&mut self) -> Result<(), GameError> {
        self.play(&Play::ClearDice)
    }

    fn choose_first_seat(&mut self, seat: usize) -> Result<(), GameError> {
        self.play(&Play::FirstPlayer(FirstPlayerRoll {
            rounds: Vec::new(),
            first_seat: seat,
        }))
    }

    fn undo(&mut self) -> Result<Entry, GameError> {
        let entry = self.log().last().cloned();
        self.play(&Play::Undo)?;
        Ok(entry.expect("undo took back an entry"))
    }
}

/// A dice source that deals the given faces in order.
pub fn script(faces: &[u8]) -> impl FnMut() -> Face + '_ {
    let mut faces = faces.iter().copied();
    move || Face::new(faces.next().expect("the script has enough dice")).expect("script faces are 1 to 6")
}

pub fn game(ruleset: RulesetId, players: &[&str]) -> Game {
    Game::new(Rules::new(ruleset), DiceMode::App, players, 0).expect("a valid table")
}

/// Rolls exactly these five dice for the current player and scores them in `category`.
pub fn play(game: &mut Game, dice: [u8; 5], category: Category) -> u16 {
    game.roll(&mut script(&dice)).expect("a roll is allowed");
    game.score(category).expect("the cell is allowed").points
}
