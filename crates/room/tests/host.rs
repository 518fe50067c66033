//! The host without I/O, driven by hand as the server and the page drive it: devices say hello, join, act;
//! what the host sends back keeps every device's copy of the room, and the seats it holds, in step.

use fivedice_room::{
    Action, ClientMessage, ConnectionId, Delivery, Event, HeldSeats, LogEntry, Phase, Refusal, Room,
    RoomError, RoomHost, RoomName, ServerMessage,
};
use fivedice_rules::{Face, Play};

/// One device: its copy of the room (replayed from what the host sent) and the seats it holds.
struct Device {
    connection: ConnectionId,
    room: Room,
    seats: HeldSeats,
    refusals: Vec<Refusal>,
}

impl Device {
    fn receive(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Event { seq, event } => {
                let entry = LogEntry {
                    seq: *seq,
                    event: event.clone(),
                };
                self.room.apply_entry(&entry).expect("the host's events replay");
                self.seats.follow(event);
            }
            ServerMessage::SeatGranted { seat, token } => self.seats.grant(*seat, token.clone()),
            ServerMessage::Refused { refusal, .. } => self.refusals.push(refusal.clone()),
            _ => {}
        }
    }

    fn seat_names(&self) -> Vec<String> {
        let seats = self.room.seats();
        self.seats
            .seats()
            .iter()
            .map(|&seat| seats[seat].name.clone())
            .collect()
    }
}

/// A host and the devices in its room, delivering every message in order, as a server does.
struct ServedRoom {
    host: RoomHost,
    log: Vec<LogEntry>,
    devices: Vec<Device>,
    dice: std::iter::Cycle<std::vec::IntoIter<u8>>,
}

impl ServedRoom {
    fn new(devices: usize) -> ServedRoom {
        let name = RoomName::parse("Kitchen").unwrap();
        let mut table = ServedRoom {
            host: RoomHost::new(name.clone()),
            log: Vec::new(),
            devices: Vec::new(),
            dice: vec![6, 2, 5, 3, 1, 4, 4].into_iter().cycle(),
        };
        for connection in 0..devices as ConnectionId {
            table.devices.push(Device {
                connection,
                room: Room::new(name.clone()),
                seats: HeldSeats::default(),
                refusals: Vec::new(),
            });
            let greeting = table.host.hello(connection, Vec::new(), 0, 0);
            assert_eq!(greeting.log_after, 0);
        }
        table
    }

    fn deliver(&mut self, from: usize, deliveries: Vec<Delivery>) {
        for delivery in deliveries {
            match delivery {
                Delivery::ToSender(message) => self.devices[from].receive(&message),
                Delivery::To(connection, message) => self.devices[connection as usize].receive(&message),
                Delivery::ToAll(message) => {
                    if let Some(entry) = message.as_entry() {
                        self.log.push(entry);
                    }
                    for device in &mut self.devices {
                        device.receive(&message);
                    }
                }
            }
        }
    }

    fn send(&mut self, from: usize, message: ClientMessage) {
        let connection = self.devices[from].connection;
        let mut dice = self.dice.clone();
        let change = match message {
            ClientMessage::Join { name, computer } => {
                self.host
                    .decide_join(connection, &name, computer, format!("token-of-{name}"))
            }
            ClientMessage::Act { token, at, action } => {
                let mut draw = || Face::new(dice.next().unwrap()).unwrap();
                self.host
                    .decide_act(connection, &token, at, &action, &mut draw, 0)
            }
            ClientMessage::Hello { .. } => unreachable!("the table greets its devices once"),
            ClientMessage::OfferHandOver { .. }
            | ClientMessage::TakeHandOver { .. }
            | ClientMessage::AskSeat { .. }
            | ClientMessage::AnswerSeat { .. } => {
                unreachable!("moving seats is tested in hand_over.rs")
            }
        };
        self.dice = dice;
        match change {
            Ok(change) => {
                let deliveries = self.host.commit(change, 0);
                self.deliver(from, deliveries);
            }
            Err(refusal) => self.devices[from].receive(&ServerMessage::refused(refusal)),
        }
    }

