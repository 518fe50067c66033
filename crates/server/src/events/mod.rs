//! Events over HTTP: an organiser opens one, its tables hand in their logs, the big screen follows its board.
//!
//! - `POST /events` `{"name": …, "rules": …}`: opens an event; answers `{"event", "key", "organiser"}` (the
//!   invitation key the tables' link carries, and the organiser's token, which closes it). 409 if the name is
//!   taken.
//! - `GET /events/{name}`: the board (`fivedice_room::event::Board`), for anybody; 404 if there is none.
//! - `GET /events/{name}/live`: the board as Server-Sent Events, once at once and again after every change.
//! - `POST /events/{name}/tables/{id}` `{"key", "name", "entries"}`: a table's log entries, from any seq (those
//!   the event has are checked and skipped); answers `{"seq"}`, the last entry the event keeps of that table.
//!   A gap is refused with 409 and the `seq` to send from; entries that do not replay with 422.
//! - `POST /events/{name}/close` `{"organiser"}`: no new tables from now on; `POST /events/{name}/reopen`
//!   `{"organiser"}` undoes it within ten minutes.
//! - `POST /events/{name}/organiser` `{"organiser"}`: another device takes the event over with the organiser's
//!   token (a link the organiser's page shows); answers as opening it does, with a new token.
//! - `POST /events/{name}/rooms/{room}` `{"key", "name"}`: a room becomes a table of the event, whose log the
//!   server hands in itself as it is written ([`tied_rooms`]); answers `{"table"}`, its id.
//!
//! Every refusal is `{"error": code, "reason": English sentence}` with a fitting status. Each event is read
//! from where it is kept ([`kept`]) the first time it is asked for, and then kept in memory with its board
//! (in a cluster, following what other nodes keep of it).

mod closing;
mod kept;
mod moving;
mod organiser;
mod tied_rooms;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use fivedice_room::event::{EventError, EventState};
use fivedice_room::{LogEntry, RoomName};
use fivedice_rules::Rules;
use serde::Deserialize;
use tokio::sync::watch;

use crate::database::{Database, StoreError};
use crate::dice::new_token;
use crate::event_store::{EventRecord, TableKeys, TiedRoom};
use crate::logs::Logs;
use crate::{Shared, device_address, stopping};

/// How soon a screen's browser reconnects once its stream broke.
const RECONNECT_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// The most entries one hand-in carries (a whole game of eight at Maxi Yatzy is under 2,000).
pub const MAX_ENTRIES_PER_HAND_IN: usize = 4_000;

pub(crate) use closing::{close, reopen};
pub(crate) use moving::{offer_table, take_table};
pub(crate) use organiser::take_over;
pub(crate) use tied_rooms::{room_written, tie};

/// How often a write is decided again after another node of a cluster wrote to the event first.
const WRITE_TRIES: usize = 5;

/// The events this server keeps, and the rooms tied to them.
pub struct Events {
    logs: Logs,
    open: Mutex<HashMap<RoomName, Arc<Live>>>,
    /// The rooms that are tables of an event, by room.
    tied: Arc<Mutex<HashMap<RoomName, TiedRoom>>>,
    loading: tokio::sync::Mutex<()>,
    shutdown: watch::Receiver<bool>,
}

/// An event in memory: its state, behind a lock that hand-ins take in turn, and its board as JSON.
struct Live {
    held: tokio::sync::Mutex<Held>,
    board: watch::Sender<Arc<str>>,
    /// Set when it stopped following what other nodes keep of it: it is read afresh when next asked for.
    stale: AtomicBool,
}

struct Held {
    event: EventState,
    invitation: String,
    organiser: String,
    /// Where its record ends in a cluster's stream, which the next write names (0 in the file).
    position: u64,
    /// When it was closed (ms since 1970), for a reopening within ten minutes of it.
    closed_ms: Option<u64>,
    /// The tables continued on another device, or offered to be, by id.
    table_keys: HashMap<String, TableKeys>,
}

impl Live {
    fn new(held: Held) -> Arc<Live> {
        let (board, _) = watch::channel(board_json(&held.event));
        Arc::new(Live {
            held: tokio::sync::Mutex::new(held),
            board,
            stale: AtomicBool::new(false),
        })
    }

    fn publish(&self, event: &EventState) {
        self.board.send_replace(board_json(event));
    }
}

fn board_json(event: &EventState) -> Arc<str> {
    // A board is plain data (strings and numbers): serialising it cannot fail.
    Arc::from(serde_json::to_string(&event.board()).unwrap_or_default())
}

