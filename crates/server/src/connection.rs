//! One device's WebSocket: its messages in, checked and turned into room commands; the room's broadcast out.
//!
//! A connection handles one message at a time, start to finish (decide, store, broadcast), so its own
//! actions reach the room in the order it sent them. Anything wrong with a message is answered with a
//! `refused` to this connection only; the room never hears of it.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, close_code};
use fivedice_room::protocol::{ClientMessage, ServerMessage};
use fivedice_room::{Action, Change, Refusal, RoomHost, Trouble};
use tokio::sync::broadcast::error::RecvError;

use crate::Shared;
use crate::database::StoreError;
use crate::dice::OsDice;
use crate::limits::{ConnectionPermit, TokenBucket};
use crate::peer::Peer;
use crate::rooms::{Broadcast, RoomSlot};

mod hello;
mod seats;

/// How often the server pings a quiet device, and how long it waits to hear from it before taking it for
/// gone. A sleeping tablet can leave its TCP connection half-open for many minutes; without this its seat
/// would look connected and could never be shown away (nor taken over by a computer).
const PING_EVERY: Duration = Duration::from_secs(15);
const SILENCE_LIMIT: Duration = Duration::from_secs(40);

/// Whether the connection goes on after a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    Continue,
    Close,
}

/// The room a connection said hello to.
struct InRoom {
    slot: Arc<RoomSlot>,
    receiver: tokio::sync::broadcast::Receiver<Arc<Broadcast>>,
    /// The seq of the last event sent to this device, so nothing is sent twice or skipped.
    delivered: u64,
}

struct Connection {
    id: u64,
    shared: Arc<Shared>,
    peer: Peer,
    bucket: TokenBucket,
    /// Messages dropped in a row for the rate.
    dropped: u32,
    dice: OsDice,
    /// Where the device connects from, for the limits per address (and told to the owner of its room).
    ip: IpAddr,
    room: Option<InRoom>,
    /// When the device last sent anything (a message or a pong).
    last_heard: Instant,
}

/// What woke the connection up.
enum Wake {
    Peer(Option<Message>),
    Broadcast(Result<Arc<Broadcast>, RecvError>),
    PingTime,
    Shutdown,
}

/// Serves one device (its WebSocket, or a tunnel from the node it is connected to, whose first message is
/// `first`) until either side closes or the server stops. `permit` counts it against its address's
/// connections, on the node it is connected to.
pub async fn serve(
    shared: Arc<Shared>,
    peer: Peer,
    ip: IpAddr,
    permit: Option<ConnectionPermit>,
    first: Option<Message>,
) {
    let limits = &shared.limits;
    let mut connection = Connection {
        id: shared
            .next_connection
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        bucket: TokenBucket::new(limits.messages_per_second, limits.message_burst),
        shared: Arc::clone(&shared),
        peer,
        dropped: 0,
        dice: OsDice::new(),
        ip,
        room: None,
        last_heard: Instant::now(),
    };
    let mut shutdown = shared.shutdown.clone();
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut first = first;
    loop {
        let wake = tokio::select! {
            // In this order: the first message, taken before the relay was opened, comes before
            // anything else.
            biased;
            incoming = async { first.take() }, if first.is_some() => Wake::Peer(incoming),
            incoming = connection.peer.recv() => Wake::Peer(incoming),
            delivered = next_broadcast(&mut connection.room) => Wake::Broadcast(delivered),
            _ = ping.tick() => Wake::PingTime,
            _ = shutdown.wait_for(|stopping| *stopping) => Wake::Shutdown,
        };
        let next = match wake {
            Wake::Peer(Some(message)) => {
                connection.last_heard = Instant::now();
                connection.on_message(message).await
            }
            Wake::Peer(None) => Next::Close,
            Wake::Broadcast(delivered) => connection.on_broadcast(delivered).await,
            Wake::PingTime if connection.last_heard.elapsed() > SILENCE_LIMIT => Next::Close,
            Wake::PingTime => match connection.peer.send(Message::Ping(Default::default())).await {
                Ok(()) => Next::Continue,
                Err(_) => Next::Close,
            },
            Wake::Shutdown => {
                connection
                    .close(close_code::AWAY, "the server is restarting")
                    .await;
                Next::Close
            }
        };
        if next == Next::Close {
            break;
        }
    }
    connection.leave_room().await;
    connection.peer.finish().await;
    drop(permit);
}

async fn next_broadcast(room: &mut Option<InRoom>) -> Result<Arc<Broadcast>, RecvError> {
    match room {
        Some(room) => room.receiver.recv().await,
        None => std::future::pending().await,
    }
}

impl Connection {
    async fn send(&mut self, message: &ServerMessage) -> Next {
        match serde_json::to_string(message) {
            Ok(json) => self.send_text(json).await,
            // Our own messages always serialise; if one did not, the device is better off reconnecting.
            Err(_) => Next::Close,
        }
    }

    async fn send_text(&mut self, json: String) -> Next {
        match self.peer.send(Message::Text(json.into())).await {
            Ok(()) => Next::Continue,
            Err(_) => Next::Close,
        }
    }

    async fn refuse(&mut self, refusal: Refusal) -> Next {
        self.send(&ServerMessage::refused(refusal)).await
    }

    async fn close(&mut self, code: u16, reason: &'static str) {
        self.peer.close(code, reason).await;
    }

