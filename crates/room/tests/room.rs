//! The room state machine: lobby → playing → finished, seats and host, and every refusal.

mod common;

use common::{Logged, Script, room_name, started};
use fivedice_room::{
    Action, Event, Inconsistency, LogEntry, Phase, Room, RoomError, RoomName, STAND_IN, TAKE_OVER_AFTER_MS,
};
use fivedice_rules::{
    Category, Column, Columns, Dice, DiceMode, GameError, Joker, Place, Play, RulesError, RulesetId,
};
use fivedice_strategy::Level;

fn no_dice() -> Script {
    Script::new(&[1])
}

fn dice(text: &str) -> Dice {
    text.parse().expect("test dice")
}

/// Refuses, and leaves the room exactly as it was.
fn refused(room: &Room, actor: usize, at: u64, action: Action, outside: &mut Script) -> RoomError {
    let before = room.clone();
    let mut trial = room.clone();
    let error = trial
        .act(actor, at, &action, outside)
        .expect_err("the action is refused");
    assert_eq!(trial, before, "a refusal leaves the room unchanged");
    error
}

fn robot(name: &str) -> Action {
    Action::AddComputer {
        name: name.into(),
        level: Level::Strong,
    }
}

fn refused_join(room: &Room, name: &str) -> RoomError {
    let mut trial = room.clone();
    let error = trial.join(name).expect_err("the join is refused");
    assert_eq!(&trial, room, "a refused join leaves the room unchanged");
    error
}

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
    let yam = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yam,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
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
    let yatzy_with_joker = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yatzy,
        joker: Some(Joker::Free),
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
    assert_eq!(
        refused(&logged.room, 1, 2, yatzy_with_joker.clone(), &mut no_dice()),
        RoomError::NotHost
    );
    assert_eq!(
        refused(&logged.room, 0, 2, yatzy_with_joker, &mut no_dice()),
        RoomError::Rules(RulesError::NoJoker(RulesetId::Yatzy))
    );
    let yatzy_pad = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yatzy,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::Pad,
    };
    logged.act(0, yatzy_pad, &mut no_dice());
    assert_eq!(logged.room.rules().id(), RulesetId::Yatzy);
    assert_eq!(logged.room.rules().joker(), Joker::None);
    assert_eq!(logged.room.dice_mode(), DiceMode::Pad);
    let yahtzee_free = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yahtzee,
        joker: Some(Joker::Free),
        yahtzee_bonus: Some(false),
        dice: DiceMode::App,
    };
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

fn names(room: &Room) -> Vec<&str> {
    room.seats().iter().map(|seat| seat.name.as_str()).collect()
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
    let choose = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yatzy,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
    assert_eq!(
        refused(room, 0, seq, choose, &mut no_dice()),
        RoomError::NotInLobby
    );
}

#[test]
fn play_is_refused_before_the_start() {
    let mut logged = Logged::new("Early");
    logged.join("Anna");
    for action in [
        Action::Roll,
        Action::Play(Play::Hold(0)),
        Action::Play(Play::Score(Place::from(Category::Chance))),
        Action::Play(Play::Undo),
    ] {
        assert_eq!(
            refused(&logged.room, 0, 1, action, &mut no_dice()),
            RoomError::NotStarted
        );
    }
    assert_eq!(
        refused(&logged.room, 0, 1, Action::TakeOver { seat: 0 }, &mut no_dice()),
        RoomError::NotStarted
    );
}

#[test]
fn only_the_seat_whose_turn_it_is_plays() {
    let mut logged = started(&["Anna", "Ben"]);
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Roll, &mut no_dice()),
        RoomError::NotYourTurn { seat: 0 }
    );
    logged.act(0, Action::Roll, &mut Script::new(&[6, 6, 6, 2, 1]));
    let seq = logged.room.seq();
    for action in [
        Action::Play(Play::Hold(1)),
        Action::Roll,
        Action::Play(Play::Score(Place::from(Category::Sixes))),
    ] {
        assert_eq!(
            refused(&logged.room, 1, seq, action, &mut no_dice()),
            RoomError::NotYourTurn { seat: 0 }
        );
    }
    logged.act(
        0,
        Action::Play(Play::Score(Place::from(Category::Sixes))),
        &mut no_dice(),
    );
    let game = logged.room.game().expect("started");
    assert_eq!(game.sheets()[0].get(Category::Sixes), Some(18));
    assert_eq!(logged.room.seat_to_play(), Some(1));
    logged.assert_replays();
}

