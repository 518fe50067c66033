//! This node's view of who is live.
//!
//! Each node puts its own key in a key-value bucket every [`HEARTBEAT_EVERY`] (its value: the node's
//! incarnation, new each time the process starts) and watches the whole bucket. A node counts as live
//! while it was heard within [`LIVE_FOR`], by this node's own clock at receipt (the machines' clocks need
//! not agree); a node that stops cleanly deletes its key and is gone at once. Silence counts only while the
//! bucket is heard to work: while a node does not hear its own heartbeats come back (the bucket's stream is
//! electing a leader after a NATS server died, or this node is cut off), it judges the others as of the
//! last one it heard, so a store that pauses moves no room.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use async_nats::jetstream::kv;
use futures_util::StreamExt;
use tokio::sync::watch;

use super::members::{Member, Members};

/// How often a node says it is alive.
pub const HEARTBEAT_EVERY: Duration = Duration::from_millis(250);

/// How long after its last heartbeat a node still counts as live. Short, for a room to be playable again
/// within 3 s of its owner's death (this, a look, and loading the room); longer than a 2 s stall and the
/// heartbeat before it, so that a busy machine's late beats do not move rooms about.
pub const LIVE_FOR: Duration = Duration::from_millis(2500);

/// How long after this node's own heartbeat came back the bucket is still taken to work: two beats.
const BUCKET_WORKS_FOR: Duration = HEARTBEAT_EVERY.saturating_mul(2);

/// How often the members are looked over for ones that fell silent.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// How long a watch may bring nothing, not even this node's own heartbeats, before it is opened anew.
const WATCH_SILENT_FOR: Duration = HEARTBEAT_EVERY.saturating_mul(4);

/// How long opening a watch may take (a consumer made on the bucket's leader) before it is tried again.
const WATCH_OPEN_WAIT: Duration = Duration::from_secs(1);

/// This node's view of the cluster, kept up to date by [`Roster::listen`] (the others) and
/// [`Roster::beat`] (this node).
pub struct Roster {
    me: Member,
    /// Every other node heard from: its incarnation and when it was last heard.
    heard: Mutex<HashMap<String, (u64, Instant)>>,
    /// When this process last heard its own heartbeat come back from the bucket.
    heard_myself: Mutex<Option<Instant>>,
    /// Another process's heartbeats under this node's own id: its incarnation, and how many were heard.
    twin: Mutex<Option<(u64, u32)>>,
    view: watch::Sender<Arc<Members>>,
}

impl Roster {
    pub fn new(me: Member) -> Roster {
        let alone = Arc::new(Members::new(vec![me.clone()]));
        Roster {
            me,
            heard: Mutex::new(HashMap::new()),
            heard_myself: Mutex::new(None),
            twin: Mutex::new(None),
            view: watch::Sender::new(alone),
        }
    }

    pub fn me(&self) -> &Member {
        &self.me
    }

    pub fn members(&self) -> Arc<Members> {
        self.view.borrow().clone()
    }

    pub fn subscribe(&self) -> watch::Receiver<Arc<Members>> {
        self.view.subscribe()
    }

