//! Closing an event (no new tables; the tables in it finish their games), and opening it again within ten
//! minutes of the close, for a close tapped by mistake: the board, the screen and the tables' hand-ins go on as
//! they were, and what the tables handed in meanwhile is kept.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::{Body, Refused, json_text, refusal};
use crate::Shared;
use crate::database::now_ms;
use crate::event_store::EventRecord;

/// How long after its close an event may be opened again.
pub const REOPEN_WITHIN_MS: u64 = 10 * 60_000;

/// What the organiser's device says: its token.
#[derive(Deserialize)]
pub(crate) struct Closing {
    pub(super) organiser: String,
}

/// The moment, on this server's clock.
pub(super) fn now() -> u64 {
    u64::try_from(now_ms()).unwrap_or(0)
}

pub(crate) async fn close(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    Body(closing): Body<Closing>,
) -> Result<Response, Refused> {
    change_closed(&shared, &name, &closing, true).await
}

/// Opens a closed event again, within [`REOPEN_WITHIN_MS`] of its close (the time its record keeps, on the
/// closing server's clock; a close an older server kept without its time is too late).
pub(crate) async fn reopen(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    Body(closing): Body<Closing>,
) -> Result<Response, Refused> {
    change_closed(&shared, &name, &closing, false).await
}

async fn change_closed(
    shared: &Shared,
    name: &str,
    closing: &Closing,
    close: bool,
) -> Result<Response, Refused> {
    let events = &shared.events;
    let live = events.find(name).await?;
    let mut held = live.held.lock().await;
    if closing.organiser != held.organiser {
        return Err(refusal(
            StatusCode::FORBIDDEN,
            "not_organiser",
            "Only the event's organiser closes or reopens it".into(),
        ));
    }
    let too_late = held
        .closed_ms
        .is_none_or(|at| now().saturating_sub(at) >= REOPEN_WITHIN_MS);
    if !close && held.event.is_closed() && too_late {
        return Err(refusal(
            StatusCode::CONFLICT,
            "reopen_too_late",
            "The event was closed more than ten minutes ago: it stays closed".into(),
        ));
    }
    events
        .keep_decided(&mut held, |held| {
            Ok((held.event.is_closed() != close).then(|| match close {
                true => EventRecord::Closed { at_ms: now() },
                false => EventRecord::Reopened,
            }))
        })
        .await?;
    live.publish(&held.event);
    Ok(json_text(&live.board.borrow()))
}
