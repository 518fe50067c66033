//! Names: a room's (what friends type to meet) and a player's (what the sheet shows).

use std::fmt;

use fivedice_rules::MAX_NAME_CHARS;
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::limits::MAX_ROOM_NAME_CHARS;

/// A room's name: as a person typed it (trimmed), and the key that rooms are found by, so "Friday Night "
/// and "friday night" meet at the same table. 1 to [`MAX_ROOM_NAME_CHARS`] characters, no control
/// characters. Two names are the same room when their keys are equal (see [`name_key`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomName {
    shown: String,
    key: String,
}

impl RoomName {
    /// The room for what a person typed, or why it cannot name a room.
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
        // Folding can lengthen a few characters (e.g. 'ß' to "ss"); the limit is on what people type.
        Ok(RoomName {
            shown: trimmed.to_string(),
            key: name_key(trimmed),
        })
    }

    /// The key the room is found and stored by.
    pub fn as_str(&self) -> &str {
        &self.key
    }

    /// The name as it was typed, for people to read.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

impl PartialEq for RoomName {
    fn eq(&self, other: &RoomName) -> bool {
        self.key == other.key
    }
}

impl Eq for RoomName {}

impl std::hash::Hash for RoomName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl PartialOrd for RoomName {
    fn partial_cmp(&self, other: &RoomName) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RoomName {
    fn cmp(&self, other: &RoomName) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

impl fmt::Display for RoomName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
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
        name.shown
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

/// Whether two player names would be taken for the same person's at the table.
pub(crate) fn same_player_name(a: &str, b: &str) -> bool {
    player_name_key(a) == player_name_key(b)
}

/// Names compared as Unicode says (the server's build): compatibility forms and case folded away (NFKC
/// with full case folding: "Ｆａｍｉｌｌｅ", "FAMILLE" and "famille" are one room; "Straße" is "strasse").
#[cfg(feature = "unicode-names")]
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded = caseless::default_case_fold_str(&name.nfkc().collect::<String>());
    folded.nfkc().collect()
}

/// A player's name as it looks: its key reduced to a confusable skeleton (Unicode TR 39), so a Cyrillic "Аnn"
/// beside a Latin "Ann" is the same name, as it would be to the people reading the sheet.
#[cfg(feature = "unicode-names")]
fn player_name_key(name: &str) -> String {
    unicode_security::skeleton(&name_key(name)).collect()
}

/// Names compared lower-cased as the rules crate's `case` does (the app's build, which leaves Unicode's
/// tables out of its download; the server, which decides who may join, compares with them).
#[cfg(not(feature = "unicode-names"))]
pub fn name_key(name: &str) -> String {
    fivedice_rules::case::lowercased(name)
}

#[cfg(not(feature = "unicode-names"))]
fn player_name_key(name: &str) -> String {
    name_key(name)
}

#[cfg(all(test, feature = "unicode-names"))]
mod tests {
    use super::*;

    #[test]
    fn room_names_meet_after_nfkc_and_case_folding() {
        let key = |typed: &str| RoomName::parse(typed).expect("a room name");
        assert_eq!(key("Famille"), key("famille"));
        assert_eq!(key("Ｆａｍｉｌｌｅ"), key("FAMILLE"));
        assert_eq!(key("Straße"), key("STRASSE"));
        // "é" typed as one character or as e + combining acute.
        assert_eq!(key("Soirée"), key("Soire\u{301}e"));
        assert_ne!(key("Famille"), key("Familles"));
        assert_eq!(key(" Famille ").shown(), "Famille");
        assert_eq!(key("Famille").to_string(), "Famille");
    }

    #[test]
    fn player_names_that_look_alike_are_the_same() {
        assert!(same_player_name("Ann", "ann"));
        assert!(same_player_name("Ann", "\u{410}nn"), "Cyrillic A");
        assert!(same_player_name("Anna", "Ａｎｎａ"), "full-width");
        assert!(same_player_name("Zoë", "Zoe\u{308}"), "combining diaeresis");
        assert!(!same_player_name("Ann", "Anna"));
        assert!(!same_player_name("Ben", "Dan"));
    }
}
