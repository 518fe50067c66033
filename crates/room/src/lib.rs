//! Online rooms of Five Dice, without any server machinery.
//!
//! - [`name`]: room names (trimmed, case-insensitive, 1 to 40 characters) and player names.
//! - [`room`]: the room as a value: lobby, play, finished. Commands are checked into [`Event`]s, and
//!   [`Room::apply`] is the only way a room changes, so replaying a room's log rebuilds it exactly — on the
//!   server after a restart and in every browser that watches the room.
//! - [`protocol`]: the JSON messages between a device and the room server.
//!
//! The room never draws dice and never sees seat tokens: the server draws dice and hands them in through
//! [`Outside`], and it checks tokens before it tells the room which seat is acting.
#![forbid(unsafe_code)]

pub mod name;
pub mod protocol;
pub mod room;

pub use name::{MAX_ROOM_NAME_CHARS, RoomName, check_player_name};
pub use protocol::{ClientMessage, HeldSeat, PROTOCOL_VERSION, SeatPresence, ServerMessage};
pub use room::{Action, Event, LogEntry, Outside, Phase, Room, RoomError, Seat, TAKE_OVER_AFTER_MS};
