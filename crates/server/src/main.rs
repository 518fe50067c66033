//! `fivedice-server`: the app and its online rooms on one origin. See `--help`.

use std::process::ExitCode;

use fivedice_server::args::{self, Command, USAGE};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

#[tokio::main]
async fn main() -> ExitCode {
    // NATS's client says each (re)connection at INFO: an operator wants its warnings, not its chatter.
    let quiet_nats = Targets::new()
        .with_default(LevelFilter::INFO)
        .with_target("async_nats", LevelFilter::WARN);
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .finish()
        .with(quiet_nats)
        .init();
    let config = match args::parse(std::env::args().skip(1)) {
        Ok(Command::Serve(config)) => config,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("fivedice-server: {message}");
            return ExitCode::from(2);
        }
    };
    if !config.dist.join("index.html").is_file() {
        tracing::warn!(
            dist = %config.dist.display(),
            "no index.html (build the app with `make dist`); rooms still work"
        );
    }
    let logs = match &config.cluster {
        Some(cluster) => format!("node {} of the cluster on {}", cluster.node, cluster.nats),
        None => format!("rooms in {}", config.data.display()),
    };
    let server = match fivedice_server::start(*config).await {
        Ok(server) => server,
        Err(error) => {
            tracing::error!(%error, "the server did not start");
            return ExitCode::FAILURE;
        }
    };
    // The first line of standard output names the address; tests started on port 0 read the port there.
    println!("fivedice-server: listening on http://{}/ ({logs})", server.addr());
    if let Some(invite) = server.invite_address() {
        println!("fivedice-server: the other devices at the table open {invite}");
    }
    match server.run_until_signal().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "the server stopped");
            ExitCode::FAILURE
        }
    }
}
