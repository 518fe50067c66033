//! What the room tests share: scripted dice and presence, and rooms set up to a point.

#![allow(dead_code)]

use fivedice_room::{Action, LogEntry, Outside, Room, RoomName};
use fivedice_rules::Face;

/// Dice drawn from a script (repeating it), and presence as the test says.
pub struct Script {
    faces: Vec<u8>,
    next: usize,
    /// Milliseconds each seat has been away (`None`: connected).
    pub away: Vec<Option<u64>>,
}

impl Script {
    pub fn new(faces: &[u8]) -> Script {
        Script {
            faces: faces.to_vec(),
            next: 0,
            away: Vec::new(),
        }
    }
}

impl Outside for Script {
    fn roll_die(&mut self) -> Face {
        let value = self.faces[self.next % self.faces.len()];
        self.next += 1;
        Face::new(value).expect("script faces are 1 to 6")
    }

    fn away_ms(&self, seat: usize) -> Option<u64> {
        self.away.get(seat).copied().flatten()
    }
}

pub fn room_name(text: &str) -> RoomName {
    RoomName::parse(text).expect("a valid room name")
}

/// A room and every entry it logged, so tests can replay it.
pub struct Logged {
    pub room: Room,
    pub log: Vec<LogEntry>,
}

impl Logged {
    pub fn new(name: &str) -> Logged {
        Logged {
            room: Room::new(room_name(name)),
            log: Vec::new(),
        }
    }

    pub fn join(&mut self, name: &str) {
        let entry = self.room.join(name).expect("join accepted");
        self.log.push(entry);
    }

    pub fn act(&mut self, actor: usize, action: Action, outside: &mut Script) {
        let at = self.room.seq();
        let entry = self
            .room
            .act(actor, at, &action, outside)
            .unwrap_or_else(|error| panic!("{action:?} by seat {actor} refused: {error}"));
        self.log.push(entry);
    }

    /// Replaying the log from an empty room must give the live room.
    pub fn assert_replays(&self) {
        let replayed = Room::replay(self.room.name().clone(), &self.log).expect("the log replays");
        assert_eq!(replayed, self.room);
    }
}

/// A room with these players seated and the game started; the roll-off script gives seat 0 the first turn.
pub fn started(names: &[&str]) -> Logged {
    let mut logged = Logged::new("Test Room");
    for name in names {
        logged.join(name);
    }
    // Seat 0 rolls a 6, every other seat a 1: seat 0 starts.
    let mut roll_off: Vec<u8> = vec![6];
    roll_off.extend(std::iter::repeat_n(1, names.len().saturating_sub(1)));
    logged.act(0, Action::Start, &mut Script::new(&roll_off));
    logged
}
