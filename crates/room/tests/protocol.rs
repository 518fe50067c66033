//! Every message survives JSON both ways, and the wire shape is what a browser client writes by hand.

use fivedice_room::protocol::{ClientMessage, HeldSeat, SeatPresence, ServerMessage};
use fivedice_room::{Action, Event, LogEntry, Phase, Refusal, RoomError, RoomName, RulesChoice, Trouble};
use fivedice_rules::{
    Category, Dice, DiceMode, Face, FirstPlayerRoll, GameError, Joker, Place, Play, Rules, RulesetId,
};
use fivedice_strategy::Level;
use serde_json::json;

fn dice(text: &str) -> Dice {
    text.parse().expect("test dice")
}

fn every_action() -> Vec<Action> {
    vec![
        Action::AddComputer {
            name: "Robot".into(),
            level: Level::Winner,
        },
        Action::ChooseRules(RulesChoice {
            joker: Some(Joker::Free),
            yahtzee_bonus: Some(false),
            ..RulesChoice::of(RulesetId::Yahtzee, DiceMode::Pad)
        }),
        Action::Start,
        Action::Leave,
        Action::take_over(2),
        Action::GiveBack { seat: 2 },
        Action::Roll,
        Action::Play(Play::Hold(4)),
        Action::Play(Play::Score(Place::from(Category::FullHouse))),
        Action::Play(Play::Write {
            place: Place::from(Category::Yahtzee),
            value: 50,
            bonus: true,
            first_roll: false,
        }),
        Action::Play(Play::EnterDice(dice("6 6 6 5 4"))),
        Action::Play(Play::ClearDice),
        Action::Play(Play::Undo),
    ]
}

fn every_event() -> Vec<Event> {
    let face = |value| Face::new(value).expect("a face");
    vec![
        Event::Joined {
            seat: 0,
            name: "Anna".into(),
            computer: false,
            level: None,
        },
        Event::Joined {
            seat: 1,
            name: "Robot".into(),
            computer: true,
            level: Some(Level::Optimal),
        },
        Event::Left { seat: 1 },
        Event::RulesChosen {
            rules: Rules::with_options(RulesetId::Yahtzee, Joker::None, true).expect("rules"),
            dice: DiceMode::App,
        },
        Event::Started {
            first_player_roll: FirstPlayerRoll {
                rounds: vec![vec![(0, face(3)), (1, face(5))]],
                first_seat: 1,
            },
            dice_commitment: None,
        },
        Event::TakenOver {
            seat: 1,
            level: fivedice_room::STAND_IN,
            one_turn: false,
        },
        Event::GivenBack { seat: 1 },
        Event::HandOverOffered { seat: 1 },
        Event::HandedOver { seat: 1 },
        Event::Played {
            seat: 0,
            play: Play::Roll(dice("1 2 3 4 5")),
        },
        Event::Played {
            seat: 0,
            play: Play::Hold(3),
        },
        Event::Played {
            seat: 0,
            play: Play::Score(Place::from(Category::Chance)),
        },
        Event::Played {
            seat: 0,
            play: Play::Score(Place::from(Category::Sixes)),
        },
        Event::Played {
            seat: 1,
            play: Play::Write {
                place: Place::from(Category::FullHouse),
                value: 25,
                bonus: false,
                first_roll: false,
            },
        },
        Event::Played {
            seat: 1,
            play: Play::EnterDice(dice("2 2 3 3 3")),
        },
        Event::Played {
            seat: 1,
            play: Play::ClearDice,
        },
        Event::Played {
            seat: 1,
            play: Play::Undo,
        },
    ]
}

fn round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).expect("parses");
    assert_eq!(&back, value, "{json}");
}

#[test]
fn every_client_message_round_trips() {
    let mut messages = vec![
        ClientMessage::Hello {
            version: 1,
            room: "Friday".into(),
            tokens: vec!["00ff".into()],
            seen: 12,
        },
        ClientMessage::join("Anna"),
    ];
    for action in every_action() {
        messages.push(ClientMessage::Act {
            token: "ab".into(),
            at: 3,
            action,
        });
    }
    for message in &messages {
        round_trip(message);
    }
}

