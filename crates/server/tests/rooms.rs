//! The room server on a free loopback port with a real SQLite file: whole games by protocol, seats held
//! across drops and departures, names as Unicode folds them, and logs from older versions played on.

mod common;

use common::{
    Client, bounded, dice_checked_at_the_end, fast_play, game_from_entries, http_get, play_turn, server,
    start_server, started_pair,
};
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, LogEntry, Phase, Room};
use fivedice_rules::Category;
use fivedice_server::Limits;

#[tokio::test]
async fn the_server_says_what_it_is_and_serves_the_app() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let addr = server.addr();
    for path in ["/rooms", "/rooms/status"] {
        let response = http_get(addr, path).await;
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        let body = response.split("\r\n\r\n").nth(1).expect("a body");
        let status: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert_eq!(
            status,
            serde_json::json!({"server": "fivedice", "version": PROTOCOL_VERSION})
        );
    }
    let index = http_get(addr, "/").await;
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    assert!(index.contains("<title>Five Dice</title>"));
    let wasm = http_get(addr, "/app.wasm").await.to_lowercase();
    assert!(wasm.contains("content-type: application/wasm"), "{wasm}");
    assert!(http_get(addr, "/missing.js").await.starts_with("HTTP/1.1 404"));
    // A plain GET on the socket path is not an upgrade.
    assert!(!http_get(addr, "/rooms/ws").await.starts_with("HTTP/1.1 200"));
    // A single server names no owner for a load balancer, whatever it is asked (a cluster's node does:
    // tests/cluster.rs).
    let long = format!("/rooms/owner?room={}", "x".repeat(2_000));
    for path in [
        "/rooms/owner?room=Friday",
        "/rooms/owner",
        "/rooms/owner?room=%FF%FE%20",
        long.as_str(),
    ] {
        let response = http_get(addr, path).await.to_lowercase();
        assert!(response.starts_with("http/1.1 204"), "{path}: {response}");
        assert!(!response.contains("fivedice-owner"), "{path}: {response}");
    }
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn two_players_finish_a_game_and_everyone_saw_the_same_log() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let addr = server.addr();
    let mut anna = Client::connect(addr).await;
    anna.hello("  Friday NIGHT ", 0).await;
    assert_eq!(anna.room().name().as_str(), "friday night");
    assert_eq!(anna.join("Anna").await, 0);
    let mut ben = Client::connect(addr).await;
    ben.hello("friday night", 0).await;
    assert_eq!(ben.join("Ben").await, 1);
    anna.reach(2).await;
    assert_eq!(anna.room().host(), Some(0));
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    let mut clients = [anna, ben];
    let mut turns = 0;
    while bounded("a turn", play_turn(&mut clients)).await {
        turns += 1;
    }
    assert_eq!(turns, 26);
    // Two rolls a turn and the roll-off, every one derived from the seed revealed at the end.
    assert_eq!(dice_checked_at_the_end(&mut clients, "Friday night").await, 53);
    let [anna, ben] = &clients;
    assert_eq!(anna.room().phase(), Phase::Finished);
    assert_eq!(anna.entries, ben.entries, "both devices saw the same log");
    assert_eq!(anna.room(), ben.room());
    let game = game_from_entries(&anna.entries, &["Anna", "Ben"]);
    let replica = anna.room().game().expect("started");
    for seat in 0..2 {
        assert_eq!(game.totals(seat), replica.totals(seat));
    }
    assert!(game.is_over());
    // A late watcher receives the whole log; after a restart the database replays to the same room.
    let mut watcher = Client::connect(addr).await;
    watcher.hello("FRIDAY night", 0).await;
    assert_eq!(watcher.entries, anna.entries);
    bounded("stop", server.stop()).await.expect("stops");
    let server = start_server(dir.path(), fast_play()).await;
    let mut after_restart = Client::connect(server.addr()).await;
    after_restart.hello("friday night", 0).await;
    assert_eq!(after_restart.room(), anna.room());
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn one_device_holds_two_seats_and_plays_each_in_turn() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut tablet = Client::connect(server.addr()).await;
    tablet.hello("sharing", 0).await;
    assert_eq!(tablet.join("Anna").await, 0);
    assert_eq!(tablet.join("Ben").await, 1, "a second person at the same device");
    let mut phone = Client::connect(server.addr()).await;
    phone.hello("sharing", 0).await;
    phone.send(&ClientMessage::join("ben")).await;
    assert_eq!(phone.refused().await.0, "name_taken");
    assert_eq!(phone.join("Cleo").await, 2);
    tablet.reach(phone.seq()).await;
    assert_eq!(tablet.seats(), [0, 1]);
    tablet.act(0, Action::Start).await;
    phone.reach(tablet.seq()).await;
    let mut clients = [tablet, phone];
    let mut turns = 0;
    while bounded("a turn", play_turn(&mut clients)).await {
        turns += 1;
    }
    assert_eq!(turns, 13 * 3, "the tablet played both its seats' turns");
    let game = game_from_entries(&clients[0].entries, &["Anna", "Ben", "Cleo"]);
    assert!(game.is_over());
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_dropped_device_is_shown_away_and_resumes_its_seat_from_what_it_saw() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (anna, mut ben) = started_pair("resume", server.addr(), server.addr()).await;
    // Ben's device drops mid-game.
    let seen = ben.seq();
    ben.drop_connection();
    let mut clients = [anna];
    let anna = &mut clients[0];
    let away = anna
        .until("presence with Ben away", |message| match message {
            ServerMessage::Presence { seats, .. } => seats
                .iter()
                .find(|presence| presence.seat == 1 && !presence.connected)
                .map(|presence| presence.away_ms),
            _ => None,
        })
        .await;
    assert!(away.is_some());
    // The host may not let a computer take over yet.
    anna.act_as(0, Action::take_over(1)).await;
    assert_eq!(anna.refused().await.0, "not_away_long_enough");
    // Anna plays her turn if it is hers.
    if clients[0].room().seat_to_play() == Some(0) {
        assert!(play_turn(&mut clients).await);
    }
    let [anna] = clients;
    // Ben comes back with his token and the last entry he saw, gets exactly what he missed, and plays on.
    ben.reconnect(server.addr()).await;
    let (seats, seq) = ben.hello("resume", seen).await;
    assert_eq!(seats, [1]);
    assert_eq!(seq, anna.seq());
    assert_eq!(ben.entries, anna.entries);
    assert_eq!(ben.room(), anna.room());
    let mut clients = [anna, ben];
    assert!(play_turn(&mut clients).await);
    assert!(play_turn(&mut clients).await);
    let [anna, ben] = clients;
    assert_eq!(anna.room(), ben.room());
    assert_eq!(anna.entries, ben.entries);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn the_host_role_and_seat_tokens_follow_seats_when_someone_leaves_the_lobby() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("lobby", 0).await;
    anna.join("Anna").await;
    // A second person on the same device.
    anna.join("Ava").await;
    let mut ben = Client::connect(server.addr()).await;
    ben.hello("lobby", 0).await;
    ben.join("Ben").await;
    ben.send(&ClientMessage::join("ANNA")).await;
    assert_eq!(ben.refused().await.0, "name_taken");
    anna.reach(3).await;
    anna.act(0, Action::Leave).await;
    ben.reach(4).await;
    assert_eq!(ben.room().host(), Some(0));
    assert_eq!(anna.seats(), [0]);
    assert_eq!(ben.seats(), [1]);
    // Ben, now seat 1, is not the host; Ava (seat 0, Anna's device) is.
    ben.act_as(1, Action::Start).await;
    assert_eq!(ben.refused().await.0, "not_host");
    // After a restart the moved tokens still hold the moved seats.
    let seen_by_ben = ben.seq();
    bounded("stop", server.stop()).await.expect("stops");
    let server = start_server(dir.path(), Limits::default()).await;
    ben.reconnect(server.addr()).await;
    let (seats, _) = ben.hello("LOBBY", seen_by_ben).await;
    assert_eq!(seats, [1]);
    anna.reconnect(server.addr()).await;
    let (seats, _) = anna.hello("lobby", 4).await;
    assert_eq!(seats, [0]);
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    assert_eq!(ben.room().phase(), Phase::Playing);
    let names: Vec<&str> = ben.room().seats().iter().map(|seat| seat.name.as_str()).collect();
    assert_eq!(names, ["Ava", "Ben"]);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn room_names_meet_as_unicode_folds_them_and_look_alike_player_names_are_taken() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("Straße", 0).await;
    anna.join("Anna").await;
    // Full-width capitals fold to the same room.
    let mut ben = Client::connect(server.addr()).await;
    ben.hello("ＳＴＲＡＳＳＥ", 0).await;
    assert_eq!(ben.entries, anna.entries, "the same room");
    // A Cyrillic "А" (U+0410) reads as Anna's name on every sheet.
    ben.send(&ClientMessage::join("\u{410}nna")).await;
    assert_eq!(ben.refused().await.0, "name_taken");
    ben.send(&ClientMessage::join("Ａｎｎａ")).await;
    assert_eq!(ben.refused().await.0, "name_taken");
    assert_eq!(ben.join("Ben").await, 1);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_device_whose_log_is_ahead_of_the_server_starts_over() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("ahead", 0).await;
    anna.join("Anna").await;
    // A device claiming to have seen more than the room holds gets the whole log again.
    let mut confused = Client::connect(server.addr()).await;
    confused
        .send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            room: "ahead".into(),
            tokens: Vec::new(),
            seen: 99,
        })
        .await;
    let entries: Vec<LogEntry> = confused
        .until("the log", |message| match message {
            ServerMessage::Log { entries } => Some(entries.clone()),
            _ => None,
        })
        .await;
    assert_eq!(entries.first().map(|entry| entry.seq), Some(1));
    let replayed = Room::replay(anna.room().name().clone(), &entries).expect("replays");
    assert_eq!(&replayed, anna.room());
    bounded("stop", server.stop()).await.expect("stops");
}

