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

use std::time::{Duration, Instant};

use async_nats::jetstream::{self, context::PublishErrorKind, stream};
use async_nats::{HeaderMap, header};
use fivedice_room::{LogEntry, RoomName};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::database::{Secrets, StoreError, StoredRoom};

/// The stream every room's log is kept in.
pub const STREAM: &str = "FIVEDICE_ROOMS";

/// The subjects under which rooms' logs are kept (one subject per room below it).
const SUBJECTS: &str = "fivedice.room";

/// How long a node keeps trying a read or an append that NATS cannot serve now. A replicated stream that
/// lost its leader has none for the 4 to 9 s of an election (nats-server's raft timeouts), and a node on a
/// NATS server that froze moves to another once that server misses its pings: waiting that out loses
/// nothing, whereas giving a room up sends every device in it away.
const NATS_PATIENCE: Duration = Duration::from_secs(15);

/// How long one try of a write may take (NATS answers in milliseconds when it is well).
pub(crate) const WRITE_WITHIN: Duration = Duration::from_secs(2);

/// How long one try of a read may take: a long log or an event's backlog takes longer than a write.
pub(crate) const READ_WITHIN: Duration = Duration::from_secs(5);

const TRY_AGAIN_AFTER: Duration = Duration::from_millis(100);

/// One message of a room's log.
#[derive(Serialize, Deserialize)]
struct Record {
    entry: LogEntry,
    #[serde(flatten)]
    secrets: Secrets,
}

impl Record {
    fn of(entry: &LogEntry, secrets: &Secrets) -> Record {
        Record {
            entry: entry.clone(),
            secrets: secrets.clone(),
        }
    }
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

/// The room a subject of the rooms' stream names (`None` for one that names none).
fn room_of_subject(subject: &str) -> Option<RoomName> {
    let hex = subject.strip_prefix(SUBJECTS)?.strip_prefix('.')?;
    let bytes = (0..hex.len())
        .step_by(2)
        .map(|at| {
            hex.get(at..at + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
        })
        .collect::<Option<Vec<u8>>>()?;
    RoomName::parse(std::str::from_utf8(&bytes).ok()?).ok()
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

/// What `attempt` gives, tried again while NATS cannot serve it (a [`StoreError::Cluster`], or a try that takes
/// longer than `try_within`) for up to [`NATS_PATIENCE`]. Each try must be safe to repeat.
pub(crate) async fn patiently<T, Try: Future<Output = Result<T, StoreError>>>(
    what: &str,
    try_within: Duration,
    mut attempt: impl FnMut() -> Try,
) -> Result<T, StoreError> {
    let deadline = Instant::now() + NATS_PATIENCE;
    loop {
        let outcome = tokio::time::timeout(try_within, attempt())
            .await
            .unwrap_or_else(|_| Err(StoreError::Cluster(format!("{what} timed out"))));
        match outcome {
            Err(StoreError::Cluster(why)) if Instant::now() + TRY_AGAIN_AFTER < deadline => {
                tracing::debug!(%why, "{what}: trying again");
                tokio::time::sleep(TRY_AGAIN_AFTER).await;
            }
            outcome => return outcome,
        }
    }
}

/// Appends `record` to `subject` if the subject's last message is still the one at `position` (0: it has
/// none), atomically, and returns the new message's position; [`StoreError::Fenced`] if it is not.
///
/// Every try carries one message id: a try that was stored but whose answer was lost is answered by the
/// next as a duplicate, with its position, instead of being stored twice or taken for another node's.
pub(crate) async fn append_after(
    context: &jetstream::Context,
    subject: String,
    record: &impl Serialize,
    position: u64,
) -> Result<u64, StoreError> {
    let mut nonce = [0u8; 8];
    getrandom::fill(&mut nonce)
        .map_err(|error| StoreError::Cluster(format!("no randomness for a message id: {error}")))?;
    let id = format!("{subject}@{position}/{:016x}", u64::from_le_bytes(nonce));
    append_as(context, subject, record, position, &id).await
}

/// [`append_after`] with the message id `id`: appended again with the same id (by a caller that did not hear
/// the answer), it is stored once and answered with its position.
async fn append_as(
    context: &jetstream::Context,
    subject: String,
    record: &impl Serialize,
    position: u64,
    id: &str,
) -> Result<u64, StoreError> {
    let payload: bytes::Bytes = serde_json::to_vec(record)
        .map_err(|error| StoreError::Corrupt(format!("record not serialisable: {error}")))?
        .into();
    patiently("an append", WRITE_WITHIN, || async {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::NATS_EXPECTED_LAST_SUBJECT_SEQUENCE,
            position.to_string().as_str(),
        );
        headers.insert(header::NATS_MESSAGE_ID, id);
        let ack = context
            .publish_with_headers(subject.clone(), headers, payload.clone())
            .await
            .map_err(|error| cluster_error("cannot append to the stream", error))?;
        match ack.await {
            Ok(ack) => Ok(ack.sequence),
            Err(error) if error.kind() == PublishErrorKind::WrongLastSequence => Err(StoreError::Fenced),
            Err(error) => Err(cluster_error("cannot append to the stream", error)),
        }
    })
    .await
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
            // No age limit: one would drop the first events of a long game and leave a log that does not
            // replay. Rooms untouched for long are forgotten whole (`cluster::forgetting`).
            max_age: Duration::ZERO,
            discard: stream::DiscardPolicy::Old,
            ..Default::default()
        };
        let stream = super::open_stream(&context, config, "cannot open the rooms' stream").await?;
        Ok(StreamLog { context, stream })
    }

