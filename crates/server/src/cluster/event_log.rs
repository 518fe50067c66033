//! Events in JetStream, when the server runs as a node of a cluster, so that any node
//! serves any event and a table's room may be owned by any node.
//!
//! One stream holds them: each event is the records on its own subject (opened, a table's entries handed
//! in, closed), and each room tied to an event is one record on a subject of its own. Every append names
//! the position of the subject's last record, as the rooms' logs do ([`super::stream_log`]): two nodes that
//! both hand in after the same record cannot both keep theirs, and the one refused reads what it missed
//! and decides again. A room is tied once: its record is appended only where the room has none.

use async_nats::jetstream::{self, consumer, stream};
use fivedice_room::RoomName;
use futures_util::{Stream, StreamExt};

use super::stream_log::{READ_WITHIN, append_after, named_subject, patiently};
use crate::database::StoreError;
use crate::event_store::{EventRecord, TiedRoom};

/// The stream every event and every tie is kept in.
pub const STREAM: &str = "FIVEDICE_EVENTS";

const EVENT_SUBJECTS: &str = "fivedice.event";
const TIE_SUBJECTS: &str = "fivedice.tie";

/// The stream, shared by every event of this node.
pub struct EventLog {
    context: jetstream::Context,
    stream: stream::Stream,
}

fn cluster_error(what: &str, error: impl std::fmt::Display) -> StoreError {
    StoreError::Cluster(format!("{what}: {error}"))
}

/// Records as they are read: each with its position in the stream.
pub type Records = Vec<(u64, EventRecord)>;

/// What [`EventLog`] follows: records of a kind, as they are appended.
pub type FollowingOf<T> = std::pin::Pin<Box<dyn Stream<Item = Result<T, StoreError>> + Send>>;

/// An event's records that come after a backlog, each with its position.
pub type Following = FollowingOf<(u64, EventRecord)>;

impl EventLog {
    /// Opens the stream, creating it (with `replicas` copies) if this is the cluster's first node.
    pub async fn open(context: jetstream::Context, replicas: usize) -> Result<EventLog, StoreError> {
        let config = stream::Config {
            name: STREAM.into(),
            subjects: vec![format!("{EVENT_SUBJECTS}.>"), format!("{TIE_SUBJECTS}.>")],
            storage: stream::StorageType::File,
            num_replicas: replicas,
            // An event replays from its first record: none may be dropped by age.
            max_age: std::time::Duration::ZERO,
            discard: stream::DiscardPolicy::Old,
            ..Default::default()
        };
        let stream = super::open_stream(&context, config, "cannot open the events' stream").await?;
        Ok(EventLog { context, stream })
    }

    /// The records of `subject` after `position` as they are now, and the stream of those appended later.
    async fn backlog<T: serde::de::DeserializeOwned + Send + 'static>(
        &self,
        subject: String,
        position: u64,
    ) -> Result<(Vec<(u64, T)>, FollowingOf<(u64, T)>), StoreError> {
        let reading = |error: &dyn std::fmt::Display| cluster_error("cannot read the events' stream", error);
        let consumer = self
            .stream
            .create_consumer(consumer::pull::OrderedConfig {
                filter_subject: subject,
                deliver_policy: consumer::DeliverPolicy::ByStartSequence {
                    start_sequence: position + 1,
                },
                ..Default::default()
            })
            .await
            .map_err(|error| reading(&error))?;
        let pending = consumer.cached_info().num_pending;
        let messages = consumer.messages().await.map_err(|error| reading(&error))?;
        let mut following: FollowingOf<(u64, T)> = Box::pin(messages.map(move |message| {
            let message = message.map_err(|error| reading(&error))?;
            let position = message
                .info()
                .map_err(|error| cluster_error("a record without its place", error))?
                .stream_sequence;
            let record = serde_json::from_slice(&message.payload)
                .map_err(|error| StoreError::Corrupt(format!("events' record {position}: {error}")))?;
            Ok((position, record))
        }));
        let mut records = Vec::new();
        for _ in 0..pending {
            let next = following.next().await;
            records.push(next.ok_or_else(|| StoreError::Cluster("the events' stream ended early".into()))??);
        }
        Ok((records, following))
    }

    /// An event's records after `position`, and then those appended later.
    pub async fn follow(&self, event: &RoomName, position: u64) -> Result<(Records, Following), StoreError> {
        let subject = named_subject(EVENT_SUBJECTS, event);
        patiently("reading an event", READ_WITHIN, || {
            self.backlog(subject.clone(), position)
        })
        .await
    }

    /// An event's records after `position`.
    pub async fn read(&self, event: &RoomName, position: u64) -> Result<Records, StoreError> {
        Ok(self.follow(event, position).await?.0)
    }

    /// Appends a record after the one at `position` (0: the event's first), and returns its own position.
    /// [`StoreError::Fenced`] if another node appended since.
    pub async fn append(
        &self,
        event: &RoomName,
        record: &EventRecord,
        position: u64,
    ) -> Result<u64, StoreError> {
        append_after(
            &self.context,
            named_subject(EVENT_SUBJECTS, event),
            record,
            position,
        )
        .await
    }

    /// Every room tied to an event so far, and then those tied later.
    pub async fn ties(&self) -> Result<(Vec<TiedRoom>, FollowingOf<TiedRoom>), StoreError> {
        let (ties, following) = patiently("reading the tied rooms", READ_WITHIN, || {
            self.backlog(format!("{TIE_SUBJECTS}.>"), 0)
        })
        .await?;
        let following: FollowingOf<TiedRoom> = Box::pin(following.map(|tie| tie.map(|(_, tied)| tied)));
        Ok((ties.into_iter().map(|(_, tied)| tied).collect(), following))
    }

    /// Ties a room to an event, unless it is tied already: then it answers the tie that was kept.
    pub async fn tie(&self, tied: &TiedRoom) -> Result<TiedRoom, StoreError> {
        let subject = named_subject(TIE_SUBJECTS, &tied.room);
        match append_after(&self.context, subject.clone(), tied, 0).await {
            Ok(_) => Ok(tied.clone()),
            Err(StoreError::Fenced) => {
                let kept = patiently("reading a tie", READ_WITHIN, || async {
                    self.stream
                        .get_last_raw_message_by_subject(&subject)
                        .await
                        .map_err(|error| cluster_error("cannot read a tie", error))
                })
                .await?;
                serde_json::from_slice(&kept.payload)
                    .map_err(|error| StoreError::Corrupt(format!("the tie of room {}: {error}", tied.room)))
            }
            Err(error) => Err(error),
        }
    }
}
