//! A room in play: whose turn it is, stale actions, what the rules refuse, score pads, undo, a whole game replayed, Yam's crosses and columns.

mod common;

use common::{Logged, Script, dice, no_dice, play_to_the_end, refused, refused_join, room_name, started};
use fivedice_room::{Action, Event, LogEntry, Phase, Room, RoomError, RulesChoice};
use fivedice_rules::{Category, Column, Columns, DiceMode, GameError, Place, Play, RulesError, RulesetId};

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
        refused(&logged.room, 0, 1, Action::take_over(0), &mut no_dice()),
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
        Action::ChooseRules(RulesChoice::of(RulesetId::Yahtzee, DiceMode::Pad)),
        &mut no_dice(),
    );
    logged.act(0, Action::Start, &mut Script::new(&[6, 1]));
    let seq = logged.room.seq();
    let full_house_26 = Action::Play(Play::Write {
        place: Place::from(Category::FullHouse),
        value: 26,
        bonus: false,
        first_roll: false,
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
            first_roll: false,
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
fn a_yam_room_crosses_out_on_purpose_and_a_yahtzee_room_refuses_it() {
    let mut logged = Logged::new("Yam");
    logged.join("Anna");
    logged.join("Ben");
    let yam = Action::ChooseRules(RulesChoice::of(RulesetId::Yam, DiceMode::App));
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
    let choose = |ruleset| {
        Action::ChooseRules(RulesChoice {
            columns,
            ..RulesChoice::of(ruleset, DiceMode::App)
        })
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
