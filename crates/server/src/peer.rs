//! The other end of a connection: a device's own WebSocket, or, on the node that owns a room, a tunnel
//! through NATS from the node the device is connected to. A connection reads and writes both alike, so
//! everything the room checks (tokens, refusals, rates) holds the same through a relay.

use std::time::Duration;

use async_nats::Subscriber;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use bytes::{BufMut, Bytes, BytesMut};
use futures_util::StreamExt;
use tokio::sync::watch;

use crate::cluster::members::{Departure, Members};

/// How long a closing connection waits for the other side of the close handshake.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// The peer is gone (or its end of the tunnel is).
#[derive(Debug)]
pub struct PeerGone;

pub enum Peer {
    Device(WebSocket),
    Tunnel(Tunnel),
}

/// The owner's end of a tunnel: frames from the device come on `up`, frames to it go to `down`.
pub struct Tunnel {
    pub up: Subscriber,
    pub from_device: Receiving,
    pub down: Sending,
    /// The node the device is connected to: the tunnel ends when it leaves the cluster.
    pub entry: Departure,
    pub members: watch::Receiver<std::sync::Arc<Members>>,
    /// Whether a close frame went down (else one is sent when the connection ends).
    pub closed: bool,
}

impl Peer {
    /// The next message; `None` once the peer is gone.
    pub async fn recv(&mut self) -> Option<Message> {
        match self {
            Peer::Device(socket) => socket.recv().await?.ok(),
            Peer::Tunnel(tunnel) => loop {
                tokio::select! {
                    frame = tunnel.up.next() => match tunnel.from_device.take(&frame?.payload) {
                        Ok(message) => return Some(message),
                        Err(broken) => {
                            tracing::warn!(%broken, "a tunnel from a device's node ends");
                            return None;
                        }
                    },
                    changed = tunnel.members.changed() => {
                        if changed.is_err() || tunnel.entry.left(&tunnel.members.borrow()) {
                            return None;
                        }
                    }
                }
            },
        }
    }

    pub async fn send(&mut self, message: Message) -> Result<(), PeerGone> {
        match self {
            Peer::Device(socket) => socket.send(message).await.map_err(|_| PeerGone),
            Peer::Tunnel(tunnel) => {
                tunnel.closed |= matches!(message, Message::Close(_));
                tunnel.down.send(&message).await
            }
        }
    }

    /// Closes with the WebSocket handshake: send a close frame, then read (and drop) what the peer still
    /// sends until it answers, for at most [`CLOSE_WAIT`]. Dropping the socket with unread data would reset
    /// the TCP connection, and the device would lose the messages (e.g. the refusals) sent just before.
    pub async fn close(&mut self, code: u16, reason: &'static str) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        if self.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        let drain = async {
            while let Some(message) = self.recv().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        };
        // Past the wait the peer is not answering; it is dropped either way.
        let _ = tokio::time::timeout(CLOSE_WAIT, drain).await;
    }

    /// The connection is over: a tunnel that was not closed tells the device's node so.
    pub async fn finish(&mut self) {
        if let Peer::Tunnel(tunnel) = self
            && !tunnel.closed
        {
            // Best effort: the device's node also ends the relay when this node leaves the cluster.
            let _ = self.send(Message::Close(None)).await;
        }
    }
}

/// One direction of a tunnel: the subject its frames go to, numbered 0, 1, 2…
pub struct Sending {
    client: async_nats::Client,
    subject: String,
    next: u64,
}

impl Sending {
    pub fn new(client: async_nats::Client, subject: String) -> Sending {
        Sending {
            client,
            subject,
            next: 0,
        }
    }

    pub async fn send(&mut self, message: &Message) -> Result<(), PeerGone> {
        let number = self.next;
        self.next += 1;
        self.client
            .publish(self.subject.clone(), encode(number, message))
            .await
            .map_err(|_| PeerGone)
    }
}

/// The other direction's frames, which must come numbered 0, 1, 2…: NATS drops messages for a subscriber
/// that falls too far behind, or in flight across a reconnection, and a device missing a frame (an event,
/// its seat) must start over rather than go on without it.
#[derive(Default)]
pub struct Receiving {
    next: u64,
}

/// Why a tunnel cannot go on.
#[derive(Debug)]
pub enum TunnelBroken {
    Unreadable,
    Lost { expected: u64, came: u64 },
}

