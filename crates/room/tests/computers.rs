//! Computer players in a room: the host plays them, at the level each was added at, and one stands in for a seat away.

mod common;

use common::{Logged, Script, no_dice, play_to_the_end, refused, robot, room_name, started};
use fivedice_room::event::EventState;
use fivedice_room::{
    Action, Event, Inconsistency, Phase, Room, RoomError, STAND_IN, TAKE_OVER_AFTER_MS, computer_turns,
};
use fivedice_rules::{Category, Place, Play};
use fivedice_strategy::Level;

#[test]
fn the_host_plays_computer_seats() {
    let mut logged = Logged::new("Bots");
    logged.join("Anna");
    logged.join("Ben");
    logged.act(0, robot("Robot"), &mut no_dice());
    assert_eq!(
        refused(&logged.room, 1, logged.room.seq(), robot("Other"), &mut no_dice()),
        RoomError::NotHost
    );
    // The computer seat (2) starts.
    logged.act(0, Action::Start, &mut Script::new(&[1, 1, 6]));
    assert_eq!(logged.room.seat_to_play(), Some(2));
    assert_eq!(logged.room.acting_seat(&[0]), Some(0));
    assert_eq!(logged.room.acting_seat(&[1]), None);
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Roll, &mut no_dice()),
        RoomError::ComputerPlays { seat: 2 }
    );
    assert_eq!(
        refused(&logged.room, 0, seq, Action::GiveBack { seat: 2 }, &mut no_dice()),
        RoomError::NoStandIn { seat: 2 }
    );
    let mut script = Script::new(&[2, 4, 6, 1, 3, 5]);
    play_to_the_end(
        &mut logged,
        |room, seat| {
            if room.seats()[seat].computer_plays() {
                0
            } else {
                seat
            }
        },
        &mut script,
    );
    assert_eq!(logged.room.phase(), Phase::Finished);
    logged.assert_replays();
}

#[test]
fn a_computer_stands_in_for_a_seat_away_long_enough_until_given_back() {
    let mut logged = started(&["Anna", "Ben", "Cleo"]);
    logged.act(0, Action::Roll, &mut Script::new(&[1, 1, 1, 1, 1]));
    logged.act(
        0,
        Action::Play(Play::Score(Place::from(Category::Yahtzee))),
        &mut no_dice(),
    );
    let seq = logged.room.seq();
    let mut outside = no_dice();
    outside.away = vec![None, Some(TAKE_OVER_AFTER_MS - 1), None];
    assert_eq!(
        refused(&logged.room, 0, seq, Action::take_over(1), &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 1,
            away_ms: Some(TAKE_OVER_AFTER_MS - 1)
        }
    );
    assert_eq!(
        refused(&logged.room, 0, seq, Action::take_over(2), &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 2,
            away_ms: None
        }
    );
    outside.away[1] = Some(TAKE_OVER_AFTER_MS);
    assert_eq!(
        refused(&logged.room, 0, seq, Action::take_over(7), &mut outside),
        RoomError::NoSuchSeat(7)
    );
    // Anybody seated may let a computer play a seat away: Cleo, who does not host.
    logged.act(2, Action::take_over(1), &mut outside);
    assert!(logged.room.seats()[1].stand_in.is_some());
    assert_eq!(logged.room.seats()[1].computer_level(), Some(STAND_IN));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::take_over(1), &mut outside),
        RoomError::AlreadyComputer { seat: 1 }
    );
    // Seat 1's person is back but must take the seat back before playing.
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Roll, &mut no_dice()),
        RoomError::ComputerPlays { seat: 1 }
    );
    // The host's device plays the stand-in: the box it writes is a turn a computer played, until taken back.
    logged.act(0, Action::Roll, &mut Script::new(&[2, 3, 4, 5, 6]));
    let straight = || Action::Play(Play::Score(Place::from(Category::LargeStraight)));
    logged.act(0, straight(), &mut no_dice());
    let by_computer = |logged: &Logged| computer_turns(logged.room.name().clone(), &logged.log).unwrap();
    assert_eq!(by_computer(&logged), [0, 1, 0]);
    logged.act(0, Action::Play(Play::Undo), &mut no_dice());
    assert_eq!(by_computer(&logged), [0, 0, 0]);
    logged.act(0, straight(), &mut no_dice());
    assert_eq!(by_computer(&logged), [0, 1, 0]);
    // The event's board marks the same turn, beside that player.
    let mut event = EventState::new(room_name("Fair"), logged.room.rules());
    event
        .take("t1", "Table 1", &logged.log)
        .expect("a table of the event");
    let marked: Vec<(String, u16)> = event
        .board()
        .rows
        .into_iter()
        .map(|row| (row.player, row.computer_turns))
        .filter(|(_, turns)| *turns > 0)
        .collect();
    assert_eq!(marked, [(logged.room.seats()[1].name.clone(), 1)]);
    assert_eq!(
        refused(
            &logged.room,
            0,
            logged.room.seq(),
            Action::GiveBack { seat: 2 },
            &mut no_dice()
        ),
        RoomError::NoStandIn { seat: 2 }
    );
    logged.act(2, Action::GiveBack { seat: 1 }, &mut no_dice());
    assert!(logged.room.seats()[1].stand_in.is_none());
    assert_eq!(logged.room.seats()[1].computer_level(), None);
    assert_eq!(
        by_computer(&logged),
        [0, 1, 0],
        "the turn it played stays counted"
    );
    // Its person, back, takes the computer's box back and writes their own: no turn of theirs is the computer's.
    logged.act(1, Action::Play(Play::Undo), &mut no_dice());
    assert_eq!(by_computer(&logged), [0, 0, 0]);
    logged.act(1, straight(), &mut no_dice());
    assert_eq!(by_computer(&logged), [0, 0, 0]);
    assert_eq!(
        logged.room.game().expect("started").sheets()[1].get(Category::LargeStraight),
        Some(40)
    );
    logged.assert_replays();
}

