//! A seat moved to another device by a single-use link, through the real server: the link outlives a restart
//! (it is kept in SQLite beside the seats), the old device's token stops working, and each hostile use is
//! refused with its typed reason, the room unchanged.

mod common;

use common::{Client, bounded, by_turn, fast_play, play_turn, server, start_server, started_pair};
use fivedice_room::{Action, ClientMessage, Event, ServerMessage};

/// Asks, from `client`'s first seat, for a link moving `seat`: its code, or the refusal's code.
async fn offer(client: &mut Client, seat: usize) -> Result<String, String> {
    let token = client.token_of(client.seats()[0]);
    client.send(&ClientMessage::OfferHandOver { token, seat }).await;
    client
        .until("a link or a refusal", |message| match message {
            ServerMessage::HandOverOffered { code, .. } => Some(Ok(code.clone())),
            ServerMessage::Refused { code, .. } => Some(Err(code.clone())),
            _ => None,
        })
        .await
}

/// Opens a link on `client` (welcomed in the room): the seat it holds now, or the refusal's code.
async fn take(client: &mut Client, code: &str) -> Result<usize, String> {
    let seq = client.seq();
    client
        .send(&ClientMessage::TakeHandOver { code: code.into() })
        .await;
    let taken = client
        .until("a seat or a refusal", |message| match message {
            ServerMessage::SeatGranted { seat, .. } => Some(Ok(*seat)),
            ServerMessage::Refused { code, .. } => Some(Err(code.clone())),
            _ => None,
        })
        .await;
    if taken.is_err() {
        assert_eq!(
            client.seq(),
            seq,
            "a refused link changes nothing: {:?}",
            client.entries.last()
        );
    }
    taken
}

/// Waits until `client` hears that `seat` is away.
async fn away(client: &mut Client, seat: usize) {
    client
        .until("the seat away", |message| match message {
            ServerMessage::Presence { seats, .. } => seats
                .iter()
                .any(|presence| presence.seat == seat && !presence.connected)
                .then_some(()),
            _ => None,
        })
        .await;
}

