//! Relays: a device connected to a node that does not own its room talks to the owner through a tunnel,
//! two NATS subjects carrying its WebSocket's frames each way. The device's node only pipes frames; the
//! owner serves the tunnel as it serves any WebSocket (the node's `connection::serve` over [`Peer::Tunnel`]), so the
//! device never needs to know which node owns its room.
//!
//! Opening: the device's node subscribes to the tunnel's `down` subject, then asks the owner (a request on
//! `open_subject(owner)`, carrying the device's hello and address). The owner subscribes to `up` before it
//! answers, so no frame is lost either way. A tunnel ends when either side closes it, or when the other
//! node leaves the cluster.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use async_nats::{HeaderMap, RequestErrorKind};
use axum::extract::ws::{Message, close_code};
use fivedice_room::RoomName;
use futures_util::StreamExt;
use tokio::sync::watch;

use crate::cluster::members::{Departure, Member};
use crate::cluster::{Cluster, open_subject, tunnel_subject};
use crate::peer::{Peer, Receiving, Sending, Tunnel};

/// How long the owner may take to open a tunnel before it is taken for gone.
const OPEN_WAIT: Duration = Duration::from_secs(2);

/// How long a hello looks for its room's owner while nodes come and go, before the device is told to
/// try again.
const FIND_OWNER_FOR: Duration = Duration::from_secs(3);

/// After a node says a room is not its own (it sees other members than this node does), how long this
/// node waits for its own view to change before it asks again: about a heartbeat.
const VIEWS_AGREE_WAIT: Duration = Duration::from_millis(250);

const TUNNEL_HEADER: &str = "Fivedice-Tunnel";
const ADDRESS_HEADER: &str = "Fivedice-Address";
const ENTRY_HEADER: &str = "Fivedice-Entry";
const ROOM_HEADER: &str = "Fivedice-Room";

/// What a node that does not own the room answers a tunnel request with.
const NOT_MINE: &str = "not-mine";

/// Where a device whose hello came to this node is served.
pub enum Relayed {
    /// At the owner, through a tunnel that has ended now.
    There,
    /// Here: this node owns the room.
    Here,
}

/// Why a device could not be relayed.
#[derive(Debug)]
pub enum RelayError {
    /// The nodes did not agree on an owner within [`FIND_OWNER_FOR`].
    NoOwner,
    Nats(String),
}

impl std::fmt::Display for RelayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RelayError::NoOwner => write!(f, "no node took the room"),
            RelayError::Nats(error) => write!(f, "{error}"),
        }
    }
}

/// Why one tunnel did not open.
enum OpenError {
    /// Nobody answers for the owner: it is gone.
    OwnerGone,
    /// It answers, but by its view of the members another node owns the room.
    NotOwner,
    /// It did not answer in time: busy, or a connection to NATS being restored (not taken for gone).
    Slow,
    Nats(String),
}

