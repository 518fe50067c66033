//! A room's lobby: names, the host and its role passing on, seats and their limits, the rules chosen, the start.

mod common;

use common::{Logged, Script, names, no_dice, refused, refused_join, robot, room_name, started};
use fivedice_room::{Action, Event, Phase, RoomError, RoomName, RulesChoice};
use fivedice_rules::{DiceMode, Joker, RulesError, RulesetId};
use fivedice_strategy::Level;

#[test]
fn room_names_are_trimmed_and_case_insensitive() {
    assert_eq!(room_name("  Friday Night "), room_name("friday night"));
    assert_eq!(room_name("FRIDAY night").as_str(), "friday night");
    assert_eq!(RoomName::parse("   "), Err(RoomError::RoomNameEmpty));
    assert_eq!(RoomName::parse(""), Err(RoomError::RoomNameEmpty));
    assert!(RoomName::parse(&"x".repeat(40)).is_ok());
    assert_eq!(RoomName::parse(&"x".repeat(41)), Err(RoomError::RoomNameTooLong));
    assert_eq!(RoomName::parse("tab\there"), Err(RoomError::RoomNameControl));
    assert_eq!(
        serde_json::from_str::<RoomName>("\" Mixed Case \"").expect("a name"),
        room_name("mixed case")
    );
    assert!(serde_json::from_str::<RoomName>("\"\"").is_err());
}

#[test]
fn the_first_to_join_hosts_and_names_are_checked() {
    let mut logged = Logged::new("Lobby");
    assert_eq!(logged.room.phase(), Phase::Lobby);
    assert_eq!(logged.room.host(), None);
    logged.join("  Anna ");
    logged.join("Ben");
    assert_eq!(logged.room.host(), Some(0));
    assert_eq!(logged.room.seats()[0].name, "Anna");
    assert_eq!(logged.room.seq(), 2);
    assert_eq!(
        refused_join(&logged.room, "ANNA"),
        RoomError::NameTaken("ANNA".into())
    );
    assert_eq!(refused_join(&logged.room, "  "), RoomError::PlayerNameEmpty);
    assert_eq!(
        refused_join(&logged.room, &"n".repeat(33)),
        RoomError::PlayerNameTooLong
    );
    assert_eq!(
        refused_join(&logged.room, "a\u{7}b"),
        RoomError::PlayerNameControl
    );
    logged.join(&"n".repeat(32));
    logged.assert_replays();
}

#[test]
fn a_ninth_player_is_refused_and_a_seventh_at_yam() {
    let mut logged = Logged::new("Full");
    for seat in 0..8 {
        logged.join(&format!("Player {seat}"));
    }
    assert_eq!(
        refused_join(&logged.room, "Ninth"),
        RoomError::RoomFull { max: 8 }
    );
    assert_eq!(
        refused(
            &logged.room,
            0,
            8,
            Action::AddComputer {
                name: "Bot".into(),
                level: Level::Optimal,
            },
            &mut no_dice()
        ),
        RoomError::RoomFull { max: 8 }
    );
    let yam = Action::ChooseRules(RulesChoice::of(RulesetId::Yam, DiceMode::App));
    assert_eq!(
        refused(&logged.room, 0, 8, yam.clone(), &mut no_dice()),
        RoomError::TooManyForRules {
            ruleset: RulesetId::Yam,
            players: 8,
            max: 6
        }
    );
    logged.act(7, Action::Leave, &mut no_dice());
    logged.act(6, Action::Leave, &mut no_dice());
    logged.act(0, yam, &mut no_dice());
    assert_eq!(logged.room.max_players(), 6);
    assert_eq!(
        refused_join(&logged.room, "Seventh"),
        RoomError::RoomFull { max: 6 }
    );
    logged.assert_replays();
}

#[test]
fn rules_are_the_hosts_and_checked_by_the_rules_crate() {
    let mut logged = Logged::new("Rules");
    logged.join("Anna");
    logged.join("Ben");
    let yatzy_with_joker = Action::ChooseRules(RulesChoice {
        joker: Some(Joker::Free),
        ..RulesChoice::of(RulesetId::Yatzy, DiceMode::App)
    });
    assert_eq!(
        refused(&logged.room, 1, 2, yatzy_with_joker.clone(), &mut no_dice()),
        RoomError::NotHost
    );
    assert_eq!(
        refused(&logged.room, 0, 2, yatzy_with_joker, &mut no_dice()),
        RoomError::Rules(RulesError::NoJoker(RulesetId::Yatzy))
    );
    let yatzy_pad = Action::ChooseRules(RulesChoice::of(RulesetId::Yatzy, DiceMode::Pad));
    logged.act(0, yatzy_pad, &mut no_dice());
    assert_eq!(logged.room.rules().id(), RulesetId::Yatzy);
    assert_eq!(logged.room.rules().joker(), Joker::None);
    assert_eq!(logged.room.dice_mode(), DiceMode::Pad);
    let yahtzee_free = Action::ChooseRules(RulesChoice {
        joker: Some(Joker::Free),
        yahtzee_bonus: Some(false),
        ..RulesChoice::of(RulesetId::Yahtzee, DiceMode::App)
    });
    logged.act(0, yahtzee_free, &mut no_dice());
    assert_eq!(logged.room.rules().joker(), Joker::Free);
    assert!(!logged.room.rules().has_yahtzee_bonus());
    logged.assert_replays();
}

