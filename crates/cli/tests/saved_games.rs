//! `advise --game`: a saved game, read by the app's own reader, advised as the game it holds.

mod common;

use std::process::Command;

use common::{json_of, refusal};
use serde_json::{Value, json};

/// A saved column game written where the CLI can read it.
fn saved_game(name: &str, game: &fivedice_rules::Game) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("fivedice-cli-{}-{name}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(game).unwrap()).unwrap();
    path
}

#[test]
fn advise_ranks_the_moves_of_a_saved_column_game() {
    use fivedice_rules::{Category, Column, Columns, DiceMode, Face, Game, Place, Play, Rules, RulesetId};
    let rules = |columns: &[Column]| {
        Rules::new(RulesetId::Yam)
            .with_columns(Columns::new(columns).unwrap())
            .unwrap()
    };
    let mut faces = [6, 6, 6, 6, 2, 3, 1, 4, 5, 5].into_iter().cycle();
    let mut dice = move || Face::new(faces.next().unwrap()).unwrap();

    // One descending column with only Yam left and no rolls left: one move, worth exactly its points.
    let mut game = Game::new(rules(&[Column::Down]), DiceMode::App, &["Ann"], 0).unwrap();
    let cells = RulesetId::Yam.ruleset().cells;
    for cell in &cells[..cells.len() - 1] {
        game.play(&game.draw(&mut dice).unwrap()).unwrap();
        game.play(&Play::Score(Place::new(Column::Down, cell.category)))
            .unwrap();
    }
    for _ in 0..3 {
        game.play(&game.draw(&mut dice).unwrap()).unwrap();
    }
    let total = game.totals(0).unwrap().grand;
    let points = game.preview(Place::new(Column::Down, Category::Yam)).unwrap();
    let path = saved_game("last-box", &game);
    let advice = json_of(&["advise", "--game", path.to_str().unwrap(), "--json"]);
    assert_eq!(advice["total"], total);
    assert_eq!(advice["rolls_left"], 0);
    let options = advice["options"].as_array().unwrap();
    assert_eq!(options.len(), 1, "{advice}");
    assert_eq!(options[0]["move"], "cell:down:yam");
    let fivedice_rules::Preview::Scores(points) = points else {
        panic!("app dice score the box")
    };
    assert_eq!(options[0]["expected_final"], json!(f64::from(total + points)));
    std::fs::remove_file(path).unwrap();

    // Three columns right after the first roll: every move is one the game allows, best first; the
    // announced column may be announced.
    let mut game = Game::new(
        rules(&[Column::Down, Column::Free, Column::Announced]),
        DiceMode::App,
        &["Ann", "Bo"],
        0,
    )
    .unwrap();
    game.play(&game.draw(&mut dice).unwrap()).unwrap();
    let path = saved_game("first-roll", &game);
    let advice = json_of(&["advise", "--game", path.to_str().unwrap(), "--json"]);
    let options = advice["options"].as_array().unwrap();
    let finals: Vec<f64> = options
        .iter()
        .map(|o| o["expected_final"].as_f64().unwrap())
        .collect();
    assert!(finals.windows(2).all(|pair| pair[0] >= pair[1]), "{finals:?}");
    let moves: Vec<&str> = options.iter().map(|o| o["move"].as_str().unwrap()).collect();
    for id in &moves {
        if let Some(place) = id.strip_prefix("cell:") {
            let place: Place = place.parse().unwrap();
            assert!(game.check_place(place).is_ok(), "{id}");
        } else if let Some(cell) = id.strip_prefix("announce:") {
            assert!(game.check_announce(cell.parse().unwrap()).is_ok(), "{id}");
        } else {
            let kept = id.strip_prefix("keep:").unwrap();
            assert!(kept.is_empty() || kept.split(',').count() < 5, "{id}");
        }
    }
    // Down allows only As; the free and announced columns every box; 12 announcements; keeps.
    assert_eq!(moves.iter().filter(|id| id.starts_with("cell:down:")).count(), 1);
    assert_eq!(moves.iter().filter(|id| id.starts_with("announce:")).count(), 12);
    assert!(moves.iter().any(|id| id.starts_with("keep:")));
    assert_eq!(advice["estimate"], true);

    // Refusals: a file that is not a game, a one-column game, flags that the game carries.
    let plain = Game::new(Rules::new(RulesetId::Yam), DiceMode::App, &["Ann"], 0).unwrap();
    let plain = saved_game("plain", &plain);
    let garbage = std::env::temp_dir().join(format!("fivedice-cli-{}-garbage.json", std::process::id()));
    std::fs::write(&garbage, "{\"not\": \"a game\"}").unwrap();
    for (args, reason) in [
        (
            vec!["advise", "--game", garbage.to_str().unwrap()],
            "not a saved game",
        ),
        (vec!["advise", "--game", plain.to_str().unwrap()], "one-column"),
        (vec!["advise", "--game", "/nonexistent/game.json"], "cannot read"),
        (
            vec!["advise", "--game", path.to_str().unwrap(), "--rules", "yam"],
            "--rules cannot go with it",
        ),
    ] {
        let message = refusal(&args);
        assert!(message.contains(reason), "{args:?}: {message}");
    }
    for file in [path, plain, garbage] {
        std::fs::remove_file(file).unwrap();
    }
}

