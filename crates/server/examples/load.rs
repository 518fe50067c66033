//! A bounded load test on loopback: many rooms playing whole games at once.
//!
//! ```sh
//! cargo run --release -p fivedice-server --example load -- --rooms 250 --players 4 --pace-ms 100
//! ```
//!
//! This process runs the server (in-process, on a free 127.0.0.1 port, with a database in a temporary
//! directory) and starts itself again as a second process that plays: one task per room, one WebSocket per
//! player. Keeping the players in another process means this process's resident memory is the server's.
//! Reported: action-to-everyone latency (from sending an action until every player of the room has received
//! its event; p50, p99, max), messages per second, and server memory per room. Everything stops by itself:
//! each room plays one game, and the whole run is cut off after `--max-seconds`.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, LogEntry, Room, RoomName};
use fivedice_rules::{Game, Play};
use fivedice_server::{Config, Limits};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[derive(Clone, Debug)]
struct Options {
    rooms: usize,
    players: usize,
    /// Pause between two actions of one room (a person needs about a second; 0 is flat out).
    pace_ms: u64,
    max_seconds: u64,
    /// Set in the playing process: the server to play against.
    play_against: Option<SocketAddr>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        rooms: 250,
        players: 4,
        pace_ms: 100,
        max_seconds: 300,
        play_against: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--rooms" => options.rooms = number(&value()?)?,
            "--players" => options.players = number(&value()?)?,
            "--pace-ms" => options.pace_ms = number(&value()?)?,
            "--max-seconds" => options.max_seconds = number(&value()?)?,
            "--play-against" => {
                let addr = value()?;
                options.play_against = Some(addr.parse().map_err(|_| format!("bad address {addr:?}"))?);
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if !(1..=8).contains(&options.players) {
        return Err("--players is 1 to 8".into());
    }
    if !(1..=10_000).contains(&options.rooms) {
        return Err("--rooms is 1 to 10000".into());
    }
    Ok(options)
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{text:?} is not a number"))
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("load: {message}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("load: no runtime: {error}");
            std::process::exit(1);
        }
    };
    let outcome = match options.play_against {
        Some(addr) => runtime.block_on(play(addr, options)),
        None => runtime.block_on(serve_and_measure(options)),
    };
    if let Err(message) = outcome {
        eprintln!("load: {message}");
        std::process::exit(1);
    }
}

/// Resident memory of this process, in KiB.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1))
                .and_then(|kib| kib.parse().ok())
        })
        .unwrap_or(0)
}

