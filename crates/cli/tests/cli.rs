//! The command-line tool as a user runs it: JSON out, status 2 and one line for bad input.

use std::process::{Command, Output};

use serde_json::{Value, json};

fn fivedice(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_of(args: &[&str]) -> Value {
    let output = fivedice(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the output is JSON")
}

/// The one-line message of a refused command line, after checking it exits with status 2.
fn refusal(args: &[&str]) -> String {
    let output = fivedice(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty());
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "{message}");
    message.trim_end().to_string()
}

#[test]
fn rules_lists_every_ruleset_with_its_cells() {
    let rules = json_of(&["rules"]);
    let ids: Vec<&str> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["yahtzee", "yardzee", "yam", "yatzy"]);
    let yam = &rules[2];
    assert_eq!(yam["max_players"], 6);
    assert_eq!(yam["upper_bonus"], json!({"threshold": 63, "points": 35}));
    assert_eq!(yam["sections"][1]["cells"].as_array().unwrap().len(), 6);
    assert_eq!(yam["sections"][1]["cells"][0]["label_fr"], "Brelan");
    assert_eq!(rules[0]["joker"], json!(["forced", "free", "none"]));
    assert_eq!(rules[1]["yahtzee_bonus"]["bonus_label"], "Honeymoon Bonus ♥");
    assert_eq!(
        rules[1]["yahtzee_bonus"]["bonus_label_fr"],
        "Prime lune de miel ♥"
    );
    // Both languages' labels, for the sheet's rows and its section headings.
    let ones = &rules[0]["sections"][0]["cells"][0];
    assert_eq!(
        (&ones["label"], &ones["label_fr"]),
        (&json!("Ones"), &json!("As"))
    );
    assert_eq!(rules[2]["sections"][0]["label_fr"], "Partie haute");
    assert_eq!(rules[3]["upper_bonus"]["points"], 50);
}

#[test]
fn score_reports_every_open_cell_in_sheet_order() {
    let report = json_of(&["score", "--rules", "yam", "6", "6", "6", "5", "4"]);
    assert_eq!(report["rules"], "yam");
    assert_eq!(report["dice"], json!([6, 6, 6, 5, 4]));
    assert_eq!(report["scores"]["three_of_a_kind"], 27);
    assert_eq!(report["yahtzee_bonus"], 0);
    let order: Vec<&String> = report["scores"].as_object().unwrap().keys().collect();
    assert_eq!(order.first().map(|id| id.as_str()), Some("aces"));
    assert_eq!(order.len(), 12);
}

#[test]
fn score_applies_the_joker_and_the_bonus() {
    let args = [
        "score",
        "--rules",
        "yahtzee",
        "--filled",
        "yahtzee=50,sixes=24",
        "6",
        "6",
        "6",
        "6",
        "6",
    ];
    let report = json_of(&args);
    assert_eq!(
        report["scores"],
        json!({"three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "small_straight": 30,
               "large_straight": 40, "chance": 30})
    );
    assert_eq!(report["yahtzee_bonus"], 100);
    let forced = json_of(&["score", "--rules", "yardzee", "--filled", "yahtzee=0", "66666"]);
    assert_eq!(forced["scores"], json!({"sixes": 30}));
    assert_eq!(forced["yahtzee_bonus"], 0);
    let free = json_of(&[
        "score",
        "--rules",
        "yahtzee",
        "--joker",
        "free",
        "--filled",
        "yahtzee=50",
        "66666",
    ]);
    assert_eq!(free["scores"]["full_house"], 0);
    assert_eq!(free["scores"]["aces"], 0);
    let no_bonus = json_of(&[
        "score",
        "--rules",
        "yahtzee",
        "--no-bonus",
        "--filled",
        "yahtzee=50",
        "66666",
    ]);
    assert_eq!(no_bonus["yahtzee_bonus"], 0);
}

#[test]
fn offers_lists_what_a_cell_can_hold() {
    assert_eq!(
        json_of(&["offers", "--rules", "yahtzee", "fours"]),
        json!([0, 4, 8, 12, 16, 20])
    );
    assert_eq!(
        json_of(&["offers", "--rules", "yam", "full_house"]),
        json!([0, 30])
    );
    assert_eq!(
        json_of(&["offers", "--rules", "yatzy", "small_straight"]),
        json!([0, 15])
    );
}

