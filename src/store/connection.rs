//! An online table's connection to the room server, and the one writer of its state: connecting, welcomed,
//! caught up, lost, a join on its way or refused, who is here, an update needed. The connection itself is
//! behind [`RoomLink`]: the browser's WebSocket (`crate::room_client`), or a test's link to a room host of its
//! own. What the server's messages do at the table is [`super::online`]'s.

use std::rc::Rc;
use std::time::Duration;

use crate::launch::RoomGame;
use fivedice_room::{ClientMessage, Refusal, RoomError, RoomName, SeatPresence, SeatRequest, ServerMessage};
use leptos::prelude::*;

use fivedice_saved::SavedRoom;

use crate::storage::Storage;
use crate::table::Table;

use super::GameStore;
use super::notices::Notices;
use super::speech::Speech;

mod online_room;

pub(super) use online_room::OnlineRoom;

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
/// host's answers ([`GameStore::receive`]). Its one implementation is the online room's
/// (`super::online::OnlineRoomPart`), reached through the room open, so its code is the rooms chunk's: a table
/// on one device never needs it.
pub(super) trait ConnectionPart: std::fmt::Debug + Sync {
    /// The messages only the connection hears (the welcome, who is here, a refusal, an update); whether the
    /// message ends there.
    fn hears(&self, store: GameStore, message: &ServerMessage) -> bool;
    /// After the table took a message: a command answered is settled; back online, one lost with the
    /// connection goes again.
    fn took(&self, store: GameStore, message: &ServerMessage);
    /// The server sent what does not follow from the table here: the whole log is fetched again.
    fn out_of_step(&self, store: GameStore, error: &RoomError);
    /// Keeps the room's log and this device's seats, so a reload resumes them.
    fn keep(&self, connection: RoomConnection, table: &Table);
}

#[derive(Clone, Copy)]
pub struct RoomConnection {
    /// While an online room is open.
    online: RwSignal<Option<OnlineRoom>>,
    /// The way to the room server.
    link: StoredValue<Option<Rc<dyn RoomLink>>, LocalStorage>,
    server: RwSignal<RoomServer>,
    /// A room asked for (an invitation's link) is on its way: the rooms' code is being fetched, and the
    /// start screen, whose own join form would take a name the room's then drops, waits.
    arriving: RwSignal<bool>,
    /// Where the room's log and this device's seats are kept (and, for the table open, the table).
    pub(super) storage: StoredValue<Storage, LocalStorage>,
    pub(super) notices: Notices,
    pub(super) speech: Speech,
}

impl RoomConnection {
    pub(super) fn new(
        storage: StoredValue<Storage, LocalStorage>,
        notices: Notices,
        speech: Speech,
    ) -> RoomConnection {
        RoomConnection {
            online: RwSignal::new(None),
            link: StoredValue::new_local(None),
            server: RwSignal::new(RoomServer::Unknown),
            arriving: RwSignal::new(false),
            storage,
            notices,
            speech,
        }
    }

    /// Whether a room asked for is on its way (its screens not yet here).
    pub fn arriving(&self) -> ReadSignal<bool> {
        self.arriving.read_only()
    }

    pub(super) fn set_arriving(&self, arriving: bool) {
        self.arriving.set(arriving);
    }

