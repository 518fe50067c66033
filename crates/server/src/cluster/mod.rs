//! A node of a cluster (`--nats URL`): NATS with JetStream is the only part the nodes share. It holds the
//! members ([`members`]), every room's log ([`stream_log`]) and every event ([`event_log`]), and carries the
//! relays between nodes (`crate::relay`). Without `--nats` none of this runs and the server keeps its rooms in SQLite.

pub mod event_log;
pub mod forgetting;
pub mod members;
pub mod roster;
pub mod stream_log;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use async_nats::jetstream::{self, kv};
use fivedice_room::RoomName;
use tokio::sync::watch;

use event_log::EventLog;
use members::{Member, Members};
use roster::Roster;
use stream_log::StreamLog;

use crate::database::StoreError;

/// The first nats-server line whose clustered streams check an expected last subject sequence atomically
/// (nats-io/nats-server#4320, fixed in 2023) and for a subject's first message too (#5644, fixed in
/// 2024): 2.11 has both fixes.
pub const CLUSTERED_NATS_FROM: (u64, u64) = (2, 11);

/// The key-value bucket of live nodes.
const MEMBERS_BUCKET: &str = "fivedice_nodes";

/// How a node joins its cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterConfig {
    /// The NATS server(s), e.g. `nats://127.0.0.1:4222` (several, comma-separated).
    pub nats: String,
    /// This node's id: letters, digits, `-` and `_`, unique in the cluster.
    pub node: String,
    /// Copies JetStream keeps of the logs and the members (1 on one NATS server, 3 in production).
    pub replicas: usize,
}

impl ClusterConfig {
    /// The NATS servers `nats` names, comma-separated (a node reaches the cluster through any of them, and
    /// moves to another when one goes), or why one cannot be read.
    pub fn servers(&self) -> Result<Vec<async_nats::ServerAddr>, String> {
        self.nats
            .split(',')
            .map(|server| {
                let server = server.trim();
                if server.is_empty() {
                    return Err(format!("--nats {:?}: a server's URL is missing", self.nats));
                }
                server
                    .parse::<async_nats::ServerAddr>()
                    .map_err(|error| format!("--nats {server:?}: {error}"))
            })
            .collect()
    }

    /// Whether `node` can name a node (it is a NATS subject token and a bucket key).
    pub fn valid_node(node: &str) -> bool {
        !node.is_empty()
            && node.len() <= 64
            && node
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
    }
}

/// Whether a `MAJOR.MINOR.PATCH` version is at least `(major, minor)` (an unreadable one is not).
fn at_least(version: &str, (major, minor): (u64, u64)) -> bool {
    let mut parts = version.split(['.', '-']).map(|part| part.parse::<u64>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(found_major), Some(found_minor)) => (found_major, found_minor) >= (major, minor),
        _ => false,
    }
}

/// Opens the members' bucket, creating its stream first as a key-value bucket's stream is made (the
/// crate's own `create_key_value` reads the account's limits in a form Debian's nats-server 2.9 does not
/// send).
async fn open_members_bucket(context: &jetstream::Context, replicas: usize) -> Result<kv::Store, StoreError> {
    open_stream(
        context,
        jetstream::stream::Config {
            name: format!("KV_{MEMBERS_BUCKET}"),
            subjects: vec![format!("$KV.{MEMBERS_BUCKET}.>")],
            max_messages_per_subject: 1,
            // Keys of nodes killed without a word vanish by themselves; liveness itself is judged by
            // heartbeats (see `members`).
            max_age: Duration::from_secs(10),
            storage: jetstream::stream::StorageType::Memory,
            num_replicas: replicas,
            discard: jetstream::stream::DiscardPolicy::New,
            allow_rollup: true,
            deny_delete: true,
            allow_direct: true,
            ..Default::default()
        },
        "cannot open the members' bucket",
    )
    .await?;
    context
        .get_key_value(MEMBERS_BUCKET)
        .await
        .map_err(|error| StoreError::Cluster(format!("cannot open the members' bucket: {error}")))
}

/// Opens a stream, creating it if it is missing. Nodes starting at once may all find it missing: those
/// whose creation loses the race open the winner's. On clustered NATS servers a creation that races another
/// can go unanswered for seconds: it is tried again ([`stream_log::patiently`]).
pub(crate) async fn open_stream(
    context: &jetstream::Context,
    config: jetstream::stream::Config,
    what: &str,
) -> Result<jetstream::stream::Stream, StoreError> {
    let name = config.name.clone();
    stream_log::patiently(what, stream_log::WRITE_WITHIN, || async {
        match context.get_or_create_stream(config.clone()).await {
            Ok(stream) => Ok(stream),
            Err(creating) => context
                .get_stream(&name)
                .await
                .map_err(|_| StoreError::Cluster(format!("{what}: {creating}"))),
        }
    })
    .await
}

/// This node's connection to the cluster.
pub struct Cluster {
    pub client: async_nats::Client,
    pub log: StreamLog,
    pub events: EventLog,
    roster: Arc<Roster>,
    bucket: kv::Store,
    next_tunnel: AtomicU64,
}

