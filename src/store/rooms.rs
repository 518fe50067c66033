//! The room server's connection, for an online room: opening a room (what this device kept of it shows at
//! once, replayed from its log), greeting the server, reconnecting, and keeping the room's log and seat
//! tokens on this device ([`SavedRoom`]) so a reload greets the server with what it has seen. What the
//! server's messages change at the table goes through the one path of [`super::host`].
//!
//! The connection itself is behind [`RoomLink`]: the browser's WebSocket (`crate::room_client`), or a test's
//! link to a room host of its own.

use std::rc::Rc;
use std::time::Duration;

use fivedice_room::{ClientMessage, PROTOCOL_VERSION, Refusal, Room, RoomError, RoomName, SeatPresence};
use fivedice_rules::RulesetId;
use leptos::prelude::*;

use crate::launch::RoomLaunch;
use crate::table::Table;
use crate::table::online::SavedRoom;

use super::GameStore;

/// The first wait before reconnecting, doubled after each failed attempt up to the longest.
const RECONNECT_FIRST: Duration = Duration::from_millis(500);
const RECONNECT_LONGEST: Duration = Duration::from_secs(8);

/// The way to the room server: a WebSocket in the browser, a test's link in tests.
pub trait RoomLink {
    /// Opens a connection to the server (closing any open one). Once it is open the link calls
    /// [`GameStore::room_connected`], hands every message to [`GameStore::receive`], and calls
    /// [`GameStore::room_disconnected`] when it drops (then connects again after the delay that returns).
    fn connect(&self, store: GameStore);
    /// Sends on the open connection; false when there is none.
    fn send(&self, message: &ClientMessage) -> bool;
    /// Closes the connection for good: the device has left the room.
    fn close(&self);
}

/// Whether the device is talking to the room server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Connecting, or connected and waiting for the welcome.
    Connecting,
    Online,
    /// The connection dropped; the link is trying again.
    Offline,
    /// The server runs another protocol: this app must be updated first.
    UpdateNeeded,
}

/// Whether this address has a room server (a plain static host has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomServer {
    Unknown,
    Available,
    Missing,
}

/// The connection to the room server of the online room open on this device.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OnlineRoom {
    pub(super) connection: Connection,
    /// Failed connection attempts since the last welcome (for the wait before the next).
    attempts: u32,
    /// The name to join as once the server has welcomed the device.
    pub(super) joining: Option<String>,
    /// A join was sent and is not answered yet.
    pub(super) join_sent: bool,
    /// The game a room address asked for, chosen once this device hosts the lobby.
    pub(super) preselect: Option<RulesetId>,
    /// Why the server did not seat this device: it watches.
    pub(super) refusal: Option<Refusal>,
    /// Each seat's presence, with when the device heard it (ms), to tell how long a seat has been away.
    pub(super) presence: Vec<SeatPresence>,
    pub(super) presence_heard_ms: f64,
    pub(super) watchers: usize,
    /// The time of the last tick, for the "away for two minutes" offer.
    pub(super) now_ms: f64,
}

impl OnlineRoom {
    /// How long `seat` has been away now, in milliseconds (`None` while connected or unknown).
    pub(super) fn away_ms(&self, seat: usize) -> Option<f64> {
        let presence = self.presence.iter().find(|presence| presence.seat == seat)?;
        let away = presence.away_ms.filter(|_| !presence.connected)?;
        Some(away as f64 + (self.now_ms - self.presence_heard_ms).max(0.0))
    }
}

impl GameStore {
    /// Sets the way to the room server (the page's WebSocket, or a test's link).
    pub fn set_room_link(&self, link: Rc<dyn RoomLink>) {
        self.room_link.set_value(Some(link));
    }

    /// Changes the connection's state, if an online room is open.
    pub(super) fn update_online(&self, change: impl FnOnce(&mut OnlineRoom)) {
        self.online.update(|online| {
            if let Some(online) = online {
                change(online);
            }
        });
    }

