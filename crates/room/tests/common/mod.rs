//! What the room tests share: scripted dice and presence, and rooms set up to a point.

#![allow(dead_code)]

use fivedice_room::{Action, LogEntry, Outside, Room, RoomError, RoomName};
use fivedice_rules::{Dice, Face, Play};
use fivedice_strategy::Level;

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

pub fn no_dice() -> Script {
    Script::new(&[1])
}

pub fn dice(text: &str) -> Dice {
    text.parse().expect("test dice")
}

/// Refuses, and leaves the room exactly as it was.
pub fn refused(room: &Room, actor: usize, at: u64, action: Action, outside: &mut Script) -> RoomError {
    let before = room.clone();
    let mut trial = room.clone();
    let error = trial
        .act(actor, at, &action, outside)
        .expect_err("the action is refused");
    assert_eq!(trial, before, "a refusal leaves the room unchanged");
    error
}

pub fn robot(name: &str) -> Action {
    Action::AddComputer {
        name: name.into(),
        level: Level::Strong,
    }
}

pub fn refused_join(room: &Room, name: &str) -> RoomError {
    let mut trial = room.clone();
    let error = trial.join(name).expect_err("the join is refused");
    assert_eq!(&trial, room, "a refused join leaves the room unchanged");
    error
}

pub fn names(room: &Room) -> Vec<&str> {
    room.seats().iter().map(|seat| seat.name.as_str()).collect()
}

/// Plays every turn: one roll, then the first cell the rules offer.
pub fn play_to_the_end(logged: &mut Logged, actor_for: impl Fn(&Room, usize) -> usize, script: &mut Script) {
    while let Some(seat) = logged.room.seat_to_play() {
        let actor = actor_for(&logged.room, seat);
        logged.act(actor, Action::Roll, script);
        let scores = logged.room.game().and_then(|game| game.scores()).expect("dice");
        let (category, _) = scores.cells[0];
        logged.act(actor, Action::Play(Play::Score(category.into())), script);
    }
}

pub fn face(value: u8) -> fivedice_rules::Face {
    fivedice_rules::Face::new(value).expect("a face")
}
