//! An event's tables gathered into one board: each table's log taken once and replayed, what does not replay
//! refused, and the standings, cheers and prizes read off the games.

mod common;

use common::{Logged, Script, play_to_the_end, room_name, started};
use fivedice_room::event::{EventError, EventState, Feat, MAX_TABLES};
use fivedice_room::{Action, Event, LogEntry, RoomError};
use fivedice_rules::{Category, Play, Rules, RulesetId};

fn new_event() -> EventState {
    EventState::new(room_name("Claire & Tom"), Rules::new(RulesetId::Yahtzee))
}

fn roll(logged: &mut Logged, seat: usize, faces: &[u8]) {
    logged.act(seat, Action::Roll, &mut Script::new(faces));
}

fn write(logged: &mut Logged, seat: usize, category: Category) {
    logged.act(
        seat,
        Action::Play(Play::Score(category.into())),
        &mut Script::new(&[1]),
    );
}

#[test]
fn a_tables_entries_count_once_however_often_they_are_sent() {
    let mut event = new_event();
    let mut table = started(&["Anna", "Ben"]);
    roll(&mut table, 0, &[6, 6, 6, 6, 2]);
    write(&mut table, 0, Category::Sixes);
    let taken = event.take("t1", "Table 1", &table.log).expect("taken");
    assert_eq!(taken.entries.len(), table.log.len());
    // The same entries again (a device that did not hear the answer), then overlapping ones: nothing new.
    assert!(
        event
            .take("t1", "Table 1", &table.log)
            .expect("taken")
            .entries
            .is_empty()
    );
    roll(&mut table, 1, &[1, 1, 2, 3, 4]);
    write(&mut table, 1, Category::Aces);
    let taken = event.take("t1", "Table 1", &table.log[2..]).expect("taken");
    assert_eq!(taken.entries.len(), 2);
    let board = event.board();
    let rows: Vec<(&str, u16, usize)> = board
        .rows
        .iter()
        .map(|row| (row.player.as_str(), row.total, row.rank))
        .collect();
    assert_eq!(rows, [("Anna", 24, 1), ("Ben", 2, 2)]);
    assert_eq!(board.rows[0].boxes_left, 12);
    assert_eq!(board.tables.len(), 1);
}

#[test]
fn entries_that_skip_ahead_differ_or_do_not_replay_are_refused_with_the_event_unchanged() {
    let mut event = new_event();
    let mut table = started(&["Anna", "Ben"]);
    roll(&mut table, 0, &[5, 5, 5, 2, 1]);
    write(&mut table, 0, Category::Fives);
    event.take("t1", "Table 1", &table.log[..2]).expect("taken");
    let before = event.clone();
    let seq = event.table("t1").expect("seated").seq();
    assert_eq!(
        event.take("t1", "Table 1", &table.log[3..]),
        Err(EventError::Gap { seq })
    );
    let mut forged = table.log.clone();
    forged[0].event = Event::Joined {
        seat: 0,
        name: "Zed".into(),
        computer: false,
        level: None,
    };
    assert_eq!(
        event.take("t1", "Table 1", &forged),
        Err(EventError::Rewritten { seq: 1 })
    );
    // A play by the seat whose turn it is not: the room refuses it.
    let mut cheat = table.log.clone();
    let last = cheat.len() - 1;
    cheat[last] = LogEntry {
        seq: cheat[last].seq,
        event: Event::Played {
            seat: 1,
            play: Play::Score(Category::Chance.into()),
        },
    };
    let refused = event.take("t1", "Table 1", &cheat);
    assert!(
        matches!(refused, Err(EventError::Refused { seq, error: RoomError::Inconsistent(_) }) if seq == cheat[last].seq),
        "{refused:?}"
    );
    assert_eq!(event, before);
    // A new table whose first entries are refused is not seated.
    assert!(event.take("t2", "Table 2", &cheat[1..]).is_err());
    assert_eq!(event.tables().len(), 1);
}

#[test]
fn a_table_plays_the_events_game_and_joins_only_while_it_is_open() {
    let mut event = new_event();
    let mut yatzy = Logged::new("Other");
    yatzy.join("Anna");
    let other_game = Action::choosing(Rules::new(RulesetId::Yatzy), fivedice_rules::DiceMode::App);
    yatzy.act(0, other_game, &mut Script::new(&[1]));
    // A lobby may try other games on the way: only the game it starts counts.
    let before = event.clone();
    assert!(event.take("t1", "Table 1", &yatzy.log).is_ok());
    yatzy.act(0, Action::Start, &mut Script::new(&[1]));
    assert_eq!(
        event.take("t1", "Table 1", &yatzy.log),
        Err(EventError::OtherRules)
    );
    event = before;
    assert_eq!(event.take("bad id!", "Table 1", &[]), Err(EventError::BadTableId));
    assert_eq!(event.take("t1", " ", &[]), Err(EventError::BadTableName));
    let playing = started(&["Anna"]);
    event.take("t1", "Table 1", &playing.log[..1]).expect("taken");
    event.close();
    assert_eq!(event.take("t2", "Table 2", &playing.log), Err(EventError::Closed));
    // A table already in the event plays on.
    event.take("t1", "Table 1", &playing.log).expect("taken");
    let mut full = new_event();
    for index in 0..MAX_TABLES {
        full.take(&format!("t{index}"), "Table", &[]).expect("taken");
    }
    assert_eq!(
        full.take("one-more", "Table", &[]),
        Err(EventError::Full { max: MAX_TABLES })
    );
}

