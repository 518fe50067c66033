//! The edges hostile testing found: rooms opened in bulk from one address, a data file that disappears while
//! the server runs, and a room whose stored log is damaged.

mod common;

use common::{Client, bounded, open_room, start_server};
use fivedice_room::{Action, Phase};
use fivedice_server::Limits;

#[tokio::test]
async fn one_address_opens_new_rooms_in_a_burst_then_waits_and_cannot_hold_many_empty_ones() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let limits = Limits {
        new_rooms_burst: 3.0,
        new_rooms_per_minute: 0.001,
        max_unwritten_rooms_per_address: 2,
        ..Limits::default()
    };
    let server = start_server(dir.path(), limits).await;
    let addr = server.addr();
    let (mut first, refused) = open_room(addr, "first").await;
    assert_eq!(refused, None);
    let (_second, refused) = open_room(addr, "second").await;
    assert_eq!(refused, None);
    // Two rooms held open with nothing in them: a third empty one waits.
    let (_third, refused) = open_room(addr, "third").await;
    assert_eq!(refused.as_deref(), Some("new_rooms_limited"));
    // Somebody sits down in the first: it no longer counts as empty, and the third may open.
    first.join("Anna").await;
    let (_third, refused) = open_room(addr, "third").await;
    assert_eq!(refused, None);
    // The burst of three is spent: a fourth new room must wait for the rate, wherever it comes from.
    first.join("Ben").await;
    let (_fourth, refused) = open_room(addr, "fourth").await;
    assert_eq!(refused.as_deref(), Some("new_rooms_limited"));
    // A room that exists is never limited: anybody may go back into it.
    let (_again, refused) = open_room(addr, "FIRST").await;
    assert_eq!(refused, None);
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_move_is_refused_not_acknowledged_once_the_data_file_is_gone() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = start_server(dir.path(), Limits::default()).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("Vanishing", 0).await;
    anna.join("Anna").await;
    std::fs::remove_dir_all(dir.path().join("data")).expect("the data directory removed");
    anna.act_as(0, Action::Start).await;
    let (code, _) = anna.refused().await;
    assert_eq!(code, "server_error");
    assert_eq!(anna.room().phase(), Phase::Lobby, "nothing was acknowledged");
    bounded("stop", server.stop()).await.expect("stops");
}

#[tokio::test]
async fn a_room_whose_stored_log_is_damaged_says_so_every_time() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = start_server(dir.path(), Limits::default()).await;
    let mut anna = Client::connect(server.addr()).await;
    anna.hello("Damaged", 0).await;
    anna.join("Anna").await;
    anna.close().await;
    bounded("stop", server.stop()).await.expect("stops");
    let data = dir.path().join("data/rooms.sqlite3");
    let database = rusqlite::Connection::open(&data).expect("the database");
    let changed = database
        .execute(
            "UPDATE events SET json = '{\"joined\": 7}' WHERE room = 'damaged'",
            [],
        )
        .expect("the log damaged");
    assert_eq!(changed, 1);
    drop(database);
    let server = start_server(dir.path(), Limits::default()).await;
    for _ in 0..2 {
        let (_client, refused) = open_room(server.addr(), "Damaged").await;
        assert_eq!(refused.as_deref(), Some("room_damaged"));
    }
    // The other rooms are not affected.
    let (_client, refused) = open_room(server.addr(), "Intact").await;
    assert_eq!(refused, None);
    bounded("stop", server.stop()).await.expect("stops");
}