/// A table as the app saves it (format 5, text: its room's log an event a line; format 4, in a file: the log
/// in JSON), read by the app's own reader, advises exactly as the game it holds; a table that is not a game
/// yet, or not a whole saved table, is refused with a reason.
#[test]
fn advise_reads_a_table_as_the_app_saves_it() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/samples/table-v4-columns.json"
    );
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(sample).unwrap()).unwrap();
    let log: Vec<fivedice_room::LogEntry> = serde_json::from_value(saved["table"]["log"].clone()).unwrap();
    let name = fivedice_room::RoomName::parse(saved["table"]["id"].as_str().unwrap()).unwrap();
    let room = fivedice_room::Room::replay(name, &log).unwrap();
    let game = saved_game("from-table", room.game().unwrap());
    let from_table = json_of(&["advise", "--game", sample, "--json"]);
    let from_game = json_of(&["advise", "--game", game.to_str().unwrap(), "--json"]);
    assert_eq!(from_table, from_game);
    let text = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/samples/table-v5-columns.txt"
    );
    assert_eq!(json_of(&["advise", "--game", text, "--json"]), from_game);
    assert!(!from_table["options"].as_array().unwrap().is_empty());
    std::fs::remove_file(game).unwrap();
    let lobby = std::env::temp_dir().join(format!("fivedice-cli-{}-lobby.json", std::process::id()));
    // The same table before its game started: its players seated, nothing more.
    let mut seated = saved.clone();
    let joined = log
        .iter()
        .take_while(|entry| matches!(entry.event, fivedice_room::Event::Joined { .. }));
    seated["table"]["log"] = serde_json::to_value(joined.collect::<Vec<_>>()).unwrap();
    std::fs::write(&lobby, seated.to_string()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(["advise", "--game", lobby.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("has not started"));
    // A table's JSON missing what every saved table has is refused by the reader, not taken for a game.
    std::fs::write(&lobby, r#"{"format":4,"table":{"id":"lobby","log":[]}}"#).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(["advise", "--game", lobby.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("saved table is damaged") && said.contains("missing field"),
        "{said}"
    );
    std::fs::remove_file(lobby).unwrap();
}

/// A table with a computer player, as the app saves it (format 6: the computer seated in the log at its level),
/// reads here as in the app (whose tests read the same sample): the player to play is that computer.
#[test]
fn advise_names_the_computer_players_of_a_saved_table() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/samples/table-v6-computer-columns.txt"
    );
    let advised = json_of(&["advise", "--game", sample, "--json"]);
    assert_eq!(
        advised["players"],
        serde_json::json!([{"name": "Zoé", "computer": null}, {"name": "Robo", "computer": "optimal"}])
    );
    assert_eq!(advised["seat"], 1);
    assert!(!advised["options"].as_array().unwrap().is_empty());
    let output = Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(["advise", "--game", sample])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.starts_with("Robo (optimal computer) to play"), "{said}");
    // The same table saved by an earlier release, its computer listed beside the log (format 5), reads the same.
    let earlier = std::fs::read_to_string(sample)
        .unwrap()
        .replacen("fivedice table 6", "fivedice table 5", 1)
        .replace("computer:optimal Robo", "person Robo")
        .replace("odds no\n", "odds no\ncomputers - optimal\n");
    let path = std::env::temp_dir().join(format!("fivedice-cli-{}-v5.txt", std::process::id()));
    std::fs::write(&path, earlier).unwrap();
    assert_eq!(
        json_of(&["advise", "--game", path.to_str().unwrap(), "--json"]),
        advised
    );
    std::fs::remove_file(path).unwrap();
}

