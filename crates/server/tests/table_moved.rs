//! A table of one device continued on another, on a real server: the organiser's single-use link, the table's
//! log handed to the device that opens it with a token of its own, and the old device's copy refused from then
//! on; the link's hostile cases each refused with its reason, the event unchanged; all of it through a
//! restart.

mod common;

use common::events::{PATH, board, hand_in, open_event};
use common::{by_turn, http_json, play_quick_turn, server, started_pair};
use fivedice_room::LogEntry;
use serde_json::json;

/// The organiser asks for a link that continues `table`.
async fn offer(addr: std::net::SocketAddr, organiser: &str, table: &str) -> (u16, serde_json::Value) {
    let path = format!("{PATH}/tables/{table}/offer");
    http_json(addr, "POST", &path, &json!({"organiser": organiser})).await
}

/// A device opens the link.
async fn take(addr: std::net::SocketAddr, table: &str, code: &str) -> (u16, serde_json::Value) {
    let path = format!("{PATH}/tables/{table}/take");
    http_json(addr, "POST", &path, &json!({"code": code})).await
}

fn code_of(offered: &serde_json::Value) -> String {
    offered["code"].as_str().expect("a code").to_string()
}

#[tokio::test]
async fn a_table_continued_by_the_organisers_link_hands_in_from_the_new_device_alone() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (key, organiser) = open_event(addr).await;
    // A table's log as its tablet wrote it (played here by two clients), handed in turn by turn.
    let (anna, ben) = started_pair("Kitchen", addr, addr).await;
    let (first, second) = by_turn(anna, ben);
    let mut players = [first, second];
    for _ in 0..2 {
        assert!(play_quick_turn(&mut players).await);
    }
    let written = |players: &[common::Client; 2]| -> Vec<LogEntry> { players[0].entries.clone() };
    let (status, _) = hand_in(addr, &key, "t1", &written(&players)).await;
    assert_eq!(status, 200);

    // Only the organiser asks, for a table the event has.
    let (status, refused) = offer(addr, &key, "t1").await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("not_organiser")));
    let (status, refused) = offer(addr, &organiser, "t9").await;
    assert_eq!((status, refused["error"].as_str()), (404, Some("no_table")));
    let (status, offered) = offer(addr, &organiser, "t1").await;
    assert_eq!(status, 200, "{offered}");
    let code = code_of(&offered);
    assert!(code.len() >= 22, "128 bits or more: {code}");

    // A guessed code is refused; the link's own seats the new device with the log as the event has it.
    let (status, refused) = take(addr, "t1", "AAAAAAAAAAAAAAAAAAAAAA").await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("link_used")));
    let (status, taken) = take(addr, "t1", &code).await;
    assert_eq!(status, 200, "{taken}");
    let entries: Vec<LogEntry> = serde_json::from_value(taken["entries"].clone()).expect("entries");
    assert_eq!(entries, written(&players));
    assert_eq!(taken["name"], "Table 1");
    assert_eq!(taken["table"], "t1");
    let token = taken["key"].as_str().expect("a token").to_string();
    assert_ne!(token, key);
    // Used once: opened again, it is refused.
    let (status, refused) = take(addr, "t1", &code).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("link_used")));

    // The game goes on: the old tablet's copy is refused and changes nothing; the new device's is kept.
    assert!(play_quick_turn(&mut players).await);
    let before = board(addr).await;
    let (status, refused) = hand_in(addr, &key, "t1", &written(&players)).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("table_moved")));
    assert_eq!(board(addr).await, before);
    let (status, kept) = hand_in(addr, &token, "t1", &written(&players)).await;
    assert_eq!(
        (status, kept["seq"].as_u64()),
        (200, Some(players[0].entries.len() as u64))
    );
    assert_ne!(board(addr).await, before);

    // Through a restart (a turn played before it reaches the event after it): the token still hands in, the
    // event's key still does not for this table.
    assert!(play_quick_turn(&mut players).await);
    running.stop().await.expect("stops");
    let running = server(&dir).await;
    let addr = running.addr();
    let (status, refused) = hand_in(addr, &key, "t1", &written(&players)).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("table_moved")));
    let (status, _) = hand_in(addr, &token, "t1", &written(&players)).await;
    assert_eq!(status, 200);

    // A link older than ten minutes (its time set back in the file while the server is down) is refused.
    let (status, offered) = offer(addr, &organiser, "t1").await;
    assert_eq!(status, 200);
    running.stop().await.expect("stops");
    let file = rusqlite::Connection::open(dir.path().join("data/rooms.sqlite3")).expect("the file");
    let set_back = file
        .execute(
            "UPDATE gathering_table_keys SET code_expires_ms = code_expires_ms - ?1",
            [11 * 60_000],
        )
        .expect("set back");
    assert_eq!(set_back, 1);
    drop(file);
    let running = server(&dir).await;
    let addr = running.addr();
    let (status, refused) = take(addr, "t1", &code_of(&offered)).await;
    assert_eq!((status, refused["error"].as_str()), (410, Some("link_expired")));
    // And the token that was seated before is still the table's.
    let (status, _) = hand_in(addr, &token, "t1", &written(&players)).await;
    assert_eq!(status, 200);
    running.stop().await.expect("stops");
}

#[tokio::test]
async fn a_table_in_a_room_is_not_continued_by_the_organisers_link() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (key, organiser) = open_event(addr).await;
    let path = format!("{PATH}/rooms/Table%20three");
    let (status, tied) = http_json(addr, "POST", &path, &json!({"key": key, "name": "Table 3"})).await;
    assert_eq!(status, 201, "{tied}");
    let table = tied["table"].as_str().expect("a table id");
    let (status, refused) = offer(addr, &organiser, table).await;
    assert_eq!((status, refused["error"].as_str()), (409, Some("table_in_room")));
    running.stop().await.expect("stops");
}
