//! Every saved form as the app writes it reads back in this crate, the one reader the app and the CLI share:
//! tables of every earlier format, the text a device keeps, the history; damaged texts are refused.

use fivedice_room::{Room, RoomName};
use fivedice_saved::{
    EventLink, ExportedGame, KeptGame, SavedHistory, TableRecord, history_from_json, history_from_text,
    history_to_text,
};

const EARLIER: [&str; 6] = [
    include_str!("../../../tests/samples/table-v1.json"),
    include_str!("../../../tests/samples/table-v2.json"),
    include_str!("../../../tests/samples/table-v3-computer.json"),
    include_str!("../../../tests/samples/table-v3-pad-chosen.json"),
    include_str!("../../../tests/samples/table-v3-columns.json"),
    include_str!("../../../tests/samples/table-v4-columns.json"),
];

fn replayed(record: &TableRecord) -> Room {
    Room::replay(RoomName::parse(&record.id).unwrap(), &record.log).expect("the log replays")
}

#[test]
fn every_earlier_table_reads_into_a_log_that_replays_and_round_trips_as_text() {
    for raw in EARLIER {
        let record = TableRecord::from_json(raw).expect("an earlier save reads");
        assert!(replayed(&record).game().is_some(), "{raw}");
        let text = record.to_text();
        assert_eq!(TableRecord::from_text(&text), Ok(record), "{text}");
    }
    let v4 = TableRecord::from_json(EARLIER[5]).unwrap();
    assert_eq!(
        v4.to_text(),
        include_str!("../../../tests/samples/table-v6-columns.txt")
    );
    // The same table as a device kept it in format 5 (its computers listed beside the log) reads the same.
    let v5 = TableRecord::from_text(include_str!("../../../tests/samples/table-v5-columns.txt"));
    assert_eq!(v5, Ok(v4));
    let v3 = TableRecord::from_json(EARLIER[2]).unwrap();
    assert_eq!((v3.revision, v3.bot_delay_ms), (17, 300));
    // Its computer, listed beside the log in format 3, is seated in the log at its level.
    let seats = replayed(&v3).seats().to_vec();
    assert_eq!(seats[1].computer, Some(fivedice_strategy::Level::Strong));
    assert!(seats.iter().filter(|seat| seat.computer.is_some()).count() == 1);
}

#[test]
fn a_table_of_an_event_keeps_the_event_it_plays_in() {
    let mut record = TableRecord::from_json(EARLIER[5]).unwrap();
    record.event = Some(EventLink {
        name: "Claire & Tom's wedding".into(),
        key: "5f0c8e21".into(),
    });
    let text = record.to_text();
    assert!(
        text.contains("\ngathering 5f0c8e21 Claire & Tom's wedding\n"),
        "{text}"
    );
    assert_eq!(TableRecord::from_text(&text), Ok(record.clone()));
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains("\"gathering\":{"), "the name saves have: {json}");
    assert_eq!(serde_json::from_str::<TableRecord>(&json).unwrap(), record);
    // A table of no event says nothing of one.
    assert!(
        !TableRecord::from_json(EARLIER[5])
            .unwrap()
            .to_text()
            .contains("gathering")
    );
}

#[test]
fn a_tied_roll_off_waiting_to_be_rolled_again_is_kept_round_by_round() {
    use fivedice_rules::Face;
    let mut record = TableRecord::from_json(EARLIER[3]).unwrap();
    let [two, five, six] = [Face::ALL[1], Face::ALL[4], Face::ALL[5]];
    record.tied_roll_off = vec![vec![(0, five), (1, five), (2, two)], vec![(0, six), (1, six)]];
    let text = record.to_text();
    assert!(
        text.contains("\ntied_round 0:5 1:5 2:2\ntied_round 0:6 1:6\n"),
        "{text}"
    );
    assert_eq!(TableRecord::from_text(&text), Ok(record.clone()));
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(serde_json::from_str::<TableRecord>(&json).unwrap(), record);
    for damaged in ["tied_round 0:7", "tied_round 0-5", "tied_round x:5"] {
        let text = text.replace("tied_round 0:6 1:6", damaged);
        assert!(TableRecord::from_text(&text).is_err(), "{damaged}");
    }
    // A table with no tie waiting says nothing of one.
    assert!(
        !TableRecord::from_json(EARLIER[3])
            .unwrap()
            .to_text()
            .contains("tied_round")
    );
}

