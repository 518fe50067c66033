//! Open rooms: each loaded lazily from the database by replaying its log, held in memory while a device is
//! connected to it, and changed only through [`RoomState::commit`]: decide, store, apply, broadcast.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use fivedice_room::protocol::{HeldSeat, SeatPresence, ServerMessage};
use fivedice_room::{Event, LogEntry, Room, RoomError, RoomName};
use tokio::sync::broadcast;

use crate::store::{Store, StoreError};

/// Messages kept for devices that are slow to read; one that falls further behind reloads from the database.
const BROADCAST_BACKLOG: usize = 64;

/// What every connection in a room receives, serialised once for all of them.
#[derive(Debug)]
pub enum Broadcast {
    Event { seq: u64, json: String },
    Presence { json: String },
}

/// The rooms open in memory, with how many connections are in each.
pub struct Rooms {
    open: Mutex<HashMap<RoomName, OpenRoom>>,
    store: Arc<Store>,
    max_rooms: usize,
}

struct OpenRoom {
    slot: Arc<RoomSlot>,
    connections: usize,
}

/// One open room: its state behind an async lock (held across the database write, so events are stored
/// and broadcast in seq order) and its broadcast channel.
pub struct RoomSlot {
    pub name: RoomName,
    pub state: tokio::sync::Mutex<RoomState>,
    pub broadcast: broadcast::Sender<Arc<Broadcast>>,
}

impl Rooms {
    pub fn new(store: Arc<Store>, max_rooms: usize) -> Rooms {
        Rooms {
            open: Mutex::new(HashMap::new()),
            store,
            max_rooms,
        }
    }

    fn open_rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomName, OpenRoom>> {
        // The map is only ever changed by whole inserts and removes, so a poisoned lock still holds a
        // consistent map.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room for one more connection, loaded from the database if it is not open. Every `enter` must be
    /// followed by one [`Rooms::leave`].
    pub async fn enter(&self, name: &RoomName) -> Result<Arc<RoomSlot>, EnterError> {
        if let Some(open) = self.open_rooms().get_mut(name) {
            open.connections += 1;
            return Ok(Arc::clone(&open.slot));
        }
        if self.open_rooms().len() >= self.max_rooms {
            return Err(EnterError::TooManyRooms);
        }
        let store = Arc::clone(&self.store);
        let loading = name.clone();
        let stored = tokio::task::spawn_blocking(move || store.load_room(&loading))
            .await
            .map_err(|_| EnterError::Store(StoreError::Open("the loading task stopped".into())))?
            .map_err(EnterError::Store)?;
        let room = Room::replay(name.clone(), &stored.entries).map_err(EnterError::Unreadable)?;
        let mut seat_tokens = vec![None; room.seats().len()];
        for (seat, token) in stored.seat_tokens {
            if let Some(slot) = seat_tokens.get_mut(seat) {
                *slot = Some(token);
            }
        }
        let mut state = RoomState {
            away_since: vec![None; room.seats().len()],
            room,
            seat_tokens,
            members: HashMap::new(),
        };
        state.refresh_away(Instant::now());
        let (sender, _) = broadcast::channel(BROADCAST_BACKLOG);
        let loaded = Arc::new(RoomSlot {
            name: name.clone(),
            state: tokio::sync::Mutex::new(state),
            broadcast: sender,
        });
        let mut open = self.open_rooms();
        // Another connection may have loaded it meanwhile: theirs wins, ours is dropped unused.
        if let Some(existing) = open.get_mut(name) {
            existing.connections += 1;
            return Ok(Arc::clone(&existing.slot));
        }
        if open.len() >= self.max_rooms {
            return Err(EnterError::TooManyRooms);
        }
        open.insert(
            name.clone(),
            OpenRoom {
                slot: Arc::clone(&loaded),
                connections: 1,
            },
        );
        Ok(loaded)
    }

    /// A connection is gone from the room; the last one out closes it (it reloads from the database).
    pub fn leave(&self, name: &RoomName) {
        let mut open = self.open_rooms();
        if let Some(room) = open.get_mut(name) {
            room.connections = room.connections.saturating_sub(1);
            if room.connections == 0 {
                open.remove(name);
            }
        }
    }

    /// How many rooms are open now.
    pub fn open_count(&self) -> usize {
        self.open_rooms().len()
    }
}

/// Why a connection cannot enter a room.
#[derive(Debug)]
pub enum EnterError {
    TooManyRooms,
    Store(StoreError),
    /// The stored log does not replay (written by another version, or damaged).
    Unreadable(RoomError),
}

/// A room and what the server keeps beside it: the seat tokens (never part of the room or its events),
/// who is connected, and since when each seat has been away.
pub struct RoomState {
    pub room: Room,
    /// Per seat (parallel to `room.seats()`): its token; `None` for a computer seat, which has none.
    seat_tokens: Vec<Option<String>>,
    /// Per seat: since when no connection holds it.
    away_since: Vec<Option<Instant>>,
    /// Connections in the room, by id, with the tokens each holds.
    members: HashMap<u64, Vec<String>>,
}

impl RoomState {
    /// The seat a token holds.
    pub fn seat_of(&self, token: &str) -> Option<usize> {
        self.seat_tokens
            .iter()
            .position(|held| held.as_deref() == Some(token))
    }

    /// Adds a connection with the tokens it presented; returns the seats they hold, lowest first (unknown
    /// tokens are ignored).
    pub fn add_member(&mut self, connection: u64, tokens: Vec<String>, now: Instant) -> Vec<HeldSeat> {
        let mut held: Vec<HeldSeat> = Vec::new();
        for token in tokens {
            if let Some(seat) = self.seat_of(&token)
                && !held.iter().any(|known| known.seat == seat)
            {
                held.push(HeldSeat { seat, token });
            }
        }
        held.sort_by_key(|known| known.seat);
        self.members
            .insert(connection, held.iter().map(|known| known.token.clone()).collect());
        self.refresh_away(now);
        held
    }

