//! Open rooms: each loaded lazily from its log by replaying it into a [`RoomHost`], held in memory while a
//! device is connected to it, and changed only through [`RoomSlot::commit`]: store, then apply and
//! broadcast. In a cluster a room can also be retired ([`Rooms::retire`]): another node owns it now.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use fivedice_room::{
    Change, ConnectionId, Delivery, DiceSeed, HandOvers, HeldSeat, HeldSeats, LogEntry, RoomError, RoomHost,
    RoomName, SeatRequests, ServerMessage,
};
use tokio::sync::broadcast;

use crate::database::{Secrets, StoreError};
use crate::limits::{Address, Limits, PerAddress};
use crate::logs::{Kept, Logs};

/// Messages kept for devices that are slow to read; one that falls further behind reloads from the log.
const BROADCAST_BACKLOG: usize = 64;

/// What every connection in a room receives, serialised once for all of them.
#[derive(Debug)]
pub enum Broadcast {
    Event {
        seq: u64,
        json: String,
    },
    Presence {
        json: String,
    },
    /// The room is retired here (another node owns it): its connections close, and devices reconnect.
    Moved,
    /// For one connection alone (a device let in by another's answer).
    Only {
        connection: ConnectionId,
        json: String,
    },
}

/// The rooms open in memory, with how many connections are in each.
pub struct Rooms {
    open: Mutex<HashMap<RoomName, OpenRoom>>,
    logs: Logs,
    limits: Limits,
    new_rooms: PerAddress,
    /// How often each address asks for seats back.
    seat_requests: PerAddress,
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
    /// The room's links that move a seat to another device: read and written only under the host's lock.
    hand_overs: Mutex<HandOvers>,
    /// The devices asking for a seat back: read and written only under the host's lock.
    requests: Mutex<SeatRequests>,
    pub broadcast: broadcast::Sender<Arc<Broadcast>>,
    logs: Logs,
    /// Locked only while the host is (to append) or briefly (to read back entries).
    kept: tokio::sync::Mutex<Kept>,
    /// Set (under the host's lock) when the room is retired: nothing more is stored from this slot.
    retired: AtomicBool,
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
    pub fn new(logs: Logs, limits: Limits) -> Rooms {
        Rooms {
            open: Mutex::new(HashMap::new()),
            logs,
            limits,
            new_rooms: PerAddress::default(),
            seat_requests: PerAddress::default(),
        }
    }

