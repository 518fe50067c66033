//! The cluster behind nginx (the repository's `deploy/nginx.conf`): round robin reaches every node and
//! passes a killed one over; a device that names its room goes straight to the room's owner, so no relay.

use std::net::SocketAddr;

use crate::common::nodes::{sees_members, stored_seqs};
use crate::common::process::{Nats, Nginx};
use crate::common::{
    Client, bounded, dice_checked_at_the_end, get_json, http_get, play_quick_turn, room_name,
    seated_and_started, started_pair,
};
use crate::processes::{come_back, nodes_with};
use fivedice_room::Phase;
use fivedice_server::cluster::members::owning_node;

#[tokio::test]
async fn behind_nginx_round_robin_every_node_serves_and_a_killed_one_is_passed_over() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let ids = ["n1", "n2", "n3"];
    // These devices are native clients and send no Origin; the browsers of tests/e2e/cluster.spec.mjs do,
    // and their nodes are given nginx's with --origin.
    let mut nodes = nodes_with(dir.path(), &nats, &ids, &["--proxy", "127.0.0.1"]);
    for node in &nodes {
        sees_members(node.addr, 3).await;
    }
    let addrs = [nodes[0].addr, nodes[1].addr, nodes[2].addr];
    let nginx = Nginx::start(dir.path(), &addrs);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..6 {
        let status = http_get(nginx.addr, "/rooms").await;
        assert!(status.starts_with("HTTP/1.1 200"), "{status}");
        let node = ids
            .iter()
            .find(|id| status.contains(&format!("\"node\":\"{id}\"")))
            .expect("a node's status");
        seen.insert(*node);
    }
    assert_eq!(seen.len(), 3, "round robin reaches every node: {seen:?}");
    let room = "Behind nginx";
    let (anna, ben) = started_pair(room, nginx.addr, nginx.addr).await;
    let mut clients = [anna, ben];
    for _ in 0..3 {
        assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
    }
    // The owner dies: the devices come back through nginx, which passes the dead node over.
    let owner = owning_node(ids, &room_name(room)).expect("an owner");
    let dead = ids.iter().position(|id| *id == owner).expect("a node");
    let before = clients[0].room().clone();
    nodes.remove(dead).kill();
    come_back(&mut clients, room, |_| nginx.addr).await;
    assert_eq!(clients[0].room(), &before);
    while bounded("a turn", play_quick_turn(&mut clients)).await {}
    dice_checked_at_the_end(&mut clients, room).await;
    let [anna, ben] = clients;
    assert_eq!(anna.room().phase(), Phase::Finished);
    assert_eq!(anna.entries, ben.entries);
    assert_eq!(
        stored_seqs(&nats.url, &room_name(room)).await,
        (1..=anna.seq()).collect::<Vec<_>>()
    );
}

/// How many tunnels the node at `addr` has opened to relay devices to other nodes.
async fn relays_opened(addr: SocketAddr) -> u64 {
    get_json(addr, "/rooms").await["relays"]
        .as_u64()
        .expect("a node counts its relays")
}

#[tokio::test]
async fn behind_nginx_a_device_that_names_its_room_goes_straight_to_the_owner() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let ids = ["n1", "n2", "n3"];
    let nodes = nodes_with(dir.path(), &nats, &ids, &["--proxy", "127.0.0.1"]);
    for node in &nodes {
        sees_members(node.addr, 3).await;
    }
    let addrs = [nodes[0].addr, nodes[1].addr, nodes[2].addr];
    let nginx = Nginx::start(dir.path(), &addrs);
    let relays = || async {
        let mut total = 0;
        for addr in addrs {
            total += relays_opened(addr).await;
        }
        total
    };
    // Devices that do not name their room are spread round robin: two in a row reach two nodes, so at least
    // one of them is relayed to the owner.
    let (anna, ben) = started_pair("Round robin", nginx.addr, nginx.addr).await;
    assert!(
        relays().await >= 1,
        "a device reached a node that is not the owner"
    );
    drop((anna, ben));
    let before = relays().await;
    // Every node names the same owner, for a name as typed or as folded; an unreadable name gets none.
    let named = |addr: SocketAddr, path: &'static str| async move {
        let response = http_get(addr, path).await.to_lowercase();
        assert!(response.starts_with("http/1.1 204"), "{path}: {response}");
        let header = response
            .lines()
            .find_map(|line| line.strip_prefix("fivedice-owner: "));
        header.map(str::to_string)
    };
    let owner = owning_node(ids, &room_name("Zoé's Room")).expect("an owner");
    for addr in addrs {
        assert_eq!(
            named(addr, "/rooms/owner?room=Zo%C3%A9%27s%20Room")
                .await
                .as_deref(),
            Some(owner)
        );
        assert_eq!(
            named(addr, "/rooms/owner?room=zo%C3%A9%27s+room")
                .await
                .as_deref(),
            Some(owner)
        );
        assert_eq!(named(addr, "/rooms/owner?room=%20").await, None);
        assert_eq!(named(addr, "/rooms/owner").await, None);
    }
    // As the app opens them (names with spaces and accents among them): every device reaches the owner.
    for room in [
        "Straight 1",
        "Mariage de Zoé & Léo",
        "Straight 3",
        "Sunday?",
        "Straight 5",
        "Übermorgen",
    ] {
        let anna = Client::connect_for(nginx.addr, room).await;
        let ben = Client::connect_for(nginx.addr, room).await;
        let (anna, ben) = seated_and_started(room, anna, ben).await;
        let mut clients = [anna, ben];
        assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
    }
    assert_eq!(relays().await, before, "no device of the six rooms was relayed");
}
