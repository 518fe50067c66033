//! A protocol client for the tests: a real WebSocket that keeps its own replica of the room by replaying
//! every entry it receives, exactly as the app will. Every wait is bounded.

#![allow(dead_code)]

pub mod bounded;
pub mod events;
pub mod http;
pub mod nats_cluster;
pub mod nodes;
pub mod process;

pub use bounded::{WAIT, bounded};
#[allow(unused_imports)]
pub use http::{get_json, http_get, http_json};

use std::net::SocketAddr;
use std::path::Path;

use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, Event, HeldSeats, LogEntry, Room, RoomName};
use fivedice_rules::{DiceMode, Game, Play, RulesetId};
use fivedice_server::{Config, Limits, RunningServer};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A server on a free loopback port with its database in `dir`.
pub async fn start_server(dir: &Path, limits: Limits) -> RunningServer {
    let dist = dir.join("dist");
    std::fs::create_dir_all(&dist).expect("a dist dir");
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Five Dice</title>").expect("index");
    std::fs::write(dist.join("app.wasm"), b"\0asm\x01\0\0\0").expect("wasm");
    let config = Config {
        dist,
        addr: "127.0.0.1:0".into(),
        data: dir.join("data/rooms.sqlite3"),
        limits,
        ..Config::default()
    };
    bounded("the server to start", fivedice_server::start(config))
        .await
        .expect("the server starts")
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub struct Client {
    /// `None` while the device is offline.
    socket: Option<Socket>,
    /// The replica, once welcomed.
    pub room: Option<Room>,
    /// Every entry applied, in order.
    pub entries: Vec<LogEntry>,
    /// The seats this device holds, with their tokens (kept across reconnections, like the app's storage).
    pub held: HeldSeats,
    /// Every message received that was not consumed by a wait, for assertions.
    pub last_presence: Option<ServerMessage>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client {
            socket: Some(open_socket(addr).await),
            room: None,
            entries: Vec::new(),
            held: HeldSeats::default(),
            last_presence: None,
        }
    }

    /// A device as the app opens it: the room's name in the socket's address, for a load balancer.
    pub async fn connect_for(addr: SocketAddr, room: &str) -> Client {
        let room: String = form_urlencoded::byte_serialize(room.as_bytes()).collect();
        Client {
            socket: Some(open_socket_at(&format!("ws://{addr}/rooms/ws?room={room}")).await),
            room: None,
            entries: Vec::new(),
            held: HeldSeats::default(),
            last_presence: None,
        }
    }

    /// The connection drops (no close handshake), as when a tablet sleeps; the device keeps its replica
    /// and tokens.
    pub fn drop_connection(&mut self) {
        self.socket = None;
    }

    /// The same device on a new connection: it keeps its replica and its seat tokens (as the app keeps them
    /// in storage), then must say hello again.
    pub async fn reconnect(&mut self, addr: SocketAddr) {
        self.socket = Some(open_socket(addr).await);
    }

    pub fn socket_mut(&mut self) -> &mut Socket {
        self.socket.as_mut().expect("connected")
    }

    pub fn seq(&self) -> u64 {
        self.room.as_ref().map_or(0, Room::seq)
    }

    pub fn room(&self) -> &Room {
        self.room.as_ref().expect("welcomed")
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        let json = serde_json::to_string(message).expect("serialises");
        self.send_raw(json).await;
    }

    pub async fn send_raw(&mut self, text: String) {
        bounded("a send", self.socket_mut().send(Message::Text(text.into())))
            .await
            .expect("sent");
    }

    /// The next message, applied to the replica if it carries entries. `None` when the server closed.
    pub async fn next(&mut self) -> Option<ServerMessage> {
        self.next_within(WAIT)
            .await
            .unwrap_or_else(|| panic!("timed out waiting for a message"))
    }

    /// The next message if one comes within `wait` (`None`), as [`Client::next`] gives it.
    pub async fn next_within(&mut self, wait: std::time::Duration) -> Option<Option<ServerMessage>> {
        loop {
            let message = match tokio::time::timeout(wait, self.socket_mut().next()).await {
                Ok(Some(message)) => message,
                Ok(None) => return Some(None),
                Err(_) => return None,
            };
            let text = match message {
                Ok(Message::Text(text)) => text,
                Ok(Message::Close(_)) | Err(_) => return Some(None),
                Ok(_) => continue,
            };
            let message: ServerMessage =
                serde_json::from_str(text.as_str()).expect("the server speaks the protocol");
            self.absorb(&message);
            return Some(Some(message));
        }
    }

    fn absorb(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Welcome { room, seq, seats, .. } => {
                if self.room.as_ref().is_none_or(|replica| replica.seq() > *seq) {
                    self.room = Some(Room::new(room.clone()));
                    self.entries.clear();
                }
                self.held = HeldSeats::from(seats.clone());
            }
            ServerMessage::Log { entries } => {
                for entry in entries {
                    self.apply(entry);
                }
            }
            ServerMessage::Event { .. } => {
                let entry = message.as_entry().expect("an event");
                self.apply(&entry);
            }
            ServerMessage::SeatGranted { seat, token } => self.held.grant(*seat, token.clone()),
            ServerMessage::Presence { .. } => self.last_presence = Some(message.clone()),
            ServerMessage::Refused { .. }
            | ServerMessage::UpdateApp { .. }
            | ServerMessage::HandOverOffered { .. }
            | ServerMessage::SeatRequests { .. } => {}
        }
    }

    fn apply(&mut self, entry: &LogEntry) {
        let replica = self.room.as_mut().expect("welcomed before entries");
        replica
            .apply_entry(entry)
            .unwrap_or_else(|error| panic!("entry {entry:?} does not replay: {error}"));
        self.held.follow(&entry.event);
        self.entries.push(entry.clone());
    }

    /// Waits for a message that `wanted` picks, skipping (but applying) the others.
    pub async fn until<T>(&mut self, what: &str, mut wanted: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let message = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {what}"));
            if let Some(found) = wanted(&message) {
                return found;
            }
        }
    }

    /// Waits until the replica has reached `seq`.
    pub async fn reach(&mut self, seq: u64) {
        while self.seq() < seq {
            self.next().await.expect("open while catching up");
        }
    }

    pub async fn hello(&mut self, room: &str, seen: u64) -> (Vec<usize>, u64) {
        let tokens = self.held.tokens().map(str::to_string).collect();
        self.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: room.into(),
            tokens,
            seen,
        })
        .await;
        let (seats, seq) = self
            .until("welcome", |message| match message {
                ServerMessage::Welcome { seats, seq, .. } => {
                    Some((seats.iter().map(|held| held.seat).collect(), *seq))
                }
                ServerMessage::Refused { reason, .. } => panic!("hello refused: {reason}"),
                _ => None,
            })
            .await;
        self.reach(seq).await;
        (seats, seq)
    }

    /// Joins and waits for the seat, which comes once the device has its `joined` entry.
    pub async fn join(&mut self, name: &str) -> usize {
        self.send(&ClientMessage::join(name)).await;
        let seat = self
            .until("a seat", |message| match message {
                ServerMessage::SeatGranted { seat, .. } => Some(*seat),
                ServerMessage::Refused { reason, .. } => panic!("join refused: {reason}"),
                _ => None,
            })
            .await;
        assert!(
            self.room().seats().len() > seat,
            "the seat came before its joined entry"
        );
        seat
    }

    pub fn token_of(&self, seat: usize) -> String {
        self.held
            .token_of(seat)
            .map(str::to_string)
            .unwrap_or_else(|| panic!("this device does not hold seat {seat}"))
    }

    pub fn seats(&self) -> Vec<usize> {
        self.held.seats()
    }

    /// Sends an action for `seat` based on what the replica has seen.
    pub async fn act_as(&mut self, seat: usize, action: Action) {
        let message = ClientMessage::Act {
            token: self.token_of(seat),
            at: self.seq(),
            action,
        };
        self.send(&message).await;
    }

    /// Acts and waits for the resulting entry (panics if refused).
    pub async fn act(&mut self, seat: usize, action: Action) -> LogEntry {
        let target = self.seq() + 1;
        self.act_as(seat, action.clone()).await;
        loop {
            match self.next().await {
                Some(ServerMessage::Refused { reason, .. }) => panic!("{action:?} refused: {reason}"),
                Some(_) if self.seq() >= target => return self.entries[target as usize - 1].clone(),
                Some(_) => {}
                None => panic!("closed while acting"),
            }
        }
    }

    /// Waits for a refusal and returns its code and reason.
    pub async fn refused(&mut self) -> (String, String) {
        self.until("a refusal", |message| match message {
            ServerMessage::Refused { code, reason, .. } => Some((code.clone(), reason.clone())),
            _ => None,
        })
        .await
    }

    /// Whether the server closes this connection within the wait (reading and applying what comes first).
    pub async fn closed(&mut self) -> bool {
        while self.next().await.is_some() {}
        true
    }

    /// Sends 400 rolls for this device's first seat, decided at `at`, as fast as the socket takes them,
    /// then reads until the server closes: the codes of the refusals it answered with.
    pub async fn flood_rolls(&mut self, at: u64) -> Vec<String> {
        let roll = serde_json::to_string(&ClientMessage::Act {
            token: self.token_of(self.seats()[0]),
            at,
            action: Action::Roll,
        })
        .expect("serialises");
        for _ in 0..400 {
            if self
                .socket_mut()
                .send(Message::Text(roll.clone().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let mut codes = Vec::new();
        while let Some(message) = self.next().await {
            if let ServerMessage::Refused { code, .. } = message {
                codes.push(code);
            }
        }
        codes
    }

    pub async fn close(mut self) {
        // The server may already have closed it.
        let _ = bounded("a close", self.socket_mut().close(None)).await;
    }
}

async fn open_socket(addr: SocketAddr) -> Socket {
    open_socket_at(&format!("ws://{addr}/rooms/ws")).await
}

async fn open_socket_at(url: &str) -> Socket {
    let (socket, _) = bounded("a WebSocket", tokio_tungstenite::connect_async(url))
        .await
        .expect("connects");
    socket
}

/// Says hello to `room` on a new connection and returns the refusal's code, or `None` if it was welcomed.
pub async fn open_room(addr: SocketAddr, room: &str) -> (Client, Option<String>) {
    let mut client = Client::connect(addr).await;
    client
        .send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: room.into(),
            tokens: Vec::new(),
            seen: 0,
        })
        .await;
    let refused = client
        .until("a welcome or a refusal", |message| match message {
            ServerMessage::Welcome { .. } => Some(None),
            ServerMessage::Refused { code, .. } => Some(Some(code.clone())),
            _ => None,
        })
        .await;
    (client, refused)
}