    /// Opens an online room: what this device has of it is shown at once, and the link connects. With a
    /// player's name, that player joins once the server has welcomed the device (unless the device already
    /// holds a seat there).
    pub fn open_room(&self, launch: RoomLaunch) {
        let RoomLaunch {
            room: name,
            player,
            rules,
        } = launch;
        self.close_room();
        let loaded = self.storage.with_value(|storage| storage.room(&name));
        for problem in &loaded.problems {
            self.tell((self.words().unreadable_found)(problem));
        }
        let saved = loaded.value;
        // A log that does not replay (another version wrote it) is dropped: the server sends it again.
        let (room, log) = match Room::replay(name.clone(), &saved.entries) {
            Ok(room) => (room, saved.entries),
            Err(_) => (Room::new(name.clone()), Vec::new()),
        };
        let joining = player.or(saved.joining).filter(|_| saved.seats.is_empty());
        self.setup_error.set(None);
        self.picker.set(None);
        self.in_flight.set(false);
        self.online.set(Some(OnlineRoom {
            connection: Connection::Connecting,
            attempts: 0,
            joining,
            join_sent: false,
            preselect: rules,
            refusal: None,
            presence: Vec::new(),
            presence_heard_ms: 0.0,
            watchers: 0,
            now_ms: self.now_ms(),
        }));
        let table = Table::online(&name, room, log, saved.seats.into(), self.now_ms());
        self.save_room(&table);
        self.table.set(Some(table));
        self.record_if_finished();
        let remembered = self
            .storage
            .with_value(|storage| storage.set_open_room(Some(&name)));
        self.report_saving(remembered);
        let store = *self;
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.connect(store);
            }
        });
    }

    /// Opens an online room once the rooms chunk is here (the room's screens and connection are there), or
    /// says it could not be fetched.
    pub fn open_room_when_here(&self, launch: RoomLaunch) {
        let store = *self;
        leptos::task::spawn_local(async move {
            match room_opener().await {
                Ok(open) => open(store, launch),
                Err(_) => store.tell(store.words().not_fetched_offline),
            }
        });
    }

    /// [`GameStore::join_room`] once the rooms chunk is here, or says it could not be fetched.
    pub fn join_room_when_here(&self, room: String, player: String) {
        let store = *self;
        leptos::task::spawn_local(async move {
            match room_joiner().await {
                Ok(join) => join(store, &room, &player),
                Err(_) => store.tell(store.words().not_fetched_offline),
            }
        });
    }

    /// The join card: opens the room typed and joins it as the player named.
    pub fn join_room(&self, room: &str, player: &str) {
        let launch = RoomName::parse(room).and_then(|room| {
            let player = fivedice_room::check_player_name(player)?;
            Ok(RoomLaunch {
                room,
                player: Some(player),
                rules: None,
            })
        });
        match launch {
            Ok(launch) => self.open_room(launch),
            Err(error) => self
                .room_join_error
                .set(Some((self.words().refusal)(&Refusal::Room(error)))),
        }
    }

    /// Why the join card could not open a room.
    pub fn room_join_error(&self) -> ReadSignal<Option<String>> {
        self.room_join_error.read_only()
    }

    /// Leaves the online room's screen (its seats stay this device's: opening the room again resumes them).
    pub fn close_room(&self) {
        if self.online.with_untracked(Option::is_none) {
            return;
        }
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.close();
            }
        });
        self.online.set(None);
        self.picker.set(None);
        self.table.set(None);
        let forgotten = self.storage.with_value(|storage| storage.set_open_room(None));
        self.report_saving(forgotten);
    }

    /// The link is open: greet the server with what this device has.
    pub fn room_connected(&self) {
        let hello = self.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| table.is_online())?;
            Some(ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: table.room.name().to_string(),
                tokens: table.seats.tokens().map(str::to_string).collect(),
                seen: table.room.seq(),
            })
        });
        if let Some(hello) = hello {
            self.send(hello);
        }
    }

    /// The link dropped: the room shows offline, and the link tries again after the wait returned (`None`:
    /// it does not, the device left the room or must update first).
    pub fn room_disconnected(&self) -> Option<Duration> {
        let mut retry = None;
        self.in_flight.set(false);
        self.update_online(|online| {
            online.join_sent = false;
            if online.connection == Connection::UpdateNeeded {
                return;
            }
            online.connection = Connection::Offline;
            retry = Some(reconnect_delay(online.attempts));
            online.attempts = online.attempts.saturating_add(1);
        });
        retry
    }

    /// The server welcomed the device: online at once when nothing is missing (the server sends no log
    /// then), else once the log is in; a join asked for goes now.
    pub(super) fn welcomed(&self, seated: bool, seq: u64) {
        // A device that saw more than the server has starts over from the server's log.
        let seen = self
            .table
            .with_untracked(|table| table.as_ref().map_or(0, |t| t.room.seq()));
        let seen = if seen > seq { 0 } else { seen };
        let mut join = None;
        self.in_flight.set(false);
        self.update_online(|online| {
            online.connection = if seen >= seq {
                Connection::Online
            } else {
                Connection::Connecting
            };
            online.attempts = 0;
            if seated {
                online.joining = None;
            }
            if let Some(name) = online.joining.clone() {
                online.join_sent = true;
                join = Some(name);
            }
        });
        if let Some(name) = join {
            self.send(ClientMessage::Join { name });
        }
    }

    /// Entries came: the device is online once it has caught up.
    pub(super) fn caught_up(&self) {
        self.update_online(|online| {
            if online.connection == Connection::Connecting {
                online.connection = Connection::Online;
            }
        });
    }

    pub(super) fn seat_granted(&self) {
        self.update_online(|online| {
            online.joining = None;
            online.join_sent = false;
            online.refusal = None;
        });
    }

    pub(super) fn heard_presence(&self, seats: Vec<SeatPresence>, watchers: usize) {
        let now = self.now_ms();
        self.update_online(|online| {
            online.presence = seats;
            online.presence_heard_ms = now;
            online.now_ms = now;
            online.watchers = watchers;
        });
    }

    /// The server runs another protocol: the connection closes, and the player is told to update.
    pub(super) fn must_update(&self, reason: &str) {
        self.update_online(|online| online.connection = Connection::UpdateNeeded);
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.close();
            }
        });
        self.tell(self.words().update_app);
        leptos::logging::warn!("the room server asks for an update: {reason}");
    }

    /// A refusal answering a join: the device was not seated, and watches (the reason shows in the room).
    pub(super) fn join_refused(&self, refusal: &Refusal) -> bool {
        let answers_join = matches!(
            refusal,
            Refusal::Room(
                RoomError::Started
                    | RoomError::RoomFull { .. }
                    | RoomError::NameTaken(_)
                    | RoomError::PlayerNameEmpty
                    | RoomError::PlayerNameTooLong
                    | RoomError::PlayerNameControl
            )
        );
        let mut for_join = false;
        self.update_online(|online| {
            if online.join_sent && answers_join {
                for_join = true;
                online.join_sent = false;
                online.joining = None;
                online.refusal = Some(refusal.clone());
            }
        });
        if for_join && let Some(table) = self.table.get_untracked() {
            self.save_room(&table);
        }
        for_join
    }

    /// This device's copy of the room went wrong (an entry skipped or not fitting): fetch the whole log again.
    pub(super) fn resync(&self, error: &RoomError) {
        leptos::logging::warn!("the room's log did not replay here ({error}): fetching it again");
        let Some(table) = self.table.get_untracked() else {
            return;
        };
        let name = table.room.name().clone();
        let restarted = Table::online(
            &name,
            Room::new(name.clone()),
            Vec::new(),
            table.seats,
            self.now_ms(),
        );
        self.save_room(&restarted);
        self.table.set(Some(restarted));
        let store = *self;
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.connect(store);
            }
        });
    }

    /// Keeps the room's log and this device's seats, so a reload resumes them.
    pub(super) fn save_room(&self, table: &Table) {
        let joining = self
            .online
            .with_untracked(|online| online.as_ref()?.joining.clone());
        let saved = SavedRoom {
            seats: table.seats.as_slice().to_vec(),
            entries: table.log.clone(),
            joining,
        };
        let name = table.room.name();
        let saved = self.storage.with_value(|storage| storage.save_room(name, &saved));
        self.report_saving(saved);
    }

    /// The clock moved on: a seat away long enough may now be taken over.
    pub fn room_tick(&self) {
        let now = self.now_ms();
        let anyone_away = self.online.with_untracked(|online| {
            online
                .as_ref()
                .is_some_and(|online| online.presence.iter().any(|presence| !presence.connected))
        });
        if anyone_away {
            self.update_online(|online| online.now_ms = now);
        }
    }

    /// Whether this address has a room server, once the page has asked.
    pub fn room_server(&self) -> ReadSignal<RoomServer> {
        self.room_server.read_only()
    }

    pub fn set_room_server(&self, server: RoomServer) {
        self.room_server.set(server);
    }
}

/// The wait before the next attempt to reconnect, after `attempts` failed ones.
pub fn reconnect_delay(attempts: u32) -> Duration {
    let doubled = RECONNECT_FIRST.saturating_mul(1u32 << attempts.min(8));
    doubled.min(RECONNECT_LONGEST)
}

/// Opening a room: in the rooms chunk, fetched with the room's screens and its connection.
#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn room_opener() -> Result<fn(GameStore, RoomLaunch), wasm_split_helpers::SplitLoaderError> {
    Ok(|store, launch| store.open_room(launch))
}

/// The join card's room and player, checked and the room opened, in the rooms chunk too.
#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn room_joiner() -> Result<fn(GameStore, &str, &str), wasm_split_helpers::SplitLoaderError> {
    Ok(|store, room, player| store.join_room(room, player))
}
