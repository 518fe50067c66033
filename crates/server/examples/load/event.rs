//! An event under load: every room a table of one event, tied to it on the server, and a big screen following
//! its board over Server-Sent Events. Measured from the players' process, on one clock: the time from sending
//! a written cell until the screen shows that player's box written (a board whose row for them has that many
//! boxes left), p50 and p99; and, from the measuring process, the server's CPU and memory with the event
//! against the same rooms at the same pace without one, in the same run.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fivedice_room::event::Board;
use fivedice_rules::{Rules, RulesetId};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::shared::http::http_json;
use crate::{Deployment, Options, one_server, run_players};

/// The event's name, and its path on the server.
pub const EVENT: &str = "Load wedding";
const PATH: &str = "/events/Load%20wedding";

/// The rooms played first alone, then as tables of an event followed by a screen, on a fresh server each.
pub async fn measure(dir: &Path, options: &Options) -> Result<(), String> {
    let alone = one_server(&dir.join("alone"), false);
    run_players(&alone, options).await?;
    drop(alone);
    let mut event = one_server(&dir.join("event"), false);
    event.name = "the same rooms, each a table of one event, a screen following";
    event.follows_event = true;
    open_event(&event, options).await?;
    run_players(&event, options).await
}

/// Opens the event and ties every room the players will play ("load 3" is the table "load 3").
async fn open_event(deployment: &Deployment, options: &Options) -> Result<(), String> {
    let addr = deployment.entry;
    let opening = json!({"name": EVENT, "rules": Rules::new(RulesetId::Yahtzee)});
    let (status, opened) = http_json(addr, "POST", "/events", &opening).await;
    if status != 201 {
        return Err(format!("the event was not opened: {status} {opened}"));
    }
    let key = opened["key"].as_str().ok_or("no key")?.to_string();
    for room in 0..options.rooms {
        let name = format!("load {room}");
        let path = format!("{PATH}/rooms/load%20{room}");
        let (status, tied) = http_json(addr, "POST", &path, &json!({"key": key, "name": name})).await;
        if status != 201 {
            return Err(format!("{name} was not tied to the event: {status} {tied}"));
        }
    }
    Ok(())
}

/// The screen's view of the cells written: when each was sent, and how long until the screen showed it.
#[derive(Default)]
pub struct Screen {
    /// (table, player, boxes left once written) → when the cell was sent.
    sent: HashMap<(String, String, usize), Instant>,
    shown: Vec<Duration>,
}

pub type Watched = Arc<Mutex<Screen>>;

/// A cell of `player` at `table` is sent now; the screen shows it once the player has `boxes_left`.
pub fn cell_sent(watched: &Watched, table: &str, player: &str, boxes_left: usize) {
    let mut screen = watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    screen.sent.insert(
        (table.to_string(), player.to_string(), boxes_left),
        Instant::now(),
    );
}

/// Follows the event's board as a big screen does, until `stop` says the rooms are done.
pub async fn follow(
    addr: SocketAddr,
    watched: Watched,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|error| format!("the screen's connection: {error}"))?;
    let request = format!("GET {PATH}/live HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|error| format!("the screen's request: {error}"))?;
    let mut lines = BufReader::new(stream).lines();
    loop {
        let line = tokio::select! {
            line = lines.next_line() => line.map_err(|error| format!("the screen's stream: {error}"))?,
            _ = stop.changed() => return Ok(()),
        };
        let Some(line) = line else {
            return Err("the screen's stream ended".into());
        };
        let Some(data) = line.strip_prefix("data:") else {
            continue;
        };
        let board: Board = serde_json::from_str(data.trim()).map_err(|error| format!("a board: {error}"))?;
        let now = Instant::now();
        let mut screen = watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for row in &board.rows {
            let key = (row.table.clone(), row.player.clone(), usize::from(row.boxes_left));
            if let Some(sent) = screen.sent.remove(&key) {
                screen.shown.push(now.duration_since(sent));
            }
        }
    }
}

/// The line the players' report gains: the cells' time to the screen, and any the screen never showed.
pub fn report(watched: &Watched) -> String {
    let mut screen = watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    screen.shown.sort_unstable();
    let shown = &screen.shown;
    let percentile = |fraction: f64| {
        let index = ((shown.len() as f64 * fraction).ceil() as usize).saturating_sub(1);
        shown.get(index).map_or(0.0, |time| time.as_secs_f64() * 1000.0)
    };
    format!(
        "; written cell to the screen p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} cells, {} never shown)",
        percentile(0.5),
        percentile(0.99),
        percentile(1.0),
        shown.len(),
        screen.sent.len()
    )
}

/// Waits (at most `limit`) for the screen to show every cell sent.
pub async fn all_shown(watched: &Watched, limit: Duration) {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        let waiting = watched
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .sent
            .len();
        if waiting == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