    /// The device acts with the token of one of its seats (the one playing now, if it plays the turn).
    fn act(&mut self, from: usize, seat: usize, action: Action) {
        let device = &self.devices[from];
        let token = device
            .seats
            .token_of(seat)
            .expect("the device holds the seat")
            .to_string();
        let at = device.room.seq();
        self.send(from, ClientMessage::Act { token, at, action });
    }
}

#[test]
fn when_the_host_leaves_the_lobby_every_device_follows_the_seats() {
    let mut table = ServedRoom::new(4);
    for (device, name) in ["Anna", "Ben", "Cleo", "Dan"].iter().enumerate() {
        table.send(device, ClientMessage::join(*name));
    }
    assert_eq!(table.devices[2].seat_names(), ["Cleo"]);
    table.act(0, 0, Action::Leave);
    assert!(table.devices[0].seats.is_empty(), "Anna gave her seat up");
    for (device, name) in [(1, "Ben"), (2, "Cleo"), (3, "Dan")] {
        assert_eq!(
            table.devices[device].seat_names(),
            [name],
            "each device still holds its person"
        );
        assert_eq!(table.devices[device].room, *table.host.room());
    }
    assert_eq!(table.devices[1].seats.seats(), [0], "Ben is seat 0 now");
    assert_eq!(table.host.room().host(), Some(0), "and hosts");
    assert_eq!(table.host.tokens(), &{
        let mut every = HeldSeats::default();
        for device in &table.devices[1..] {
            for held in device.seats.as_slice() {
                every.grant(held.seat, held.token.clone());
            }
        }
        every
    });
    table.act(1, 0, Action::Start);
    assert_eq!(table.host.room().phase(), Phase::Playing);
    // Whoever is to play, the device holding that seat rolls; nobody else can.
    let to_play = table.host.room().seat_to_play().unwrap();
    for device in 1..4 {
        let held = table.devices[device].seats.seats();
        let acting = table.devices[device].room.acting_seat(&held);
        assert_eq!(acting.is_some(), held.contains(&to_play), "device {device}");
        if let Some(seat) = acting {
            table.act(device, seat, Action::Roll);
        }
    }
    assert!(table.devices.iter().all(|device| device.refusals.is_empty()));
    assert_eq!(table.host.room().game().unwrap().turn().rolls_used, 1);
    // A reloaded device says hello with its token and catches up from the log.
    let ben_token = table.devices[1].seats.token_of(0).unwrap().to_string();
    let greeting = table
        .host
        .hello(9, vec![ben_token.clone(), "forged".into()], 3, 0);
    let ServerMessage::Welcome { seats, seq, .. } = greeting.welcome else {
        panic!("a welcome")
    };
    assert_eq!(HeldSeats::from(seats).seats(), [0]);
    assert_eq!((greeting.log_after, seq), (3, table.log.len() as u64));
    let replayed = Room::replay(table.host.room().name().clone(), &table.log).unwrap();
    assert_eq!(replayed, *table.host.room());
}

#[test]
fn a_token_works_only_on_the_connection_that_holds_it() {
    let mut table = ServedRoom::new(2);
    table.send(0, ClientMessage::join("Anna"));
    table.send(1, ClientMessage::join("Ben"));
    let anna = table.devices[0].seats.token_of(0).unwrap().to_string();
    table.send(
        1,
        ClientMessage::Act {
            token: anna,
            at: 2,
            action: Action::Start,
        },
    );
    assert_eq!(table.devices[1].refusals, [Refusal::NotYourSeat]);
    table.act(1, 1, Action::Start);
    assert_eq!(table.devices[1].refusals[1], Refusal::Room(RoomError::NotHost));
    table.act(0, 0, Action::Start);
    let to_play = table.host.room().seat_to_play().unwrap();
    table.act(
        to_play,
        to_play,
        Action::Play(Play::Roll("6 6 6 6 6".parse().unwrap())),
    );
    assert_eq!(
        table.devices[to_play].refusals.last(),
        Some(&Refusal::Room(RoomError::DiceAreDrawn)),
        "a device never sends dice"
    );
    let leaving = table.host.leave(table.devices[to_play].connection, 5_000);
    let ServerMessage::Presence { seats, .. } = leaving else {
        panic!("presence")
    };
    assert_eq!(seats[to_play].away_ms, Some(0));
    assert_eq!(table.host.away_ms(125_000)[to_play], Some(120_000));
}

