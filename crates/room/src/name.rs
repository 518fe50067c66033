//! Names: a room's (what friends type to meet) and a player's (what the sheet shows).

use std::fmt;

use fivedice_rules::MAX_NAME_CHARS;
use serde::{Deserialize, Serialize};

use crate::error::RoomError;

/// The longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 40;

/// A room's name in its one canonical spelling: trimmed and lower-cased, so "Friday Night " and
/// "friday night" meet at the same table. 1 to [`MAX_ROOM_NAME_CHARS`] characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomName(String);

impl RoomName {
    /// The canonical name for what a person typed, or why it cannot name a room.
    pub fn parse(typed: &str) -> Result<RoomName, RoomError> {
        let trimmed = typed.trim();
        if trimmed.is_empty() {
            return Err(RoomError::RoomNameEmpty);
        }
        if trimmed.chars().count() > MAX_ROOM_NAME_CHARS {
            return Err(RoomError::RoomNameTooLong);
        }
        if trimmed.chars().any(char::is_control) {
            return Err(RoomError::RoomNameControl);
        }
        // Lower-casing can lengthen a few characters (e.g. 'İ'); the limit is on what people type.
        Ok(RoomName(trimmed.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for RoomName {
    type Error = RoomError;
    fn try_from(typed: String) -> Result<RoomName, RoomError> {
        RoomName::parse(&typed)
    }
}

impl From<RoomName> for String {
    fn from(name: RoomName) -> String {
        name.0
    }
}

/// A player's name as the rules crate takes it: trimmed, 1 to `MAX_NAME_CHARS` characters, no control
/// characters (it is shown to everybody in the room). Uniqueness within a room is the room's check.
pub fn check_player_name(typed: &str) -> Result<String, RoomError> {
    let trimmed = typed.trim();
    if trimmed.is_empty() {
        return Err(RoomError::PlayerNameEmpty);
    }
    if trimmed.chars().count() > MAX_NAME_CHARS {
        return Err(RoomError::PlayerNameTooLong);
    }
    if trimmed.chars().any(char::is_control) {
        return Err(RoomError::PlayerNameControl);
    }
    Ok(trimmed.to_string())
}

/// Whether two player names are the same person's, as the rules crate compares them.
pub(crate) fn same_player_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}
