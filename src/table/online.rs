//! What a device keeps of an online room between visits: the seat tokens it holds there and the room's log as
//! far as it has seen it. A reload replays that log (no waiting for the server to see the table again) and
//! greets the server with the tokens and the last entry seen, so it resumes the same seats and catches up.

use fivedice_room::{HeldSeat, LogEntry};
use serde::{Deserialize, Serialize};

use super::saved::{Versioned, read_versioned};

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
        Versioned {
            format: ROOM_FORMAT,
            part: "room",
            body: self,
        }
        .to_json()
    }

    pub fn from_json(raw: &str) -> Result<SavedRoom, String> {
        match read_versioned(raw, "room", "room")? {
            (format, room) if format == u64::from(ROOM_FORMAT) => {
                serde_json::from_str(room.get()).map_err(|error| format!("saved room is damaged: {error}"))
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
