//! Events on a real server: an organiser opens one, a room played over real WebSockets hands its log in as it
//! goes, the board follows (over Server-Sent Events) and survives a restart; only the key adds tables, only the
//! organiser closes, and a log that does not replay or skips ahead changes nothing. On a cluster, every node
//! serves the one event, whichever node owns a table's room.

mod common;

use common::events::{EVENT, PATH, Screen, board, game_totals, hand_in, open_event, totals};
use common::nodes::{room_owned_by, sees_members, start_node};
use common::process::{Nats, Nginx};
use common::{Client, by_turn, fast_play, http_json, play_quick_turn, server, started_pair};
use fivedice_room::{Action, RoomError};
use fivedice_rules::{DiceMode, Rules, RulesetId};
use serde_json::json;

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

    // Closed by mistake: the organiser opens it again (nobody else), and a new table joins after all.
    let reopen = |organiser: &str| json!({"organiser": organiser});
    let (status, refused) = http_json(addr, "POST", &format!("{PATH}/reopen"), &reopen(&key)).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("not_organiser")));
    let (status, reopened) = http_json(addr, "POST", &format!("{PATH}/reopen"), &reopen(&organiser)).await;
    assert_eq!((status, reopened["closed"].as_bool()), (200, Some(false)));
    assert_eq!(board(addr).await.rows, played.rows, "the board is as it was");
    let (status, _) = hand_in(addr, &key, "t2", &entries[..3]).await;
    assert_eq!(status, 200);
    let played = board(addr).await;
    let (status, closed) = http_json(addr, "POST", &format!("{PATH}/close"), &reopen(&organiser)).await;
    assert_eq!((status, closed["closed"].as_bool()), (200, Some(true)));

    // A restart loses nothing, and a close made a moment before it is still undone after it.
    running.stop().await.expect("stops");
    let running = server(&dir).await;
    let addr = running.addr();
    let after = board(addr).await;
    assert!(after.closed);
    assert_eq!(after.rows, played.rows);
    let (status, reopened) = http_json(addr, "POST", &format!("{PATH}/reopen"), &reopen(&organiser)).await;
    assert_eq!((status, reopened["closed"].as_bool()), (200, Some(false)));
    let (status, _) = http_json(addr, "POST", &format!("{PATH}/close"), &reopen(&organiser)).await;
    assert_eq!(status, 200);

    // A close eleven minutes old is not undone (its time set back in the file while the server is down).
    running.stop().await.expect("stops");
    let eleven_minutes = 11 * 60_000;
    let file = rusqlite::Connection::open(dir.path().join("data/rooms.sqlite3")).expect("the file");
    let moved = file
        .execute("UPDATE gatherings SET closed = closed - ?1", [eleven_minutes])
        .expect("set back");
    assert_eq!(moved, 1);
    drop(file);
    let running = server(&dir).await;
    let addr = running.addr();
    let (status, refused) = http_json(addr, "POST", &format!("{PATH}/reopen"), &reopen(&organiser)).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("reopen_too_late"))
    );
    assert!(board(addr).await.closed);
    running.stop().await.expect("stops");
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