/// Serves `device` (which said `hello` for `room`) at the room's owner, through a tunnel, unless this node
/// owns it. An owner found gone is left out of the next look; an owner that sees other members than this
/// node is asked again once the views have had time to agree.
pub async fn to_owner(
    cluster: &Cluster,
    device: &mut Peer,
    room: &RoomName,
    hello: String,
    address: IpAddr,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<Relayed, RelayError> {
    let deadline = Instant::now() + FIND_OWNER_FOR;
    let mut members = cluster.watch_members();
    loop {
        let owner = cluster.owner(room);
        if owner == *cluster.me() {
            return Ok(Relayed::Here);
        }
        match pipe(cluster, device, room, &owner, hello.clone(), address, shutdown).await {
            Ok(()) => return Ok(Relayed::There),
            Err(OpenError::OwnerGone) => cluster.gone(&owner),
            Err(OpenError::NotOwner) => {
                // A timeout only means the views have not changed here yet: ask again.
                let _ = tokio::time::timeout(VIEWS_AGREE_WAIT, members.changed()).await;
            }
            Err(OpenError::Slow) => {}
            Err(OpenError::Nats(error)) => return Err(RelayError::Nats(error)),
        }
        if Instant::now() >= deadline {
            return Err(RelayError::NoOwner);
        }
    }
}

/// Relays `device` to the room's `owner` until either side closes, the owner leaves the cluster, or this
/// node stops.
async fn pipe(
    cluster: &Cluster,
    device: &mut Peer,
    room: &RoomName,
    owner: &Member,
    hello: String,
    address: IpAddr,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), OpenError> {
    let tunnel = cluster.new_tunnel();
    let up = tunnel_subject(&tunnel, "up");
    let client = &cluster.client;
    let mut down = client
        .subscribe(tunnel_subject(&tunnel, "down"))
        .await
        .map_err(|error| OpenError::Nats(format!("cannot open a tunnel: {error}")))?;
    let mut headers = HeaderMap::new();
    headers.insert(TUNNEL_HEADER, tunnel.as_str());
    headers.insert(ROOM_HEADER, room.as_str());
    headers.insert(ADDRESS_HEADER, address.to_string().as_str());
    let me = cluster.me();
    headers.insert(ENTRY_HEADER, format!("{} {}", me.node, me.incarnation).as_str());
    let request = client.request_with_headers(open_subject(&owner.node), headers, hello.into());
    let answer = match tokio::time::timeout(OPEN_WAIT, request).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(error)) if error.kind() == RequestErrorKind::NoResponders => {
            return Err(OpenError::OwnerGone);
        }
        Err(_) => return Err(OpenError::Slow),
        Ok(Err(error)) => return Err(OpenError::Nats(format!("cannot open a tunnel: {error}"))),
    };
    if answer.payload.as_ref() == NOT_MINE.as_bytes() {
        return Err(OpenError::NotOwner);
    }
    // The owner answers with its incarnation: the one whose departure ends the tunnel.
    let owner = Member {
        node: owner.node.clone(),
        incarnation: std::str::from_utf8(&answer.payload)
            .ok()
            .and_then(|incarnation| incarnation.parse().ok())
            .ok_or_else(|| OpenError::Nats("the owner's answer is not an incarnation".into()))?,
    };
    let mut members = cluster.watch_members();
    let mut owner = Departure::new(owner, &members.borrow());
    let mut to_owner = Sending::new(client.clone(), up);
    let mut from_owner = Receiving::default();
    loop {
        tokio::select! {
            message = device.recv() => {
                let message = message.unwrap_or(Message::Close(None));
                let closing = matches!(message, Message::Close(_));
                // A frame that cannot go up leaves the device without its room: end the relay.
                if to_owner.send(&message).await.is_err() || closing {
                    break;
                }
            }
            frame = down.next() => {
                let Some(frame) = frame else {
                    device.close(close_code::AWAY, "the room moved").await;
                    break;
                };
                match from_owner.take(&frame.payload) {
                    Ok(Message::Close(frame)) => {
                        let code = frame.as_ref().map_or(close_code::AWAY, |frame| frame.code);
                        device.close(code, close_reason(code)).await;
                        // The close handshake's answer, so the owner's end need not wait for it. Best
                        // effort: that end also stops waiting by itself.
                        let _ = to_owner.send(&Message::Close(None)).await;
                        break;
                    }
                    Ok(message) => {
                        if device.send(message).await.is_err() {
                            // Best effort: if it cannot go up, the owner's end closes when this node
                            // leaves or the connection falls silent.
                            let _ = to_owner.send(&Message::Close(None)).await;
                            break;
                        }
                    }
                    Err(broken) => {
                        // The device starts over from what it has: it reconnects and catches up.
                        tracing::warn!(%broken, "a tunnel from a room's owner ends");
                        let _ = to_owner.send(&Message::Close(None)).await;
                        device.close(close_code::AWAY, "the room moved").await;
                        break;
                    }
                }
            }
            changed = members.changed() => {
                if changed.is_err() || owner.left(&members.borrow()) {
                    device.close(close_code::AWAY, "the room moved").await;
                    break;
                }
            }
            () = crate::stopping(shutdown) => {
                // Best effort, as above: a node that stops also leaves the cluster.
                let _ = to_owner.send(&Message::Close(None)).await;
                device.close(close_code::AWAY, "the server is restarting").await;
                break;
            }
        }
    }
    Ok(())
}

