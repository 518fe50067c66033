//! Nodes of a cluster in the test's own process, on one real `nats-server`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use fivedice_room::{Event, LogEntry, RoomName};
use fivedice_server::cluster::ClusterConfig;
use fivedice_server::cluster::members::owning_node;
use fivedice_server::cluster::stream_log::{STREAM, StreamLog, room_subject};
use fivedice_server::database::{Secrets, StoreError};
use fivedice_server::{Config, Limits, RunningServer};
use futures_util::StreamExt;

use super::process::Nats;
use super::{WAIT, bounded, http_get, room_name};

/// A node in this process.
pub async fn start_node(dir: &std::path::Path, nats: &Nats, node: &str, limits: Limits) -> RunningServer {
    start_node_on(dir, &nats.url, node, limits).await
}

/// A node in this process that names its NATS servers itself (`--nats`, comma-separated).
pub async fn start_node_on(dir: &std::path::Path, nats: &str, node: &str, limits: Limits) -> RunningServer {
    start_configured(node_config(dir, nats, node, limits)).await
}

/// How [`start_node_on`] starts a node, for a test to change before [`start_configured`].
pub fn node_config(dir: &std::path::Path, nats: &str, node: &str, limits: Limits) -> Config {
    Config {
        dist: dir.join("dist"),
        addr: "127.0.0.1:0".into(),
        data: dir.join("unused.sqlite3"),
        cluster: Some(ClusterConfig {
            nats: nats.into(),
            node: node.into(),
            replicas: 1,
        }),
        limits,
        ..Config::default()
    }
}

pub async fn start_configured(config: Config) -> RunningServer {
    bounded("a node to start", fivedice_server::start(config))
        .await
        .expect("the node starts")
}

/// Waits until the node at `addr` sees `count` live members (its status says how many).
pub async fn sees_members(addr: SocketAddr, count: usize) {
    let wanted = format!("\"members\":{count}");
    let deadline = Instant::now() + WAIT;
    while !http_get(addr, "/rooms").await.contains(&wanted) {
        assert!(Instant::now() < deadline, "{addr} never saw {count} members");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A room name that `owner` owns among `nodes`.
pub fn room_owned_by(owner: &str, nodes: &[&str], prefix: &str) -> String {
    (1..)
        .map(|n| format!("{prefix} {n}"))
        .find(|name| owning_node(nodes.iter().copied(), &room_name(name)) == Some(owner))
        .expect("some name")
}

/// Every entry of `room` in the stream, read straight from the NATS server at `url`, in order. Tried again
/// while the stream cannot answer (after a NATS server of a cluster died, until a new leader is elected).
pub async fn stored_entries(url: &str, room: &RoomName) -> Vec<LogEntry> {
    let deadline = Instant::now() + 3 * WAIT;
    loop {
        match tokio::time::timeout(WAIT, read_stored(url, room)).await {
            Ok(Ok(entries)) => return entries,
            Ok(Err(error)) => assert!(Instant::now() < deadline, "the stream was never read: {error}"),
            Err(_) => assert!(Instant::now() < deadline, "the stream was never read in time"),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn read_stored(url: &str, room: &RoomName) -> Result<Vec<LogEntry>, String> {
    let failed = |what: &str, error: &dyn std::fmt::Display| format!("{what}: {error}");
    let client = async_nats::connect(url)
        .await
        .map_err(|error| failed("connecting", &error))?;
    let stream = async_nats::jetstream::new(client)
        .get_stream(STREAM)
        .await
        .map_err(|error| failed("the stream", &error))?;
    let subject = room_subject(room);
    let last = stream
        .get_last_raw_message_by_subject(&subject)
        .await
        .map_err(|error| failed("the last message", &error))?
        .sequence;
    let consumer = stream
        .create_consumer(async_nats::jetstream::consumer::pull::OrderedConfig {
            filter_subject: subject,
            ..Default::default()
        })
        .await
        .map_err(|error| failed("a consumer", &error))?;
    let mut messages = consumer
        .messages()
        .await
        .map_err(|error| failed("messages", &error))?;
    let mut entries = Vec::new();
    loop {
        let message = messages
            .next()
            .await
            .ok_or("the messages ended")?
            .map_err(|error| failed("a message", &error))?;
        let mut record: serde_json::Value = serde_json::from_slice(&message.payload).expect("JSON");
        entries.push(serde_json::from_value(record["entry"].take()).expect("an entry"));
        if message
            .info()
            .map_err(|error| failed("its place", &error))?
            .stream_sequence
            == last
        {
            return Ok(entries);
        }
    }
}

/// The seq of each entry of `room` in the stream, in order.
pub async fn stored_seqs(url: &str, room: &RoomName) -> Vec<u64> {
    stored_entries(url, room)
        .await
        .iter()
        .map(|entry| entry.seq)
        .collect()
}

/// An append sent again with its message id (the node's next try after an answer it did not hear) is stored
/// once and answered with its place; another append at that place is fenced. On the NATS at `url`, with the
/// rooms' stream in `replicas` copies.
pub async fn an_append_sent_again_is_stored_once(url: &str, replicas: usize) {
    let client = bounded("NATS", async_nats::connect(url)).await.expect("connects");
    let log = bounded(
        "the stream",
        StreamLog::open(async_nats::jetstream::new(client), replicas),
    )
    .await
    .expect("opens");
    let room = room_name("Sent again");
    let joined = |name: &str| LogEntry {
        seq: 1,
        event: Event::Joined {
            seat: 0,
            name: name.into(),
            computer: false,
            level: None,
        },
    };
    let none = Secrets::default();
    let stored = bounded(
        "an append",
        log.append_as(&room, &joined("Anna"), &none, 0, "try-1"),
    )
    .await
    .expect("stored");
    let again = bounded(
        "the same append",
        log.append_as(&room, &joined("Anna"), &none, 0, "try-1"),
    )
    .await;
    assert_eq!(again.ok(), Some(stored), "a duplicate, answered with its place");
    let other = bounded(
        "another append",
        log.append_as(&room, &joined("Zoe"), &none, 0, "try-2"),
    )
    .await;
    assert!(matches!(other, Err(StoreError::Fenced)), "{other:?}");
    assert_eq!(stored_seqs(url, &room).await, [1]);
}
