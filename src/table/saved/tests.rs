//! Saved tables of every format read back and play on; exports merge without duplicates.

use fivedice_rules::{DiceMode, FirstPlayerRoll, Game, RulesetId};
use fivedice_saved::{history_from_json, history_from_text};

use super::*;
use crate::table::testing::{request, roll, seated};
use crate::table::{DEFAULT_BOT_DELAY_MS, Decision, EventLink};

fn table(seed: u64) -> Table {
    seated(RulesetId::Yahtzee, DiceMode::App, &["A", "B", "C"], seed)
}

#[test]
fn a_seeded_table_rolls_for_the_first_player_and_round_trips() {
    let mut first = table(5);
    let roll_off = first.first_player_roll().expect("started").clone();
    assert!(!roll_off.rounds.is_empty());
    assert_eq!(first.game().unwrap().current_seat(), roll_off.first_seat);
    roll(&mut first);
    let text = first.to_text().expect("a table on this device");
    assert!(text.starts_with("fivedice table 6\nid "), "{text}");
    assert_eq!(saved_again(&first), first);
    // As a file carries it: JSON, format 6.
    let json = serde_json::to_string(&first.versioned().unwrap()).unwrap();
    assert!(json.starts_with(r#"{"format":6,"table":"#), "{json}");
    assert_eq!(Table::from_json(&json).unwrap(), first);
    assert_eq!(
        table(5).first_player_roll(),
        Some(&roll_off),
        "a seed decides the same starter"
    );
}

/// A table saved as this device saves it, and read back.
fn saved_again(table: &Table) -> Table {
    match Table::from_saved(&table.to_text().expect("a table on this device")) {
        Ok(SavedTable::Current(read)) => *read,
        Ok(SavedTable::Earlier) => panic!("text is read now"),
        Err(error) => panic!("{error}"),
    }
}

/// A save of formats 1 to 3, with the game and who started as it wrote them.
fn old_save(raw: &str) -> (Game, FirstPlayerRoll) {
    #[derive(serde::Deserialize)]
    struct Old {
        table: OldTable,
    }
    #[derive(serde::Deserialize)]
    struct OldTable {
        game: Game,
        first_player_roll: FirstPlayerRoll,
    }
    let old: Old = serde_json::from_str(raw).expect("an old save");
    (old.table.game, old.table.first_player_roll)
}

/// Saves written by every earlier release, kept as they were written: each reads into the room's log that
/// leads to exactly the game it held (every turn as it stood, who started), and plays on.
#[test]
fn saves_of_every_earlier_format_still_load_and_play_on() {
    let samples = [
        include_str!("../../../tests/samples/table-v1.json"),
        include_str!("../../../tests/samples/table-v2.json"),
        include_str!("../../../tests/samples/table-v3-computer.json"),
        include_str!("../../../tests/samples/table-v3-pad-chosen.json"),
        include_str!("../../../tests/samples/table-v3-columns.json"),
    ];
    for raw in samples {
        let table = Table::from_json(raw).expect("an earlier save loads");
        let (game, first_player_roll) = old_save(raw);
        assert_eq!(table.game(), Some(&game), "{raw}");
        assert_eq!(table.first_player_roll(), Some(&first_player_roll));
        assert_eq!(saved_again(&table), table, "saved again as text");
        let mut played = table.clone();
        let seat = game.current_seat();
        let token = played
            .seats
            .token_of(seat)
            .expect("every seat is this device's")
            .to_string();
        let action = match game.mode() {
            DiceMode::App => fivedice_room::Action::Roll,
            DiceMode::Pad => fivedice_room::Action::Play(fivedice_rules::Play::ClearDice),
        };
        let at = played.room.seq();
        let asked = fivedice_room::ClientMessage::Act { token, at, action };
        played.ask_page(asked).expect("it plays on");
        assert_eq!(played.log.len(), table.log.len() + 1);
    }
    let v1 = Table::from_json(samples[0]).unwrap();
    assert_eq!(v1.revision, 0);
    assert_eq!(
        (v1.computer_to_play(), v1.bot_delay_ms),
        (None, DEFAULT_BOT_DELAY_MS)
    );
    assert_eq!(v1.game().unwrap().players(), ["Anna", "Ben"]);
    let v2 = Table::from_json(samples[1]).unwrap();
    assert_eq!((v2.revision, v2.computer_to_play()), (9, None));
    let v3 = Table::from_json(samples[2]).unwrap();
    assert_eq!(
        (v3.revision, v3.bot_delay_ms, v3.coached.as_slice()),
        (17, 300, &[true, false, false][..])
    );
    assert_eq!(v3.computer_at(1), Some(fivedice_strategy::Level::Strong));
    assert_eq!(v3.decisions.len(), 8);
    assert!(v3.decisions[0].verdict.is_some());
    let v4 = include_str!("../../../tests/samples/table-v4-columns.json");
    let table = Table::from_json(v4).expect("a format-4 save loads");
    assert_eq!(
        table
            .game()
            .map(|game| (game.log().len(), game.turn().rolls_used)),
        Some((3, 1))
    );
    assert_eq!(saved_again(&table), table);
    // As text, exactly as the command line's tests read it.
    assert_eq!(
        table.to_text().unwrap(),
        include_str!("../../../tests/samples/table-v6-columns.txt")
    );
    let history = history_from_json(include_str!("../../../tests/samples/history-v1.json")).unwrap();
    assert_eq!(history.len(), 1);
    assert!(history[0].read().unwrap().game.is_over());
}

#[test]
fn bad_saves_and_bad_tables_are_refused() {
    let twins = request(RulesetId::Yam, DiceMode::App, &["A", "a"], Some(1));
    assert!(Table::seat("T".into(), &twins, 0.0).is_err());
    assert!(Table::from_json("{").is_err());
    assert!(
        Table::from_json("{\"format\":5,\"table\":{}}")
            .unwrap_err()
            .contains("format 5")
    );
    assert!(
        Table::from_json("{\"format\":2,\"table\":{\"id\":3}}")
            .unwrap_err()
            .contains("damaged")
    );
    // A log the rules would not have written (a seat rolling out of turn).
    let mut rolled = table(4);
    roll(&mut rolled);
    let good = rolled.to_text().unwrap();
    let forged = good.replacen("event played ", "event played 9", 1);
    assert_ne!(forged, good);
    assert!(Table::from_saved(&forged).err().unwrap().contains("damaged"));
    // Cut short anywhere, even at the end of a line: refused, never read as a shorter game.
    let cut = good.rfind("event played").unwrap();
    assert!(Table::from_saved(&good[..cut]).err().unwrap().contains("damaged"));
    assert!(matches!(
        Table::from_saved(r#"{"format":4}"#),
        Ok(SavedTable::Earlier)
    ));
}

proptest::proptest! {
    /// Any table this device plays (rolls, holds, boxes, a coached decision with its verdict, any name) is saved
    /// as text and read back as it was; any text at all is read or refused, never a panic.
    #[test]
    fn every_table_reads_back_from_its_text(seed in 0u64..1000, taps in 0usize..40, name in ".{0,12}") {
        let mut played = table(seed);
        played.name = name;
        played.odds_shown = seed % 2 == 0;
        played.coached = vec![true, false, seed % 3 == 0];
        for tap in 0..taps {
            crate::table::testing::tap(&mut played, tap);
        }
        if let Some(mut decision) = played.game().and_then(Decision::keep) {
            decision.verdict = Some(fivedice_strategy::Verdict {
                best: decision.choice.clone(),
                loss: 0.1 + seed as f64 / 7.0,
            });
            played.decisions.push(decision);
        }
        proptest::prop_assert_eq!(saved_again(&played), played);
    }

    #[test]
    fn any_text_is_read_or_refused(text in ".*") {
        let _ = Table::from_saved(&format!("fivedice table 6\n{text}\nend\n"));
        let _ = Table::from_saved(&format!("fivedice table 5\n{text}\nend\n"));
        let _ = history_from_text(&format!("fivedice history 2\n{text}\nend\n"));
        let _ = Table::from_saved(&text);
    }
}

#[test]
fn an_export_reads_back_and_merges_without_duplicates() {
    let mut here = Bundle {
        tables: vec![table(1), table(2)],
        history: Vec::new(),
    };
    let mut newer = table(2);
    newer.revision = 5;
    let file = Bundle {
        tables: vec![table(1), newer.clone(), table(3)],
        history: Vec::new(),
    }
    .to_json(0.0)
    .unwrap();
    let summary = here.merge(Bundle::from_json(&file).unwrap());
    assert_eq!(
        summary,
        MergeSummary {
            tables_added: 1,
            games_added: 0,
            already_here: 1,
            tables_brought: vec![newer.id.clone(), table(3).id]
        }
    );
    assert_eq!(here.tables.len(), 3);
    assert!(here.tables.contains(&newer), "the more saved copy wins");
    let told = crate::i18n::words(crate::i18n::Language::English).imported;
    assert_eq!(
        told(summary.games_added, summary.tables_added, summary.already_here),
        "Imported 0 finished games and 1 game in progress; 1 was already here."
    );
    assert!(Bundle::from_json("{\"app\":\"other\"}").is_err());
    let broken = file.replacen("\"name\":\"A\"", "\"name\":\"\"", 1);
    assert_ne!(broken, file);
    assert!(
        matches!(Bundle::from_json(&broken), Err(FileError::Damaged(what)) if what.starts_with("table 1:"))
    );
    assert_eq!(Bundle::from_json("not json").unwrap_err(), FileError::NotFiveDice);
    assert!(matches!(
        Bundle::from_json(r#"{"app":"fivedice","format":1,"tables":5}"#),
        Err(FileError::Damaged(what)) if what.starts_with("tables:")
    ));
    assert_eq!(
        Bundle::from_json(r#"{"app":"fivedice","format":"1"}"#).unwrap_err(),
        FileError::UnknownFormat(None)
    );
}

/// A table with a computer player reads the same here as in the command-line tool (its tests read this sample):
/// the log seats the computer at its level, and the table plays it here.
#[test]
fn a_computer_player_is_a_seat_of_the_log() {
    let text = include_str!("../../../tests/samples/table-v6-computer-columns.txt");
    let Ok(SavedTable::Current(table)) = Table::from_saved(text) else {
        panic!("the sample reads");
    };
    assert_eq!(table.computer_at(0), None);
    assert_eq!(table.computer_at(1), Some(fivedice_strategy::Level::Optimal));
    assert_eq!(table.computer_to_play(), Some(fivedice_strategy::Level::Optimal));
    assert_eq!(
        table.to_text().as_deref(),
        Some(text),
        "saved again, the same text"
    );
    // Seated from the setup's request, the computer joins the log the same way.
    let mut asked = request(RulesetId::Yatzy, DiceMode::App, &["Robo", "Anna"], Some(5));
    asked.computer = vec![Some(fivedice_strategy::Level::Casual)];
    let seated = Table::seat("T".into(), &asked, 0.0).unwrap();
    assert_eq!(seated.computer_at(0), Some(fivedice_strategy::Level::Casual));
    assert_eq!(seated.computer_at(1), None);
    assert!(
        seated
            .to_text()
            .unwrap()
            .contains("event joined 0 computer:casual Robo\n")
    );
    assert_eq!(
        seated.rematch_request().unwrap().computer,
        vec![Some(fivedice_strategy::Level::Casual), None]
    );
}

/// A table of an event whose tablet died is taken up on another device from the log the event kept: the same
/// room and seats, and it plays on from where it stood, handing in with the table's own key.
#[test]
fn a_table_taken_up_from_its_events_log_plays_on_where_it_stood() {
    let mut asked = request(RulesetId::Yatzy, DiceMode::App, &["Robo", "Anna", "Ben"], Some(9));
    asked.computer = vec![Some(fivedice_strategy::Level::Casual)];
    let mut first = Table::seat("Table 4".into(), &asked, 0.0).unwrap();
    for n in 0..7 {
        crate::table::testing::tap(&mut first, n);
    }
    let link = EventLink {
        name: "Fair".into(),
        key: "the-tables-own-token".into(),
    };
    let taken = Table::taken_up(
        first.id.clone(),
        "Table 4".into(),
        link.clone(),
        first.log.clone(),
        5.0,
    )
    .unwrap();
    assert_eq!(taken.room, first.room);
    assert_eq!(
        taken.seats, first.seats,
        "every seat, held as the table seated here held them"
    );
    assert_eq!(taken.event, Some(link));
    assert_eq!(saved_again(&taken), taken);
    let mut taken = taken;
    let before = taken.log.len();
    roll(&mut taken);
    assert_eq!(taken.log.len(), before + 1, "it plays on");
    // A log that does not replay is refused.
    let mut broken = first.log.clone();
    broken.remove(2);
    let link = EventLink {
        name: "Fair".into(),
        key: "k".into(),
    };
    assert!(Table::taken_up(first.id.clone(), "T".into(), link, broken, 5.0).is_err());
}
