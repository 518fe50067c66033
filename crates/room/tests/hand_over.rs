//! Moving a seat to another device, by a single-use link or asked back and let in: the host's rules, each
//! refusal typed and the room unchanged by it.

mod hand_over_host;

use fivedice_room::{
    Action, ClientMessage, Delivery, Event, HAND_OVER_VALID_MS, HandOverRefusal, HandOvers, Phase, Refusal,
    Room, RoomError, RoomHost, RoomName, SeatRequests, ServerMessage,
};
use fivedice_rules::{Face, Place, Play};

use hand_over_host::*;

#[test]
fn a_link_seats_a_fresh_device_where_the_turn_stands_and_the_old_token_holds_nothing() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(BEN, "token-2", 2).expect("Cleo's seat is away");
    assert!(code.starts_with("token-"), "the host drew the code: {code}");
    assert!(matches!(
        host.log.last().unwrap().event,
        Event::HandOverOffered { seat: 2 }
    ));
    let seq = host.host.room().seq();
    host.hello(NEW_PHONE, Vec::new());
    let (seat, token) = host.take(NEW_PHONE, &code).expect("the link works once");
    assert_eq!(seat, 2);
    assert_eq!(host.log.last().unwrap().event, Event::HandedOver { seat: 2 });
    assert_eq!(host.host.room().seq(), seq + 1);
    assert_eq!(host.host.tokens().token_of(2), Some(token.as_str()));
    // Present again: nobody is offered a computer for Cleo, and her seat plays from the new phone.
    let ServerMessage::Presence { seats, .. } = host.host.presence(host.now_ms) else {
        panic!("presence")
    };
    assert!(seats[2].connected);
    // The old phone comes back with the old token: it holds nothing now, and its actions are refused.
    host.hello(OLD_PHONE, vec!["token-3".into()]);
    assert_eq!(host.host.tokens().seat_of("token-3"), None);
    let refused = host.act(OLD_PHONE, "token-3", Action::Roll);
    assert!(matches!(
        refused.as_slice(),
        [Delivery::ToSender(ServerMessage::Refused {
            refusal: Refusal::NotYourSeat,
            ..
        })]
    ));
    // The log replays on any device to the same room.
    let replayed = Room::replay(host.host.room().name().clone(), &host.log).unwrap();
    assert_eq!(&replayed, host.host.room());
}

#[test]
fn a_link_opened_twice_is_refused_as_used() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    host.hello(NEW_PHONE, Vec::new());
    host.take(NEW_PHONE, &code).unwrap();
    host.host.leave(NEW_PHONE, host.now_ms);
    host.hello(OLD_PHONE, Vec::new());
    assert_eq!(
        host.take(OLD_PHONE, &code),
        Err(Refusal::HandOver(HandOverRefusal::Used))
    );
}

#[test]
fn a_link_older_than_ten_minutes_is_refused_as_expired() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    host.now_ms += HAND_OVER_VALID_MS;
    host.hello(NEW_PHONE, Vec::new());
    assert_eq!(
        host.take(NEW_PHONE, &code),
        Err(Refusal::HandOver(HandOverRefusal::Expired))
    );
    // Still within its time a moment before.
    host.now_ms -= 1;
    assert!(host.take(NEW_PHONE, &code).is_ok());
}

#[test]
fn a_guessed_code_is_unknown() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    host.hello(NEW_PHONE, Vec::new());
    for guess in [
        "",
        "token-1",
        "0123456789abcdef0123456789abcdef",
        &code[..code.len() - 1],
    ] {
        assert_eq!(
            host.take(NEW_PHONE, guess),
            Err(Refusal::HandOver(HandOverRefusal::Unknown)),
            "{guess:?}"
        );
    }
}

#[test]
fn a_seat_whose_device_is_here_is_not_moved() {
    let mut host = Host::with_cleo_gone();
    assert_eq!(
        host.offer(ANNA, "token-1", 1),
        Err(Refusal::HandOver(HandOverRefusal::SeatHere)),
        "Ben is here"
    );
    // Cleo's phone comes back after the link was made: the link no longer moves her seat.
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    host.hello(OLD_PHONE, vec!["token-3".into()]);
    host.hello(NEW_PHONE, Vec::new());
    assert_eq!(
        host.take(NEW_PHONE, &code),
        Err(Refusal::HandOver(HandOverRefusal::SeatHere))
    );
}

