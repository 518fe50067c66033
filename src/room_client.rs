//! The browser's side of the room server: one WebSocket to `rooms/ws` beside the page (relative to the page's
//! directory, so the app works under a subpath), JSON messages in and out, and reconnecting by itself after a
//! drop with the waits the store decides. What the messages mean is the store's job (`store/host.rs`).
//!
//! The socket and the reading of the server's messages are a chunk of their own (`rooms`), downloaded when a
//! room is first opened: a table on one device never needs them.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use fivedice_room::{ClientMessage, ServerMessage};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use crate::store::{ANSWER_WITHIN, GameStore, RoomLink, RoomServer};

/// The room server's WebSocket address for a page at `protocol//host/pathname`: `ws:` or `wss:` like the
/// page, in the page's directory. The room's name (written for a URL) is in it for a cluster's load
/// balancer, which sends the socket to the node that owns the room (the server itself reads the name from the
/// device's hello).
pub fn socket_url(protocol: &str, host: &str, pathname: &str, room: &str) -> String {
    let scheme = if protocol == "https:" { "wss" } else { "ws" };
    let directory = pathname.rfind('/').map_or("/", |end| &pathname[..=end]);
    format!("{scheme}://{host}{directory}rooms/ws?room={room}")
}

/// The page's own room server address for the online room open, if the page has a location.
fn page_socket_url(store: GameStore) -> Option<String> {
    let location = web_sys::window()?.location();
    let room = store.table().with_untracked(|table| {
        table
            .as_ref()
            .filter(|table| table.is_online())
            .map(|table| String::from(js_sys::encode_uri_component(table.room().name().as_str())))
    })?;
    Some(socket_url(
        &location.protocol().ok()?,
        &location.host().ok()?,
        &location.pathname().ok()?,
        &room,
    ))
}

/// A handler of the socket's events, kept alive as long as the socket.
type SocketHandler = Closure<dyn FnMut(web_sys::Event)>;

/// One WebSocket at a time, replaced when the store connects again.
#[derive(Default)]
pub struct WebSocketLink {
    inner: Rc<Inner>,
}

#[derive(Default)]
struct Inner {
    socket: RefCell<Option<WebSocket>>,
    /// Counts the sockets opened: events of a socket replaced since are ignored.
    generation: Cell<u64>,
    /// The socket's handlers, alive as long as it is.
    handlers: RefCell<Vec<SocketHandler>>,
    /// The wait before the next attempt, while one is pending.
    retry: Cell<Option<i32>>,
    /// How a message is written for the server, set with the socket (it is the rooms chunk's code).
    encode: Cell<Option<Encode>>,
}

type Encode = fn(&ClientMessage) -> Result<String, String>;

impl RoomLink for WebSocketLink {
    fn connect(&self, store: GameStore) {
        connect(&self.inner, store);
    }

    fn send(&self, message: &ClientMessage) -> bool {
        let socket = self.inner.socket.borrow();
        let (Some(socket), Some(encode)) = (
            socket
                .as_ref()
                .filter(|socket| socket.ready_state() == WebSocket::OPEN),
            self.inner.encode.get(),
        ) else {
            return false;
        };
        match encode(message) {
            Ok(json) => socket.send_with_str(&json).is_ok(),
            Err(error) => {
                leptos::logging::warn!("a room message could not be written: {error}");
                false
            }
        }
    }

    fn expect_answer(&self, store: GameStore, number: u64) {
        let overdue = Closure::once_into_js(move || store.answer_overdue(number));
        let millis = i32::try_from(ANSWER_WITHIN.as_millis()).unwrap_or(i32::MAX);
        let timer = web_sys::window().map(|window| {
            window.set_timeout_with_callback_and_timeout_and_arguments_0(overdue.unchecked_ref(), millis)
        });
        if !matches!(timer, Some(Ok(_))) {
            leptos::logging::warn!("no timer for the room's answer: a lost connection shows when it closes");
        }
    }

    fn close(&self) {
        shut(&self.inner);
    }
}

/// Closes the socket open (its events no longer reach the store) and any attempt pending. Its handlers are
/// taken off it before they are dropped: the browser would call them for the closing otherwise.
fn shut(inner: &Inner) {
    inner.generation.set(inner.generation.get() + 1);
    if let Some(timer) = inner.retry.take()
        && let Some(window) = web_sys::window()
    {
        window.clear_timeout_with_handle(timer);
    }
    if let Some(socket) = inner.socket.borrow_mut().take() {
        socket.set_onopen(None);
        socket.set_onmessage(None);
        socket.set_onclose(None);
        if socket.close().is_err() {
            leptos::logging::warn!("the room connection could not be closed; it is abandoned");
        }
    }
    inner.handlers.borrow_mut().clear();
}

/// Opens a new socket once the rooms chunk is here; a chunk that cannot be fetched (offline before it was ever
/// cached) is a connection that dropped, tried again with the store's waits.
fn connect(inner: &Rc<Inner>, store: GameStore) {
    shut(inner);
    let generation = inner.generation.get();
    let inner = Rc::clone(inner);
    wasm_bindgen_futures::spawn_local(async move {
        if open_socket(Rc::clone(&inner), store, generation).await.is_err()
            && inner.generation.get() == generation
        {
            dropped(&inner, store);
        }
    });
}

/// The socket, if nothing closed or replaced the connection while the chunk was on its way.
#[wasm_split_helpers::wasm_split(rooms, fallible)]
fn open_socket(
    inner: Rc<Inner>,
    store: GameStore,
    generation: u64,
) -> Result<(), wasm_split_helpers::SplitLoaderError> {
    if inner.generation.get() == generation {
        open(&inner, store);
    }
    Ok(())
}

