//! Online rooms on this device: opening one (what this device kept of it shows at once, replayed from its log),
//! joining it as a player, leaving it, and keeping the room's log and seat tokens on this device
//! ([`SavedRoom`]) so a reload greets the server with what it has seen. The connection to the server is
//! [`super::connection`]'s; what the server's messages change at the table goes through the one path of
//! [`super::host`].

use std::rc::Rc;

use fivedice_room::{Refusal, Room, RoomName, SeatPresence};
use fivedice_rules::{RulesetId, case};
use leptos::prelude::*;

use crate::launch::RoomLaunch;
use crate::table::Table;
use fivedice_saved::SavedRoom;

use super::GameStore;
use super::connection::{CONNECTION, Connection, ConnectionPart, RoomLink};

/// Whether this address has a room server (a plain static host has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomServer {
    Unknown,
    Available,
    Missing,
    /// The network did not answer: the device is offline.
    Unreachable,
}

/// The connection to the room server of the online room open on this device.
#[derive(Clone, Debug)]
pub(super) struct OnlineRoom {
    pub(super) part: &'static ConnectionPart,
    pub(super) connection: Connection,
    /// Failed connection attempts since the last welcome (for the wait before the next).
    pub(super) attempts: u32,
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
        // Joined once the server has welcomed the device, unless the welcome says it holds a seat there already
        // (the seats it kept may be ones it has since left).
        let joining = player.or(saved.joining);
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
        self.with_link(|link| link.connect(*self));
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
        self.with_link(|link| link.close());
        self.online.set(None);
        self.show_table(None);
        let forgotten = self.storage.with_value(|storage| storage.set_open_room(None));
        self.report_saving(forgotten);
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
