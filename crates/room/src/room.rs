//! The room as a value: seats in a lobby, then a `Game`, then the finished sheets.
//!
//! Every change is an [`Event`]. The server asks the room to [`decide`](Room::decide) a command, which checks
//! it against the room and the rules crate and returns the event it would cause (or a typed [`RoomError`]);
//! the server stores the event, then [`apply`](Room::apply)s it. A device does exactly the same `apply` with
//! each event it receives, so a room rebuilt from its log is equal to the live one. Nothing else changes a
//! room: decisions take `&self`.

use std::fmt;
use std::ops::Not;

use fivedice_rules::{
    Category, Column, Columns, DICE, Dice, DiceMode, Face, FirstPlayerRoll, Game, GameError, Joker, Place,
    Rules, RulesError, RulesetId, SetupError,
};
use serde::{Deserialize, Serialize};

use crate::name::{RoomName, check_player_name, same_player_name};

/// How long a seat's person must be away before the host may let a computer player take the seat over.
pub const TAKE_OVER_AFTER_MS: u64 = 120_000;

/// What a room cannot know by itself, supplied by whoever decides commands (the server).
pub trait Outside {
    /// A freshly drawn die: the server uses the operating system's random source, tests a script.
    fn roll_die(&mut self) -> Face;
    /// How long the person at `seat` has been away, in milliseconds; `None` while a device holding the seat
    /// is connected.
    fn away_ms(&self, seat: usize) -> Option<u64>;
}

/// Where the room is in its life. It only moves forward: a finished room stays finished (a new game is a
/// new room).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players join and leave; the host chooses the rules and starts.
    Lobby,
    Playing,
    /// Every sheet is full.
    Finished,
}

/// A seat at the table. Seats are numbered in the order of joining; in the game the seat number is the
/// player's index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    /// A computer player added by the host in the lobby; the host's device plays it.
    #[serde(default, skip_serializing_if = "Not::not")]
    pub computer: bool,
    /// A computer player stands in while this seat's person is away; the host's device plays it until the
    /// seat is given back.
    #[serde(default, skip_serializing_if = "Not::not")]
    pub stand_in: bool,
}

impl Seat {
    /// Whether a computer plays this seat now, so the host's device (not the seat's own) acts for it.
    pub fn computer_plays(&self) -> bool {
        self.computer || self.stand_in
    }
}

/// What a seat asks of the room. The acting seat comes from the token the server checked, never from the
/// action itself; play actions are for the seat whose turn it is (or, for `Undo`, the seat that wrote last).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Host, lobby: a computer player joins; the host's device will play it.
    AddComputer {
        name: String,
    },
    /// Host, lobby: the game and its options. Joker and the Yahtzee bonus default to the ruleset's own
    /// defaults (the official forced Joker and the bonus where the ruleset has them).
    ChooseRules {
        ruleset: RulesetId,
        #[serde(default)]
        joker: Option<Joker>,
        #[serde(default)]
        yahtzee_bonus: Option<bool>,
        #[serde(default)]
        dice: DiceMode,
        /// Column Yam: the columns of each sheet (one free column when left out).
        #[serde(default, skip_serializing_if = "Columns::is_one")]
        columns: Columns,
    },
    /// Host, lobby: the server rolls for the first player and the game begins.
    Start,
    /// Any seat, lobby: give the seat up. Seats above it move down one; a leaving host passes the role on.
    Leave,
    /// Host, in play: a computer player takes over a seat whose person has been away long enough.
    TakeOver {
        seat: usize,
    },
    /// Host or the seat itself, in play: the seat's person plays again.
    GiveBack {
        seat: usize,
    },
    Roll,
    /// Hold a free die or free a held one (dice 0 to 4).
    Hold {
        die: usize,
    },
    /// Score the dice on the table in a box (a column's cell; the free column on a plain sheet).
    Score {
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
    },
    /// Cross out a box on purpose, whatever the dice score there (a sheet that allows it: Yam).
    CrossOut {
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
    },
    /// Column Yam: announce the box of the announced column this turn ends in (after the first roll).
    Announce {
        category: Category,
    },
    /// Score pad: write a value the box can hold, with the five-of-a-kind bonus if asked and allowed.
    Write {
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
        value: u16,
        #[serde(default)]
        bonus: bool,
    },
    /// Score pad: the dice rolled for real, to be scored by the rules.
    EnterDice {
        dice: Dice,
    },
    /// Score pad: forget the entered dice.
    ClearDice,
    /// Take back the last cell written, until the next player rolls; by the seat that wrote it.
    Undo,
}