#[test]
fn protocol_3_logs_read_as_plays() {
    let old = [
        r#"{"joined":{"seat":0,"name":"Anna"}}"#,
        r#"{"rolled":{"seat":0,"dice":[1,2,3,4,6]}}"#,
        r#"{"hold_toggled":{"seat":0,"die":4,"held":true}}"#,
        r#"{"hold_toggled":{"seat":0,"die":4,"held":false}}"#,
        r#"{"scored":{"seat":0,"column":"down","category":"aces","points":1}}"#,
        r#"{"written":{"seat":1,"category":"yahtzee","value":50,"bonus":true}}"#,
        r#"{"undone":{"seat":1,"category":"yahtzee"}}"#,
    ];
    let read: Vec<Event> = old
        .iter()
        .map(|json| fivedice_room::legacy::read_event(json).unwrap())
        .collect();
    let played = |seat, play| Event::Played { seat, play };
    assert_eq!(
        read[1..],
        [
            played(0, Play::Roll("1 2 3 4 6".parse().unwrap())),
            played(0, Play::Hold(4)),
            played(0, Play::Release(4)),
            played(0, Play::Score("down:aces".parse().unwrap())),
            played(
                1,
                Play::Write {
                    place: "yahtzee".parse().unwrap(),
                    value: 50,
                    bonus: true,
                    first_roll: false,
                }
            ),
            played(1, Play::Undo),
        ]
    );
    let today = serde_json::to_string(&read[1]).unwrap();
    assert_eq!(fivedice_room::legacy::read_event(&today).unwrap(), read[1]);
    assert!(fivedice_room::legacy::read_event(r#"{"danced":{}}"#).is_err());
}

/// A device seats a computer player by joining it, as a table on one device seats every player: into an empty
/// room, or from the device that holds the host's seat (it then holds the computer's seat too). The log says
/// it is a computer at its level, exactly as the host's AddComputer does; a guest's device cannot.
#[test]
fn a_computer_joins_an_empty_room_or_by_the_hosts_device() {
    use fivedice_strategy::Level;
    let computer = |name: &str, level| ClientMessage::Join {
        name: name.into(),
        computer: Some(level),
    };
    let mut table = ServedRoom::new(2);
    table.send(0, computer("Robo", Level::Casual));
    table.send(1, ClientMessage::join("Ben"));
    table.send(1, computer("Rival", Level::Optimal));
    assert_eq!(table.devices[1].refusals, [Refusal::Room(RoomError::NotHost)]);
    table.send(0, computer("Robo 2", Level::Optimal));
    assert_eq!(table.devices[0].refusals, []);
    let anna = table.devices[0].seats.token_of(0).unwrap().to_string();
    table.send(
        0,
        ClientMessage::Act {
            token: anna,
            at: table.host.room().seq(),
            action: Action::AddComputer {
                name: "Robo 3".into(),
                level: Level::Strong,
            },
        },
    );
    let seats = table.devices[1].room.seats().to_vec();
    let seated: Vec<_> = seats
        .iter()
        .map(|seat| (seat.name.as_str(), seat.computer))
        .collect();
    assert_eq!(
        seated,
        [
            ("Robo", Some(Level::Casual)),
            ("Ben", None),
            ("Robo 2", Some(Level::Optimal)),
            ("Robo 3", Some(Level::Strong))
        ]
    );
    assert_eq!(
        table.devices[0].seat_names(),
        ["Robo", "Robo 2"],
        "a joined computer's seat is held"
    );
    let joined = |seat| {
        table.log.iter().find_map(|entry| match &entry.event {
            Event::Joined { seat: at, .. } if *at == seat => Some(entry.event.to_string()),
            _ => None,
        })
    };
    assert_eq!(joined(2).as_deref(), Some("joined 2 computer:optimal Robo 2"));
    assert_eq!(joined(3).as_deref(), Some("joined 3 computer:strong Robo 3"));
}
