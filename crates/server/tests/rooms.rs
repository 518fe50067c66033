//! The room server on a free loopback port with a real SQLite file: whole games by protocol, and every
//! kind of bad input refused to its sender with the room unchanged.

mod common;

use common::{Client, bounded, by_turn, http_get, play_turn, start_server};
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, Event, LogEntry, Phase, Room};
use fivedice_rules::{Category, Columns, Dice, DiceMode, Game, Place, Play, RulesetId};
use fivedice_server::{Limits, RunningServer};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

/// Replays a room's entries into a `Game` directly through the rules crate (no room code), each play
/// checked by the rules, and returns the game.
fn game_from_entries(entries: &[LogEntry], names: &[&str]) -> Game {
    let mut game: Option<Game> = None;
    for entry in entries {
        match &entry.event {
            Event::Started { first_player_roll } => {
                let rules = fivedice_rules::Rules::new(RulesetId::Yahtzee);
                game = Some(
                    Game::new(rules, DiceMode::App, names, first_player_roll.first_seat).expect("a game"),
                );
            }
            Event::Played { seat, play } => {
                let game = game.as_mut().expect("started");
                if *play != Play::Undo {
                    assert_eq!(game.current_seat(), *seat);
                }
                game.play(play).expect("a legal play");
            }
            _ => {}
        }
    }
    game.expect("started")
}

/// A server whose rate limit does not get in the way of tests that play faster than any person.
async fn server(dir: &tempfile::TempDir) -> RunningServer {
    start_server(dir.path(), fast_play()).await
}

fn fast_play() -> Limits {
    Limits {
        messages_per_second: 10_000.0,
        message_burst: 10_000.0,
        ..Limits::default()
    }
}

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

/// A lobby of two devices in `room` on `server`, started; returns (anna, ben) with seat 0 and 1.
async fn started_pair(server: &RunningServer, room: &str) -> (Client, Client) {
    common::started_pair(room, server.addr(), server.addr()).await
}

/// The room's seq as a new watcher is told it.
async fn seq_seen_by_watcher(server: &RunningServer, room: &str) -> u64 {
    let mut watcher = Client::connect(server.addr()).await;
    let (_, seq) = watcher.hello(room, 0).await;
    watcher.close().await;
    seq
}

