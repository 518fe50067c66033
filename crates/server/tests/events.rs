//! Events on a real server: an organiser opens one, a room played over real WebSockets hands its log in as it
//! goes, the board follows (over Server-Sent Events) and survives a restart; only the key adds tables, only the
//! organiser closes, and a log that does not replay or skips ahead changes nothing.

mod common;

use std::net::SocketAddr;

use common::{Client, bounded, by_turn, http_json, play_quick_turn, server, started_pair};
use fivedice_room::gathering::Board;
use fivedice_room::{Action, LogEntry, RoomError};
use fivedice_rules::{DiceMode, Rules, RulesetId};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const EVENT: &str = "Claire & Tom's wedding";
const PATH: &str = "/events/Claire%20%26%20Tom's%20wedding";

async fn open_event(addr: SocketAddr) -> (String, String) {
    let rules = Rules::new(RulesetId::Yahtzee);
    let (status, opened) = http_json(addr, "POST", "/events", &json!({"name": EVENT, "rules": rules})).await;
    assert_eq!(status, 201, "{opened}");
    assert_eq!(opened["event"], EVENT);
    let key = opened["key"].as_str().expect("a key").to_string();
    let organiser = opened["organiser"].as_str().expect("a token").to_string();
    assert_ne!(key, organiser);
    (key, organiser)
}

async fn hand_in(addr: SocketAddr, key: &str, table: &str, entries: &[LogEntry]) -> (u16, serde_json::Value) {
    let body = json!({"key": key, "name": "Table 1", "entries": entries});
    http_json(addr, "POST", &format!("{PATH}/tables/{table}"), &body).await
}

async fn board(addr: SocketAddr) -> Board {
    let (status, board) = http_json(addr, "GET", PATH, &json!(null)).await;
    assert_eq!(status, 200, "{board}");
    serde_json::from_value(board).expect("a board")
}

/// The board's Server-Sent Events, read line by line.
struct Screen(BufReader<TcpStream>);

impl Screen {
    async fn open(addr: SocketAddr) -> Screen {
        let mut stream = bounded("a TCP connection", TcpStream::connect(addr))
            .await
            .expect("connects");
        let request =
            format!("GET {PATH}/live HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
        stream.write_all(request.as_bytes()).await.expect("writes");
        Screen(BufReader::new(stream))
    }

    /// The next board the stream sends.
    async fn next(&mut self) -> Board {
        loop {
            let mut line = String::new();
            let read = bounded("a line of the stream", self.0.read_line(&mut line))
                .await
                .expect("reads");
            assert!(read > 0, "the stream ended");
            if let Some(data) = line.trim_end().strip_prefix("data:") {
                return serde_json::from_str(data.trim()).expect("a board");
            }
        }
    }
}

fn totals(board: &Board) -> Vec<(String, u16)> {
    let mut totals: Vec<(String, u16)> = board
        .rows
        .iter()
        .map(|row| (row.player.clone(), row.total))
        .collect();
    totals.sort();
    totals
}

#[tokio::test]
async fn a_rooms_log_reaches_the_event_once_and_its_board_follows_and_survives_a_restart() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (key, organiser) = open_event(addr).await;
    let (status, taken) = http_json(
        addr,
        "POST",
        "/events",
        &json!({"name": EVENT, "rules": Rules::new(RulesetId::Yatzy)}),
    )
    .await;
    assert_eq!((status, taken["error"].as_str()), (409, Some("event_name_taken")));
    let mut screen = Screen::open(addr).await;
    assert!(screen.next().await.rows.is_empty());