#[test]
fn an_action_decided_on_an_older_room_is_stale() {
    let mut logged = started(&["Anna", "Ben"]);
    let before_roll = logged.room.seq();
    logged.act(0, Action::Roll, &mut Script::new(&[1, 2, 3, 4, 5]));
    let after_roll = logged.room.seq();
    // Scoring or holding dice the device had not seen yet.
    let chance = Action::Play(Play::Score(Place::from(Category::Chance)));
    assert_eq!(
        refused(&logged.room, 0, before_roll, chance.clone(), &mut no_dice()),
        RoomError::Stale {
            at: before_roll,
            seq: after_roll
        }
    );
    assert!(matches!(
        refused(
            &logged.room,
            0,
            before_roll,
            Action::Play(Play::Hold(0)),
            &mut no_dice()
        ),
        RoomError::Stale { .. }
    ));
    // From the future.
    assert!(matches!(
        refused(&logged.room, 0, after_roll + 1, chance.clone(), &mut no_dice()),
        RoomError::Stale { .. }
    ));
    // Holds do not make taps stale: two dice tapped in a row, then a roll, all based on one view.
    for die in [0, 1] {
        let entry = logged
            .room
            .act(0, after_roll, &Action::Play(Play::Hold(die)), &mut no_dice())
            .expect("a hold on what the device saw");
        logged.log.push(entry);
    }
    let entry = logged
        .room
        .act(0, after_roll, &Action::Roll, &mut Script::new(&[6]))
        .expect("a roll on what the device saw");
    assert_eq!(
        entry.event,
        Event::Played {
            seat: 0,
            play: Play::Roll(dice("1 2 6 6 6"))
        }
    );
    logged.log.push(entry);
    assert_eq!(
        refused(&logged.room, 0, after_roll, chance, &mut no_dice()),
        RoomError::Stale {
            at: after_roll,
            seq: logged.room.seq()
        }
    );
    logged.assert_replays();
}

#[test]
fn the_rules_crate_refuses_what_the_rules_refuse() {
    let mut logged = started(&["Anna", "Ben"]);
    let seq = logged.room.seq();
    assert_eq!(
        refused(
            &logged.room,
            0,
            seq,
            Action::Play(Play::Score(Place::from(Category::Chance))),
            &mut no_dice()
        ),
        RoomError::Game(GameError::NotRolled)
    );
    assert_eq!(
        refused(
            &logged.room,
            0,
            seq,
            Action::Play(Play::EnterDice(dice("1 2 3 4 5"))),
            &mut no_dice()
        ),
        RoomError::Game(GameError::WrongMode(DiceMode::App))
    );
    logged.act(0, Action::Roll, &mut Script::new(&[3, 3, 3, 3, 3]));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::Play(Play::Hold(5)), &mut no_dice()),
        RoomError::Game(GameError::NoSuchDie(5))
    );
    assert_eq!(
        refused(
            &logged.room,
            0,
            seq,
            Action::Play(Play::Score(Place::from(Category::OnePair))),
            &mut no_dice()
        ),
        RoomError::Game(GameError::NotInRuleset(Category::OnePair))
    );
    logged.act(0, Action::Roll, &mut Script::new(&[3]));
    logged.act(0, Action::Roll, &mut Script::new(&[3]));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::Roll, &mut no_dice()),
        RoomError::Game(GameError::NoRollsLeft)
    );
    logged.assert_replays();
}