/// Two devices seated as Anna (seat 0) and Ben (seat 1) in `room`, each reaching it at its own address,
/// and the game started.
pub async fn started_pair(room: &str, anna_at: SocketAddr, ben_at: SocketAddr) -> (Client, Client) {
    seated_and_started(
        room,
        Client::connect(anna_at).await,
        Client::connect(ben_at).await,
    )
    .await
}

/// Anna (seat 0) and Ben (seat 1) seated in `room` from the devices given, and the game started.
pub async fn seated_and_started(room: &str, mut anna: Client, mut ben: Client) -> (Client, Client) {
    anna.hello(room, 0).await;
    anna.join("Anna").await;
    ben.hello(room, 0).await;
    ben.join("Ben").await;
    anna.reach(2).await;
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    (anna, ben)
}

/// The device whose seat plays first, then the other.
pub fn by_turn(anna: Client, ben: Client) -> (Client, Client) {
    if anna.room().seat_to_play() == Some(0) {
        (anna, ben)
    } else {
        (ben, anna)
    }
}

pub fn room_name(text: &str) -> RoomName {
    RoomName::parse(text).expect("a room name")
}

/// Plays one turn for whoever's turn it is, from the device holding it: one roll, a hold, a second roll,
/// then the first cell the rules offer. Every client catches up with the result. False once finished.
pub async fn play_turn(clients: &mut [Client]) -> bool {
    play(clients, true).await
}

