//! Nodes of a cluster on a real `nats-server` with JetStream, on loopback: devices on any node play a room
//! another node owns (through relays, with every single-node rule and limit); an owner killed with SIGKILL
//! loses nothing; two nodes that both believe they own a room cannot both append.
//!
//! Here, the rooms' log in the stream: appends fenced, an append sent again, rooms forgotten. By job in
//! `cluster/`: relays, owners killed or frozen, nginx in front, starting a node. All one test binary
//! (`--test cluster`); its modules are named by path because a plain `mod` here would look for
//! `tests/<name>.rs`, which Cargo would build as a test binary of its own.

mod common;
#[path = "cluster/failover.rs"]
mod failover;
#[path = "cluster/nginx.rs"]
mod nginx;
#[path = "cluster/processes.rs"]
mod processes;
#[path = "cluster/relays.rs"]
mod relays;
#[path = "cluster/starting.rs"]
mod starting;

use common::events::{PATH, open_event};
use common::nodes::{an_append_sent_again_is_stored_once, node_config, start_configured, stored_seqs};
use common::process::Nats;
use common::{Client, bounded, fast_play, http_json, open_room, room_name};
use fivedice_room::{Event, LogEntry};
use fivedice_server::cluster::stream_log::StreamLog;
use fivedice_server::database::{Secrets, StoreError};
use serde_json::json;

#[tokio::test]
async fn two_appends_at_one_position_one_wins_the_other_is_fenced() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let open = || async {
        let client = bounded("NATS", async_nats::connect(&nats.url))
            .await
            .expect("connects");
        bounded(
            "the stream",
            StreamLog::open(async_nats::jetstream::new(client), 1),
        )
        .await
        .expect("opens")
    };
    let (first, second) = (open().await, open().await);
    let room = room_name("Fenced");
    let joined = |seat: usize, name: &str| LogEntry {
        seq: seat as u64 + 1,
        event: Event::Joined {
            seat,
            name: name.into(),
            computer: false,
            level: None,
        },
    };
    // A room never written: both start from nothing.
    assert_eq!(first.load(&room).await.expect("loads").position, 0);
    let won = first
        .append(&room, &joined(0, "Anna"), &Secrets::default(), 0)
        .await
        .expect("the first append");
    let lost = second
        .append(&room, &joined(0, "Zoe"), &Secrets::default(), 0)
        .await;
    assert!(matches!(lost, Err(StoreError::Fenced)), "{lost:?}");
    // Another room's appends do not move this one's position.
    let other = room_name("Elsewhere");
    second
        .append(&other, &joined(0, "Eve"), &Secrets::default(), 0)
        .await
        .expect("another room");
    let tokens = Secrets::seat_tokens(vec![(1, "token-b".to_string())]);
    let next = second
        .append(&room, &joined(1, "Ben"), &tokens, won)
        .await
        .expect("appends after what it has read");
    assert!(matches!(
        first
            .append(&room, &joined(1, "Bob"), &Secrets::default(), won)
            .await,
        Err(StoreError::Fenced)
    ));
    let loaded = first.load(&room).await.expect("loads");
    assert_eq!(loaded.position, next);
    let names: Vec<_> = loaded
        .stored
        .entries
        .iter()
        .map(|entry| match &entry.event {
            Event::Joined { name, .. } => name.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(names, ["Anna", "Ben"], "exactly the winners, in order");
    assert_eq!(Some(loaded.stored.seat_tokens), tokens.seat_tokens);
    assert_eq!(stored_seqs(&nats.url, &room).await, [1, 2]);
}

/// Whether the stream keeps anything of `room` (read as a node reads a room).
async fn kept(nats: &Nats, room: &str) -> bool {
    let client = bounded("NATS", async_nats::connect(&nats.url))
        .await
        .expect("connects");
    let log = bounded(
        "the stream",
        StreamLog::open(async_nats::jetstream::new(client), 1),
    )
    .await
    .expect("opens");
    log.load(&room_name(room)).await.expect("loads").position > 0
}

async fn until_forgotten(nats: &Nats, room: &str) {
    let deadline = std::time::Instant::now() + common::WAIT;
    while kept(nats, room).await {
        assert!(std::time::Instant::now() < deadline, "{room} was never forgotten");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_node_forgets_rooms_nobody_touched_for_long_but_never_one_a_device_is_in_nor_an_events_table() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    // "Long" is a second here (30 days by default).
    let mut config = node_config(dir.path(), &nats.url, "n1", fast_play());
    config.forget_rooms_after = std::time::Duration::from_secs(1);
    let node = start_configured(config).await;
    // A device stays in one room; another room, written after it, is left.
    let mut staying = Client::connect(node.addr()).await;
    staying.hello("Staying", 0).await;
    staying.join("Ben").await;
    // A table of an event goes with its event, which a cluster does not forget.
    let (key, _) = open_event(node.addr()).await;
    let tie = json!({"key": key, "name": "Table 1"});
    let (status, tied) = http_json(node.addr(), "POST", &format!("{PATH}/rooms/Table%20one"), &tie).await;
    assert_eq!(status, 201, "{tied}");
    let (mut table, _) = open_room(node.addr(), "Table one").await;
    table.join("Cleo").await;
    table.close().await;
    let (mut left, _) = open_room(node.addr(), "Left").await;
    left.join("Anna").await;
    left.close().await;
    assert!(kept(&nats, "Staying").await && kept(&nats, "Left").await);
    // Once the room written last is forgotten, those before it were as old: the device in one kept it, and
    // the event the other.
    until_forgotten(&nats, "Left").await;
    assert!(
        kept(&nats, "Table one").await,
        "a table of an event is kept with it"
    );
    assert!(
        kept(&nats, "Staying").await,
        "a room a device is in is never forgotten"
    );
    staying.close().await;
    until_forgotten(&nats, "Staying").await;
    // A device coming back to a forgotten room finds it new.
    let (mut back, refused) = open_room(node.addr(), "Left").await;
    assert_eq!((refused, back.seq()), (None, 0));
    back.join("Anna").await;
    assert_eq!(back.seq(), 1);
    bounded("stop", node.stop()).await.expect("stops");
}

#[tokio::test]
async fn an_append_sent_again_with_its_id_is_stored_once_on_one_nats_server() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    an_append_sent_again_is_stored_once(&nats.url, 1).await;
}
