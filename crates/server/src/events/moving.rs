//! Continuing a table of one device on another (its tablet died, or its battery): the organiser's page offers a
//! single-use link for the table; the device that opens it takes the table up, with its log as the event keeps
//! it, and a token of its own that the table hands in with from then on, so the old device's copy no longer
//! reaches the event.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use fivedice_rules::Game;
use serde::Deserialize;

use super::closing::{Closing, now};
use super::{Body, Refused, refusal, unavailable};
use crate::Shared;
use crate::database::StoreError;
use crate::dice::new_token;
use crate::event_store::EventRecord;

/// How long a link that continues a table works, unless it is used first.
pub const TABLE_LINK_VALID_MS: u64 = 10 * 60_000;

/// What the device that opens the link says: the link's code.
#[derive(Deserialize)]
pub(crate) struct Taking {
    code: String,
}

fn drawn() -> Result<String, Refused> {
    new_token().ok_or_else(|| unavailable(StoreError::Open("no randomness for a token".into())))
}

/// `POST /events/{name}/tables/{table}/offer` `{"organiser"}`: a single-use code for a link that continues the
/// table on another device (a newer one replaces it); answers `{"code", "expires_ms"}`. Only for a table
/// played on one device and not over: a room's players move their own seats.
pub(crate) async fn offer_table(
    State(shared): State<Arc<Shared>>,
    Path((name, table)): Path<(String, String)>,
    Body(asking): Body<Closing>,
) -> Result<Response, Refused> {
    let events = &shared.events;
    let live = events.find(&name).await?;
    let mut held = live.held.lock().await;
    let in_room = events
        .tied_to(held.event.name())
        .iter()
        .any(|tied| tied.table == table);
    let code = drawn()?;
    let expires_ms = now() + TABLE_LINK_VALID_MS;
    events
        .keep_decided(&mut held, |held| {
            if asking.organiser != held.organiser {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not_organiser",
                    "Only the event's organiser continues a table on another device".into(),
                ));
            }
            let Some(found) = held.event.table(&table) else {
                return Err(refusal(
                    StatusCode::NOT_FOUND,
                    "no_table",
                    "The event has no table of that id".into(),
                ));
            };
            if in_room {
                return Err(refusal(
                    StatusCode::CONFLICT,
                    "table_in_room",
                    "This table plays in a room: each player moves their own seat from the room".into(),
                ));
            }
            if found.game().is_some_and(Game::is_over) {
                return Err(refusal(
                    StatusCode::CONFLICT,
                    "table_finished",
                    "This table's game is over: there is nothing to continue".into(),
                ));
            }
            Ok(Some(EventRecord::TableOffered {
                table: table.clone(),
                code: code.clone(),
                expires_ms,
            }))
        })
        .await?;
    Ok(Json(serde_json::json!({"code": code, "expires_ms": expires_ms})).into_response())
}

/// `POST /events/{name}/tables/{table}/take` `{"code"}`: the device that opened the link takes the table up;
/// answers `{"event", "rules", "table", "name", "key", "entries"}`: the table's log as the event keeps it, and
/// `key`, the token it hands in with from now on (nothing else does, for that table).
pub(crate) async fn take_table(
    State(shared): State<Arc<Shared>>,
    Path((name, table)): Path<(String, String)>,
    Body(taking): Body<Taking>,
) -> Result<Response, Refused> {
    let events = &shared.events;
    let live = events.find(&name).await?;
    let mut held = live.held.lock().await;
    let token = drawn()?;
    events
        .keep_decided(&mut held, |held| {
            let offered = held.table_keys.get(&table).and_then(|keys| keys.offer.as_ref());
            match offered {
                Some((code, expires_ms)) if *code == taking.code && now() < *expires_ms => {
                    Ok(Some(EventRecord::TableTaken {
                        table: table.clone(),
                        token: token.clone(),
                    }))
                }
                Some((code, _)) if *code == taking.code => Err(refusal(
                    StatusCode::GONE,
                    "link_expired",
                    "This link is more than ten minutes old: ask the organiser for a new one".into(),
                )),
                _ => Err(refusal(
                    StatusCode::FORBIDDEN,
                    "link_used",
                    "This link no longer continues the table: it was opened already, or a newer one was asked for"
                        .into(),
                )),
            }
        })
        .await?;
    let found = held
        .event
        .table(&table)
        .ok_or_else(|| unavailable(StoreError::Corrupt(format!("table {table} taken but gone"))))?;
    let answer = serde_json::json!({
        "event": held.event.name().shown(),
        "rules": held.event.rules(),
        "table": table,
        "name": found.name,
        "key": token,
        "entries": found.log(),
    });
    Ok(Json(answer).into_response())
}
