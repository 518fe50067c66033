//! What each table that plays in an event has handed in to it: [`Feeds`], the one writer of it. A table hands its
//! log in as it is written, one request at a time; one that cannot reach the server plays on and hands in what
//! the event lacks once it can (the server skips what it has, so nothing counts twice). Only the events chunk
//! reaches this (its requests and the badge above the sheet read it), so its code travels with that chunk.

use std::cell::RefCell;
use std::rc::Rc;

use fivedice_room::LogEntry;
use leptos::prelude::{ArcTrigger, Notify, Track};

/// What became of a hand-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandInAnswer {
    /// The event keeps the table's log up to `seq`.
    Kept(u64),
    /// The event has the table's log up to `seq` only: what follows is sent.
    Gap(u64),
    /// The event refuses the table, for good (another game, the event closed before it joined, a wrong key):
    /// the refusal's code.
    Refused(String),
    /// No answer: the device is offline, or the server is.
    Unanswered,
}

/// How a table stands with its event, as its players are shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Handing {
    /// Everything written is with the event.
    #[default]
    UpToDate,
    /// Some entries are not with the event yet: on their way, or waiting for the network.
    Behind { offline: bool },
    /// The event refused the table: the refusal's code.
    Refused(String),
}

/// One table's hand-ins: what the event has acknowledged, and whether a request is on its way.
#[derive(Clone, Debug, Default)]
struct Feed {
    acked: u64,
    sending: bool,
    refused: bool,
    /// How many hand-ins in a row went unanswered (the next waits longer).
    unanswered: u32,
}

#[derive(Default)]
struct Held {
    /// Each table's hand-ins, by its id (the tables of events played on this device: a handful).
    feeds: Vec<(String, Feed)>,
    /// How the table open stands with its event.
    handing: Handing,
}

/// The hand-ins of this page: one for the page's life, the events' part's (`crate::store::Events::feeds`).
#[derive(Clone, Default)]
pub struct Feeds {
    held: Rc<RefCell<Held>>,
    /// Fires when `handing` changes.
    handing_changed: ArcTrigger,
}

impl Feeds {
    /// How the table open stands with its event (tracked).
    pub fn handing(&self) -> Handing {
        self.handing_changed.track();
        self.held.borrow().handing.clone()
    }

    fn set_handing(&self, handing: Handing) {
        self.held.borrow_mut().handing = handing;
        self.handing_changed.notify();
    }

    fn with_feed<R>(&self, id: &str, change: impl FnOnce(&mut Feed) -> R) -> R {
        let mut held = self.held.borrow_mut();
        let at = match held.feeds.iter().position(|(table, _)| table == id) {
            Some(at) => at,
            None => {
                held.feeds.push((id.to_string(), Feed::default()));
                held.feeds.len() - 1
            }
        };
        change(&mut held.feeds[at].1)
    }

    /// The entries of `log` to send now for table `id`, if any and none is on its way (then it is).
    pub fn next(&self, id: &str, log: &[LogEntry]) -> Option<Vec<LogEntry>> {
        let unsent = self.with_feed(id, |feed| {
            let acked = usize::try_from(feed.acked).unwrap_or(usize::MAX).min(log.len());
            if feed.sending || feed.refused || acked == log.len() {
                return None;
            }
            feed.sending = true;
            Some(log[acked..].to_vec())
        });
        if unsent.is_some() {
            self.set_handing(Handing::Behind { offline: false });
        }
        unsent
    }

    /// Takes the answer to table `id`'s hand-in; whether to send again now (more to send), and how long to wait
    /// first (after no answer: 2 s, then 4, 8, and 15 s from then on; the next box written sends at once).
    pub fn answered(&self, id: &str, answer: HandInAnswer, log_len: usize) -> Option<u32> {
        let (again, handing) = self.with_feed(id, |feed| {
            feed.sending = false;
            match answer {
                HandInAnswer::Kept(seq) | HandInAnswer::Gap(seq) => {
                    feed.acked = seq;
                    feed.unanswered = 0;
                    let behind = (seq as usize) < log_len;
                    let handing = match behind {
                        true => Handing::Behind { offline: false },
                        false => Handing::UpToDate,
                    };
                    (behind.then_some(0), handing)
                }
                HandInAnswer::Refused(why) => {
                    feed.refused = true;
                    (None, Handing::Refused(why))
                }
                HandInAnswer::Unanswered => {
                    feed.unanswered = feed.unanswered.saturating_add(1);
                    let wait = 1_000u32 << feed.unanswered.min(4);
                    (Some(wait.min(15_000)), Handing::Behind { offline: true })
                }
            }
        });
        self.set_handing(handing);
        again
    }
}

#[cfg(test)]
mod tests {
    use fivedice_room::{Event, LogEntry};

    use super::{Feeds, HandInAnswer, Handing};

    fn log(entries: u64) -> Vec<LogEntry> {
        (1..=entries)
            .map(|seq| LogEntry {
                seq,
                event: Event::Left { seat: 0 },
            })
            .collect()
    }

    #[test]
    fn a_table_hands_in_what_the_event_lacks_once_at_a_time_and_catches_up_after_no_answer() {
        let feeds = Feeds::default();
        let written = log(3);
        assert_eq!(feeds.next("t", &written).map(|sent| sent.len()), Some(3));
        // One request at a time: a new entry waits for the answer.
        assert_eq!(feeds.next("t", &log(4)), None);
        assert_eq!(
            feeds.answered("t", HandInAnswer::Kept(3), 4),
            Some(0),
            "more to send at once"
        );
        assert_eq!(feeds.next("t", &log(4)).map(|sent| sent[0].seq), Some(4));
        // No answer: the table plays on, waits longer each time, and sends everything unacknowledged after.
        assert_eq!(feeds.answered("t", HandInAnswer::Unanswered, 6), Some(2_000));
        assert_eq!(feeds.handing(), Handing::Behind { offline: true });
        assert_eq!(feeds.next("t", &log(6)).map(|sent| sent[0].seq), Some(4));
        assert_eq!(feeds.answered("t", HandInAnswer::Unanswered, 6), Some(4_000));
        assert!(feeds.next("t", &log(6)).is_some());
        // The event had less than the table thought: it sends from there.
        assert_eq!(feeds.answered("t", HandInAnswer::Gap(2), 6), Some(0));
        assert_eq!(feeds.next("t", &log(6)).map(|sent| sent[0].seq), Some(3));
        assert_eq!(feeds.answered("t", HandInAnswer::Kept(6), 6), None);
        assert_eq!(feeds.handing(), Handing::UpToDate);
        assert_eq!(feeds.next("t", &log(6)), None, "nothing left to send");
        // Refused for good: the table plays on and sends nothing more.
        assert!(feeds.next("u", &log(1)).is_some());
        assert_eq!(
            feeds.answered("u", HandInAnswer::Refused("closed".into()), 1),
            None
        );
        assert_eq!(feeds.handing(), Handing::Refused("closed".into()));
        assert_eq!(feeds.next("u", &log(2)), None);
    }
}