async fn serve_and_measure(options: Options) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|error| format!("no temp dir: {error}"))?;
    let connections = options.rooms * options.players;
    let config = Config {
        dist: dir.path().join("dist"),
        addr: "127.0.0.1:0".into(),
        data: dir.path().join("rooms.sqlite3"),
        origins: Vec::new(),
        proxies: Vec::new(),
        cluster: None,
        // Every player comes from 127.0.0.1, faster than people: lift the per-address and rate limits.
        limits: Limits {
            max_connections_per_ip: connections + 16,
            messages_per_second: 1000.0,
            message_burst: 1000.0,
            // Every room of the load is opened from this one address.
            new_rooms_burst: f64::MAX,
            max_unwritten_rooms_per_address: usize::MAX,
            ..Limits::default()
        },
    };
    let server = fivedice_server::start(config)
        .await
        .map_err(|error| format!("server: {error}"))?;
    let idle_kib = resident_kib();
    let exe = std::env::current_exe().map_err(|error| format!("no own path: {error}"))?;
    let mut child = Command::new(exe)
        .args(["--play-against", &server.addr().to_string()])
        .args(["--rooms", &options.rooms.to_string()])
        .args(["--players", &options.players.to_string()])
        .args(["--pace-ms", &options.pace_ms.to_string()])
        .args(["--max-seconds", &options.max_seconds.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|error| format!("cannot start the players: {error}"))?;
    let stdout = child.stdout.take().ok_or("no stdout from the players")?;
    let (lines, mut received) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + Duration::from_secs(options.max_seconds + 30);
    let mut peak_kib = idle_kib;
    let mut seated_kib = None;
    let mut open_rooms_seated = 0;
    let mut report = None;
    let mut sample = tokio::time::interval(Duration::from_millis(50));
    while report.is_none() && Instant::now() < deadline {
        tokio::select! {
            line = received.recv() => match line {
                Some(line) if line == "seated" => {
                    seated_kib = Some(resident_kib());
                    open_rooms_seated = server.open_rooms();
                }
                Some(line) => report = line.strip_prefix("report ").map(str::to_string),
                None => break,
            },
            _ = sample.tick() => peak_kib = peak_kib.max(resident_kib()),
        }
    }
    if report.is_none() {
        // The players overran their time: stop them.
        let _ = child.kill();
    }
    // Reaping only; the exit status is in the report.
    let _ = child.wait();
    let stop = server.stop();
    tokio::time::timeout(Duration::from_secs(10), stop)
        .await
        .map_err(|_| "the server did not stop")?
        .map_err(|error| format!("server: {error}"))?;
    let report = report.ok_or("the players reported nothing")?;
    let per_room = |kib: u64| kib.saturating_sub(idle_kib) as f64 / options.rooms as f64;
    println!(
        "{} rooms × {} players ({} WebSockets), pace {} ms between a room's actions",
        options.rooms, options.players, connections, options.pace_ms
    );
    println!("{report}");
    if let Some(seated) = seated_kib {
        println!(
            "server memory: {idle_kib} KiB idle; {seated} KiB with {open_rooms_seated} rooms seated ({:.1} KiB per room); \
             peak {peak_kib} KiB while playing ({:.1} KiB per room)",
            per_room(seated),
            per_room(peak_kib)
        );
    }
    Ok(())
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Counters shared by every room task of the playing process.
#[derive(Default)]
struct Totals {
    received: AtomicU64,
    sent: AtomicU64,
}

async fn play(addr: SocketAddr, options: Options) -> Result<(), String> {
    let totals = Arc::new(Totals::default());
    let seated = Arc::new(tokio::sync::Barrier::new(options.rooms + 1));
    let started = Arc::new(tokio::sync::Barrier::new(options.rooms + 1));
    let mut tasks = Vec::with_capacity(options.rooms);
    for room in 0..options.rooms {
        let room_play = play_room(
            addr,
            format!("load {room}"),
            options.clone(),
            Arc::clone(&totals),
            Arc::clone(&seated),
            Arc::clone(&started),
        );
        tasks.push(tokio::spawn(room_play));
    }
    let limit = Duration::from_secs(options.max_seconds);
    tokio::time::timeout(limit, seated.wait())
        .await
        .map_err(|_| "the rooms were not all seated in time")?;
    println!("seated");
    // Let the server settle and the measuring process read its memory before play starts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let begin = Instant::now();
    totals.received.store(0, Ordering::Relaxed);
    totals.sent.store(0, Ordering::Relaxed);
    started.wait().await;
    let mut latencies: Vec<Duration> = Vec::new();
    let mut failures = 0;
    for task in tasks {
        match tokio::time::timeout(limit, task).await {
            Ok(Ok(Ok(room_latencies))) => latencies.extend(room_latencies),
            Ok(Ok(Err(message))) => {
                failures += 1;
                eprintln!("load: {message}");
            }
            Ok(Err(_)) | Err(_) => failures += 1,
        }
    }
    let elapsed = begin.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let percentile = |fraction: f64| {
        let index = ((latencies.len() as f64 * fraction).ceil() as usize).saturating_sub(1);
        latencies
            .get(index)
            .map_or(0.0, |latency| latency.as_secs_f64() * 1000.0)
    };
    let received = totals.received.load(Ordering::Relaxed);
    let sent = totals.sent.load(Ordering::Relaxed);
    println!(
        "report {} actions in {elapsed:.1} s ({:.0} actions/s); action-to-everyone latency p50 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms; messages {:.0}/s to the server, {:.0}/s from it; {failures} rooms failed",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        percentile(0.50),
        percentile(0.99),
        percentile(1.0),
        sent as f64 / elapsed,
        received as f64 / elapsed,
    );
    Ok(())
}

/// One room: its players join, the host starts, and they play the game to the end (a roll, then the first
/// cell offered). Returns the latency of every action.
async fn play_room(
    addr: SocketAddr,
    name: String,
    options: Options,
    totals: Arc<Totals>,
    seated: Arc<tokio::sync::Barrier>,
    started: Arc<tokio::sync::Barrier>,
) -> Result<Vec<Duration>, String> {
    let room_name = RoomName::parse(&name).map_err(|error| error.to_string())?;
    let mut replica = Room::new(room_name);
    let mut players: Vec<(Socket, String)> = Vec::with_capacity(options.players);
    let setup = async {
        for seat in 0..options.players {
            let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/rooms/ws"))
                .await
                .map_err(|error| format!("{name}: connect: {error}"))?;
            send(
                &mut socket,
                &totals,
                &ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    room: name.clone(),
                    tokens: Vec::new(),
                    seen: 0,
                },
            )
            .await?;
            send(
                &mut socket,
                &totals,
                &ClientMessage::Join {
                    name: format!("Player {seat}"),
                },
            )
            .await?;
            let token = loop {
                if let ServerMessage::SeatGranted { token, .. } = receive(&mut socket, &totals).await? {
                    break token;
                }
            };
            players.push((socket, token));
        }
        Ok::<(), String>(())
    };
    let setup_outcome = setup.await;
    // Every room must reach the barriers, or the others would wait for it forever.
    seated.wait().await;
    started.wait().await;
    setup_outcome?;
    let mut latencies = Vec::new();
    let mut seq = catch_up(&mut players, &mut replica, &totals, options.players as u64).await?;
    let mut act =
        async |players: &mut Vec<(Socket, String)>, replica: &mut Room, actor: usize, action: Action| {
            let begin = Instant::now();
            let (socket, token) = &mut players[actor];
            let message = ClientMessage::Act {
                token: token.clone(),
                at: seq,
                action,
            };
            send(socket, &totals, &message).await?;
            seq = catch_up(players, replica, &totals, seq + 1).await?;
            latencies.push(begin.elapsed());
            tokio::time::sleep(Duration::from_millis(options.pace_ms)).await;
            Ok::<(), String>(())
        };
    act(&mut players, &mut replica, 0, Action::Start).await?;
    while let Some(seat) = replica.seat_to_play() {
        act(&mut players, &mut replica, seat, Action::Roll).await?;
        let category = replica
            .game()
            .and_then(Game::scores)
            .and_then(|scores| scores.cells.first().map(|&(category, _)| category))
            .ok_or_else(|| format!("{name}: nothing to score"))?;
        act(
            &mut players,
            &mut replica,
            seat,
            Action::Play(Play::Score(category.into())),
        )
        .await?;
    }
    for (mut socket, _) in players {
        // The game is over; a failed close changes nothing measured.
        let _ = socket.close(None).await;
    }
    Ok(latencies)
}

