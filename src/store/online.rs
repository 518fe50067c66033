//! An online table: opening its room (what this device kept of it shows at once, replayed from its log),
//! joining it, leaving its screen, keeping its log and seat tokens on this device ([`SavedRoom`]) so a reload
//! greets the server with what it has seen; and the connection's part of [`GameStore::receive`]: greeting
//! the server, hearing what only the connection hears (the welcome, who is here, a refusal, an update), a
//! command in flight settled or sent again once the connection is back. That part is reached through the open
//! room ([`ConnectionPart`]), so its code is the rooms chunk's. The connection's own state is
//! [`super::connection::RoomConnection`]'s.

use std::time::Duration;

use fivedice_room::{
    ClientMessage, HeldSeat, PROTOCOL_VERSION, Phase, Refusal, Room, RoomError, RoomName, SeatPresence,
    ServerMessage,
};
use leptos::prelude::*;

use crate::launch::RoomLaunch;
use crate::table::Table;

use super::GameStore;
use super::connection::{Connection, ConnectionPart, RoomConnection};

/// The online room's part of the store's one path (the rooms chunk's code: only an online room reaches it).
#[derive(Debug)]
struct OnlineRoomPart;

impl ConnectionPart for OnlineRoomPart {
    fn hears(&self, store: GameStore, message: &ServerMessage) -> bool {
        store.connection_heard(message)
    }

    fn took(&self, store: GameStore, message: &ServerMessage) {
        store.table.settle();
        if store.back_online(message) {
            store.send_in_flight_again();
        }
    }

    fn out_of_step(&self, store: GameStore, error: &RoomError) {
        store.resync(error);
    }

    fn keep(&self, connection: RoomConnection, table: &Table) {
        connection.save_room(table);
    }
}

impl GameStore {
    /// Opens an online room: what this device has of it is shown at once, and the link connects. With a
    /// player's name, that player joins once the server has welcomed the device (unless the device already
    /// holds a seat there).
    pub fn open_room(&self, launch: RoomLaunch) {
        let RoomLaunch {
            room: name,
            player,
            game,
            hand_over,
        } = launch;
        self.close_room();
        let loaded = self.storage.with_value(|storage| storage.room(&name));
        self.kept.set_aside(&loaded.problems);
        let saved = loaded.value;
        // A log that does not replay (another version wrote it) is dropped: the server sends it again.
        let (room, log) = match Room::replay(name.clone(), &saved.entries) {
            Ok(room) => (room, saved.entries),
            Err(_) => (Room::new(name.clone()), Vec::new()),
        };
        if let Some(player) = &player {
            self.connection.remember_online_as(player, &name);
        }
        // Joined once the server has welcomed the device, unless the welcome says it holds a seat there already
        // (the seats it kept may be ones it has since left).
        let joining = player.or(saved.joining);
        self.notices.dismiss_setup_error();
        self.connection
            .open(&OnlineRoomPart, joining, hand_over, game, self.now_ms());
        let table = Table::online(&name, room, log, saved.seats.into(), self.now_ms());
        self.connection.save_room(&table);
        self.table.show(Some(table));
        self.record_if_finished();
        self.connection.remember_open_room(Some(&name));
        self.connection.with_link(|link| link.connect(*self));
    }

