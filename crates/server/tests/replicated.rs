//! Rooms as production runs them: three room nodes on three current NATS servers that keep every log in
//! three copies (R3), synced to disk before each acknowledgement. One NATS server is killed mid-turn
//! together with the room's owner, one is frozen for ten seconds, one loses half its store while it is down.
//! The devices behave as the app does: an action not answered in time, or a connection closed, and the
//! device connects again (to the next node) and says what it has. After each fault, nothing any device was
//! sent is missing from the log, and the game goes on to its end with every die checked.
//!
//! Each test prints the longest time an action waited (`make bench-cluster` gathers the figures for
//! BENCHMARKS.md); none is timed here.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::nats_cluster::NatsCluster;
use common::nodes::{an_append_sent_again_is_stored_once, sees_members, stored_entries};
use common::process::ServerProcess;
use common::{Client, dice_checked_at_the_end, room_name, started_pair};
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, Phase};
use fivedice_rules::{Game, Play};
use fivedice_server::cluster::members::owning_node;
use fivedice_server::cluster::stream_log::STREAM;
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

/// How long a device waits for an answer before it takes its connection for lost (the app's is 1.5 s).
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// The longest a single action may take through any fault here, before the test fails.
const GIVE_UP_AFTER: Duration = Duration::from_secs(30);

const NODES: [&str; 3] = ["n1", "n2", "n3"];

/// One cluster of this file at a time: two at once (six NATS servers and six nodes) on a machine of two cores
/// starve the Raft elections a fault starts (a run saw the members' bucket go 37 s without a leader), and the
/// test would measure the machine rather than the rooms.
static ONE_CLUSTER_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Two devices playing a room on three nodes over three NATS servers.
struct ClusterGame {
    nats: NatsCluster,
    /// The node processes, by `NODES` index (`None` while killed).
    nodes: Vec<Option<ServerProcess>>,
    room: String,
    devices: [Client; 2],
    /// The longest any action waited, and how many times a device had to connect again.
    longest: Duration,
    reconnections: usize,
    next_node: usize,
    /// The servers' and nodes' files, removed after them (fields drop in order).
    _files: tempfile::TempDir,
    /// Held until the servers and nodes are gone.
    _alone: tokio::sync::MutexGuard<'static, ()>,
}

impl ClusterGame {
    async fn start(room: &str) -> ClusterGame {
        let alone = ONE_CLUSTER_AT_A_TIME.lock().await;
        let files = tempfile::tempdir().expect("a temp dir");
        let dir = files.path();
        let nats = NatsCluster::start(dir);
        let urls = nats.urls();
        let flags: Vec<[&str; 6]> = NODES
            .iter()
            .map(|id| ["--nats", urls.as_str(), "--node-id", id, "--nats-replicas", "3"])
            .collect();
        let dirs: Vec<_> = NODES.iter().map(|id| dir.join(id)).collect();
        let nodes = ServerProcess::start_all(
            dirs.iter()
                .zip(&flags)
                .map(|(dir, flags)| (dir.as_path(), "127.0.0.1:0", flags.as_slice())),
        );
        for node in &nodes {
            sees_members(node.addr, 3).await;
        }
        let (anna, ben) = started_pair(room, nodes[0].addr, nodes[1].addr).await;
        ClusterGame {
            nats,
            nodes: nodes.into_iter().map(Some).collect(),
            room: room.into(),
            devices: [anna, ben],
            longest: Duration::ZERO,
            reconnections: 0,
            next_node: 0,
            _files: files,
            _alone: alone,
        }
    }

    /// The NATS server that leads the rooms' stream now (the one whose loss costs an election).
    async fn stream_leader(&self) -> usize {
        let running = (0..3)
            .find(|n| self.nats.is_running(*n))
            .expect("a NATS server runs");
        let client = common::bounded("NATS", async_nats::connect(self.nats.url(running)))
            .await
            .expect("connects");
        let mut stream = common::bounded(
            "the stream",
            async_nats::jetstream::new(client).get_stream(STREAM),
        )
        .await
        .expect("the rooms' stream");
        let info = common::bounded("its info", stream.info())
            .await
            .expect("its info");
        let leader = info
            .cluster
            .as_ref()
            .and_then(|cluster| cluster.leader.clone())
            .expect("the stream has a leader");
        NatsCluster::index_of(&leader)
    }

