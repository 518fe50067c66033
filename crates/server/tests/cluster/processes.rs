//! What the failover and nginx tests share: nodes that are processes of their own (so that one can be
//! killed or frozen), and devices that come back after the node they reached went away.

use std::net::SocketAddr;

use crate::common::Client;
use crate::common::process::{Nats, ServerProcess};

/// A node process of the cluster on `nats`.
pub fn node_process(dir: &std::path::Path, nats: &Nats, node: &str) -> ServerProcess {
    node_processes(dir, nats, &[node]).pop().expect("a node")
}

/// Node processes started at once, with `extra` flags each.
pub fn node_processes(dir: &std::path::Path, nats: &Nats, ids: &[&str]) -> Vec<ServerProcess> {
    nodes_with(dir, nats, ids, &[])
}

pub fn nodes_with(dir: &std::path::Path, nats: &Nats, ids: &[&str], extra: &[&str]) -> Vec<ServerProcess> {
    let dirs: Vec<_> = ids.iter().map(|id| dir.join(id)).collect();
    let flags: Vec<Vec<&str>> = ids
        .iter()
        .map(|id| [&["--nats", nats.url.as_str(), "--node-id", id][..], extra].concat())
        .collect();
    ServerProcess::start_all(
        dirs.iter()
            .zip(&flags)
            .map(|(dir, flags)| (dir.as_path(), "127.0.0.1:0", flags.as_slice())),
    )
}

/// Each device waits for its connection to close (the node it reached died, or gave the room up), then
/// says hello again at the node `at` picks for it, from what it saw: nothing it saw is missing.
pub async fn come_back(clients: &mut [Client], room: &str, at: impl Fn(usize) -> SocketAddr) {
    for (index, client) in clients.iter_mut().enumerate() {
        assert!(client.closed().await);
        let (seen, held) = (client.seq(), client.seats());
        client.drop_connection();
        client.reconnect(at(index)).await;
        let (seats, seq) = client.hello(room, seen).await;
        assert_eq!(seats, held, "its tokens still hold its seats");
        assert_eq!(seq, seen, "nothing acknowledged was lost");
    }
}