    fn open_rooms(&self) -> std::sync::MutexGuard<'_, HashMap<RoomName, OpenRoom>> {
        // The map is only ever changed by whole inserts and removes, so a poisoned lock still holds a
        // consistent map.
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room for one more connection from `address`, loaded from its log if it is not open. Every
    /// `enter` must be followed by one [`Rooms::leave`].
    pub async fn enter(&self, name: &RoomName, address: Address) -> Result<Arc<RoomSlot>, EnterError> {
        if let Some(open) = self.open_rooms().get_mut(name) {
            open.connections += 1;
            return Ok(Arc::clone(&open.slot));
        }
        if self.open_rooms().len() >= self.limits.max_rooms {
            return Err(EnterError::TooManyRooms);
        }
        let (stored, kept) = self.logs.load(name).await.map_err(EnterError::Database)?;
        let tokens = stored
            .seat_tokens
            .into_iter()
            .map(|(seat, token)| HeldSeat { seat, token });
        let tokens = HeldSeats::from(tokens.collect::<Vec<_>>());
        let now = hosts_clock();
        let unwritten = stored.entries.is_empty();
        let dice_seed = stored
            .dice_seed
            .as_deref()
            .map(|hex| {
                DiceSeed::parse(hex).ok_or_else(|| {
                    let why = format!("room {name}: its dice's seed is not 64 hex digits");
                    EnterError::Database(StoreError::Corrupt(why))
                })
            })
            .transpose()?;
        let host = RoomHost::restore(name.clone(), &stored.entries, tokens, dice_seed, now)
            .map_err(EnterError::Unreadable)?;
        let (sender, _) = broadcast::channel(BROADCAST_BACKLOG);
        let loaded = Arc::new(RoomSlot {
            name: name.clone(),
            host: tokio::sync::Mutex::new(host),
            hand_overs: Mutex::new(HandOvers::new(stored.hand_overs)),
            requests: Mutex::new(SeatRequests::default()),
            broadcast: sender,
            logs: self.logs.clone(),
            kept: tokio::sync::Mutex::new(kept),
            retired: AtomicBool::new(false),
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
        // Under the map's lock, as retiring takes it: a room whose owner changed while it loaded is
        // either seen here as not this node's, or retired once it is in the map.
        if !self.logs.owns(name) {
            return Err(EnterError::Moved);
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
            || !self.new_rooms.take(
                address,
                limits.new_rooms_per_minute,
                limits.new_rooms_burst,
                Instant::now(),
            )
        {
            return Err(EnterError::NewRoomsLimited);
        }
        Ok(())
    }

    /// A connection is gone from the room; the last one out closes it (it reloads from its log).
    pub fn leave(&self, slot: &Arc<RoomSlot>) {
        let mut open = self.open_rooms();
        // A retired slot is no longer the open room of its name (another may be, opened since).
        if let Some(room) = open.get_mut(&slot.name)
            && Arc::ptr_eq(&room.slot, slot)
        {
            room.connections = room.connections.saturating_sub(1);
            if room.connections == 0 {
                open.remove(&slot.name);
            }
        }
    }

    /// Gives up a room here: it stores nothing more, its connections close (their devices reconnect and
    /// reach its owner), and the next device to arrive here loads it afresh from its log. For a room whose
    /// append was fenced (another node wrote to it) or that another node owns now.
    pub async fn retire(&self, slot: &Arc<RoomSlot>) {
        {
            let mut open = self.open_rooms();
            if open
                .get(&slot.name)
                .is_some_and(|room| Arc::ptr_eq(&room.slot, slot))
            {
                open.remove(&slot.name);
            }
        }
        // Under the host's lock: an append in progress finishes first, and none starts after.
        let _host = slot.host.lock().await;
        slot.retired.store(true, Ordering::Relaxed);
        let _ = slot.broadcast.send(Arc::new(Broadcast::Moved));
    }

    /// Retires every open room that `keeps` says no longer belongs here.
    pub async fn retire_unless(&self, keeps: impl Fn(&RoomName) -> bool) {
        let leaving: Vec<Arc<RoomSlot>> = self
            .open_rooms()
            .values()
            .filter(|room| !keeps(&room.slot.name))
            .map(|room| Arc::clone(&room.slot))
            .collect();
        for slot in &leaving {
            tracing::info!(room = %slot.name, "the room belongs to another node now");
            self.retire(slot).await;
        }
    }

    /// Whether `address` may ask for one more seat back now (and counts it if so).
    pub fn may_ask_seat(&self, address: Address) -> bool {
        let limits = &self.limits;
        self.seat_requests.take(
            address,
            limits.seat_requests_per_minute,
            limits.seat_requests_burst,
            Instant::now(),
        )
    }

    /// Whether `name` is open here now (a device is in it, or was a moment ago).
    pub fn is_open(&self, name: &RoomName) -> bool {
        self.open_rooms().contains_key(name)
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
    /// Another node owns the room now (the members changed while it loaded).
    Moved,
    /// This address opened too many new rooms, lately or still empty.
    NewRoomsLimited,
    Database(StoreError),
    /// The stored log does not replay (written by another version, or damaged).
    Unreadable(RoomError),
}

impl RoomSlot {
    /// The hosts' clock: milliseconds since 1970, so that a link's expiry means the same after a restart and
    /// on another node of a cluster.
    pub fn now_ms(&self) -> u64 {
        hosts_clock()
    }

    /// Keeps a decided change: stores its entry (with what the host keeps beside it), then makes it the
    /// room's and broadcasts what everybody is to hear. If the log refuses, nothing changed and nobody heard
    /// of it. Returns the entry and what is for the acting connection alone. A change that ends a sealed
    /// game is followed by the entry revealing the seed of its dice.
    pub async fn commit(
        &self,
        host: &mut RoomHost,
        change: Change,
    ) -> Result<(LogEntry, Vec<ServerMessage>), StoreError> {
        let kept = self.keep(host, change).await?;
        if let Some(reveal) = host.reveal()
            && let Err(error) = self.keep(host, reveal).await
        {
            // The box is kept: the devices are told it; the dice stay unchecked until the seed is revealed.
            tracing::warn!(room = %self.name, %error, "the seed of the room's dice could not be revealed");
        }
        Ok(kept)
    }

    async fn keep(
        &self,
        host: &mut RoomHost,
        change: Change,
    ) -> Result<(LogEntry, Vec<ServerMessage>), StoreError> {
        if self.is_retired() {
            return Err(StoreError::Fenced);
        }
        let entry = change.entry().clone();
        {
            let mut kept = self.kept.lock().await;
            self.logs
                .append(&self.name, &mut kept, &entry, Secrets::of(&change))
                .await?;
        }
        self.written.store(true, Ordering::Relaxed);
        let offered = self.links().follow(&change);
        let mut for_sender = Vec::new();
        for delivery in host.commit(change, self.now_ms()) {
            match delivery {
                Delivery::ToAll(message) => self.broadcast(&message),
                Delivery::ToSender(message) => for_sender.push(message),
                Delivery::To(connection, message) => self.send_to(connection, &message),
            }
        }
        for_sender.extend(offered);
        Ok((entry, for_sender))
    }

    /// The stored entries after `after`, up to and including `up_to`, oldest first.
    pub async fn entries_between(&self, after: u64, up_to: u64) -> Result<Vec<LogEntry>, StoreError> {
        if let Logs::File(store) = &self.logs {
            let (store, room) = (Arc::clone(store), self.name.clone());
            return tokio::task::spawn_blocking(move || store.entries_between(&room, after, up_to))
                .await
                .map_err(|_| StoreError::Open("the reading task stopped".into()))?;
        }
        match &*self.kept.lock().await {
            Kept::Stream { entries, .. } => Ok(entries
                .iter()
                .filter(|entry| entry.seq > after && entry.seq <= up_to)
                .cloned()
                .collect()),
            Kept::File => Err(StoreError::Open("a room of the stream kept as a file's".into())),
        }
    }

    /// The room's links that move a seat to another device (call under the host's lock).
    pub fn links(&self) -> std::sync::MutexGuard<'_, HandOvers> {
        // Links are replaced whole, so a poisoned lock still holds a consistent list.
        self.hand_overs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The devices asking for a seat back (call under the host's lock).
    pub fn requests(&self) -> std::sync::MutexGuard<'_, SeatRequests> {
        // Requests are changed by whole steps, so a poisoned lock still holds a consistent list.
        self.requests.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends a message to one connection of the room alone.
    pub fn send_to(&self, connection: ConnectionId, message: &ServerMessage) {
        if let Ok(json) = serde_json::to_string(message) {
            let _ = self
                .broadcast
                .send(Arc::new(Broadcast::Only { connection, json }));
        }
    }

    /// Whether the room was given up here (another node owns it, or wrote to it).
    pub fn is_retired(&self) -> bool {
        self.retired.load(Ordering::Relaxed)
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

fn hosts_clock() -> u64 {
    u64::try_from(crate::database::now_ms()).unwrap_or(0)
}