/// A turn of two messages (roll, score), for servers with the rate limit people play under.
pub async fn play_quick_turn(clients: &mut [Client]) -> bool {
    play(clients, false).await
}

async fn play(clients: &mut [Client], hold_and_reroll: bool) -> bool {
    let Some(actor) = clients
        .iter()
        .position(|client| client.room().acting_seat(&client.seats()).is_some())
    else {
        assert!(
            clients[0].room().seat_to_play().is_none(),
            "nobody holds the seat to play"
        );
        return false;
    };
    let client = &mut clients[actor];
    let seat = client.room().acting_seat(&client.seats()).expect("acts");
    client.act(seat, Action::Roll).await;
    if hold_and_reroll {
        client.act(seat, Action::Play(Play::Hold(0))).await;
        client.act(seat, Action::Roll).await;
    }
    let scores = client
        .room()
        .game()
        .and_then(Game::scores)
        .expect("dice on the table");
    let (category, _) = scores.cells[0];
    let entry = client.act(seat, Action::Play(Play::Score(category.into()))).await;
    for other in clients.iter_mut() {
        other.reach(entry.seq).await;
    }
    true
}

/// Once a game's last box is written: each device hears the seed of the room's dice revealed (never before
/// the end), and every die of the game checks against the commitment made at its start. Returns how many
/// decisions drew dice.
pub async fn dice_checked_at_the_end(clients: &mut [Client], room: &str) -> usize {
    let mut checked = None;
    for client in clients.iter_mut() {
        if !matches!(
            client.entries.last().map(|entry| &entry.event),
            Some(Event::DiceRevealed { .. })
        ) {
            let next = client.seq() + 1;
            client.reach(next).await;
        }
        let Some(Event::DiceRevealed { seed }) = client.entries.last().map(|entry| &entry.event) else {
            panic!("the last entry reveals the seed");
        };
        let before = serde_json::to_string(&client.entries[..client.entries.len() - 1]).expect("JSON");
        assert!(
            !before.contains(seed.as_str()),
            "the seed was in an entry before the reveal"
        );
        let check = fivedice_room::check_dice(room_name(room), &client.entries).expect("the log replays");
        let fivedice_room::DiceCheck::Checked { rolls } = check else {
            panic!("the dice do not check: {check:?}");
        };
        assert!(checked.is_none_or(|earlier| earlier == rolls));
        checked = Some(rolls);
    }
    checked.expect("a device")
}