    /// The node that owns the room while all three are live.
    fn owner(&self) -> usize {
        let owner = owning_node(NODES, &room_name(&self.room)).expect("an owner");
        NODES.iter().position(|id| *id == owner).expect("a node")
    }

    fn kill_node(&mut self, n: usize) {
        self.nodes[n].take().expect("the node runs").kill();
    }

    /// A live node's address, a different one each time (as nginx's round robin would give).
    fn some_node(&mut self) -> SocketAddr {
        loop {
            self.next_node = (self.next_node + 1) % self.nodes.len();
            if let Some(node) = &self.nodes[self.next_node] {
                return node.addr;
            }
        }
    }

    /// Device `d` connects again to a live node and says hello with what it has, until it is welcomed.
    async fn reconnect(&mut self, d: usize) {
        self.reconnections += 1;
        let deadline = Instant::now() + GIVE_UP_AFTER;
        loop {
            assert!(Instant::now() < deadline, "device {d} was never welcomed back");
            let addr = self.some_node();
            let device = &mut self.devices[d];
            device.drop_connection();
            device.reconnect(addr).await;
            let hello = ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                room: self.room.clone(),
                tokens: device.held.tokens().map(str::to_string).collect(),
                seen: device.seq(),
            };
            if send(device, &hello).await {
                while let Some(Some(message)) = device.next_within(ANSWER_WITHIN).await {
                    match message {
                        ServerMessage::Welcome { .. } => return,
                        ServerMessage::Refused { .. } => break,
                        _ => {}
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Device `d` takes `action` for `seat` as the app does, until its entry is in the device's replica:
    /// it resends after connecting again, and a refusal (the room unavailable a moment) is tried again.
    async fn act(&mut self, d: usize, seat: usize, action: Action) -> u64 {
        let started = Instant::now();
        let target = self.devices[d].seq() + 1;
        while self.devices[d].seq() < target {
            assert!(started.elapsed() < GIVE_UP_AFTER, "{action:?} never went through");
            let device = &mut self.devices[d];
            let message = ClientMessage::Act {
                token: device.token_of(seat),
                at: device.seq(),
                action: action.clone(),
            };
            let mut lost = !send(device, &message).await;
            while !lost && device.seq() < target {
                match device.next_within(ANSWER_WITHIN).await {
                    Some(Some(ServerMessage::Refused { .. })) => {
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        break;
                    }
                    Some(Some(_)) => {}
                    Some(None) | None => lost = true,
                }
            }
            if lost {
                self.reconnect(d).await;
            }
        }
        self.longest = self.longest.max(started.elapsed());
        target
    }

    /// Device `d` has every entry up to `seq`, connecting again if it must.
    async fn follow(&mut self, d: usize, seq: u64) {
        let started = Instant::now();
        while self.devices[d].seq() < seq {
            assert!(
                started.elapsed() < GIVE_UP_AFTER,
                "device {d} never reached {seq}"
            );
            match self.devices[d].next_within(ANSWER_WITHIN).await {
                Some(Some(_)) => {}
                Some(None) | None => self.reconnect(d).await,
            }
        }
    }

    /// The device whose turn it is, and its seat (`None` once the game is over).
    fn actor(&self) -> Option<(usize, usize)> {
        self.devices
            .iter()
            .enumerate()
            .find_map(|(d, device)| device.room().acting_seat(&device.seats()).map(|seat| (d, seat)))
    }

    /// The roll that starts a turn; false once the game is over.
    async fn roll(&mut self) -> bool {
        let Some((d, seat)) = self.actor() else {
            return false;
        };
        let seq = self.act(d, seat, Action::Roll).await;
        self.follow(1 - d, seq).await;
        true
    }

    /// The first box the rules offer for the dice on the table.
    async fn score(&mut self) {
        let (d, seat) = self.actor().expect("a turn in play");
        let scores = self.devices[d]
            .room()
            .game()
            .and_then(Game::scores)
            .expect("dice on the table");
        let (category, _) = scores.cells[0];
        let seq = self
            .act(d, seat, Action::Play(Play::Score(category.into())))
            .await;
        self.follow(1 - d, seq).await;
    }

    async fn turn(&mut self) -> bool {
        if !self.roll().await {
            return false;
        }
        self.score().await;
        true
    }

    /// Plays to the end: both devices saw the same game, every die checks against the commitment, and the
    /// log the NATS servers keep is exactly what the devices were sent.
    async fn finish(mut self, what: &str) {
        while self.turn().await {}
        let rolls = dice_checked_at_the_end(&mut self.devices, &self.room).await;
        assert!(rolls > 26);
        let [anna, ben] = &self.devices;
        assert_eq!(anna.room().phase(), Phase::Finished);
        assert_eq!(anna.entries, ben.entries);
        let running = (0..3)
            .find(|n| self.nats.is_running(*n))
            .expect("a NATS server runs");
        assert_eq!(
            stored_entries(&self.nats.url(running), &room_name(&self.room)).await,
            anna.entries,
            "the cluster keeps every entry the devices were sent, each once"
        );
        println!(
            "figure: {what}: {} entries delivered, all {} found after; longest action {} ms, {} reconnections",
            anna.entries.len(),
            anna.entries.len(),
            self.longest.as_millis(),
            self.reconnections
        );
    }
}

/// Sends `message` on the device's connection; false if the connection is gone.
async fn send(device: &mut Client, message: &ClientMessage) -> bool {
    let text = serde_json::to_string(message).expect("serialises");
    tokio::time::timeout(
        ANSWER_WITHIN,
        device.socket_mut().send(Message::Text(text.into())),
    )
    .await
    .is_ok_and(|sent| sent.is_ok())
}

#[tokio::test]
async fn the_stream_leaders_nats_server_and_the_rooms_owner_killed_mid_turn_lose_nothing() {
    let mut table = ClusterGame::start("Leader lost").await;
    for _ in 0..2 {
        assert!(table.turn().await);
    }
    assert!(
        table.roll().await,
        "mid-turn: a roll stored and seen, not yet scored"
    );
    let (leader, owner) = (table.stream_leader().await, table.owner());
    table.nats.kill(leader);
    table.kill_node(owner);
    table.score().await;
    table
        .finish("the stream's leader and the room's owner killed")
        .await;
}

#[tokio::test]
async fn a_nats_server_frozen_for_ten_seconds_mid_game_loses_nothing() {
    let mut table = ClusterGame::start("Frozen").await;
    assert!(table.turn().await);
    let leader = table.stream_leader().await;
    table.nats.freeze(leader);
    let frozen = Instant::now();
    // The game goes on while it is frozen (a few turns: the rest are for after it wakes).
    for _ in 0..6 {
        assert!(table.turn().await);
    }
    tokio::time::sleep(Duration::from_secs(10).saturating_sub(frozen.elapsed())).await;
    table.nats.thaw(leader);
    table.finish("the stream's leader frozen for 10 s").await;
}

#[tokio::test]
async fn a_nats_server_whose_store_was_cut_while_down_loses_nothing_when_another_goes() {
    let mut table = ClusterGame::start("Truncated").await;
    for _ in 0..4 {
        assert!(table.turn().await);
    }
    let damaged = table.stream_leader().await;
    table.nats.kill(damaged);
    assert!(table.turn().await);
    assert!(table.nats.truncate_stream(damaged, STREAM) > 0);
    table.nats.restart(damaged);
    assert!(table.turn().await);
    // The damaged server is now one of the two that make a quorum.
    let other = (damaged + 1) % 3;
    table.nats.kill(other);
    assert!(table.turn().await);
    table
        .finish("a server's store cut while down, then another server killed")
        .await;
}

#[tokio::test]
async fn an_append_sent_again_with_its_id_is_stored_once_in_three_copies() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = NatsCluster::start(dir.path());
    an_append_sent_again_is_stored_once(&nats.url(0), 3).await;
}
