//! `replay --link` and `verify --link`: a finished game shared as a replay link, its final sheets as the rules
//! count them, its dice checked as `verify --log` checks a room's; a bad link refused in one line.

mod common;

use common::{fivedice, json_of, refusal};
use fivedice_room::{Event, LogEntry};
use fivedice_saved::KeptGame;
use fivedice_saved::link::link;
use serde_json::{Value, json};

/// A room's log as the room server wrote it: a game of two, its dice sealed and the seed revealed at the end.
const SEALED_ROOM: &str = include_str!("data/sealed-room.json");

/// The sealed room's game, its players renamed Zoë and José (the dice come from the seed and the entry's
/// place, not from the names).
fn sealed_log() -> Vec<LogEntry> {
    let mut log: Vec<LogEntry> = serde_json::from_str(SEALED_ROOM).unwrap();
    for entry in &mut log {
        if let Event::Joined { seat, name, .. } = &mut entry.event {
            *name = ["Zoë", "José"][*seat].to_string();
        }
    }
    log
}

fn address(log: &[LogEntry]) -> String {
    let game = KeptGame::new("Friday night", "Zoë & José", log, 1_800_000_000_000.0);
    link("https://fivedice.example/", &game).unwrap()
}

#[test]
fn replay_prints_each_players_boxes_and_totals_as_the_rules_count_them() {
    let log = sealed_log();
    let address = address(&log);
    let printed = json_of(&["replay", "--link", &address]);
    let game = KeptGame::new("Friday night", "Zoë & José", &log, 1_800_000_000_000.0)
        .read()
        .unwrap()
        .game;
    assert_eq!(printed["table"], "Zoë & José");
    assert_eq!(printed["table_id"], "Friday night");
    assert_eq!(printed["finished_ms"], json!(1_800_000_000_000u64));
    assert_eq!(printed["rules"]["id"], "yahtzee");
    assert_eq!(printed["dice"], "app");
    let players = printed["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    for (seat, player) in players.iter().enumerate() {
        let sheet = &game.sheets()[seat];
        assert_eq!(player["name"], ["Zoë", "José"][seat]);
        let cells = player["cells"].as_object().unwrap();
        assert_eq!(cells.len(), 13, "{player}");
        for (id, value) in cells {
            assert_eq!(*value, json!(sheet.get(id.parse().unwrap())), "{id}");
        }
        assert_eq!(
            cells.keys().next().map(String::as_str),
            Some("aces"),
            "in sheet order"
        );
        let totals = game.totals(seat).unwrap();
        assert_eq!(player["total"], totals.grand);
        assert_eq!(player["upper_bonus"], totals.bonus);
        assert_eq!(player["yahtzee_bonus"], totals.five_of_a_kind_bonus);
    }
    let standings = game.standings();
    let winners: Vec<&str> = standings
        .iter()
        .filter(|standing| standing.winner)
        .map(|standing| game.players()[standing.seat].as_str())
        .collect();
    assert_eq!(printed["winners"], json!(winners));
    assert_eq!(players[standings[0].seat]["rank"], 1);
    // The payload alone replays the same.
    let payload = address.split_once("#replay=").unwrap().1;
    assert_eq!(json_of(&["replay", "--link", payload]), printed);
}

#[test]
fn verify_checks_a_linked_games_dice_as_it_checks_a_rooms_log() {
    let log = sealed_log();
    let output = fivedice(&["verify", "--link", &address(&log)]);
    assert_eq!(output.status.code(), Some(0));
    let said: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(said, json!({"dice": "checked", "rolls": 53}));
    // Another seed revealed: the link replays (the rules do not read seeds), the check fails at the reveal.
    let mut other_seed = log.clone();
    let reveal = other_seed.last_mut().unwrap();
    reveal.event = Event::DiceRevealed {
        seed: "ab".repeat(32),
    };
    let reveal = reveal.seq;
    let output = fivedice(&["verify", "--link", &address(&other_seed)]);
    assert_eq!(output.status.code(), Some(1));
    let said: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(said, json!({"dice": "failed", "seq": reveal}));
    // A game whose dice were never sealed.
    let mut unsealed = log;
    unsealed.pop();
    for entry in &mut unsealed {
        if let Event::Started { dice_commitment, .. } = &mut entry.event {
            *dice_commitment = None;
        }
    }
    let output = fivedice(&["verify", "--link", &address(&unsealed)]);
    assert_eq!(output.status.code(), Some(1));
    let said: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(said, json!({"dice": "not_sealed"}));
}

#[test]
fn a_bad_link_is_refused_in_one_line_with_status_2() {
    let address = address(&sealed_log());
    let cut = &address[..address.len() - 10];
    let mut changed = address.clone().into_bytes();
    let middle = changed.len() - 40;
    changed[middle] = if changed[middle] == b'A' { b'B' } else { b'A' };
    let changed = String::from_utf8(changed).unwrap();
    for (args, reason) in [
        (vec!["replay", "--link", cut], "cut short"),
        (vec!["verify", "--link", cut], "cut short"),
        (vec!["replay", "--link", &changed], "damaged"),
        (
            vec!["replay", "--link", "https://fivedice.example/"],
            "not a replay link",
        ),
        (vec!["replay"], "replay needs --link URL"),
        (
            vec!["replay", "--link", &address, "extra"],
            "replay takes 0 argument(s)",
        ),
        (vec!["verify"], "verify needs --log FILE or --link URL"),
        (
            vec!["verify", "--log", "room.txt", "--link", &address],
            "not both",
        ),
    ] {
        let message = refusal(&args);
        assert!(message.starts_with("fivedice: "), "{message}");
        assert!(message.contains(reason), "{args:?}: {message}");
    }
}
