//! The Five Dice room server: serves the built app and hosts its online tables on one origin.
//!
//! - `GET /` and every other path: the static app from `--dist` (`index.html` for `/`).
//! - `GET /rooms` (also `/rooms/status`): `{"server":"fivedice","version":N}` (and `"invite"`: the address the
//!   other devices reach the app by, when it is not the page's own; `"node"` and `"members"`: this node's
//!   id in a cluster, how many live nodes it sees and how many devices it has relayed to other nodes), so the
//!   app can tell that this address has a room server (a plain static host answers with its own 404).
//! - `GET /rooms/ws`: the WebSocket of [`fivedice_room::protocol`] (the app adds `?room=NAME`, for the
//!   load balancer).
//! - `GET /rooms/owner?room=NAME`: for a cluster's load balancer, the node that owns the room now, in the
//!   `Fivedice-Owner` header, so that a device's WebSocket goes straight to it rather than through a relay
//!   (no header without a cluster or a readable name).
//! - `/events/…`: events, many tables gathered into one board (see [`events`]).
//!
//! The server is the authority: it decides every command with the room crate (which asks the rules
//! crate), draws all dice from the operating system, stores each accepted event in SQLite (or, as a node
//! of a cluster, in NATS JetStream: see [`cluster`]) before anybody hears of it, and then broadcasts it to
//! every device in the room, which replays it.
#![forbid(unsafe_code)]

pub mod args;
pub mod cluster;
mod connection;
pub mod database;
pub mod dice;
mod event_store;
pub mod events;
pub mod limits;
mod logs;
mod peer;
mod relay;
pub mod rooms;
mod routes;

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::{ConnectInfo, RawQuery, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use fivedice_room::{PROTOCOL_VERSION, RoomName};
use futures_util::StreamExt;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tower_http::services::ServeDir;

use cluster::{Cluster, ClusterConfig};
use database::{Database, StoreError};
pub use limits::Limits;
use limits::{ConnectionsPerIp, origin_allowed};
use logs::Logs;
use peer::Peer;
use rooms::Rooms;

/// Everything the server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The built app (`make dist`).
    pub dist: PathBuf,
    /// `HOST:PORT` to listen on; port 0 picks a free one (see [`RunningServer::addr`]).
    pub addr: String,
    /// The SQLite database; its directory is created if missing (unused by a node of a cluster).
    pub data: PathBuf,
    /// Public origins the app is reached by (behind a proxy): their pages may open room WebSockets, as
    /// may pages from this server's own IP address or `localhost` at its port.
    pub origins: Vec<String>,
    /// The load balancers or proxies in front: a connection from one of them is from the address its
    /// `X-Forwarded-For` header ends with (for the limits per address).
    pub proxies: Vec<IpAddr>,
    /// Run as a node of a cluster, on NATS, instead of alone with SQLite.
    pub cluster: Option<ClusterConfig>,
    pub limits: Limits,
    /// Rooms untouched this long are forgotten: by a single server when it starts, by each node of a
    /// cluster for the rooms it owns, hourly. A room a device is in is never forgotten.
    pub forget_rooms_after: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            dist: PathBuf::from("dist"),
            addr: "127.0.0.1:8080".into(),
            data: PathBuf::from(".fivedice/rooms.sqlite3"),
            origins: Vec::new(),
            proxies: Vec::new(),
            cluster: None,
            limits: Limits::default(),
            forget_rooms_after: database::FORGET_ROOMS_AFTER,
        }
    }
}

/// What every connection shares.
struct Shared {
    limits: Limits,
    origins: Vec<String>,
    /// The port it listens on: pages from this server at this port may open rooms.
    port: u16,
    /// Where other devices reach the app, for a room's invitation (`None`: wherever the page was loaded).
    invite: Option<String>,
    proxies: Vec<IpAddr>,
    cluster: Option<Arc<Cluster>>,
    rooms: Rooms,
    events: events::Events,
    connections_per_ip: Arc<ConnectionsPerIp>,
    /// Turns true when the server stops, so open WebSockets close instead of lingering.
    shutdown: watch::Receiver<bool>,
    next_connection: AtomicU64,
}

/// How many connections may wait to be accepted. Devices come in bursts: an event's phones all at once, every
/// device of a restarted node reconnecting. Past the default 1,024 the kernel drops the attempts, and a
/// balancer that waits 1 s for a node takes it for down; the kernel caps this at `net.core.somaxconn`.
const LISTEN_BACKLOG: u32 = 4096;

/// Listens on `addr` (an address or a name that resolves to one) with room for a burst of connections.
async fn listen(addr: &str) -> std::io::Result<TcpListener> {
    let mut refused = None;
    for socket_addr in tokio::net::lookup_host(addr).await? {
        let socket = match socket_addr {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        socket.set_reuseaddr(true)?;
        match socket
            .bind(socket_addr)
            .and_then(|()| socket.listen(LISTEN_BACKLOG))
        {
            Ok(listener) => return Ok(listener),
            Err(error) => refused = Some(error),
        }
    }
    Err(refused
        .unwrap_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "the address names no host")))
}

