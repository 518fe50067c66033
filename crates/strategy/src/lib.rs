//! The optimal-strategy engine: exact expected values for every decision of a solitaire game.
//!
//! - [`ValueTable`]: for every reachable turn-start state, the expected remaining score under optimal play,
//!   solved by backward induction ([`ValueTable::solve`], or a slice at a time with [`TableBuilder`] for a
//!   Web Worker that reports [`Progress`] and posts [`ValueTable::values`] back for
//!   [`ValueTable::from_values`]).
//! - [`TurnAdvisor`] / [`ValueTable::advise`]: within a turn, every keep or cell with its exact expected final
//!   score, ranked ([`Advice`]), and the points a choice gives up against the best ([`Advice::loss`]).
//! - [`Bot`] at a [`Level`] and [`simulate`]: players from perfect to beatable, deterministic given a seed.
//! - [`ColumnBot`] and [`simulate_columns`]: column Yam's heuristic player, on the single-column table;
//!   [`MaxiBot`] and [`simulate_maxi`]: Maxi Yatzy's, on six dice ([`solves_exactly`] says which rules need one).
//! - [`Spread`] and [`Odds`]: the distribution of the points still to come under optimal play, each
//!   player's chance to win; [`WinningTurn`] and [`play_to_win`]: a turn played for the chance to win
//!   ([`Level::Winner`]), and [`simulate_table`]: tables of computer players against each other;
//!   [`Opening`]: the few states a game's chances need before anyone writes a box.
//!
//! All scores come from the rules crate; the engine only adds expectations and maxima.
#![forbid(unsafe_code)]

mod advice;
mod bot;
mod columns;
mod five_of_a_kind;
mod keeps;
mod lanes;
mod maxi;
mod odds;
mod opening;
mod playing;
mod states;
mod table;
mod turn;
mod winner;

pub use advice::{Advice, AdviceError, Choice, Ending, Keep, Rated, TurnAdvisor, Verdict};
pub use bot::{Bot, HISTOGRAM_BIN, Level, Rng, SeatSummary, Summary, simulate, simulate_table};
pub use columns::{ColumnBot, OrderedValues, RatedColumnMove, simulate_columns};
pub use maxi::{MaxiBot, MaxiWeights, RatedMaxiMove, simulate_maxi};
pub use odds::{Distribution, EXACT_OPEN, Odds, Standing, turn_order, win_chances, with_first_roll_wins};
pub use opening::Opening;
pub use playing::{PlayError, Step, play_turn};
pub use table::{
    ENGINE_VERSION, Progress, Shape, Spread, SpreadBuilder, TableAndSpreadBuilder, TableBuilder, ValueTable,
};
pub use winner::{RatedWin, WinAdvice, WinningTurn, play_to_win};

use fivedice_rules::{DICE, Rules};

/// Whether the engine plays these rules exactly: a sheet of one column, five dice. Column Yam ([`ColumnBot`])
/// and Maxi Yatzy ([`MaxiBot`]) are played by estimate.
pub fn solves_exactly(rules: Rules) -> bool {
    rules.columns().is_one() && rules.ruleset().dice == DICE
}
