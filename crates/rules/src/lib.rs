//! The rulebook of Five Dice.
//!
//! - [`ruleset`]: Yahtzee, Yardzee, Yam and Yatzy as data: cells, labels, sections, bonuses, player limits.
//! - [`language`]: the languages spoken; [`label`]: every word on a sheet, one table per language.
//! - [`pattern`]: the small pure functions that say what a cell asks of the dice and what it pays.
//! - [`column`]: column Yam's columns (down, free, up, dry, announced) and a box's place on a sheet of columns.
//! - [`rules`]: a ruleset with its options (Joker, Yahtzee bonus): what dice score on a sheet, what a cell can hold.
//! - [`moves`]: a decision within a turn (keep some dice, or write a cell), for hints, coach and bots.
//! - [`notation`]: a play, the rules, who starts and a decision as a line of text, as a device keeps a game.
//! - [`game`]: the state machine, changed only by a [`Play`] (roll, hold, write a box, cross out, announce, who
//!   starts, undo, the score pad's dice): `Game::check` says whether and why not, `Game::play` applies it;
//!   illegal plays are typed errors.
#![forbid(unsafe_code)]

pub mod case;
pub mod category;
pub mod column;
pub mod dice;
pub mod game;
pub mod label;
pub mod language;
pub mod moves;
pub mod notation;
pub mod pattern;
pub mod rules;
pub mod ruleset;
pub mod sheet;
pub mod start;

pub use category::{Category, UnknownCategory};
pub use column::{Column, Columns, ColumnsError, Place, UnknownColumn, UnknownPlace};
pub use dice::{DICE, Dice, DiceError, DiceSource, Face, FaceCounts, MAX_DICE};
pub use game::{
    DiceMode, Entry, FORMAT_VERSION, Game, GameError, LoadError, MAX_NAME_CHARS, MAX_ROLLS, Play, Preview,
    SetupError, Standing, Turn, Undoable,
};
pub use label::Label;
pub use language::{Language, UnknownLanguage};
pub use moves::Move;
pub use notation::NotationError;
pub use pattern::{Pattern, Points};
pub use rules::{HouseChoices, HouseRules, Joker, JokerCall, Rules, RulesError, Scores};
pub use ruleset::{
    Cell, ExtraFiveOfAKind, FirstRoll, Ruleset, RulesetId, Section, UnknownRuleset, UpperBonus,
};
pub use sheet::{Sheet, Totals};
pub use start::{FirstPlayerRoll, TiedRollOff};
