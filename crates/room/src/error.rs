//! Why a room refuses a command, or a log entry: typed reasons, each with a stable code for programs and an
//! English sentence for logs (the app words each in the player's language).

use std::fmt;

use fivedice_rules::{GameError, RulesError, RulesetId, SetupError};
use serde::{Deserialize, Serialize};

use crate::limits::{MAX_ROOM_NAME_CHARS, TAKE_OVER_AFTER_MS};

/// Why a command or an event is refused. The room is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// Removing a seat that a person holds: only a computer player is the host's to remove.
    NotComputer {
        seat: usize,
    },
    /// Giving back a seat that no computer stands in for.
    NoStandIn {
        seat: usize,
    },
    /// A device sent the dice of a roll: the room draws them.
    DiceAreDrawn,
    /// The room is a table of an event, which plays the event's game and no other.
    EventsGame,
    /// Taking back a box once the seed of the room's dice is revealed: the dice could be foretold.
    DiceRevealed,
    Game(GameError),
    Rules(RulesError),
    Setup(SetupError),
    /// A log entry that is not the next one.
    OutOfOrder {
        expected: u64,
        got: u64,
    },
    /// An event that does not fit the room: a corrupt log, or one written by another version.
    Inconsistent(Inconsistency),
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
            RoomError::NotComputer { .. } => "not_computer",
            RoomError::NoStandIn { .. } => "no_stand_in",
            RoomError::DiceAreDrawn => "dice_are_drawn",
            RoomError::EventsGame => "events_game",
            RoomError::DiceRevealed => "dice_revealed",
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
    f.write_str(&fivedice_rules::case::capitalised(&clause.to_string()))
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::RoomNameEmpty => f.write_str("A room needs a name"),
            RoomError::RoomNameTooLong => {
                write!(f, "A room name has at most {} characters", MAX_ROOM_NAME_CHARS)
            }
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
            RoomError::NotComputer { seat } => {
                write!(
                    f,
                    "A person holds seat {seat}: only a computer player can be removed"
                )
            }
            RoomError::NoStandIn { seat } => write!(f, "No computer stands in for seat {seat}"),
            RoomError::DiceAreDrawn => f.write_str("The room draws the dice: send a roll, not its dice"),
            RoomError::EventsGame => {
                f.write_str("This room is a table of an event: it plays the event's game")
            }
            RoomError::DiceRevealed => {
                f.write_str("The dice were revealed at the end of the game: its boxes are final")
            }
            RoomError::Game(error) => sentence(f, error),
            RoomError::Rules(error) => sentence(f, error),
            RoomError::Setup(error) => sentence(f, error),
            RoomError::OutOfOrder { expected, got } => {
                write!(f, "The room's log skipped: expected entry {expected}, got {got}")
            }
            RoomError::Inconsistent(why) => write!(f, "The room's log does not fit the room: {}", why.says()),
        }
    }
}

impl std::error::Error for RoomError {}

/// How a log entry does not fit the room it is applied to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Inconsistency {
    /// A new seat must come after the others.
    SeatOutOfPlace,
    /// A seat's name must be trimmed.
    UntrimmedName,
    /// The roll-off does not fit the seats.
    RollOff,
    /// The seat named is not the one to play.
    NotTheSeatToPlay,
    /// A person joined without a seat token.
    NoToken,
    /// Only a computer seat has a level.
    LevelOfPerson,
    /// The seed of the dice is revealed once the game is over, and not before.
    EarlyReveal,
    /// A seed is revealed once.
    Reveal,
}

impl Inconsistency {
    fn says(self) -> &'static str {
        match self {
            Inconsistency::SeatOutOfPlace => "a new seat must come after the others",
            Inconsistency::UntrimmedName => "a seat's name must be trimmed",
            Inconsistency::RollOff => "the roll-off does not fit the seats",
            Inconsistency::NotTheSeatToPlay => "that seat is not the one to play",
            Inconsistency::NoToken => "a person joined without a token",
            Inconsistency::LevelOfPerson => "only a computer seat has a level",
            Inconsistency::EarlyReveal => "the dice's seed is revealed only once the game is over",
            Inconsistency::Reveal => "a seed is revealed once",
        }
    }
}