#[test]
fn a_score_pad_room_writes_only_offered_values() {
    let mut logged = Logged::new("Pad");
    logged.join("Anna");
    logged.join("Ben");
    logged.act(
        0,
        Action::ChooseRules {
            columns: Columns::ONE,
            ruleset: RulesetId::Yahtzee,
            joker: None,
            yahtzee_bonus: None,
            dice: DiceMode::Pad,
        },
        &mut no_dice(),
    );
    logged.act(0, Action::Start, &mut Script::new(&[6, 1]));
    let seq = logged.room.seq();
    let full_house_26 = Action::Play(Play::Write {
        place: Place::from(Category::FullHouse),
        value: 26,
        bonus: false,
    });
    let error = refused(&logged.room, 0, seq, full_house_26, &mut no_dice());
    assert_eq!(
        error,
        RoomError::Game(GameError::ValueNotOffered {
            category: Category::FullHouse,
            value: 26
        })
    );
    let reason = error.to_string();
    assert!(reason.contains("full_house") && reason.contains("26"), "{reason}");
    assert_eq!(
        refused(&logged.room, 0, seq, Action::Roll, &mut no_dice()),
        RoomError::Game(GameError::WrongMode(DiceMode::Pad))
    );
    logged.act(
        0,
        Action::Play(Play::Write {
            place: Place::from(Category::FullHouse),
            value: 25,
            bonus: false,
        }),
        &mut no_dice(),
    );
    logged.act(
        1,
        Action::Play(Play::EnterDice(dice("4 4 4 4 2"))),
        &mut no_dice(),
    );
    logged.act(1, Action::Play(Play::ClearDice), &mut no_dice());
    logged.act(
        1,
        Action::Play(Play::EnterDice(dice("4 4 4 4 1"))),
        &mut no_dice(),
    );
    logged.act(
        1,
        Action::Play(Play::Score(Place::from(Category::Fours))),
        &mut no_dice(),
    );
    let game = logged.room.game().expect("started");
    assert_eq!(game.sheets()[0].get(Category::FullHouse), Some(25));
    assert_eq!(game.sheets()[1].get(Category::Fours), Some(16));
    logged.assert_replays();
}

#[test]
fn undo_belongs_to_the_seat_that_wrote_until_the_next_roll() {
    let mut logged = started(&["Anna", "Ben"]);
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::Play(Play::Undo), &mut no_dice()),
        RoomError::Game(GameError::NothingToUndo)
    );
    logged.act(0, Action::Roll, &mut Script::new(&[2, 2, 2, 5, 5]));
    logged.act(
        0,
        Action::Play(Play::Score(Place::from(Category::Twos))),
        &mut no_dice(),
    );
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Play(Play::Undo), &mut no_dice()),
        RoomError::NotYourTurn { seat: 0 }
    );
    logged.act(0, Action::Play(Play::Undo), &mut no_dice());
    assert_eq!(logged.room.seat_to_play(), Some(0));
    assert_eq!(
        logged.room.game().expect("started").turn().dice,
        Some(dice("2 2 2 5 5"))
    );
    logged.act(
        0,
        Action::Play(Play::Score(Place::from(Category::FullHouse))),
        &mut no_dice(),
    );
    logged.act(1, Action::Roll, &mut Script::new(&[1, 2, 3, 4, 6]));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::Play(Play::Undo), &mut no_dice()),
        RoomError::Game(GameError::UndoTooLate)
    );
    logged.assert_replays();
}

/// Plays every turn: one roll, then the first cell the rules offer.
fn play_to_the_end(logged: &mut Logged, actor_for: impl Fn(&Room, usize) -> usize, script: &mut Script) {
    while let Some(seat) = logged.room.seat_to_play() {
        let actor = actor_for(&logged.room, seat);
        logged.act(actor, Action::Roll, script);
        let scores = logged.room.game().and_then(|game| game.scores()).expect("dice");
        let (category, _) = scores.cells[0];
        logged.act(actor, Action::Play(Play::Score(category.into())), script);
    }
}