#[test]
fn only_a_seated_device_may_ask_for_a_link() {
    let mut host = Host::with_cleo_gone();
    host.hello(NEW_PHONE, Vec::new());
    assert_eq!(host.offer(NEW_PHONE, "token-9", 2), Err(Refusal::NotYourSeat));
    // A token of this room, but held by another connection, proves nothing either.
    assert_eq!(host.offer(NEW_PHONE, "token-1", 2), Err(Refusal::NotYourSeat));
    assert!(
        !host
            .log
            .iter()
            .any(|entry| matches!(entry.event, Event::HandOverOffered { .. }))
    );
}

#[test]
fn no_link_is_made_or_opened_once_the_game_is_over() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    play_to_the_end(&mut host);
    assert_eq!(host.host.room().phase(), Phase::Finished);
    assert_eq!(
        host.offer(ANNA, "token-1", 2),
        Err(Refusal::Room(RoomError::GameOver))
    );
    host.hello(NEW_PHONE, Vec::new());
    assert_eq!(
        host.take(NEW_PHONE, &code),
        Err(Refusal::Room(RoomError::GameOver))
    );
}

#[test]
fn a_link_is_made_only_for_a_person_in_a_started_game() {
    let mut host = Host {
        host: RoomHost::new(RoomName::parse("Kitchen").unwrap()),
        links: HandOvers::default(),
        requests: SeatRequests::default(),
        log: Vec::new(),
        now_ms: 0,
        drawn: 0,
    };
    host.hello(ANNA, Vec::new());
    host.send(ANNA, ClientMessage::join("Anna"));
    host.act(
        ANNA,
        "token-1",
        Action::AddComputer {
            name: "Robo".into(),
            level: fivedice_strategy::Level::Casual,
        },
    );
    assert_eq!(
        host.offer(ANNA, "token-1", 1),
        Err(Refusal::Room(RoomError::NotStarted))
    );
    host.act(ANNA, "token-1", Action::Start);
    assert_eq!(
        host.offer(ANNA, "token-1", 1),
        Err(Refusal::Room(RoomError::ComputerPlays { seat: 1 }))
    );
}

#[test]
fn a_link_survives_the_host_being_restored_from_what_it_kept() {
    let mut host = Host::with_cleo_gone();
    let code = host.offer(ANNA, "token-1", 2).unwrap();
    let kept = host.links.as_slice().to_vec();
    assert_eq!(kept.len(), 1);
    let restored = RoomHost::restore(
        host.host.room().name().clone(),
        &host.log,
        host.host.tokens().clone(),
        None,
        host.now_ms,
    )
    .unwrap();
    host.host = restored;
    host.links = HandOvers::new(kept);
    host.hello(NEW_PHONE, Vec::new());
    assert_eq!(host.take(NEW_PHONE, &code).map(|(seat, _)| seat), Ok(2));
}

/// Every seat writes its boxes (a computer takes Cleo's seat after its wait, played by Anna's device).
fn play_to_the_end(host: &mut Host) {
    host.now_ms += fivedice_room::TAKE_OVER_AFTER_MS;
    host.act(BEN, "token-2", Action::take_over(2));
    let tokens = ["token-1", "token-2", "token-1"];
    while let Some(seat) = host.host.room().seat_to_play() {
        let (connection, token) = match seat {
            1 => (BEN, tokens[1]),
            _ => (ANNA, tokens[seat]),
        };
        host.act(connection, token, Action::Roll);
        let scores = host
            .host
            .room()
            .game()
            .and_then(|game| game.scores())
            .expect("dice");
        let (category, _) = scores.cells[0];
        let before = host.host.room().seq();
        host.act(
            connection,
            token,
            Action::Play(Play::Score(Place::from(category))),
        );
        // The box is written (and, after the last, the seed of the dice revealed).
        assert!(host.host.room().seq() > before, "the box was written");
    }
    assert_eq!(
        fivedice_room::computer_turns(host.host.room().name().clone(), &host.log).unwrap()[2],
        host.host.room().game().unwrap().rounds(),
        "the computer played every turn of Cleo's"
    );
}