/// A room's log as the room server wrote it: a game of two played to the end over real WebSockets (two rolls
/// a turn), its dice sealed at the start and the seed revealed at the end.
const SEALED_ROOM: &str = include_str!("data/sealed-room.json");

/// What `fivedice verify` prints for `log`, with its exit status, and what the independent reading of the
/// published function (`tests/reference/verify_dice.py`) prints for it.
fn verified(name: &str, log: &Value) -> (Option<i32>, Value, Value) {
    let path = std::env::temp_dir().join(format!("fivedice-verify-{}-{name}.json", std::process::id()));
    std::fs::write(&path, log.to_string()).unwrap();
    let path = path.to_str().unwrap();
    let output = common::fivedice(&["verify", "--log", path]);
    let cli: Value = serde_json::from_slice(&output.stdout).expect("verify prints JSON");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/reference/verify_dice.py"
    );
    let reference = Command::new("python3")
        .args([script, path])
        .output()
        .expect("python3 runs the reference");
    assert!(
        reference.status.success(),
        "{}",
        String::from_utf8_lossy(&reference.stderr)
    );
    (
        output.status.code(),
        cli,
        serde_json::from_slice(&reference.stdout).unwrap(),
    )
}

#[test]
fn verify_checks_a_rooms_dice_as_an_independent_reading_of_the_published_function_does() {
    let log: Value = serde_json::from_str(SEALED_ROOM).unwrap();
    let entries = log.as_array().unwrap();
    let seq_of = |index: usize| entries[index]["seq"].as_u64().unwrap();
    let first_roll = entries
        .iter()
        .position(|entry| entry["event"]["played"]["play"]["roll"].is_array())
        .unwrap();
    let reveal = entries.len() - 1;
    let mut changed_roll = log.clone();
    let die = &mut changed_roll[first_roll]["event"]["played"]["play"]["roll"][0];
    *die = json!(die.as_u64().unwrap() % 6 + 1);
    let mut other_seed = log.clone();
    other_seed[reveal]["event"]["dice_revealed"]["seed"] = json!("ab".repeat(32));
    let mut unrevealed = log.clone();
    unrevealed.as_array_mut().unwrap().pop();
    let mut changed_roll_off = log.clone();
    let started = entries
        .iter()
        .position(|entry| entry["event"]["started"].is_object())
        .unwrap();
    let face = &mut changed_roll_off[started]["event"]["started"]["first_player_roll"]["rounds"][0][0][1];
    *face = json!(face.as_u64().unwrap() % 6 + 1);
    for (name, log, status, expected) in [
        ("intact", &log, 0, json!({"dice": "checked", "rolls": 53})),
        (
            "roll",
            &changed_roll,
            1,
            json!({"dice": "failed", "seq": seq_of(first_roll)}),
        ),
        (
            "seed",
            &other_seed,
            1,
            json!({"dice": "failed", "seq": seq_of(reveal)}),
        ),
        ("unrevealed", &unrevealed, 1, json!({"dice": "not_revealed"})),
        (
            "roll-off",
            &changed_roll_off,
            1,
            json!({"dice": "failed", "seq": seq_of(started)}),
        ),
    ] {
        let (code, cli, reference) = verified(name, log);
        assert_eq!((code, &cli), (Some(status), &expected), "{name}");
        assert_eq!(
            reference, expected,
            "{name}: the reference reads the function otherwise"
        );
    }

    // The room as a device keeps it (its saved text) checks the same.
    let saved = fivedice_saved::SavedRoom {
        entries: serde_json::from_value(log.clone()).unwrap(),
        ..Default::default()
    };
    let path = std::env::temp_dir().join(format!("fivedice-verify-{}-saved.txt", std::process::id()));
    std::fs::write(&path, saved.to_text()).unwrap();
    assert_eq!(
        json_of(&["verify", "--log", path.to_str().unwrap()]),
        json!({"dice": "checked", "rolls": 53})
    );
    assert!(refusal(&["verify", "--log", "/nonexistent/log.json"]).contains("cannot read"));
    std::fs::write(&path, "not a log").unwrap();
    assert!(refusal(&["verify", "--log", path.to_str().unwrap()]).contains("is not a room's log"));
}

