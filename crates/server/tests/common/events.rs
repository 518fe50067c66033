//! Events as the tests reach them: one event of Yahtzee, its board read over HTTP and followed over
//! Server-Sent Events, and the totals a board shows beside those a room's game has.

use std::net::SocketAddr;

use fivedice_room::LogEntry;
use fivedice_room::event::Board;
use fivedice_rules::{Rules, RulesetId};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use super::{Client, bounded, http_json};

pub const EVENT: &str = "Claire & Tom's wedding";
pub const PATH: &str = "/events/Claire%20%26%20Tom's%20wedding";

pub async fn open_event(addr: SocketAddr) -> (String, String) {
    let rules = Rules::new(RulesetId::Yahtzee);
    let (status, opened) = http_json(addr, "POST", "/events", &json!({"name": EVENT, "rules": rules})).await;
    assert_eq!(status, 201, "{opened}");
    assert_eq!(opened["event"], EVENT);
    let key = opened["key"].as_str().expect("a key").to_string();
    let organiser = opened["organiser"].as_str().expect("a token").to_string();
    assert_ne!(key, organiser);
    (key, organiser)
}

pub async fn hand_in(
    addr: SocketAddr,
    key: &str,
    table: &str,
    entries: &[LogEntry],
) -> (u16, serde_json::Value) {
    let body = json!({"key": key, "name": "Table 1", "entries": entries});
    http_json(addr, "POST", &format!("{PATH}/tables/{table}"), &body).await
}

pub async fn board(addr: SocketAddr) -> Board {
    let (status, board) = http_json(addr, "GET", PATH, &json!(null)).await;
    assert_eq!(status, 200, "{board}");
    serde_json::from_value(board).expect("a board")
}

/// The board's Server-Sent Events, read line by line.
pub struct Screen(BufReader<TcpStream>);

impl Screen {
    pub async fn open(addr: SocketAddr) -> Screen {
        let mut stream = bounded("a TCP connection", TcpStream::connect(addr))
            .await
            .expect("connects");
        let request =
            format!("GET {PATH}/live HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
        stream.write_all(request.as_bytes()).await.expect("writes");
        Screen(BufReader::new(stream))
    }

    /// The next board the stream sends.
    pub async fn next(&mut self) -> Board {
        loop {
            let mut line = String::new();
            let read = bounded("a line of the stream", self.0.read_line(&mut line))
                .await
                .expect("reads");
            assert!(read > 0, "the stream ended");
            if let Some(data) = line.trim_end().strip_prefix("data:") {
                return serde_json::from_str(data.trim()).expect("a board");
            }
        }
    }
}

/// Each player's grand total and boxes left on the board, by player (a box written for 0 changes the second).
pub fn totals(board: &Board) -> Vec<(String, u16, u16)> {
    let mut totals: Vec<(String, u16, u16)> = board
        .rows
        .iter()
        .map(|row| (row.player.clone(), row.total, row.boxes_left))
        .collect();
    totals.sort();
    totals
}

/// Each seat's grand total and boxes left in the game a client sees, by player.
pub fn game_totals(client: &Client) -> Vec<(String, u16, u16)> {
    let game = client.room().game().expect("started");
    let ruleset = game.rules().ruleset();
    let mut totals: Vec<(String, u16, u16)> = (0..game.players().len())
        .map(|seat| {
            let left: usize = game
                .seat_sheets(seat)
                .iter()
                .map(|sheet| sheet.open_count(ruleset))
                .sum();
            (
                game.players()[seat].clone(),
                game.totals(seat).expect("totals").grand,
                left as u16,
            )
        })
        .collect();
    totals.sort();
    totals
}