impl std::fmt::Display for TunnelBroken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TunnelBroken::Unreadable => write!(f, "a frame that is not one"),
            TunnelBroken::Lost { expected, came } => {
                write!(f, "frames lost: frame {came} came where {expected} was due")
            }
        }
    }
}

impl Receiving {
    pub fn take(&mut self, payload: &Bytes) -> Result<Message, TunnelBroken> {
        let (number, message) = decode(payload).ok_or(TunnelBroken::Unreadable)?;
        if number != self.next {
            return Err(TunnelBroken::Lost {
                expected: self.next,
                came: number,
            });
        }
        self.next += 1;
        Ok(message)
    }
}

/// One WebSocket message as a NATS payload: its number in the tunnel, a tag byte, then its contents.
fn encode(number: u64, message: &Message) -> Bytes {
    let mut bytes = BytesMut::new();
    bytes.put_u64(number);
    match message {
        Message::Text(text) => {
            bytes.put_u8(b't');
            bytes.put_slice(text.as_str().as_bytes());
        }
        Message::Binary(data) => {
            bytes.put_u8(b'b');
            bytes.put_slice(data);
        }
        Message::Ping(data) => {
            bytes.put_u8(b'p');
            bytes.put_slice(data);
        }
        Message::Pong(data) => {
            bytes.put_u8(b'o');
            bytes.put_slice(data);
        }
        Message::Close(frame) => {
            bytes.put_u8(b'c');
            if let Some(frame) = frame {
                bytes.put_u16(frame.code);
                bytes.put_slice(frame.reason.as_str().as_bytes());
            }
        }
    }
    bytes.freeze()
}

/// The numbered message [`encode`] made, or `None` for bytes it cannot have made.
fn decode(bytes: &Bytes) -> Option<(u64, Message)> {
    let number = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let (&tag, rest) = bytes.get(8..)?.split_first()?;
    let rest = bytes.slice(9..9 + rest.len());
    let message = match tag {
        b't' => Message::Text(String::from_utf8(rest.to_vec()).ok()?.into()),
        b'b' => Message::Binary(rest),
        b'p' => Message::Ping(rest),
        b'o' => Message::Pong(rest),
        b'c' if rest.is_empty() => Message::Close(None),
        b'c' if rest.len() >= 2 => Message::Close(Some(CloseFrame {
            code: u16::from_be_bytes([rest[0], rest[1]]),
            reason: String::from_utf8(rest[2..].to_vec()).ok()?.into(),
        })),
        _ => return None,
    };
    Some((number, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_message_crosses_a_tunnel_unchanged() {
        let messages = [
            Message::Text("{\"hello\":\"é\"}".into()),
            Message::Text("".into()),
            Message::Binary(Bytes::from_static(b"\0\x01")),
            Message::Ping(Bytes::from_static(b"ping")),
            Message::Pong(Bytes::new()),
            Message::Close(None),
            Message::Close(Some(CloseFrame {
                code: 1001,
                reason: "the room moved".into(),
            })),
        ];
        for (number, message) in messages.into_iter().enumerate() {
            let number = number as u64 * 1_000_000_007;
            assert_eq!(decode(&encode(number, &message)), Some((number, message)));
        }
        for junk in [
            &b""[..],
            b"x",
            b"\0\0\0\0\0\0\0\0",
            b"\0\0\0\0\0\0\0\0c\x03",
            b"\0\0\0\0\0\0\0\0t\xff",
        ] {
            assert_eq!(decode(&Bytes::copy_from_slice(junk)), None, "{junk:?}");
        }
    }

    #[test]
    fn a_lost_frame_ends_the_tunnel() {
        let mut receiving = Receiving::default();
        let text = |text: &str| Message::Text(text.into());
        assert_eq!(receiving.take(&encode(0, &text("a"))).ok(), Some(text("a")));
        assert_eq!(receiving.take(&encode(1, &text("b"))).ok(), Some(text("b")));
        assert!(matches!(
            receiving.take(&encode(3, &text("d"))),
            Err(TunnelBroken::Lost { expected: 2, came: 3 })
        ));
        assert!(matches!(
            receiving.take(&Bytes::from_static(b"x")),
            Err(TunnelBroken::Unreadable)
        ));
    }
}