    // A room of two phones plays; after each turn its log reaches the event.
    let (anna, ben) = started_pair("Table one", addr, addr).await;
    let (first, second) = by_turn(anna, ben);
    let mut clients = [first, second];
    let (status, refused) = hand_in(addr, "not-the-key", "t1", &clients[0].entries).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("wrong_key")));
    for _ in 0..4 {
        assert!(play_quick_turn(&mut clients).await);
        let entries = &clients[0].entries;
        let (status, answer) = hand_in(addr, &key, "t1", entries).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["seq"], entries.len());
        let shown = screen.next().await;
        assert_eq!(totals(&shown), game_totals(&clients[0]));
    }
    // Sent again (a device that did not hear the answer): counted once.
    let before = board(addr).await;
    let (status, answer) = hand_in(addr, &key, "t1", &clients[0].entries).await;
    assert_eq!(
        (status, answer["seq"].as_u64()),
        (200, Some(clients[0].entries.len() as u64))
    );
    assert_eq!(board(addr).await, before);

    // What skips ahead is refused with the place to send from; what does not replay changes nothing.
    assert!(play_quick_turn(&mut clients).await);
    let entries = clients[0].entries.clone();
    let known = before.rows.len();
    let (status, gap) = hand_in(addr, &key, "t1", &entries[entries.len() - 1..]).await;
    assert_eq!((status, gap["error"].as_str()), (409, Some("gap")));
    let seq = gap["seq"].as_u64().expect("a seq");
    let mut forged = entries[seq as usize..].to_vec();
    let last = forged.len() - 1;
    // Leaving a game in play: no room writes that.
    forged[last].event = fivedice_room::Event::Left { seat: 0 };
    let (status, refused) = hand_in(addr, &key, "t1", &forged).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(board(addr).await.rows.len(), known);
    let (status, _) = hand_in(addr, &key, "t1", &entries[seq as usize..]).await;
    assert_eq!(status, 200);
    let played = board(addr).await;

    // The organiser closes it: no new table, the one playing plays on.
    let (status, refused) =
        http_json(addr, "POST", &format!("{PATH}/close"), &json!({"organiser": key})).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("not_organiser")));
    let (status, closed) = http_json(
        addr,
        "POST",
        &format!("{PATH}/close"),
        &json!({"organiser": organiser}),
    )
    .await;
    assert_eq!((status, closed["closed"].as_bool()), (200, Some(true)));
    let (status, refused) = hand_in(addr, &key, "t2", &entries[..3]).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("closed")));

    // A restart loses nothing.
    running.stop().await.expect("stops");
    let running = server(&dir).await;
    let addr = running.addr();
    let after = board(addr).await;
    assert!(after.closed);
    assert_eq!(after.rows, played.rows);
    running.stop().await.expect("stops");
}

/// Each seat's grand total in the game a client sees, by player.
fn game_totals(client: &Client) -> Vec<(String, u16)> {
    let game = client.room().game().expect("started");
    let mut totals: Vec<(String, u16)> = (0..game.players().len())
        .map(|seat| {
            (
                game.players()[seat].clone(),
                game.totals(seat).expect("totals").grand,
            )
        })
        .collect();
    totals.sort();
    totals
}

