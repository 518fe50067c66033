//! Nodes of a cluster in the test's own process, on one real `nats-server`.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use fivedice_server::cluster::ClusterConfig;
use fivedice_server::cluster::members::owning_node;
use fivedice_server::{Config, Limits, RunningServer};

use super::process::Nats;
use super::{WAIT, bounded, http_get, room_name};

/// A node in this process.
pub async fn start_node(dir: &std::path::Path, nats: &Nats, node: &str, limits: Limits) -> RunningServer {
    start_node_on(dir, &nats.url, node, limits).await
}

/// A node in this process that names its NATS servers itself (`--nats`, comma-separated).
pub async fn start_node_on(dir: &std::path::Path, nats: &str, node: &str, limits: Limits) -> RunningServer {
    let config = Config {
        dist: dir.join("dist"),
        addr: "127.0.0.1:0".into(),
        data: dir.join("unused.sqlite3"),
        origins: Vec::new(),
        proxies: Vec::new(),
        cluster: Some(ClusterConfig {
            nats: nats.into(),
            node: node.into(),
            replicas: 1,
        }),
        limits,
    };
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
