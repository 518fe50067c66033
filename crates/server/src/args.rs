//! The command line: `fivedice-server [--dist DIR] [--addr HOST:PORT] [--data FILE] [--origin ORIGIN]…`.

use std::path::PathBuf;

use crate::Config;

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Serve(Config),
    Help,
}

pub const USAGE: &str = "\
usage: fivedice-server [--dist DIR] [--addr HOST:PORT] [--data FILE] [--origin ORIGIN]...

Serves the built app (DIR, default dist) and its online rooms on one origin.
  --dist DIR             the built app to serve (default: dist)
  --addr HOST:PORT       where to listen (default: 127.0.0.1:8080; 0.0.0.0:8080 for the local network)
  --data FILE            the rooms' SQLite database (default: .fivedice/rooms.sqlite3)
  --origin ORIGIN        a public origin the app is reached by (e.g. https://dice.example behind a proxy):
                         its pages may open rooms. Pages from this server's own IP address or localhost,
                         at its port, always may; no other page may, whatever its Host header says
  --help                 this text";

/// Reads the arguments after the program name. An error is one line for the person who typed them.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut config = Config::default();
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
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
    }
    Ok(Command::Serve(config))
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
            "serve",
        ] {
            let error = parse(args(bad)).expect_err(bad);
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
