//! Where events are kept: this server's SQLite file beside its rooms, or, for a node of a cluster, the
//! cluster's JetStream stream (`cluster::event_log`), where any node serves any event and any node may own
//! a table's room. The rest of `events` reads and writes an event through these calls alike; in the
//! stream each write names the record it follows, and a node that was not the first to write there reads
//! what it missed ([`Events::catch_up`]) and decides again.

use std::sync::Arc;

use fivedice_room::event::EventState;
use fivedice_room::{LogEntry, RoomName};
use fivedice_rules::Rules;
use futures_util::StreamExt;
use tokio::sync::watch;

use super::{Events, Held, Live, Refused, WRITE_TRIES, in_the_store, refusal, unavailable};
use crate::cluster::event_log::Following;
use crate::database::{Database, StoreError};
use crate::event_store::{EventRecord, StoredEvent, TiedRoom};
use crate::logs::Logs;
use crate::stopping;

/// Runs storage work on a blocking thread.
pub(super) async fn blocking<T: Send + 'static>(
    store: &Arc<Database>,
    work: impl FnOnce(&Database) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let store = Arc::clone(store);
    tokio::task::spawn_blocking(move || work(&store))
        .await
        .map_err(|_| StoreError::Open("the storage task stopped".into()))?
}

fn damaged(event: &str, error: &impl std::fmt::Display) -> Refused {
    tracing::error!(%event, %error, "an event's record does not replay");
    refusal(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "event_damaged",
        format!("This event's record is damaged: {error}"),
    )
}

impl Held {
    /// The event as the file keeps it.
    fn replay(stored: StoredEvent) -> Result<Held, StoreError> {
        let mut event = EventState::new(stored.name, stored.rules);
        for (id, name, entries) in &stored.tables {
            event
                .take(id, name, entries)
                .map_err(|error| StoreError::Corrupt(format!("table {id}: {error}")))?;
        }
        if stored.closed_ms.is_some() {
            event.close();
        }
        Ok(Held {
            event,
            invitation: stored.invitation,
            organiser: stored.organiser,
            position: 0,
            closed_ms: stored.closed_ms,
            table_keys: stored.table_keys,
        })
    }

    /// The event as the stream keeps it, if it has a record.
    fn from_records(records: Vec<(u64, EventRecord)>) -> Result<Option<Held>, StoreError> {
        let mut records = records.into_iter();
        let Some((position, first)) = records.next() else {
            return Ok(None);
        };
        let EventRecord::Opened {
            name,
            rules,
            invitation,
            organiser,
        } = first
        else {
            return Err(StoreError::Corrupt("its first record does not open it".into()));
        };
        let mut held = Held {
            event: EventState::new(name, rules),
            invitation,
            organiser,
            position,
            closed_ms: None,
            table_keys: Default::default(),
        };
        for (position, record) in records {
            held.apply(position, record)?;
        }
        Ok(Some(held))
    }

    /// A record another node kept (or that this node reads back), made this event's.
    fn apply(&mut self, position: u64, record: EventRecord) -> Result<(), StoreError> {
        match record {
            EventRecord::HandedIn { table, name, entries } => {
                self.event
                    .take(&table, &name, &entries)
                    .map_err(|error| StoreError::Corrupt(format!("record {position}: {error}")))?;
            }
            EventRecord::Closed { at_ms } => {
                self.event.close();
                self.closed_ms = Some(at_ms);
            }
            EventRecord::Reopened => {
                self.event.reopen();
                self.closed_ms = None;
            }
            EventRecord::OrganiserMoved { organiser } => self.organiser = organiser,
            EventRecord::TableOffered { ref table, .. } | EventRecord::TableTaken { ref table, .. } => {
                let keys = self
                    .table_keys
                    .get(table)
                    .cloned()
                    .unwrap_or_default()
                    .after(&record);
                self.table_keys.insert(table.clone(), keys);
            }
            EventRecord::Opened { .. } => {
                return Err(StoreError::Corrupt(format!("record {position} opens it again")));
            }
        }
        self.position = position;
        Ok(())
    }
}