impl Events {
    /// The events kept in `logs` (read as they are asked for), and the rooms tied to them.
    pub async fn new(logs: Logs, shutdown: watch::Receiver<bool>) -> Result<Events, StoreError> {
        let tied = match &logs {
            Logs::File(store) => store.tied_rooms()?,
            Logs::Stream(_) => Vec::new(),
        };
        let events = Events {
            logs,
            open: Mutex::new(HashMap::new()),
            tied: Arc::new(Mutex::new(
                tied.into_iter().map(|tied| (tied.room.clone(), tied)).collect(),
            )),
            loading: tokio::sync::Mutex::new(()),
            shutdown,
        };
        events.follow_ties().await?;
        Ok(events)
    }

    fn opened(&self) -> std::sync::MutexGuard<'_, HashMap<RoomName, Arc<Live>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The event of that name in memory, unless it went stale.
    fn fresh(&self, name: &RoomName) -> Option<Arc<Live>> {
        self.opened()
            .get(name)
            .filter(|live| !live.stale.load(Ordering::Relaxed))
            .cloned()
    }

    /// The event of that name, read from where it is kept the first time.
    async fn find(&self, name: &str) -> Result<Arc<Live>, Refused> {
        let name = RoomName::parse(name).map_err(|_| no_event())?;
        if let Some(live) = self.fresh(&name) {
            return Ok(live);
        }
        // One load at a time: two would both hand in a tied room's missing entries.
        let _loading = self.loading.lock().await;
        if let Some(live) = self.fresh(&name) {
            return Ok(live);
        }
        let (mut held, following) = self.load(&name).await?.ok_or_else(no_event)?;
        // A tied room's entries kept after the event last heard of them (the server stopped between the two).
        for tied in self.tied_to(&name) {
            self.hand_in_room(&mut held, &tied, None).await?;
        }
        let live = Live::new(held);
        self.opened().insert(name.clone(), Arc::clone(&live));
        if let Some(following) = following {
            kept::follow(name, Arc::clone(&live), following, self.shutdown.clone());
        }
        Ok(live)
    }
}

/// Runs storage work on a blocking thread, a failure refused as the server being unavailable.
async fn in_the_store<T: Send + 'static>(
    store: Arc<Database>,
    work: impl FnOnce(&Database) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, Refused> {
    kept::blocking(&store, work).await.map_err(unavailable)
}

/// A refusal: its status, and its body `{"error": code, "reason": English sentence}` (and any more).
pub(crate) struct Refused {
    status: StatusCode,
    body: serde_json::Value,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

fn refusal(status: StatusCode, code: &str, reason: String) -> Refused {
    Refused {
        status,
        body: serde_json::json!({"error": code, "reason": reason}),
    }
}

/// A request's JSON body, or a refusal in the events' own shape (axum's own is plain text).
pub(crate) struct Body<T>(T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = Refused;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Body<T>, Refused> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(body)) => Ok(Body(body)),
            Err(rejection) => Err(refusal(rejection.status(), "bad_request", rejection.body_text())),
        }
    }
}

fn no_event() -> Refused {
    refusal(
        StatusCode::NOT_FOUND,
        "no_event",
        "There is no event of that name here".into(),
    )
}

fn unavailable(error: StoreError) -> Refused {
    tracing::error!(%error, "an event could not be read or kept");
    refusal(
        StatusCode::SERVICE_UNAVAILABLE,
        "server_error",
        "The event could not be read or kept now; try again".into(),
    )
}

#[derive(Deserialize)]
pub(crate) struct Opening {
    name: String,
    rules: Rules,
}

pub(crate) async fn open(
    State(shared): State<Arc<Shared>>,
    Body(opening): Body<Opening>,
) -> Result<Response, Refused> {
    let name = RoomName::parse(&opening.name)
        .map_err(|error| refusal(StatusCode::UNPROCESSABLE_ENTITY, error.code(), error.to_string()))?;
    let (Some(invitation), Some(organiser)) = (new_token(), new_token()) else {
        return Err(refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_error",
            "No randomness for the event's keys; try again".into(),
        ));
    };
    let created = shared
        .events
        .keep_new(&name, opening.rules, &invitation, &organiser)
        .await?;
    if created.is_none() {
        return Err(refusal(
            StatusCode::CONFLICT,
            "event_name_taken",
            "An event of that name is open here: choose another name".into(),
        ));
    }
    // It is read back when first asked for, as on any other node of a cluster.
    let opened = serde_json::json!({"event": name.shown(), "key": invitation, "organiser": organiser});
    Ok((StatusCode::CREATED, Json(opened)).into_response())
}

pub(crate) async fn board(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let live = shared.events.find(&name).await?;
    Ok(json_text(&live.board.borrow()))
}

fn json_text(json: &str) -> Response {
    ([("content-type", "application/json")], json.to_string()).into_response()
}