    /// Opens an online room once the rooms chunk is here (the room's screens and connection are there), or
    /// says it could not be fetched.
    pub fn open_room_when_here(&self, launch: RoomLaunch) {
        let store = *self;
        store.connection.set_arriving(true);
        leptos::task::spawn_local(async move {
            match room_opener().await {
                Ok(open) => open(store, launch),
                Err(_) => store.tell(store.words().not_fetched_offline),
            }
            store.connection.set_arriving(false);
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
                game: None,
                hand_over: None,
            })
        });
        let launch = match launch {
            Ok(launch) => launch,
            Err(error) => {
                return self
                    .notices
                    .refuse_join((self.words().refusal)(&Refusal::Room(error)));
            }
        };
        self.notices.dismiss_join_error();
        let open_here = self.table.with_untracked(|table| {
            table
                .as_ref()
                .is_some_and(|table| table.is_online() && *table.room().name() == launch.room)
        });
        match (open_here, launch.player) {
            (true, Some(player)) => self.lobby().join_as(&player),
            (_, player) => self.open_room(RoomLaunch { player, ..launch }),
        }
    }

    /// The name this device last joined a room as, and that room (empty where none): the join card offers
    /// them again.
    pub fn online_as(&self) -> (String, String) {
        self.storage.with_value(|storage| storage.online_as())
    }

    /// Leaves the online room's screen (its seats stay this device's: opening the room again resumes them).
    pub fn close_room(&self) {
        if !self.connection.is_open() {
            return;
        }
        self.connection.close();
        self.table.show(None);
        self.connection.remember_open_room(None);
    }

    /// The clock moved on: a seat away long enough may now be taken over, and a host away long enough gives
    /// way.
    pub fn room_tick(&self) {
        self.connection.tick(self.now_ms());
        self.lobby().host_if_due();
    }

    /// The link is open: greet the server with what this device has.
    pub fn room_connected(&self) {
        let hello = self.table.with_untracked(|table| {
            let table = table.as_ref().filter(|table| table.is_online())?;
            Some(ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: table.room().name().to_string(),
                tokens: table.seats().tokens().map(str::to_string).collect(),
                seen: table.room().seq(),
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
        self.connection.dropped()
    }

    /// The server welcomed the device: online at once when nothing is missing (the server sends no log
    /// then), else once the log is in; a join or a link's seat asked for goes now. Seats this device held in
    /// a started game that the welcome no longer gives it were taken by another device's link.
    fn welcomed(&self, seats: &[HeldSeat], seq: u64) {
        let (seen, moved) = self.table.with_untracked(|table| {
            let Some(table) = table.as_ref() else {
                return (0, Vec::new());
            };
            let started = table.room().phase() != Phase::Lobby;
            let moved = table.seats().seats().into_iter().filter(|seat| {
                started && seq >= table.room().seq() && !seats.iter().any(|held| held.seat == *seat)
            });
            (table.room().seq(), moved.collect())
        });
        // A device that saw more than the server has starts over from the server's log.
        let seen = if seen > seq { 0 } else { seen };
        if let Some(ask) = self.connection.welcomed(!seats.is_empty(), seen >= seq, moved) {
            self.send(ask);
        }
    }

    /// The messages only the connection hears (or that the table does not take): the welcome, who is here, a
    /// refusal, an update. Whether the message ends there.
    fn connection_heard(&self, message: &ServerMessage) -> bool {
        match message {
            ServerMessage::Welcome { seats, seq, .. } => {
                self.welcomed(seats, *seq);
                false
            }
            ServerMessage::HandOverOffered { seat, code, .. } => {
                self.connection.offered(*seat, code.clone());
                true
            }
            ServerMessage::SeatRequests { requests } => {
                self.connection.heard_requests(requests.clone());
                true
            }
            ServerMessage::Presence { seats, watchers } => {
                self.heard_presence(seats.clone(), *watchers);
                true
            }
            ServerMessage::Refused { refusal, .. } => {
                let resent = self.table.not_awaited();
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
                self.connection.seated();
                false
            }
            ServerMessage::Log { .. } | ServerMessage::Event { .. } => false,
        }
    }

    /// The host refused the last command: the table is unchanged, and the player hears why in their language
    /// (a refused join shows in the room instead: the device watches, and keeps that it asked no more).
    fn refused(&self, refusal: &Refusal) {
        if self.connection.join_refused(refusal) {
            if let Some(table) = self.table.get_untracked() {
                self.connection.save_room(&table);
            }
            return;
        }
        super::refusals::tell_room_refused(*self, refusal);
    }

    /// Whether this message, now taken, brings the device back online: a welcome with nothing missing, or
    /// the first entries after one (the device has caught up).
    fn back_online(&self, message: &ServerMessage) -> bool {
        match (message, self.connection.connection_now()) {
            (ServerMessage::Welcome { .. }, Some(Connection::Online)) => true,
            (ServerMessage::Log { .. } | ServerMessage::Event { .. }, Some(Connection::Connecting)) => {
                self.connection.caught_up();
                true
            }
            _ => false,
        }
    }

    /// Back on a connection, with the room as the server has it: the command in flight goes again if the room
    /// has not moved past it (its first copy never arrived); else it was answered, or is stale, and the
    /// player sees the room as it is now.
    fn send_in_flight_again(&self) {
        self.table.settle();
        if let Some((message, number)) = self.table.resend()
            && self.send(message)
        {
            self.connection
                .with_link(|link| link.expect_answer(*self, number));
        }
    }

    /// Command `number` was sent [`super::ANSWER_WITHIN`] ago: if it is still unanswered, the connection is
    /// taken for lost (its far end may have died without closing it). The device shows it is reconnecting,
    /// connects again, and sends the command once more when it is back.
    pub fn answer_overdue(&self, number: u64) {
        if !(self.table.is_overdue(number) && self.connection.connection_now() == Some(Connection::Online)) {
            return;
        }
        leptos::logging::warn!("the room server has not answered: connecting again");
        self.connection.lost();
        self.connection.with_link(|link| link.connect(*self));
    }

    fn heard_presence(&self, seats: Vec<SeatPresence>, watchers: usize) {
        self.connection.heard_presence(seats, watchers, self.now_ms());
    }

    /// The server runs another protocol: the connection closes, and the player is told to update.
    fn must_update(&self, reason: &str) {
        self.connection.update_needed();
        self.connection.with_link(|link| link.close());
        self.tell(self.words().update_app);
        leptos::logging::warn!("the room server asks for an update: {reason}");
    }

    /// This device's copy of the room went wrong (an entry skipped or not fitting): fetch the whole log again.
    fn resync(&self, error: &RoomError) {
        leptos::logging::warn!("the room's log did not replay here ({error}): fetching it again");
        let Some(table) = self.table.get_untracked() else {
            return;
        };
        let name = table.room().name().clone();
        let restarted = Table::online(
            &name,
            Room::new(name.clone()),
            Vec::new(),
            table.seats().clone(),
            self.now_ms(),
        );
        self.connection.save_room(&restarted);
        self.table.keep(restarted);
        self.connection.with_link(|link| link.connect(*self));
    }
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
