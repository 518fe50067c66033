//! The rooms' logs in a JetStream stream, when the server runs as a node of a cluster.
//!
//! One stream holds every room; each room's events are the messages on its own subject, one message per
//! event, in seq order. A message carries the event and what the host keeps beside it ([`Secrets`]): when an
//! event changed who holds which seat, the room's whole seat-token table, and when a sealed game started,
//! the seed of its dice. They travel in the same append as the event that made them, so no node can ever
//! read an event without them or the other way round (a separate key-value bucket would need two writes and
//! could lose the second). Devices hear of the events alone.
//!
//! Every append says which stream sequence the room's previous message has (the header
//! `Nats-Expected-Last-Subject-Sequence`; 0 for a room's first event). JetStream stores the message only
//! if that is still the room's last message, atomically: two nodes that both believe they own a room can
//! never both append after the same event. The one refused is [`StoreError::Fenced`], and gives the room
//! up (see `Rooms::retire`). On a single NATS server that holds on every release; on a clustered stream
//! (replicas > 1) only from the releases that fixed nats-io/nats-server#4320 and #5644, so a cluster's
//! NATS must be at least [`super::CLUSTERED_NATS_FROM`].

use std::time::Duration;

use async_nats::jetstream::{self, context::PublishErrorKind, stream};
use async_nats::{HeaderMap, header};
use fivedice_room::{LogEntry, RoomName};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::store::{Secrets, StoreError, StoredRoom};

/// The stream every room's log is kept in.
pub const STREAM: &str = "FIVEDICE_ROOMS";

/// The subjects under which rooms' logs are kept (one subject per room below it).
const SUBJECTS: &str = "fivedice.room";

/// How long an append or a read may take before the node gives up on it (and on the room).
const NATS_WAIT: Duration = Duration::from_secs(5);

/// One message of a room's log.
#[derive(Serialize, Deserialize)]
struct Record {
    entry: LogEntry,
    #[serde(flatten)]
    secrets: Secrets,
}

/// A room as read from the stream, with where its log ends there.
#[derive(Debug, Default)]
pub struct LoadedRoom {
    pub stored: StoredRoom,
    /// The stream sequence of the room's last message (0: none), which the next append must name.
    pub position: u64,
}

/// The stream, shared by every room of this node.
pub struct StreamLog {
    context: jetstream::Context,
    stream: stream::Stream,
}

/// A room's subject.
pub fn room_subject(room: &RoomName) -> String {
    named_subject(SUBJECTS, room)
}

/// The subject of a room (or an event) below `prefix`: its name's key in hexadecimal, so that any name
/// (dots, spaces, any script) is one subject token, and two spellings of one name are one subject.
pub(crate) fn named_subject(prefix: &str, name: &RoomName) -> String {
    let mut subject = String::with_capacity(prefix.len() + 1 + 2 * name.as_str().len());
    subject.push_str(prefix);
    subject.push('.');
    for byte in name.as_str().bytes() {
        subject.push_str(&format!("{byte:02x}"));
    }
    subject
}

/// `work`, unless it takes longer than a node waits for NATS.
pub(crate) async fn within_wait<T>(what: &str, work: impl Future<Output = T>) -> Result<T, StoreError> {
    tokio::time::timeout(NATS_WAIT, work)
        .await
        .map_err(|_| StoreError::Cluster(format!("{what} timed out")))
}

/// Appends `record` to `subject` if the subject's last message is still the one at `position` (0: it has
/// none), atomically, and returns the new message's position; [`StoreError::Fenced`] if it is not.
pub(crate) async fn append_after(
    context: &jetstream::Context,
    subject: String,
    record: &impl Serialize,
    position: u64,
) -> Result<u64, StoreError> {
    let payload = serde_json::to_vec(record)
        .map_err(|error| StoreError::Corrupt(format!("record not serialisable: {error}")))?;
    let mut headers = HeaderMap::new();
    headers.insert(
        header::NATS_EXPECTED_LAST_SUBJECT_SEQUENCE,
        position.to_string().as_str(),
    );
    let publish = async {
        let ack = context
            .publish_with_headers(subject, headers, payload.into())
            .await?;
        ack.await
    };
    match within_wait("an append", publish).await? {
        Ok(ack) => Ok(ack.sequence),
        Err(error) if error.kind() == PublishErrorKind::WrongLastSequence => Err(StoreError::Fenced),
        Err(error) => Err(cluster_error("cannot append to the stream", error)),
    }
}

