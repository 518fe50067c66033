//! The command line: `fivedice-server [--dist DIR] [--addr HOST:PORT] [--data FILE] [--origin ORIGIN]…
//! [--nats URL [--node-id ID] [--nats-replicas N]] [--proxy IP]…`.

use std::net::IpAddr;
use std::path::PathBuf;

use crate::Config;
use crate::cluster::ClusterConfig;

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Serve(Box<Config>),
    Help,
}

pub const USAGE: &str = "\
usage: fivedice-server [--dist DIR] [--addr HOST:PORT] [--data FILE] [--origin ORIGIN]...
                       [--nats URL [--node-id ID] [--nats-replicas N]] [--proxy IP]... [--forget-after DAYS]

Serves the built app (DIR, default dist) and its online rooms on one origin.
  --dist DIR             the built app to serve (default: dist)
  --addr HOST:PORT       where to listen (default: 127.0.0.1:8080; 0.0.0.0:8080 for the local network)
  --data FILE            the rooms' SQLite database (default: .fivedice/rooms.sqlite3)
  --origin ORIGIN        a public origin the app is reached by (e.g. https://dice.example behind a proxy):
                         its pages may open rooms. Pages from localhost or an IP address this machine
                         has, at its port, always may; no other page may, whatever its Host header says
  --proxy IP             a load balancer in front (repeatable): its connections count against the limits
                         of the address its X-Forwarded-For header ends with
  --nats URL             run as a node of a cluster on NATS JetStream (e.g. nats://127.0.0.1:4222, or
                         several URLs comma-separated) instead of alone with --data
  --node-id ID           this node's id in the cluster: letters, digits, - and _ (default: HOST-PORT)
  --nats-replicas N      copies JetStream keeps of the rooms' logs: 1 on one NATS server, 3 in production
                         (default: 1)
  --forget-after DAYS    rooms (and, alone with --data, events) nobody has touched for this many days are
                         forgotten (default: 30); a room a device is in never is
  --help                 this text";

/// Reads the arguments after the program name. An error is one line for the person who typed them.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut config = Config::default();
    let (mut nats, mut node, mut replicas) = (None, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag.to_string(), Some(value.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| {
            inline_value
                .clone()
                .or_else(|| args.next())
                .filter(|value| !value.is_empty())
                .ok_or_else(|| format!("{flag} needs {what}"))
        };
        match flag.as_str() {
            "--help" | "-h" => return Ok(Command::Help),
            "--dist" => config.dist = PathBuf::from(value("a directory")?),
            "--data" => config.data = PathBuf::from(value("a file")?),
            "--addr" => {
                let addr = value("HOST:PORT")?;
                check_addr(&addr)?;
                config.addr = addr;
            }
            // `--allow-origin` was its name before the Host header stopped counting.
            "--origin" | "--allow-origin" => {
                let origin = value("an origin like https://dice.example")?;
                if !origin.starts_with("http://") && !origin.starts_with("https://") {
                    return Err(format!(
                        "{flag} {origin:?}: an origin starts with http:// or https://"
                    ));
                }
                config.origins.push(origin.trim_end_matches('/').to_string());
            }
            "--proxy" => {
                let proxy = value("an IP address")?;
                let address = proxy
                    .parse::<IpAddr>()
                    .map_err(|_| format!("--proxy {proxy:?}: expected an IP address like 10.0.0.2"))?;
                config.proxies.push(address);
            }
            "--nats" => nats = Some(value("a URL like nats://127.0.0.1:4222")?),
            "--node-id" => {
                let id = value("an id")?;
                if !ClusterConfig::valid_node(&id) {
                    return Err(format!("--node-id {id:?}: up to 64 letters, digits, - and _"));
                }
                node = Some(id);
            }
            "--nats-replicas" => {
                let count = value("a number from 1 to 5")?;
                replicas = Some(
                    count
                        .parse::<usize>()
                        .ok()
                        .filter(|count| (1..=5).contains(count))
                        .ok_or_else(|| format!("--nats-replicas {count:?}: a number from 1 to 5"))?,
                );
            }
            "--forget-after" => {
                let days = value("a number of days")?;
                config.forget_rooms_after = days
                    .parse::<u64>()
                    .ok()
                    .filter(|days| (1..=36_500).contains(days))
                    .map(|days| std::time::Duration::from_secs(days * 24 * 60 * 60))
                    .ok_or_else(|| format!("--forget-after {days:?}: a number of days from 1 to 36500"))?;
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    match nats {
        Some(nats) => {
            let node = node.unwrap_or_else(|| default_node(&config.addr));
            let replicas = replicas.unwrap_or(1);
            let cluster = ClusterConfig { nats, node, replicas };
            cluster.servers()?;
            config.cluster = Some(cluster);
        }
        None if node.is_some() || replicas.is_some() => {
            return Err("--node-id and --nats-replicas need --nats URL".into());
        }
        None => {}
    }
    Ok(Command::Serve(Box::new(config)))
}

/// `HOST-PORT`: the machine's host name and the port it listens on, with anything a node id cannot
/// hold made `_`.
fn default_node(addr: &str) -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "node".into());
    let port = addr.rsplit_once(':').map_or("0", |(_, port)| port);
    let id: String = format!("{host}-{port}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    // Every character is ASCII now; the port, at the end, is the part worth keeping.
    id[id.len().saturating_sub(64)..].to_string()
}

/// `HOST:PORT` with a port number; the host is resolved when binding.
fn check_addr(addr: &str) -> Result<(), String> {
    let port = addr
        .rsplit_once(':')
        .filter(|(host, _)| !host.is_empty())
        .map(|(_, port)| port)
        .ok_or_else(|| format!("--addr {addr:?}: expected HOST:PORT, e.g. 127.0.0.1:8080"))?;
    port.parse::<u16>()
        .map(|_| ())
        .map_err(|_| format!("--addr {addr:?}: {port:?} is not a port number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults() {
        let Ok(Command::Serve(config)) = parse(args("")) else {
            panic!("no arguments serve")
        };
        assert_eq!(config.dist, PathBuf::from("dist"));
        assert_eq!(config.addr, "127.0.0.1:8080");
        assert_eq!(config.data, PathBuf::from(".fivedice/rooms.sqlite3"));
    }

    #[test]
    fn flags_with_spaces_or_equals() {
        let Ok(Command::Serve(config)) = parse(args(
            "--dist out --addr=0.0.0.0:9000 --data /tmp/x.db --origin http://localhost:5173/ --allow-origin=https://dice.example",
        )) else {
            panic!("valid flags")
        };
        assert_eq!(config.dist, PathBuf::from("out"));
        assert_eq!(config.addr, "0.0.0.0:9000");
        assert_eq!(config.data, PathBuf::from("/tmp/x.db"));
        assert_eq!(config.origins, ["http://localhost:5173", "https://dice.example"]);
        assert!(matches!(parse(args("--help")), Ok(Command::Help)));
        assert_eq!(config.cluster, None, "without --nats, alone with SQLite");
        assert_eq!(config.forget_rooms_after, crate::database::FORGET_ROOMS_AFTER);
        let Ok(Command::Serve(config)) = parse(args("--forget-after 90")) else {
            panic!("valid flags")
        };
        assert_eq!(config.forget_rooms_after.as_secs(), 90 * 24 * 60 * 60);
    }

    #[test]
    fn a_node_of_a_cluster() {
        let Ok(Command::Serve(config)) = parse(args(
            "--addr 127.0.0.1:9001 --nats nats://127.0.0.1:4222 --node-id a_1 --nats-replicas 3 --proxy 127.0.0.1 --proxy ::1",
        )) else {
            panic!("valid flags")
        };
        let cluster = config.cluster.expect("--nats makes a node");
        assert_eq!(
            (cluster.nats.as_str(), cluster.node.as_str(), cluster.replicas),
            ("nats://127.0.0.1:4222", "a_1", 3)
        );
        assert_eq!(
            config.proxies,
            ["127.0.0.1".parse::<IpAddr>().unwrap(), "::1".parse().unwrap()]
        );
        let three = "--nats nats://a:4222,nats://b:4222,nats://c:4222";
        let Ok(Command::Serve(config)) = parse(args(three)) else {
            panic!("three servers, comma-separated, as --help writes them");
        };
        let servers = config.cluster.expect("a node").servers().expect("three servers");
        assert_eq!(servers.len(), 3);
        let Ok(Command::Serve(config)) = parse(args("--addr 0.0.0.0:9002 --nats nats://n:4222")) else {
            panic!("valid flags")
        };
        let node = config.cluster.expect("a node").node;
        assert!(
            node.ends_with("-9002") && ClusterConfig::valid_node(&node),
            "{node}"
        );
    }

    #[test]
    fn bad_flags_are_one_line_errors() {
        for bad in [
            "--port 80",
            "--addr",
            "--addr 8080",
            "--addr :8080",
            "--addr localhost:http",
            "--dist",
            "--data=",
            "--origin example.org",
            "--proxy dice.example",
            "--nats",
            "--nats nats://x --node-id a.b",
            "--nats nats://x --nats-replicas 0",
            "--nats nats://x --nats-replicas 9",
            "--nats nats://a:4222,nats://b:port",
            "--nats nats://a:4222,,nats://b:4222",
            "--node-id a",
            "--forget-after 0",
            "--forget-after soon",
            "serve",
        ] {
            let error = parse(args(bad)).expect_err(bad);
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
