//! A host whose device is gone holds nobody up: in the lobby the next person present takes the host's place
//! once it has been away long enough; in play the next person present plays the computers.

mod common;

use common::{Logged, Script, no_dice, refused, robot};
use fivedice_room::{Action, Event, Phase, RoomError, TAKE_OVER_AFTER_MS};
use fivedice_rules::{Category, Place, Play};

#[test]
fn in_the_lobby_the_next_person_present_takes_the_place_of_a_host_away_long_enough() {
    let mut logged = Logged::new("Lobby");
    for name in ["Mum", "Robo", "Leo", "Zoe"] {
        match name {
            "Robo" => logged.act(0, robot(name), &mut no_dice()),
            _ => logged.join(name),
        }
    }
    let seq = logged.room.seq();
    let mut outside = no_dice();
    outside.away = vec![Some(TAKE_OVER_AFTER_MS - 1), None, None, None];
    assert_eq!(
        refused(&logged.room, 2, seq, Action::BecomeHost, &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 0,
            away_ms: Some(TAKE_OVER_AFTER_MS - 1)
        }
    );
    outside.away[0] = Some(TAKE_OVER_AFTER_MS);
    // The computer after the host cannot host; Leo is next, not Zoe.
    assert_eq!(
        refused(&logged.room, 3, seq, Action::BecomeHost, &mut outside),
        RoomError::NotHost
    );
    // Leo's device is gone too: Zoe is next.
    outside.away[2] = Some(1);
    assert_eq!(
        logged.room.next_person_here(|seat| outside.away[*seat].is_some()),
        Some(3)
    );
    outside.away[2] = None;
    logged.act(2, Action::BecomeHost, &mut outside);
    assert_eq!(logged.log.last().unwrap().event, Event::HostChanged { seat: 2 });
    assert_eq!(logged.room.host(), Some(2));
    // Leo hosts now: he starts the game, and Mum can no longer.
    assert_eq!(
        refused(&logged.room, 0, logged.room.seq(), Action::Start, &mut no_dice()),
        RoomError::NotHost
    );
    logged.act(2, Action::Start, &mut Script::new(&[1, 1, 6, 1]));
    assert_eq!(logged.room.phase(), Phase::Playing);
    // Leo's own device is here: nobody takes his place.
    assert_eq!(
        refused(
            &logged.room,
            3,
            logged.room.seq(),
            Action::BecomeHost,
            &mut outside
        ),
        RoomError::NotAwayLongEnough {
            seat: 2,
            away_ms: None
        }
    );
    logged.assert_replays();
}

#[test]
fn in_play_the_next_person_present_takes_the_host_s_place_and_plays_the_computers() {
    let mut logged = Logged::new("Play");
    logged.join("Mum");
    logged.act(0, robot("Robo"), &mut no_dice());
    logged.join("Leo");
    // Robo starts: Mum's tablet plays it.
    logged.act(0, Action::Start, &mut Script::new(&[1, 6, 1]));
    assert_eq!(logged.room.seat_to_play(), Some(1));
    assert_eq!(logged.room.acting_seat(&[0]), Some(0));
    assert_eq!(logged.room.acting_seat(&[2]), None);
    let seq = logged.room.seq();
    let mut outside = no_dice();
    outside.away = vec![Some(1), None, None];
    assert_eq!(
        refused(&logged.room, 2, seq, Action::Roll, &mut outside),
        RoomError::ComputerPlays { seat: 1 }
    );
    assert_eq!(
        refused(&logged.room, 2, seq, Action::BecomeHost, &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 0,
            away_ms: Some(1)
        }
    );
    // Mum's tablet has been gone long enough: Leo hosts, and his device plays Robo's turn.
    outside.away[0] = Some(TAKE_OVER_AFTER_MS);
    logged.act(2, Action::BecomeHost, &mut outside);
    assert_eq!(logged.room.acting_seat(&[2]), Some(2));
    logged.act(2, Action::Roll, &mut outside);
    logged.act(
        2,
        Action::Play(Play::Score(Place::from(Category::Chance))),
        &mut outside,
    );
    assert_eq!(logged.room.seat_to_play(), Some(2), "Robo's turn was played");
    logged.assert_replays();
}