#[test]
fn bad_input_exits_2_with_a_line_naming_the_problem() {
    let cases: [(&[&str], &str); 11] = [
        (
            &["score", "--rules", "yam", "6", "6", "6", "7", "4"],
            "\"7\" is not a die face",
        ),
        (
            &["score", "--rules", "yam", "6", "6", "6", "4"],
            "expected 5 dice, got 4",
        ),
        (
            &["score", "--rules", "chess", "1", "2", "3", "4", "5"],
            "unknown ruleset \"chess\"",
        ),
        (
            &["score", "--rules", "yam", "--joker", "free", "12345"],
            "yam has no Joker rule",
        ),
        (
            &["score", "--rules", "yahtzee", "--filled", "fours", "12345"],
            "--filled wants id=value",
        ),
        (
            &["score", "--rules", "yahtzee", "--filled", "fours=x", "12345"],
            "is not a score",
        ),
        (
            &["score", "--rules", "yahtzee", "--filled", "fours=9", "12345"],
            "cannot hold 9",
        ),
        (
            &["score", "--rules", "yahtzee", "--filled", "pair=2", "12345"],
            "unknown cell \"pair\"",
        ),
        (
            &["offers", "--rules", "yahtzee", "yam"],
            "yahtzee has no cell \"yam\"",
        ),
        (&["offers", "--rules", "yahtzee"], "offers takes 1 argument"),
        (&["dance"], "unknown command \"dance\""),
    ];
    for (args, expected) in cases {
        let message = refusal(args);
        assert!(message.starts_with("fivedice: "), "{message}");
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    assert!(refusal(&["score", "--rules", "yam", "--frobnicate", "12345"]).contains("--frobnicate"));
}

#[test]
fn solve_prints_the_expected_score_states_and_time() {
    let report = json_of(&["solve", "--rules", "yam", "--json"]);
    assert_eq!(
        report["rules"],
        json!({"id": "yam", "joker": "none", "yahtzee_bonus": false})
    );
    let expected = report["expected_score"].as_f64().unwrap();
    assert!((expected - 198.7293).abs() < 1e-4, "{expected}");
    // 2794 reachable (filled upper cells, capped total) pairs, times the 64 sets of other cells.
    assert_eq!(report["states"], 2794 * 64);
    assert_eq!(
        report["table_bytes"].as_u64(),
        report["stored_values"].as_u64().map(|values| 4 * values)
    );
    assert!(report["seconds"].as_f64().unwrap() > 0.0);
    let text = fivedice(&["solve", "--rules", "yam"]);
    assert!(
        String::from_utf8(text.stdout)
            .unwrap()
            .contains("expected score 198.7293")
    );
}

/// Every cell of Yam filled but the three of a kind (the upper section at 63, with its bonus).
const YAM_BUT_THREE_OF_A_KIND: &str = "aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,\
    small_straight=25,large_straight=0,full_house=30,four_of_a_kind=40,yam=0";

/// `advise` on that sheet, with these dice and rolls left, and any more arguments.
fn advise_last_cell<'a>(dice: &'a str, rolls_left: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let sheet = ["advise", "--rules", "yam", "--filled", YAM_BUT_THREE_OF_A_KIND];
    [&sheet[..], &["--dice", dice, "--rolls-left", rolls_left], more].concat()
}

#[test]
fn advise_ranks_every_option_best_first() {
    let report = json_of(&advise_last_cell("6 6 6 5 4", "0", &["--json"]));
    assert_eq!(report["sheet_total"], 63 + 35 + 25 + 30 + 40);
    assert_eq!(
        report["options"],
        json!([{"cell": "three_of_a_kind", "points": 27, "expected_final": 220.0, "expected_remaining": 27.0,
                "loss": 0.0}])
    );
    let reroll = json_of(&advise_last_cell("66654", "2", &["--json"]));
    let options = reroll["options"].as_array().unwrap();
    // Every keep within 6 6 6 5 4: four counts of sixes, two of fives, two of fours.
    assert_eq!(options.len(), 4 * 2 * 2);
    // Three sixes are made: keep the five as well, and reroll only the four.
    assert_eq!(options[0]["keep"], json!([5, 6, 6, 6]));
    assert_eq!(options[0]["loss"], 0.0);
    let finals: Vec<f64> = options
        .iter()
        .map(|option| option["expected_final"].as_f64().unwrap())
        .collect();
    assert!(finals.windows(2).all(|pair| pair[0] >= pair[1]), "{finals:?}");
    let text = String::from_utf8(fivedice(&advise_last_cell("6 6 6 5 4", "0", &[])).stdout).unwrap();
    assert!(text.contains("three_of_a_kind for 27"), "{text}");
}

