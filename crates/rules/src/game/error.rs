//! Why a move or a setup is refused: typed reasons, each worded for people by `Display` (and by the app in
//! each of its languages).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::column::Column;
use crate::game::{DiceMode, MAX_NAME_CHARS};
use crate::rules::Rules;

/// Why a play is not allowed now. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameError {
    GameOver,
    NoRollsLeft,
    /// Holding or scoring needs dice on the table first.
    NotRolled,
    NoSuchDie(usize),
    /// Dice of another count than the game rolls (five, or six for Maxi Yatzy).
    WrongDiceCount {
        expected: usize,
        got: usize,
    },
    /// Holding a die that is held already.
    AlreadyHeld(usize),
    /// Freeing a die that is not held.
    NotHeld(usize),
    /// A roll that changed a held die: held dice keep their faces.
    HeldDieChanged(usize),
    NotInRuleset(Category),
    CellFilled(Category),
    /// The forced Joker sends this five-of-a-kind elsewhere.
    JokerForbids {
        category: Category,
        allowed: Vec<Category>,
    },
    /// The action belongs to the other dice mode; holds the game's mode.
    WrongMode(DiceMode),
    /// Score pad: dice were entered, so the rules score them; clear them to write a value by hand.
    DiceEntered,
    ValueNotOffered {
        category: Category,
        value: u16,
    },
    NoBonus,
    /// Score pad: a box said to be made on the first roll, where the rules pay nothing more for it.
    NoFirstRollRule,
    /// The second five of a kind pays only once the five-of-a-kind box holds its points (Generala's double).
    SecondFiveFirst {
        five_of_a_kind: Category,
    },
    NothingToUndo,
    /// The next player has already rolled.
    UndoTooLate,
    /// Who starts is settled once the first player has rolled or written.
    FirstSeatFixed,
    /// A roll-off for who starts whose last round the chosen seat did not win alone (or with seats that are
    /// not at the table).
    RollOffMismatch,
    /// This sheet writes a 0 only where the dice make nothing.
    NoCrossingOut,
    NoSuchSeat(usize),
    /// The sheet has no such column.
    NoSuchColumn(Column),
    /// Down and Up fill their boxes in order: this one is next.
    OutOfOrder {
        column: Column,
        next: Category,
    },
    /// The dry column takes a box only right after the turn's first roll.
    DryAfterReroll,
    /// After a reroll, the announced column takes only a box announced after the first roll.
    NotAnnounced,
    /// A box was announced this turn: the turn ends there.
    AnnouncementBinds(Category),
    /// A box is announced right after the turn's first roll, not later.
    AnnounceAfterFirstRoll,
    /// Only boxes that take the first roll's dice are open (dry, or announced with nothing announced): no
    /// more rolls this turn.
    WriteNow,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => f.write_str("the game is over"),
            GameError::NoRollsLeft => f.write_str("no rolls are left this turn: choose a cell"),
            GameError::NotRolled => f.write_str("roll the dice first"),
            GameError::NoSuchDie(die) => write!(f, "there is no die {die}"),
            GameError::WrongDiceCount { expected, got } => {
                write!(f, "this game rolls {expected} dice, not {got}")
            }
            GameError::AlreadyHeld(die) => write!(f, "die {die} is held already"),
            GameError::NotHeld(die) => write!(f, "die {die} is not held"),
            GameError::HeldDieChanged(die) => write!(f, "a roll cannot change held die {die}"),
            GameError::NotInRuleset(category) => write!(f, "this sheet has no cell {:?}", category.id()),
            GameError::CellFilled(category) => write!(f, "the cell {:?} is already filled", category.id()),
            GameError::JokerForbids { category, allowed } => {
                let allowed: Vec<&str> = allowed.iter().map(|cell| cell.id()).collect();
                write!(
                    f,
                    "the Joker rule forbids {:?} for this roll; allowed: {}",
                    category.id(),
                    allowed.join(", ")
                )
            }
            GameError::WrongMode(DiceMode::App) => {
                f.write_str("this game uses the app's dice, not a score pad")
            }
            GameError::WrongMode(DiceMode::Pad) => f.write_str("this game is a score pad for real dice"),
            GameError::DiceEntered => {
                f.write_str("dice were entered: score them, or clear them to write a value")
            }
            GameError::ValueNotOffered { category, value } => {
                write!(f, "the cell {:?} cannot hold {value}", category.id())
            }
            GameError::NoBonus => {
                f.write_str("no bonus is possible: the five-of-a-kind cell does not hold 50")
            }
            GameError::NoFirstRollRule => f.write_str("this game pays nothing more for a first roll"),
            GameError::SecondFiveFirst { five_of_a_kind } => write!(
                f,
                "a second five of a kind pays only once the cell {:?} holds its points",
                five_of_a_kind.id()
            ),
            GameError::NothingToUndo => f.write_str("nothing to undo"),
            GameError::UndoTooLate => f.write_str("too late to undo: the next turn has started"),
            GameError::FirstSeatFixed => f.write_str("who starts is settled: the game has begun"),
            GameError::RollOffMismatch => f.write_str("that roll-off does not make that player start"),
            GameError::NoCrossingOut => {
                f.write_str("this sheet crosses out only a cell the dice do not make")
            }
            GameError::NoSuchSeat(seat) => write!(f, "there is no seat {seat}"),
            GameError::NoSuchColumn(column) => write!(f, "this sheet has no {column} column"),
            GameError::OutOfOrder {
                column: Column::Free,
                next,
            } => write!(
                f,
                "this sheet is filled in order, top to bottom: next is \"{}\"",
                next.id()
            ),
            GameError::OutOfOrder { column, next } => {
                write!(
                    f,
                    "the {column} column is filled in order: next is \"{}\"",
                    next.id()
                )
            }
            GameError::DryAfterReroll => {
                f.write_str("the dry column takes a box only right after the first roll")
            }
            GameError::NotAnnounced => f.write_str(
                "after a reroll the announced column takes only the box announced after the first roll",
            ),
            GameError::AnnouncementBinds(announced) => write!(
                f,
                "\"{}\" was announced: this turn ends in that box of the announced column",
                announced.id()
            ),
            GameError::AnnounceAfterFirstRoll => f.write_str("a box is announced right after the first roll"),
            GameError::WriteNow => f.write_str(
                "only boxes that take the first roll are open: write (or announce) now, no more rolls",
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// Why a game cannot be set up with these players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupError {
    PlayerCount { count: usize, min: usize, max: usize },
    EmptyName { seat: usize },
    NameTooLong { seat: usize },
    DuplicateName(String),
    NoSuchSeat(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PlayerCount { count, min, max } => {
                write!(f, "{count} players: this game takes {min} to {max}")
            }
            SetupError::EmptyName { seat } => write!(f, "player {} needs a name", seat + 1),
            SetupError::NameTooLong { seat } => {
                write!(
                    f,
                    "player {}'s name is longer than {MAX_NAME_CHARS} characters",
                    seat + 1
                )
            }
            SetupError::DuplicateName(name) => write!(f, "two players are called {name:?}"),
            SetupError::NoSuchSeat(seat) => write!(f, "there is no seat {seat} to start"),
        }
    }
}

impl std::error::Error for SetupError {}

pub(super) fn check_players<S: AsRef<str>>(rules: Rules, names: &[S]) -> Result<Vec<String>, SetupError> {
    let ruleset = rules.ruleset();
    if !(ruleset.min_players..=ruleset.max_players).contains(&names.len()) {
        return Err(SetupError::PlayerCount {
            count: names.len(),
            min: ruleset.min_players,
            max: ruleset.max_players,
        });
    }
    let mut players: Vec<String> = Vec::with_capacity(names.len());
    for (seat, name) in names.iter().enumerate() {
        let name = name.as_ref().trim();
        if name.is_empty() {
            return Err(SetupError::EmptyName { seat });
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(SetupError::NameTooLong { seat });
        }
        if players.iter().any(|other| crate::case::same_name(other, name)) {
            return Err(SetupError::DuplicateName(name.to_string()));
        }
        players.push(name.to_string());
    }
    Ok(players)
}