/// The board as it changes, until the device goes or the server stops. A stream counts as one of the
/// device's connections, as a room's WebSocket does.
pub(crate) async fn live(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let live = shared.events.find(&name).await?;
    let device = device_address(peer.ip(), &headers, &shared.proxies);
    let Some(permit) = shared
        .connections_per_ip
        .admit(device, shared.limits.max_connections_per_ip)
    else {
        return Err(refusal(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            "Too many connections from this address".into(),
        ));
    };
    let boards = live.board.subscribe();
    let shutdown = shared.shutdown.clone();
    let stream = futures_util::stream::unfold(
        (boards, shutdown, true, permit),
        |(mut boards, mut shutdown, first, permit)| async move {
            if !first {
                tokio::select! {
                    changed = boards.changed() => changed.ok()?,
                    () = stopping(&mut shutdown) => return None,
                }
            }
            let board = Arc::clone(&boards.borrow_and_update());
            let mut event = SseEvent::default().data(&*board);
            if first {
                // After a restart of the server or a network cut, the screen is back within a second.
                event = event.retry(RECONNECT_AFTER);
            }
            Some((Ok::<_, Infallible>(event), (boards, shutdown, false, permit)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

#[derive(Deserialize)]
pub(crate) struct Handing {
    key: String,
    name: String,
    #[serde(default)]
    entries: Vec<LogEntry>,
}

pub(crate) async fn hand_in(
    State(shared): State<Arc<Shared>>,
    Path((name, table)): Path<(String, String)>,
    Body(handing): Body<Handing>,
) -> Result<Response, Refused> {
    if handing.entries.len() > MAX_ENTRIES_PER_HAND_IN {
        return Err(refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_big",
            format!("A hand-in carries at most {MAX_ENTRIES_PER_HAND_IN} entries"),
        ));
    }
    let events = &shared.events;
    let live = events.find(&name).await?;
    let mut held = live.held.lock().await;
    held.check_table_key(&table, &handing.key)?;
    let taken = events
        .take_in(&mut held, &table, &handing.name, &handing.entries)
        .await;
    // A write refused after reading what another node kept has still changed the board.
    live.publish(&held.event);
    Ok(Json(serde_json::json!({"seq": taken?})).into_response())
}

impl Held {
    /// Whether `key` hands in for `table`: the table's own token once it was continued on another device
    /// (the event's key no longer does), else the event's key (or a continued table's token, for a table that
    /// device seats after).
    fn check_table_key(&self, table: &str, key: &str) -> Result<(), Refused> {
        let token = |keys: &TableKeys| keys.token.as_deref() == Some(key);
        match self.table_keys.get(table).filter(|keys| keys.token.is_some()) {
            Some(keys) if token(keys) => Ok(()),
            Some(_) => Err(refusal(
                StatusCode::FORBIDDEN,
                "table_moved",
                "This table is continued on another device: this copy no longer reaches the event".into(),
            )),
            None if self.table_keys.values().any(token) => Ok(()),
            None => self.check_key(key),
        }
    }

    /// Whether `key` is the event's invitation key.
    fn check_key(&self, key: &str) -> Result<(), Refused> {
        match key == self.invitation {
            true => Ok(()),
            false => Err(refusal(
                StatusCode::FORBIDDEN,
                "wrong_key",
                "This invitation is not this event's: ask its organiser for the link".into(),
            )),
        }
    }
}

impl Events {
    /// A table's entries (any the event has are checked and skipped) kept, then made the event's; answers
    /// the last entry the event has of that table.
    async fn take_in(
        &self,
        held: &mut Held,
        table: &str,
        name: &str,
        entries: &[LogEntry],
    ) -> Result<u64, Refused> {
        for _ in 0..WRITE_TRIES {
            let decided = held
                .event
                .decide(table, name, entries)
                .map_err(|error| refused_hand_in(&error))?;
            if held.event.table(table).is_some() && decided.entries.is_empty() {
                return Ok(decided.table().seq());
            }
            let record = EventRecord::HandedIn {
                table: table.into(),
                name: decided.table().name.clone(),
                entries: decided.entries.clone(),
            };
            match self.keep(held, record).await {
                Ok(()) => {
                    let seq = decided.table().seq();
                    held.event.commit(decided);
                    return Ok(seq);
                }
                Err(StoreError::Fenced) => self.catch_up(held).await?,
                Err(error) => return Err(unavailable(error)),
            }
        }
        Err(unavailable(StoreError::Fenced))
    }
}

fn refused_hand_in(error: &EventError) -> Refused {
    let status = match error {
        EventError::Closed | EventError::Full { .. } => StatusCode::FORBIDDEN,
        EventError::Gap { .. } | EventError::Rewritten { .. } => StatusCode::CONFLICT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    let mut body = serde_json::json!({"error": error.code(), "reason": error.to_string()});
    if let EventError::Gap { seq } = error {
        body["seq"] = (*seq).into();
    }
    Refused { status, body }
}