#[test]
fn simulate_summarises_games_the_same_way_for_the_same_seed() {
    let args = [
        "simulate", "--rules", "yam", "--bot", "optimal", "--games", "300", "--seed", "7", "--json",
    ];
    let report = json_of(&args);
    assert_eq!(report, json_of(&args));
    let mean = report["mean"].as_f64().unwrap();
    let standard_error = report["standard_error"].as_f64().unwrap();
    assert!(
        (mean - 198.7293).abs() < 4.0 * standard_error,
        "{mean} ± {standard_error}"
    );
    let histogram = report["histogram"].as_array().unwrap();
    let games: u64 = histogram.iter().map(|bin| bin["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 300);
    let greedy = json_of(&[
        "simulate", "--rules", "yam", "--bot", "greedy", "--games", "300", "--seed", "7", "--json",
    ]);
    assert!(greedy["mean"].as_f64().unwrap() < mean);
    let text = String::from_utf8(fivedice(&args[..args.len() - 1]).stdout).unwrap();
    assert!(text.contains("upper bonus in"), "{text}");
}

#[test]
fn strategy_commands_refuse_bad_input_with_one_line() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["advise", "--rules", "yam", "--dice", "66654", "--rolls-left", "3"],
            "--rolls-left wants",
        ),
        (
            &["advise", "--rules", "yam", "--rolls-left", "1"],
            "missing --dice",
        ),
        (
            &["advise", "--rules", "yam", "--dice", "66657", "--rolls-left", "1"],
            "\"7\" is not a die face",
        ),
        (
            &[
                "simulate", "--rules", "yam", "--bot", "genius", "--games", "1", "--seed", "1",
            ],
            "unknown bot",
        ),
        (
            &[
                "simulate", "--rules", "yam", "--bot", "greedy", "--games", "0", "--seed", "1",
            ],
            "--games wants",
        ),
        (
            &["solve", "--rules", "yam", "--joker", "free"],
            "yam has no Joker rule",
        ),
    ];
    for (args, expected) in cases {
        let message = refusal(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

#[test]
fn dice_may_follow_dice_or_stand_as_arguments_but_only_once() {
    let flagged = json_of(&["score", "--rules", "yatzy", "--dice", "3", "3", "5", "5", "5"]);
    assert_eq!(
        flagged,
        json_of(&["score", "--rules", "yatzy", "3", "3", "5", "5", "5"])
    );
    assert!(
        refusal(&[
            "score", "--rules", "yatzy", "1", "--dice", "3", "3", "5", "5", "5"
        ])
        .contains("give the dice once")
    );
}

#[test]
fn column_yam_lists_its_columns_and_scores_by_column() {
    let rules = json_of(&["rules"]);
    let ruleset = |id: &str| {
        rules
            .as_array()
            .unwrap()
            .iter()
            .find(|ruleset| ruleset["id"] == id)
            .unwrap()
    };
    let yam = ruleset("yam");
    let ids: Vec<&str> = yam["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["down", "free", "up", "dry", "announced"]);
    assert_eq!(yam["columns"][0]["label_fr"], "Descendante");
    assert_eq!(yam["default_columns"], json!(["down", "free", "up"]));
    assert_eq!(ruleset("yahtzee")["columns"], json!([]));

    let columns = ["--rules", "yam", "--columns", "down,free,up"];
    let score = |column: &str, filled: &str| {
        let mut args = vec!["score"];
        args.extend(columns);
        args.extend(["--column", column, "--filled", filled, "2", "2", "2", "5", "5"]);
        json_of(&args)
    };
    // Down takes the first open box, Up the last, Free any.
    assert_eq!(score("down", "")["scores"], json!({"aces": 0}));
    assert_eq!(score("down", "aces=3")["scores"], json!({"twos": 6}));
    assert_eq!(score("up", "")["scores"], json!({"yam": 0}));
    assert_eq!(
        score("up", "yam=50,four_of_a_kind=0")["scores"],
        json!({"full_house": 30})
    );
    assert_eq!(score("free", "")["scores"].as_object().unwrap().len(), 12);
    assert_eq!(score("free", "")["column"], "free");
    let offers = json_of(&[
        "offers",
        "--rules",
        "yam",
        "--columns",
        "down,up",
        "--column",
        "up",
        "full_house",
    ]);
    assert_eq!(offers, json!([0, 30]));

    // Bad column choices: each refused with a line naming the problem.
    for (rules, columns, reason) in [
        ("yam", None, "--columns"),
        ("yahtzee", Some("down,up"), "one column"),
        ("yam", Some("down,down"), "twice"),
        ("yam", Some("down,sideways"), "sideways"),
    ] {
        let mut args = vec!["score", "--rules", rules];
        match columns {
            Some(columns) => args.extend(["--columns", columns]),
            None => args.extend(["--column", "down"]),
        }
        args.extend(["1", "2", "3", "4", "5"]);
        let message = refusal(&args);
        assert!(message.contains(reason), "{args:?}: {message}");
    }
    assert!(
        refusal(&[
            "simulate",
            "--rules",
            "yam",
            "--columns",
            "down,up",
            "--bot",
            "optimal",
            "--games",
            "1",
            "--seed",
            "1"
        ])
        .contains("column or greedy")
    );
}

#[test]
fn column_yam_simulates_the_heuristic_and_the_greedy_player() {
    let run = |bot: &str, seed: &str| {
        json_of(&[
            "simulate",
            "--rules",
            "yam",
            "--columns",
            "down,free,up",
            "--bot",
            bot,
            "--games",
            "20",
            "--seed",
            seed,
            "--json",
        ])
    };
    let column = run("column", "5");
    assert_eq!(column, run("column", "5"));
    assert_eq!(column["rules"]["columns"], json!(["down", "free", "up"]));
    assert_eq!(column["bot"], "column");
    let greedy = run("greedy", "5");
    // Three columns of 12 boxes: far more than one sheet scores, and the heuristic ahead of greed.
    assert!(greedy["mean"].as_f64().unwrap() > 300.0, "{greedy}");
    assert!(
        column["mean"].as_f64().unwrap() > greedy["mean"].as_f64().unwrap(),
        "{column} vs {greedy}"
    );
}

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

/// Every cell of the ruleset written with its second offer (aces 1, twos 2, ..., yahtzee 50), but `open`.
fn all_but(rules: &str, open: &[&str]) -> String {
    let ruleset = json_of(&["rules"])
        .as_array()
        .unwrap()
        .iter()
        .find(|ruleset| ruleset["id"] == rules)
        .unwrap()
        .clone();
    let cells: Vec<String> = ruleset["sections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|section| section["cells"].as_array().unwrap().clone())
        .map(|cell| cell["id"].as_str().unwrap().to_string())
        .filter(|cell| !open.contains(&cell.as_str()))
        .map(|cell| {
            let offers = json_of(&["offers", "--rules", rules, &cell]);
            format!("{cell}={}", offers[1])
        })
        .collect();
    cells.join(",")
}

/// Each seat's chance from `fivedice winchance --player ...`, and whether the CLI says it is exact. Each call
/// solves the table and its spread (about 9 s in a test build): the tests asking it are split so that they
/// run side by side.
fn win_chances(players: &[&str]) -> (Vec<f64>, bool) {
    let mut args = vec!["winchance", "--rules", "yahtzee", "--json"];
    for player in players {
        args.extend(["--player", player]);
    }
    let answer = json_of(&args);
    let chances: Vec<f64> = (answer["chances"].as_array().unwrap().iter())
        .map(|chance| chance.as_f64().unwrap())
        .collect();
    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-5, "{answer}");
    (chances, answer["exact"].as_bool().unwrap())
}

#[test]
fn winchance_shares_even_tables_and_decides_full_sheets() {
    // Two empty sheets: even; three: a third each.
    let (even, exact) = win_chances(&["", ""]);
    assert!((even[0] - 0.5).abs() < 1e-6 && !exact);
    assert!(
        win_chances(&["", "", ""])
            .0
            .iter()
            .all(|chance| (chance - 1.0 / 3.0).abs() < 1e-5)
    );
    // Full sheets: decided by their totals (all 13 cells written alike: a tie, shared).
    let full = all_but("yahtzee", &[]);
    let (tied, exact) = win_chances(&[&full, &full]);
    assert_eq!(tied, [0.5, 0.5]);
    assert!(exact);
    let (won, _) = win_chances(&[&format!("{full},extra=100"), &full]);
    assert_eq!(won, [1.0, 0.0]);
}

#[test]
fn winchance_weighs_a_last_chance_and_a_lead_by_how_late_it_is() {
    // One chance left to make a Yahtzee against a finished sheet 40 points ahead: only the Yahtzee wins.
    let full = all_but("yahtzee", &[]);
    let last_turn = all_but("yahtzee", &["yahtzee"]).replace("chance=6", "chance=30");
    let ahead = full.replace("chance=6", "chance=20");
    let (one_turn, exact) = win_chances(&[&last_turn, &ahead]);
    assert!(exact);
    assert!((0.02..0.06).contains(&one_turn[0]), "{one_turn:?}");
    // A lead is worth more the later it is held.
    let early = win_chances(&["chance=30", "chance=5"]).0[0];
    let late = win_chances(&[
        &all_but("yahtzee", &["aces", "twos"]).replace("chance=6", "chance=30"),
        &all_but("yahtzee", &["aces", "twos"]).replace("chance=6", "chance=5"),
    ])
    .0[0];
    assert!(0.5 < early && early < late, "{early} {late}");
}

#[test]
fn winchance_refuses_what_cannot_be_a_position() {
    for (args, reason) in [
        (
            vec!["--player", "aces=3,extra=100"],
            "yahtzee written at its full value",
        ),
        (vec!["--player", "yahtzee=50,extra=150"], "100-point bonuses"),
        (vec!["--player", "yahtzee=50,extra=lots"], "not a number"),
        (vec!["--player", "acs=3"], "acs"),
        (vec!["--player", "aces=7"], "cannot hold 7"),
        (vec!["--player", "aces"], "id=value"),
        (
            vec!["--player", "", "--player", "", "--to-play", "2"],
            "seat 2 of 2",
        ),
        (vec![], "missing --player"),
    ] {
        let mut line = vec!["winchance", "--rules", "yahtzee"];
        line.extend(args);
        let message = refusal(&line);
        assert!(message.contains(reason), "{line:?}: {message}");
    }
    let nine: Vec<&str> = std::iter::repeat_n(["--player", ""], 9).flatten().collect();
    let mut line = vec!["winchance", "--rules", "yahtzee"];
    line.extend(nine);
    assert!(refusal(&line).contains("1 to 8 players"));
    assert!(
        refusal(&["winchance", "--rules", "yatzy", "--player", "aces=1,extra=100"])
            .contains("no Yahtzee bonus")
    );
    let columns = refusal(&[
        "winchance",
        "--rules",
        "yam",
        "--columns",
        "down,up",
        "--player",
        "",
    ]);
    assert!(columns.contains("column"), "{columns}");
}

#[test]
fn winchance_batch_answers_each_line_and_loads_the_engine_once() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fivedice"))
        .args(["winchance", "--rules", "yahtzee", "--joker", "free", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let lines = [
        r#"{"players":[{"filled":{}},{"filled":{}}],"to_play":1}"#,
        r#"{"players":[{"filled":{"chance":30}},{"filled":{"chance":5}}]}"#,
        r#"{"players":[{"filled":{"yahtzee":50},"extra":100},{"filled":{}}]}"#,
        r#"{"players":[{"filled":{"aces":9}}]}"#,
        r#"not json"#,
    ];
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.join("\n").as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let answers: Vec<Value> = (String::from_utf8(output.stdout).unwrap().lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), lines.len());
    assert_eq!(answers[0], json!({"chances": [0.5, 0.5]}));
    let lead = answers[1]["chances"][0].as_f64().unwrap();
    let bonus = answers[2]["chances"][0].as_f64().unwrap();
    assert!(0.5 < lead && lead < bonus, "{answers:?}");
    assert!(answers[3]["error"].as_str().unwrap().contains("line 4"));
    assert!(answers[4]["error"].as_str().unwrap().contains("not a position"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("2 line(s) refused"));
}

#[test]
fn a_table_of_computer_players_is_simulated_seat_by_seat() {
    let args = [
        "simulate",
        "--rules",
        "yam",
        "--players",
        "win,optimal,casual",
        "--games",
        "30",
        "--seed",
        "5",
        "--json",
    ];
    let table = json_of(&args);
    let seats = table["seats"].as_array().unwrap();
    let bots: Vec<&str> = seats.iter().map(|seat| seat["bot"].as_str().unwrap()).collect();
    assert_eq!(bots, ["win", "optimal", "casual"]);
    let wins: f64 = seats.iter().map(|seat| seat["wins"].as_f64().unwrap()).sum();
    assert!((wins - 30.0).abs() < 1e-9);
    // The same seed plays the same games.
    let again = json_of(&args);
    assert_eq!(again["seats"], table["seats"]);
    for (players, reason) in [
        ("win", "2 to 6"),
        ("win,genius", "genius"),
        ("win,win,win,win,win,win,win", "2 to 6"),
    ] {
        let message = refusal(&[
            "simulate",
            "--rules",
            "yam",
            "--players",
            players,
            "--games",
            "1",
            "--seed",
            "1",
        ]);
        assert!(message.contains(reason), "{players}: {message}");
    }
    let both = refusal(&[
        "simulate",
        "--rules",
        "yam",
        "--players",
        "win,optimal",
        "--bot",
        "optimal",
        "--games",
        "1",
        "--seed",
        "1",
    ]);
    assert!(both.contains("one of them"));
}
