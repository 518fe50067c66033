//! A room's log: events that do not fit are refused with the room unchanged; every error has a sentence and a code.

mod common;

use common::{Logged, Script, dice, face, no_dice, started};
use fivedice_room::{Action, Event, LogEntry, RoomError};
use fivedice_rules::{Category, GameError, Place, Play, RulesError, RulesetId};

#[test]
fn events_that_do_not_fit_are_refused_with_the_room_unchanged() {
    let mut logged = started(&["Anna", "Ben"]);
    logged.act(0, Action::Roll, &mut Script::new(&[1, 2, 3, 4, 5]));
    logged.act(0, Action::Play(Play::Hold(0)), &mut no_dice());
    let room = logged.room.clone();
    let cases = [
        // A roll that changes a held die.
        Event::Played {
            seat: 0,
            play: Play::Roll(dice("6 6 6 6 6")),
        },
        // The wrong seat.
        Event::Played {
            seat: 1,
            play: Play::Roll(dice("1 6 6 6 6")),
        },
        // A box the sheet does not have.
        Event::Played {
            seat: 0,
            play: Play::Score(Place::from(Category::Yam)),
        },
        Event::Played {
            seat: 0,
            play: Play::Hold(0),
        },
        Event::Joined {
            seat: 2,
            name: "Late".into(),
            computer: false,
            level: None,
        },
        Event::Played {
            seat: 1,
            play: Play::Undo,
        },
        Event::TakenOver {
            seat: 9,
            level: fivedice_room::STAND_IN,
            one_turn: false,
        },
        Event::GivenBack { seat: 1 },
        Event::HandOverOffered { seat: 9 },
        Event::HandedOver { seat: 9 },
    ];
    for event in cases {
        let mut trial = room.clone();
        assert!(trial.apply(&event).is_err(), "{event:?} applies");
        assert_eq!(trial, room);
    }
    let mut trial = room.clone();
    let skipped = LogEntry {
        seq: room.seq() + 2,
        event: Event::Played {
            seat: 0,
            play: Play::Roll(dice("1 6 6 6 6")),
        },
    };
    assert_eq!(
        trial.apply_entry(&skipped),
        Err(RoomError::OutOfOrder {
            expected: room.seq() + 1,
            got: room.seq() + 2
        })
    );
    assert_eq!(trial, room);
    // A roll-off that does not fit the seats.
    let mut lobby = Logged::new("Roll-off");
    lobby.join("Anna");
    lobby.join("Ben");
    let before = lobby.room.clone();
    let forged = Event::Started {
        first_player_roll: fivedice_rules::FirstPlayerRoll {
            rounds: vec![vec![(0, face(2)), (1, face(5))]],
            first_seat: 0,
        },
        dice_commitment: None,
    };
    assert!(lobby.room.apply(&forged).is_err());
    assert_eq!(lobby.room, before);
}

#[test]
fn every_error_has_a_sentence_and_a_code() {
    let errors = [
        RoomError::RoomNameEmpty,
        RoomError::NameTaken("Anna".into()),
        RoomError::RoomFull { max: 8 },
        RoomError::Started,
        RoomError::NotYourTurn { seat: 1 },
        RoomError::Stale { at: 1, seq: 2 },
        RoomError::Game(GameError::NotRolled),
        RoomError::Rules(RulesError::NoJoker(RulesetId::Yam)),
        RoomError::Inconsistent(fivedice_room::Inconsistency::RollOff),
        RoomError::DiceAreDrawn,
        RoomError::EventsGame,
    ];
    for error in errors {
        let text = error.to_string();
        assert!(text.chars().next().is_some_and(char::is_uppercase), "{text}");
        assert!(!error.code().is_empty());
    }
    assert_eq!(
        RoomError::Game(GameError::NotRolled).to_string(),
        "Roll the dice first"
    );
}