#[test]
fn a_host_on_one_device_moves_no_seat() {
    let mut host = RoomHost::new(RoomName::parse("Kitchen").unwrap());
    let mut log = Vec::new();
    let mut page_dice = || Face::new(3).unwrap();
    let mut send = |message| host.answer(0, message, &mut log, &mut page_dice, || "token".into(), 0);
    send(ClientMessage::Hello {
        version: fivedice_room::PROTOCOL_VERSION,
        room: "Kitchen".into(),
        tokens: Vec::new(),
        seen: 0,
    });
    for message in [
        ClientMessage::OfferHandOver {
            token: "token".into(),
            seat: 0,
        },
        ClientMessage::TakeHandOver { code: "token".into() },
    ] {
        assert!(matches!(
            send(message).as_slice(),
            [Delivery::ToSender(ServerMessage::Refused {
                refusal: Refusal::BadMessage,
                ..
            })]
        ));
    }
}

#[test]
fn a_device_asking_back_is_let_in_by_a_seated_one_or_told_no_and_nobody_else_answers() {
    let mut host = Host::with_cleo_gone();
    host.hello(NEW_PHONE, Vec::new());
    let refusal = |deliveries: Vec<Delivery>| match deliveries.as_slice() {
        [Delivery::ToSender(ServerMessage::Refused { refusal, .. })] => Some(refusal.clone()),
        _ => None,
    };
    assert_eq!(
        refusal(host.send(NEW_PHONE, ClientMessage::AskSeat { seat: 1 })),
        Some(Refusal::HandOver(HandOverRefusal::SeatHere)),
        "Ben is here"
    );
    let heard = host.send(NEW_PHONE, ClientMessage::AskSeat { seat: 2 });
    let [Delivery::ToAll(ServerMessage::SeatRequests { requests })] = heard.as_slice() else {
        panic!("everybody hears the request: {heard:?}")
    };
    let request = requests[0].id;
    assert_eq!(requests[0].seat, 2);
    // A device holding no seat, or a token it does not hold, answers nothing.
    let answer = |token: &str, let_in| ClientMessage::AnswerSeat {
        token: token.into(),
        request,
        let_in,
    };
    assert_eq!(
        refusal(host.send(NEW_PHONE, answer("token-1", true))),
        Some(Refusal::NotYourSeat)
    );
    let seq = host.host.room().seq();
    // No: the asking device alone is told.
    let said_no = host.send(BEN, answer("token-2", false));
    assert!(said_no.contains(&Delivery::To(
        NEW_PHONE,
        ServerMessage::refused(HandOverRefusal::SaidNo.into())
    )));
    assert_eq!(host.host.room().seq(), seq);
    assert_eq!(
        refusal(host.send(BEN, answer("token-2", true))),
        Some(Refusal::HandOver(HandOverRefusal::Unknown)),
        "an answered request is gone"
    );
    // Asked again, let in: the seat is granted to the asking device, and its old token holds nothing.
    let heard = host.send(NEW_PHONE, ClientMessage::AskSeat { seat: 2 });
    let [Delivery::ToAll(ServerMessage::SeatRequests { requests })] = heard.as_slice() else {
        panic!("asked again")
    };
    let request = requests[0].id;
    let let_in = host.send(
        ANNA,
        ClientMessage::AnswerSeat {
            token: "token-1".into(),
            request,
            let_in: true,
        },
    );
    let granted = let_in.iter().find_map(|delivery| match delivery {
        Delivery::To(NEW_PHONE, ServerMessage::SeatGranted { seat, token }) => Some((*seat, token.clone())),
        _ => None,
    });
    let (seat, token) = granted.expect("the asking device is granted the seat");
    assert_eq!(seat, 2);
    assert_eq!(host.host.tokens().seat_of(&token), Some(2));
    assert_eq!(host.host.tokens().seat_of("token-3"), None);
    assert_eq!(host.log.last().unwrap().event, Event::HandedOver { seat: 2 });
    assert!(let_in.contains(&Delivery::ToAll(ServerMessage::SeatRequests {
        requests: Vec::new()
    })));
}
