//! The real `fivedice-server` binary: bad flags, and a game that survives the process being killed (its
//! dice still checking against the seed committed to at its start).

mod common;

use std::process::Command;

use common::process::{ServerProcess, server_binary};
use common::{Client, bounded, dice_checked_at_the_end, play_quick_turn};
use fivedice_room::Action;
use fivedice_room::Phase;

#[test]
fn bad_flags_exit_with_status_2_and_one_line() {
    for args in [
        &["--port", "80"][..],
        &["--addr", "nowhere"],
        &["--addr"],
        &["serve"],
    ] {
        let output = Command::new(server_binary()).args(args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("fivedice-server: "), "{stderr}");
    }
    let help = Command::new(server_binary())
        .arg("--help")
        .output()
        .expect("runs");
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--data FILE"));
}

#[tokio::test]
async fn a_game_survives_the_server_being_killed_and_restarted() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = ServerProcess::start(dir.path(), "127.0.0.1:0", &[]);
    let mut anna = Client::connect(server.addr).await;
    anna.hello("Survivors", 0).await;
    anna.join("Anna").await;
    let mut ben = Client::connect(server.addr).await;
    ben.hello("survivors", 0).await;
    ben.join("Ben").await;
    anna.reach(2).await;
    anna.act(0, Action::Start).await;
    ben.reach(anna.seq()).await;
    let mut clients = [anna, ben];
    for _ in 0..5 {
        assert!(bounded("a turn", play_quick_turn(&mut clients)).await);
    }
    // Half a turn more: a roll that is stored but not yet scored.
    let acting = clients
        .iter()
        .position(|client| client.room().acting_seat(&client.seats()).is_some())
        .expect("someone acts");
    let seat = clients[acting]
        .room()
        .acting_seat(&clients[acting].seats())
        .expect("acts");
    let rolled = clients[acting].act(seat, Action::Roll).await;
    for client in &mut clients {
        client.reach(rolled.seq).await;
    }
    let before = clients[0].room().clone();
    server.kill();

    let server = ServerProcess::start(dir.path(), "127.0.0.1:0", &[]);
    for client in &mut clients {
        client.drop_connection();
        client.reconnect(server.addr).await;
        let seen = client.seq();
        let (seats, seq) = client.hello("SURVIVORS", seen).await;
        assert_eq!(seats.len(), 1, "the token still holds its seat");
        assert_eq!(seq, before.seq(), "nothing was lost");
        assert_eq!(client.room(), &before);
    }
    while bounded("a turn", play_quick_turn(&mut clients)).await {}
    // Sealed from the start, across the kill: the seed kept beside the log derives every die.
    assert!(dice_checked_at_the_end(&mut clients, "Survivors").await > 26);
    let [anna, ben] = clients;
    assert_eq!(anna.room().phase(), Phase::Finished);
    assert_eq!(anna.room(), ben.room());
    assert_eq!(anna.entries, ben.entries);
    drop(server);
}