/// One change to a room: what the log stores and what every device applies. Events name seats, never
/// tokens; dice events carry the dice the server drew, so replaying never draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    Joined {
        seat: usize,
        name: String,
        #[serde(default, skip_serializing_if = "Not::not")]
        computer: bool,
    },
    Left {
        seat: usize,
    },
    RulesChosen {
        rules: Rules,
        dice: DiceMode,
    },
    /// The roll-off for the first player, as the server drew it; the game starts with it.
    Started {
        first_player_roll: FirstPlayerRoll,
    },
    TakenOver {
        seat: usize,
    },
    GivenBack {
        seat: usize,
    },
    /// The dice on the table after the roll (held dice unchanged, the others as drawn).
    Rolled {
        seat: usize,
        dice: Dice,
    },
    HoldToggled {
        seat: usize,
        die: usize,
        held: bool,
    },
    Scored {
        seat: usize,
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
        points: u16,
        #[serde(default, skip_serializing_if = "Not::not")]
        bonus: bool,
    },
    CrossedOut {
        seat: usize,
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
    },
    Announced {
        seat: usize,
        category: Category,
    },
    Written {
        seat: usize,
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
        value: u16,
        #[serde(default, skip_serializing_if = "Not::not")]
        bonus: bool,
    },
    DiceEntered {
        seat: usize,
        dice: Dice,
    },
    DiceCleared {
        seat: usize,
    },
    /// The cell taken back from `seat`'s sheet; the turn returns to that seat as it stood.
    Undone {
        seat: usize,
        #[serde(default, skip_serializing_if = "Column::is_free")]
        column: Column,
        category: Category,
    },
}

impl Event {
    /// Whether an action decided before this event may have been decided on a room that no longer is.
    /// Only a hold is not: it changes nothing another tap could have been based on, so a player can tap
    /// several dice in a row without waiting for each echo.
    fn makes_older_actions_stale(&self) -> bool {
        !matches!(self, Event::HoldToggled { .. })
    }
}

/// An event with its place in the room's log (the first event is 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub seq: u64,
    pub event: Event,
}

/// An online table: its seats, the rules chosen, and the game once started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    name: RoomName,
    /// How many events were applied: the seq of the last one.
    seq: u64,
    /// The seq of the last event that makes older actions stale.
    stale_before: u64,
    seats: Vec<Seat>,
    /// Meaningful while there are seats.
    host: usize,
    rules: Rules,
    dice: DiceMode,
    first_player_roll: Option<FirstPlayerRoll>,
    game: Option<Game>,
}

impl Room {
    /// An empty room in the lobby, with Yahtzee under its default options on the app's dice.
    pub fn new(name: RoomName) -> Room {
        Room {
            name,
            seq: 0,
            stale_before: 0,
            seats: Vec::new(),
            host: 0,
            rules: Rules::new(RulesetId::Yahtzee),
            dice: DiceMode::App,
            first_player_roll: None,
            game: None,
        }
    }

