//! The room as a value: seats in a lobby, then a `Game`, then the finished sheets.
//!
//! Every change is an [`Event`] ([`event`]). Whoever hosts the room asks it to [`decide`](Room::decide) a
//! command ([`decide`]), which checks it against the room and the rules crate and returns the event it would
//! cause (or a typed [`RoomError`]); the host stores the event, then [`apply`](Room::apply)s it. A device does
//! exactly the same `apply` with each event it receives, so a room rebuilt from its log is equal to the live
//! one. Nothing else changes a room: decisions take `&self`.

mod choice;
mod decide;
mod event;

use fivedice_rules::{DiceMode, FirstPlayerRoll, Game, Rules, RulesetId};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::name::{RoomName, check_player_name, same_player_name};

pub use choice::RulesChoice;
pub(crate) use decide::roll_off;
pub use decide::{Action, Outside};
pub use event::{Event, LogEntry};

pub use crate::limits::TAKE_OVER_AFTER_MS;

/// How a computer plays a seat standing in for its person away; also a computer seat of a log written before
/// seats carried a level (they all played so).
pub const STAND_IN: Level = Level::Strong;

/// Where the room is in its life. It moves forward (a new game is a new room), but for one step: taking back
/// the last box written after the end plays on.
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
    /// A computer player added by the host in the lobby, at its level; the host's device plays it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
    /// A computer player stands in while this seat's person is away; the host's device plays it until the
    /// seat is given back, or for the turn it was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<StandIn>,
}

/// A computer standing in for a person whose device is away: at the level chosen, for their turn only or until
/// the seat is given back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StandIn {
    pub level: Level,
    pub one_turn: bool,
}

impl Seat {
    /// Whether a computer plays this seat now, so the host's device (not the seat's own) acts for it.
    pub fn computer_plays(&self) -> bool {
        self.computer_level().is_some()
    }

    /// How the computer playing this seat now plays, if one does: the level it was added at, or a stand-in's.
    pub fn computer_level(&self) -> Option<Level> {
        self.computer.or(self.stand_in.map(|stand_in| stand_in.level))
    }
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
    /// Whether the host revealed the seed of the room's dice (its commitment and the seed are in the log).
    dice_revealed: bool,
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
            dice_revealed: false,
        }
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

    /// Whether the game is over and its host revealed the seed of its dice (`crate::dice_seed`).
    pub fn dice_revealed(&self) -> bool {
        self.dice_revealed
    }

    /// The game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The seat of the person called `name` (as names meet: case and width folded), if one is.
    pub fn seat_named(&self, name: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|seat| seat.computer.is_none() && same_player_name(&seat.name, name))
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

    /// The first person after the host (wrapping round) whose device is here: who takes the host's place when
    /// the host's device is gone (to start the game, or to play the computers).
    pub fn next_person_here(&self, away: impl Fn(&usize) -> bool) -> Option<usize> {
        let host = self.host()?;
        let count = self.seats.len();
        (1..count)
            .map(|step| (host + step) % count)
            .find(|seat| self.seats[*seat].computer.is_none() && !away(seat))
    }

    /// Removes a seat in the lobby. Seats above move down one. A leaving host passes the role to the next
    /// person (the seat now in its place, wrapping round); computer seats cannot host, so a lobby with only
    /// computers left is emptied.
    fn remove_seat(&mut self, seat: usize) {
        self.seats.remove(seat);
        if self.seats.iter().all(|left| left.computer.is_some()) {
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
                .find(|&next| self.seats[next].computer.is_none())
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

    /// Whether `actor` is a person's seat (a computer's seat acts only through the device that plays it).
    fn expect_person(&self, actor: usize) -> Result<(), RoomError> {
        match self.seats.get(actor) {
            Some(seat) if seat.computer.is_none() => Ok(()),
            Some(_) => Err(RoomError::ComputerPlays { seat: actor }),
            None => Err(RoomError::NoSuchSeat(actor)),
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