/// A room a server of protocol 3 stored mid-game (one event a kind of play) loads into a server of today
/// and plays on: an upgrade loses no game in progress.
#[tokio::test]
async fn a_room_stored_by_protocol_3_plays_on_after_an_upgrade() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    bounded("stop", server.stop()).await.expect("stops");
    let database = rusqlite::Connection::open(dir.path().join("data/rooms.sqlite3")).expect("the database");
    let old_log = [
        r#"{"joined":{"seat":0,"name":"Anna"}}"#,
        r#"{"joined":{"seat":1,"name":"Ben"}}"#,
        r#"{"started":{"first_player_roll":{"rounds":[[[0,6],[1,2]]],"first_seat":0}}}"#,
        r#"{"rolled":{"seat":0,"dice":[6,6,6,2,1]}}"#,
        r#"{"hold_toggled":{"seat":0,"die":4,"held":true}}"#,
        r#"{"hold_toggled":{"seat":0,"die":4,"held":false}}"#,
        r#"{"scored":{"seat":0,"category":"sixes","points":18}}"#,
    ];
    // Played a moment ago (rooms untouched for a month are forgotten at start-up).
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as i64;
    database
        .execute(
            "INSERT INTO rooms (name, created_ms, updated_ms) VALUES ('upgraded', ?1, ?1)",
            rusqlite::params![now_ms],
        )
        .expect("a room");
    for (index, json) in old_log.iter().enumerate() {
        database
            .execute(
                "INSERT INTO events (room, seq, json) VALUES ('upgraded', ?1, ?2)",
                rusqlite::params![index as i64 + 1, json],
            )
            .expect("an event");
    }
    for (seat, token) in ["anna-token", "ben-token"].iter().enumerate() {
        database
            .execute(
                "INSERT INTO seats (room, token, seat) VALUES ('upgraded', ?1, ?2)",
                rusqlite::params![token, seat as i64],
            )
            .expect("a seat");
    }
    drop(database);
    let server = start_server(dir.path(), fast_play()).await;
    let mut ben = Client::connect(server.addr()).await;
    ben.held.grant(1, "ben-token".into());
    let (seats, seq) = ben.hello("upgraded", 0).await;
    assert_eq!((seats, seq), (vec![1], 7));
    let game = ben.room().game().expect("started");
    assert_eq!(game.sheets()[0].get(Category::Sixes), Some(18));
    assert_eq!(game.current_seat(), 1);
    ben.act(1, Action::Roll).await;
    assert_eq!(ben.room().game().map(|game| game.turn().rolls_used), Some(1));
    bounded("stop", server.stop()).await.expect("stops");
}
