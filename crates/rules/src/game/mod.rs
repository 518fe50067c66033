//! The game state machine: players in seat order, the turn in play, and the log of every cell written.
//!
//! A `Game` is a value, changed only by [`Game::play`] ([`play`]): each play is checked first and changes the
//! game only when it is legal; an illegal one is a typed [`GameError`] ([`error`]) and leaves the game exactly
//! as it was. [`record`] is its saved form.

mod entry;
mod error;
mod play;
mod record;
mod turn;

use serde::{Deserialize, Serialize};

pub use entry::{Entry, Preview, Standing};
pub use error::{GameError, SetupError};
pub use play::{Play, Undoable};
use record::GameRecord;
pub use record::LoadError;
pub use turn::Turn;

use crate::category::Category;
use crate::column::{Column, Place};
use crate::rules::{Rules, Scores};
use crate::sheet::{Sheet, Totals};

/// Rolls a player may make in one turn (and, where the rules save unused rolls, the rolls each turn adds).
pub const MAX_ROLLS: u8 = 3;
/// The longest player name, in characters. (The issue asked for 24, but its own test name
/// `<img src=x onerror=alert(1)>` has 28: a name must fit that.)
pub const MAX_NAME_CHARS: usize = 32;
/// The version of the saved-game format written by `serde`.
pub const FORMAT_VERSION: u32 = 1;

/// How the table plays: with the app's dice, or as a score pad for real dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    #[default]
    App,
    Pad,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRecord", into = "GameRecord")]
pub struct Game {
    rules: Rules,
    mode: DiceMode,
    players: Vec<String>,
    first_seat: usize,
    turn: Turn,
    log: Vec<Entry>,
    /// Derived from the log; never saved. Seat by seat, each seat's columns in sheet order.
    sheets: Vec<Sheet>,
}

