//! `solve`, `advise` and `simulate` as a user runs them: the engine's figures, the same for the same seed, and bad input refused in one line.

mod common;

use common::{fivedice, json_of, refusal};
use serde_json::json;

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

/// Generala's optimum with the usual house rules, and with the table's own: each checked by an independent search
/// (`crates/strategy/tests/independent.rs` for the usual rules).
#[test]
fn generala_s_optimum_follows_its_house_rules() {
    let expected = |args: &[&str]| {
        let report = json_of(&[&["solve", "--rules", "generala", "--json"], args].concat());
        report["expected_score"].as_f64().unwrap()
    };
    assert!((expected(&[]) - 159.6185).abs() < 1e-3);
    assert!((expected(&["--no-double"]) - 149.1133).abs() < 1e-3);
    assert!((expected(&["--first-roll-bonus", "10", "--ace-after-six"]) - 165.0022).abs() < 1e-3);
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
