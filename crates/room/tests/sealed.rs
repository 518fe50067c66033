//! A sealed room through its host: the dice committed at the start, revealed at the end, and every die checked
//! by a device from the log alone.

use fivedice_room::{
    Action, ClientMessage, Delivery, DiceCheck, DiceSeed, Event, LogEntry, PROTOCOL_VERSION, Refusal, Room,
    RoomError, RoomHost, RoomName, ServerMessage, check_dice,
};
use fivedice_rules::{DiceSource, Face, Play};

/// Dice that seal, as the room server's do: the seed is fixed here, and no die comes from anywhere else.
struct Sealing;

impl DiceSource for Sealing {
    const SEALS: bool = true;

    fn roll_die(&mut self) -> Face {
        unreachable!("a sealed room draws every die from its seed")
    }

    fn new_seed(&mut self) -> Option<[u8; 32]> {
        Some([9; 32])
    }
}

/// One device's message through `RoomHost::answer` (as the page hosts a table): what it is sent, its copy
/// of the room kept up.
fn exchange(
    host: &mut RoomHost,
    log: &mut Vec<LogEntry>,
    device: &mut Room,
    message: ClientMessage,
) -> Vec<ServerMessage> {
    let deliveries = host.answer(0, message, log, &mut Sealing, || "anna-token".into(), 0);
    let messages: Vec<ServerMessage> = deliveries
        .into_iter()
        .map(|delivery| match delivery {
            Delivery::ToSender(message) | Delivery::ToAll(message) | Delivery::To(_, message) => message,
        })
        .collect();
    for entry in messages.iter().filter_map(ServerMessage::as_entry) {
        device.apply_entry(&entry).expect("the host's events replay");
    }
    messages
}

/// Anna's device acts, on the room as it has it.
fn act_sealed(
    host: &mut RoomHost,
    log: &mut Vec<LogEntry>,
    device: &mut Room,
    action: Action,
) -> Vec<ServerMessage> {
    let message = ClientMessage::Act {
        token: "anna-token".into(),
        at: device.seq(),
        action,
    };
    exchange(host, log, device, message)
}

#[test]
fn a_sealed_room_commits_at_the_start_reveals_at_the_end_and_every_die_checks() {
    let name = RoomName::parse("Sealed").unwrap();
    let seed = DiceSeed::new([9; 32]);
    let (mut host, mut log, mut device) = (RoomHost::new(name.clone()), Vec::new(), Room::new(name.clone()));
    let mut heard = Vec::new();
    let hello = ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        room: "Sealed".into(),
        tokens: Vec::new(),
        seen: 0,
    };
    heard.extend(exchange(&mut host, &mut log, &mut device, hello));
    heard.extend(exchange(
        &mut host,
        &mut log,
        &mut device,
        ClientMessage::join("Anna"),
    ));
    heard.extend(act_sealed(&mut host, &mut log, &mut device, Action::Start));
    assert!(matches!(
        &log.last().expect("started").event,
        Event::Started { dice_commitment: Some(commitment), .. } if *commitment == seed.commitment()
    ));
    while device.seat_to_play().is_some() {
        heard.extend(act_sealed(&mut host, &mut log, &mut device, Action::Roll));
        let scores = device.game().and_then(|game| game.scores()).expect("dice");
        let write = Action::Play(Play::Score(scores.cells[0].0.into()));
        heard.extend(act_sealed(&mut host, &mut log, &mut device, write));
    }
    let last = log.last().expect("a log");
    assert_eq!(last.event, Event::DiceRevealed { seed: seed.to_hex() });
    assert!(device.dice_revealed());
    let before_reveal = &heard[..heard.len() - 1];
    let sent = serde_json::to_string(before_reveal).unwrap();
    assert!(
        !sent.contains(&seed.to_hex()),
        "the seed is in nothing sent before the reveal"
    );
    assert_eq!(
        check_dice(name.clone(), &log),
        Ok(DiceCheck::Checked { rolls: 14 })
    );

    // A server restarted mid-game (after entry 10, a box written) draws from the seed it kept beside the
    // log exactly the roll the live host drew.
    assert!(matches!(
        log[10].event,
        Event::Played {
            play: Play::Roll(_),
            ..
        }
    ));
    let mut restored = RoomHost::restore(
        name.clone(),
        &log[..10],
        host.tokens().clone(),
        Some(seed.clone()),
        0,
    )
    .unwrap();
    let _ = restored.hello(0, vec!["anna-token".into()], 10, 0);
    let rolled_again = restored
        .decide_act(0, "anna-token", 10, &Action::Roll, &mut Sealing, 0)
        .map(|change| change.entry().clone());
    assert_eq!(rolled_again, Ok(log[10].clone()));

    // Once revealed, the game's boxes are final.
    let refused = act_sealed(&mut host, &mut log, &mut device, Action::Play(Play::Undo));
    assert!(
        matches!(
            &refused[..],
            [ServerMessage::Refused {
                refusal: Refusal::Room(RoomError::DiceRevealed),
                ..
            }]
        ),
        "{refused:?}"
    );

    // A roll changed in the log, or another seed revealed, is caught at its entry.
    let rolled = log
        .iter()
        .position(|entry| {
            matches!(
                entry.event,
                Event::Played {
                    play: Play::Roll(_),
                    ..
                }
            )
        })
        .expect("a roll");
    let mut tampered = log.clone();
    if let Event::Played {
        play: Play::Roll(dice),
        ..
    } = &mut tampered[rolled].event
    {
        let mut faces = dice.faces().to_vec();
        faces[0] = Face::new(faces[0].value() % 6 + 1).unwrap();
        *dice = fivedice_rules::Dice::from_faces(&faces).unwrap();
    }
    assert_eq!(
        check_dice(name.clone(), &tampered),
        Ok(DiceCheck::Failed { seq: log[rolled].seq })
    );
    let mut forged = log.clone();
    let reveal = forged.len() - 1;
    forged[reveal].event = Event::DiceRevealed {
        seed: DiceSeed::new([8; 32]).to_hex(),
    };
    assert_eq!(
        check_dice(name, &forged),
        Ok(DiceCheck::Failed { seq: log[reveal].seq })
    );
}
