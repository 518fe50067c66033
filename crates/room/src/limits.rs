//! The room's limits and waits, on their own: the room applies them and the errors word them.

/// The longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 40;

/// How long a seat's person must be away before anybody seated may let a computer player take the seat over:
/// long enough for a reload or a dropped connection to come back, short enough that nobody waits long for a
/// phone that died.
pub const TAKE_OVER_AFTER_MS: u64 = 30_000;

/// How long a link that moves a seat to another device stays valid.
pub const HAND_OVER_VALID_MS: u64 = 10 * 60_000;