#[tokio::test]
async fn a_link_made_before_a_restart_seats_a_fresh_device_and_the_old_token_holds_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (mut anna, mut ben) = started_pair("Phones", server.addr(), server.addr()).await;
    let old_token = ben.token_of(1);
    ben.drop_connection();
    away(&mut anna, 1).await;
    let code = offer(&mut anna, 1).await.expect("Ben's seat is away");
    assert_eq!(code.len(), 32, "128 random bits, in hex");
    anna.drop_connection();
    bounded("stop", server.stop()).await.expect("stops");

    let server = start_server(dir.path(), fast_play()).await;
    let mut new_phone = Client::connect(server.addr()).await;
    new_phone.hello("phones", 0).await;
    assert_eq!(take(&mut new_phone, &code).await, Ok(1));
    assert_eq!(new_phone.seats(), [1]);
    assert!(matches!(
        new_phone.entries.last().map(|entry| &entry.event),
        Some(Event::HandedOver { seat: 1 })
    ));
    // Ben's old phone comes back with its token: it holds no seat and watches.
    ben.reconnect(server.addr()).await;
    let (seats, _) = ben.hello("phones", ben.seq()).await;
    assert!(seats.is_empty(), "the old token holds nothing");
    ben.send(&ClientMessage::Act {
        token: old_token,
        at: ben.seq(),
        action: Action::Roll,
    })
    .await;
    assert_eq!(ben.refused().await.0, "not_your_seat");
    // The link is spent.
    assert_eq!(take(&mut ben, &code).await, Err("hand_over_used".into()));
    // The new phone plays Ben's turns to the end of the game with Anna.
    anna.reconnect(server.addr()).await;
    let (seats, _) = anna.hello("phones", anna.seq()).await;
    assert_eq!(seats, [0]);
    new_phone.reach(anna.seq()).await;
    let (first, second) = by_turn(anna, new_phone);
    let mut clients = [first, second];
    while bounded("a turn", play_turn(&mut clients)).await {}
    assert!(clients[0].room().game().expect("started").is_over());
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn every_hostile_use_of_a_link_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (mut anna, mut ben) = started_pair("Hostile", server.addr(), server.addr()).await;
    // A seat whose device is here.
    assert_eq!(offer(&mut anna, 1).await, Err("seat_here".into()));
    // A watcher asks for a link: it holds no seat to ask with.
    let mut watcher = Client::connect(server.addr()).await;
    watcher.hello("hostile", 0).await;
    watcher
        .send(&ClientMessage::OfferHandOver {
            token: "0123456789abcdef0123456789abcdef".into(),
            seat: 1,
        })
        .await;
    assert_eq!(watcher.refused().await.0, "not_your_seat");
    ben.drop_connection();
    away(&mut anna, 1).await;
    let code = offer(&mut anna, 1).await.expect("Ben's seat is away");
    // Guessed codes, a flood of them from one device: refused, then dropped; none seats it.
    let mut guesser = Client::connect(server.addr()).await;
    guesser.hello("hostile", 0).await;
    for guess in ["00000000000000000000000000000000", &code[..31], "x"] {
        assert_eq!(take(&mut guesser, guess).await, Err("hand_over_unknown".into()));
    }
    // Used: the first device takes the seat, a second opening of the same link is told it was used.
    let mut new_phone = Client::connect(server.addr()).await;
    new_phone.hello("hostile", 0).await;
    assert_eq!(take(&mut new_phone, &code).await, Ok(1));
    new_phone.drop_connection();
    away(&mut anna, 1).await;
    guesser.reach(new_phone.seq()).await;
    assert_eq!(take(&mut guesser, &code).await, Err("hand_over_used".into()));
    // After the end of the game no link is made or opened.
    let fresh = offer(&mut anna, 1).await.expect("away again");
    new_phone.reconnect(server.addr()).await;
    new_phone.hello("hostile", new_phone.seq()).await;
    anna.reach(new_phone.seq()).await;
    let (first, second) = by_turn(anna, new_phone);
    let mut clients = [first, second];
    while bounded("a turn", play_turn(&mut clients)).await {}
    let [mut anna, mut new_phone] = clients;
    if anna.seats() != [0] {
        std::mem::swap(&mut anna, &mut new_phone);
    }
    new_phone.drop_connection();
    away(&mut anna, 1).await;
    assert_eq!(offer(&mut anna, 1).await, Err("game_over".into()));
    guesser.reach(anna.seq()).await;
    assert_eq!(take(&mut guesser, &fresh).await, Err("game_over".into()));
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_flood_of_guesses_from_one_device_is_cut_off() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // The limits people play under.
    let server = start_server(dir.path(), fivedice_server::Limits::default()).await;
    let (mut anna, mut ben) = started_pair("Flood", server.addr(), server.addr()).await;
    ben.drop_connection();
    away(&mut anna, 1).await;
    let mut guesser = Client::connect(server.addr()).await;
    guesser.hello("flood", 0).await;
    let seq = guesser.seq();
    for attempt in 0..400 {
        let guess = format!("{attempt:032x}");
        guesser.send(&ClientMessage::TakeHandOver { code: guess }).await;
    }
    // The server answers the first over the rate with a refusal, drops the rest, and closes a connection that
    // keeps on.
    let mut codes = Vec::new();
    while let Some(message) = guesser.next().await {
        match message {
            ServerMessage::Refused { code, .. } => codes.push(code),
            ServerMessage::SeatGranted { .. } => panic!("a guess took a seat"),
            _ => {}
        }
    }
    assert!(codes.iter().any(|code| code == "rate_limited"), "{codes:?}");
    assert!(codes.len() < 400, "most guesses were dropped unanswered");
    assert_eq!(guesser.seq(), seq, "the room is unchanged");
    bounded("stop", server.stop()).await.expect("stops");
}

/// Waits until `client` hears the requests waiting, and returns them (id, seat).
async fn requests(client: &mut Client) -> Vec<(u64, usize)> {
    client
        .until("the requests", |message| match message {
            ServerMessage::SeatRequests { requests } => Some(
                requests
                    .iter()
                    .map(|request| (request.id, request.seat))
                    .collect(),
            ),
            _ => None,
        })
        .await
}

