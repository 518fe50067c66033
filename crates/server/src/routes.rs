//! The server's routes: the app's files, the room server's status, the owner of a room (on a cluster), and a
//! room's WebSocket.

use super::*;

pub(crate) fn router(shared: Arc<Shared>, dist: PathBuf) -> Router {
    Router::new()
        .route("/rooms", get(status))
        .route("/rooms/status", get(status))
        .route("/rooms/ws", get(open_socket))
        .route("/rooms/owner", get(owner))
        .route("/events", post(events::open))
        .route("/events/{name}", get(events::board))
        .route("/events/{name}/live", get(events::live))
        .route("/events/{name}/tables/{table}", post(events::hand_in))
        .route("/events/{name}/tables/{table}/offer", post(events::offer_table))
        .route("/events/{name}/tables/{table}/take", post(events::take_table))
        .route("/events/{name}/close", post(events::close))
        .route("/events/{name}/reopen", post(events::reopen))
        .route("/events/{name}/organiser", post(events::take_over))
        .route("/events/{name}/rooms/{room}", post(events::tie))
        .layer(DefaultBodyLimit::max(512 * 1024))
        .fallback_service(ServeDir::new(dist).precompressed_br())
        .with_state(shared)
}

async fn status(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let mut status = serde_json::json!({"server": "fivedice", "version": PROTOCOL_VERSION});
    if let Some(invite) = &shared.invite {
        status["invite"] = invite.as_str().into();
    }
    if let Some(cluster) = &shared.cluster {
        status["node"] = cluster.me().node.as_str().into();
        status["members"] = cluster.members().len().into();
        status["relays"] = cluster.relays_opened().into();
    }
    axum::Json(status)
}

/// The header in which `/rooms/owner` names a room's owner.
const OWNER_HEADER: &str = "fivedice-owner";

/// Which node owns the room `?room=NAME` names, as this node sees the members now. The load balancer asks
/// before it passes a WebSocket on (deploy/nginx.conf); a device it sends elsewhere is relayed as before.
async fn owner(State(shared): State<Arc<Shared>>, RawQuery(query): RawQuery) -> Response {
    let asked = query.as_deref().and_then(|query| {
        form_urlencoded::parse(query.as_bytes()).find_map(|(key, value)| (key == "room").then_some(value))
    });
    let owner = shared
        .cluster
        .as_ref()
        .zip(asked.and_then(|name| RoomName::parse(&name).ok()))
        .map(|(cluster, room)| cluster.owner(&room).node);
    match owner {
        Some(node) => (StatusCode::NO_CONTENT, [(OWNER_HEADER, node)]).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

async fn open_socket(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &shared.origins, shared.port) {
        return (
            StatusCode::FORBIDDEN,
            "This page's origin may not open rooms here",
        )
            .into_response();
    }
    let limits = &shared.limits;
    let device = device_address(peer.ip(), &headers, &shared.proxies);
    let Some(permit) = shared
        .connections_per_ip
        .admit(device, limits.max_connections_per_ip)
    else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many connections from this address",
        )
            .into_response();
    };
    upgrade
        .max_message_size(limits.max_frame_bytes)
        .max_frame_size(limits.max_frame_bytes)
        // Messages are small: small buffers keep a room's memory small; writes go out at once.
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| connection::serve(shared, Peer::Device(socket), device, Some(permit), None))
}
