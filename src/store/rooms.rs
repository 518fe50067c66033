//! The room server's connection, for an online room: opening a room (what this device kept of it shows at
//! once, replayed from its log), greeting the server, reconnecting, and keeping the room's log and seat
//! tokens on this device ([`SavedRoom`]) so a reload greets the server with what it has seen. What the
//! server's messages change at the table goes through the one path of [`super::host`].
//!
//! The connection itself is behind [`RoomLink`]: the browser's WebSocket (`crate::room_client`), or a test's
//! link to a room host of its own.

use std::rc::Rc;
use std::time::Duration;

use fivedice_room::{
    ClientMessage, PROTOCOL_VERSION, Refusal, Room, RoomError, RoomName, SeatPresence, ServerMessage,
};
use fivedice_rules::{RulesetId, case};
use leptos::prelude::*;

use crate::launch::RoomLaunch;
use crate::table::Table;
use crate::table::online::SavedRoom;

use super::GameStore;

/// The first wait before reconnecting, doubled after each failed attempt up to the longest.
const RECONNECT_FIRST: Duration = Duration::from_millis(500);
const RECONNECT_LONGEST: Duration = Duration::from_secs(8);

/// How long a command may wait for its answer before the connection is taken for lost (a room server's
/// answer takes milliseconds; a connection whose far end died may look open for much longer): the device
/// connects again and sends the command once more, and meanwhile shows it is reconnecting.
pub const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// The way to the room server: a WebSocket in the browser, a test's link in tests.
pub trait RoomLink {
    /// Opens a connection to the server (closing any open one). Once it is open the link calls
    /// [`GameStore::room_connected`], hands every message to [`GameStore::receive`], and calls
    /// [`GameStore::room_disconnected`] when it drops (then connects again after the delay that returns).
    fn connect(&self, store: GameStore);
    /// Sends on the open connection; false when there is none.
    fn send(&self, message: &ClientMessage) -> bool;
    /// Command `number` awaits its answer: call [`GameStore::answer_overdue`] with it after
    /// [`ANSWER_WITHIN`] (the store knows whether it came).
    fn expect_answer(&self, store: GameStore, number: u64);
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
    /// The network did not answer: the device is offline.
    Unreachable,
}

/// What an online table's connection does with the server's messages, beside what every table does with its
/// host's answers ([`GameStore::receive`]). Reached through the open room, so its code is the rooms chunk's: a
/// table on one device never needs it.
#[derive(Debug)]
pub(super) struct ConnectionPart {
    /// The messages only the connection hears (the welcome, who is here, a refusal, an update); whether the
    /// message ends there.
    pub(super) hears: fn(GameStore, &ServerMessage) -> bool,
    /// After the table took a message: a command answered is settled; back online, one lost with the
    /// connection goes again.
    pub(super) took: fn(GameStore, &ServerMessage),
    /// The server sent what does not follow from the table here: the whole log is fetched again.
    pub(super) out_of_step: fn(GameStore, &RoomError),
    /// Keeps the room's log and this device's seats, so a reload resumes them.
    pub(super) keep: fn(GameStore, &Table),
}

static CONNECTION: ConnectionPart = ConnectionPart {
    hears: |store, message| store.connection_heard(message),
    took: |store, message| {
        store.settle_in_flight();
        if store.back_online(message) {
            store.send_in_flight_again();
        }
    },
    out_of_step: |store, error| store.resync(error),
    keep: |store, table| store.save_room(table),
};

