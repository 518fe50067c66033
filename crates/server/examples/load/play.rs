//! The player process: one task per room, one WebSocket per player, each from its own loopback address (as
//! devices come from their own), so the server's limits per address apply as they would to people.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fivedice_room::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use fivedice_room::{Action, LogEntry, Room, RoomName};
use fivedice_rules::{Game, Play, Rules, RulesetId};
use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::Options;
use crate::event::{self, Watched};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Counters shared by every room task of the playing process.
#[derive(Default)]
pub struct Totals {
    received: AtomicU64,
    sent: AtomicU64,
}

/// Where every room task meets the others: all seated (the memory is read), then all start.
#[derive(Clone)]
struct Barriers {
    seated: Arc<tokio::sync::Barrier>,
    started: Arc<tokio::sync::Barrier>,
}

pub async fn play(addr: SocketAddr, options: Options) -> Result<(), String> {
    let totals = Arc::new(Totals::default());
    let barriers = Barriers {
        seated: Arc::new(tokio::sync::Barrier::new(options.rooms + 1)),
        started: Arc::new(tokio::sync::Barrier::new(options.rooms + 1)),
    };
    // The rooms as tables of an event: its board followed as a big screen follows it, from the start.
    let screen = options.event.then(Watched::default);
    let (stop_screen, screen_stops) = tokio::sync::watch::channel(false);
    let follower = screen
        .clone()
        .map(|watched| tokio::spawn(event::follow(addr, watched, screen_stops)));
    let mut tasks = Vec::with_capacity(options.rooms);
    for room in 0..options.rooms {
        let room_play = play_room(
            addr,
            room,
            format!("load {room}"),
            options.clone(),
            Arc::clone(&totals),
            barriers.clone(),
            screen.clone(),
        );
        tasks.push(tokio::spawn(room_play));
    }
    let limit = Duration::from_secs(options.max_seconds);
    tokio::time::timeout(limit, barriers.seated.wait())
        .await
        .map_err(|_| "the rooms were not all seated in time")?;
    println!("seated");
    // Let the server settle and the measuring process read its memory before play starts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let begin = Instant::now();
    totals.received.store(0, Ordering::Relaxed);
    totals.sent.store(0, Ordering::Relaxed);
    barriers.started.wait().await;
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
    let screen_report = match (&screen, follower) {
        (Some(watched), Some(follower)) => {
            event::all_shown(watched, Duration::from_secs(10)).await;
            // The follower may have ended already (its error is printed): the report says what it saw.
            let _ = stop_screen.send(true);
            if let Ok(Err(message)) = follower.await {
                eprintln!("load: {message}");
            }
            event::report(watched)
        }
        _ => String::new(),
    };
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
         p99 {:.2} ms, max {:.2} ms; messages {:.0}/s to the server, {:.0}/s from it; {failures} rooms \
         failed{screen_report}",
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
    room: usize,
    name: String,
    options: Options,
    totals: Arc<Totals>,
    barriers: Barriers,
    screen: Option<Watched>,
) -> Result<Vec<Duration>, String> {
    let room_name = RoomName::parse(&name).map_err(|error| error.to_string())?;
    let mut replica = Room::new(room_name);
    // Each player's socket, token and the last entry it has received.
    let mut players: Vec<(Socket, String, u64)> = Vec::with_capacity(options.players);
    let setup = async {
        for seat in 0..options.players {
            let mut socket = connect_from(addr, device_address(room * options.players + seat), &name)
                .await
                .map_err(|error| format!("{name}: {error}"))?;
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
                &ClientMessage::join(format!("Player {seat}")),
            )
            .await?;
            // The room's entries so far, then the seat once this device has its `joined` entry.
            let mut seen = 0;
            let token = loop {
                match receive(&mut socket, &totals).await? {
                    ServerMessage::SeatGranted { token, .. } => break token,
                    message => {
                        for entry in entries_of(message)? {
                            if seat == 0 {
                                follow(&mut replica, &entry)?;
                            }
                            seen = seen.max(entry.seq);
                        }
                    }
                }
            };
            players.push((socket, token, seen));
        }
        Ok::<(), String>(())
    };
    let setup_outcome = setup.await;
    // Every room must reach the barriers, or the others would wait for it forever.
    barriers.seated.wait().await;
    barriers.started.wait().await;
    setup_outcome?;
    let mut latencies = Vec::new();
    let mut seq = catch_up(&mut players, &mut replica, &totals, options.players as u64).await?;
    let mut act =
        async |players: &mut Vec<(Socket, String, u64)>, replica: &mut Room, actor: usize, action: Action| {
            let begin = Instant::now();
            let (socket, token, _) = &mut players[actor];
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
    let boxes = Rules::new(RulesetId::Yahtzee).ruleset().cells.len();
    let mut written = vec![0; options.players];
    while let Some(seat) = replica.seat_to_play() {
        act(&mut players, &mut replica, seat, Action::Roll).await?;
        let category = replica
            .game()
            .and_then(Game::scores)
            .and_then(|scores| scores.cells.first().map(|&(category, _)| category))
            .ok_or_else(|| format!("{name}: nothing to score"))?;
        written[seat] += 1;
        if let Some(watched) = &screen {
            event::cell_sent(watched, &name, &format!("Player {seat}"), boxes - written[seat]);
        }
        act(
            &mut players,
            &mut replica,
            seat,
            Action::Play(Play::Score(category.into())),
        )
        .await?;
    }
    for (mut socket, ..) in players {
        // The game is over; a failed close changes nothing measured.
        let _ = socket.close(None).await;
    }
    Ok(latencies)
}