/// Replays a room's entries into a `Game` directly through the rules crate (no room code), each play
/// checked by the rules, and returns the game.
pub fn game_from_entries(entries: &[LogEntry], names: &[&str]) -> Game {
    let mut game: Option<Game> = None;
    for entry in entries {
        match &entry.event {
            Event::Started {
                first_player_roll, ..
            } => {
                let rules = fivedice_rules::Rules::new(RulesetId::Yahtzee);
                game = Some(
                    Game::new(rules, DiceMode::App, names, first_player_roll.first_seat).expect("a game"),
                );
            }
            Event::Played { seat, play } => {
                let game = game.as_mut().expect("started");
                if *play != Play::Undo {
                    assert_eq!(game.current_seat(), *seat);
                }
                game.play(play).expect("a legal play");
            }
            _ => {}
        }
    }
    game.expect("started")
}

/// A server whose rate limit does not get in the way of tests that play faster than any person.
pub async fn server(dir: &tempfile::TempDir) -> RunningServer {
    start_server(dir.path(), fast_play()).await
}

pub fn fast_play() -> Limits {
    Limits {
        messages_per_second: 10_000.0,
        message_burst: 10_000.0,
        ..Limits::default()
    }
}

/// The room's seq as a new watcher is told it.
pub async fn seq_seen_by_watcher(server: &RunningServer, room: &str) -> u64 {
    let mut watcher = Client::connect(server.addr()).await;
    let (_, seq) = watcher.hello(room, 0).await;
    watcher.close().await;
    seq
}
