//! `rules`, `score` and `offers` as a user runs them (column Yam too): JSON out, status 2 and one line for bad input.

mod common;

use common::{json_of, refusal};
use serde_json::json;

#[test]
fn rules_lists_every_ruleset_with_its_cells() {
    let rules = json_of(&["rules"]);
    let ids: Vec<&str> = rules
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "yahtzee",
            "yardzee",
            "yam",
            "yatzy",
            "yacht",
            "forced-yatzy",
            "generala",
            "maxi-yatzy"
        ]
    );
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
    // Spanish and German beside them; Yahtzee is Kniffel in German.
    assert_eq!(
        (&ones["label_es"], &ones["label_de"]),
        (&json!("Unos"), &json!("Einser"))
    );
    assert_eq!(
        (&rules[0]["name"], &rules[0]["name_de"]),
        (&json!("Yahtzee"), &json!("Kniffel"))
    );
    assert_eq!(rules[0]["sections"][1]["cells"][5]["label_de"], "Kniffel");
    assert_eq!(rules[1]["yahtzee_bonus"]["bonus_label_es"], "Bono luna de miel ♥");
    assert_eq!(rules[3]["upper_bonus"]["points"], 50);
    // Yacht has no upper bonus; Forced Yatzy is Yatzy's sheet filled in order.
    assert_eq!(rules[4]["upper_bonus"], json!(null));
    let yacht_lower: Vec<&str> = rules[4]["sections"][1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| cell["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        yacht_lower,
        [
            "full_house",
            "four_of_a_kind",
            "little_straight",
            "big_straight",
            "choice",
            "yacht"
        ]
    );
    assert_eq!(
        (&rules[5]["fills_in_order"], &rules[3]["fills_in_order"]),
        (&json!(true), &json!(false))
    );
    assert_eq!(rules[5]["sections"], rules[3]["sections"]);
    // Generala: no upper bonus, its boxes in Spanish first, its first roll and house rules.
    let generala = &rules[6];
    assert_eq!(generala["upper_bonus"], json!(null));
    assert_eq!(generala["name_es"], "Generala");
    let lower: Vec<(&str, &str)> = generala["sections"][1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| (cell["id"].as_str().unwrap(), cell["label_es"].as_str().unwrap()))
        .collect();
    assert_eq!(
        lower,
        [
            ("straight", "Escalera"),
            ("full_house", "Full"),
            ("four_of_a_kind", "Póker"),
            ("generala", "Generala"),
            ("double_generala", "Generala doble")
        ]
    );
    assert_eq!(
        generala["first_roll"]["bonus_cells"],
        json!(["straight", "full_house", "four_of_a_kind"])
    );
    assert_eq!(generala["second_five_of_a_kind"], "double_generala");
    assert_eq!(
        generala["house_rules"],
        json!({"first_roll_bonus": 5, "first_roll_wins": true, "double": true, "ace_after_six": false})
    );
}

#[test]
fn generala_scores_the_first_roll_and_the_house_rules() {
    let score = |args: &[&str]| json_of(&[&["score", "--rules", "generala"], args].concat());
    let later = score(&["3", "3", "3", "5", "5"]);
    let first = score(&["--first-roll", "3", "3", "3", "5", "5"]);
    assert_eq!(
        (&later["scores"]["full_house"], &first["scores"]["full_house"]),
        (&json!(30), &json!(35))
    );
    assert_eq!(first["first_roll"], true);
    let ten = score(&[
        "--first-roll",
        "--first-roll-bonus",
        "10",
        "6",
        "6",
        "6",
        "6",
        "1",
    ]);
    assert_eq!(ten["scores"]["four_of_a_kind"], 50);
    assert_eq!(score(&["3", "4", "5", "6", "1"])["scores"]["straight"], 0);
    assert_eq!(
        score(&["--ace-after-six", "3", "4", "5", "6", "1"])["scores"]["straight"],
        20
    );
    // The double generala pays once the generala holds its 50, and not at all without it.
    assert_eq!(
        score(&["--filled", "generala=50", "2", "2", "2", "2", "2"])["scores"]["double_generala"],
        100
    );
    assert_eq!(
        score(&["--filled", "generala=0", "2", "2", "2", "2", "2"])["scores"]["double_generala"],
        0
    );
    assert_eq!(
        score(&["--no-double", "2", "2", "2", "2", "2"])["scores"].get("double_generala"),
        None
    );
    let offers = json_of(&["offers", "--rules", "generala", "full_house"]);
    assert_eq!(offers, json!([0, 30, 35]));
    assert!(
        refusal(&[
            "score",
            "--rules",
            "generala",
            "--first-roll-bonus",
            "7",
            "1",
            "2",
            "3",
            "4",
            "5"
        ])
        .contains("5 or 10")
    );
    assert!(
        refusal(&[
            "score",
            "--rules",
            "yahtzee",
            "--no-double",
            "1",
            "2",
            "3",
            "4",
            "5"
        ])
        .contains("no house rules")
    );
}

#[test]
fn a_sheet_filled_in_order_scores_only_its_next_cell() {
    let scores = json_of(&[
        "score",
        "--rules",
        "forced-yatzy",
        "--filled",
        "aces=2",
        "6",
        "6",
        "6",
        "6",
        "6",
    ]);
    assert_eq!(scores["scores"], json!({"twos": 0}), "{scores}");
    let gap = refusal(&[
        "score",
        "--rules",
        "forced-yatzy",
        "--filled",
        "twos=4",
        "1",
        "2",
        "3",
        "4",
        "5",
    ]);
    assert!(gap.contains("filled in order"), "{gap}");
    let yacht = json_of(&["score", "--rules", "yacht", "5", "5", "5", "5", "5"]);
    assert_eq!(yacht["scores"]["four_of_a_kind"], 20, "four times its face");
    assert_eq!(yacht["scores"]["full_house"], 0, "a yacht is no full house");
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
