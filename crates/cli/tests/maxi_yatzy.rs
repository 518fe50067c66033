//! Maxi Yatzy from the command line: its sheet of twenty boxes on six dice, scores and offers by the rules, the
//! exact commands refused with the reason, and its estimating player beating the greedy baseline.

mod common;

use common::{json_of, refusal};
use serde_json::json;

#[test]
fn the_sheet_rolls_six_dice_and_saves_unused_rolls() {
    let rules = json_of(&["rules"]);
    let maxi = rules
        .as_array()
        .unwrap()
        .iter()
        .find(|ruleset| ruleset["id"] == "maxi-yatzy")
        .expect("maxi-yatzy is listed");
    assert_eq!(
        (maxi["dice"].clone(), maxi["saves_rolls"].clone()),
        (json!(6), json!(true))
    );
    assert_eq!(maxi["upper_bonus"], json!({"threshold": 84, "points": 100}));
    let lower: Vec<&str> = maxi["sections"][1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| cell["id"].as_str().unwrap())
        .collect();
    assert_eq!(lower.len(), 14);
    assert!(lower.contains(&"villa") && lower.contains(&"tower") && lower.contains(&"maxi_yatzy"));
}

#[test]
fn score_takes_six_dice_and_offers_follow_the_rules() {
    let scored = json_of(&["score", "--rules", "maxi-yatzy", "6", "6", "6", "6", "5", "5"]);
    assert_eq!(scored["scores"]["tower"], 34);
    assert_eq!(scored["scores"]["full_house"], 28);
    assert_eq!(scored["scores"]["villa"], 0);
    assert_eq!(scored["scores"]["two_pairs"], 22);
    assert_eq!(
        json_of(&["offers", "--rules", "maxi-yatzy", "full_straight"]),
        json!([0, 21])
    );
    assert_eq!(
        json_of(&["offers", "--rules", "maxi-yatzy", "maxi_yatzy"]),
        json!([0, 100])
    );
    assert!(
        refusal(&["score", "--rules", "maxi-yatzy", "6", "6", "6", "6", "5"])
            .contains("expected 6 dice, got 5")
    );
    assert!(
        refusal(&["score", "--rules", "yatzy", "1", "2", "3", "4", "5", "6"])
            .contains("expected 5 dice, got 6")
    );
}

#[test]
fn exact_commands_say_why_maxi_yatzy_is_played_by_estimate() {
    assert!(refusal(&["solve", "--rules", "maxi-yatzy"]).contains("too large to solve exactly"));
    assert!(refusal(&["winchance", "--rules", "maxi-yatzy"]).contains("no exact odds"));
    let advice = json_of(&[
        "advise",
        "--rules",
        "maxi-yatzy",
        "--dice",
        "6",
        "6",
        "6",
        "1",
        "2",
        "3",
        "--rolls-left",
        "4",
        "--json",
    ]);
    assert_eq!(advice["estimate"], true);
    let options = advice["options"].as_array().unwrap();
    assert_eq!(options[0]["loss"], 0.0, "best first");
    assert_eq!(options[0]["move"], "keep:6,6,6", "the three sixes are kept");
    assert!(
        options
            .iter()
            .all(|option| option["loss"].as_f64().unwrap() >= 0.0)
    );
}

/// The estimating player scores well above the greedy baseline on the same dice (the full 10,000 games of each
/// are `make bench`'s; 300 here).
#[test]
fn the_maxi_player_beats_the_greedy_baseline() {
    let mean = |bot: &str| {
        let summary = json_of(&[
            "simulate",
            "--rules",
            "maxi-yatzy",
            "--bot",
            bot,
            "--games",
            "300",
            "--seed",
            "5",
            "--json",
        ]);
        summary["mean"].as_f64().unwrap()
    };
    let (maxi, greedy) = (mean("maxi"), mean("greedy"));
    assert!(maxi > greedy + 50.0, "maxi {maxi} greedy {greedy}");
    assert!(refusal(&["simulate", "--rules", "maxi-yatzy", "--bot", "optimal"]).contains("maxi or greedy"));
}
