//! Online rooms: the store's second source of actions. At an online table a tap does not change the game
//! here: it becomes an `act` message to the room server (with the token of the seat that acts), and the game
//! changes only when the server's event comes back, replayed through the room crate (which asks the rules
//! crate) exactly as every other device replays it. The table the play screen shows is the room's game; it
//! is never saved as a local table: what this device keeps is the room's log and its seat tokens
//! ([`SavedRoom`]), so a reload replays the log and greets the server with what it has seen.
//!
//! The connection itself is behind [`RoomLink`]: the browser's WebSocket (`crate::room_client`), or a list of
//! sent messages in the tests, which feed the store [`ServerMessage`]s by hand.

use std::rc::Rc;
use std::time::Duration;

use fivedice_room::{
    Action, ClientMessage, Event, HeldSeat, LogEntry, PROTOCOL_VERSION, Phase, Room, RoomError, RoomName,
    SeatPresence, ServerMessage, TAKE_OVER_AFTER_MS,
};
use fivedice_rules::{DiceMode, Joker, Preview, Rules, RulesetId};
use fivedice_worker::Level;
use leptos::prelude::*;

use crate::dice_generator::DiceGenerator;
use crate::launch::RoomLaunch;
use crate::table::online::SavedRoom;
use crate::table::{DEFAULT_BOT_DELAY_MS, Decision, Table};

use super::GameStore;
use super::reads::Reading;

/// How a computer player plays a seat online (one the host added, or one standing in for a person away):
/// the host's device plays it with the engine.
pub(super) const ONLINE_COMPUTER: Level = Level::Strong;

/// The first wait before reconnecting, doubled after each failed attempt up to the longest.
const RECONNECT_FIRST: Duration = Duration::from_millis(500);
const RECONNECT_LONGEST: Duration = Duration::from_secs(8);

/// Refusals that answer a join: the device was not seated, and watches.
const JOIN_REFUSALS: [&str; 4] = ["started", "room_full", "name_taken", "bad_player_name"];

/// The way to the room server: a WebSocket in the browser, a recorder in tests.
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

/// The online room open on this device.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OnlineRoom {
    room: Room,
    /// The room's log as applied here: `room` is its replay.
    entries: Vec<LogEntry>,
    held: Vec<HeldSeat>,
    connection: Connection,
    /// Failed connection attempts since the last welcome (for the wait before the next).
    attempts: u32,
    /// The name to join as once the server has welcomed the device.
    joining: Option<String>,
    /// A join was sent and is not answered yet.
    join_sent: bool,
    /// The game a room address asked for, chosen once this device hosts the lobby.
    preselect: Option<RulesetId>,
    /// Why the server did not seat this device: it watches.
    refusal: Option<String>,
    /// Each seat's presence, with when the device heard it (ms), to tell how long a seat has been away.
    presence: Vec<SeatPresence>,
    presence_heard_ms: f64,
    watchers: usize,
    /// The time of the last tick, for the "away for two minutes" offer.
    now_ms: f64,
    /// A play action was sent and neither its event nor a refusal has come back: taps that would be stale
    /// wait (a hold does not).
    in_flight: bool,
}

impl OnlineRoom {
    fn seats_held(&self) -> Vec<usize> {
        self.held.iter().map(|held| held.seat).collect()
    }

    fn token_of(&self, seat: usize) -> Option<String> {
        self.held
            .iter()
            .find(|held| held.seat == seat)
            .map(|held| held.token.clone())
    }

    /// The seat of this device that plays the turn now, if any (and only while connected).
    fn acting_seat(&self) -> Option<usize> {
        (self.connection == Connection::Online)
            .then(|| self.room.acting_seat(&self.seats_held()))
            .flatten()
    }

    fn hosting(&self) -> bool {
        self.room
            .host()
            .is_some_and(|host| self.held.iter().any(|held| held.seat == host))
    }