#[test]
fn a_whole_game_finishes_and_replays_exactly() {
    let mut logged = started(&["Anna", "Ben"]);
    let mut script = Script::new(&[3, 1, 4, 1, 5, 2, 6, 5, 3, 5, 6, 2, 6, 4, 3, 3]);
    play_to_the_end(&mut logged, |_, seat| seat, &mut script);
    assert_eq!(logged.room.phase(), Phase::Finished);
    assert_eq!(logged.room.seat_to_play(), None);
    let game = logged.room.game().expect("started");
    assert!(game.is_over());
    assert_eq!(game.log().len(), 26);
    let seq = logged.room.seq();
    for action in [Action::Roll, Action::Leave] {
        assert_eq!(
            refused(&logged.room, 0, seq, action, &mut no_dice()),
            RoomError::GameOver
        );
    }
    assert_eq!(refused_join(&logged.room, "Late"), RoomError::Started);
    // The last box can still be taken back, as the rules allow, by the seat that wrote it.
    let last_writer = logged
        .room
        .game()
        .map(|game| game.seat_of_entry(25))
        .expect("started");
    assert_eq!(
        refused(
            &logged.room,
            1 - last_writer,
            seq,
            Action::Play(Play::Undo),
            &mut no_dice()
        ),
        RoomError::NotYourTurn { seat: last_writer }
    );
    let finished = logged.room.clone();
    logged.act(last_writer, Action::Play(Play::Undo), &mut no_dice());
    assert_eq!(logged.room.phase(), Phase::Playing);
    play_to_the_end(&mut logged, |_, seat| seat, &mut script);
    assert_eq!(
        logged.room.game().map(|game| game.log().len()),
        finished.game().map(|game| game.log().len())
    );
    logged.assert_replays();
    // The same log through JSON, as a device receives it.
    let json = serde_json::to_string(&logged.log).expect("serialises");
    let entries: Vec<LogEntry> = serde_json::from_str(&json).expect("parses");
    let replayed = Room::replay(room_name("test room"), &entries).expect("replays");
    assert_eq!(replayed, logged.room);
}

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
        refused(&logged.room, 0, seq, Action::TakeOver { seat: 1 }, &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 1,
            away_ms: Some(TAKE_OVER_AFTER_MS - 1)
        }
    );
    assert_eq!(
        refused(&logged.room, 0, seq, Action::TakeOver { seat: 2 }, &mut outside),
        RoomError::NotAwayLongEnough {
            seat: 2,
            away_ms: None
        }
    );
    outside.away[1] = Some(TAKE_OVER_AFTER_MS);
    assert_eq!(
        refused(&logged.room, 2, seq, Action::TakeOver { seat: 1 }, &mut outside),
        RoomError::NotHost
    );
    assert_eq!(
        refused(&logged.room, 0, seq, Action::TakeOver { seat: 7 }, &mut outside),
        RoomError::NoSuchSeat(7)
    );
    logged.act(0, Action::TakeOver { seat: 1 }, &mut outside);
    assert!(logged.room.seats()[1].stand_in);
    assert_eq!(logged.room.seats()[1].computer_level(), Some(STAND_IN));
    let seq = logged.room.seq();
    assert_eq!(
        refused(&logged.room, 0, seq, Action::TakeOver { seat: 1 }, &mut outside),
        RoomError::AlreadyComputer { seat: 1 }
    );
    // Seat 1's person is back but must take the seat back before playing.
    assert_eq!(
        refused(&logged.room, 1, seq, Action::Roll, &mut no_dice()),
        RoomError::ComputerPlays { seat: 1 }
    );
    logged.act(0, Action::Roll, &mut Script::new(&[2, 3, 4, 5, 6]));
    assert_eq!(
        refused(
            &logged.room,
            2,
            logged.room.seq(),
            Action::GiveBack { seat: 1 },
            &mut no_dice()
        ),
        RoomError::NotHost
    );
    logged.act(1, Action::GiveBack { seat: 1 }, &mut no_dice());
    assert!(!logged.room.seats()[1].stand_in);
    assert_eq!(logged.room.seats()[1].computer_level(), None);
    logged.act(
        1,
        Action::Play(Play::Score(Place::from(Category::LargeStraight))),
        &mut no_dice(),
    );
    assert_eq!(
        logged.room.game().expect("started").sheets()[1].get(Category::LargeStraight),
        Some(40)
    );
    logged.assert_replays();
}

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
        Event::TakenOver { seat: 9 },
        Event::GivenBack { seat: 1 },
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
    };
    assert!(lobby.room.apply(&forged).is_err());
    assert_eq!(lobby.room, before);
}

