//! Open rooms: each loaded lazily from the database by replaying its log into a [`RoomHost`], held in memory
//! while a device is connected to it, and changed only through [`RoomSlot::commit`]: store, then apply and
//! broadcast.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use fivedice_room::{
    Change, Delivery, HeldSeat, HeldSeats, LogEntry, RoomError, RoomHost, RoomName, ServerMessage,
};
use tokio::sync::broadcast;

use crate::limits::{Address, Limits, NewRoomsPerAddress};
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
    limits: Limits,
    new_rooms: NewRoomsPerAddress,
    /// The hosts' clock starts with the server.
    started: Instant,
}

struct OpenRoom {
    slot: Arc<RoomSlot>,
    connections: usize,
}

/// One open room: its host behind an async lock (held across the database write, so events are stored
/// and broadcast in seq order) and its broadcast channel.
pub struct RoomSlot {
    pub name: RoomName,
    pub host: tokio::sync::Mutex<RoomHost>,
    pub broadcast: broadcast::Sender<Arc<Broadcast>>,
    started: Instant,
    /// The address that opened the room when nothing was stored in it yet.
    opened_by: Option<Address>,
    /// Whether an event has been stored in it since it was opened (or before).
    written: AtomicBool,
}

impl RoomSlot {
    /// Opened from `address` with nothing stored in it yet.
    fn unwritten_from(&self, address: Address) -> bool {
        self.opened_by == Some(address) && !self.written.load(Ordering::Relaxed)
    }
}

impl Rooms {
    pub fn new(store: Arc<Store>, limits: Limits) -> Rooms {
        Rooms {
            open: Mutex::new(HashMap::new()),
            store,
            limits,
            new_rooms: NewRoomsPerAddress::default(),
            started: Instant::now(),
        }
    }

    fn open_rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomName, OpenRoom>> {
        // The map is only ever changed by whole inserts and removes, so a poisoned lock still holds a
        // consistent map.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room for one more connection from `address`, loaded from the database if it is not open. Every
    /// `enter` must be followed by one [`Rooms::leave`].
    pub async fn enter(&self, name: &RoomName, address: Address) -> Result<Arc<RoomSlot>, EnterError> {
        if let Some(open) = self.open_rooms().get_mut(name) {
            open.connections += 1;
            return Ok(Arc::clone(&open.slot));
        }
        if self.open_rooms().len() >= self.limits.max_rooms {
            return Err(EnterError::TooManyRooms);
        }
        let store = Arc::clone(&self.store);
        let loading = name.clone();
        let stored = tokio::task::spawn_blocking(move || store.load_room(&loading))
            .await
            .map_err(|_| EnterError::Store(StoreError::Open("the loading task stopped".into())))?
            .map_err(EnterError::Store)?;
        let tokens = stored
            .seat_tokens
            .into_iter()
            .map(|(seat, token)| HeldSeat { seat, token });
        let tokens = HeldSeats::from(tokens.collect::<Vec<_>>());
        let now = millis_since(self.started);
        let unwritten = stored.entries.is_empty();
        let host =
            RoomHost::restore(name.clone(), &stored.entries, tokens, now).map_err(EnterError::Unreadable)?;
        let (sender, _) = broadcast::channel(BROADCAST_BACKLOG);
        let loaded = Arc::new(RoomSlot {
            name: name.clone(),
            host: tokio::sync::Mutex::new(host),
            broadcast: sender,
            started: self.started,
            opened_by: unwritten.then_some(address),
            written: AtomicBool::new(!unwritten),
        });
        let mut open = self.open_rooms();
        // Another connection may have loaded it meanwhile: theirs wins, ours is dropped unused.
        if let Some(existing) = open.get_mut(name) {
            existing.connections += 1;
            return Ok(Arc::clone(&existing.slot));
        }
        if open.len() >= self.limits.max_rooms {
            return Err(EnterError::TooManyRooms);
        }
        if unwritten {
            self.admit_new_room(&open, address)?;
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

    /// Whether `address` may open one more room with nothing in it: within its own share of such rooms,
    /// the server's, and the rate of new rooms per address. (A scan of the open rooms: they are few
    /// thousand at most, and this runs only for new rooms, at the rate allowed.)
    fn admit_new_room(&self, open: &HashMap<RoomName, OpenRoom>, address: Address) -> Result<(), EnterError> {
        let limits = &self.limits;
        let unwritten = || {
            open.values()
                .filter(|room| !room.slot.written.load(Ordering::Relaxed))
        };
        if unwritten().count() >= limits.max_rooms / 4 {
            return Err(EnterError::TooManyRooms);
        }
        if unwritten()
            .filter(|room| room.slot.unwritten_from(address))
            .count()
            >= limits.max_unwritten_rooms_per_address
            || !self.new_rooms.take(address, limits, Instant::now())
        {
            return Err(EnterError::NewRoomsLimited);
        }
        Ok(())
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
    /// This address opened too many new rooms, lately or still empty.
    NewRoomsLimited,
    Store(StoreError),
    /// The stored log does not replay (written by another version, or damaged).
    Unreadable(RoomError),
}

impl RoomSlot {
    /// The hosts' clock: milliseconds since the server started.
    pub fn now_ms(&self) -> u64 {
        millis_since(self.started)
    }

    /// Keeps a decided change: stores its entry (and the seat tokens when they changed), then makes it the
    /// room's and broadcasts what everybody is to hear. If the database refuses, nothing changed and nobody
    /// heard of it. Returns the entry and what is for the acting connection alone.
    pub async fn commit(
        &self,
        host: &mut RoomHost,
        store: &Store,
        change: Change,
    ) -> Result<(LogEntry, Vec<ServerMessage>), StoreError> {
        let entry = change.entry().clone();
        let rows: Option<Vec<(usize, String)>> = change.seat_tokens().map(|tokens| {
            tokens
                .as_slice()
                .iter()
                .map(|held| (held.seat, held.token.clone()))
                .collect()
        });
        store.append(&self.name, &entry, rows.as_deref()).done().await?;
        self.written.store(true, Ordering::Relaxed);
        let mut for_sender = Vec::new();
        for delivery in host.commit(change, self.now_ms()) {
            match delivery {
                Delivery::ToAll(message) => self.broadcast(&message),
                Delivery::ToSender(message) => for_sender.push(message),
            }
        }
        Ok((entry, for_sender))
    }

    /// Sends a message to every connection in the room.
    pub fn broadcast(&self, message: &ServerMessage) {
        let Ok(json) = serde_json::to_string(message) else {
            return;
        };
        let broadcast = match message {
            ServerMessage::Event { seq, .. } => Broadcast::Event { seq: *seq, json },
            _ => Broadcast::Presence { json },
        };
        // No receiver means nobody is listening right now; they will read the log on their next hello.
        let _ = self.broadcast.send(Arc::new(broadcast));
    }
}

fn millis_since(started: Instant) -> u64 {
    u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX)
}