    /// Whether another person at this device may join too: in the lobby, once a seat is held here, while
    /// the room has a free seat.
    fn may_seat_another(&self) -> bool {
        self.room.phase() == Phase::Lobby
            && !self.held.is_empty()
            && self.room.seats().len() < self.room.rules().ruleset().max_players
    }

    fn saved(&self) -> SavedRoom {
        SavedRoom {
            seats: self.held.clone(),
            entries: self.entries.clone(),
            joining: self.joining.clone(),
        }
    }

    /// Back to an empty room, to replay the server's log from the start.
    fn forget_log(&mut self) {
        self.room = Room::new(self.room.name().clone());
        self.entries.clear();
    }

    /// How long `seat` has been away now, in milliseconds (`None` while connected or unknown).
    fn away_ms(&self, seat: usize) -> Option<f64> {
        let presence = self.presence.iter().find(|presence| presence.seat == seat)?;
        let away = presence.away_ms.filter(|_| !presence.connected)?;
        Some(away as f64 + (self.now_ms - self.presence_heard_ms).max(0.0))
    }
}

/// What the room screens show.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomView {
    pub name: String,
    pub state: RoomState,
    pub players: Vec<RoomPlayer>,
    /// The seats this device holds, lowest first.
    pub own_seats: Vec<usize>,
    /// Whether this device holds the host's seat (chooses the game, starts it, plays the computers).
    pub hosting: bool,
    pub rules: Rules,
    pub dice: DiceMode,
    /// Why the server did not seat this device, which now watches.
    pub refusal: Option<String>,
    /// The host may start: enough players for the chosen game.
    pub can_start: bool,
    /// Seats still to fill before the game can start.
    pub players_missing: usize,
    pub watchers: usize,
    pub host_name: Option<String>,
    /// Another person at this device may take a seat too (lobby, a seat held here, room not full).
    pub can_seat_another: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomState {
    Lobby,
    Playing,
    Finished,
    Offline,
}

impl RoomState {
    /// The `data-room-state` value.
    pub fn id(self) -> &'static str {
        match self {
            RoomState::Lobby => "lobby",
            RoomState::Playing => "playing",
            RoomState::Finished => "finished",
            RoomState::Offline => "offline",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomPlayer {
    pub seat: usize,
    pub name: String,
    pub host: bool,
    /// A computer player the host added.
    pub computer: bool,
    /// A computer player stands in for this seat's person, who is away.
    pub stand_in: bool,
    /// Nobody holding this seat is connected.
    pub away: bool,
    /// This device holds the seat.
    pub own: bool,
    /// The host may let a computer player take this seat over now.
    pub can_take_over: bool,
    /// This device may give the seat back to its person.
    pub can_give_back: bool,
}

impl GameStore {
    /// Sets the way to the room server (the page's WebSocket, or a test's recorder).
    pub fn set_room_link(&self, link: Rc<dyn RoomLink>) {
        self.room_link.set_value(Some(link));
    }

    /// Whether the table shown is an online room's.
    pub(super) fn is_online(&self) -> bool {
        self.online.with_untracked(Option::is_some)
    }

    fn send(&self, message: &ClientMessage) -> bool {
        self.room_link
            .with_value(|link| link.as_ref().is_some_and(|link| link.send(message)))
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
        let saved = match self.storage.with_value(|storage| storage.room(&name)) {
            Ok(saved) => saved,
            Err(problem) => {
                self.tell((self.words().unreadable_found)(
                    &problem.reason,
                    problem.kept_aside,
                ));
                SavedRoom::default()
            }
        };
        // A log that does not replay (another version wrote it) is dropped: the server sends it again.
        let (room, entries) = match Room::replay(name.clone(), &saved.entries) {
            Ok(room) => (room, saved.entries),
            Err(_) => (Room::new(name.clone()), Vec::new()),
        };
        let joining = player.or(saved.joining).filter(|_| saved.seats.is_empty());
        self.setup_error.set(None);
        self.picker.set(None);
        self.online.set(Some(OnlineRoom {
            room,
            entries,
            held: saved.seats,
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
            in_flight: false,
        }));
        self.save_room();
        let remembered = self
            .storage
            .with_value(|storage| storage.set_open_room(Some(&name)));
        self.report_saving(remembered);
        self.show_room();
        let store = *self;
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.connect(store);
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
            Err(error) => self.room_join_error.set(Some(error.to_string())),
        }
    }

    /// Why the join card could not open a room.
    pub fn room_join_error(&self) -> ReadSignal<Option<String>> {
        self.room_join_error.read_only()
    }

    /// Leaves the online room's screen (its seats stay this device's: opening the room again resumes them).
    pub fn close_room(&self) {
        if !self.is_online() {
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

    /// Lobby: gives up this device's seats and leaves the room.
    pub fn leave_room(&self) {
        let lobby = self
            .online
            .with_untracked(|online| online.as_ref().map(|o| (o.room.phase(), o.seats_held())));
        if let Some((Phase::Lobby, seats)) = lobby {
            // Seats above a leaving one move down: leave from the highest so each token still names its seat.
            for seat in seats.into_iter().rev() {
                self.send_act(seat, Action::Leave);
            }
        }
        self.close_room();
    }

    /// The link is open: greet the server with what this device has.
    pub fn room_connected(&self) {
        let hello = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            Some(ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: online.room.name().to_string(),
                tokens: online.held.iter().map(|held| held.token.clone()).collect(),
                seen: online.room.seq(),
            })
        });
        if let Some(hello) = hello {
            self.send(&hello);
        }
    }