#[test]
fn cheers_and_prizes_come_from_the_plays() {
    let mut event = new_event();
    let mut table = started(&["Anna", "Ben"]);
    roll(&mut table, 0, &[4, 4, 4, 4, 4]);
    write(&mut table, 0, Category::Yahtzee);
    roll(&mut table, 1, &[6, 6, 6, 5, 5]);
    write(&mut table, 1, Category::FullHouse);
    roll(&mut table, 0, &[4, 4, 4, 4, 4]);
    write(&mut table, 0, Category::Fours);
    let taken = event.take("t1", "Table 3", &table.log).expect("taken");
    let feats: Vec<(&str, Feat)> = taken
        .cheers
        .iter()
        .map(|cheer| (cheer.player.as_str(), cheer.what))
        .collect();
    assert_eq!(
        feats,
        [
            ("Anna", Feat::AllAlike(Category::Yahtzee)),
            ("Anna", Feat::AllAlikeBonus)
        ]
    );
    let board = event.board();
    assert_eq!(board.cheers[0].what, Feat::AllAlikeBonus, "newest first");
    assert_eq!(board.cheers[0].table, "Table 3");
    let best_turn = &board.prizes.best_turn;
    assert_eq!(best_turn.len(), 1);
    assert_eq!((best_turn[0].player.as_str(), best_turn[0].figure), ("Anna", 120));
    assert_eq!(board.prizes.most_all_alike[0].figure, 2);
    // A whole game played out: every seat's winner cheered once, the totals the game's own.
    play_to_the_end(
        &mut table,
        |_, seat| seat,
        &mut Script::new(&[1, 2, 3, 4, 6, 6, 5]),
    );
    let taken = event.take("t1", "Table 3", &table.log).expect("taken");
    let game = table.room.game().expect("played");
    let winners = game
        .standings()
        .into_iter()
        .filter(|standing| standing.winner)
        .count();
    let won = taken
        .cheers
        .iter()
        .filter(|cheer| cheer.what == Feat::WonTable)
        .count();
    assert_eq!(won, winners);
    let board = event.board();
    assert!(board.tables[0].finished);
    for row in &board.rows {
        let seat = game
            .players()
            .iter()
            .position(|name| *name == row.player)
            .expect("a player");
        assert_eq!(row.total, game.totals(seat).expect("totals").grand);
        assert_eq!(row.boxes_left, 0);
    }
    assert_eq!(board.prizes.best_total[0].figure, board.rows[0].total);
}

#[test]
fn a_box_taken_back_takes_back_its_cheer() {
    let mut event = new_event();
    let mut table = started(&["Anna", "Ben"]);
    roll(&mut table, 0, &[4, 4, 4, 4, 4]);
    write(&mut table, 0, Category::Yahtzee);
    event.take("t1", "Table 3", &table.log).expect("taken");
    assert_eq!(event.board().cheers.len(), 1);
    // Taken back in a hand-in of its own: the cheer goes.
    table.act(0, Action::Play(Play::Undo), &mut Script::new(&[1]));
    event.take("t1", "Table 3", &table.log).expect("taken");
    assert!(event.board().cheers.is_empty());
    assert_eq!(event.board().prizes.most_all_alike.len(), 0);
    // Written again, taken back and written elsewhere in one hand-in (a tablet back online): one cheer at most
    // for what stands.
    write(&mut table, 0, Category::Yahtzee);
    table.act(0, Action::Play(Play::Undo), &mut Script::new(&[1]));
    write(&mut table, 0, Category::Fours);
    let taken = event.take("t1", "Table 3", &table.log).expect("taken");
    assert!(taken.cheers.is_empty(), "{:?}", taken.cheers);
    assert!(event.board().cheers.is_empty());
}

#[test]
fn two_tables_of_one_name_stay_two_on_the_board() {
    let mut event = new_event();
    for (id, name) in [("t1", "Table 5"), ("t2", "Table 5"), ("t3", "table 5 ")] {
        event.take(id, name, &[]).expect("seated");
    }
    let names: Vec<&str> = event.tables().iter().map(|table| table.name.as_str()).collect();
    assert_eq!(names, ["Table 5", "Table 5 (2)", "table 5 (3)"]);
    // A known table keeps its name, whatever a later hand-in calls it.
    event.take("t2", "Another", &[]).expect("known");
    assert_eq!(
        event.table("t2").map(|table| table.name.as_str()),
        Some("Table 5 (2)")
    );
    // A name at the longest still fits with its number.
    let long = "x".repeat(fivedice_room::event::MAX_TABLE_NAME_CHARS);
    event.take("t4", &long, &[]).expect("seated");
    event.take("t5", &long, &[]).expect("seated");
    let numbered = &event.table("t5").expect("seated").name;
    assert!(
        numbered.ends_with(" (2)") && numbered.chars().count() == long.len(),
        "{numbered}"
    );
}
