//! Real processes on loopback for the tests: the `fivedice-server` binary, a NATS server with JetStream for a
//! cluster, and nginx in front of nodes. Each is stopped when dropped, so no test leaves one behind. The one
//! definition of how they start: the Rust tests and the load example use it directly, the browser tests through
//! the test bed (`examples/testbed.rs`).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::WAIT;

/// The `fivedice-server` binary: Cargo names it to tests; the load example (which shares this file) finds
/// it beside itself, in the target directory it was built in.
pub fn server_binary() -> PathBuf {
    option_env!("CARGO_BIN_EXE_fivedice-server").map_or_else(
        || {
            let exe = std::env::current_exe().expect("this program's path");
            exe.parent()
                .and_then(Path::parent)
                .expect("a target directory")
                .join("fivedice-server")
        },
        PathBuf::from,
    )
}

/// What a server process serves: the app's files and its database.
pub struct ServerFiles {
    pub dist: PathBuf,
    pub data: PathBuf,
}

impl ServerFiles {
    /// A placeholder page and a database, in `dir`.
    pub fn placeholder(dir: &Path) -> ServerFiles {
        let dist = dir.join("dist");
        std::fs::create_dir_all(&dist).expect("a dist dir");
        std::fs::write(dist.join("index.html"), "<!doctype html>").expect("index");
        ServerFiles {
            dist,
            data: dir.join("data/rooms.sqlite3"),
        }
    }
}

/// A `fivedice-server` process.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Starts the binary on a free loopback port (or `addr`) with its files in `dir`, and reads the
    /// address from its first line.
    pub fn start(dir: &Path, addr: &str, extra: &[&str]) -> ServerProcess {
        Starting::spawn(&ServerFiles::placeholder(dir), addr, extra).listening()
    }

    /// Starts the binary serving `files`.
    pub fn start_serving(files: &ServerFiles, addr: &str, extra: &[&str]) -> ServerProcess {
        Starting::spawn(files, addr, extra).listening()
    }

    /// Several at once (a node of a cluster takes a moment to hear the others before it listens).
    pub fn start_all<'a>(
        servers: impl IntoIterator<Item = (&'a Path, &'a str, &'a [&'a str])>,
    ) -> Vec<ServerProcess> {
        let starting: Vec<Starting> = servers
            .into_iter()
            .map(|(dir, addr, extra)| Starting::spawn(&ServerFiles::placeholder(dir), addr, extra))
            .collect();
        starting.into_iter().map(Starting::listening).collect()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no shutdown code runs, as in a crash or a power-off of the process.
    pub fn kill(mut self) {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
    }

    /// SIGTERM: the server shuts down as it would be stopped in production.
    pub fn terminate(mut self) {
        self.signal("-TERM");
        self.child.wait().expect("reaped");
    }

    /// The process freezes, as a machine that stalls: returns once it has stopped (a signal is only
    /// delivered when the process is next scheduled).
    pub fn freeze(&self) {
        self.signal("-STOP");
        let stat = format!("/proc/{}/stat", self.child.id());
        let deadline = Instant::now() + WAIT;
        // The state follows the name in parentheses: `T` is stopped.
        while !std::fs::read_to_string(&stat).is_ok_and(|text| {
            text.rsplit_once(") ")
                .is_some_and(|(_, rest)| rest.starts_with('T'))
        }) {
            assert!(Instant::now() < deadline, "the process did not stop");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// A frozen process goes on.
    pub fn thaw(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal}");
    }
}

/// A server process that has not said where it listens yet.
struct Starting {
    child: Child,
    first_line: mpsc::Receiver<String>,
}

impl Starting {
    fn spawn(files: &ServerFiles, addr: &str, extra: &[&str]) -> Starting {
        let mut child = Command::new(server_binary())
            .args(["--addr", addr])
            .arg("--data")
            .arg(&files.data)
            .arg("--dist")
            .arg(&files.dist)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, first_line) = mpsc::channel();
        std::thread::spawn(move || {
            // The first line says where the server listens; the rest is read too, for as long as the server
            // runs: a server that prints to a closed pipe fails (println! panics on it).
            let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
            // The test fails on a missing line below; an unreadable pipe ends the same way.
            let _ = sender.send(lines.next().unwrap_or_default());
            lines.for_each(drop);
        });
        Starting { child, first_line }
    }

    fn listening(self) -> ServerProcess {
        let Starting { child, first_line } = self;
        // Dropped on a failure below, the process is killed.
        let mut server = ServerProcess {
            child,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        };
        let line = first_line
            .recv_timeout(WAIT)
            .expect("the server prints where it listens");
        server.addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        server
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        // Already dead after `kill`; otherwise this stops a test that failed half-way. A frozen process
        // dies of SIGKILL too.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `nats-server` with JetStream, on a free loopback port, storing in `dir`.
pub struct Nats {
    child: Child,
    pub url: String,
}

impl Nats {
    pub fn start(dir: &Path) -> Nats {
        let program = std::env::var("FIVEDICE_NATS_SERVER").unwrap_or_else(|_| "nats-server".into());
        // Port -1: the server picks a free one and names it in its log (a port picked here first could be
        // taken by another test's process before NATS binds it).
        let mut child = Command::new(&program)
            .args(["-js", "-a", "127.0.0.1", "-p", "-1", "-sd"])
            .arg(dir.join("jetstream"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot run {program:?} ({error}): the cluster tests need NATS; `make test` installs \
                     Debian's nats-server package"
                )
            });
        let stderr = child.stderr.take().expect("piped stderr");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            const LISTENING: &str = "Listening for client connections on ";
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some((_, addr)) = line.split_once(LISTENING) {
                    let _ = sender.send(addr.trim().to_string());
                }
            }
        });
        let addr = receiver
            .recv_timeout(WAIT)
            .expect("nats-server says where it listens");
        Nats {
            child,
            url: format!("nats://{addr}"),
        }
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// nginx from Debian in front of room-server nodes: the repository's `deploy/nginx.conf` itself, with
/// loopback ports put in for its listen address and its three upstream nodes.
pub struct Nginx {
    child: Child,
    pub addr: SocketAddr,
}

