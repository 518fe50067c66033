//! The game state machine: players in seat order, the turn in play, and the log of every cell written.
//!
//! A `Game` is a value. Each action checks everything first and changes the game only when it is legal;
//! an illegal action is a typed `GameError` and leaves the game exactly as it was.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::category::Category;
use crate::column::{Column, Place};
use crate::dice::{DICE, Dice, Face};
use crate::moves::Move;
use crate::rules::{Rules, Scores};
use crate::sheet::{Sheet, Totals};

/// Rolls a player may make in one turn.
pub const MAX_ROLLS: u8 = 3;
/// The longest player name, in characters. (The issue asked for 24, but its own test name
/// `<img src=x onerror=alert(1)>` has 28: a name must fit that.)
pub const MAX_NAME_CHARS: usize = 32;
/// The version of the saved-game format written by `serde`.
pub const FORMAT_VERSION: u32 = 1;

/// Where dice come from: the app's generator, or a script in tests.
pub trait DiceSource {
    fn roll_die(&mut self) -> Face;
}

impl<F: FnMut() -> Face> DiceSource for F {
    fn roll_die(&mut self) -> Face {
        self()
    }
}

/// How the table plays: with the app's dice, or as a score pad for real dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    #[default]
    App,
    Pad,
}

/// The turn in play: the dice on the table, which are held, and how many rolls were used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// `None` before the first roll (or, on a score pad, until dice are entered).
    pub dice: Option<Dice>,
    pub held: [bool; DICE],
    pub rolls_used: u8,
    /// Column Yam: the box of the announced column the player announced after the first roll; the turn
    /// ends there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announced: Option<Category>,
}

impl Turn {
    pub fn rolls_left(&self) -> u8 {
        MAX_ROLLS - self.rolls_used
    }

    /// The faces of the held dice, as a keep (none before the first roll).
    pub fn kept(&self) -> Option<Move> {
        let dice = self.dice?;
        let faces = dice.faces().into_iter().zip(self.held);
        Some(Move::keep(faces.filter(|&(_, held)| held).map(|(face, _)| face)))
    }
}

/// What writing a cell now would do, asked before the player commits to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preview {
    /// The dice on the table score this (app dice, or dice entered on a score pad).
    Scores(u16),
    /// Score pad without dice: the player writes one of the values the cell can hold.
    Write,
}

/// One cell written: what went where, and the turn as it stood, so it can be taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The column written in (a plain sheet's one column is the free column, left out of saves).
    #[serde(default, skip_serializing_if = "Column::is_free")]
    pub column: Column,
    pub category: Category,
    pub points: u16,
    /// Whether this entry also earned the five-of-a-kind bonus.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bonus: bool,
    pub turn: Turn,
}

impl Entry {
    /// The box this entry wrote.
    pub fn place(&self) -> Place {
        Place::new(self.column, self.category)
    }
}

