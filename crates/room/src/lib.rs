//! Rooms of Five Dice, without any server machinery: a table, online or on one device, is a room.
//!
//! - [`name`]: room names (trimmed, case-insensitive, 1 to 40 characters) and player names.
//! - [`room`]: the room as a value: lobby, play, finished. Commands are checked into [`Event`]s, and
//!   [`Room::apply`] is the only way a room changes, so replaying a room's log rebuilds it exactly — on the
//!   host after a restart and on every device at the table.
//! - [`seats`]: the seats held with their tokens, following the room's numbering as people leave.
//! - [`stand_ins`]: the record of who played: the turns a computer standing in for a person played.
//! - [`host`]: the host of a room without I/O: devices' messages in, messages to send out. The room server,
//!   the page (for a table on one device) and the tests all host rooms with it. It also moves a seat to
//!   another device by a single-use link.
//! - [`event`]: an event's tables gathered into one leaderboard, replayed from their logs.
//! - [`protocol`]: the JSON messages between a device and its room's host, and the typed refusals.
//! - [`error`]: why a room refuses a command or a log entry; [`limits`]: the limits and waits it words.
//! - [`legacy`]: logs written by protocol 3, read as today's events.
//! - [`dice_seed`]: dice anyone can check: the seed a host commits to, the dice derived from it, the check.
//!
//! The room never draws dice and never sees seat tokens: the host draws dice and hands them in through
//! [`Outside`], and it checks tokens before it tells the room which seat is acting.
#![forbid(unsafe_code)]

pub mod dice_seed;
pub mod error;
pub mod event;
pub mod host;
pub mod legacy;
pub mod limits;
pub mod name;
pub mod protocol;
pub mod room;
pub mod seats;
pub mod stand_ins;

pub use dice_seed::{DiceCheck, DiceSeed, check_dice};
pub use error::{Inconsistency, RoomError};
pub use host::{
    Answered, Change, ConnectionId, Delivery, Greeting, HandOver, HandOvers, RoomHost, SeatRequests,
};
pub use limits::{HAND_OVER_VALID_MS, MAX_ROOM_NAME_CHARS};
pub use name::{RoomName, check_player_name};
pub use protocol::{
    ClientMessage, HandOverRefusal, PROTOCOL_VERSION, Refusal, SeatPresence, SeatRequest, ServerMessage,
    Trouble,
};
pub use room::{
    Action, Event, LogEntry, Outside, Phase, Room, RulesChoice, STAND_IN, Seat, StandIn, TAKE_OVER_AFTER_MS,
};
pub use seats::{HeldSeat, HeldSeats};
pub use stand_ins::computer_turns;