impl Nginx {
    pub fn start(dir: &Path, nodes: &[SocketAddr; 3]) -> Nginx {
        let template =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/nginx.conf"))
                .expect("deploy/nginx.conf");
        let prefix = dir.join("nginx");
        std::fs::create_dir_all(prefix.join("temp")).expect("nginx's directory");
        // A port picked here may be taken before nginx binds it: then nginx exits, and another is tried.
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a free port")
                .port();
            let mut config = template.replace("listen 127.0.0.1:8080;", &format!("listen 127.0.0.1:{port};"));
            for (n, node) in nodes.iter().enumerate() {
                config = config
                    .replace(
                        &format!("server 127.0.0.1:900{};", n + 1),
                        &format!("server {node};"),
                    )
                    .replace(
                        &format!("server 127.0.0.1:900{} ", n + 1),
                        &format!("server {node} "),
                    );
            }
            assert!(
                !config.contains(":900"),
                "every upstream of deploy/nginx.conf was replaced"
            );
            std::fs::write(prefix.join("nginx.conf"), config).expect("nginx.conf");
            let program = std::env::var("FIVEDICE_NGINX").unwrap_or_else(|_| "nginx".into());
            let mut child = Command::new(&program)
                .arg("-p")
                .arg(&prefix)
                .args(["-c", "nginx.conf", "-e", "stderr", "-g", "daemon off;"])
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap_or_else(|error| {
                    panic!("cannot run {program:?} ({error}): `make test` installs Debian's nginx package")
                });
            let addr = SocketAddr::from(([127, 0, 0, 1], port));
            let deadline = Instant::now() + WAIT;
            loop {
                if std::net::TcpStream::connect(addr).is_ok() {
                    return Nginx { child, addr };
                }
                if child.try_wait().expect("nginx's status").is_some() || Instant::now() > deadline {
                    let _ = child.kill();
                    let _ = child.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        panic!("nginx did not start (see its errors above)");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers (after SIGKILL they would linger, still listening).
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}
