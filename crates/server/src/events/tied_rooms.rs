//! Rooms that are tables of an event: a room of phones plays as any room does, and the server hands its log
//! in to the event itself after every entry it keeps (read back from the room's stored log, so each entry
//! goes once and in order however the writes interleave). No device holds the event's key but the one that
//! tied the room, and the room may choose no other game than the event's.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use fivedice_room::{Change, Event, LogEntry, Room, RoomError, RoomName};
use serde::Deserialize;

use super::{Body, Events, Held, Refused, refusal, refused_hand_in};
use crate::Shared;
use crate::dice::new_token;
use crate::event_store::TiedRoom;
use crate::rooms::RoomSlot;

impl Events {
    fn tied(&self, room: &RoomName) -> Option<TiedRoom> {
        self.tied_rooms().get(room).cloned()
    }

    /// Whether `room` is a table of an event.
    pub(crate) fn is_tied(&self, room: &RoomName) -> bool {
        self.tied_rooms().contains_key(room)
    }

    fn tied_rooms(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<RoomName, TiedRoom>> {
        self.tied
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The rooms tied to that event.
    pub(super) fn tied_to(&self, event: &RoomName) -> Vec<TiedRoom> {
        let tied = self.tied_rooms();
        tied.values()
            .filter(|tied| tied.event == *event)
            .cloned()
            .collect()
    }

    /// Whether a change may be kept in `room`: a table of an event chooses the event's game and no other, and
    /// starts no other (a room that never chose plays its default game).
    pub fn allows(&self, room: &Room, change: &Change) -> Result<(), RoomError> {
        // Every change of every room comes here: the plays, nearly all of them, go by before any lookup.
        let rules = match &change.entry().event {
            Event::RulesChosen { rules, .. } => *rules,
            Event::Started { .. } => room.rules(),
            _ => return Ok(()),
        };
        let events_game = self.tied_rooms().get(room.name()).map(|tied| tied.rules);
        match events_game {
            Some(game) if game != rules => Err(RoomError::EventsGame),
            _ => Ok(()),
        }
    }

    /// A tied room's entries that the event lacks, taken from the room's `known` entries (its owner's copy)
    /// or read from its log, and handed in; whether there were any.
    pub(super) async fn hand_in_room(
        &self,
        held: &mut Held,
        tied: &TiedRoom,
        known: Option<&[LogEntry]>,
    ) -> Result<bool, Refused> {
        let after = held.event.table(&tied.table).map_or(0, |table| table.seq());
        let entries = match known {
            Some(known) => known.iter().filter(|entry| entry.seq > after).cloned().collect(),
            None => self.room_entries_after(&tied.room, after).await?,
        };
        let table_is_new = held.event.table(&tied.table).is_none();
        if entries.is_empty() && !table_is_new {
            return Ok(false);
        }
        self.take_in(held, &tied.table, &tied.name, &entries).await?;
        Ok(true)
    }

    /// Hands what a tied room has kept in to its event, and shows it on the board.
    async fn forward(&self, tied: &TiedRoom, room: &RoomSlot) {
        let handed = async {
            let live = self.find(tied.event.shown()).await?;
            let after = {
                let held = live.held.lock().await;
                held.event.table(&tied.table).map_or(0, |table| table.seq())
            };
            // The owner's copy, read without the event's lock (a room whose append is in trouble holds its copy
            // a while; the event's other tables do not wait for it). In a cluster the stream is not read again.
            let entries = room
                .entries_between(after, u64::MAX)
                .await
                .map_err(super::unavailable)?;
            let mut held = live.held.lock().await;
            if self.hand_in_room(&mut held, tied, Some(&entries)).await? {
                live.publish(&held.event);
            }
            Ok::<(), Refused>(())
        };
        if let Err(refused) = handed.await {
            tracing::warn!(room = %tied.room, event = %tied.event, refused = %refused.body, "a room's entries did not reach its event");
        }
    }
}

/// After an entry is kept in `room`: if it is a table of an event, its new entries go there (in a task of
/// their own: the room's devices do not wait for the event).
pub(crate) fn room_written(shared: &Arc<Shared>, room: &Arc<RoomSlot>) {
    let Some(tied) = shared.events.tied(&room.name) else {
        return;
    };
    let (shared, room) = (Arc::clone(shared), Arc::clone(room));
    tokio::spawn(async move { shared.events.forward(&tied, &room).await });
}

#[derive(Deserialize)]
pub(crate) struct Tying {
    key: String,
    /// The table's name on the event's board.
    name: String,
}

/// Ties a room not yet played in to the event as a new table ("Table 3"): answers its id. Asked again for
/// the same room and event (a device that did not hear the answer), it answers the same.
pub(crate) async fn tie(
    State(shared): State<Arc<Shared>>,
    Path((name, room)): Path<(String, String)>,
    Body(tying): Body<Tying>,
) -> Result<Response, Refused> {
    let events = &shared.events;
    let room = RoomName::parse(&room)
        .map_err(|error| refusal(StatusCode::UNPROCESSABLE_ENTITY, error.code(), error.to_string()))?;
    let live = events.find(&name).await?;
    let mut held = live.held.lock().await;
    held.check_key(&tying.key)?;
    let event = held.event.name().clone();
    if let Some(tied) = events.tied(&room) {
        return answer_tie(&tied, &event, StatusCode::OK);
    }
    let Some(token) = new_token() else {
        return Err(refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_error",
            "No randomness for the table's id; try again".into(),
        ));
    };
    let table = format!("room-{}", &token[..16]);
    let decided = held
        .event
        .decide(&table, &tying.name, &[])
        .map_err(|error| refused_hand_in(&error))?;
    let tying = TiedRoom {
        room: room.clone(),
        event: event.clone(),
        table,
        name: decided.table().name.clone(),
        rules: held.event.rules(),
    };
    let tied = events.keep_tie(&tying).await?.ok_or_else(room_taken)?;
    events.tied_rooms().insert(room, tied.clone());
    if tied != tying {
        return answer_tie(&tied, &event, StatusCode::OK);
    }
    // The table is seated, with anything the room kept before it was tied (a device quick off the mark).
    let handed = events.hand_in_room(&mut held, &tied, None).await;
    live.publish(&held.event);
    handed?;
    answer_tie(&tied, &event, StatusCode::CREATED)
}

/// The table's id if the room is this event's table.
fn answer_tie(tied: &TiedRoom, event: &RoomName, status: StatusCode) -> Result<Response, Refused> {
    match tied.event == *event {
        true => Ok((status, Json(serde_json::json!({"table": tied.table}))).into_response()),
        false => Err(room_taken()),
    }
}

fn room_taken() -> Refused {
    refusal(
        StatusCode::CONFLICT,
        "room_taken",
        "A room of that name has been played in, or is another event's table: choose another name".into(),
    )
}