#[tokio::test]
async fn another_seats_action_and_a_stale_action_are_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (anna, ben) = started_pair(&server, "refusals").await;
    let (mut first, mut second) = by_turn(anna, ben);
    let first_seat = first.seats()[0];
    let second_seat = second.seats()[0];
    let before = first.seq();
    // Not your turn.
    second.act_as(second_seat, Action::Roll).await;
    let (code, reason) = second.refused().await;
    assert_eq!(code, "not_your_turn", "{reason}");
    // Another seat's token, which this device never held.
    let stolen = first.token_of(first_seat);
    second
        .send(&ClientMessage::Act {
            token: stolen,
            at: second.seq(),
            action: Action::Roll,
        })
        .await;
    assert_eq!(second.refused().await.0, "not_your_seat");
    // No token at all.
    second
        .send_raw(r#"{"act":{"at":3,"action":"roll"}}"#.into())
        .await;
    assert_eq!(second.refused().await.0, "bad_message");
    second
        .send(&ClientMessage::Act {
            token: String::new(),
            at: second.seq(),
            action: Action::Roll,
        })
        .await;
    assert_eq!(second.refused().await.0, "not_your_seat");
    assert_eq!(seq_seen_by_watcher(&server, "refusals").await, before);
    // Stale: a score decided before the roll it would score.
    first.act(first_seat, Action::Roll).await;
    first
        .send(&ClientMessage::Act {
            token: first.token_of(first_seat),
            at: before,
            action: Action::Play(Play::Score(Place::from(Category::Chance))),
        })
        .await;
    assert_eq!(first.refused().await.0, "stale");
    // Rules the rules crate refuses: no such die, a cell this sheet lacks.
    first.act_as(first_seat, Action::Play(Play::Hold(7))).await;
    assert_eq!(first.refused().await.0, "rules");
    first
        .act_as(
            first_seat,
            Action::Play(Play::Score(Place::from(Category::OnePair))),
        )
        .await;
    assert_eq!(first.refused().await.0, "rules");
    assert_eq!(seq_seen_by_watcher(&server, "refusals").await, before + 1);
    // The other device saw exactly the roll, nothing of the refusals.
    second.reach(before + 1).await;
    assert_eq!(first.entries, second.entries);
    // Play goes on.
    let scored = first
        .act(
            first_seat,
            Action::Play(Play::Score(Place::from(Category::Chance))),
        )
        .await;
    assert_eq!(scored.seq, before + 2);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn joining_after_the_start_is_refused_but_watching_is_allowed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (anna, ben) = started_pair(&server, "closed").await;
    let (mut first, _second) = by_turn(anna, ben);
    let mut late = Client::connect(server.addr()).await;
    let (seats, seq) = late.hello("closed", 0).await;
    assert!(seats.is_empty());
    assert_eq!(late.room().phase(), Phase::Playing);
    late.send(&ClientMessage::join("Cleo")).await;
    let (code, reason) = late.refused().await;
    assert_eq!(code, "started");
    assert_eq!(reason, "This game has started; ask for a new room");
    // The watcher still sees every move.
    let seat = first.seats()[0];
    let rolled = first.act(seat, Action::Roll).await;
    assert_eq!(rolled.seq, seq + 1);
    late.reach(rolled.seq).await;
    assert_eq!(late.room(), first.room());
    // A watcher cannot act.
    late.send(&ClientMessage::Act {
        token: "00000000000000000000000000000000".into(),
        at: late.seq(),
        action: Action::Roll,
    })
    .await;
    assert_eq!(late.refused().await.0, "not_your_seat");
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_score_pad_room_refuses_a_value_the_rules_do_not_offer() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("pad", 0).await;
    anna.join("Anna").await;
    anna.act(
        0,
        Action::ChooseRules {
            columns: Columns::ONE,
            ruleset: RulesetId::Yam,
            joker: None,
            yahtzee_bonus: None,
            dice: DiceMode::Pad,
        },
    )
    .await;
    anna.act(0, Action::Start).await;
    let before = anna.seq();
    for (category, value) in [
        (Category::FullHouse, 26),
        (Category::Aces, 6),
        (Category::Yahtzee, 50),
    ] {
        anna.act_as(
            0,
            Action::Play(Play::Write {
                place: category.into(),
                value,
                bonus: false,
            }),
        )
        .await;
        let (code, reason) = anna.refused().await;
        assert_eq!(code, "rules", "{reason}");
    }
    anna.act_as(0, Action::Roll).await;
    assert_eq!(anna.refused().await.0, "rules");
    assert_eq!(seq_seen_by_watcher(&server, "pad").await, before);
    let written = anna
        .act(
            0,
            Action::Play(Play::Write {
                place: Place::from(Category::Aces),
                value: 5,
                bonus: false,
            }),
        )
        .await;
    assert_eq!(written.seq, before + 1);
    let entered = anna
        .act(
            0,
            Action::Play(Play::EnterDice("6 6 6 6 6".parse::<Dice>().expect("dice"))),
        )
        .await;
    assert!(matches!(
        entered.event,
        Event::Played {
            play: Play::EnterDice(_),
            ..
        }
    ));
    anna.act(0, Action::Play(Play::Score(Place::from(Category::Sixes))))
        .await;
    assert_eq!(
        anna.room().game().expect("started").sheets()[0].get(Category::Sixes),
        Some(30)
    );
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_ninth_player_and_a_seventh_yam_player_are_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut players = Vec::new();
    for seat in 0..8 {
        let mut player = Client::connect(server.addr()).await;
        player.hello("crowded", 0).await;
        assert_eq!(player.join(&format!("Player {seat}")).await, seat);
        players.push(player);
    }
    let mut ninth = Client::connect(server.addr()).await;
    ninth.hello("crowded", 0).await;
    ninth.send(&ClientMessage::join("Ninth")).await;
    let (code, reason) = ninth.refused().await;
    assert_eq!(code, "room_full", "{reason}");
    assert_eq!(seq_seen_by_watcher(&server, "crowded").await, 8);
    // Yam seats six: the host cannot choose it for eight, and two leave first.
    let host = &mut players[0];
    host.reach(8).await;
    let yam = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yam,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
    host.act_as(0, yam.clone()).await;
    assert_eq!(host.refused().await.0, "too_many_for_rules");
    for (leaving, seq) in [(7, 8), (6, 9)] {
        let player = &mut players[leaving];
        player.reach(seq).await;
        player.act(leaving, Action::Leave).await;
    }
    let host = &mut players[0];
    host.reach(10).await;
    host.act(0, yam).await;
    let mut seventh = Client::connect(server.addr()).await;
    seventh.hello("crowded", 0).await;
    seventh.send(&ClientMessage::join("Seventh")).await;
    assert_eq!(seventh.refused().await.0, "room_full");
    assert_eq!(seq_seen_by_watcher(&server, "crowded").await, 11);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn oversized_malformed_and_binary_messages_are_refused_to_their_sender_only() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (mut anna, mut ben) = started_pair(&server, "garbage").await;
    let before = anna.seq();
    let oversized = format!(r#"{{"join":{{"name":"{}"}}}}"#, "x".repeat(5000));
    anna.send_raw(oversized).await;
    let (code, reason) = anna.refused().await;
    assert_eq!(code, "too_big", "{reason}");
    for garbage in [
        "{",
        "null",
        r#"{"hello":{}}"#,
        r#"{"act":{"token":"a","at":0,"action":"teleport"}}"#,
    ] {
        anna.send_raw(garbage.into()).await;
        assert_eq!(anna.refused().await.0, "bad_message", "{garbage}");
    }
    bounded(
        "a binary send",
        futures_util::SinkExt::send(
            anna.socket_mut(),
            tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into()),
        ),
    )
    .await
    .expect("sent");
    assert_eq!(anna.refused().await.0, "bad_message");
    // A second hello on the same connection.
    anna.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        room: "other".into(),
        tokens: Vec::new(),
        seen: 0,
    })
    .await;
    assert_eq!(anna.refused().await.0, "already_in_room");
    // The room is as it was and both still play: whoever's turn it is rolls.
    assert_eq!(seq_seen_by_watcher(&server, "garbage").await, before);
    let mut clients = [anna, ben];
    assert!(play_turn(&mut clients).await);
    [anna, ben] = clients;
    assert_eq!(anna.entries, ben.entries);
    // Frames far over the limit close the connection.
    anna.send_raw("y".repeat(100_000)).await;
    assert!(anna.closed().await);
    ben.close().await;
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_flood_is_refused_then_cut_off_and_the_room_plays_on() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = start_server(dir.path(), Limits::default()).await;
    let (anna, ben) = started_pair(&server, "flood").await;
    let (mut first, mut second) = by_turn(anna, ben);
    let before = first.seq();
    // The player not on turn floods with actions (each would be refused anyway) faster than the limit.
    let codes = second.flood_rolls(before).await;
    assert!(codes.iter().any(|code| code == "rate_limited"), "{codes:?}");
    assert!(
        codes.len() <= 45,
        "about one answer per allowed message, not one per flooded one: {}",
        codes.len()
    );
    assert_eq!(seq_seen_by_watcher(&server, "flood").await, before);
    let seat = first.seats()[0];
    let rolled = first.act(seat, Action::Roll).await;
    assert_eq!(rolled.seq, before + 1);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn an_older_app_is_told_to_update() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let mut old = Client::connect(server.addr()).await;
    old.send(&ClientMessage::Hello {
        version: PROTOCOL_VERSION + 1,
        room: "versions".into(),
        tokens: Vec::new(),
        seen: 0,
    })
    .await;
    let update = old
        .until("update", |message| match message {
            ServerMessage::UpdateApp { server_version, .. } => Some(*server_version),
            _ => None,
        })
        .await;
    assert_eq!(update, PROTOCOL_VERSION);
    assert!(old.closed().await);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn foreign_pages_and_too_many_connections_from_one_address_are_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let limits = Limits {
        max_connections_per_ip: 2,
        ..Limits::default()
    };
    let server = start_server(dir.path(), limits).await;
    let addr = server.addr();
    let with_origin = |origin: &str| {
        let mut request = format!("ws://{addr}/rooms/ws")
            .into_client_request()
            .expect("a request");
        request
            .headers_mut()
            .insert("Origin", HeaderValue::from_str(origin).expect("a header"));
        request
    };
    let foreign = bounded(
        "a handshake",
        tokio_tungstenite::connect_async(with_origin("http://evil.example")),
    )
    .await;
    assert!(foreign.is_err(), "a foreign origin is refused");
    // DNS rebinding's shape: evil.example resolved to this server, the page sends its own name as Host.
    let mut rebound = with_origin("http://evil.example");
    rebound
        .headers_mut()
        .insert("Host", HeaderValue::from_static("evil.example"));
    let rebound = bounded("a handshake", tokio_tungstenite::connect_async(rebound)).await;
    assert!(
        rebound.is_err(),
        "a Host header naming the foreign origin does not let it in"
    );
    // Another machine's page at this server's port, with a Host to match: an address is not this server's
    // because it parses as one.
    let port = addr.port();
    let mut elsewhere = with_origin(&format!("http://203.0.113.7:{port}"));
    elsewhere.headers_mut().insert(
        "Host",
        HeaderValue::from_str(&format!("203.0.113.7:{port}")).expect("a header"),
    );
    let elsewhere = bounded("a handshake", tokio_tungstenite::connect_async(elsewhere)).await;
    assert!(
        elsewhere.is_err(),
        "a page of another machine at the same port is refused"
    );
    let (own, _) = bounded(
        "a handshake",
        tokio_tungstenite::connect_async(with_origin(&format!("http://{addr}"))),
    )
    .await
    .expect("this host's own pages may connect");
    let second = Client::connect(addr).await;
    let third = bounded(
        "a handshake",
        tokio_tungstenite::connect_async(format!("ws://{addr}/rooms/ws")),
    )
    .await;
    assert!(third.is_err(), "a third connection from one address is refused");
    drop(own);
    second.close().await;
    // Places free up when connections close.
    let mut again = None;
    for _ in 0..50 {
        if let Ok((socket, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/rooms/ws")).await {
            again = Some(socket);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(again.is_some());
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_dropped_device_is_shown_away_and_resumes_its_seat_from_what_it_saw() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (anna, mut ben) = started_pair(&server, "resume").await;
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
    anna.act_as(0, Action::TakeOver { seat: 1 }).await;
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
