//! A bounded load test on loopback: many rooms playing whole games at once, on one room server and on three
//! nodes of a cluster behind nginx, with the same players at the same pace in the same run.
//!
//! ```sh
//! cargo build --release -p fivedice-server
//! cargo run --release -p fivedice-server --example load -- --rooms 250 --players 4 --pace-ms 100 --kills 20
//! ```
//!
//! Each deployment runs as real processes: `fivedice-server` alone with a SQLite file in a temporary
//! directory; then Debian's `nats-server` with JetStream, three `fivedice-server --nats` nodes and nginx with
//! the repository's `deploy/nginx.conf`. This program then starts itself again as the players (one task per
//! room, one WebSocket per player, each from its own loopback address). Reported per deployment: actions per
//! second, action-to-everyone latency (from sending an action until every player of the room has its event;
//! p50, p99, max), the servers' memory per room and each server's CPU while playing. Then, on the cluster, a
//! room's owner is SIGKILLed `--kills` times mid-turn: the time until the room is played again (a device's
//! socket closing, its reconnecting through nginx and an action reaching both players). Everything stops by
//! itself: each room plays one game, and each run is cut off after `--max-seconds`.
//!
//! With `--event`, the rooms are played on one server twice instead: alone, then each tied to one event whose
//! board a big screen follows (see [`event`]).

mod event;
mod kills;
mod play;
#[path = "../shared/mod.rs"]
mod shared;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use shared::http::get_json;
use shared::process::{Nats, Nginx, ServerProcess};

#[derive(Clone, Debug)]
struct Options {
    rooms: usize,
    players: usize,
    /// Pause between two actions of one room (a person needs about a second; 0 is flat out).
    pace_ms: u64,
    max_seconds: u64,
    /// Owner kills to time on the cluster.
    kills: usize,
    /// The rooms as the tables of one event, with a screen following it (see [`event`]).
    event: bool,
    /// Set in the playing process: the server to play against.
    play_against: Option<SocketAddr>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        rooms: 250,
        players: 4,
        pace_ms: 100,
        max_seconds: 300,
        kills: 20,
        event: false,
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
            "--kills" => options.kills = number(&value()?)?,
            "--event" => options.event = true,
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
    if options.kills > 26 {
        return Err("--kills is 0 to 26 (one a turn of a two-player game)".into());
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
        Some(addr) => runtime.block_on(play::play(addr, options)),
        None => runtime.block_on(measure(options)),
    };
    if let Err(message) = outcome {
        eprintln!("load: {message}");
        std::process::exit(1);
    }
}

/// The servers of one deployment, and where devices reach them.
struct Deployment {
    name: &'static str,
    servers: Vec<ServerProcess>,
    entry: SocketAddr,
    /// Running until the deployment is dropped; the cluster's only.
    _balancer: Option<Nginx>,
    nats: Option<Nats>,
    /// Whether its rooms are the tables of an event, which the players' process follows as a screen would.
    follows_event: bool,
}

const NODES: [&str; 3] = ["n1", "n2", "n3"];

/// One server with SQLite, reached directly or (to tell the balancer's cost from the cluster's) through
/// nginx, with the server as all three of its upstreams.
fn one_server(dir: &Path, behind_nginx: bool) -> Deployment {
    // A database of its own each time: the same rooms are played again.
    let dir = dir.join(if behind_nginx { "one-behind-nginx" } else { "one" });
    let server = ServerProcess::start(&dir, "127.0.0.1:0", &["--proxy", "127.0.0.1"]);
    let nginx = behind_nginx.then(|| Nginx::start(&dir, &[server.addr; 3]));
    Deployment {
        name: if behind_nginx {
            "one server behind nginx"
        } else {
            "one server (SQLite)"
        },
        entry: nginx.as_ref().map_or(server.addr, |nginx| nginx.addr),
        servers: vec![server],
        _balancer: nginx,
        nats: None,
        follows_event: false,
    }
}

/// The nodes' flags: the cluster's NATS, the node's id, and nginx trusted for the devices' addresses.
fn node_flags<'a>(nats: &'a Nats, node: &'a str) -> [&'a str; 6] {
    ["--nats", &nats.url, "--node-id", node, "--proxy", "127.0.0.1"]
}

/// A node (again) at `addr`, where nginx looks for it.
fn start_node(dir: &Path, nats: &Nats, node: &str, addr: &str) -> ServerProcess {
    ServerProcess::start(&dir.join(node), addr, &node_flags(nats, node))
}

fn three_nodes(dir: &Path) -> Deployment {
    let nats = Nats::start(dir);
    let dirs = NODES.map(|node| dir.join(node));
    let flags = NODES.map(|node| node_flags(&nats, node));
    let servers = ServerProcess::start_all(
        dirs.iter()
            .zip(&flags)
            .map(|(dir, flags)| (dir.as_path(), "127.0.0.1:0", &flags[..])),
    );
    let nginx = Nginx::start(dir, &[servers[0].addr, servers[1].addr, servers[2].addr]);
    Deployment {
        name: "three nodes behind nginx (NATS JetStream R1)",
        entry: nginx.addr,
        servers,
        _balancer: Some(nginx),
        nats: Some(nats),
        follows_event: false,
    }
}

