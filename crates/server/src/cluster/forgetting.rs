//! Rooms untouched for long are forgotten, as a single server forgets them when it starts: each node, for
//! the rooms it owns, removes a room's records once the last one is older than `forget_rooms_after`. A room
//! the node keeps (one open at its owner, a device in it; a table of an event) is never forgotten, however
//! old, nor one written to since it was found untouched.

use std::time::Duration;

use tokio::sync::watch;

use super::Cluster;
use crate::database::StoreError;
use fivedice_room::RoomName;

/// How often a node looks for rooms to forget, at most (a shorter retention is looked at more often).
const LOOK_EVERY: Duration = Duration::from_secs(60 * 60);

/// Forgets the rooms this node owns that nobody has touched for `untouched_for` and that it does not keep;
/// returns how many. A room that cannot be looked at is left for the next time.
pub async fn forget_untouched(
    cluster: &Cluster,
    kept: &impl Fn(&RoomName) -> bool,
    untouched_for: Duration,
) -> Result<usize, StoreError> {
    let mut forgotten = 0;
    for room in cluster
        .log
        .rooms(|room| cluster.owns(room) && !kept(room))
        .await?
    {
        let forgot = async {
            match cluster.log.last_touched(&room, untouched_for).await? {
                Some((last, true)) if !kept(&room) => cluster.log.forget(&room, last).await,
                _ => Ok(false),
            }
        };
        match forgot.await {
            Ok(true) => forgotten += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%room, %error, "a room untouched for long was not forgotten; trying later")
            }
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