#[test]
fn a_damaged_or_unknown_table_is_refused_with_its_reason() {
    let text = include_str!("../../../tests/samples/table-v6-columns.txt");
    let cut = &text[..text.len() - "end\n".len()];
    assert!(
        TableRecord::from_text(cut)
            .unwrap_err()
            .contains("not a whole saved table")
    );
    let unknown = text.replace("odds no\n", "odds no\nfavourite colour blue\n");
    assert!(
        TableRecord::from_text(&unknown)
            .unwrap_err()
            .contains("unknown line")
    );
    // Format 6 seats its computers in the log: a list beside it is format 5's alone.
    let listed = text.replace("odds no\n", "odds no\ncomputers - optimal\n");
    assert!(
        TableRecord::from_text(&listed)
            .unwrap_err()
            .contains("unknown line")
    );
    let future = r#"{"format":9,"table":{}}"#;
    assert!(
        TableRecord::from_json(future)
            .unwrap_err()
            .contains("format 9 is not known")
    );
    let partial = r#"{"format":4,"table":{"id":"lobby","log":[]}}"#;
    assert!(TableRecord::from_json(partial).unwrap_err().contains("damaged"));
    assert!(TableRecord::from_json("not json").is_err());
}

#[test]
fn the_history_reads_back_as_text_and_from_its_earlier_json() {
    let games = history_from_json(include_str!("../../../tests/samples/history-v1.json")).unwrap();
    assert_eq!(games.len(), 1);
    let finished = games[0].read().expect("the finished game replays");
    assert!(finished.game.is_over());
    let text = history_to_text(&games);
    match history_from_text(&text) {
        Ok(SavedHistory::Current(read)) => assert_eq!(read, games),
        _ => panic!("the history reads back"),
    }
    assert!(matches!(
        history_from_text("{\"format\":1}"),
        Ok(SavedHistory::Earlier)
    ));
    assert!(history_from_text("fivedice history 2\ngame x\nend\n").is_err());
    // A table's game kept in the history is its log, read again the same.
    let v4 = TableRecord::from_json(EARLIER[5]).unwrap();
    let kept = KeptGame::new(&v4.id, &v4.name, &v4.log, v4.updated_ms);
    assert_eq!(
        (kept.table_id.as_str(), kept.finished_ms),
        (v4.id.as_str(), v4.updated_ms)
    );
    assert!(
        kept.read().unwrap_err().contains("not over"),
        "the sample's game is still in play"
    );
}

#[test]
fn a_game_in_a_file_keeps_its_log_and_a_kept_game_is_continued_only_by_its_own_log() {
    let games = history_from_json(include_str!("../../../tests/samples/history-v1.json")).unwrap();
    let kept = &games[0];
    // A file carries the game and its log; read back, the same log is kept, and an older file (no log) reads.
    let exported = kept.exported().expect("the game reads");
    assert!(exported.log.is_some());
    assert_eq!(&KeptGame::from_exported(&exported).unwrap(), kept);
    let older = ExportedGame {
        log: None,
        ..exported.clone()
    };
    assert_eq!(KeptGame::from_exported(&older).unwrap().read(), kept.read());
    // A log that leads elsewhere is not taken: the game's own is made instead.
    let elsewhere = ExportedGame {
        log: Some("1 joined 0 Zoe\n".into()),
        ..exported
    };
    assert_eq!(KeptGame::from_exported(&elsewhere).unwrap().read(), kept.read());
    // The same game with an entry more (a room's reveal after its last box) continues it; another game at a
    // table of the same id, or the same log, does not.
    let entries = fivedice_saved::text::read_log(&kept.exported().unwrap().log.unwrap()).unwrap();
    let mut longer = entries.clone();
    let mut extra = entries.last().unwrap().clone();
    extra.seq += 1;
    longer.push(extra);
    let continued = KeptGame::new(&kept.table_id, &kept.table_name, &longer, kept.finished_ms);
    assert!(continued.continues(kept));
    assert!(!kept.continues(kept));
    let another = KeptGame::new(&kept.table_id, &kept.table_name, &longer[1..], 0.0);
    assert!(!another.continues(kept), "another game at a table of the same id");
}