#[tokio::test]
async fn on_a_cluster_every_node_serves_the_event_and_a_room_owned_by_another_node_reaches_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let nats = Nats::start(dir.path());
    let nodes = ["a", "b"];
    let servers =
        futures_util::future::join_all(nodes.map(|node| start_node(dir.path(), &nats, node, fast_play())))
            .await;
    for server in &servers {
        sees_members(server.addr(), 2).await;
    }
    let (a, b) = (servers[0].addr(), servers[1].addr());
    let (key, organiser) = open_event(a).await;
    let (status, taken) = http_json(
        b,
        "POST",
        "/events",
        &json!({"name": EVENT, "rules": Rules::new(RulesetId::Yatzy)}),
    )
    .await;
    assert_eq!((status, taken["error"].as_str()), (409, Some("event_name_taken")));
    // The screen follows the board through the deployment's nginx (which must not hold the stream back).
    let nginx = Nginx::start(dir.path(), &[a, b, b]);
    let mut screen = Screen::open(nginx.addr).await;
    assert!(screen.next().await.rows.is_empty());

    // A room that node b owns is tied through node a, and asked again through b: one table.
    let room = room_owned_by("b", &nodes, "Table");
    let tie = json!({"key": key, "name": "Table 3"});
    let room_path = format!("{PATH}/rooms/{}", room.replace(' ', "%20"));
    let (status, tied) = http_json(a, "POST", &room_path, &tie).await;
    assert_eq!(status, 201, "{tied}");
    let (status, again) = http_json(b, "POST", &room_path, &tie).await;
    assert_eq!((status, again["table"].as_str()), (200, tied["table"].as_str()));

    // Its phones play through node a (relayed to b, which hands the log in), while a tablet's table hands
    // in through node a: the two nodes write the one event turn after turn.
    let (anna, ben) = started_pair(&room, a, a).await;
    let mut phones = {
        let (first, second) = by_turn(anna, ben);
        [first, second]
    };
    let (anna, ben) = started_pair("The tablet", a, a).await;
    let mut tablet = {
        let (first, second) = by_turn(anna, ben);
        [first, second]
    };
    for _ in 0..3 {
        assert!(play_quick_turn(&mut phones).await);
        assert!(play_quick_turn(&mut tablet).await);
        let (status, answer) = hand_in(a, &key, "tablet", &tablet[0].entries).await;
        assert_eq!(status, 200, "{answer}");
        let mut expected = [game_totals(&phones[0]), game_totals(&tablet[0])].concat();
        expected.sort();
        while totals(&screen.next().await) != expected {}
    }
    // Two tables hand in at the same moment through the two nodes: both are kept, one after the other.
    let entries = &tablet[0].entries;
    for end in [entries.len() / 2, entries.len()] {
        let (through_a, through_b) = tokio::join!(
            hand_in(a, &key, "east", &entries[..end]),
            hand_in(b, &key, "west", &entries[..end]),
        );
        assert_eq!(
            (through_a.0, through_b.0),
            (200, 200),
            "{through_a:?} {through_b:?}"
        );
    }
    let played = board(b).await;
    assert_eq!(board(a).await, played);
    assert_eq!(played.tables.len(), 4);

    // Closed through b: node a takes no new table.
    let (status, closed) = http_json(
        b,
        "POST",
        &format!("{PATH}/close"),
        &json!({"organiser": organiser}),
    )
    .await;
    assert_eq!((status, closed["closed"].as_bool()), (200, Some(true)));
    let (status, refused) = hand_in(a, &key, "late", &tablet[0].entries).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("closed")));

    // Every node stops; a new one has the whole event.
    for server in servers {
        server.stop().await.expect("stops");
    }
    let c = start_node(dir.path(), &nats, "c", fast_play()).await;
    let after = board(c.addr()).await;
    assert!(after.closed);
    assert_eq!(after.rows, played.rows);
    c.stop().await.expect("stops");
}

#[tokio::test]
async fn another_device_takes_the_event_over_by_the_organisers_link_once_and_the_old_token_holds_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let running = server(&dir).await;
    let addr = running.addr();
    let (key, old) = open_event(addr).await;
    let token = |organiser: &str| json!({"organiser": organiser});
    let (status, refused) = http_json(addr, "POST", &format!("{PATH}/organiser"), &token(&key)).await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (403, Some("not_organiser")),
        "the tables' key is no organiser's"
    );
    let (status, taken) = http_json(addr, "POST", &format!("{PATH}/organiser"), &token(&old)).await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(
        (taken["event"].as_str(), taken["key"].as_str()),
        (Some(EVENT), Some(key.as_str()))
    );
    let new = taken["organiser"].as_str().expect("a new token").to_string();
    assert_ne!(new, old);
    // The link works once: opened again, it is refused; the old device no longer closes the event.
    let (status, refused) = http_json(addr, "POST", &format!("{PATH}/organiser"), &token(&old)).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("not_organiser")));
    // The new token is kept through a restart: it closes the event, the old one does not.
    running.stop().await.expect("stops");
    let running = server(&dir).await;
    let addr = running.addr();
    let (status, refused) = http_json(addr, "POST", &format!("{PATH}/close"), &token(&old)).await;
    assert_eq!((status, refused["error"].as_str()), (403, Some("not_organiser")));
    let (status, closed) = http_json(addr, "POST", &format!("{PATH}/close"), &token(&new)).await;
    assert_eq!((status, closed["closed"].as_bool()), (200, Some(true)));
    running.stop().await.expect("stops");
}