    async fn on_message(&mut self, message: Message) -> Next {
        let text = match message {
            Message::Text(text) => Some(text),
            Message::Binary(_) => None,
            // Pings are answered by the WebSocket layer itself.
            Message::Ping(_) | Message::Pong(_) => return Next::Continue,
            Message::Close(_) => return Next::Close,
        };
        if !self.bucket.take(Instant::now()) {
            self.dropped += 1;
            if self.dropped >= self.shared.limits.flood_close_after {
                self.close(close_code::POLICY, "too many messages").await;
                return Next::Close;
            }
            if self.dropped == 1 {
                return self.refuse(Refusal::RateLimited).await;
            }
            return Next::Continue;
        }
        self.dropped = 0;
        let Some(text) = text else {
            return self.refuse(Refusal::BadMessage).await;
        };
        let max_bytes = self.shared.limits.max_message_bytes;
        if text.len() > max_bytes {
            return self.refuse(Refusal::TooBig { max_bytes }).await;
        }
        match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Ok(ClientMessage::Hello {
                version,
                room,
                tokens,
                seen,
            }) => self.hello(version, &room, tokens, seen).await,
            Ok(ClientMessage::Act { token, at, action }) => self.act(&token, at, &action).await,
            Ok(message) => self.seat_message(message).await,
            Err(_) => self.refuse(Refusal::BadMessage).await,
        }
    }

    async fn on_broadcast(&mut self, delivered: Result<Arc<Broadcast>, RecvError>) -> Next {
        let Some(room) = &mut self.room else {
            return Next::Continue;
        };
        match delivered {
            Ok(broadcast) => match broadcast.as_ref() {
                Broadcast::Event { seq, json } => {
                    if *seq <= room.delivered {
                        return Next::Continue;
                    }
                    if *seq > room.delivered + 1 {
                        // Should not happen (the channel is ordered); the log is the truth.
                        return self.send_log(*seq).await;
                    }
                    room.delivered = *seq;
                    self.send_text(json.clone()).await
                }
                Broadcast::Presence { json } => self.send_text(json.clone()).await,
                Broadcast::Only { connection, json } if *connection == self.id => {
                    self.send_text(json.clone()).await
                }
                Broadcast::Only { .. } => Next::Continue,
                Broadcast::Moved => {
                    self.close(close_code::AWAY, "the room moved").await;
                    Next::Close
                }
            },
            Err(RecvError::Lagged(_)) => {
                // This device read too slowly and missed messages: send what it missed from the log.
                let slot = Arc::clone(&room.slot);
                let (seq, presence) = {
                    let host = slot.host.lock().await;
                    (host.room().seq(), host.presence(slot.now_ms()))
                };
                if self.send_log(seq).await == Next::Close {
                    return Next::Close;
                }
                self.send(&presence).await
            }
            Err(RecvError::Closed) => Next::Close,
        }
    }

    async fn act(&mut self, token: &str, at: u64, action: &Action) -> Next {
        let Some(room) = &self.room else {
            return self.refuse(Refusal::NoRoom).await;
        };
        let slot = Arc::clone(&room.slot);
        let host = slot.host.lock().await;
        let decided = host.decide_act(self.id, token, at, action, &mut self.dice, slot.now_ms());
        if self.dice.take_failure() {
            drop(host);
            return self.refuse(Refusal::Unavailable(Trouble::NoRandomness)).await;
        }
        self.keep(&slot, host, decided).await
    }

    /// Stores and applies a decided change while the host's lock is held (so changes are kept in seq
    /// order), or refuses it; nothing is sent to this device before the lock is let go (a slow device holds
    /// up nobody else). What is for this device alone (a seat granted) follows the log up to the change, so
    /// the device holds its seat in the room as it is then.
    async fn keep(
        &mut self,
        slot: &Arc<RoomSlot>,
        mut host: tokio::sync::MutexGuard<'_, RoomHost>,
        decided: Result<Change, Refusal>,
    ) -> Next {
        // A table of an event plays the event's game: the server checks it, as the room checks the rest.
        let decided = decided.and_then(|change| match self.shared.events.allows(host.room(), &change) {
            Ok(()) => Ok(change),
            Err(error) => Err(Refusal::Room(error)),
        });
        let kept = match decided {
            Ok(change) => slot.commit(&mut host, change).await,
            Err(refusal) => {
                drop(host);
                return self.refuse(refusal).await;
            }
        };
        drop(host);
        if kept.is_ok() {
            crate::events::room_written(&self.shared, slot);
        }
        match kept {
            Ok((_, for_sender)) if for_sender.is_empty() => Next::Continue,
            Ok((entry, for_sender)) => {
                if self.send_log(entry.seq).await == Next::Close {
                    return Next::Close;
                }
                for message in for_sender {
                    if self.send(&message).await == Next::Close {
                        return Next::Close;
                    }
                }
                Next::Continue
            }
            Err(error @ (StoreError::Fenced | StoreError::Cluster(_))) => {
                // Another node wrote to the room (or may have: the append's outcome is unknown). It is
                // given up here; the device reconnects and reaches the room as its log has it.
                tracing::warn!(room = %slot.name, %error, "the room is given up here");
                let Some(room) = self.room.as_ref().map(|room| Arc::clone(&room.slot)) else {
                    return Next::Close;
                };
                self.shared.rooms.retire(&room).await;
                self.close(close_code::AWAY, "the room moved").await;
                Next::Close
            }
            Err(error) => {
                tracing::error!(room = %slot.name, %error, "an event could not be stored");
                self.refuse(Refusal::Unavailable(Trouble::NotSaved)).await
            }
        }
    }

    async fn leave_room(&mut self) {
        let Some(room) = self.room.take() else {
            return;
        };
        {
            let mut host = room.slot.host.lock().await;
            let presence = host.leave(self.id, room.slot.now_ms());
            room.slot.broadcast(&presence);
            let mut requests = room.slot.requests();
            if requests.settle(None, None, Some(self.id)) {
                room.slot.broadcast(&requests.heard());
            }
        }
        self.shared.rooms.leave(&room.slot);
    }
}
