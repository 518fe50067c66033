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