#[test]
fn the_host_role_passes_on_when_the_host_leaves_the_lobby() {
    let mut logged = Logged::new("Hosts");
    for name in ["Anna", "Ben", "Cleo", "Dan"] {
        logged.join(name);
    }
    // A seat below the host leaving moves everyone above it down, the host too.
    logged.act(2, Action::Leave, &mut no_dice());
    assert_eq!(names(&logged.room), ["Anna", "Ben", "Dan"]);
    assert_eq!(logged.room.host(), Some(0));
    // The host leaves: the next seat (now in its place) hosts.
    logged.act(0, Action::Leave, &mut no_dice());
    assert_eq!(names(&logged.room), ["Ben", "Dan"]);
    assert_eq!(logged.room.host(), Some(0));
    assert_eq!(
        refused(&logged.room, 1, logged.room.seq(), Action::Start, &mut no_dice()),
        RoomError::NotHost
    );
    // A computer player cannot host: the role skips it, wrapping round.
    logged.act(0, robot("Robot"), &mut no_dice());
    logged.act(1, Action::Leave, &mut no_dice());
    assert_eq!(names(&logged.room), ["Ben", "Robot"]);
    logged.join("Eve");
    logged.act(0, Action::Leave, &mut no_dice());
    assert_eq!(names(&logged.room), ["Robot", "Eve"]);
    assert_eq!(logged.room.host(), Some(1));
    assert!(logged.room.seats()[0].computer.is_some());
    // The last person leaves: computers alone do not keep a room.
    logged.act(1, Action::Leave, &mut no_dice());
    assert!(logged.room.seats().is_empty());
    assert_eq!(logged.room.host(), None);
    logged.join("Finn");
    assert_eq!(logged.room.host(), Some(0));
    logged.assert_replays();
}

#[test]
fn the_host_removes_a_computer_player_from_the_lobby_and_only_a_computer() {
    let mut logged = Logged::new("Robots");
    logged.join("Anna");
    logged.act(0, robot("Robot"), &mut no_dice());
    logged.join("Ben");
    logged.act(0, robot("Robot 2"), &mut no_dice());
    let seq = logged.room.seq();
    let remove = |seat| Action::RemoveComputer { seat };
    assert_eq!(
        refused(&logged.room, 2, seq, remove(1), &mut no_dice()),
        RoomError::NotHost
    );
    assert_eq!(
        refused(&logged.room, 0, seq, remove(2), &mut no_dice()),
        RoomError::NotComputer { seat: 2 }
    );
    assert_eq!(
        refused(&logged.room, 0, seq, remove(4), &mut no_dice()),
        RoomError::NoSuchSeat(4)
    );
    logged.act(0, remove(1), &mut no_dice());
    assert_eq!(
        logged.log.last().map(|entry| &entry.event),
        Some(&Event::Left { seat: 1 })
    );
    assert_eq!(names(&logged.room), ["Anna", "Ben", "Robot 2"]);
    logged.act(0, Action::Start, &mut Script::new(&[6, 1, 1]));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, remove(2), &mut no_dice()),
        RoomError::NotInLobby,
        "a computer in play stays (the host can let it stand in, not take it away)"
    );
    logged.assert_replays();
}

#[test]
fn only_the_host_starts_and_the_server_rolls_for_the_first_player() {
    let mut logged = Logged::new("Start");
    logged.join("Anna");
    logged.join("Ben");
    logged.join("Cleo");
    assert_eq!(
        refused(&logged.room, 1, 3, Action::Start, &mut no_dice()),
        RoomError::NotHost
    );
    assert_eq!(
        refused(&logged.room, 5, 3, Action::Start, &mut no_dice()),
        RoomError::NoSuchSeat(5)
    );
    // Seats 0 and 2 tie on 5, then seat 2 rolls higher.
    logged.act(0, Action::Start, &mut Script::new(&[5, 2, 5, 3, 6]));
    assert_eq!(logged.room.phase(), Phase::Playing);
    let roll_off = logged.room.first_player_roll().expect("a roll-off");
    assert_eq!(roll_off.first_seat, 2);
    assert_eq!(roll_off.rounds.len(), 2);
    assert_eq!(logged.room.seat_to_play(), Some(2));
    assert_eq!(logged.room.acting_seat(&[0, 2]), Some(2));
    assert_eq!(logged.room.acting_seat(&[0, 1]), None);
    logged.assert_replays();
}

#[test]
fn after_the_start_the_lobby_is_closed() {
    let logged = started(&["Anna", "Ben"]);
    let room = &logged.room;
    let error = refused_join(room, "Cleo");
    assert_eq!(error, RoomError::Started);
    assert_eq!(error.to_string(), "This game has started; ask for a new room");
    let seq = room.seq();
    assert_eq!(
        refused(room, 1, seq, Action::Leave, &mut no_dice()),
        RoomError::NotInLobby
    );
    assert_eq!(
        refused(room, 0, seq, Action::Start, &mut no_dice()),
        RoomError::NotInLobby
    );
    assert_eq!(
        refused(
            room,
            0,
            seq,
            Action::AddComputer {
                name: "Bot".into(),
                level: Level::Optimal,
            },
            &mut no_dice()
        ),
        RoomError::Started
    );
    let choose = Action::ChooseRules(RulesChoice::of(RulesetId::Yatzy, DiceMode::App));
    assert_eq!(
        refused(room, 0, seq, choose, &mut no_dice()),
        RoomError::NotInLobby
    );
}