/// The connection to the room server of the online room open on this device.
#[derive(Clone, Debug)]
pub(super) struct OnlineRoom {
    pub(super) part: &'static ConnectionPart,
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
        if let Some(player) = &player {
            self.remember_online_as(player, &name);
        }
        let joining = player.or(saved.joining).filter(|_| saved.seats.is_empty());
        self.setup_error.set(None);
        self.online.set(Some(OnlineRoom {
            part: &CONNECTION,
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
        self.show_table(Some(table));
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

    /// The join card: joins the room typed as the player named. The room open here (an invitation opened it
    /// to watch) is joined as it is; another is opened first.
    pub fn join_room(&self, room: &str, player: &str) {
        let launch = RoomName::parse(room).and_then(|room| {
            let player = fivedice_room::check_player_name(player)?;
            Ok(RoomLaunch {
                room,
                player: Some(player),
                rules: None,
            })
        });
        let launch = match launch {
            Ok(launch) => launch,
            Err(error) => {
                let refusal = (self.words().refusal)(&Refusal::Room(error));
                return self.room_join_error.set(Some(case::capitalised(&refusal)));
            }
        };
        self.room_join_error.set(None);
        let open_here = self.table.with_untracked(|table| {
            table
                .as_ref()
                .is_some_and(|table| table.is_online() && *table.room.name() == launch.room)
        });
        match (open_here, launch.player) {
            (true, Some(player)) => self.join_as(&player),
            (_, player) => self.open_room(RoomLaunch { player, ..launch }),
        }
    }

    /// The name this device last joined a room as, and that room (empty where none): the join card offers
    /// them again.
    pub fn online_as(&self) -> (String, String) {
        self.storage.with_value(|storage| storage.online_as())
    }

    pub(super) fn remember_online_as(&self, player: &str, room: &RoomName) {
        let kept = self
            .storage
            .with_value(|storage| storage.set_online_as(player, room.shown()));
        self.report_saving(kept);
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
        self.show_table(None);
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
    /// it does not, the device left the room or must update first). A command in flight is sent again once
    /// the device is back, unless the room has moved on by then.
    pub fn room_disconnected(&self) -> Option<Duration> {
        let mut retry = None;
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
    fn welcomed(&self, seated: bool, seq: u64) {
        // A device that saw more than the server has starts over from the server's log.
        let seen = self
            .table
            .with_untracked(|table| table.as_ref().map_or(0, |t| t.room.seq()));
        let seen = if seen > seq { 0 } else { seen };
        let mut join = None;
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

    /// The messages only the connection hears (or that the table does not take): the welcome, who is here, a
    /// refusal, an update. Whether the message ends there.
    fn connection_heard(&self, message: &ServerMessage) -> bool {
        match message {
            ServerMessage::Welcome { seats, seq, .. } => {
                self.welcomed(!seats.is_empty(), *seq);
                false
            }
            ServerMessage::Presence { seats, watchers } => {
                self.heard_presence(seats.clone(), *watchers);
                true
            }
            ServerMessage::Refused { refusal, .. } => {
                let resent = self
                    .in_flight
                    .with_untracked(|sent| sent.as_ref().is_some_and(|sent| sent.resent));
                self.in_flight.set(None);
                // A command sent again after a lost connection is refused as stale when its first copy
                // arrived after all: its event is here already, there is nothing to tell.
                if !(resent && matches!(refusal, Refusal::Room(RoomError::Stale { .. }))) {
                    self.refused(refusal);
                }
                true
            }
            ServerMessage::UpdateApp { reason, .. } => {
                self.must_update(reason);
                true
            }
            ServerMessage::SeatGranted { .. } => {
                self.seat_granted();
                false
            }
            ServerMessage::Log { .. } | ServerMessage::Event { .. } => false,
        }
    }

    /// The host refused the last command: the table is unchanged, and the player hears why in their language
    /// (a refused join shows in the room instead: the device watches).
    fn refused(&self, refusal: &Refusal) {
        if self.join_refused(refusal) {
            return;
        }
        self.tell((self.words().refusal)(refusal));
    }

    /// The room moved past the command in flight (its event came, or another that makes it stale), or the
    /// table it was sent for is gone: nothing is awaited any more.
    fn settle_in_flight(&self) {
        let seq = self
            .table
            .with_untracked(|table| table.as_ref().map(|table| table.room.seq()));
        let answered = self.in_flight.with_untracked(|sent| {
            sent.as_ref()
                .is_some_and(|sent| seq.is_none_or(|seq| seq > sent.at))
        });
        if answered {
            self.in_flight.set(None);
        }
    }

    /// Whether this message, now taken, brings the device back online: a welcome with nothing missing, or
    /// the first entries after one (the device has caught up).
    fn back_online(&self, message: &ServerMessage) -> bool {
        let connection = self
            .online
            .with_untracked(|online| online.as_ref().map(|online| online.connection));
        match (message, connection) {
            (ServerMessage::Welcome { .. }, Some(Connection::Online)) => true,
            (ServerMessage::Log { .. } | ServerMessage::Event { .. }, Some(Connection::Connecting)) => {
                self.update_online(|online| online.connection = Connection::Online);
                true
            }
            _ => false,
        }
    }

    /// Back on a connection, with the room as the server has it: the command in flight goes again if the room
    /// has not moved past it (its first copy never arrived); else it was answered, or is stale, and the
    /// player sees the room as it is now.
    fn send_in_flight_again(&self) {
        self.settle_in_flight();
        let Some(message) = self
            .in_flight
            .with_untracked(|sent| Some(sent.as_ref()?.message.clone()))
        else {
            return;
        };
        let number = self.in_flight.try_update(|sent| {
            let sent = sent.as_mut()?;
            sent.resent = true;
            Some(sent.number)
        });
        if !self.send(message) {
            return;
        }
        if let Some(Some(number)) = number {
            self.room_link.with_value(|link| {
                if let Some(link) = link {
                    link.expect_answer(*self, number);
                }
            });
        }
    }

    /// Command `number` was sent [`ANSWER_WITHIN`] ago: if it is still unanswered, the connection is taken for
    /// lost (its far end may have died without closing it). The device shows it is reconnecting, connects
    /// again, and sends the command once more when it is back.
    pub fn answer_overdue(&self, number: u64) {
        let overdue = self
            .in_flight
            .with_untracked(|sent| sent.as_ref().is_some_and(|sent| sent.number == number));
        let connected = self.online.with_untracked(|online| {
            online
                .as_ref()
                .is_some_and(|online| online.connection == Connection::Online)
        });
        if !(overdue && connected) {
            return;
        }
        leptos::logging::warn!("the room server has not answered: connecting again");
        self.update_online(|online| online.connection = Connection::Offline);
        let store = *self;
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.connect(store);
            }
        });
    }

    fn seat_granted(&self) {
        self.update_online(|online| {
            online.joining = None;
            online.join_sent = false;
            online.refusal = None;
        });
    }

    fn heard_presence(&self, seats: Vec<SeatPresence>, watchers: usize) {
        let now = self.now_ms();
        self.update_online(|online| {
            online.presence = seats;
            online.presence_heard_ms = now;
            online.now_ms = now;
            online.watchers = watchers;
        });
    }

    /// The server runs another protocol: the connection closes, and the player is told to update.
    fn must_update(&self, reason: &str) {
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
    fn join_refused(&self, refusal: &Refusal) -> bool {
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
    fn resync(&self, error: &RoomError) {
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
    fn save_room(&self, table: &Table) {
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