fn open(inner: &Rc<Inner>, store: GameStore) {
    let generation = inner.generation.get();
    let socket = page_socket_url(store).and_then(|url| WebSocket::new(&url).ok());
    let Some(socket) = socket else {
        // No socket at all (no location, or the browser refused the address): try again later.
        return dropped(inner, store);
    };
    let current = {
        let weak = Rc::downgrade(inner);
        move || {
            weak.upgrade()
                .filter(|inner| inner.generation.get() == generation)
        }
    };
    let on_open = {
        let current = current.clone();
        SocketHandler::new(move |_| {
            if current().is_some() {
                store.room_connected();
            }
        })
    };
    let on_message = {
        let current = current.clone();
        SocketHandler::new(move |event: web_sys::Event| {
            if current().is_none() {
                return;
            }
            let text = event
                .dyn_ref::<MessageEvent>()
                .and_then(|message| message.data().as_string());
            match text.map(|text| serde_json::from_str::<ServerMessage>(&text)) {
                Some(Ok(message)) => store.receive(message),
                Some(Err(error)) => leptos::logging::warn!("a room message was not understood: {error}"),
                None => leptos::logging::warn!("a room message was not text"),
            }
        })
    };
    let on_close = {
        let weak: Weak<Inner> = Rc::downgrade(inner);
        SocketHandler::new(move |event: web_sys::Event| {
            let Some(inner) = weak
                .upgrade()
                .filter(|inner| inner.generation.get() == generation)
            else {
                return;
            };
            if let Some(close) = event.dyn_ref::<CloseEvent>()
                && !close.was_clean()
            {
                leptos::logging::log!("the room connection dropped (code {})", close.code());
            }
            inner.socket.borrow_mut().take();
            dropped(&inner, store);
        })
    };
    inner.encode.set(Some(|message| {
        serde_json::to_string(message).map_err(|error| error.to_string())
    }));
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    *inner.handlers.borrow_mut() = vec![on_open, on_message, on_close];
    *inner.socket.borrow_mut() = Some(socket);
}

/// The connection is gone: the store says whether and when to try again.
fn dropped(inner: &Rc<Inner>, store: GameStore) {
    let Some(wait) = store.room_disconnected() else {
        return;
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let weak = Rc::downgrade(inner);
    let generation = inner.generation.get();
    let again = Closure::once_into_js(move || {
        if let Some(inner) = weak
            .upgrade()
            .filter(|inner| inner.generation.get() == generation)
        {
            inner.retry.set(None);
            connect(&inner, store);
        }
    });
    let millis = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX);
    match window.set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), millis) {
        Ok(timer) => inner.retry.set(Some(timer)),
        Err(_) => leptos::logging::warn!("the room connection could not be retried: reload the page"),
    }
}

/// Asks whether this address has a room server (`GET rooms/status` beside the page answers
/// `{"server":"fivedice",…}`) and tells the store: a request that reaches nothing is a device offline.
pub fn check_room_server(store: GameStore) {
    wasm_bindgen_futures::spawn_local(async move {
        let server = match ask_status().await {
            Err(Unanswered) => RoomServer::Unreachable,
            Ok(Some(status)) if status.server == "fivedice" => RoomServer::Available,
            Ok(_) => RoomServer::Missing,
        };
        store.connection().set_server(server);
    });
}

/// A request the network did not answer (the device is offline, or the address is out of its reach).
struct Unanswered;

/// What `rooms/status` beside the page says, if it answers (read with the browser's own JSON parser).
pub async fn room_status() -> Option<ServerStatus> {
    ask_status().await.ok().flatten()
}

/// `rooms/status`: what it says (`None`: no status there, as on a static host without the file), or that the
/// request reached nothing.
async fn ask_status() -> Result<Option<ServerStatus>, Unanswered> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or(Unanswered)?;
    let response = JsFuture::from(window.fetch_with_str("rooms/status"))
        .await
        .map_err(|_| Unanswered)?;
    Ok(read_status(response).await)
}

async fn read_status(response: wasm_bindgen::JsValue) -> Option<ServerStatus> {
    use wasm_bindgen_futures::JsFuture;
    let response: web_sys::Response = response.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    let status = JsFuture::from(response.json().ok()?).await.ok()?;
    let field = |name: &str| js_sys::Reflect::get(&status, &name.into()).ok()?.as_string();
    Some(ServerStatus {
        server: field("server")?,
        invite: field("invite"),
    })
}

/// What `rooms/status` says: the room server answers `fivedice`; a static host serves the build's own file,
/// which says `static`. `invite`: where the other devices reach the app, when not at the page's own address.
pub struct ServerStatus {
    server: String,
    pub invite: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::socket_url;

    #[test]
    fn the_socket_is_beside_the_page_and_names_its_room() {
        assert_eq!(
            socket_url("http:", "127.0.0.1:8080", "/index.html", "friday"),
            "ws://127.0.0.1:8080/rooms/ws?room=friday"
        );
        assert_eq!(
            socket_url("https:", "example.org", "/games/fivedice/", "friday"),
            "wss://example.org/games/fivedice/rooms/ws?room=friday"
        );
        assert_eq!(
            socket_url("https:", "example.org", "/games/fivedice/index.html", "friday"),
            "wss://example.org/games/fivedice/rooms/ws?room=friday"
        );
        assert_eq!(
            socket_url("http:", "h", "", "friday"),
            "ws://h/rooms/ws?room=friday"
        );
    }
}