#[test]
fn a_computer_seat_plays_at_the_level_it_was_added_at() {
    let mut logged = Logged::new("Levels");
    logged.join("Anna");
    for (name, level) in [("Win", Level::Winner), ("Calm", Level::Casual)] {
        logged.act(
            0,
            Action::AddComputer {
                name: name.into(),
                level,
            },
            &mut no_dice(),
        );
    }
    let levels: Vec<_> = logged
        .room
        .seats()
        .iter()
        .map(|seat| seat.computer_level())
        .collect();
    assert_eq!(levels, [None, Some(Level::Winner), Some(Level::Casual)]);
    // The level is in the log, so every device and a replay agree.
    logged.assert_replays();
    // A log written before seats carried a level: its computers played as stand-ins do.
    let before_levels: Event =
        serde_json::from_str(r#"{"joined":{"seat":1,"name":"Robot","computer":true}}"#)
            .expect("an old event");
    let mut room = Room::new(room_name("Old"));
    room.apply(&Event::Joined {
        seat: 0,
        name: "Anna".into(),
        computer: false,
        level: None,
    })
    .expect("a person joins");
    room.apply(&before_levels).expect("an old computer joins");
    assert_eq!(room.seats()[1].computer_level(), Some(STAND_IN));
    // Only a computer has a level.
    let person_with_level = Event::Joined {
        seat: 2,
        name: "Cleo".into(),
        computer: false,
        level: Some(Level::Optimal),
    };
    assert_eq!(
        room.clone().apply(&person_with_level),
        Err(RoomError::Inconsistent(Inconsistency::LevelOfPerson))
    );
}

#[test]
fn a_computer_asked_for_one_turn_plays_it_at_the_level_chosen_and_gives_the_seat_back() {
    let mut logged = started(&["Anna", "Ben", "Cleo"]);
    logged.act(0, Action::Roll, &mut Script::new(&[1, 1, 1, 1, 1]));
    logged.act(
        0,
        Action::Play(Play::Score(Place::from(Category::Yahtzee))),
        &mut no_dice(),
    );
    // Ben's turn, and his phone has been away long enough: Cleo lets a casual computer play that turn.
    let mut outside = no_dice();
    outside.away = vec![None, Some(TAKE_OVER_AFTER_MS), None];
    let one_turn = Action::TakeOver {
        seat: 1,
        level: Level::Casual,
        one_turn: true,
    };
    logged.act(2, one_turn, &mut outside);
    assert_eq!(logged.room.seats()[1].computer_level(), Some(Level::Casual));
    assert_eq!(
        logged.log.last().map(|entry| entry.event.to_string()).as_deref(),
        Some("taken_over 1 casual turn")
    );
    logged.act(0, Action::Roll, &mut Script::new(&[2, 3, 4, 5, 6]));
    assert!(
        logged.room.seats()[1].stand_in.is_some(),
        "until the box is written"
    );
    let straight = Action::Play(Play::Score(Place::from(Category::LargeStraight)));
    logged.act(0, straight, &mut no_dice());
    // The box ends the turn and the stand-in with it: Ben's seat is his again, and the turn counts as the
    // computer's.
    assert_eq!(logged.room.seats()[1].stand_in, None);
    assert_eq!(logged.room.seats()[1].computer_level(), None);
    assert_eq!(
        computer_turns(logged.room.name().clone(), &logged.log).unwrap(),
        [0, 1, 0]
    );
    assert_eq!(
        refused(
            &logged.room,
            0,
            logged.room.seq(),
            Action::GiveBack { seat: 1 },
            &mut no_dice()
        ),
        RoomError::NoStandIn { seat: 1 }
    );
    logged.assert_replays();
}