fn face(value: u8) -> fivedice_rules::Face {
    fivedice_rules::Face::new(value).expect("a face")
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

#[test]
fn a_yam_room_crosses_out_on_purpose_and_a_yahtzee_room_refuses_it() {
    let mut logged = Logged::new("Yam");
    logged.join("Anna");
    logged.join("Ben");
    let yam = Action::ChooseRules {
        columns: Columns::ONE,
        ruleset: RulesetId::Yam,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
    logged.act(0, yam, &mut no_dice());
    logged.act(0, Action::Start, &mut Script::new(&[6, 1]));
    logged.act(0, Action::Roll, &mut Script::new(&[6, 6, 6, 6, 2]));
    let four = Category::FourOfAKind;
    logged.act(0, Action::Play(Play::CrossOut(four.into())), &mut no_dice());
    let last = &logged.log.last().expect("an entry").event;
    assert_eq!(
        last,
        &Event::Played {
            seat: 0,
            play: Play::CrossOut(four.into())
        }
    );
    assert_eq!(
        logged.room.game().expect("started").sheets()[0].get(four),
        Some(0)
    );
    logged.assert_replays();

    let mut yahtzee = started(&["Anna", "Ben"]);
    yahtzee.act(0, Action::Roll, &mut Script::new(&[6, 6, 6, 6, 2]));
    let at = yahtzee.room.seq();
    let error = refused(
        &yahtzee.room,
        0,
        at,
        Action::Play(Play::CrossOut(four.into())),
        &mut no_dice(),
    );
    assert_eq!(error, RoomError::Game(GameError::NoCrossingOut));
}

#[test]
fn a_room_plays_column_yam_with_announcements_and_replays_it() {
    let mut logged = Logged::new("Columns");
    logged.join("Anna");
    let columns = Columns::new(&[Column::Down, Column::Announced]).unwrap();
    let choose = |ruleset| Action::ChooseRules {
        columns,
        ruleset,
        joker: None,
        yahtzee_bonus: None,
        dice: DiceMode::App,
    };
    assert!(matches!(
        refused(&logged.room, 0, 1, choose(RulesetId::Yahtzee), &mut no_dice()),
        RoomError::Rules(RulesError::NoColumns(RulesetId::Yahtzee))
    ));
    logged.act(0, choose(RulesetId::Yam), &mut no_dice());
    logged.act(0, Action::Start, &mut Script::new(&[4]));
    logged.act(0, Action::Roll, &mut Script::new(&[6, 6, 2, 3, 4]));
    logged.act(0, Action::Play(Play::Announce(Category::Sixes)), &mut no_dice());
    logged.act(0, Action::Roll, &mut Script::new(&[6, 6, 6, 6, 6]));
    // The announcement binds the turn: the Down column's first box is refused.
    let down = Action::Play(Play::Score(Place::new(Column::Down, Category::Aces)));
    assert_eq!(
        refused(&logged.room, 0, logged.room.seq(), down, &mut no_dice()),
        RoomError::Game(GameError::AnnouncementBinds(Category::Sixes))
    );
    let announced = Action::Play(Play::Score(Place::new(Column::Announced, Category::Sixes)));
    logged.act(0, announced, &mut no_dice());
    let game = logged.room.game().expect("playing");
    assert_eq!(game.column_totals(0, Column::Announced).unwrap().upper, 30);
    assert_eq!(game.rules().columns(), columns);
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
