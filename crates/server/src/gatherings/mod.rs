//! Events over HTTP: an organiser opens one, its tables hand in their logs, the big screen follows its board.
//!
//! - `POST /events` `{"name": …, "rules": …}`: opens an event; answers `{"event", "key", "organiser"}` (the
//!   invitation key the tables' link carries, and the organiser's token, which closes it). 409 if the name is
//!   taken.
//! - `GET /events/{name}`: the board (`fivedice_room::gathering::Board`), for anybody; 404 if there is none.
//! - `GET /events/{name}/live`: the board as Server-Sent Events, once at once and again after every change.
//! - `POST /events/{name}/tables/{id}` `{"key", "name", "entries"}`: a table's log entries, from any seq (those
//!   the event has are checked and skipped); answers `{"seq"}`, the last entry the event keeps of that table.
//!   A gap is refused with 409 and the `seq` to send from; entries that do not replay with 422.
//! - `POST /events/{name}/close` `{"organiser"}`: no new tables from now on.
//! - `POST /events/{name}/rooms/{room}` `{"key", "name"}`: a room becomes a table of the event, whose log the
//!   server hands in itself as it is written ([`tied_rooms`]); answers `{"table"}`, its id.
//!
//! Every refusal is `{"error": code, "reason": English sentence}` with a fitting status. Each event is read
//! from the database the first time it is asked for, and then kept in memory with its board.

mod tied_rooms;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use fivedice_room::gathering::{Gathering, GatheringError};
use fivedice_room::{LogEntry, RoomName};
use fivedice_rules::Rules;
use serde::Deserialize;
use tokio::sync::watch;

use crate::dice::new_token;
use crate::gathering_store::TiedRoom;
use crate::store::{Store, StoreError};
use crate::{Shared, device_address, stopping};

/// How soon a screen's browser reconnects once its stream broke.
const RECONNECT_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// The most entries one hand-in carries (a whole game of eight at Maxi Yatzy is under 2,000).
pub const MAX_ENTRIES_PER_HAND_IN: usize = 4_000;

pub(crate) use tied_rooms::{room_written, tie};

/// The events this server keeps: none for a node of a cluster (its nodes share no database yet).
pub struct Gatherings {
    store: Option<Arc<Store>>,
    open: Mutex<HashMap<RoomName, Arc<Live>>>,
    /// The rooms that are tables of an event, by room.
    tied: Mutex<HashMap<RoomName, TiedRoom>>,
}

/// An event in memory: its state, behind a lock that hand-ins take in turn, and its board as JSON.
struct Live {
    held: tokio::sync::Mutex<Held>,
    board: watch::Sender<Arc<str>>,
}

struct Held {
    gathering: Gathering,
    invitation: String,
    organiser: String,
}

impl Live {
    fn new(held: Held) -> Arc<Live> {
        let (board, _) = watch::channel(board_json(&held.gathering));
        Arc::new(Live {
            held: tokio::sync::Mutex::new(held),
            board,
        })
    }

    fn publish(&self, gathering: &Gathering) {
        self.board.send_replace(board_json(gathering));
    }
}

fn board_json(gathering: &Gathering) -> Arc<str> {
    // A board is plain data (strings and numbers): serialising it cannot fail.
    Arc::from(serde_json::to_string(&gathering.board()).unwrap_or_default())
}

impl Gatherings {
    /// The events of this store (read as they are asked for), and the rooms tied to them.
    pub fn new(store: Option<Arc<Store>>) -> Result<Gatherings, StoreError> {
        let tied = match &store {
            Some(store) => store.tied_rooms()?,
            None => Vec::new(),
        };
        Ok(Gatherings {
            store,
            open: Mutex::new(HashMap::new()),
            tied: Mutex::new(tied.into_iter().map(|tied| (tied.room.clone(), tied)).collect()),
        })
    }

    fn store(&self) -> Result<&Arc<Store>, Refused> {
        self.store.as_ref().ok_or_else(|| {
            refusal(
                StatusCode::NOT_IMPLEMENTED,
                "not_here",
                "Events are kept by a server with its own database; this cluster does not keep them yet"
                    .into(),
            )
        })
    }

    fn opened(&self) -> std::sync::MutexGuard<'_, HashMap<RoomName, Arc<Live>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The event of that name, read from the database the first time.
    async fn find(&self, name: &str) -> Result<Arc<Live>, Refused> {
        let name = RoomName::parse(name).map_err(|_| no_event())?;
        if let Some(live) = self.opened().get(&name) {
            return Ok(Arc::clone(live));
        }
        let store = Arc::clone(self.store()?);
        let wanted = name.clone();
        let stored = in_the_store(store, move |store| store.load_gathering(&wanted))
            .await?
            .ok_or_else(no_event)?;
        let mut gathering = Gathering::new(stored.name, stored.rules);
        for (id, table_name, entries) in &stored.tables {
            if let Err(error) = gathering.take(id, table_name, entries) {
                tracing::error!(event = %name, table = id, %error, "a stored table does not replay");
                return Err(refusal(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "event_damaged",
                    format!("This event's record is damaged: {error}"),
                ));
            }
        }
        // A tied room's entries kept after the event last heard of it (the server stopped between the two).
        for tied in self.tied_to(&name) {
            self.hand_in_room(&mut gathering, &tied).await?;
        }
        if stored.closed {
            gathering.close();
        }
        let live = Live::new(Held {
            gathering,
            invitation: stored.invitation,
            organiser: stored.organiser,
        });
        // Another request may have loaded it meanwhile: the first one kept is the one.
        Ok(Arc::clone(self.opened().entry(name).or_insert(live)))
    }
}