    /// The room its log describes; the entries must be numbered 1, 2, 3, … in order.
    pub fn replay<'a>(
        name: RoomName,
        entries: impl IntoIterator<Item = &'a LogEntry>,
    ) -> Result<Room, RoomError> {
        let mut room = Room::new(name);
        for entry in entries {
            room.apply_entry(entry)?;
        }
        Ok(room)
    }

    pub fn name(&self) -> &RoomName {
        &self.name
    }

    /// The seq of the last event applied (0 for a new room).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    pub fn phase(&self) -> Phase {
        match &self.game {
            None => Phase::Lobby,
            Some(game) if game.is_over() => Phase::Finished,
            Some(_) => Phase::Playing,
        }
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The seat that chooses the rules, starts the game and plays the computer seats; `None` while empty.
    pub fn host(&self) -> Option<usize> {
        (!self.seats.is_empty()).then_some(self.host)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn dice_mode(&self) -> DiceMode {
        self.dice
    }

    /// How many seats the chosen ruleset takes (8, or 6 for Yam).
    pub fn max_players(&self) -> usize {
        self.rules.ruleset().max_players
    }

    /// The roll-off that chose the first player, once started.
    pub fn first_player_roll(&self) -> Option<&FirstPlayerRoll> {
        self.first_player_roll.as_ref()
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The seat whose turn it is, while the game is being played.
    pub fn seat_to_play(&self) -> Option<usize> {
        self.game
            .as_ref()
            .filter(|game| !game.is_over())
            .map(Game::current_seat)
    }

    /// Which of a device's seats may play the turn now: the current seat if the device holds it, or the
    /// host's seat if a computer plays the current seat. The device sends that seat's token; `None` means
    /// its dice and cells stay disabled.
    pub fn acting_seat(&self, held: &[usize]) -> Option<usize> {
        let seat = self.seat_to_play()?;
        let playing_seat = self.seats.get(seat)?;
        let actor = if playing_seat.computer_plays() {
            self.host
        } else {
            seat
        };
        held.contains(&actor).then_some(actor)
    }

    /// The event a new person joining as `name` causes (any device may join, also for a second person).
    pub fn decide_join(&self, name: &str) -> Result<Event, RoomError> {
        self.expect_lobby_for_joining()?;
        let name = self.check_new_name(name)?;
        Ok(Event::Joined {
            seat: self.seats.len(),
            name,
            computer: false,
        })
    }

    /// The event `actor`'s action causes. `at` is the seq of the last event the actor's device had seen:
    /// starting and playing are refused as stale if the room changed since.
    pub fn decide(
        &self,
        actor: usize,
        at: u64,
        action: &Action,
        outside: &mut impl Outside,
    ) -> Result<Event, RoomError> {
        if actor >= self.seats.len() {
            return Err(RoomError::NoSuchSeat(actor));
        }
        match action {
            Action::AddComputer { name } => {
                self.expect_host(actor)?;
                self.expect_lobby_for_joining()?;
                let name = self.check_new_name(name)?;
                Ok(Event::Joined {
                    seat: self.seats.len(),
                    name,
                    computer: true,
                })
            }
            Action::ChooseRules {
                ruleset,
                joker,
                yahtzee_bonus,
                dice,
                columns,
            } => {
                self.expect_host(actor)?;
                self.expect_lobby()?;
                let defaults = Rules::new(*ruleset);
                let rules = Rules::with_options(
                    *ruleset,
                    joker.unwrap_or(defaults.joker()),
                    yahtzee_bonus.unwrap_or(defaults.has_yahtzee_bonus()),
                )
                .and_then(|rules| rules.with_columns(*columns))
                .map_err(RoomError::Rules)?;
                self.check_seats_fit(rules)?;
                Ok(Event::RulesChosen { rules, dice: *dice })
            }
            Action::Start => {
                self.expect_host(actor)?;
                self.expect_lobby()?;
                self.expect_fresh(at)?;
                let players = self.seats.len();
                let ruleset = self.rules.ruleset();
                if players < ruleset.min_players {
                    return Err(RoomError::Setup(SetupError::PlayerCount {
                        count: players,
                        min: ruleset.min_players,
                        max: ruleset.max_players,
                    }));
                }
                let first_player_roll = roll_off(players, || outside.roll_die());
                Ok(Event::Started { first_player_roll })
            }
            Action::Leave => {
                self.expect_lobby()?;
                Ok(Event::Left { seat: actor })
            }
            Action::TakeOver { seat } => {
                self.expect_host(actor)?;
                self.expect_playing()?;
                let taken = self.seats.get(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if taken.computer_plays() {
                    return Err(RoomError::AlreadyComputer { seat: *seat });
                }
                let away_ms = outside.away_ms(*seat);
                if away_ms.is_none_or(|away| away < TAKE_OVER_AFTER_MS) {
                    return Err(RoomError::NotAwayLongEnough { seat: *seat, away_ms });
                }
                Ok(Event::TakenOver { seat: *seat })
            }
            Action::GiveBack { seat } => {
                self.expect_playing()?;
                let given = self.seats.get(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if actor != self.host && actor != *seat {
                    return Err(RoomError::NotHost);
                }
                if !given.stand_in {
                    return Err(RoomError::NoStandIn { seat: *seat });
                }
                Ok(Event::GivenBack { seat: *seat })
            }
            Action::Roll
            | Action::Hold { .. }
            | Action::Score { .. }
            | Action::CrossOut { .. }
            | Action::Announce { .. }
            | Action::Write { .. }
            | Action::EnterDice { .. }
            | Action::ClearDice
            | Action::Undo => self.decide_play(actor, at, action, outside),
        }
    }

    /// A turn action: checked for the seat, for freshness, then by the rules crate on a copy of the game.
    fn decide_play(
        &self,
        actor: usize,
        at: u64,
        action: &Action,
        outside: &mut impl Outside,
    ) -> Result<Event, RoomError> {
        let game = self.game.as_ref().ok_or(RoomError::NotStarted)?;
        if game.is_over() {
            return Err(RoomError::GameOver);
        }
        let seat = if *action == Action::Undo {
            let written = game.log().len();
            if written == 0 {
                return Err(RoomError::Game(GameError::NothingToUndo));
            }
            game.seat_of_entry(written - 1)
        } else {
            game.current_seat()
        };
        self.expect_plays_for(actor, seat)?;
        self.expect_fresh(at)?;
        let mut trial = game.clone();
        let event = match action {
            Action::Roll => Event::Rolled {
                seat,
                dice: trial.roll(&mut || outside.roll_die())?,
            },
            Action::Hold { die } => Event::HoldToggled {
                seat,
                die: *die,
                held: trial.toggle_hold(*die)?,
            },
            Action::Score { column, category } => {
                let entry = trial.score(Place::new(*column, *category))?;
                Event::Scored {
                    seat,
                    column: entry.column,
                    category: entry.category,
                    points: entry.points,
                    bonus: entry.bonus,
                }
            }
            Action::CrossOut { column, category } => {
                trial.cross_out(Place::new(*column, *category))?;
                Event::CrossedOut {
                    seat,
                    column: *column,
                    category: *category,
                }
            }
            Action::Announce { category } => {
                trial.announce(*category)?;
                Event::Announced {
                    seat,
                    category: *category,
                }
            }
            Action::Write {
                column,
                category,
                value,
                bonus,
            } => {
                let entry = trial.write(Place::new(*column, *category), *value, *bonus)?;
                Event::Written {
                    seat,
                    column: entry.column,
                    category: entry.category,
                    value: entry.points,
                    bonus: entry.bonus,
                }
            }
            Action::EnterDice { dice } => {
                trial.enter_dice(*dice)?;
                Event::DiceEntered { seat, dice: *dice }
            }
            Action::ClearDice => {
                trial.clear_dice()?;
                Event::DiceCleared { seat }
            }
            Action::Undo => {
                let entry = trial.undo()?;
                Event::Undone {
                    seat,
                    column: entry.column,
                    category: entry.category,
                }
            }
            Action::AddComputer { .. }
            | Action::ChooseRules { .. }
            | Action::Start
            | Action::Leave
            | Action::TakeOver { .. }
            | Action::GiveBack { .. } => return Err(RoomError::Inconsistent("not a turn action")),
        };
        Ok(event)
    }

    /// Decides and applies a join: for the server and for tests.
    pub fn join(&mut self, name: &str) -> Result<LogEntry, RoomError> {
        let event = self.decide_join(name)?;
        self.record(event)
    }

    /// Decides and applies an action: for the server and for tests.
    pub fn act(
        &mut self,
        actor: usize,
        at: u64,
        action: &Action,
        outside: &mut impl Outside,
    ) -> Result<LogEntry, RoomError> {
        let event = self.decide(actor, at, action, outside)?;
        self.record(event)
    }

    fn record(&mut self, event: Event) -> Result<LogEntry, RoomError> {
        self.apply(&event)?;
        Ok(LogEntry { seq: self.seq, event })
    }

    /// Applies the next entry of a log, checking that it is the next one.
    pub fn apply_entry(&mut self, entry: &LogEntry) -> Result<(), RoomError> {
        let expected = self.seq + 1;
        if entry.seq != expected {
            return Err(RoomError::OutOfOrder {
                expected,
                got: entry.seq,
            });
        }
        self.apply(&entry.event)
    }

    /// The one way a room changes. Every event is checked against the room and the rules crate again, so a
    /// log the server would not have written (corrupt, or from another version) is refused with the room
    /// unchanged rather than replayed into nonsense.
    pub fn apply(&mut self, event: &Event) -> Result<(), RoomError> {
        let mut next = self.clone();
        next.change(event)?;
        next.seq += 1;
        if event.makes_older_actions_stale() {
            next.stale_before = next.seq;
        }
        *self = next;
        Ok(())
    }

    fn change(&mut self, event: &Event) -> Result<(), RoomError> {
        match event {
            Event::Joined { seat, name, computer } => {
                self.expect_lobby_for_joining()?;
                if *seat != self.seats.len() {
                    return Err(RoomError::Inconsistent("a new seat must come after the others"));
                }
                if self.check_new_name(name)? != *name {
                    return Err(RoomError::Inconsistent("a seat's name must be trimmed"));
                }
                if self.seats.is_empty() {
                    self.host = 0;
                }
                self.seats.push(Seat {
                    name: name.clone(),
                    computer: *computer,
                    stand_in: false,
                });
            }
            Event::Left { seat } => {
                self.expect_lobby()?;
                if *seat >= self.seats.len() {
                    return Err(RoomError::NoSuchSeat(*seat));
                }
                self.remove_seat(*seat);
            }
            Event::RulesChosen { rules, dice } => {
                self.expect_lobby()?;
                self.check_seats_fit(*rules)?;
                self.rules = *rules;
                self.dice = *dice;
            }
            Event::Started { first_player_roll } => {
                self.expect_lobby()?;
                let mut drawn = first_player_roll.rounds.iter().flatten().map(|&(_, face)| face);
                let mut exhausted = false;
                let replayed = roll_off(self.seats.len(), || {
                    drawn.next().unwrap_or_else(|| {
                        exhausted = true;
                        Face::ALL[0]
                    })
                });
                if exhausted || replayed != *first_player_roll {
                    return Err(RoomError::Inconsistent("the roll-off does not fit the seats"));
                }
                let names: Vec<&str> = self.seats.iter().map(|seat| seat.name.as_str()).collect();
                let game = Game::new(self.rules, self.dice, &names, first_player_roll.first_seat)
                    .map_err(RoomError::Setup)?;
                self.game = Some(game);
                self.first_player_roll = Some(first_player_roll.clone());
            }
            Event::TakenOver { seat } => {
                self.expect_playing()?;
                let taken = self.seats.get_mut(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if taken.computer_plays() {
                    return Err(RoomError::AlreadyComputer { seat: *seat });
                }
                taken.stand_in = true;
            }
            Event::GivenBack { seat } => {
                self.expect_playing()?;
                let given = self.seats.get_mut(*seat).ok_or(RoomError::NoSuchSeat(*seat))?;
                if !given.stand_in {
                    return Err(RoomError::NoStandIn { seat: *seat });
                }
                given.stand_in = false;
            }
            Event::Rolled { seat, dice } => {
                let game = self.game_for_turn_of(*seat)?;
                let turn = *game.turn();
                let mut free_faces = (0..DICE)
                    .filter(|&die| !turn.held[die])
                    .filter_map(|die| dice.face(die));
                let rolled = game.roll(&mut || free_faces.next().unwrap_or(Face::ALL[0]))?;
                if rolled != *dice {
                    return Err(RoomError::Inconsistent("a roll changed a held die"));
                }
            }
            Event::HoldToggled { seat, die, held } => {
                let game = self.game_for_turn_of(*seat)?;
                if game.toggle_hold(*die)? != *held {
                    return Err(RoomError::Inconsistent("the die was already so"));
                }
            }
            Event::Scored {
                seat,
                column,
                category,
                points,
                bonus,
            } => {
                let game = self.game_for_turn_of(*seat)?;
                let entry = game.score(Place::new(*column, *category))?;
                if entry.points != *points || entry.bonus != *bonus {
                    return Err(RoomError::Inconsistent("the dice do not score that"));
                }
            }
            Event::CrossedOut {
                seat,
                column,
                category,
            } => {
                self.game_for_turn_of(*seat)?
                    .cross_out(Place::new(*column, *category))?;
            }
            Event::Announced { seat, category } => {
                self.game_for_turn_of(*seat)?.announce(*category)?;
            }
            Event::Written {
                seat,
                column,
                category,
                value,
                bonus,
            } => {
                let game = self.game_for_turn_of(*seat)?;
                game.write(Place::new(*column, *category), *value, *bonus)?;
            }
            Event::DiceEntered { seat, dice } => {
                self.game_for_turn_of(*seat)?.enter_dice(*dice)?;
            }
            Event::DiceCleared { seat } => {
                self.game_for_turn_of(*seat)?.clear_dice()?;
            }
            Event::Undone {
                seat,
                column,
                category,
            } => {
                let game = self.game.as_mut().ok_or(RoomError::NotStarted)?;
                let written = game.log().len();
                if written == 0 || game.seat_of_entry(written - 1) != *seat {
                    return Err(RoomError::Inconsistent("that seat did not write last"));
                }
                if game.undo()?.place() != Place::new(*column, *category) {
                    return Err(RoomError::Inconsistent("that cell was not written last"));
                }
            }
        }
        Ok(())
    }

    /// The game, if `seat` is the one to play: events name the seat so a log cannot move the wrong sheet.
    fn game_for_turn_of(&mut self, seat: usize) -> Result<&mut Game, RoomError> {
        let game = self.game.as_mut().ok_or(RoomError::NotStarted)?;
        if game.is_over() {
            return Err(RoomError::GameOver);
        }
        if game.current_seat() != seat {
            return Err(RoomError::Inconsistent("that seat is not the one to play"));
        }
        Ok(game)
    }

    /// Removes a seat in the lobby. Seats above move down one. A leaving host passes the role to the next
    /// person (the seat now in its place, wrapping round); computer seats cannot host, so a lobby with only
    /// computers left is emptied.
    fn remove_seat(&mut self, seat: usize) {
        self.seats.remove(seat);
        if !self.seats.iter().any(|left| !left.computer) {
            self.seats.clear();
            self.host = 0;
            return;
        }
        if seat < self.host {
            self.host -= 1;
        } else if seat == self.host {
            let count = self.seats.len();
            self.host = (0..count)
                .map(|step| (seat + step) % count)
                .find(|&next| !self.seats[next].computer)
                .unwrap_or(0);
        }
    }

    fn check_new_name(&self, typed: &str) -> Result<String, RoomError> {
        let name = check_player_name(typed)?;
        if self.seats.iter().any(|seat| same_player_name(&seat.name, &name)) {
            return Err(RoomError::NameTaken(name));
        }
        Ok(name)
    }

    fn check_seats_fit(&self, rules: Rules) -> Result<(), RoomError> {
        let max = rules.ruleset().max_players;
        if self.seats.len() > max {
            return Err(RoomError::TooManyForRules {
                ruleset: rules.id(),
                players: self.seats.len(),
                max,
            });
        }
        Ok(())
    }

    fn expect_host(&self, actor: usize) -> Result<(), RoomError> {
        if self.host() == Some(actor) {
            Ok(())
        } else {
            Err(RoomError::NotHost)
        }
    }

    fn expect_lobby(&self) -> Result<(), RoomError> {
        match self.phase() {
            Phase::Lobby => Ok(()),
            Phase::Playing => Err(RoomError::NotInLobby),
            Phase::Finished => Err(RoomError::GameOver),
        }
    }

    fn expect_lobby_for_joining(&self) -> Result<(), RoomError> {
        if self.phase() != Phase::Lobby {
            return Err(RoomError::Started);
        }
        let max = self.max_players();
        if self.seats.len() >= max {
            return Err(RoomError::RoomFull { max });
        }
        Ok(())
    }

    fn expect_playing(&self) -> Result<(), RoomError> {
        match self.phase() {
            Phase::Lobby => Err(RoomError::NotStarted),
            Phase::Playing => Ok(()),
            Phase::Finished => Err(RoomError::GameOver),
        }
    }

    /// Whether `actor` plays for `seat` now: its own seat, or the host for a seat a computer plays.
    fn expect_plays_for(&self, actor: usize, seat: usize) -> Result<(), RoomError> {
        let playing = self.seats.get(seat).ok_or(RoomError::NoSuchSeat(seat))?;
        if playing.computer_plays() {
            if actor == self.host {
                Ok(())
            } else {
                Err(RoomError::ComputerPlays { seat })
            }
        } else if actor == seat {
            Ok(())
        } else {
            Err(RoomError::NotYourTurn { seat })
        }
    }

    fn expect_fresh(&self, at: u64) -> Result<(), RoomError> {
        if at < self.stale_before || at > self.seq {
            Err(RoomError::Stale { at, seq: self.seq })
        } else {
            Ok(())
        }
    }
}

/// Rounds of ties after which the roll-off stops drawing. Fair dice tie that long with a probability below
/// 10^-30; the cap is there so that a constant script (a test) or a forged log cannot make the roll-off, or
/// its replay, loop forever.
const MAX_ROLL_OFF_ROUNDS: usize = 40;

/// The roll-off for the first player with dice from `draw`. Past the cap the dice count down 6, 5, … 1 and
/// round again: any six draws in a row then differ, so at most two more rounds settle it.
fn roll_off(players: usize, mut draw: impl FnMut() -> Face) -> FirstPlayerRoll {
    let limit = players.saturating_mul(MAX_ROLL_OFF_ROUNDS);
    let mut drawn = 0usize;
    let mut capped_die = || {
        drawn += 1;
        if drawn <= limit {
            draw()
        } else {
            let countdown = (drawn - limit - 1) % Face::ALL.len();
            Face::ALL[Face::ALL.len() - 1 - countdown]
        }
    };
    FirstPlayerRoll::roll(players, &mut capped_die)
}

/// Why a command or an event is refused. The room is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    RoomNameEmpty,
    RoomNameTooLong,
    RoomNameControl,
    PlayerNameEmpty,
    PlayerNameTooLong,
    PlayerNameControl,
    /// Another seat has this name (ignoring case).
    NameTaken(String),
    /// The chosen ruleset seats no more.
    RoomFull {
        max: usize,
    },
    /// Joining after the start (watching is still allowed).
    Started,
    /// A lobby action (rules, start, leave) after the start.
    NotInLobby,
    NotStarted,
    GameOver,
    NotHost,
    NoSuchSeat(usize),
    /// It is `seat`'s turn, and the actor is not that seat.
    NotYourTurn {
        seat: usize,
    },
    /// A computer plays `seat`: only the host's device acts for it.
    ComputerPlays {
        seat: usize,
    },
    /// The action was decided on a room that has changed since (`at` is what the device had seen).
    Stale {
        at: u64,
        seq: u64,
    },
    /// The ruleset takes fewer players than are seated.
    TooManyForRules {
        ruleset: RulesetId,
        players: usize,
        max: usize,
    },
    NotAwayLongEnough {
        seat: usize,
        away_ms: Option<u64>,
    },
    AlreadyComputer {
        seat: usize,
    },
    /// Giving back a seat that no computer stands in for.
    NoStandIn {
        seat: usize,
    },
    Game(GameError),
    Rules(RulesError),
    Setup(SetupError),
    /// A log entry that is not the next one.
    OutOfOrder {
        expected: u64,
        got: u64,
    },
    /// An event that does not fit the room: a corrupt log, or one written by another version.
    Inconsistent(&'static str),
}

impl RoomError {
    /// A stable machine-readable name, sent beside the human reason so a client can react (e.g. refetch the
    /// log after `stale`).
    pub fn code(&self) -> &'static str {
        match self {
            RoomError::RoomNameEmpty | RoomError::RoomNameTooLong | RoomError::RoomNameControl => {
                "bad_room_name"
            }
            RoomError::PlayerNameEmpty | RoomError::PlayerNameTooLong | RoomError::PlayerNameControl => {
                "bad_player_name"
            }
            RoomError::NameTaken(_) => "name_taken",
            RoomError::RoomFull { .. } => "room_full",
            RoomError::Started => "started",
            RoomError::NotInLobby => "not_in_lobby",
            RoomError::NotStarted => "not_started",
            RoomError::GameOver => "game_over",
            RoomError::NotHost => "not_host",
            RoomError::NoSuchSeat(_) => "no_such_seat",
            RoomError::NotYourTurn { .. } => "not_your_turn",
            RoomError::ComputerPlays { .. } => "computer_plays",
            RoomError::Stale { .. } => "stale",
            RoomError::TooManyForRules { .. } => "too_many_for_rules",
            RoomError::NotAwayLongEnough { .. } => "not_away_long_enough",
            RoomError::AlreadyComputer { .. } => "already_computer",
            RoomError::NoStandIn { .. } => "no_stand_in",
            RoomError::Game(_) => "rules",
            RoomError::Rules(_) => "bad_rules",
            RoomError::Setup(_) => "bad_setup",
            RoomError::OutOfOrder { .. } => "out_of_order",
            RoomError::Inconsistent(_) => "inconsistent",
        }
    }
}

impl From<GameError> for RoomError {
    fn from(error: GameError) -> RoomError {
        // A game that is over is the room's own "game over", whichever check noticed it first.
        match error {
            GameError::GameOver => RoomError::GameOver,
            other => RoomError::Game(other),
        }
    }
}

/// The rules crate words its reasons as clauses ("roll the dice first"); a room shows sentences.
fn sentence(f: &mut fmt::Formatter<'_>, clause: &dyn fmt::Display) -> fmt::Result {
    let text = clause.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => write!(f, "{}{}", first.to_uppercase(), chars.as_str()),
        None => Ok(()),
    }
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::RoomNameEmpty => f.write_str("A room needs a name"),
            RoomError::RoomNameTooLong => write!(
                f,
                "A room name has at most {} characters",
                crate::name::MAX_ROOM_NAME_CHARS
            ),
            RoomError::RoomNameControl => f.write_str("A room name cannot hold control characters"),
            RoomError::PlayerNameEmpty => f.write_str("A player needs a name"),
            RoomError::PlayerNameTooLong => write!(
                f,
                "A player's name has at most {} characters",
                fivedice_rules::MAX_NAME_CHARS
            ),
            RoomError::PlayerNameControl => f.write_str("A player's name cannot hold control characters"),
            RoomError::NameTaken(name) => write!(f, "Somebody in this room is already called {name:?}"),
            RoomError::RoomFull { max } => write!(f, "This room is full: the game takes {max} players"),
            RoomError::Started => f.write_str("This game has started; ask for a new room"),
            RoomError::NotInLobby => f.write_str("The game has started: that was only possible in the lobby"),
            RoomError::NotStarted => f.write_str("The game has not started yet"),
            RoomError::GameOver => f.write_str("The game is over"),
            RoomError::NotHost => f.write_str("Only the host can do that"),
            RoomError::NoSuchSeat(seat) => write!(f, "There is no seat {seat} in this room"),
            RoomError::NotYourTurn { seat } => write!(f, "It is seat {seat}'s turn, not yours"),
            RoomError::ComputerPlays { seat } => {
                write!(f, "A computer player plays seat {seat}: take the seat back first")
            }
            RoomError::Stale { .. } => {
                f.write_str("The table changed before your tap arrived; look again and retry")
            }
            RoomError::TooManyForRules {
                ruleset,
                players,
                max,
            } => write!(
                f,
                "{ruleset} takes at most {max} players, and {players} are seated"
            ),
            RoomError::NotAwayLongEnough { seat, away_ms } => match away_ms {
                None => write!(f, "Seat {seat} is connected: a computer cannot take it over"),
                Some(away) => write!(
                    f,
                    "Seat {seat} has been away {} s; a computer can take over after {} s",
                    away / 1000,
                    TAKE_OVER_AFTER_MS / 1000
                ),
            },
            RoomError::AlreadyComputer { seat } => write!(f, "A computer already plays seat {seat}"),
            RoomError::NoStandIn { seat } => write!(f, "No computer stands in for seat {seat}"),
            RoomError::Game(error) => sentence(f, error),
            RoomError::Rules(error) => sentence(f, error),
            RoomError::Setup(error) => sentence(f, error),
            RoomError::OutOfOrder { expected, got } => {
                write!(f, "The room's log skipped: expected entry {expected}, got {got}")
            }
            RoomError::Inconsistent(why) => write!(f, "The room's log does not fit the room: {why}"),
        }
    }
}

impl std::error::Error for RoomError {}