/// A server that is listening.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<std::io::Result<()>>,
    /// A node's heartbeats: they end (and the node leaves its cluster) when the server stops.
    membership: Option<JoinHandle<()>>,
    shared: Arc<Shared>,
}

impl RunningServer {
    /// The address it listens on (with the real port when started on port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Where the other devices of a table reach the app, if not wherever the page was loaded: the first
    /// public origin, or this machine's address on its network when listening on every interface.
    pub fn invite_address(&self) -> Option<&str> {
        self.shared.invite.as_deref()
    }

    /// How many rooms are open in memory now.
    pub fn open_rooms(&self) -> usize {
        self.shared.rooms.open_count()
    }

    /// Closes every connection and stops listening.
    pub async fn stop(self) -> std::io::Result<()> {
        self.stop.send_replace(true);
        self.finished().await
    }

    /// This node's id, in a cluster.
    pub fn node(&self) -> Option<&str> {
        self.shared
            .cluster
            .as_ref()
            .map(|cluster| cluster.me().node.as_str())
    }

    /// Runs until the server stops by itself (it only does on an error).
    pub async fn finished(self) -> std::io::Result<()> {
        let served = self
            .task
            .await
            .map_err(|error| std::io::Error::other(format!("the server task failed: {error}")))?;
        if let Some(membership) = self.membership {
            // It only stops once it has left the cluster; an error here is a task that panicked.
            let _ = membership.await;
        }
        served
    }

    /// Stops on Ctrl-C or SIGTERM.
    pub async fn run_until_signal(self) -> std::io::Result<()> {
        shutdown_signal().await;
        self.stop().await
    }
}

/// Opens the database (or joins the cluster), binds the address and starts serving.
pub async fn start(config: Config) -> Result<RunningServer, StartError> {
    let (logs, cluster) = match &config.cluster {
        None => {
            let (data, forget_after) = (config.data.clone(), config.forget_rooms_after);
            let store = tokio::task::spawn_blocking(move || Database::open(&data, forget_after))
                .await
                .map_err(|error| {
                    StartError::Database(StoreError::Open(format!("opening the database failed: {error}")))
                })?
                .map_err(StartError::Database)?;
            (Logs::File(Arc::new(store)), None)
        }
        Some(cluster) => {
            let cluster = Arc::new(Cluster::connect(cluster).await.map_err(StartError::Database)?);
            (Logs::Stream(Arc::clone(&cluster)), Some(cluster))
        }
    };
    let listener = listen(&config.addr)
        .await
        .map_err(|error| StartError::Bind(config.addr.clone(), error))?;
    let addr = listener
        .local_addr()
        .map_err(|error| StartError::Bind(config.addr.clone(), error))?;
    let (stop, shutdown) = watch::channel(false);
    let invite = invite_address(&config.origins, addr);
    let events = events::Events::new(logs.clone(), shutdown.clone())
        .await
        .map_err(StartError::Database)?;
    let shared = Arc::new(Shared {
        rooms: Rooms::new(logs, config.limits.clone()),
        events,
        limits: config.limits,
        origins: config.origins,
        port: addr.port(),
        invite,
        proxies: config.proxies,
        cluster: cluster.clone(),
        connections_per_ip: Arc::new(ConnectionsPerIp::default()),
        shutdown: shutdown.clone(),
        next_connection: AtomicU64::new(1),
    });
    let membership = match cluster {
        Some(cluster) => {
            let joined = join_cluster(&shared, Arc::clone(&cluster), shutdown.clone()).await?;
            let (shared, shutdown) = (Arc::clone(&shared), shutdown.clone());
            let forget_after = config.forget_rooms_after;
            tokio::spawn(async move {
                // A table of an event is kept with its event (the cluster does not forget events yet).
                let kept = |room: &RoomName| shared.rooms.is_open(room) || shared.events.is_tied(room);
                cluster::forgetting::keep_forgetting(&cluster, kept, forget_after, shutdown).await;
            });
            Some(joined)
        }
        None => None,
    };
    let app = routes::router(Arc::clone(&shared), config.dist);
    let mut shutdown_watch = shutdown;
    let serving = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move { stopping(&mut shutdown_watch).await });
    let task = tokio::spawn(async move { serving.await });
    Ok(RunningServer {
        addr,
        stop,
        task,
        membership,
        shared,
    })
}

