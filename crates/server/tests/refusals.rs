//! The room server on a free loopback port: every kind of bad input refused to its sender with the room
//! unchanged (another seat's or a stale action, a late join, a value the rules do not offer, a full room,
//! oversized or malformed messages, a flood, an older app, a foreign page, too many connections).

mod common;

use common::{Client, bounded, by_turn, play_turn, seq_seen_by_watcher, server, start_server, started_pair};
use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, Event, Phase, RulesChoice};
use fivedice_rules::{Category, Dice, DiceMode, Place, Play, RulesetId};
use fivedice_server::Limits;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

#[tokio::test]
async fn another_seats_action_and_a_stale_action_are_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (anna, ben) = started_pair("refusals", server.addr(), server.addr()).await;
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
    let (anna, ben) = started_pair("closed", server.addr(), server.addr()).await;
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
        Action::ChooseRules(RulesChoice::of(RulesetId::Yam, DiceMode::Pad)),
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
                first_roll: false,
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
                first_roll: false,
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
    let yam = Action::ChooseRules(RulesChoice::of(RulesetId::Yam, DiceMode::App));
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
    let (mut anna, mut ben) = started_pair("garbage", server.addr(), server.addr()).await;
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
    let (anna, ben) = started_pair("flood", server.addr(), server.addr()).await;
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
