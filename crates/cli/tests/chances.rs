//! `winchance`: each player's chance to win from a position, one at a time or a batch.

mod common;

use std::process::Command;

use common::{json_of, refusal};
use serde_json::{Value, json};

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
    chances_in("yahtzee", players, "0")
}

/// The same for a ruleset, from the start of seat `to_play`'s turn.
fn chances_in(rules: &str, players: &[&str], to_play: &str) -> (Vec<f64>, bool) {
    let mut args = vec!["winchance", "--rules", rules, "--json", "--to-play", to_play];
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

/// Generala at a table: a generala on a turn's first roll wins at once, so the seat to play, the first who may
/// throw one, is a little ahead of an even table; the one behind on totals still has that chance.
#[test]
fn winchance_counts_a_generala_on_the_first_roll() {
    let chances = |players: &[&str], to_play: &str| chances_in("generala", players, to_play).0;
    let first = chances(&["", ""], "0");
    assert!(first[0] > first[1] && first[0] < 0.51, "{first:?}");
    let second = chances(&["", ""], "1");
    assert!(second[1] > second[0], "{second:?}");
    // Every box but the generala filled, far behind: only a generala on the first roll can win it.
    let behind = "aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0,straight=0,full_house=0,four_of_a_kind=0,double_generala=0";
    let ahead = "aces=5,twos=10,threes=15,fours=20,fives=25,sixes=30,straight=20,full_house=30,four_of_a_kind=40,double_generala=0";
    let last = chances(&[behind, ahead], "0");
    assert!((last[0] - 6.0 / 7776.0).abs() < 2e-6, "{last:?}");
}