impl Game {
    /// A new game; names are trimmed, must be 1 to `MAX_NAME_CHARS` characters and differ (ignoring case).
    pub fn new<S: AsRef<str>>(
        rules: Rules,
        mode: DiceMode,
        names: &[S],
        first_seat: usize,
    ) -> Result<Game, SetupError> {
        let players = error::check_players(rules, names)?;
        if first_seat >= players.len() {
            return Err(SetupError::NoSuchSeat(first_seat));
        }
        Ok(Game {
            rules,
            mode,
            sheets: vec![Sheet::new(); players.len() * rules.columns().len()],
            players,
            first_seat,
            turn: Turn::default(),
            log: Vec::new(),
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn mode(&self) -> DiceMode {
        self.mode
    }

    pub fn players(&self) -> &[String] {
        &self.players
    }

    pub fn first_seat(&self) -> usize {
        self.first_seat
    }

    /// Every sheet, seat by seat, each seat's columns in sheet order: one sheet a seat on a plain sheet.
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    /// A seat's sheets, one for each column, in sheet order.
    pub fn seat_sheets(&self, seat: usize) -> &[Sheet] {
        let columns = self.rules.columns().len();
        self.sheets
            .get(seat * columns..(seat + 1) * columns)
            .unwrap_or_default()
    }

    /// A seat's sheet in one column, if the seat and the column exist.
    pub fn sheet(&self, seat: usize, column: Column) -> Option<&Sheet> {
        self.sheets.get(self.sheet_index(seat, column)?)
    }

    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// Every cell written so far, in order.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// Whether a box of this seat was crossed out: written 0 on a sheet that lets any box be crossed out (the
    /// Yam pad), where the dice made something (on a score pad, with no dice known, every 0 is one: the pad
    /// offers it as "Cross out"). Elsewhere a 0 is only what the dice made there.
    pub fn crossed_out(&self, seat: usize, place: Place) -> bool {
        let ruleset = self.rules.ruleset();
        // Only a sheet that lets any box be crossed out has crosses: the log is not searched for others.
        if !ruleset.cross_out_any_cell {
            return false;
        }
        let mut written = self.log.iter().enumerate();
        let Some((_, entry)) =
            written.find(|(index, entry)| self.seat_of_entry(*index) == seat && entry.place() == place)
        else {
            return false;
        };
        let dice_made = |cell: &crate::Cell| {
            entry
                .turn
                .dice
                .is_none_or(|dice| crate::pattern::score(cell.pattern, cell.points, dice.counts(), false) > 0)
        };
        entry.points == 0 && ruleset.cell(place.category).is_some_and(dice_made)
    }

    /// The seat that wrote the `index`th entry of the log (or will write it).
    pub fn seat_of_entry(&self, index: usize) -> usize {
        (self.first_seat + index) % self.players.len()
    }

    /// Whose turn it is (after the game ends: the seat that would be next).
    pub fn current_seat(&self) -> usize {
        self.seat_of_entry(self.log.len())
    }

    /// The game ends when every sheet is full (every column of every player), or at once when five alike on a
    /// turn's first roll win it (Generala).
    pub fn is_over(&self) -> bool {
        self.log.len() == self.players.len() * self.rounds() || self.won_on_first_roll().is_some()
    }

    /// The seat whose five alike on a turn's first roll won the game at once, where the rules say they do
    /// (Generala's "generala servida"). With the app's dice the roll itself wins: the game ends as the dice
    /// land, nothing to write and no roll after it. On a score pad, a generala written as made on the first
    /// roll wins (and an entry of an older save, written before the roll won by itself). A player alone has
    /// nobody to beat, and plays the whole sheet.
    pub fn won_on_first_roll(&self) -> Option<usize> {
        if !self.rules.first_roll_wins() || self.players.len() < 2 {
            return None;
        }
        let ruleset = self.rules.ruleset();
        let five_alike = |entry: &Entry| match entry.turn.dice {
            Some(dice) => dice.counts().all_alike().is_some(),
            None => {
                let five_box = entry.category == ruleset.all_alike_cell()
                    || Some(entry.category) == ruleset.second_five_of_a_kind;
                five_box && entry.points > 0
            }
        };
        if let Some(index) = self
            .log
            .iter()
            .position(|entry| entry.first_roll && five_alike(entry))
        {
            return Some(self.seat_of_entry(index));
        }
        self.won_in_hand().then(|| self.current_seat())
    }

    /// Whether the dice in hand won the game as they landed: five alike on the turn's first roll, where they
    /// win at once. The winner may still write them in a box (older versions asked for that, and their saves
    /// and logs hold it); nothing else is played after them.
    pub fn won_in_hand(&self) -> bool {
        let rolled_alike = self
            .turn
            .dice
            .is_some_and(|dice| dice.counts().all_alike().is_some());
        self.rules.first_roll_wins()
            && self.players.len() > 1
            && self.log.len() < self.players.len() * self.rounds()
            && self.on_first_roll()
            && rolled_alike
    }

    /// The turns each player plays: one box a turn, every box of every column.
    pub fn rounds(&self) -> usize {
        self.rules.ruleset().cells.len() * self.rules.columns().len()
    }

    /// The round being played, from 1 to the number of boxes on a player's sheet.
    pub fn round(&self) -> usize {
        self.round_of_entry(self.log.len())
    }

    /// The round in which the `index`th entry of the log was (or will be) written.
    pub fn round_of_entry(&self, index: usize) -> usize {
        (index / self.players.len() + 1).min(self.rounds())
    }

    /// A seat's totals, all its columns together (each column's upper bonus counted in that column).
    pub fn totals(&self, seat: usize) -> Option<Totals> {
        let ruleset = self.rules.ruleset();
        let sheets = self.seat_sheets(seat);
        (!sheets.is_empty()).then(|| sheets.iter().map(|sheet| sheet.totals(ruleset)).sum())
    }

    /// A seat's totals in one column.
    pub fn column_totals(&self, seat: usize, column: Column) -> Option<Totals> {
        self.sheet(seat, column)
            .map(|sheet| sheet.totals(self.rules.ruleset()))
    }

    /// Every seat by grand total, best first; ties share a rank and the top rank wins. A game won on a first
    /// roll ranks its winner first, alone, whatever the totals.
    pub fn standings(&self) -> Vec<Standing> {
        let totals: Vec<u16> = (0..self.players.len())
            .map(|seat| self.totals(seat).map_or(0, |totals| totals.grand))
            .collect();
        let won = self.won_on_first_roll();
        // Ranked by (won outright, total): the winner on a first roll above every total.
        let key = |seat: usize| (won == Some(seat), totals[seat]);
        let best = (0..totals.len()).map(key).max().unwrap_or_default();
        let ranks: Vec<usize> = (0..totals.len())
            .map(|seat| 1 + (0..totals.len()).filter(|&other| key(other) > key(seat)).count())
            .collect();
        // Rank by rank, each rank's seats in seat order (a handful of seats: no sort needed).
        let mut standings = Vec::with_capacity(totals.len());
        for rank in 1..=totals.len() {
            for seat in (0..totals.len()).filter(|&seat| ranks[seat] == rank) {
                let total = totals[seat];
                standings.push(Standing {
                    rank,
                    seat,
                    total,
                    winner: key(seat) == best,
                });
            }
        }
        standings
    }

    /// What the dice on the table score in each open cell of the current player's free column (a plain
    /// sheet's one column), or `None` without dice (or without a free column).
    pub fn scores(&self) -> Option<Scores> {
        self.scores_in(Column::Free)
    }

    /// What the dice on the table score in each open cell of one column of the current player's sheet, the
    /// Joker's restrictions applied (the column's own rule is [`Game::check_place`]'s).
    pub fn scores_in(&self, column: Column) -> Option<Scores> {
        let dice = self.turn.dice.filter(|_| !self.is_over() || self.won_in_hand())?;
        let sheet = self.sheet(self.current_seat(), column)?;
        Some(
            self.rules
                .scores_rolled(sheet, dice.counts(), self.on_first_roll()),
        )
    }

    /// How many dice a turn rolls: five, or six for Maxi Yatzy.
    pub fn dice(&self) -> usize {
        self.rules.ruleset().dice
    }

    /// The rolls a seat has saved for later turns, where the rules save the rolls a turn does not use (Maxi
    /// Yatzy, with the app's dice: on a score pad the players count their own rolls).
    pub fn saved_rolls(&self, seat: usize) -> u8 {
        if !self.rules.ruleset().saves_rolls || self.mode == DiceMode::Pad {
            return 0;
        }
        let turns = self
            .log
            .iter()
            .enumerate()
            .filter(|&(index, _)| self.seat_of_entry(index) == seat);
        let (given, used) = turns.fold((0usize, 0usize), |(given, used), (_, entry)| {
            (
                given + usize::from(MAX_ROLLS),
                used + usize::from(entry.turn.rolls_used),
            )
        });
        u8::try_from(given.saturating_sub(used)).unwrap_or(u8::MAX)
    }

    /// The rolls the current player may make this turn: three, and the rolls they saved.
    pub fn rolls_allowed(&self) -> u8 {
        MAX_ROLLS.saturating_add(self.saved_rolls(self.current_seat()))
    }

    /// The rolls left to the current player this turn. A score pad knows the dice, not the rolls that made
    /// them: the dice entered are the turn's last, and none is left (a box is chosen as after the last roll).
    pub fn rolls_left(&self) -> u8 {
        match self.mode {
            DiceMode::App => self.rolls_allowed().saturating_sub(self.turn.rolls_used),
            DiceMode::Pad => 0,
        }
    }

    /// Whether the dice on the table were made on the turn's first roll (the app's dice; a score pad's
    /// players say so as they write).
    pub fn on_first_roll(&self) -> bool {
        self.mode == DiceMode::App && self.turn.rolls_used == 1
    }

    /// The values a cell can hold on a score pad now: the current player's second five of a kind (Generala's
    /// double) only 0 until their five-of-a-kind box holds points.
    pub fn offers(&self, category: Category) -> Result<Vec<u16>, GameError> {
        // Every column's box holds the same values: the column rules say when, not what.
        let offers = self
            .rules
            .offers(category)
            .map_err(|_| GameError::NotInRuleset(category))?;
        let sheet = self.sheet(self.current_seat(), Column::Free);
        match sheet.is_some_and(|sheet| !self.rules.pays_on(sheet, category)) {
            true => Ok(vec![0]),
            false => Ok(offers),
        }
    }

    /// Whether the current player may add a five-of-a-kind bonus with the cell they write now.
    pub fn bonus_available(&self) -> bool {
        !self.is_over()
            && self
                .sheet(self.current_seat(), Column::Free)
                .is_some_and(|sheet| self.rules.bonus_available(sheet))
    }

    /// On a sheet filled in order (Forced Yatzy), the box the current player writes this turn.
    pub fn next_in_order(&self) -> Option<Category> {
        let ruleset = self.rules.ruleset();
        if !ruleset.fills_in_order || self.is_over() {
            return None;
        }
        self.sheet(self.current_seat(), Column::Free)?.first_open(ruleset)
    }

    /// What writing `category` now would do, without doing it: the dice's score there, a value to write
    /// (score pad), or why the current player cannot write it.
    pub fn preview(&self, place: impl Into<Place>) -> Result<Preview, GameError> {
        let place = place.into();
        let category = place.category;
        self.check_place(place)?;
        let Some(scores) = self.scores_in(place.column) else {
            return match self.mode {
                DiceMode::Pad => Ok(Preview::Write),
                DiceMode::App => Err(GameError::NotRolled),
            };
        };
        scores
            .get(category)
            .map(Preview::Scores)
            .ok_or_else(|| GameError::JokerForbids {
                category,
                allowed: scores.cells.iter().map(|&(cell, _)| cell).collect(),
            })
    }

    fn expect_playing(&self) -> Result<(), GameError> {
        if self.is_over() {
            Err(GameError::GameOver)
        } else {
            Ok(())
        }
    }

    fn expect_mode(&self, mode: DiceMode) -> Result<(), GameError> {
        self.expect_playing()?;
        if self.mode == mode {
            Ok(())
        } else {
            Err(GameError::WrongMode(self.mode))
        }
    }

    /// Where a seat's sheet in a column stands among the sheets (the seat checked by whoever indexes).
    fn sheet_index(&self, seat: usize, column: Column) -> Option<usize> {
        let columns = self.rules.columns();
        let index = seat * columns.len() + columns.position(column)?;
        (index < self.sheets.len()).then_some(index)
    }

    /// Whether the current player may write this box now, whatever the dice: it is open, and its column's
    /// rule allows it (the order of Down and Up, the first roll of Dry, the announcement of Announced; on a
    /// score pad, which does not follow the rolls, Dry and Announced are the table's to keep).
    pub fn check_place(&self, place: impl Into<Place>) -> Result<(), GameError> {
        let Place { column, category } = place.into();
        if !self.won_in_hand() {
            self.expect_playing()?;
        }
        let ruleset = self.rules.ruleset();
        if !ruleset.has(category) {
            return Err(GameError::NotInRuleset(category));
        }
        let sheet = self
            .sheet(self.current_seat(), column)
            .ok_or(GameError::NoSuchColumn(column))?;
        if !sheet.is_open(category) {
            return Err(GameError::CellFilled(category));
        }
        if let Some(announced) = self.turn.announced
            && (column, category) != (Column::Announced, announced)
        {
            return Err(GameError::AnnouncementBinds(announced));
        }
        column
            .check_order(ruleset, sheet, category)
            .map_err(|next| GameError::OutOfOrder { column, next })?;
        let app = self.mode == DiceMode::App;
        match column {
            Column::Dry if app && self.turn.rolls_used > 1 => Err(GameError::DryAfterReroll),
            // Writing the first roll as it lies is announcing it and not rerolling.
            Column::Announced if app && self.turn.announced.is_none() && self.turn.rolls_used > 1 => {
                Err(GameError::NotAnnounced)
            }
            _ => Ok(()),
        }
    }
}
