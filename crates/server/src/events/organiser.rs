//! Organising from another device: the organiser's page shows a link carrying the organiser's token; the device
//! that opens it takes the event over, with a new token, and the old token holds nothing (so the link works
//! once, and the old device is no longer the organiser).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::closing::Closing;
use super::{Body, Refused, refusal, unavailable};
use crate::Shared;
use crate::database::StoreError;
use crate::dice::new_token;
use crate::event_store::EventRecord;

/// `POST /events/{name}/organiser` `{"organiser"}`: the device holding the organiser's token takes the event
/// over; answers `{"event", "key", "organiser"}` as opening it does, with the new token.
pub(crate) async fn take_over(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    Body(taking): Body<Closing>,
) -> Result<Response, Refused> {
    let events = &shared.events;
    let live = events.find(&name).await?;
    let mut held = live.held.lock().await;
    let Some(organiser) = new_token() else {
        return Err(unavailable(StoreError::Open("no randomness for a token".into())));
    };
    events
        .keep_decided(&mut held, |held| {
            if taking.organiser != held.organiser {
                return Err(refusal(
                    StatusCode::FORBIDDEN,
                    "not_organiser",
                    "This link no longer organises the event: it was opened already, or the event moved since"
                        .into(),
                ));
            }
            Ok(Some(EventRecord::OrganiserMoved {
                organiser: organiser.clone(),
            }))
        })
        .await?;
    let answer = serde_json::json!({
        "event": held.event.name().shown(),
        "key": held.invitation,
        "organiser": organiser,
    });
    Ok(Json(answer).into_response())
}