    /// A room's whole log, its seat tokens, and its position (empty for a room never written).
    pub async fn load(&self, room: &RoomName) -> Result<LoadedRoom, StoreError> {
        patiently("reading a room's log", READ_WITHIN, || self.read(room)).await
    }

    /// A room's last record (`None` for a room with none).
    async fn last_record(
        &self,
        room: &RoomName,
    ) -> Result<Option<jetstream::message::StreamMessage>, StoreError> {
        match self
            .stream
            .get_last_raw_message_by_subject(&room_subject(room))
            .await
        {
            Ok(last) => Ok(Some(last)),
            Err(error) if error.kind() == stream::LastRawMessageErrorKind::NoMessageFound => Ok(None),
            Err(error) => Err(cluster_error("cannot read a room's last record", error)),
        }
    }

    async fn read(&self, room: &RoomName) -> Result<LoadedRoom, StoreError> {
        let subject = room_subject(room);
        let Some(last) = self.last_record(room).await?.map(|last| last.sequence) else {
            return Ok(LoadedRoom::default());
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
            if let Some(hand_overs) = record.secrets.hand_overs {
                loaded.stored.hand_overs = hand_overs;
            }
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

    /// The rooms of the stream that `wanted` picks, each read no further than its name.
    pub async fn rooms(&self, wanted: impl Fn(&RoomName) -> bool) -> Result<Vec<RoomName>, StoreError> {
        let unreadable = |error: &dyn std::fmt::Display| cluster_error("cannot list the rooms", error);
        let mut subjects = self
            .stream
            .info_with_subjects(format!("{SUBJECTS}.>"))
            .await
            .map_err(|error| unreadable(&error))?;
        let mut rooms = Vec::new();
        while let Some(subject) = subjects.next().await {
            let (subject, _) = subject.map_err(|error| unreadable(&error))?;
            match room_of_subject(&subject) {
                Some(room) if wanted(&room) => rooms.push(room),
                Some(_) => {}
                None => tracing::warn!(%subject, "a subject in the rooms' stream that names no room"),
            }
        }
        Ok(rooms)
    }

    /// Where a room's log ends (its last record's position), and whether its last record is older than
    /// `untouched_for`; `None` for a room with no record.
    pub async fn last_touched(
        &self,
        room: &RoomName,
        untouched_for: Duration,
    ) -> Result<Option<(u64, bool)>, StoreError> {
        let Some(last) = self.last_record(room).await? else {
            return Ok(None);
        };
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        let written = u64::try_from(last.time.unix_timestamp()).unwrap_or(0);
        Ok(Some((
            last.sequence,
            now.saturating_sub(written) >= untouched_for.as_secs(),
        )))
    }

    /// Removes every record of a room whose log still ends at `through` (looked at again just before: a room
    /// written to since is kept). A node that appends to it after that is fenced, and finds the room new.
    pub async fn forget(&self, room: &RoomName, through: u64) -> Result<bool, StoreError> {
        if self
            .last_touched(room, Duration::ZERO)
            .await?
            .map(|(last, _)| last)
            != Some(through)
        {
            return Ok(false);
        }
        self.stream
            .purge()
            .filter(room_subject(room))
            .await
            .map(|_| true)
            .map_err(|error| cluster_error("cannot forget a room", error))
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
        let record = Record::of(entry, secrets);
        append_after(&self.context, room_subject(room), &record, position).await
    }

    /// [`StreamLog::append`] with the message id `id`, for a caller that may append the same event again
    /// (as the node's own tries do): stored once, answered each time with its position.
    pub async fn append_as(
        &self,
        room: &RoomName,
        entry: &LogEntry,
        secrets: &Secrets,
        position: u64,
        id: &str,
    ) -> Result<u64, StoreError> {
        let record = Record::of(entry, secrets);
        append_as(&self.context, room_subject(room), &record, position, id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rooms_subject_names_it_back() {
        for name in ["Friday", "Chez Léa · 4821", "a.b c"] {
            let room = RoomName::parse(name).expect("a name");
            assert_eq!(room_of_subject(&room_subject(&room)), Some(room));
        }
        for stranger in [
            "fivedice.room",
            "fivedice.room.4",
            "fivedice.room.zz",
            "fivedice.event.46",
            "other.46",
        ] {
            assert_eq!(room_of_subject(stranger), None, "{stranger}");
        }
    }
}