    pub fn remove_member(&mut self, connection: u64, now: Instant) {
        self.members.remove(&connection);
        self.refresh_away(now);
    }

    /// Whether this connection holds this token (a token is only used by the connection it was given to
    /// or that presented it in `hello`).
    pub fn member_holds(&self, connection: u64, token: &str) -> bool {
        self.members
            .get(&connection)
            .is_some_and(|tokens| tokens.iter().any(|held| held == token))
    }

    fn seat_connected(&self, seat: usize) -> bool {
        let Some(token) = self.seat_tokens.get(seat).and_then(Option::as_deref) else {
            return false;
        };
        self.members
            .values()
            .any(|tokens| tokens.iter().any(|held| held == token))
    }

    /// A computer seat is where the host's device is; a person's seat is connected if a device holds it.
    fn presence_of(&self, seat: usize) -> bool {
        match self.room.seats().get(seat) {
            Some(person) if !person.computer => self.seat_connected(seat),
            Some(_) => self.room.host().is_some_and(|host| self.seat_connected(host)),
            None => false,
        }
    }

    fn refresh_away(&mut self, now: Instant) {
        for seat in 0..self.away_since.len() {
            let connected = self.presence_of(seat);
            let away = &mut self.away_since[seat];
            match (connected, *away) {
                (true, _) => *away = None,
                (false, None) => *away = Some(now),
                (false, Some(_)) => {}
            }
        }
    }

    /// How long each seat has been away, in milliseconds (`None` while connected).
    pub fn away_ms(&self, now: Instant) -> Vec<Option<u64>> {
        self.away_since
            .iter()
            .map(|since| {
                since.map(|since| {
                    u64::try_from(now.saturating_duration_since(since).as_millis()).unwrap_or(u64::MAX)
                })
            })
            .collect()
    }

    /// Who is here, as sent to everybody.
    pub fn presence(&self, now: Instant) -> ServerMessage {
        let away = self.away_ms(now);
        let seats = (0..self.room.seats().len())
            .map(|seat| SeatPresence {
                seat,
                connected: away.get(seat).is_some_and(Option::is_none),
                away_ms: away.get(seat).copied().flatten(),
            })
            .collect();
        let watchers = self
            .members
            .values()
            .filter(|tokens| tokens.iter().all(|token| self.seat_of(token).is_none()))
            .count();
        ServerMessage::Presence { seats, watchers }
    }

    /// The one way the server changes a room: apply the event to a copy, store it, then make the copy the
    /// room and tell everybody. If the database refuses, nothing changed and nobody heard of it.
    /// `granted` is the joining connection and the new seat's token, for a `Joined` person.
    pub async fn commit(
        &mut self,
        slot: &RoomSlot,
        store: &Arc<Store>,
        event: Event,
        granted: Option<(u64, String)>,
    ) -> Result<LogEntry, CommitError> {
        let mut next = self.room.clone();
        next.apply(&event).map_err(CommitError::Room)?;
        let entry = LogEntry {
            seq: next.seq(),
            event,
        };
        let mut seat_tokens = self.seat_tokens.clone();
        let mut away_since = self.away_since.clone();
        let seats_changed = match &entry.event {
            Event::Joined { computer, .. } => {
                let token = granted.as_ref().map(|(_, token)| token.clone());
                if !*computer && token.is_none() {
                    return Err(CommitError::Room(RoomError::Inconsistent(
                        "a person joined without a token",
                    )));
                }
                seat_tokens.push(token.filter(|_| !*computer));
                away_since.push(None);
                true
            }
            Event::Left { seat } => {
                if *seat < seat_tokens.len() {
                    seat_tokens.remove(*seat);
                    away_since.remove(*seat);
                }
                // The room empties itself when only computers are left.
                seat_tokens.truncate(next.seats().len());
                away_since.truncate(next.seats().len());
                true
            }
            _ => false,
        };
        let rows: Option<Vec<(usize, String)>> = seats_changed.then(|| {
            seat_tokens
                .iter()
                .enumerate()
                .filter_map(|(seat, token)| token.clone().map(|token| (seat, token)))
                .collect()
        });
        store
            .append(&slot.name, &entry, rows.as_deref())
            .done()
            .await
            .map_err(CommitError::Store)?;
        self.room = next;
        self.seat_tokens = seat_tokens;
        self.away_since = away_since;
        if let Some((connection, token)) = granted
            && let Some(tokens) = self.members.get_mut(&connection)
        {
            tokens.push(token);
        }
        let now = Instant::now();
        self.refresh_away(now);
        if let Ok(json) = serde_json::to_string(&ServerMessage::event(entry.clone())) {
            // No receiver means nobody is listening right now; they will read the log on their next hello.
            let _ = slot
                .broadcast
                .send(Arc::new(Broadcast::Event { seq: entry.seq, json }));
        }
        if seats_changed {
            self.broadcast_presence(slot, now);
        }
        Ok(entry)
    }

    /// Sends the current presence to everybody in the room.
    pub fn broadcast_presence(&self, slot: &RoomSlot, now: Instant) {
        if let Ok(json) = serde_json::to_string(&self.presence(now)) {
            // No receiver means nobody is left to tell.
            let _ = slot.broadcast.send(Arc::new(Broadcast::Presence { json }));
        }
    }
}

/// Why an event decided by the room was not committed.
#[derive(Debug)]
pub enum CommitError {
    Room(RoomError),
    Store(StoreError),
}
