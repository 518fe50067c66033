//! A computer player's turn, played to its end the one way every player of the engine plays it: a roll, then
//! at each point of the turn the player's next step (keep some dice and roll the others, announce a box in
//! column Yam, or write one), until a box is written. The players differ only in how they decide.

use fivedice_rules::{Category, DiceSource, Game, GameError, Move, Place, Play};

use crate::advice::{AdviceError, Choice, Keep};

/// A computer player's next step in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Keep these dice and roll the rest.
    Keep(Keep),
    /// Announce this box of the announced column, then decide again.
    Announce(Category),
    /// Write the dice in this box (its value, or a cross-out where the dice make nothing there).
    Write(Place),
}

impl From<Step> for Move {
    fn from(choice: Step) -> Move {
        match choice {
            Step::Keep(keep) => Move::Keep(keep.faces()),
            Step::Announce(category) => Move::Announce(category),
            Step::Write(place) => Move::Cell(place),
        }
    }
}

impl From<Choice> for Step {
    fn from(choice: Choice) -> Step {
        match choice {
            Choice::Keep(keep) => Step::Keep(keep),
            Choice::Cell(category) => Step::Write(category.into()),
        }
    }
}

/// Why a bot could not play a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Game(GameError),
    Advice(AdviceError),
    /// The table cannot be seated (too many players for the rules, say).
    Setup(String),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Game(error) => write!(f, "the game refused the bot's move: {error}"),
            PlayError::Advice(error) => write!(f, "no advice for the bot: {error}"),
            PlayError::Setup(error) => write!(f, "the table cannot be seated: {error}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<GameError> for PlayError {
    fn from(error: GameError) -> PlayError {
        PlayError::Game(error)
    }
}

impl From<AdviceError> for PlayError {
    fn from(error: AdviceError) -> PlayError {
        PlayError::Advice(error)
    }
}

/// Plays the current player's turn of `game` with dice from `dice`, to the box written, each step as `decide`
/// chooses it on the game as it stands (where the dice make nothing, a box written takes a 0: crossed out).
pub fn play_turn(
    game: &mut Game,
    dice: &mut impl DiceSource,
    mut decide: impl FnMut(&Game) -> Result<Step, PlayError>,
) -> Result<(), PlayError> {
    game.play(&game.draw(dice)?)?;
    loop {
        match decide(game)? {
            Step::Write(place) => return Ok(game.play(&Play::Score(place))?),
            Step::Announce(category) => game.play(&Play::Announce(category))?,
            Step::Keep(keep) => {
                let rolled = game.turn().dice.ok_or(GameError::NotRolled)?;
                for hold in game.turn().holding(keep.holds(rolled)) {
                    game.play(&hold)?;
                }
                game.play(&game.draw(dice)?)?;
            }
        }
    }
}