/// Hears the other nodes, takes tunnels, then announces this node; from then on, each time a node joins
/// or leaves, the rooms that belong elsewhere now are retired here.
async fn join_cluster(
    shared: &Arc<Shared>,
    cluster: Arc<Cluster>,
    shutdown: watch::Receiver<bool>,
) -> Result<JoinHandle<()>, StartError> {
    let listening = cluster.listen();
    // Every live node is heard within `LIVE_FOR`: only then does this node know which rooms are its own.
    // Until it has tunnels, a request for its id (sent to the process before it, killed without a word)
    // finds nobody, and the sender takes that process for gone, as it is.
    tokio::time::sleep(cluster::roster::LIVE_FOR).await;
    // Two nodes of one id would each take the other's rooms for their own.
    if cluster.twin_alive() {
        listening.abort();
        return Err(StartError::Database(StoreError::Cluster(format!(
            "another live node has the id {:?}: give each node its own --node-id",
            cluster.me().node
        ))));
    }
    accept_tunnels(Arc::clone(shared), Arc::clone(&cluster))
        .await
        .map_err(|error| {
            StartError::Database(StoreError::Cluster(format!("cannot take tunnels: {error}")))
        })?;
    let membership = cluster.announce(shutdown, listening);
    let mut members = cluster.watch_members();
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        while members.changed().await.is_ok() {
            shared.rooms.retire_unless(|room| cluster.owns(room)).await;
        }
    });
    Ok(membership)
}

/// Takes this node's tunnel requests until the connection to NATS ends: each becomes a connection served
/// here, as a WebSocket is. Subscribed before it returns, so the node can announce itself right after.
async fn accept_tunnels(
    shared: Arc<Shared>,
    cluster: Arc<Cluster>,
) -> Result<(), async_nats::SubscribeError> {
    let mut requests = relay::tunnel_requests(&cluster).await?;
    tokio::spawn(async move {
        while let Some(request) = requests.next().await {
            // Each opens in a task of its own: one slow to open (NATS busy a moment) holds up no other device.
            let (shared, cluster) = (Arc::clone(&shared), Arc::clone(&cluster));
            tokio::spawn(async move {
                match relay::open(&cluster, request).await {
                    Ok(Some(opened)) => {
                        connection::serve(shared, opened.peer, opened.address, None, Some(opened.hello))
                            .await;
                    }
                    // Not this node's room: the sender was told so.
                    Ok(None) => {}
                    Err(why) => tracing::warn!(%why, "a tunnel was not opened"),
                }
            });
        }
    });
    Ok(())
}

/// Where the other devices reach the app: the first public origin (behind a proxy), else, for a server
/// listening on every interface, this machine's address on the network its default route leaves by (a UDP
/// socket "connected" to a documentation address: nothing is sent, the system only picks the interface).
fn invite_address(origins: &[String], addr: SocketAddr) -> Option<String> {
    if let Some(origin) = origins.first() {
        return Some(format!("{origin}/"));
    }
    if !addr.ip().is_unspecified() {
        return None;
    }
    let probe = std::net::UdpSocket::bind((addr.ip(), 0)).ok()?;
    let target: SocketAddr = if addr.is_ipv4() {
        ([192, 0, 2, 1], 9).into()
    } else {
        ("2001:db8::1".parse::<std::net::IpAddr>().ok()?, 9).into()
    };
    probe.connect(target).ok()?;
    let local = probe.local_addr().ok()?.ip();
    (!local.is_unspecified() && !local.is_loopback())
        .then(|| format!("http://{}/", SocketAddr::new(local, addr.port())))
}

/// The device's address: the connection's, or, from a proxy in front, the last address its
/// `X-Forwarded-For` names (the one the proxy itself saw; any earlier ones are the device's own claims).
pub(crate) fn device_address(peer: IpAddr, headers: &HeaderMap, proxies: &[IpAddr]) -> IpAddr {
    if !proxies.contains(&peer) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .unwrap_or(peer)
}

/// Waits until the server stops (the guard `wait_for` returns is dropped here, so callers stay `Send`).
pub(crate) async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    // An error means the sender is gone, which also means stop.
    let _ = shutdown.wait_for(|stop| *stop).await;
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

/// Why the server did not start.
#[derive(Debug)]
pub enum StartError {
    Database(StoreError),
    Bind(String, std::io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Database(error) => write!(f, "{error}"),
            StartError::Bind(addr, error) => write!(f, "cannot listen on {addr}: {error}"),
        }
    }
}

impl std::error::Error for StartError {}

#[cfg(test)]
mod tests {
    use super::invite_address;

    #[test]
    fn the_invitation_names_the_public_origin_or_this_machine_on_its_network() {
        let listed = vec!["https://dice.example".to_string()];
        let loopback = "127.0.0.1:8080".parse().expect("an address");
        assert_eq!(
            invite_address(&listed, loopback).as_deref(),
            Some("https://dice.example/")
        );
        // A page loaded from a server on loopback invites by its own address: nobody else reaches it.
        assert_eq!(invite_address(&[], loopback), None);
        // On every interface: this machine's address on its network (none where it has no route out).
        if let Some(invite) = invite_address(&[], "0.0.0.0:8080".parse().expect("an address")) {
            assert!(
                invite.starts_with("http://") && invite.ends_with(":8080/"),
                "{invite}"
            );
            assert!(
                !invite.contains("0.0.0.0") && !invite.contains("127.0.0.1"),
                "{invite}"
            );
        }
    }
}
