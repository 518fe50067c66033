//! An online table's connection to the room server: greeting it, hearing what only the connection hears
//! (the welcome, who is here, a refusal, an update), a command in flight settled or sent again once the
//! connection is back, the wait before reconnecting. Its part of [`GameStore::receive`] is reached through the
//! open room ([`ConnectionPart`]), so its code is the rooms chunk's.
//!
//! The connection itself is behind [`RoomLink`]: the browser's WebSocket (`crate::room_client`), or a test's
//! link to a room host of its own.

use std::time::Duration;

use fivedice_room::{ClientMessage, PROTOCOL_VERSION, Refusal, Room, RoomError, SeatPresence, ServerMessage};
use leptos::prelude::*;

use crate::table::Table;

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

pub(super) static CONNECTION: ConnectionPart = ConnectionPart {
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

impl GameStore {
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
            self.send(ClientMessage::join(name));
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
        // Whether it is still awaited changes nothing on screen: marked resent quietly.
        let again = self.in_flight.try_update_untracked(|sent| {
            let sent = sent.as_mut()?;
            sent.resent = true;
            Some((sent.message.clone(), sent.number))
        });
        if let Some(Some((message, number))) = again
            && self.send(message)
        {
            self.with_link(|link| link.expect_answer(*self, number));
        }
    }

    /// Does something with the way to the room server, where there is one.
    pub(super) fn with_link(&self, use_it: impl FnOnce(&dyn RoomLink)) {
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                use_it(link.as_ref());
            }
        });
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
        self.with_link(|link| link.connect(*self));
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
        self.with_link(|link| link.close());
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
        self.with_link(|link| link.connect(*self));
    }
}

/// The wait before the next attempt to reconnect, after `attempts` failed ones.
pub fn reconnect_delay(attempts: u32) -> Duration {
    let doubled = RECONNECT_FIRST.saturating_mul(1u32 << attempts.min(8));
    doubled.min(RECONNECT_LONGEST)
}