impl Events {
    /// Keeps a new event: `None` if one of that name exists; else where its record ends.
    pub(super) async fn keep_new(
        &self,
        name: &RoomName,
        rules: Rules,
        invitation: &str,
        organiser: &str,
    ) -> Result<Option<u64>, Refused> {
        match &self.logs {
            Logs::File(store) => {
                let (name, invitation, organiser) =
                    (name.clone(), invitation.to_string(), organiser.to_string());
                let created = in_the_store(Arc::clone(store), move |store| {
                    store.create_event(&name, rules, &invitation, &organiser)
                })
                .await?;
                Ok(created.then_some(0))
            }
            Logs::Stream(cluster) => {
                let opened = EventRecord::Opened {
                    name: name.clone(),
                    rules,
                    invitation: invitation.into(),
                    organiser: organiser.into(),
                };
                match cluster.events.append(name, &opened, 0).await {
                    Ok(position) => Ok(Some(position)),
                    Err(StoreError::Fenced) => Ok(None),
                    Err(error) => Err(unavailable(error)),
                }
            }
        }
    }

    /// The event of that name as it is kept, if there is one, and (in a cluster) what other nodes keep
    /// of it from then on.
    pub(super) async fn load(&self, name: &RoomName) -> Result<Option<(Held, Option<Following>)>, Refused> {
        match &self.logs {
            Logs::File(store) => {
                let wanted = name.clone();
                let stored = in_the_store(Arc::clone(store), move |store| store.load_event(&wanted)).await?;
                let Some(stored) = stored else {
                    return Ok(None);
                };
                let held = Held::replay(stored).map_err(|error| damaged(name.shown(), &error))?;
                Ok(Some((held, None)))
            }
            Logs::Stream(cluster) => {
                let (records, following) = cluster.events.follow(name, 0).await.map_err(unavailable)?;
                let held = Held::from_records(records).map_err(|error| damaged(name.shown(), &error))?;
                Ok(held.map(|held| (held, Some(following))))
            }
        }
    }

    /// Keeps one change of the event, after the last one `held` knows of; [`StoreError::Fenced`] if
    /// another node kept one there first.
    pub(super) async fn keep(&self, held: &mut Held, record: EventRecord) -> Result<(), StoreError> {
        let event = held.event.name().clone();
        match &self.logs {
            Logs::File(store) => match record {
                EventRecord::HandedIn { table, name, entries } => {
                    blocking(store, move |store| store.hand_in(&event, &table, &name, &entries)).await
                }
                EventRecord::Closed { at_ms } => {
                    blocking(store, move |store| store.set_closed(&event, Some(at_ms))).await
                }
                EventRecord::Reopened => blocking(store, move |store| store.set_closed(&event, None)).await,
                EventRecord::OrganiserMoved { organiser } => {
                    blocking(store, move |store| store.set_organiser(&event, &organiser)).await
                }
                EventRecord::TableOffered { ref table, .. } | EventRecord::TableTaken { ref table, .. } => {
                    let keys = held
                        .table_keys
                        .get(table)
                        .cloned()
                        .unwrap_or_default()
                        .after(&record);
                    let table = table.clone();
                    blocking(store, move |store| store.set_table_keys(&event, &table, &keys)).await
                }
                EventRecord::Opened { .. } => Err(StoreError::Corrupt("an event is opened only once".into())),
            },
            Logs::Stream(cluster) => {
                held.position = cluster.events.append(&event, &record, held.position).await?;
                Ok(())
            }
        }
    }

    /// Keeps the record `decide` makes of the event as it stands (none: nothing to change) and makes it the
    /// event's; decided again after reading what another node of a cluster kept first.
    pub(super) async fn keep_decided(
        &self,
        held: &mut Held,
        mut decide: impl FnMut(&Held) -> Result<Option<EventRecord>, Refused>,
    ) -> Result<(), Refused> {
        for _ in 0..WRITE_TRIES {
            let Some(record) = decide(held)? else {
                return Ok(());
            };
            match self.keep(held, record.clone()).await {
                Ok(()) => {
                    let position = held.position;
                    return held.apply(position, record).map_err(unavailable);
                }
                Err(StoreError::Fenced) => self.catch_up(held).await?,
                Err(error) => return Err(unavailable(error)),
            }
        }
        Err(unavailable(StoreError::Fenced))
    }