    /// The link dropped: the room shows offline, and the link tries again after the wait returned (`None`:
    /// it does not, the device left the room or must update first).
    pub fn room_disconnected(&self) -> Option<Duration> {
        let mut retry = None;
        self.online.update(|online| {
            let Some(online) = online else { return };
            online.in_flight = false;
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

    /// One message from the room server.
    pub fn receive(&self, message: ServerMessage) {
        if !self.is_online() {
            return;
        }
        match message {
            ServerMessage::Welcome { seats, seq, .. } => self.welcomed(seats, seq),
            ServerMessage::Log { entries } => self.apply_entries(&entries),
            message @ ServerMessage::Event { .. } => {
                if let Some(entry) = message.as_entry() {
                    self.apply_entries(&[entry]);
                }
            }
            ServerMessage::SeatGranted { seat, token } => {
                self.online.update(|online| {
                    if let Some(online) = online {
                        online.held.retain(|held| held.seat != seat);
                        online.held.push(HeldSeat { seat, token });
                        online.held.sort_by_key(|held| held.seat);
                        online.joining = None;
                        online.join_sent = false;
                        online.refusal = None;
                    }
                });
                self.save_room();
                self.show_room();
            }
            ServerMessage::Presence { seats, watchers } => {
                let now = self.now_ms();
                self.online.update(|online| {
                    if let Some(online) = online {
                        online.presence = seats;
                        online.presence_heard_ms = now;
                        online.now_ms = now;
                        online.watchers = watchers;
                    }
                });
            }
            ServerMessage::Refused { code, reason } => self.refused(&code, reason),
            ServerMessage::UpdateApp { reason, .. } => {
                self.online.update(|online| {
                    if let Some(online) = online {
                        online.connection = Connection::UpdateNeeded;
                    }
                });
                self.room_link.with_value(|link| {
                    if let Some(link) = link {
                        link.close();
                    }
                });
                self.tell(reason);
            }
        }
    }

    fn welcomed(&self, seats: Vec<HeldSeat>, seq: u64) {
        let mut join = None;
        self.online.update(|online| {
            let Some(online) = online else { return };
            if seq < online.room.seq() {
                // The server's log is not the one this device saw (a wiped server): start over from its log.
                online.forget_log();
            }
            // Tokens the server does not know hold no seat here: forget them.
            online.held = seats;
            // Online at once when nothing is missing (the server sends no log then), else once the log is in.
            online.connection = if online.room.seq() >= seq {
                Connection::Online
            } else {
                Connection::Connecting
            };
            online.attempts = 0;
            online.in_flight = false;
            if !online.held.is_empty() {
                online.joining = None;
            }
            if let Some(name) = online.joining.clone() {
                online.join_sent = true;
                join = Some(name);
            }
        });
        if let Some(name) = join {
            self.send(&ClientMessage::Join { name });
        }
        self.save_room();
    }

    /// Replays log entries (from a `log` or an `event`); those already applied are skipped. The device is
    /// online once it has caught up.
    fn apply_entries(&self, entries: &[LogEntry]) {
        let mut broken = None;
        let mut applied = false;
        let mut decisions = Vec::new();
        let mut undone = false;
        self.online.update(|online| {
            let Some(online) = online else { return };
            for entry in entries {
                if entry.seq <= online.room.seq() {
                    continue;
                }
                // The decision the event stands for, taken on the game as it was (for the coach and the
                // analysis after the game, as at a local table).
                let decision = online.room.game().and_then(|game| match &entry.event {
                    Event::Rolled { .. } => Decision::keep(game),
                    Event::Scored { category, .. } | Event::Written { category, .. } => {
                        Decision::cell(game, *category)
                    }
                    _ => None,
                });
                undone |= matches!(entry.event, Event::Undone { .. });
                if let Err(error) = online.room.apply_entry(entry) {
                    broken = Some(error);
                    break;
                }
                online.entries.push(entry.clone());
                decisions.extend(decision);
                applied = true;
                online.in_flight = false;
            }
            if online.connection == Connection::Connecting {
                online.connection = Connection::Online;
            }
        });
        if let Some(error) = broken {
            return self.resync(&error);
        }
        if applied {
            self.save_room();
            self.choose_preselected_rules();
        }
        self.show_room();
        if undone || !decisions.is_empty() {
            self.table.update(|table| {
                if let Some(table) = table {
                    if undone {
                        table.forget_undone_decisions();
                    }
                    table.decisions.extend(decisions);
                }
            });
            self.judge_last_decision();
        }
    }

    /// This device's copy of the room went wrong (an entry skipped or not fitting): fetch the whole log again.
    fn resync(&self, error: &RoomError) {
        leptos::logging::warn!("the room's log did not replay here ({error}): fetching it again");
        self.online.update(|online| {
            if let Some(online) = online {
                online.forget_log();
            }
        });
        self.save_room();
        let store = *self;
        self.room_link.with_value(|link| {
            if let Some(link) = link {
                link.connect(store);
            }
        });
    }

    fn refused(&self, code: &str, reason: String) {
        // The server words its refusals in English; the app says the ones players meet in their language.
        let reason = (self.words().refused_by_room)(code).map_or(reason, str::to_string);
        let mut for_join = false;
        self.online.update(|online| {
            let Some(online) = online else { return };
            online.in_flight = false;
            if online.join_sent && JOIN_REFUSALS.contains(&code) {
                for_join = true;
                online.join_sent = false;
                online.joining = None;
                online.refusal = Some(reason.clone());
            }
        });
        if for_join {
            self.save_room();
        } else {
            self.tell(reason);
        }
    }

    /// The game a room address asked for, chosen as soon as this device hosts the lobby.
    fn choose_preselected_rules(&self) {
        let chosen = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            let ruleset = online.preselect?;
            (online.hosting() && online.room.phase() == Phase::Lobby).then_some(ruleset)
        });
        if let Some(ruleset) = chosen {
            self.online.update(|online| {
                if let Some(online) = online {
                    online.preselect = None;
                }
            });
            self.choose_room_rules(ruleset, None, DiceMode::App, fivedice_rules::Columns::ONE);
        }
    }

    /// Keeps the room's log and this device's seats, so a reload resumes them.
    fn save_room(&self) {
        let Some((name, saved)) = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            Some((online.room.name().clone(), online.saved()))
        }) else {
            return;
        };
        let saved = self
            .storage
            .with_value(|storage| storage.save_room(&name, &saved));
        self.report_saving(saved);
    }

    /// Shows the room's game as the table in play (none while in the lobby); a game that has just finished
    /// goes to the history.
    fn show_room(&self) {
        let previous = self.table.get_untracked();
        let Some(next) = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            Some(online.room.game().map(|game| {
                let room = &online.room;
                let kept = previous.filter(|table| table.id == room_table_id(room.name()));
                let (coached, decisions, created_ms) = kept
                    .map(|table| (table.coached, table.decisions, table.created_ms))
                    .unwrap_or_else(|| (Vec::new(), Vec::new(), self.now_ms()));
                Table {
                    id: room_table_id(room.name()),
                    name: room.name().to_string(),
                    created_ms,
                    updated_ms: self.now_ms(),
                    revision: room.seq(),
                    game: game.clone(),
                    // The server draws every die: this generator is never used.
                    dice: DiceGenerator::new(Some(0)),
                    first_player_roll: room.first_player_roll().cloned().unwrap_or_default(),
                    computer: room
                        .seats()
                        .iter()
                        .map(|seat| seat.computer_plays().then_some(ONLINE_COMPUTER))
                        .collect(),
                    bot_delay_ms: DEFAULT_BOT_DELAY_MS,
                    coached,
                    decisions,
                }
            }))
        }) else {
            return;
        };
        let finished = next.as_ref().is_some_and(|table| table.game.is_over());
        if self.table.with_untracked(|table| *table != next) {
            self.table.set(next);
        }
        let recorded = self.table.with_untracked(|table| {
            table.as_ref().is_some_and(|table| {
                self.history
                    .with_untracked(|games| games.iter().any(|g| g.table_id == table.id))
            })
        });
        if finished && !recorded {
            self.record_if_finished();
        }
    }

    /// Sends one action of one of this device's seats; false (and the player told why) if it could not go.
    fn send_act(&self, seat: usize, action: Action) -> bool {
        let message = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            Some(ClientMessage::Act {
                token: online.token_of(seat)?,
                at: online.room.seq(),
                action,
            })
        });
        let Some(message) = message else {
            self.tell(self.words().not_your_seat_here);
            return false;
        };
        if !self.send(&message) {
            self.tell(self.words().not_sent_offline);
            return false;
        }
        true
    }

    /// Whether a play action sent is still unanswered (the next one would be refused as stale).
    pub(super) fn waiting_for_room(&self) -> bool {
        self.online
            .with_untracked(|online| online.as_ref().is_some_and(|online| online.in_flight))
    }

    /// Sends a turn action for the seat this device plays now.
    pub(super) fn send_turn_action(&self, action: Action) {
        let is_hold = matches!(action, Action::Hold { .. });
        if !is_hold && self.waiting_for_room() {
            return;
        }
        let Some(seat) = self
            .online
            .with_untracked(|online| online.as_ref().and_then(OnlineRoom::acting_seat))
        else {
            return self.tell(self.words().not_this_devices_turn);
        };
        if self.send_act(seat, action) && !is_hold {
            self.online.update(|online| {
                if let Some(online) = online {
                    online.in_flight = true;
                }
            });
        }
    }

    /// Online: writes the value chosen in the picker (the server scores the dice, or checks the value).
    pub(super) fn send_cell(&self, place: fivedice_rules::Place, value: u16, bonus: bool) {
        let Some(preview) = self.game_now(|game| game.preview(place)) else {
            return;
        };
        let fivedice_rules::Place { column, category } = place;
        let action = match preview {
            Ok(Preview::Scores(points)) if value == 0 && points != 0 => Action::CrossOut { column, category },
            Ok(Preview::Scores(_)) => Action::Score { column, category },
            Ok(Preview::Write) => Action::Write {
                column,
                category,
                value,
                bonus,
            },
            Err(reason) => return self.tell((self.words().refused)(&reason)),
        };
        self.picker.set(None);
        self.send_turn_action(action);
    }

    /// Online undo: by the seat that wrote the last cell, if this device holds it.
    pub(super) fn send_undo(&self) {
        let Some(seat) = self.game_now(|game| {
            let written = game.log().len();
            (written > 0).then(|| game.seat_of_entry(written - 1))
        }) else {
            return;
        };
        if let Some(seat) = seat
            && self.send_act(seat, Action::Undo)
        {
            self.online.update(|online| {
                if let Some(online) = online {
                    online.in_flight = true;
                }
            });
        }
    }

    /// Lobby: another person at this device takes a seat too (two people sharing a tablet). The device
    /// then plays each of its seats in turn.
    pub fn seat_another_player(&self, player: &str) {
        let player = match fivedice_room::check_player_name(player) {
            Ok(player) => player,
            Err(error) => {
                let said = (self.words().refused_by_room)(error.code());
                return self.tell(said.map_or_else(|| error.to_string(), str::to_string));
            }
        };
        let may = self
            .online
            .with_untracked(|online| online.as_ref().is_some_and(OnlineRoom::may_seat_another));
        if !may {
            return;
        }
        self.online.update(|online| {
            if let Some(online) = online {
                online.joining = Some(player.clone());
                online.join_sent = true;
                online.refusal = None;
            }
        });
        // Offline, the welcome sends the join once the device is back.
        self.send(&ClientMessage::Join { name: player });
    }

    /// Host, lobby: the game to play (Joker where the ruleset has one; the ruleset's default otherwise; the
    /// columns where it is played in columns, one column otherwise).
    pub fn choose_room_rules(
        &self,
        ruleset: RulesetId,
        joker: Option<Joker>,
        dice: DiceMode,
        columns: fivedice_rules::Columns,
    ) {
        let Some(host) = self.hosted_seat() else { return };
        let joker = joker.filter(|_| ruleset.ruleset().extra_five_of_a_kind.is_some());
        self.send_act(
            host,
            Action::ChooseRules {
                ruleset,
                joker,
                yahtzee_bonus: None,
                dice,
                columns: match ruleset.ruleset().plays_in_columns {
                    true => columns,
                    false => fivedice_rules::Columns::ONE,
                },
            },
        );
    }

    /// Host, lobby: the game begins (the server rolls for who starts).
    pub fn start_room_game(&self) {
        if let Some(host) = self.hosted_seat() {
            self.send_act(host, Action::Start);
        }
    }

    /// Host, lobby: a computer player joins the room (the host's device plays it).
    pub fn add_room_computer(&self) {
        let Some(host) = self.hosted_seat() else { return };
        let taken = self
            .online
            .with_untracked(|online| online.as_ref().map_or(0, |online| online.room.seats().len()));
        self.send_act(
            host,
            Action::AddComputer {
                name: (self.words().computer_n)(taken + 1),
            },
        );
    }

    /// Host: a computer player takes over a seat whose person has been away two minutes.
    pub fn take_over_seat(&self, seat: usize) {
        if let Some(host) = self.hosted_seat() {
            self.send_act(host, Action::TakeOver { seat });
        }
    }

    /// The host, or the seat's own device: the person plays again.
    pub fn give_back_seat(&self, seat: usize) {
        let actor = self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            let held = online.seats_held();
            if held.contains(&seat) {
                Some(seat)
            } else {
                online.room.host().filter(|host| held.contains(host))
            }
        });
        if let Some(actor) = actor {
            self.send_act(actor, Action::GiveBack { seat });
        }
    }

    fn hosted_seat(&self) -> Option<usize> {
        self.online.with_untracked(|online| {
            let online = online.as_ref()?;
            online.room.host().filter(|_| online.hosting())
        })
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
            self.online.update(|online| {
                if let Some(online) = online {
                    online.now_ms = now;
                }
            });
        }
    }

    /// Whether this address has a room server, once the page has asked.
    pub fn room_server(&self) -> ReadSignal<RoomServer> {
        self.room_server.read_only()
    }

    pub fn set_room_server(&self, server: RoomServer) {
        self.room_server.set(server);
    }

    /// Whether the table shown is an online room's (it plays one game: no rematch at the same table).
    pub fn online_table(&self) -> impl Reading<bool> + use<> {
        let online = self.online;
        move || online.with(Option::is_some)
    }

    /// Whether the lobby of an online room is shown (a room is open and its game has not started).
    pub fn in_room_lobby(&self) -> impl Reading<bool> + use<> {
        let (online, table) = (self.online, self.table);
        move || online.with(Option::is_some) && table.with(Option::is_none)
    }

    /// Whether this device may play the turn now: always at a local table; online, while connected and
    /// holding the seat to play (or hosting while a computer plays it).
    pub(super) fn acting_here(&self) -> impl Reading<bool> + use<> {
        let online = self.online;
        move || {
            online.with(|online| {
                online
                    .as_ref()
                    .is_none_or(|online| online.acting_seat().is_some())
            })
        }
    }

    /// Online: the seats whose last cell this device may take back now (its own, while connected and the
    /// game goes on: the room takes nothing back once it is over). Local: `None`, any seat.
    pub(super) fn holds_seat(&self) -> impl Reading<Option<Vec<usize>>> + use<> {
        let online = self.online;
        move || {
            online.with(|online| {
                online.as_ref().map(|online| {
                    let playing =
                        online.connection == Connection::Online && online.room.phase() == Phase::Playing;
                    online.seats_held().into_iter().filter(|_| playing).collect()
                })
            })
        }
    }

    /// Whether this device plays the turn now (untracked, for the computer players' driver).
    pub(super) fn plays_turn_here(&self) -> bool {
        self.online.with_untracked(|online| {
            online
                .as_ref()
                .is_none_or(|online| online.acting_seat().is_some())
        })
    }

    /// The open room as its screens show it.
    pub fn room_view(&self) -> Memo<Option<RoomView>> {
        let online = self.online;
        Memo::new(move |_| online.with(|online| online.as_ref().map(room_view)))
    }
}