/// Runs storage work on a blocking thread.
async fn in_the_store<T: Send + 'static>(
    store: Arc<Store>,
    work: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, Refused> {
    tokio::task::spawn_blocking(move || work(&store))
        .await
        .map_err(|_| unavailable(StoreError::Open("the storage task stopped".into())))?
        .map_err(unavailable)
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
    let gatherings = &shared.gatherings;
    let store = Arc::clone(gatherings.store()?);
    let name = RoomName::parse(&opening.name)
        .map_err(|error| refusal(StatusCode::UNPROCESSABLE_ENTITY, error.code(), error.to_string()))?;
    let (Some(invitation), Some(organiser)) = (new_token(), new_token()) else {
        return Err(refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "server_error",
            "No randomness for the event's keys; try again".into(),
        ));
    };
    let rules = opening.rules;
    let created = {
        let (name, invitation, organiser) = (name.clone(), invitation.clone(), organiser.clone());
        in_the_store(store, move |store| {
            store.create_gathering(&name, rules, &invitation, &organiser)
        })
        .await?
    };
    if !created {
        return Err(refusal(
            StatusCode::CONFLICT,
            "event_name_taken",
            "An event of that name is open here: choose another name".into(),
        ));
    }
    let live = Live::new(Held {
        gathering: Gathering::new(name.clone(), rules),
        invitation: invitation.clone(),
        organiser: organiser.clone(),
    });
    gatherings.opened().insert(name.clone(), live);
    let opened = serde_json::json!({"event": name.shown(), "key": invitation, "organiser": organiser});
    Ok((StatusCode::CREATED, Json(opened)).into_response())
}

pub(crate) async fn board(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let live = shared.gatherings.find(&name).await?;
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
    let live = shared.gatherings.find(&name).await?;
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
    let gatherings = &shared.gatherings;
    let live = gatherings.find(&name).await?;
    let mut held = live.held.lock().await;
    held.check_key(&handing.key)?;
    let seq = gatherings
        .take_in(&mut held.gathering, &table, &handing.name, &handing.entries)
        .await?;
    live.publish(&held.gathering);
    Ok(Json(serde_json::json!({"seq": seq})).into_response())
}

impl Held {
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

impl Gatherings {
    /// A table's entries (any the event has are checked and skipped) kept, then made the event's; answers
    /// the last entry the event has of that table.
    async fn take_in(
        &self,
        gathering: &mut Gathering,
        table: &str,
        name: &str,
        entries: &[LogEntry],
    ) -> Result<u64, Refused> {
        let decided = gathering
            .decide(table, name, entries)
            .map_err(|error| refused_hand_in(&error))?;
        let is_new = gathering.table(table).is_none();
        if is_new || !decided.entries.is_empty() {
            let store = Arc::clone(self.store()?);
            let event = gathering.name().clone();
            let (table_name, entries) = (decided.table().name.clone(), decided.entries.clone());
            let table = table.to_string();
            in_the_store(store, move |store| {
                store.hand_in(&event, &table, &table_name, &entries)
            })
            .await?;
        }
        let seq = decided.table().seq();
        gathering.commit(decided);
        Ok(seq)
    }
}

fn refused_hand_in(error: &GatheringError) -> Refused {
    let status = match error {
        GatheringError::Closed | GatheringError::Full { .. } => StatusCode::FORBIDDEN,
        GatheringError::Gap { .. } | GatheringError::Rewritten { .. } => StatusCode::CONFLICT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    let mut body = serde_json::json!({"error": error.code(), "reason": error.to_string()});
    if let GatheringError::Gap { seq } = error {
        body["seq"] = (*seq).into();
    }
    Refused { status, body }
}

#[derive(Deserialize)]
pub(crate) struct Closing {
    organiser: String,
}

pub(crate) async fn close(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    Body(closing): Body<Closing>,
) -> Result<Response, Refused> {
    let gatherings = &shared.gatherings;
    let live = gatherings.find(&name).await?;
    let mut held = live.held.lock().await;
    if closing.organiser != held.organiser {
        return Err(refusal(
            StatusCode::FORBIDDEN,
            "not_organiser",
            "Only the event's organiser closes it".into(),
        ));
    }
    if !held.gathering.is_closed() {
        let store = Arc::clone(gatherings.store()?);
        let event = held.gathering.name().clone();
        in_the_store(store, move |store| store.close_gathering(&event)).await?;
        held.gathering.close();
        live.publish(&held.gathering);
    }
    Ok(json_text(&live.board.borrow()))
}
