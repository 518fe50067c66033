//! Where the rooms' logs are kept: this server's SQLite file ([`Database`]), or, for a node of a cluster,
//! the cluster's JetStream stream ([`StreamLog`]). Rooms load, append and read back through [`Logs`] alike.

use std::sync::Arc;

use fivedice_room::{LogEntry, RoomName};

use crate::cluster::Cluster;
use crate::database::{Database, Secrets, StoreError, StoredRoom};

#[derive(Clone)]
pub enum Logs {
    File(Arc<Database>),
    Stream(Arc<Cluster>),
}

/// What an open room keeps of its log. In the file, nothing: devices catching up read the database. In
/// the stream, the entries themselves (reading them back from NATS for each device would be a round trip
/// per reconnection) and the position its next append must name.
#[derive(Debug)]
pub enum Kept {
    File,
    Stream { position: u64, entries: Vec<LogEntry> },
}

impl Logs {
    /// Whether this node may serve `room`: always alone; in a cluster, while it is the room's owner.
    pub fn owns(&self, room: &RoomName) -> bool {
        match self {
            Logs::File(_) => true,
            Logs::Stream(cluster) => cluster.owns(room),
        }
    }

    /// A room's stored log and seat tokens (empty for a room never written), and what the open room keeps.
    pub async fn load(&self, room: &RoomName) -> Result<(StoredRoom, Kept), StoreError> {
        match self {
            Logs::File(store) => {
                let store = Arc::clone(store);
                let room = room.clone();
                let stored = tokio::task::spawn_blocking(move || store.load_room(&room))
                    .await
                    .map_err(|_| StoreError::Open("the loading task stopped".into()))??;
                Ok((stored, Kept::File))
            }
            Logs::Stream(cluster) => {
                let loaded = cluster.log.load(room).await?;
                let kept = Kept::Stream {
                    position: loaded.position,
                    entries: loaded.stored.entries.clone(),
                };
                Ok((loaded.stored, kept))
            }
        }
    }

    /// Appends one event, with what the host keeps beside it; done once it is durable.
    pub async fn append(
        &self,
        room: &RoomName,
        kept: &mut Kept,
        entry: &LogEntry,
        secrets: Secrets,
    ) -> Result<(), StoreError> {
        match (self, kept) {
            (Logs::File(store), Kept::File) => store.append(room, entry, secrets).done().await,
            (Logs::Stream(cluster), Kept::Stream { position, entries }) => {
                *position = cluster.log.append(room, entry, &secrets, *position).await?;
                entries.push(entry.clone());
                Ok(())
            }
            _ => Err(StoreError::Open(
                "a room opened from one log was written to another".into(),
            )),
        }
    }
}