fn room_view(online: &OnlineRoom) -> RoomView {
    let room = &online.room;
    let host = room.host();
    let hosting = online.hosting();
    let held = online.seats_held();
    let playing = room.phase() == Phase::Playing;
    let players = room
        .seats()
        .iter()
        .enumerate()
        .map(|(seat, player)| {
            let away_ms = online.away_ms(seat);
            let away = !player.computer && away_ms.is_some();
            RoomPlayer {
                seat,
                name: player.name.clone(),
                host: host == Some(seat),
                computer: player.computer,
                stand_in: player.stand_in,
                away,
                own: held.contains(&seat),
                can_take_over: hosting
                    && playing
                    && !player.computer_plays()
                    && away_ms.is_some_and(|away| away >= TAKE_OVER_AFTER_MS as f64),
                can_give_back: playing && player.stand_in && (hosting || held.contains(&seat)),
            }
        })
        .collect();
    let state = match (online.connection, room.phase()) {
        (Connection::Offline | Connection::UpdateNeeded, _) => RoomState::Offline,
        (_, Phase::Lobby) => RoomState::Lobby,
        (_, Phase::Playing) => RoomState::Playing,
        (_, Phase::Finished) => RoomState::Finished,
    };
    let min_players = room.rules().ruleset().min_players;
    let players_missing = min_players.saturating_sub(room.seats().len());
    RoomView {
        name: room.name().to_string(),
        state,
        players,
        own_seats: held,
        hosting,
        rules: room.rules(),
        dice: room.dice_mode(),
        refusal: online.refusal.clone(),
        can_start: hosting && room.phase() == Phase::Lobby && players_missing == 0,
        players_missing,
        watchers: online.watchers,
        host_name: host
            .and_then(|host| room.seats().get(host))
            .map(|seat| seat.name.clone()),
        can_seat_another: online.may_seat_another(),
    }
}

/// The id an online room's game has in this device's history.
fn room_table_id(name: &RoomName) -> String {
    format!("room-{name}")
}

/// The wait before the next attempt to reconnect, after `attempts` failed ones.
pub fn reconnect_delay(attempts: u32) -> Duration {
    let doubled = RECONNECT_FIRST.saturating_mul(1u32 << attempts.min(8));
    doubled.min(RECONNECT_LONGEST)
}