fn cluster_error(what: &str, error: impl std::fmt::Display) -> StoreError {
    StoreError::Cluster(format!("{what}: {error}"))
}

impl StreamLog {
    /// Opens the stream, creating it (with `replicas` copies) if this is the cluster's first node.
    pub async fn open(context: jetstream::Context, replicas: usize) -> Result<StreamLog, StoreError> {
        let config = stream::Config {
            name: STREAM.into(),
            subjects: vec![format!("{SUBJECTS}.>")],
            storage: stream::StorageType::File,
            num_replicas: replicas,
            // Rooms are never forgotten by age (an operator purges old ones): an age limit would drop the first events of a
            // long game and leave a log that does not replay.
            max_age: Duration::ZERO,
            discard: stream::DiscardPolicy::Old,
            ..Default::default()
        };
        let stream = super::open_stream(&context, config)
            .await
            .map_err(|error| cluster_error("cannot open the rooms' stream", error))?;
        Ok(StreamLog { context, stream })
    }

    /// A room's whole log, its seat tokens, and its position (empty for a room never written).
    pub async fn load(&self, room: &RoomName) -> Result<LoadedRoom, StoreError> {
        within_wait("reading a room's log", self.read(room)).await?
    }

    async fn read(&self, room: &RoomName) -> Result<LoadedRoom, StoreError> {
        let subject = room_subject(room);
        let last = match self.stream.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => message.sequence,
            Err(error) if error.kind() == stream::LastRawMessageErrorKind::NoMessageFound => {
                return Ok(LoadedRoom::default());
            }
            Err(error) => return Err(cluster_error("cannot read a room's log", error)),
        };
        let consumer = self
            .stream
            .create_consumer(jetstream::consumer::pull::OrderedConfig {
                filter_subject: subject,
                deliver_policy: jetstream::consumer::DeliverPolicy::All,
                ..Default::default()
            })
            .await
            .map_err(|error| cluster_error("cannot read a room's log", error))?;
        let mut messages = consumer
            .messages()
            .await
            .map_err(|error| cluster_error("cannot read a room's log", error))?;
        let mut loaded = LoadedRoom::default();
        while loaded.position < last {
            let message = messages
                .next()
                .await
                .ok_or_else(|| StoreError::Cluster("a room's log ended early".into()))?
                .map_err(|error| cluster_error("cannot read a room's log", error))?;
            let position = message
                .info()
                .map_err(|error| cluster_error("a log message without its place", error))?
                .stream_sequence;
            let record: Record = serde_json::from_slice(&message.payload)
                .map_err(|error| StoreError::Corrupt(format!("room {room}, message {position}: {error}")))?;
            let expected = loaded.stored.entries.len() as u64 + 1;
            if record.entry.seq != expected {
                return Err(StoreError::Corrupt(format!(
                    "room {room}: entry {} where {expected} was due",
                    record.entry.seq
                )));
            }
            loaded.stored.entries.push(record.entry);
            if let Some(seat_tokens) = record.secrets.seat_tokens {
                loaded.stored.seat_tokens = seat_tokens;
            }
            if let Some(seed) = record.secrets.dice_seed {
                loaded.stored.dice_seed = Some(seed);
            }
            loaded.position = position;
        }
        Ok(loaded)
    }

    /// Appends one event (with what the host keeps beside it) after the message at `position`,
    /// and returns the new position. [`StoreError::Fenced`] if another node appended since.
    pub async fn append(
        &self,
        room: &RoomName,
        entry: &LogEntry,
        secrets: &Secrets,
        position: u64,
    ) -> Result<u64, StoreError> {
        let record = Record {
            entry: entry.clone(),
            secrets: secrets.clone(),
        };
        append_after(&self.context, room_subject(room), &record, position).await
    }
}
