//! What a device keeps of an online room between visits: the seat tokens it holds there and the room's log as
//! far as it has seen it. A reload replays that log (no waiting for the server to see the table again) and
//! greets the server with the tokens and the last entry seen, so it resumes the same seats and catches up.

use fivedice_room::{HeldSeat, LogEntry};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version of a saved room's format.
pub const ROOM_FORMAT: u32 = 1;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The saved form: the room inside a versioned envelope.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "format": ROOM_FORMAT, "room": self }).to_string()
    }

    pub fn from_json(raw: &str) -> Result<SavedRoom, String> {
        let envelope: Value =
            serde_json::from_str(raw).map_err(|error| format!("not a saved room: {error}"))?;
        match envelope.get("format").and_then(Value::as_u64) {
            Some(format) if format == u64::from(ROOM_FORMAT) => {}
            Some(other) => return Err(format!("saved room format {other} is not known")),
            None => return Err("not a saved room: no format version".into()),
        }
        let room = envelope.get("room").cloned().ok_or("not a saved room: no room")?;
        serde_json::from_value(room).map_err(|error| format!("saved room is damaged: {error}"))
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
                },
            }],
            joining: None,
        };
        assert_eq!(SavedRoom::from_json(&saved.to_json()), Ok(saved));
        assert!(SavedRoom::from_json("{").is_err());
        assert!(
            SavedRoom::from_json(r#"{"format":2,"room":{}}"#)
                .unwrap_err()
                .contains("format 2")
        );
        assert!(
            SavedRoom::from_json(r#"{"format":1,"room":{"seats":3}}"#)
                .unwrap_err()
                .contains("damaged")
        );
    }
}
