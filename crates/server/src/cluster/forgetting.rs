//! Rooms untouched for long are forgotten, as a single server forgets them when it starts: each node, for
//! the rooms it owns, removes a room's records once the last one is older than `forget_rooms_after`. A room
//! the node keeps (one open at its owner, a device in it; a table of an event) is never forgotten, however
//! old, and neither is anything appended after the room was found untouched.

use std::time::Duration;

use tokio::sync::watch;

use super::Cluster;
use crate::store::StoreError;
use fivedice_room::RoomName;

/// How often a node looks for rooms to forget, at most (a shorter retention is looked at more often).
const LOOK_EVERY: Duration = Duration::from_secs(60 * 60);

/// Forgets the rooms this node owns that nobody has touched for `untouched_for` and that it does not keep;
/// returns how many.
pub async fn forget_untouched(
    cluster: &Cluster,
    kept: &impl Fn(&RoomName) -> bool,
    untouched_for: Duration,
) -> Result<usize, StoreError> {
    let mut forgotten = 0;
    for (room, last) in cluster.log.untouched_rooms(untouched_for).await? {
        if cluster.owns(&room) && !kept(&room) {
            cluster.log.forget(&room, last).await?;
            forgotten += 1;
        }
    }
    Ok(forgotten)
}

/// Forgets untouched rooms now and then every so often, until `shutdown`.
pub async fn keep_forgetting(
    cluster: &Cluster,
    kept: impl Fn(&RoomName) -> bool,
    untouched_for: Duration,
    mut shutdown: watch::Receiver<bool>,
) {
    let every = (untouched_for / 2).clamp(Duration::from_millis(100), LOOK_EVERY);
    loop {
        match forget_untouched(cluster, &kept, untouched_for).await {
            Ok(0) => {}
            Ok(forgotten) => tracing::info!(forgotten, "rooms untouched for long forgotten"),
            Err(error) => tracing::warn!(%error, "rooms untouched for long were not forgotten; trying later"),
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = crate::stopping(&mut shutdown) => break,
        }
    }
}
