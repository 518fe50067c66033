//! Events on this device: [`Events`], the one writer of the event page shown (the organiser's, the big
//! screen), of the invitation the app was opened with (the new game's form sets up a table of it), of what this
//! device keeps of the events it organises, and of the hand-ins: a table of an event hands its log in as it is
//! written ([`hand_in_to_event`]; `crate::event_feed` is the hand-ins' record, and their code is in the events
//! chunk with the pages).

use fivedice_room::{LogEntry, RoomName};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::GameStore;
use super::notices::Notices;
use super::speech::Speech;
use crate::event_client::{Answer, event_url, post};
use crate::event_feed::{Feeds, HandInAnswer};
use crate::launch::{EventLaunch, Invitation};
use crate::storage::Storage;

#[derive(Clone, Copy)]
pub struct Events {
    /// The event page shown instead of the tables (an organiser's, a big screen, a table being taken up), if
    /// any.
    page: RwSignal<Option<EventLaunch>>,
    /// The event's invitation the app was opened with: the next table set up plays in it.
    invitation: StoredValue<Option<Invitation>>,
    /// What each table of an event played here has handed in to it, for the page's life.
    feeds: StoredValue<Feeds, LocalStorage>,
    /// Where the events this device organises are kept.
    storage: StoredValue<Storage, LocalStorage>,
    notices: Notices,
    speech: Speech,
}

impl Events {
    pub(super) fn new(
        storage: StoredValue<Storage, LocalStorage>,
        notices: Notices,
        speech: Speech,
    ) -> Events {
        Events {
            page: RwSignal::new(None),
            invitation: StoredValue::new(None),
            feeds: StoredValue::new_local(Feeds::default()),
            storage,
            notices,
            speech,
        }
    }

    /// The event page shown, if any (as the address asked when the app started; tracked).
    pub fn page(&self) -> Option<EventLaunch> {
        self.page.get()
    }

    pub(super) fn show(&self, page: EventLaunch) {
        match page {
            EventLaunch::Join(invitation) => self.invitation.set_value(Some(invitation)),
            page => self.page.set(Some(page)),
        }
    }

    /// The page gives way to the tables (a table taken up here opens).
    pub(super) fn leave_page(&self) {
        self.page.set(None);
    }

    /// The event's invitation the app was opened with, if any: the new game's form sets up a table of it.
    pub fn invitation(&self) -> Option<Invitation> {
        self.invitation.get_value()
    }

    /// The hand-ins of the tables of events played here: how the table open stands with its event.
    pub fn feeds(&self) -> Feeds {
        self.feeds.with_value(Feeds::clone)
    }

    /// The events this device organises (name as typed, game as an address names it), newest first: the
    /// start screen lists them.
    pub fn organised(&self) -> Vec<(String, String)> {
        self.storage.with_value(|storage| storage.organised_events())
    }

    /// What this device keeps of the event `name` it organises (its organiser's token and key, as the
    /// organiser's page wrote them), if it does.
    pub fn organised_event(&self, name: &RoomName) -> Option<String> {
        self.storage.with_value(|storage| storage.organised_event(name))
    }

    /// This device organises the event `name` (listed as `listed_as`) at `game`, with what its page keeps of it
    /// (`kept`): it is at the head of the start screen's list from now on, and a reload of its page finds it.
    /// A refused save is told.
    pub fn remember_organised(&self, name: &RoomName, listed_as: &str, game: &str, kept: &str) {
        // Each on its own: the start screen's list stays whole though the page's record cannot be kept.
        let saved = self.storage.with_value(|storage| {
            let record = storage.keep_organised_event(name, kept);
            let listed = storage.add_organised_event(listed_as, game);
            record.and(listed)
        });
        self.notices.report_saving(saved, self.speech.words());
    }
}

/// Hands the open table's new entries in to its event, if it plays in one (the events chunk sends them).
pub(super) fn hand_in_to_event(store: GameStore) {
    let plays_in_one = store
        .table
        .with_untracked(|table| table.as_ref().is_some_and(|table| table.event().is_some()));
    if !plays_in_one {
        return;
    }
    leptos::task::spawn_local(async move {
        match feed().await {
            Ok(hand_in) => hand_in(store),
            // Offline before the chunk ever came: the table plays on, and hands in once it can.
            Err(_) => {
                leptos::logging::warn!("the events chunk could not be fetched: the event catches up later")
            }
        }
    });
}

/// The hand-ins of the open table's log to its event: the events chunk's.
#[wasm_split_helpers::wasm_split(events, fallible)]
fn feed() -> Result<fn(GameStore), wasm_split_helpers::SplitLoaderError> {
    Ok(hand_in)
}

#[derive(Serialize)]
struct HandInBody<'a> {
    key: &'a str,
    name: &'a str,
    entries: &'a [LogEntry],
}

#[derive(Deserialize)]
struct Kept {
    seq: u64,
}

/// Hands the open table's entries that its event lacks in to it (in the events chunk); again at once while there is more, and after
/// a wait when nobody answered.
fn hand_in(store: GameStore) {
    let feed = store.events().feeds();
    // Only the entries the event lacks are copied out of the table.
    let unsent = store.table().with_untracked(|table| {
        let table = table.as_ref()?;
        let link = table.event().cloned()?;
        let entries = feed.next(table.id(), table.log())?;
        Some((table.id().to_string(), table.name().to_string(), link, entries))
    });
    let Some((id, name, link, entries)) = unsent else {
        return;
    };
    leptos::task::spawn_local(async move {
        let url = event_url(
            &link.name,
            &format!("/tables/{}", String::from(js_sys::encode_uri_component(&id))),
        );
        let body = HandInBody {
            key: &link.key,
            name: &name,
            entries: &entries,
        };
        let answer = match post::<Kept>(&url, &body).await {
            Answer::Done(kept) => HandInAnswer::Kept(kept.seq),
            Answer::Refused { code, body, .. } if code == "gap" => {
                HandInAnswer::Gap(body["seq"].as_u64().unwrap_or(0))
            }
            Answer::Refused { status, .. } if status >= 500 => HandInAnswer::Unanswered,
            Answer::Refused { code, .. } => HandInAnswer::Refused(code),
            Answer::Unanswered => HandInAnswer::Unanswered,
        };
        let log_len = store.table().with_untracked(|table| {
            table
                .as_ref()
                .filter(|table| table.id() == id)
                .map_or(0, |table| table.log().len())
        });
        match feed.answered(&id, answer, log_len) {
            Some(0) => hand_in(store),
            Some(wait) => {
                set_timeout(
                    move || hand_in(store),
                    std::time::Duration::from_millis(u64::from(wait)),
                );
            }
            None => {}
        }
    });
}
