//! What a device keeps of an online room between visits: the seat tokens it holds there and the room's log as
//! far as it has seen it. A reload replays that log (no waiting for the server to see the table again) and
//! greets the server with the tokens and the last entry seen, so it resumes the same seats and catches up.

use fivedice_room::{HeldSeat, LogEntry};
use serde::Deserialize;

use crate::text;
use crate::versioned::read_versioned;

/// The version of a saved room's JSON form (format 1, before text: format 2).
const JSON_ROOM_FORMAT: u64 = 1;

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct SavedRoom {
    /// The seats this device holds in the room, each with its token (never shown to anybody).
    pub seats: Vec<HeldSeat>,
    /// The room's log from its first entry, as far as this device has seen it.
    pub entries: Vec<LogEntry>,
    /// The name to join as, while a join asked for (by a launch address or the join card) is unanswered.
    #[serde(default)]
    pub joining: Option<String>,
}

impl SavedRoom {
    /// The saved form, as text (format 2).
    pub fn to_text(&self) -> String {
        text::write_room(self)
    }

    /// Reads a saved room: as text, or in JSON (format 1, before text).
    pub fn read(saved: &str) -> Result<SavedRoom, String> {
        let damaged = |error: String| format!("saved room is damaged: {error}");
        if !saved.starts_with('{') {
            return text::read_room(saved).map_err(damaged);
        }
        match read_versioned(saved, "room", "room")? {
            (JSON_ROOM_FORMAT, room) => {
                serde_json::from_str(room.get()).map_err(|error| damaged(error.to_string()))
            }
            (other, _) => Err(format!("saved room format {other} is not known")),
        }
    }
}

#[cfg(test)]
mod tests {
    use fivedice_room::Event;

    use super::*;

    #[test]
    fn a_saved_room_round_trips_and_bad_ones_are_refused() {
        let saved = SavedRoom {
            seats: vec![HeldSeat {
                seat: 1,
                token: "abc".into(),
            }],
            entries: vec![LogEntry {
                seq: 1,
                event: Event::Joined {
                    seat: 0,
                    name: "Anna".into(),
                    computer: false,
                    level: None,
                },
            }],
            joining: None,
        };
        assert_eq!(SavedRoom::read(&saved.to_text()), Ok(saved.clone()));
        let json = r#"{"format":1,"room":{"seats":[{"seat":1,"token":"abc"}],"entries":[{"seq":1,"event":{"joined":{"seat":0,"name":"Anna"}}}]}}"#;
        assert_eq!(
            SavedRoom::read(json),
            Ok(saved),
            "a room saved in JSON, before text"
        );
        assert!(SavedRoom::read("{").is_err());
        assert!(
            SavedRoom::read("fivedice room 2\nseat x abc")
                .unwrap_err()
                .contains("damaged")
        );
        assert!(
            SavedRoom::read(r#"{"format":2,"room":{}}"#)
                .unwrap_err()
                .contains("format 2")
        );
        assert!(
            SavedRoom::read(r#"{"format":1,"room":{"seats":3}}"#)
                .unwrap_err()
                .contains("damaged")
        );
    }
}