/// Reads every player's socket until each has received the entry `seq`; applies entries to the replica
/// from the first player's stream. Returns `seq`.
async fn catch_up(
    players: &mut [(Socket, String, u64)],
    replica: &mut Room,
    totals: &Totals,
    seq: u64,
) -> Result<u64, String> {
    for (index, (socket, _, seen)) in players.iter_mut().enumerate() {
        while *seen < seq {
            for entry in entries_of(receive(socket, totals).await?)? {
                if index == 0 {
                    follow(replica, &entry)?;
                }
                *seen = (*seen).max(entry.seq);
            }
        }
    }
    Ok(seq)
}

/// The entries a message carries; a refusal is an error of the run.
fn entries_of(message: ServerMessage) -> Result<Vec<LogEntry>, String> {
    Ok(match message {
        ServerMessage::Log { entries } => entries,
        message @ ServerMessage::Event { .. } => message.as_entry().into_iter().collect(),
        ServerMessage::Refused { reason, .. } => return Err(format!("refused: {reason}")),
        _ => Vec::new(),
    })
}

/// Applies `entry` to the replica if it is the next one.
fn follow(replica: &mut Room, entry: &LogEntry) -> Result<(), String> {
    if entry.seq == replica.seq() + 1 {
        replica
            .apply_entry(entry)
            .map_err(|error| format!("replay: {error}"))?;
    }
    Ok(())
}

pub async fn send(socket: &mut Socket, totals: &Totals, message: &ClientMessage) -> Result<(), String> {
    let json = serde_json::to_string(message).map_err(|error| error.to_string())?;
    socket
        .send(Message::Text(json.into()))
        .await
        .map_err(|error| format!("send: {error}"))?;
    totals.sent.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

pub async fn receive(socket: &mut Socket, totals: &Totals) -> Result<ServerMessage, String> {
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

/// The loopback address of the `n`th device: 127.0.1.0 onwards (every 127.x.y.z is this machine's).
pub fn device_address(n: usize) -> Ipv4Addr {
    Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 0, 1, 0)) + n as u32)
}

/// A WebSocket to the server at `addr` from the local address `from`, for `room` as the app opens it (its
/// name in the address, for the load balancer).
pub async fn connect_from(addr: SocketAddr, from: Ipv4Addr, room: &str) -> Result<Socket, String> {
    let socket = TcpSocket::new_v4().map_err(|error| format!("socket: {error}"))?;
    socket
        .bind(SocketAddr::from((from, 0)))
        .map_err(|error| format!("bind {from}: {error}"))?;
    let stream = socket
        .connect(addr)
        .await
        .map_err(|error| format!("connect: {error}"))?;
    let room: String = form_urlencoded::byte_serialize(room.as_bytes()).collect();
    let url = format!("ws://{addr}/rooms/ws?room={room}");
    let (socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .map_err(|error| format!("handshake: {error}"))?;
    Ok(socket)
}