/// A player's place in the final (or current) standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// 1 for the best total; tied players share a rank (1, 1, 3).
    pub rank: usize,
    pub seat: usize,
    pub total: u16,
    pub winner: bool,
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
        let players = check_players(rules, names)?;
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

    /// Whether the table may still choose who starts: nobody has rolled, entered dice or written yet.
    pub fn check_first_seat_open(&self) -> Result<(), GameError> {
        if !self.log.is_empty() || self.turn.rolls_used > 0 || self.turn.dice.is_some() {
            return Err(GameError::FirstSeatFixed);
        }
        Ok(())
    }

    /// The table chooses who starts (its own roll-off, or simply a choice), before anybody has played.
    pub fn choose_first_seat(&mut self, seat: usize) -> Result<(), GameError> {
        self.check_first_seat_open()?;
        if seat >= self.players.len() {
            return Err(GameError::NoSuchSeat(seat));
        }
        self.first_seat = seat;
        Ok(())
    }

    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// Every cell written so far, in order.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The seat that wrote the `index`th entry of the log (or will write it).
    pub fn seat_of_entry(&self, index: usize) -> usize {
        (self.first_seat + index) % self.players.len()
    }

    /// Whose turn it is (after the game ends: the seat that would be next).
    pub fn current_seat(&self) -> usize {
        self.seat_of_entry(self.log.len())
    }

    /// The game ends when every sheet is full: every column of every player.
    pub fn is_over(&self) -> bool {
        self.log.len() == self.players.len() * self.rounds()
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

    /// Every seat by grand total, best first; ties share a rank and the top rank wins.
    pub fn standings(&self) -> Vec<Standing> {
        let mut totals: Vec<(usize, u16)> = (0..self.players.len())
            .map(|seat| (seat, self.totals(seat).map_or(0, |totals| totals.grand)))
            .collect();
        totals.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let best = totals.first().map_or(0, |&(_, total)| total);
        totals
            .iter()
            .map(|&(seat, total)| Standing {
                rank: 1 + totals.iter().filter(|&&(_, other)| other > total).count(),
                seat,
                total,
                winner: total == best,
            })
            .collect()
    }

    /// What the dice on the table score in each open cell of the current player's free column (a plain
    /// sheet's one column), or `None` without dice (or without a free column).
    pub fn scores(&self) -> Option<Scores> {
        self.scores_in(Column::Free)
    }

    /// What the dice on the table score in each open cell of one column of the current player's sheet, the
    /// Joker's restrictions applied (the column's own rule is [`Game::check_place`]'s).
    pub fn scores_in(&self, column: Column) -> Option<Scores> {
        let dice = self.turn.dice.filter(|_| !self.is_over())?;
        let sheet = self.sheet(self.current_seat(), column)?;
        Some(self.rules.scores(sheet, dice.counts()))
    }

    /// The values a cell can hold on a score pad.
    pub fn offers(&self, category: Category) -> Result<Vec<u16>, GameError> {
        // Every column's box holds the same values: the column rules say when, not what.
        self.rules
            .offers(category)
            .map_err(|_| GameError::NotInRuleset(category))
    }

    /// Whether the current player may add a five-of-a-kind bonus with the cell they write now.
    pub fn bonus_available(&self) -> bool {
        !self.is_over()
            && self
                .sheet(self.current_seat(), Column::Free)
                .is_some_and(|sheet| self.rules.bonus_available(sheet))
    }

    /// Whether the current player may roll now, and why not.
    pub fn check_roll(&self) -> Result<(), GameError> {
        self.expect_mode(DiceMode::App)?;
        if self.turn.rolls_used >= MAX_ROLLS {
            return Err(GameError::NoRollsLeft);
        }
        if self.turn.rolls_used > 0 && !self.writable_after_reroll() {
            return Err(GameError::WriteNow);
        }
        Ok(())
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
        if self.turn.rolls_used >= MAX_ROLLS {
            return Err(GameError::NoRollsLeft);
        }
        if die >= DICE {
            return Err(GameError::NoSuchDie(die));
        }
        Ok(())
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

    /// Rolls every die that is not held (all five on the first roll) and returns the dice.
    pub fn roll(&mut self, source: &mut impl DiceSource) -> Result<Dice, GameError> {
        self.check_roll()?;
        let held = self.turn.held;
        let mut dice = self.turn.dice.unwrap_or(Dice::new([Face::ALL[0]; DICE]));
        for (die, &kept) in held.iter().enumerate() {
            if !kept {
                dice = dice.with_face(die, source.roll_die());
            }
        }
        self.turn.dice = Some(dice);
        self.turn.rolls_used += 1;
        Ok(dice)
    }

    /// Holds a die that was free, or frees a held one; returns whether it is now held.
    pub fn toggle_hold(&mut self, die: usize) -> Result<bool, GameError> {
        self.check_hold(die)?;
        let held = self.turn.held.get_mut(die).ok_or(GameError::NoSuchDie(die))?;
        *held = !*held;
        Ok(*held)
    }

    /// Score pad: the dice the player rolled for real, to be scored by the rules.
    pub fn enter_dice(&mut self, dice: Dice) -> Result<(), GameError> {
        self.expect_mode(DiceMode::Pad)?;
        self.turn.dice = Some(dice);
        Ok(())
    }

    /// Score pad: forget the entered dice.
    pub fn clear_dice(&mut self) -> Result<(), GameError> {
        self.expect_mode(DiceMode::Pad)?;
        self.turn = Turn::default();
        Ok(())
    }

    /// Writes what the dice on the table score in a box (a cell alone: its free-column box), with any bonus,
    /// and passes the turn.
    pub fn score(&mut self, place: impl Into<Place>) -> Result<&Entry, GameError> {
        let place = place.into();
        let Preview::Scores(points) = self.preview(place)? else {
            return Err(GameError::NotRolled);
        };
        let bonus = self
            .scores_in(place.column)
            .is_some_and(|scores| scores.bonus > 0);
        Ok(self.record(place, points, bonus))
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

    /// Crosses out an open cell on purpose (a 0, no bonus), and passes the turn.
    pub fn cross_out(&mut self, place: impl Into<Place>) -> Result<&Entry, GameError> {
        let place = place.into();
        self.check_cross_out(place)?;
        Ok(self.record(place, 0, false))
    }

    /// Score pad: writes a value the cell can hold (and the bonus if asked and allowed), and passes the turn.
    pub fn write(&mut self, place: impl Into<Place>, value: u16, bonus: bool) -> Result<&Entry, GameError> {
        let place = place.into();
        let category = place.category;
        self.expect_mode(DiceMode::Pad)?;
        self.check_place(place)?;
        if self.turn.dice.is_some() {
            return Err(GameError::DiceEntered);
        }
        let holds = self.rules.can_hold(category, value);
        if !holds.map_err(|_| GameError::NotInRuleset(category))? {
            return Err(GameError::ValueNotOffered { category, value });
        }
        if bonus && !self.bonus_available() {
            return Err(GameError::NoBonus);
        }
        Ok(self.record(place, value, bonus))
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

    /// Column Yam: announces the box of the announced column this turn will end in.
    pub fn announce(&mut self, category: Category) -> Result<(), GameError> {
        self.check_announce(category)?;
        self.turn.announced = Some(category);
        Ok(())
    }

    /// Takes back the last cell written, with its turn as it stood, until the next player rolls.
    pub fn undo(&mut self) -> Result<Entry, GameError> {
        self.check_undo()?;
        let seat = self.seat_of_entry(self.log.len() - 1);
        let entry = self.log.pop().ok_or(GameError::NothingToUndo)?;
        let index = self
            .sheet_index(seat, entry.column)
            .ok_or(GameError::NoSuchColumn(entry.column))?;
        self.sheets[index].erase(entry.category, entry.bonus);
        self.turn = entry.turn;
        Ok(entry)
    }

    /// Whether the last cell written can be taken back: until the next player rolls.
    pub fn can_undo(&self) -> bool {
        self.check_undo().is_ok()
    }

    fn check_undo(&self) -> Result<(), GameError> {
        if self.log.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        if self.turn != Turn::default() {
            return Err(GameError::UndoTooLate);
        }
        Ok(())
    }

    /// Writes a box that `check_place` allowed.
    fn record(&mut self, place: Place, points: u16, bonus: bool) -> &Entry {
        if let Some(index) = self.sheet_index(self.current_seat(), place.column) {
            self.sheets[index].write(place.category, points, bonus);
        }
        self.log.push(Entry {
            column: place.column,
            category: place.category,
            points,
            bonus,
            turn: self.turn,
        });
        self.turn = Turn::default();
        &self.log[self.log.len() - 1]
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
        self.expect_playing()?;
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

    /// Whether a turn can stand in this game at all (e.g. as read from a save).
    fn check_turn(&self, turn: &Turn) -> bool {
        let held_any = turn.held.iter().any(|&held| held);
        match self.mode {
            DiceMode::App => {
                let announced_open = turn.announced.is_none_or(|announced| {
                    turn.rolls_used > 0
                        && self
                            .sheet(self.current_seat(), Column::Announced)
                            .is_some_and(|sheet| sheet.is_open(announced))
                });
                turn.rolls_used <= MAX_ROLLS
                    && turn.dice.is_some() == (turn.rolls_used > 0)
                    && (!held_any || turn.dice.is_some())
                    && announced_open
            }
            DiceMode::Pad => turn.rolls_used == 0 && !held_any && turn.announced.is_none(),
        }
    }
}

fn check_players<S: AsRef<str>>(rules: Rules, names: &[S]) -> Result<Vec<String>, SetupError> {
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
        if players
            .iter()
            .any(|other| other.to_lowercase() == name.to_lowercase())
        {
            return Err(SetupError::DuplicateName(name.to_string()));
        }
        players.push(name.to_string());
    }
    Ok(players)
}

/// Why an action is not allowed now. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    GameOver,
    NoRollsLeft,
    /// Holding or scoring needs dice on the table first.
    NotRolled,
    NoSuchDie(usize),
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
    NothingToUndo,
    /// The next player has already rolled.
    UndoTooLate,
    /// Who starts is settled once the first player has rolled or written.
    FirstSeatFixed,
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
            GameError::NoRollsLeft => write!(f, "all {MAX_ROLLS} rolls are used: choose a cell"),
            GameError::NotRolled => f.write_str("roll the dice first"),
            GameError::NoSuchDie(die) => write!(f, "there is no die {die} (dice are 0 to 4)"),
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
            GameError::NothingToUndo => f.write_str("nothing to undo"),
            GameError::UndoTooLate => f.write_str("too late to undo: the next turn has started"),
            GameError::FirstSeatFixed => f.write_str("who starts is settled: the game has begun"),
            GameError::NoCrossingOut => {
                f.write_str("this sheet crosses out only a cell the dice do not make")
            }
            GameError::NoSuchSeat(seat) => write!(f, "there is no seat {seat}"),
            GameError::NoSuchColumn(column) => write!(f, "this sheet has no {column} column"),
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
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The saved form of a game: the log, not the sheets, which are rebuilt (and so checked) when it is read.
#[derive(Serialize, Deserialize)]
struct GameRecord {
    version: u32,
    rules: Rules,
    mode: DiceMode,
    players: Vec<String>,
    first_seat: usize,
    turn: Turn,
    log: Vec<Entry>,
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        GameRecord {
            version: FORMAT_VERSION,
            rules: game.rules,
            mode: game.mode,
            players: game.players,
            first_seat: game.first_seat,
            turn: game.turn,
            log: game.log,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = LoadError;

    /// Replays the log through the rules, so a save that the rules would not have produced is refused.
    fn try_from(record: GameRecord) -> Result<Game, LoadError> {
        if record.version != FORMAT_VERSION {
            return Err(LoadError::Version(record.version));
        }
        let mut game = Game::new(record.rules, record.mode, &record.players, record.first_seat)
            .map_err(LoadError::Setup)?;
        for (index, entry) in record.log.into_iter().enumerate() {
            let bad = |reason: GameError| LoadError::Entry { index, reason };
            if !game.check_turn(&entry.turn) {
                return Err(LoadError::Turn);
            }
            game.turn = entry.turn;
            let place = entry.place();
            let crossed_out =
                entry.points == 0 && game.mode == DiceMode::App && game.rules.ruleset().cross_out_any_cell;
            let written = match entry.turn.dice {
                Some(_) if crossed_out => game.cross_out(place).map_err(bad)?.clone(),
                Some(_) => game.score(place).map_err(bad)?.clone(),
                None => game.write(place, entry.points, entry.bonus).map_err(bad)?.clone(),
            };
            if written != entry {
                return Err(LoadError::Entry {
                    index,
                    reason: GameError::ValueNotOffered {
                        category: entry.category,
                        value: entry.points,
                    },
                });
            }
        }
        let settled = !game.is_over() || record.turn == Turn::default();
        if !game.check_turn(&record.turn) || !settled {
            return Err(LoadError::Turn);
        }
        game.turn = record.turn;
        Ok(game)
    }
}

/// Why a saved game cannot be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    Version(u32),
    Setup(SetupError),
    Entry { index: usize, reason: GameError },
    Turn,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Version(version) => write!(
                f,
                "saved game format {version} is not known (this version reads {FORMAT_VERSION})"
            ),
            LoadError::Setup(error) => write!(f, "saved game has bad players: {error}"),
            LoadError::Entry { index, reason } => {
                write!(f, "saved game entry {index} is not legal: {reason}")
            }
            LoadError::Turn => f.write_str("saved game has an impossible turn"),
        }
    }
}

impl std::error::Error for LoadError {}