#[tokio::test]
async fn a_room_tied_to_the_event_reaches_its_board_from_the_server_and_plays_only_its_game() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (key, _) = open_event(addr).await;
    let tie = |key: String, room: &str| {
        let path = format!("{PATH}/rooms/{room}");
        async move { http_json(addr, "POST", &path, &json!({"key": key, "name": "Table 3"})).await }
    };
    let (status, refused) = tie("not-the-key".into(), "Table%20three").await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("wrong_key")));
    let (status, tied) = tie(key.clone(), "Table%20three").await;
    assert_eq!(status, 201, "{tied}");
    let table = tied["table"].as_str().expect("a table id").to_string();
    // Asked again (the answer was lost): the same table.
    let (status, again) = tie(key.clone(), "table%20THREE").await;
    assert_eq!((status, again["table"].as_str()), (200, Some(table.as_str())));
    // A room played in already is not a new table.
    let _ = started_pair("Elsewhere", addr, addr).await;
    let (status, refused) = tie(key.clone(), "Elsewhere").await;
    assert_eq!((status, refused["error"].as_str()), (409, Some("room_taken")));
    let mut screen = Screen::open(addr).await;
    let shown = screen.next().await;
    assert_eq!(shown.tables.len(), 1);
    assert_eq!(shown.tables[0].name, "Table 3");

    // Two phones in the room: no other game than the event's, then play; the board follows without any
    // device handing anything in.
    let mut anna = Client::connect(addr).await;
    anna.hello("Table three", 0).await;
    anna.join("Anna").await;
    let mut ben = Client::connect(addr).await;
    ben.hello("Table three", 0).await;
    ben.join("Ben").await;
    anna.reach(2).await;
    anna.act_as(0, Action::choosing(Rules::new(RulesetId::Yatzy), DiceMode::App))
        .await;
    let (code, _) = anna.refused().await;
    assert_eq!(code, RoomError::EventsGame.code());
    anna.act(0, Action::choosing(Rules::new(RulesetId::Yahtzee), DiceMode::App))
        .await;
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    let (first, second) = by_turn(anna, ben);
    let mut clients = [first, second];
    for _ in 0..3 {
        assert!(play_quick_turn(&mut clients).await);
        let expected = game_totals(&clients[0]);
        let mut shown = screen.next().await;
        while totals(&shown) != expected || shown.tables[0].name != "Table 3" {
            shown = screen.next().await;
        }
    }
    let played = board(addr).await;
    assert_eq!(totals(&played), game_totals(&clients[0]));

    // A restart: the event still has every entry, and the room goes on reaching it.
    running.stop().await.expect("stops");
    let running = server(&dir).await;
    let addr = running.addr();
    assert_eq!(board(addr).await.rows, played.rows);
    let mut screen = Screen::open(addr).await;
    for client in &mut clients {
        client.reconnect(addr).await;
        let seen = client.seq();
        client.hello("Table three", seen).await;
    }
    assert!(play_quick_turn(&mut clients).await);
    let expected = game_totals(&clients[0]);
    while totals(&screen.next().await) != expected {}
    running.stop().await.expect("stops");
}

#[tokio::test]
async fn an_unknown_event_or_a_bad_request_gets_a_clear_refusal() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (status, missing) = http_json(addr, "GET", "/events/nobody", &json!(null)).await;
    assert_eq!((status, missing["error"].as_str()), (404, Some("no_event")));
    let (status, refused) = http_json(
        addr,
        "POST",
        "/events",
        &json!({"name": "  ", "rules": Rules::new(RulesetId::Yahtzee)}),
    )
    .await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (422, Some(RoomError::RoomNameEmpty.code()))
    );
    let (status, refused) = http_json(addr, "POST", "/events", &json!({"name": "A party"})).await;
    assert_eq!(status, 422, "a body without rules");
    assert_eq!(refused["error"], "bad_request");
    assert!(
        refused["reason"]
            .as_str()
            .is_some_and(|reason| reason.contains("rules")),
        "{refused}"
    );
    let (key, _) = open_event(addr).await;
    let (status, refused) = http_json(
        addr,
        "POST",
        &format!("{PATH}/tables/bad%20id"),
        &json!({"key": key, "name": "Table 1"}),
    )
    .await;
    assert_eq!((status, refused["error"].as_str()), (422, Some("bad_table_id")));
    running.stop().await.expect("stops");
}

#[tokio::test]
async fn a_tied_room_starts_only_at_the_events_game_even_if_it_never_chose_one() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let yatzy = Rules::new(RulesetId::Yatzy);
    let (status, opened) = http_json(
        addr,
        "POST",
        "/events",
        &json!({"name": "Nordic", "rules": yatzy}),
    )
    .await;
    assert_eq!(status, 201, "{opened}");
    let key = opened["key"].as_str().expect("a key");
    let tie = json!({"key": key, "name": "Table 1"});
    let (status, tied) = http_json(addr, "POST", "/events/Nordic/rooms/Lone%20host", &tie).await;
    assert_eq!(status, 201, "{tied}");
    let mut host = Client::connect(addr).await;
    host.hello("Lone host", 0).await;
    host.join("Anna").await;
    // The room's own game (Yahtzee) was never chosen away from: starting it is refused.
    host.act_as(0, Action::Start).await;
    let (code, _) = host.refused().await;
    assert_eq!(code, RoomError::EventsGame.code());
    host.act(0, Action::choosing(yatzy, DiceMode::App)).await;
    host.act(0, Action::Start).await;
    running.stop().await.expect("stops");
}
