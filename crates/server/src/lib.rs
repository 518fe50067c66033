//! The Five Dice room server: serves the built app and hosts its online tables on one origin.
//!
//! - `GET /` and every other path: the static app from `--dist` (`index.html` for `/`).
//! - `GET /rooms` (also `/rooms/status`): `{"server":"fivedice","version":N}` (and `"invite"`: the address the
//!   other devices reach the app by, when it is not the page's own), so the app can tell that this
//!   address has a room server (a plain static host answers with its own 404).
//! - `GET /rooms/ws`: the WebSocket of [`fivedice_room::protocol`].
//!
//! The server is the authority: it decides every command with the room crate (which asks the rules
//! crate), draws all dice from the operating system, stores each accepted event in SQLite before anybody
//! hears of it, and then broadcasts it to every device in the room, which replays it.
#![forbid(unsafe_code)]

pub mod args;
mod connection;
pub mod dice;
pub mod limits;
pub mod rooms;
pub mod store;

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use fivedice_room::PROTOCOL_VERSION;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tower_http::services::ServeDir;

pub use limits::Limits;
use limits::{ConnectionsPerIp, origin_allowed};
use rooms::Rooms;
use store::{Store, StoreError};

/// Everything the server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The built app (`make dist`).
    pub dist: PathBuf,
    /// `HOST:PORT` to listen on; port 0 picks a free one (see [`RunningServer::addr`]).
    pub addr: String,
    /// The SQLite database; its directory is created if missing.
    pub data: PathBuf,
    /// Public origins the app is reached by (behind a proxy): their pages may open room WebSockets, as
    /// may pages from this server's own IP address or `localhost` at its port.
    pub origins: Vec<String>,
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            dist: PathBuf::from("dist"),
            addr: "127.0.0.1:8080".into(),
            data: PathBuf::from(".fivedice/rooms.sqlite3"),
            origins: Vec::new(),
            limits: Limits::default(),
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
    store: Arc<Store>,
    rooms: Rooms,
    connections_per_ip: Arc<ConnectionsPerIp>,
    /// Turns true when the server stops, so open WebSockets close instead of lingering.
    shutdown: watch::Receiver<bool>,
    next_connection: AtomicU64,
}

/// A server that is listening.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<std::io::Result<()>>,
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

    /// Runs until the server stops by itself (it only does on an error).
    pub async fn finished(self) -> std::io::Result<()> {
        self.task
            .await
            .map_err(|error| std::io::Error::other(format!("the server task failed: {error}")))?
    }

    /// Stops on Ctrl-C or SIGTERM.
    pub async fn run_until_signal(self) -> std::io::Result<()> {
        shutdown_signal().await;
        self.stop().await
    }
}

/// Opens the database, binds the address and starts serving.
pub async fn start(config: Config) -> Result<RunningServer, StartError> {
    let data = config.data.clone();
    let store = tokio::task::spawn_blocking(move || Store::open(&data))
        .await
        .map_err(|error| {
            StartError::Store(StoreError::Open(format!("opening the database failed: {error}")))
        })?
        .map_err(StartError::Store)?;
    let store = Arc::new(store);
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|error| StartError::Bind(config.addr.clone(), error))?;
    let addr = listener
        .local_addr()
        .map_err(|error| StartError::Bind(config.addr.clone(), error))?;
    let (stop, shutdown) = watch::channel(false);
    let invite = invite_address(&config.origins, addr);
    let shared = Arc::new(Shared {
        rooms: Rooms::new(Arc::clone(&store), config.limits.clone()),
        limits: config.limits,
        origins: config.origins,
        port: addr.port(),
        invite,
        store,
        connections_per_ip: Arc::new(ConnectionsPerIp::default()),
        shutdown: shutdown.clone(),
        next_connection: AtomicU64::new(1),
    });
    let app = router(Arc::clone(&shared), config.dist);
    let mut stopping = shutdown;
    let serving = axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move {
            // An error means the sender is gone, which also means stop.
            let _ = stopping.wait_for(|stop| *stop).await;
        });
    let task = tokio::spawn(async move { serving.await });
    Ok(RunningServer {
        addr,
        stop,
        task,
        shared,
    })
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

fn router(shared: Arc<Shared>, dist: PathBuf) -> Router {
    Router::new()
        .route("/rooms", get(status))
        .route("/rooms/status", get(status))
        .route("/rooms/ws", get(open_socket))
        .fallback_service(ServeDir::new(dist).precompressed_br())
        .with_state(shared)
}

async fn status(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let mut status = serde_json::json!({"server": "fivedice", "version": PROTOCOL_VERSION});
    if let Some(invite) = &shared.invite {
        status["invite"] = invite.as_str().into();
    }
    axum::Json(status)
}

async fn open_socket(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &shared.origins, shared.port) {
        return (
            StatusCode::FORBIDDEN,
            "This page's origin may not open rooms here",
        )
            .into_response();
    }
    let limits = &shared.limits;
    let Some(permit) = shared
        .connections_per_ip
        .admit(peer.ip(), limits.max_connections_per_ip)
    else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many connections from this address",
        )
            .into_response();
    };
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    upgrade
        .max_message_size(limits.max_frame_bytes)
        .max_frame_size(limits.max_frame_bytes)
        // Messages are small: small buffers keep a room's memory small; writes go out at once.
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| connection::serve(shared, socket, id, peer.ip().into(), permit))
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
    Store(StoreError),
    Bind(String, std::io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Store(error) => write!(f, "{error}"),
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
