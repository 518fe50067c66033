//! The test bed: starts and stops the processes the browser tests play against (the room server, nats-server,
//! nginx) exactly as the Rust tests do, with the same helpers (`tests/common/process.rs`), so how each starts is
//! written once. The browser tests drive it through `tests/e2e/processes.mjs`.
//!
//! One request a line on standard input, its fields separated by tabs (paths may hold spaces), the first field
//! the request's number; each answer is a line that starts with that number, then `ok` or `error`:
//!
//! ```text
//! 1  server  <dist>  <data file>  <address>  [flags…]   →  1  ok  <process>  127.0.0.1:<port>
//! 2  nats    <dir>                                      →  2  ok  <process>  nats://127.0.0.1:<port>
//! 3  nginx   <dir>  <node>  <node>  <node>              →  3  ok  <process>  127.0.0.1:<port>
//! 4  stop    <process>      (SIGTERM; nats-server SIGKILL)  →  4  ok
//! 5  kill    <process>      (SIGKILL)                   →  5  ok
//! 6  event   <address>  <name>  <tables>  <players>  <turns>  →  6  ok  <invitation key>
//! ```
//!
//! `event` opens an event on a running server and hands in tables well into their games ([`event`]).
//!
//! Requests are served at once, each on its own thread (a cluster's nodes listen only once they hear each
//! other). Every process still running is stopped when standard input closes: when the tests end, or die.

mod event;
#[path = "../shared/mod.rs"]
mod shared;

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use shared::process::{Nats, Nginx, ServerFiles, ServerProcess};

enum Running {
    Server(ServerProcess),
    /// nats-server or nginx, which stop as they are dropped (nats-server on SIGKILL, nginx on SIGTERM).
    Other {
        _stops_when_dropped: Box<dyn Send>,
    },
}

#[derive(Default)]
struct Bed {
    running: Mutex<BTreeMap<u32, Running>>,
    next: AtomicU32,
}

impl Bed {
    fn keep(&self, process: Running) -> u32 {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        self.lock().insert(id, process);
        id
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, Running>> {
        // A request that panicked held no lock: the map is whole.
        self.running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Carries out one request: what follows `ok` in its answer.
    fn serve(&self, request: &[&str]) -> Result<String, String> {
        match request {
            ["server", dist, data, addr, flags @ ..] => {
                let files = ServerFiles {
                    dist: dist.into(),
                    data: data.into(),
                };
                let server = ServerProcess::start_serving(&files, addr, flags);
                let addr = server.addr;
                Ok(format!("{}\t{addr}", self.keep(Running::Server(server))))
            }
            ["nats", dir] => {
                let nats = Nats::start(Path::new(dir));
                let url = nats.url.clone();
                Ok(format!(
                    "{}\t{url}",
                    self.keep(Running::Other {
                        _stops_when_dropped: Box::new(nats)
                    })
                ))
            }
            ["nginx", dir, nodes @ ..] => {
                let nodes: Vec<SocketAddr> = nodes
                    .iter()
                    .map(|node| node.parse().map_err(|_| format!("not an address: {node:?}")))
                    .collect::<Result<_, _>>()?;
                let nodes: [SocketAddr; 3] = nodes
                    .try_into()
                    .map_err(|_| "nginx takes three nodes".to_string())?;
                let nginx = Nginx::start(Path::new(dir), &nodes);
                let addr = nginx.addr;
                Ok(format!(
                    "{}\t{addr}",
                    self.keep(Running::Other {
                        _stops_when_dropped: Box::new(nginx)
                    })
                ))
            }
            ["event", addr, name, tables, players, turns] => {
                let addr = addr.parse().map_err(|_| format!("not an address: {addr:?}"))?;
                let count = |text: &str| text.parse().map_err(|_| format!("not a count: {text:?}"));
                event::fill(addr, name, count(tables)?, count(players)?, count(turns)?)
            }
            [how @ ("stop" | "kill"), id] => {
                let id: u32 = id.parse().map_err(|_| format!("not a process: {id:?}"))?;
                let process = self.lock().remove(&id).ok_or(format!("no process {id}"))?;
                match (process, *how) {
                    (Running::Server(server), "kill") => server.kill(),
                    (Running::Server(server), _) => server.terminate(),
                    (other @ Running::Other { .. }, _) => drop(other),
                }
                Ok(String::new())
            }
            _ => Err(format!("unknown request {request:?}")),
        }
    }
}

fn main() {
    let bed = Arc::new(Bed::default());
    let answers = Arc::new(Mutex::new(std::io::stdout()));
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let (bed, answers) = (Arc::clone(&bed), Arc::clone(&answers));
        std::thread::spawn(move || {
            let mut fields = line.split('\t');
            let number = fields.next().unwrap_or_default().to_string();
            let request: Vec<&str> = fields.collect();
            // The helpers panic on a process that does not start, as a test fails; here that is the answer.
            let outcome = std::panic::catch_unwind(|| bed.serve(&request)).unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|text| text.to_string()));
                Err(message.unwrap_or_else(|| "the request failed".into()))
            });
            let answer = match outcome {
                Ok(rest) => format!("{number}\tok\t{rest}"),
                Err(error) => format!("{number}\terror\t{}", error.replace('\n', " ")),
            };
            let mut out = answers.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            // The tests read every answer; a closed pipe means they are gone, and so is everything below.
            let _ = writeln!(out, "{answer}");
            let _ = out.flush();
        });
    }
    // Standard input closed: every process still running stops as it is dropped.
    bed.lock().clear();
}