    /// The connection's part of the store's one path, while a room is open.
    pub(super) fn part(&self) -> Option<&'static dyn ConnectionPart> {
        self.read_now(|online| online.map(|online| online.part))
    }

    /// Keeps the room's log and this device's seats, so a reload resumes them (and a join that waits).
    pub(super) fn save_room(&self, table: &Table) {
        let joining = self.read_now(|online| online?.joining.clone());
        let saved = SavedRoom {
            seats: table.seats().as_slice().to_vec(),
            entries: table.log().to_vec(),
            joining,
        };
        let saved = self
            .storage
            .with_value(|storage| storage.save_room(table.room().name(), &saved));
        self.notices.report_saving(saved, self.speech.words());
    }

    /// The room open now, or none: a reload opens it again.
    pub(super) fn remember_open_room(&self, name: Option<&RoomName>) {
        let remembered = self.storage.with_value(|storage| storage.set_open_room(name));
        self.notices.report_saving(remembered, self.speech.words());
    }

    /// The name this device joined `room` as: the join card offers them again.
    pub(super) fn remember_online_as(&self, player: &str, room: &RoomName) {
        let kept = self
            .storage
            .with_value(|storage| storage.set_online_as(player, room.shown()));
        self.notices.report_saving(kept, self.speech.words());
    }

    /// Reads the open room's connection (tracked where read in a reactive closure).
    #[inline(always)]
    pub(super) fn read<R>(&self, read: impl FnOnce(Option<&OnlineRoom>) -> R) -> R {
        self.online.with(|online| read(online.as_ref()))
    }

    /// Reads it once (not tracked).
    #[inline(always)]
    pub(super) fn read_now<R>(&self, read: impl FnOnce(Option<&OnlineRoom>) -> R) -> R {
        self.online.with_untracked(|online| read(online.as_ref()))
    }

    /// Whether an online room is open (not tracked).
    pub(super) fn is_open(&self) -> bool {
        self.read_now(|online| online.is_some())
    }

    /// Whether this device talks to its table's host now: always with no room open; online, while connected.
    pub(super) fn connected(&self) -> bool {
        self.read(|online| online.is_none_or(|online| online.connection == Connection::Online))
    }

    /// The state of the connection, while a room is open (not tracked).
    pub(super) fn connection_now(&self) -> Option<Connection> {
        self.read_now(|online| online.map(|online| online.connection))
    }

    /// Makes the caller follow the connection.
    pub(super) fn track(&self) {
        self.online.track();
    }

    /// Sets the way to the room server (the page's WebSocket, or a test's link).
    pub fn set_link(&self, link: Rc<dyn RoomLink>) {
        self.link.set_value(Some(link));
    }

    /// Does something with the way to the room server, where there is one.
    #[inline(always)]
    pub(super) fn with_link<R>(&self, use_it: impl FnOnce(&dyn RoomLink) -> R) -> Option<R> {
        self.link
            .with_value(|link| link.as_ref().map(|link| use_it(link.as_ref())))
    }

    /// Whether this address has a room server, once the page has asked.
    pub fn server(&self) -> ReadSignal<RoomServer> {
        self.server.read_only()
    }

    pub fn set_server(&self, server: RoomServer) {
        self.server.set(server);
    }

    /// A room opens: connecting, to join as `joining` (or take the seat of the link `hand_over`) once
    /// welcomed, to choose the game `preselect` once this device hosts the lobby.
    pub(super) fn open(
        &self,
        part: &'static dyn ConnectionPart,
        joining: Option<String>,
        hand_over: Option<String>,
        preselect: Option<RoomGame>,
        now_ms: f64,
    ) {
        self.online.set(Some(OnlineRoom {
            part,
            connection: Connection::Connecting,
            attempts: 0,
            joining,
            hand_over,
            join_sent: false,
            preselect,
            refusal: None,
            presence: Vec::new(),
            presence_heard_ms: 0.0,
            watchers: 0,
            now_ms,
            offered: None,
            moved_elsewhere: Vec::new(),
            came_late_as: None,
            asked_seat: false,
            requests: Vec::new(),
        }));
    }

    /// The room's screen is left: the connection closes for good.
    pub(super) fn close(&self) {
        self.with_link(|link| link.close());
        self.online.set(None);
    }

    /// Changes the open room's connection (the one place it is written).
    fn update(&self, change: impl FnOnce(&mut OnlineRoom)) {
        self.online.update(|online| {
            if let Some(online) = online {
                change(online);
            }
        });
    }

    /// The link dropped: offline, and the wait before trying again (`None`: no room is open, or this app must
    /// be updated first).
    pub(super) fn dropped(&self) -> Option<Duration> {
        let mut retry = None;
        self.update(|online| {
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

    /// The server welcomed the device: online at once if it has seen all there is (`caught_up`), else once
    /// the log is in. Returns what to ask for now: the seat of a link opened here, or a join that waits (none
    /// if the device is `seated`). `moved` are the seats it held that the welcome no longer gives it.
    pub(super) fn welcomed(&self, seated: bool, caught_up: bool, moved: Vec<usize>) -> Option<ClientMessage> {
        let mut ask = None;
        self.update(|online| {
            online.connection = if caught_up {
                Connection::Online
            } else {
                Connection::Connecting
            };
            online.attempts = 0;
            online.moved_elsewhere.extend(moved);
            if seated {
                online.joining = None;
            }
            ask = match (&online.hand_over, &online.joining) {
                (Some(code), _) => Some(ClientMessage::TakeHandOver { code: code.clone() }),
                (None, Some(name)) => Some(ClientMessage::join(name.clone())),
                (None, None) => None,
            };
            online.join_sent |= ask.is_some();
        });
        ask
    }

    /// This device asks for a seat back.
    pub(super) fn asking_seat(&self) {
        self.update(|online| {
            online.asked_seat = true;
            online.refusal = None;
        });
    }

    /// The devices asking for a seat back, as the server says now.
    pub(super) fn heard_requests(&self, requests: Vec<SeatRequest>) {
        self.update(|online| online.requests = requests);
    }

    /// The server gave this device a link that moves `seat` to another device.
    pub(super) fn offered(&self, seat: usize, code: String) {
        self.update(|online| online.offered = Some((seat, code)));
    }

    /// The first entries after a welcome are in: the device has caught up.
    pub(super) fn caught_up(&self) {
        self.update(|online| online.connection = Connection::Online);
    }

    /// A command went unanswered: the connection is taken for lost.
    pub(super) fn lost(&self) {
        self.update(|online| online.connection = Connection::Offline);
    }

    /// The server runs another protocol.
    pub(super) fn update_needed(&self) {
        self.update(|online| online.connection = Connection::UpdateNeeded);
    }

    /// This device asks to join as `player` (sent now, or once welcomed).
    pub(super) fn joining(&self, player: String) {
        self.update(|online| {
            online.joining = Some(player);
            online.join_sent = true;
            online.refusal = None;
        });
    }

    /// The server seated this device.
    pub(super) fn seated(&self) {
        self.update(|online| {
            online.joining = None;
            online.hand_over = None;
            online.asked_seat = false;
            online.came_late_as = None;
            online.join_sent = false;
            online.refusal = None;
        });
    }

    /// A refusal came: if it answers a join on its way, the device was not seated and watches (the reason
    /// shows in the room). Whether it answered the join.
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
                    | RoomError::GameOver
            ) | Refusal::HandOver(_)
        );
        let mut for_join = false;
        self.update(|online| {
            if online.asked_seat && matches!(refusal, Refusal::HandOver(_)) {
                online.asked_seat = false;
                online.refusal = Some(refusal.clone());
                for_join = true;
            }
            if online.join_sent && answers_join {
                for_join = true;
                online.join_sent = false;
                // A name refused because the game had started may be an away player's, who may ask back.
                let late = matches!(refusal, Refusal::Room(RoomError::Started));
                online.came_late_as = online.joining.take().filter(|_| late);
                online.hand_over = None;
                online.refusal = Some(refusal.clone());
            }
        });
        for_join
    }

    /// Who is here, as the server says now (a link offered for a seat whose device is back is done with).
    pub(super) fn heard_presence(&self, seats: Vec<SeatPresence>, watchers: usize, now_ms: f64) {
        self.update(|online| {
            let back = |seat: usize| {
                seats
                    .iter()
                    .any(|presence| presence.seat == seat && presence.connected)
            };
            if online.offered.as_ref().is_some_and(|(seat, _)| back(*seat)) {
                online.offered = None;
            }
            online.presence = seats;
            online.presence_heard_ms = now_ms;
            online.now_ms = now_ms;
            online.watchers = watchers;
        });
    }

    /// The clock moved on: a seat away long enough may now be taken over.
    pub(super) fn tick(&self, now_ms: f64) {
        let anyone_away = self.read_now(|online| {
            online.is_some_and(|online| online.presence.iter().any(|presence| !presence.connected))
        });
        if anyone_away {
            self.update(|online| online.now_ms = now_ms);
        }
    }

    /// The game a room address asked for has been chosen.
    pub(super) fn preselect_chosen(&self) {
        self.update(|online| online.preselect = None);
    }
}

/// The wait before the next attempt to reconnect, after `attempts` failed ones.
pub fn reconnect_delay(attempts: u32) -> Duration {
    let doubled = RECONNECT_FIRST.saturating_mul(1u32 << attempts.min(8));
    doubled.min(RECONNECT_LONGEST)
}
