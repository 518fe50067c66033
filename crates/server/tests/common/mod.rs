//! A protocol client for the tests: a real WebSocket that keeps its own replica of the room by replaying
//! every entry it receives, exactly as the app will. Every wait is bounded.

#![allow(dead_code)]

pub mod bounded;
pub mod events;
mod games;
pub mod http;
pub mod nats_cluster;
pub mod nodes;
pub mod process;

pub use bounded::{WAIT, bounded};
pub use games::*;
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