/// Reads every player's socket until each has received the entry `seq`; applies entries to the replica
/// from the first player's stream. Returns `seq`.
async fn catch_up(
    players: &mut [(Socket, String)],
    replica: &mut Room,
    totals: &Totals,
    seq: u64,
) -> Result<u64, String> {
    for (index, (socket, _)) in players.iter_mut().enumerate() {
        let mut reached = false;
        while !reached {
            let entries: Vec<LogEntry> = match receive(socket, totals).await? {
                ServerMessage::Log { entries } => entries,
                message @ ServerMessage::Event { .. } => message.as_entry().into_iter().collect(),
                ServerMessage::Refused { reason, .. } => return Err(format!("refused: {reason}")),
                _ => Vec::new(),
            };
            for entry in entries {
                if index == 0 && entry.seq == replica.seq() + 1 {
                    replica
                        .apply_entry(&entry)
                        .map_err(|error| format!("replay: {error}"))?;
                }
                reached |= entry.seq >= seq;
            }
        }
    }
    Ok(seq)
}

async fn send(socket: &mut Socket, totals: &Totals, message: &ClientMessage) -> Result<(), String> {
    let json = serde_json::to_string(message).map_err(|error| error.to_string())?;
    socket
        .send(Message::Text(json.into()))
        .await
        .map_err(|error| format!("send: {error}"))?;
    totals.sent.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

async fn receive(socket: &mut Socket, totals: &Totals) -> Result<ServerMessage, String> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .map_err(|_| "no message for 30 s")?
            .ok_or("closed")?
            .map_err(|error| format!("receive: {error}"))?;
        if let Message::Text(text) = message {
            totals.received.fetch_add(1, Ordering::Relaxed);
            return serde_json::from_str(text.as_str()).map_err(|error| format!("bad message: {error}"));
        }
    }
}