/// One process's resident memory (KiB) and CPU time so far (clock ticks), from `/proc`.
fn usage(pid: u32) -> (u64, u64) {
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0);
    // utime and stime: fields 14 and 15, counted after the command's closing parenthesis.
    let cpu = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let fields: Vec<u64> = stat
                .rsplit_once(") ")?
                .1
                .split_whitespace()
                .skip(11)
                .take(2)
                .filter_map(|field| field.parse().ok())
                .collect();
            Some(fields.iter().sum())
        })
        .unwrap_or(0);
    (rss, cpu)
}

async fn measure(options: Options) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|error| format!("no temp dir: {error}"))?;
    if options.event {
        println!(
            "{} tables × {} players of one event, pace {} ms between a table's actions",
            options.rooms, options.players, options.pace_ms
        );
        return event::measure(dir.path(), &options).await;
    }
    println!(
        "{} rooms × {} players ({} WebSockets), pace {} ms between a room's actions",
        options.rooms,
        options.players,
        options.rooms * options.players,
        options.pace_ms
    );
    for behind_nginx in [false, true] {
        run_players(&one_server(dir.path(), behind_nginx), &options).await?;
    }
    let mut three = three_nodes(dir.path());
    run_players(&three, &options).await?;
    if options.kills > 0 {
        let times = kills::measure(&mut three, dir.path(), options.kills).await?;
        let mut millis: Vec<f64> = times.iter().map(|time| time.as_secs_f64() * 1000.0).collect();
        millis.sort_by(f64::total_cmp);
        println!(
            "owner killed {} times mid-turn: the room played again after median {:.0} ms, worst {:.0} ms \
             (each: {})",
            millis.len(),
            millis[millis.len() / 2],
            millis[millis.len() - 1],
            millis
                .iter()
                .map(|ms| format!("{ms:.0}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    Ok(())
}

/// Plays the load against one deployment and prints its line.
async fn run_players(deployment: &Deployment, options: &Options) -> Result<(), String> {
    let pids: Vec<u32> = deployment.servers.iter().map(ServerProcess::pid).collect();
    let idle: Vec<(u64, u64)> = pids.iter().map(|&pid| usage(pid)).collect();
    let exe = std::env::current_exe().map_err(|error| format!("no own path: {error}"))?;
    let mut child = Command::new(exe)
        .args(["--play-against", &deployment.entry.to_string()])
        .args(["--rooms", &options.rooms.to_string()])
        .args(["--players", &options.players.to_string()])
        .args(["--pace-ms", &options.pace_ms.to_string()])
        .args(["--max-seconds", &options.max_seconds.to_string()])
        .args(deployment.follows_event.then_some("--event"))
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
    let mut peak = vec![0u64; pids.len()];
    let mut seated = None;
    let mut playing_since = None;
    let mut report = None;
    let mut sample = tokio::time::interval(Duration::from_millis(50));
    while report.is_none() && Instant::now() < deadline {
        tokio::select! {
            line = received.recv() => match line {
                Some(line) if line == "seated" => {
                    let now: Vec<(u64, u64)> = pids.iter().map(|&pid| usage(pid)).collect();
                    playing_since = Some((Instant::now(), now.clone()));
                    seated = Some(now);
                }
                Some(line) => report = line.strip_prefix("report ").map(str::to_string),
                None => break,
            },
            _ = sample.tick() => {
                for (peak, &pid) in peak.iter_mut().zip(&pids) {
                    *peak = (*peak).max(usage(pid).0);
                }
            }
        }
    }
    let ended: Vec<(u64, u64)> = pids.iter().map(|&pid| usage(pid)).collect();
    if report.is_none() {
        // The players overran their time: stop them.
        let _ = child.kill();
    }
    // Reaping only; the exit status is in the report.
    let _ = child.wait();
    let report = report.ok_or("the players reported nothing")?;
    let rooms = options.rooms as f64;
    let per_room = |kib: &[u64]| {
        let grown: u64 = kib
            .iter()
            .zip(&idle)
            .map(|(kib, (idle, _))| kib.saturating_sub(*idle))
            .sum();
        grown as f64 / rooms
    };
    let seated_kib: Vec<u64> = seated.unwrap_or_default().iter().map(|(kib, _)| *kib).collect();
    let cpu = match playing_since {
        Some((since, at_start)) => {
            let seconds = since.elapsed().as_secs_f64();
            // Clock ticks are 1/100 s on Linux.
            at_start
                .iter()
                .zip(&ended)
                .map(|((_, before), (_, after))| format!("{:.2}", (after - before) as f64 / 100.0 / seconds))
                .collect::<Vec<_>>()
                .join(" / ")
        }
        None => "?".into(),
    };
    // A node counts the devices it relayed to another (a single server has none to count).
    let mut relays = 0;
    for server in &deployment.servers {
        relays += get_json(server.addr, "/rooms").await["relays"]
            .as_u64()
            .unwrap_or(0);
    }
    let relays = if deployment.nats.is_some() {
        format!("; {relays} relays opened")
    } else {
        String::new()
    };
    println!(
        "{}: {report}; memory per room {:.1} KiB seated, {:.1} KiB at the peak; CPU (cores) per server {cpu}{relays}",
        deployment.name,
        per_room(&seated_kib),
        per_room(&peak),
    );
    Ok(())
}
