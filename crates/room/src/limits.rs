//! The room's limits and waits, on their own: the room applies them and the errors word them.

/// The longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 40;

/// How long a seat's person must be away before the host may let a computer player take the seat over.
pub const TAKE_OVER_AFTER_MS: u64 = 120_000;