#[test]
fn every_server_message_round_trips() {
    let mut messages = vec![
        ServerMessage::Welcome {
            room: RoomName::parse("Friday").expect("a name"),
            version: 1,
            seats: vec![
                HeldSeat {
                    seat: 0,
                    token: "aa".into(),
                },
                HeldSeat {
                    seat: 2,
                    token: "bb".into(),
                },
            ],
            seq: 9,
            phase: Phase::Playing,
        },
        ServerMessage::Log {
            entries: every_event()
                .into_iter()
                .enumerate()
                .map(|(index, event)| LogEntry {
                    seq: index as u64 + 1,
                    event,
                })
                .collect(),
        },
        ServerMessage::SeatGranted {
            seat: 1,
            token: "0123456789abcdef0123456789abcdef".into(),
        },
        ServerMessage::Presence {
            seats: vec![
                SeatPresence {
                    seat: 0,
                    connected: true,
                    away_ms: None,
                },
                SeatPresence {
                    seat: 1,
                    connected: false,
                    away_ms: Some(130_000),
                },
            ],
            watchers: 2,
        },
        ServerMessage::refused(Refusal::Room(RoomError::Stale { at: 3, seq: 4 })),
        ServerMessage::refused(Refusal::Room(RoomError::Game(GameError::JokerForbids {
            category: Category::FullHouse,
            allowed: vec![Category::Fours],
        }))),
        ServerMessage::refused(Refusal::Unavailable(Trouble::NotSaved)),
        ServerMessage::UpdateApp {
            server_version: 2,
            reason: "Update".into(),
        },
    ];
    for (seq, event) in every_event().into_iter().enumerate() {
        messages.push(ServerMessage::Event {
            seq: seq as u64 + 1,
            event,
        });
    }
    for message in &messages {
        round_trip(message);
    }
}

#[test]
fn the_wire_shape_is_plain_json() {
    let hello: ClientMessage = serde_json::from_value(json!({
        "hello": {"version": 1, "room": " Friday "},
    }))
    .expect("tokens and seen default");
    assert_eq!(
        hello,
        ClientMessage::Hello {
            version: 1,
            room: " Friday ".into(),
            tokens: vec![],
            seen: 0
        }
    );
    let act: ClientMessage = serde_json::from_value(json!({
        "act": {"token": "ab", "at": 4, "action": {"play": {"write": {"place": "full_house", "value": 25, "bonus": false}}}},
    }))
    .expect("a play");
    assert_eq!(
        act,
        ClientMessage::Act {
            token: "ab".into(),
            at: 4,
            action: Action::Play(Play::Write {
                place: Place::from(Category::FullHouse),
                value: 25,
                bonus: false,
                first_roll: false,
            }),
        }
    );
    let rules: Action =
        serde_json::from_value(json!({"choose_rules": {"ruleset": "yam"}})).expect("options default");
    assert_eq!(
        rules,
        Action::ChooseRules(RulesChoice::of(RulesetId::Yam, DiceMode::App))
    );
    // A computer is added at a level by its id; devices from before levels ask for none and get the stand-in's.
    let added: Action =
        serde_json::from_value(json!({"add_computer": {"name": "Robot", "level": "win"}})).expect("a level");
    assert_eq!(
        added,
        Action::AddComputer {
            name: "Robot".into(),
            level: Level::Winner
        }
    );
    let before_levels: Action =
        serde_json::from_value(json!({"add_computer": {"name": "Robot"}})).expect("no level");
    assert_eq!(
        before_levels,
        Action::AddComputer {
            name: "Robot".into(),
            level: fivedice_room::STAND_IN
        }
    );
    let rolled = ServerMessage::Event {
        seq: 7,
        event: Event::Played {
            seat: 1,
            play: Play::Roll(dice("6 6 6 5 4")),
        },
    };
    assert_eq!(
        serde_json::to_value(&rolled).expect("serialises"),
        json!({"event": {"seq": 7, "event": {"played": {"seat": 1, "play": {"roll": [6, 6, 6, 5, 4]}}}}})
    );
    let entry = rolled.as_entry().expect("an entry");
    assert_eq!(ServerMessage::event(entry), rolled);
}

#[test]
fn bad_messages_are_errors_not_panics() {
    for text in [
        "",
        "{",
        "null",
        r#"{"nope":{}}"#,
        r#"{"act":{"token":"a","at":1,"action":{"play":{"enter_dice":[7,1,1,1,1]}}}}"#,
        r#"{"act":{"token":"a","at":1,"action":{"play":{"enter_dice":[1,1,1,1]}}}}"#,
        r#"{"act":{"token":"a","at":-1,"action":"roll"}}"#,
        r#"{"act":{"token":"a","at":1,"action":{"play":{"score":"jackpot"}}}}"#,
        r#"{"act":{"token":"a","at":1,"action":{"play":{"hold":"two"}}}}"#,
        r#"{"join":{}}"#,
        r#"{"act":{"token":"a","at":1,"action":{"add_computer":{"name":"R","level":"genius"}}}}"#,
    ] {
        assert!(serde_json::from_str::<ClientMessage>(text).is_err(), "{text}");
    }
}