/// A file of finished games as the app exports or shares it, the sealed room's game among them.
fn exported_file(games: &[(&str, &Value)]) -> String {
    let history: Vec<Value> = games
        .iter()
        .map(|(id, log)| {
            let entries: Vec<fivedice_room::LogEntry> = serde_json::from_value((*log).clone()).unwrap();
            let kept = fivedice_saved::KeptGame::new(id, id, &entries, 1.8e12);
            serde_json::to_value(kept.exported().expect("a finished game")).unwrap()
        })
        .collect();
    json!({"app": "fivedice", "format": 1, "exported_ms": 1.8e12, "tables": [], "history": history})
        .to_string()
}

#[test]
fn verify_checks_the_dice_of_each_game_of_an_exported_or_shared_file() {
    let log: Value = serde_json::from_str(SEALED_ROOM).unwrap();
    let mut other_seed = log.clone();
    let reveal = log.as_array().unwrap().len() - 1;
    other_seed[reveal]["event"]["dice_revealed"]["seed"] = json!("ab".repeat(32));
    let path = std::env::temp_dir().join(format!("fivedice-verify-{}-export.json", std::process::id()));
    let file = path.to_str().unwrap();
    // One game shared: checked as its room's log is.
    std::fs::write(&path, exported_file(&[("friday", &log)])).unwrap();
    assert_eq!(
        json_of(&["verify", "--log", file]),
        json!({"dice": "checked", "rolls": 53})
    );
    // Several: each said, and vouched for only if every one checks.
    std::fs::write(
        &path,
        exported_file(&[("friday", &log), ("saturday", &other_seed)]),
    )
    .unwrap();
    let output = common::fivedice(&["verify", "--log", file]);
    assert_eq!(output.status.code(), Some(1));
    let said: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        said["games"][0],
        json!({"table_id": "friday", "dice": "checked", "rolls": 53})
    );
    assert_eq!(said["games"][1]["table_id"], "saturday");
    assert_eq!(said["games"][1]["dice"], "failed");
    // A file written before files carried each game's log cannot be checked, and says why.
    let mut older: Value = serde_json::from_str(&exported_file(&[("friday", &log)])).unwrap();
    older["history"][0].as_object_mut().unwrap().remove("log");
    std::fs::write(&path, older.to_string()).unwrap();
    assert!(refusal(&["verify", "--log", file]).contains("exported without its log"));
    std::fs::remove_file(path).unwrap();
}