/// The device's close reason for a code the owner closed with (reasons are fixed texts, not relayed).
fn close_reason(code: u16) -> &'static str {
    match code {
        close_code::POLICY => "closed by the room's server",
        close_code::ERROR => "the room's server failed",
        _ => "the room moved",
    }
}

/// This node's tunnel requests, subscribed before it returns (so the node can announce itself right after).
pub async fn tunnel_requests(
    cluster: &Cluster,
) -> Result<async_nats::Subscriber, async_nats::SubscribeError> {
    cluster.client.subscribe(open_subject(&cluster.me().node)).await
}

/// A tunnel opened here: the device at `address` on the other side, to be served as any connection is,
/// its first frame the device's hello.
pub struct Opened {
    pub peer: Peer,
    pub address: IpAddr,
    pub hello: Message,
}

/// Opens the tunnel a request asks for, if this node owns the room (`None`: it said it does not, and the
/// sender asks again once its view has changed).
pub async fn open(cluster: &Cluster, request: async_nats::Message) -> Result<Option<Opened>, String> {
    let header = |name: &str| {
        request
            .headers
            .as_ref()
            .and_then(|headers| headers.get(name))
            .map(|value| value.as_str().to_string())
            .ok_or_else(|| format!("a tunnel request without {name}"))
    };
    let tunnel = header(TUNNEL_HEADER)?;
    let address: IpAddr = header(ADDRESS_HEADER)?
        .parse()
        .map_err(|_| "a tunnel request with a bad address".to_string())?;
    let entry = header(ENTRY_HEADER)?;
    let entry = entry
        .split_once(' ')
        .and_then(|(node, incarnation)| {
            Some(Member {
                node: node.to_string(),
                incarnation: incarnation.parse().ok()?,
            })
        })
        .ok_or_else(|| "a tunnel request with a bad entry node".to_string())?;
    let reply = request
        .reply
        .clone()
        .ok_or("a tunnel request without a reply subject")?;
    let room = RoomName::parse(&header(ROOM_HEADER)?).map_err(|_| "a tunnel request with a bad room")?;
    let client = cluster.client.clone();
    // Only the owner by this node's own view serves a room: two nodes whose views differ for a moment
    // must not both load it (the sender asks again once its view has changed).
    if !cluster.owns(&room) {
        return client
            .publish(reply, NOT_MINE.into())
            .await
            .map(|()| None)
            .map_err(|error| format!("cannot answer a tunnel request: {error}"));
    }
    let hello = String::from_utf8(request.payload.to_vec()).map_err(|_| "a hello that is not text")?;
    let up = client
        .subscribe(tunnel_subject(&tunnel, "up"))
        .await
        .map_err(|error| format!("cannot open a tunnel: {error}"))?;
    client
        .publish(reply, cluster.me().incarnation.to_string().into())
        .await
        .map_err(|error| format!("cannot answer a tunnel request: {error}"))?;
    let peer = Peer::Tunnel(Tunnel {
        up,
        from_device: Receiving::default(),
        down: Sending::new(client, tunnel_subject(&tunnel, "down")),
        entry: Departure::new(entry, &cluster.members()),
        members: cluster.watch_members(),
        closed: false,
    });
    Ok(Some(Opened {
        peer,
        address,
        hello: Message::Text(hello.into()),
    }))
}