    /// What other nodes kept of the event since `held` last heard of it, made its own (nothing to read in
    /// the file, which only this server writes).
    pub(super) async fn catch_up(&self, held: &mut Held) -> Result<(), Refused> {
        let Logs::Stream(cluster) = &self.logs else {
            return Ok(());
        };
        let event = held.event.name().clone();
        let records = cluster
            .events
            .read(&event, held.position)
            .await
            .map_err(unavailable)?;
        for (position, record) in records {
            held.apply(position, record)
                .map_err(|error| damaged(event.shown(), &error))?;
        }
        Ok(())
    }

    /// Ties a room to an event: the tie kept (this one, or the room's earlier one), or `None` if the room
    /// has been played in.
    pub(super) async fn keep_tie(&self, tied: &TiedRoom) -> Result<Option<TiedRoom>, Refused> {
        match &self.logs {
            Logs::File(store) => {
                let tying = tied.clone();
                let kept = in_the_store(Arc::clone(store), move |store| store.tie_room(&tying)).await?;
                Ok(kept.then(|| tied.clone()))
            }
            Logs::Stream(cluster) => {
                let played = !self.room_entries_after(&tied.room, 0).await?.is_empty();
                if played {
                    return Ok(None);
                }
                cluster.events.tie(tied).await.map(Some).map_err(unavailable)
            }
        }
    }

    /// A room's log after `seq`.
    pub(super) async fn room_entries_after(
        &self,
        room: &RoomName,
        seq: u64,
    ) -> Result<Vec<LogEntry>, Refused> {
        match &self.logs {
            Logs::File(store) => {
                let room = room.clone();
                in_the_store(Arc::clone(store), move |store| {
                    store.entries_between(&room, seq, u64::MAX)
                })
                .await
            }
            Logs::Stream(cluster) => {
                let mut entries = cluster.log.load(room).await.map_err(unavailable)?.stored.entries;
                entries.retain(|entry| entry.seq > seq);
                Ok(entries)
            }
        }
    }

    /// In a cluster, the rooms tied to events so far, and from then on those tied on any node (read again
    /// after a second if the stream breaks).
    pub(super) async fn follow_ties(&self) -> Result<(), StoreError> {
        let Logs::Stream(cluster) = &self.logs else {
            return Ok(());
        };
        let (ties, mut following) = cluster.events.ties().await?;
        let tied = Arc::clone(&self.tied);
        let insert = move |tie: TiedRoom| {
            let mut map = tied.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            map.insert(tie.room.clone(), tie);
        };
        ties.into_iter().for_each(&insert);
        let (cluster, mut shutdown) = (Arc::clone(cluster), self.shutdown.clone());
        tokio::spawn(async move {
            loop {
                loop {
                    let next = tokio::select! {
                        next = following.next() => next,
                        () = stopping(&mut shutdown) => return,
                    };
                    match next {
                        Some(Ok(tie)) => insert(tie),
                        Some(Err(error)) => {
                            tracing::warn!(%error, "following the tied rooms broke off");
                            break;
                        }
                        None => break,
                    }
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                match cluster.events.ties().await {
                    Ok((ties, again)) => {
                        ties.into_iter().for_each(&insert);
                        following = again;
                    }
                    Err(error) => tracing::warn!(%error, "the tied rooms could not be read again"),
                }
            }
        });
        Ok(())
    }
}

/// Makes what other nodes keep of an event this node's, and shows it on the board, until the server stops.
/// If the stream breaks, the event is read afresh the next time it is asked for.
pub(super) fn follow(
    event: RoomName,
    live: Arc<Live>,
    mut following: Following,
    mut shutdown: watch::Receiver<bool>,
) {
    tokio::spawn(async move {
        loop {
            let next = tokio::select! {
                next = following.next() => next,
                () = stopping(&mut shutdown) => return,
            };
            let followed = match next {
                Some(Ok((position, record))) => {
                    let mut held = live.held.lock().await;
                    // Records this node kept itself it has already.
                    if position <= held.position {
                        continue;
                    }
                    let applied = held.apply(position, record);
                    live.publish(&held.event);
                    applied
                }
                Some(Err(error)) => Err(error),
                None => Err(StoreError::Cluster("the events' stream ended".into())),
            };
            if let Err(error) = followed {
                tracing::warn!(%event, %error, "following an event broke off");
                live.stale.store(true, std::sync::atomic::Ordering::Relaxed);
                return;
            }
        }
    });
}