    fn heard(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, Instant)>> {
        // Only whole entries are ever written: a poisoned map is still consistent.
        self.heard.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether another process is beating under this node's id now: two of its heartbeats heard (the one a
    /// process killed without a word left in the bucket is a single entry, which a restart under the same
    /// id must not take for a twin).
    pub fn twin_alive(&self) -> bool {
        let twin = self.twin.lock().unwrap_or_else(PoisonError::into_inner);
        twin.is_some_and(|(_, heard)| heard >= 2)
    }

    /// `member` did not answer a request at all (nobody listens on its subject): it is taken for gone now
    /// rather than when its heartbeats would have run out. Its next heartbeat, if it is alive, brings it
    /// back. Not while the bucket is silent: then NATS itself is failing over, and a node on the server that
    /// went has no subscriptions for a moment; it goes when its heartbeats run out.
    pub fn gone(&self, member: &Member) {
        let now = Instant::now();
        if self.bucket_heard_until(now) < now {
            return;
        }
        let mut heard = self.heard();
        if heard
            .get(&member.node)
            .is_some_and(|(incarnation, _)| *incarnation == member.incarnation)
        {
            heard.remove(&member.node);
        }
        drop(heard);
        self.refresh();
    }

    /// Until when the bucket is known to have worked: now while this node's own heartbeats come back (or
    /// before the first has), else shortly after the last one did. Silence counts only up to then.
    fn bucket_heard_until(&self, now: Instant) -> Instant {
        let heard_myself = *self.heard_myself.lock().unwrap_or_else(PoisonError::into_inner);
        heard_myself.map_or(now, |at| now.min(at + BUCKET_WORKS_FOR))
    }

    /// This node's own heartbeat came back at `now`. If the bucket was silent before it, that time counts
    /// against no node: each is judged from then on as if it had been heard that much later.
    fn heard_myself_at(&self, now: Instant) {
        let mut heard_myself = self.heard_myself.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(before) = *heard_myself {
            let unheard = now.duration_since(before).saturating_sub(BUCKET_WORKS_FOR);
            if !unheard.is_zero() {
                for (_, at) in self.heard().values_mut() {
                    *at = now.min(*at + unheard);
                }
            }
        }
        *heard_myself = Some(now);
    }

    /// Works out the live members again and tells whoever watches if they changed.
    fn refresh(&self) {
        let as_of = self.bucket_heard_until(Instant::now());
        let mut live: Vec<Member> = self
            .heard()
            .iter()
            .filter(|(_, (_, at))| as_of.saturating_duration_since(*at) < LIVE_FOR)
            .map(|(node, (incarnation, _))| Member {
                node: node.clone(),
                incarnation: *incarnation,
            })
            .filter(|member| member.node != self.me.node)
            .collect();
        live.push(self.me.clone());
        let members = Members::new(live);
        self.view.send_if_modified(|view| {
            let changed = **view != members;
            if changed {
                *view = Arc::new(members);
            }
            changed
        });
    }

    /// Hears the other nodes' heartbeats in `bucket` from now on, until the task is aborted.
    pub fn listen(self: &Arc<Self>, bucket: kv::Store) -> tokio::task::JoinHandle<()> {
        let roster = Arc::clone(self);
        tokio::spawn(async move { roster.watch(bucket).await })
    }

    /// Heartbeats into `bucket` until `shutdown`, then deletes this node's key and stops `listening`.
    pub async fn beat(
        self: Arc<Self>,
        bucket: kv::Store,
        mut shutdown: watch::Receiver<bool>,
        listening: tokio::task::JoinHandle<()>,
    ) {
        let mut beat = tokio::time::interval(HEARTBEAT_EVERY);
        beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let value = bytes::Bytes::from(self.me.incarnation.to_string());
        loop {
            tokio::select! {
                _ = beat.tick() => {
                    if let Err(error) = bucket.put(&self.me.node, value.clone()).await {
                        tracing::warn!(%error, "a heartbeat was not stored");
                    }
                }
                () = crate::stopping(&mut shutdown) => break,
            }
        }
        if let Err(error) = bucket.delete(&self.me.node).await {
            tracing::warn!(%error, "this node's heartbeat key was not deleted; it expires by itself");
        }
        listening.abort();
    }

    /// Follows the bucket's heartbeats. A watch that falls silent is opened anew rather than left to
    /// recreate its consumer by itself: that waits up to 10 s between tries, so a bucket that worked
    /// again after an election would go unheard for half a minute (and no room would move meanwhile).
    async fn watch(&self, bucket: kv::Store) {
        let mut look = tokio::time::interval(LOOK_EVERY);
        loop {
            let entries = tokio::time::timeout(WATCH_OPEN_WAIT, bucket.watch_all()).await;
            let mut entries = match entries {
                Ok(Ok(entries)) => entries,
                Ok(Err(error)) => {
                    tracing::warn!(%error, "cannot watch the members; trying again");
                    tokio::time::sleep(HEARTBEAT_EVERY).await;
                    continue;
                }
                Err(_) => continue,
            };
            let mut last_heard = Instant::now();
            loop {
                tokio::select! {
                    entry = entries.next() => match entry {
                        Some(Ok(entry)) => {
                            last_heard = Instant::now();
                            self.hear(&entry);
                        }
                        Some(Err(error)) => {
                            tracing::warn!(%error, "watching the members failed; watching again");
                            break;
                        }
                        None => break,
                    },
                    _ = look.tick() => {
                        if last_heard.elapsed() >= WATCH_SILENT_FOR {
                            break;
                        }
                    }
                }
                self.refresh();
            }
        }
    }

    fn hear(&self, entry: &kv::Entry) {
        if entry.key == self.me.node {
            self.hear_own_id(entry);
            return;
        }
        match entry.operation {
            kv::Operation::Put => match std::str::from_utf8(&entry.value)
                .ok()
                .and_then(|v| v.parse().ok())
            {
                Some(incarnation) => {
                    self.heard()
                        .insert(entry.key.clone(), (incarnation, Instant::now()));
                }
                None => tracing::warn!(node = %entry.key, "a heartbeat that is not an incarnation"),
            },
            kv::Operation::Delete | kv::Operation::Purge => {
                self.heard().remove(&entry.key);
            }
        }
    }

    /// A heartbeat under this node's own id: this process's, or a twin's (see [`Roster::twin_alive`]).
    fn hear_own_id(&self, entry: &kv::Entry) {
        let incarnation = std::str::from_utf8(&entry.value)
            .ok()
            .and_then(|value| value.parse::<u64>().ok());
        let Some(incarnation) = incarnation else {
            return;
        };
        if incarnation == self.me.incarnation {
            self.heard_myself_at(Instant::now());
            return;
        }
        let mut twin = self.twin.lock().unwrap_or_else(PoisonError::into_inner);
        *twin = match *twin {
            Some((known, heard)) if known == incarnation => Some((known, heard.saturating_add(1))),
            _ => Some((incarnation, 1)),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This node's roster, and another node (incarnation 3) it has not heard yet.
    fn me_and_other() -> (Roster, Member) {
        let roster = Roster::new(Member {
            node: "me".into(),
            incarnation: 7,
        });
        let other = Member {
            node: "other".into(),
            incarnation: 3,
        };
        (roster, other)
    }

    #[test]
    fn a_node_not_answering_is_gone_until_its_next_heartbeat() {
        let (roster, other) = me_and_other();
        roster.heard().insert("other".into(), (3, Instant::now()));
        roster.refresh();
        assert!(roster.members().contains(&other));
        // A gone mark for an older run of that node changes nothing.
        roster.gone(&Member {
            node: "other".into(),
            incarnation: 2,
        });
        assert!(roster.members().contains(&other));
        roster.gone(&other);
        assert!(!roster.members().contains(&other));
        assert_eq!(roster.members().len(), 1);
        roster.heard().insert("other".into(), (3, Instant::now()));
        roster.refresh();
        assert!(roster.members().contains(&other));
    }

    #[test]
    fn silence_counts_only_while_this_node_hears_its_own_heartbeats() {
        let (roster, other) = me_and_other();
        let ago = |seconds: f64| Instant::now() - Duration::from_secs_f64(seconds);
        let heard = |seconds: f64| {
            roster.heard().insert("other".into(), (3, ago(seconds)));
            roster.refresh();
            roster.members().contains(&other)
        };
        let heard_myself =
            |seconds: f64| *roster.heard_myself.lock().expect("unpoisoned") = Some(ago(seconds));
        // The bucket works (this node hears itself): a 2 s stall moves nothing, 3 s of silence is death.
        heard_myself(0.1);
        assert!(heard(2.0), "a 2 s stall moves nothing");
        assert!(!heard(3.0), "3 s of silence is death");
        // The bucket went quiet for everyone: the other's last beat came a little before this node's own last
        // one, and silence counts only until then, at whatever moment it is looked at.
        heard_myself(2.4);
        assert!(heard(2.6), "a beat just before this node's own last one");
        heard_myself(4.0);
        assert!(heard(4.2));
        // The bucket works again: the time it was silent counts against nobody.
        roster.heard().insert("other".into(), (3, ago(3.9)));
        roster.heard_myself_at(Instant::now());
        roster.refresh();
        assert!(
            roster.members().contains(&other),
            "judged as if heard 3.5 s later"
        );
        // While the bucket is silent, a node not answering is not taken for gone at once.
        heard_myself(3.0);
        roster.gone(&other);
        assert!(roster.members().contains(&other));
        heard_myself(0.1);
        roster.gone(&other);
        assert!(!roster.members().contains(&other));
    }
}
