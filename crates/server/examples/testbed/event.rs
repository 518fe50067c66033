//! An event with tables well into their games, for the big screen's tests and looks: opened on a running server
//! and filled over HTTP as the tables' devices would fill it, each table's log played by the room crate with
//! dice of its own seed (the best box of each roll written), so the same request gives the same board.

use std::net::SocketAddr;

use fivedice_room::{Action, Event, LogEntry, Outside, Room, RoomName};
use fivedice_rules::{Face, Game, Play, Rules, RulesetId};
use serde_json::json;

use crate::shared::http::http_json;

/// Opens the event `name` (Yardzee, as a wedding plays it) at the server at `addr`, and hands in `tables`
/// tables of `players` each, every player `turns` turns into the game. Answers the invitation key.
pub fn fill(
    addr: SocketAddr,
    name: &str,
    tables: usize,
    players: usize,
    turns: usize,
) -> Result<String, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("no runtime: {error}"))?;
    runtime.block_on(async {
        let rules = Rules::new(RulesetId::Yardzee);
        let (status, opened) =
            http_json(addr, "POST", "/events", &json!({"name": name, "rules": rules})).await;
        if status != 201 {
            return Err(format!("the event was not opened: {status} {opened}"));
        }
        let key = opened["key"].as_str().ok_or("no key")?.to_string();
        let path = format!("/events/{}/tables", escaped(name));
        for table in 0..tables {
            let entries = played(rules, table, players, turns)?;
            let body = json!({"key": key, "name": format!("Table {}", table + 1), "entries": entries});
            let (status, answer) = http_json(addr, "POST", &format!("{path}/t{table}"), &body).await;
            if status != 200 {
                return Err(format!("table {table} was not taken: {status} {answer}"));
            }
        }
        Ok(key)
    })
}

/// A table's log: its players seated (named after the table: "Guest 3.2"), the game started, and `turns`
/// turns each of one roll and the best box it scores.
fn played(rules: Rules, table: usize, players: usize, turns: usize) -> Result<Vec<LogEntry>, String> {
    let name = RoomName::parse(&format!("table {table}")).map_err(|error| error.to_string())?;
    let mut room = Room::new(name);
    let mut log = Vec::new();
    let mut dice = SeededDice(table as u64 + 1);
    let mut keep = |room: &mut Room, event: Event| {
        let entry = LogEntry {
            seq: room.seq() + 1,
            event,
        };
        room.apply_entry(&entry).map_err(|error| error.to_string())?;
        log.push(entry);
        Ok::<(), String>(())
    };
    for seat in 0..players {
        let joined = room
            .decide_join(&format!("Guest {}.{}", table + 1, seat + 1), None)
            .map_err(|error| error.to_string())?;
        keep(&mut room, joined)?;
    }
    let mut act = |room: &mut Room, seat: usize, action: Action| {
        let event = room
            .decide(seat, room.seq(), &action, &mut dice)
            .map_err(|error| error.to_string())?;
        keep(room, event)
    };
    act(
        &mut room,
        0,
        Action::choosing(rules, fivedice_rules::DiceMode::App),
    )?;
    act(&mut room, 0, Action::Start)?;
    for _ in 0..turns * players {
        let Some(seat) = room.seat_to_play() else { break };
        act(&mut room, seat, Action::Roll)?;
        let best = room
            .game()
            .and_then(Game::scores)
            .and_then(|scores| {
                scores
                    .cells
                    .iter()
                    .max_by_key(|(_, points)| *points)
                    .map(|&(cell, _)| cell)
            })
            .ok_or("nothing to score")?;
        act(&mut room, seat, Action::Play(Play::Score(best.into())))?;
    }
    Ok(log)
}

/// Dice from a seed (a linear congruential generator: plenty for a screen's look).
struct SeededDice(u64);

impl Outside for SeededDice {
    fn roll_die(&mut self) -> Face {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        Face::ALL[((self.0 >> 33) % 6) as usize]
    }

    fn away_ms(&self, _seat: usize) -> Option<u64> {
        None
    }
}

/// A name as a path segment: spaces and the characters a path gives a meaning to escaped.
fn escaped(name: &str) -> String {
    name.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