#[tokio::test]
async fn a_device_asks_for_an_away_seat_and_a_seated_one_lets_it_in_or_says_no() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = server(&dir).await;
    let (mut anna, mut ben) = started_pair("Asking", server.addr(), server.addr()).await;
    // Ben is here: nobody may ask for his seat.
    let mut new_phone = Client::connect(server.addr()).await;
    new_phone.hello("asking", 0).await;
    new_phone.send(&ClientMessage::AskSeat { seat: 1 }).await;
    assert_eq!(new_phone.refused().await.0, "seat_here");
    ben.drop_connection();
    away(&mut anna, 1).await;
    new_phone.send(&ClientMessage::AskSeat { seat: 1 }).await;
    let asked = requests(&mut anna).await;
    let [(id, 1)] = asked.as_slice() else {
        panic!("one request for Ben's seat: {asked:?}")
    };
    // A device holding no seat cannot answer.
    let mut watcher = Client::connect(server.addr()).await;
    watcher.hello("asking", 0).await;
    watcher
        .send(&ClientMessage::AnswerSeat {
            token: "0123456789abcdef0123456789abcdef".into(),
            request: *id,
            let_in: true,
        })
        .await;
    assert_eq!(watcher.refused().await.0, "not_your_seat");
    // Anna says no: the asking device is told, and the request is gone.
    let token = anna.token_of(0);
    anna.send(&ClientMessage::AnswerSeat {
        token: token.clone(),
        request: *id,
        let_in: false,
    })
    .await;
    assert_eq!(new_phone.refused().await.0, "said_no");
    assert_eq!(requests(&mut anna).await, []);
    // Asked again, and let in: the seat is the new phone's, with a token for it alone.
    new_phone.send(&ClientMessage::AskSeat { seat: 1 }).await;
    let [(id, 1)] = requests(&mut anna).await[..] else {
        panic!("one request again")
    };
    anna.send(&ClientMessage::AnswerSeat {
        token,
        request: id,
        let_in: true,
    })
    .await;
    let seat = new_phone
        .until("a seat", |message| match message {
            ServerMessage::SeatGranted { seat, .. } => Some(*seat),
            _ => None,
        })
        .await;
    assert_eq!(seat, 1);
    assert_eq!(new_phone.seats(), [1]);
    assert_eq!(
        watcher.seats(),
        Vec::<usize>::new(),
        "the token went to the asking device alone"
    );
    assert_eq!(requests(&mut anna).await, []);
    // The old token holds nothing; the new phone plays Ben's turns.
    ben.reconnect(server.addr()).await;
    let (seats, _) = ben.hello("asking", ben.seq()).await;
    assert!(seats.is_empty());
    anna.reach(new_phone.seq()).await;
    let (first, second) = by_turn(anna, new_phone);
    let mut clients = [first, second];
    assert!(bounded("a turn", play_turn(&mut clients)).await);
    assert!(bounded("a turn", play_turn(&mut clients)).await);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn requests_for_seats_are_limited_per_address() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // The limits people play under: a few requests at once, then two a minute.
    let server = start_server(dir.path(), fivedice_server::Limits::default()).await;
    let (mut anna, mut ben) = started_pair("Limited", server.addr(), server.addr()).await;
    ben.drop_connection();
    away(&mut anna, 1).await;
    let mut asker = Client::connect(server.addr()).await;
    asker.hello("limited", 0).await;
    let mut codes = Vec::new();
    for _ in 0..6 {
        asker.send(&ClientMessage::AskSeat { seat: 1 }).await;
        let answer = asker
            .until("a request heard or refused", |message| match message {
                ServerMessage::SeatRequests { .. } => Some(None),
                ServerMessage::Refused { code, .. } => Some(Some(code.clone())),
                _ => None,
            })
            .await;
        codes.extend(answer);
    }
    assert_eq!(
        codes,
        ["asked_too_often", "asked_too_often"],
        "four at once, then refused"
    );
    bounded("stop", server.stop()).await.expect("stops");
}