impl Cluster {
    /// Connects to NATS and opens (or creates) the stream and the members' bucket. The node is not a
    /// member until [`Cluster::announce`] returns.
    pub async fn connect(config: &ClusterConfig) -> Result<Cluster, StoreError> {
        let unreachable = |error: &dyn std::fmt::Display| {
            StoreError::Cluster(format!("cannot reach NATS at {}: {error}", config.nats))
        };
        let client = async_nats::ConnectOptions::new()
            .name(format!("fivedice-server {}", config.node))
            .connection_timeout(Duration::from_secs(5))
            // Messages a subscription holds for a reader that falls behind (the client's default is
            // 65,536, up to gigabytes of a slow device's frames); past it NATS drops them, and the
            // tunnel's numbering ends the tunnel (`peer::Receiving`).
            .subscription_capacity(4096)
            // A NATS server that stalls keeps its connections open: two pings unanswered and the node moves
            // to another server of the list (the client's default waits two minutes).
            .ping_interval(Duration::from_secs(1))
            .connect(config.servers().map_err(StoreError::Cluster)?)
            .await
            .map_err(|error| unreachable(&error))?;
        let version = client.server_info().version;
        if config.replicas > 1 && !at_least(&version, CLUSTERED_NATS_FROM) {
            let (major, minor) = CLUSTERED_NATS_FROM;
            return Err(StoreError::Cluster(format!(
                "nats-server {version} does not fence appends on replicated streams (nats-io/nats-server#4320): \
                 --nats-replicas {} needs nats-server {major}.{minor} or later (one server with \
                 --nats-replicas 1 is safe on any)",
                config.replicas
            )));
        }
        let context = jetstream::new(client.clone());
        let log = StreamLog::open(context.clone(), config.replicas).await?;
        let events = EventLog::open(context.clone(), config.replicas).await?;
        let bucket = open_members_bucket(&context, config.replicas).await?;
        let incarnation = loop {
            let mut bytes = [0u8; 8];
            getrandom::fill(&mut bytes)
                .map_err(|error| StoreError::Cluster(format!("no randomness for an incarnation: {error}")))?;
            let incarnation = u64::from_le_bytes(bytes);
            if incarnation != 0 {
                break incarnation;
            }
        };
        let me = Member {
            node: config.node.clone(),
            incarnation,
        };
        Ok(Cluster {
            client,
            log,
            events,
            roster: Arc::new(Roster::new(me)),
            bucket,
            next_tunnel: AtomicU64::new(1),
        })
    }

    /// Starts hearing the other nodes (see [`Cluster::announce`]).
    pub fn listen(&self) -> tokio::task::JoinHandle<()> {
        self.roster.listen(self.bucket.clone())
    }

    /// Starts this node's heartbeats: from then on other nodes send it rooms. They stop (and `listening`
    /// with them), and the node leaves, when `shutdown` turns true.
    pub fn announce(
        &self,
        shutdown: watch::Receiver<bool>,
        listening: tokio::task::JoinHandle<()>,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(Arc::clone(&self.roster).beat(self.bucket.clone(), shutdown, listening))
    }

    pub fn me(&self) -> &Member {
        self.roster.me()
    }

    pub fn members(&self) -> Arc<Members> {
        self.roster.members()
    }

    /// Changes whenever a node joins or leaves.
    pub fn watch_members(&self) -> watch::Receiver<Arc<Members>> {
        self.roster.subscribe()
    }

    /// The member that owns `room` now, as far as this node knows.
    pub fn owner(&self, room: &RoomName) -> Member {
        self.members()
            .owner(room)
            .cloned()
            .unwrap_or_else(|| self.me().clone())
    }

    pub fn owns(&self, room: &RoomName) -> bool {
        self.owner(room) == *self.me()
    }

    /// Whether another live process has this node's id (see [`Roster::twin_alive`]).
    pub fn twin_alive(&self) -> bool {
        self.roster.twin_alive()
    }

    /// See [`Roster::gone`].
    pub fn gone(&self, member: &Member) {
        self.roster.gone(member);
    }

    /// How many tunnels this node has opened to relay a device to another node since it started.
    pub fn relays_opened(&self) -> u64 {
        self.next_tunnel.load(Ordering::Relaxed) - 1
    }

    /// A subject token that no other tunnel of any node, in any run, has.
    pub fn new_tunnel(&self) -> String {
        let me = self.me();
        let n = self.next_tunnel.fetch_add(1, Ordering::Relaxed);
        format!("{}-{:x}-{n}", me.node, me.incarnation)
    }
}

/// Where a node takes requests to open a tunnel.
pub fn open_subject(node: &str) -> String {
    format!("fivedice.node.{node}.open")
}

/// A tunnel's two directions: `up` from the device's node to the room's owner, `down` back.
pub fn tunnel_subject(tunnel: &str, direction: &str) -> String {
    format!("fivedice.tunnel.{tunnel}.{direction}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replicated_logs_need_a_nats_server_that_fences_them() {
        assert!(!at_least("2.9.10", CLUSTERED_NATS_FROM), "Debian 12's");
        assert!(!at_least("2.10.29", CLUSTERED_NATS_FROM));
        assert!(at_least("2.11.0", CLUSTERED_NATS_FROM));
        assert!(at_least("2.12.1-beta", CLUSTERED_NATS_FROM));
        assert!(at_least("3.0.0", CLUSTERED_NATS_FROM));
        assert!(!at_least("", CLUSTERED_NATS_FROM));
        assert!(!at_least("two.eleven", CLUSTERED_NATS_FROM));
    }
}
