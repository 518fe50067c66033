use super::*;
use fivedice_room::{Event, Room};

#[test]
fn appended_entries_and_tokens_read_back() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("nested/rooms.sqlite3");
    let name = RoomName::parse("Database").expect("a name");
    {
        let store = Database::open(&path, FORGET_ROOMS_AFTER).expect("opens");
        let mut room = Room::new(name.clone());
        let first = room.join("Anna").expect("joins");
        store
            .append(&name, &first, Secrets::seat_tokens(vec![(0, "aa".into())]))
            .wait()
            .expect("appends");
        let second = room.join("Ben").expect("joins");
        store
            .append(
                &name,
                &second,
                Secrets::seat_tokens(vec![(0, "aa".into()), (1, "bb".into())]),
            )
            .wait()
            .expect("appends");
        assert!(
            store.append(&name, &second, Secrets::default()).wait().is_err(),
            "a seq is written once"
        );
        assert_eq!(store.last_seq(&name).expect("reads"), 2);
        assert_eq!(store.room_count().expect("counts"), 1);
    }
    let store = Database::open(&path, FORGET_ROOMS_AFTER).expect("reopens");
    let stored = store.load_room(&name).expect("loads");
    assert_eq!(stored.entries.len(), 2);
    assert!(matches!(&stored.entries[1].event, Event::Joined { name, .. } if name == "Ben"));
    let mut tokens = stored.seat_tokens;
    tokens.sort();
    assert_eq!(tokens, [(0, "aa".to_string()), (1, "bb".to_string())]);
    assert_eq!(store.entries_between(&name, 1, 2).expect("reads").len(), 1);
    // Queued together, a good append and a refused one: the refused one fails alone.
    let mut room = Room::replay(name.clone(), &stored.entries).expect("replays");
    let third = room.join("Cleo").expect("joins");
    let (good, twice) = (
        store.append(&name, &third, Secrets::default()),
        store.append(&name, &stored.entries[1], Secrets::default()),
    );
    assert!(twice.wait().is_err());
    good.wait().expect("the good append is committed");
    assert_eq!(store.last_seq(&name).expect("reads"), 3);
    let other = RoomName::parse("other").expect("a name");
    assert!(store.load_room(&other).expect("loads").entries.is_empty());
}

#[test]
fn stores_opened_and_closed_on_one_file_at_once_never_wait_on_each_other_for_ever() {
    // Two servers' stores on one file in one process (a restart in a test): one closing its connections
    // while the other opens its own deadlocked SQLite 3.51's unix files once (see `Database::open`).
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("rooms.sqlite3");
    let name = RoomName::parse("Busy").expect("a name");
    let first = Room::new(name.clone()).join("Anna").expect("joins");
    Database::open(&path, FORGET_ROOMS_AFTER).expect("opens");
    let (done, finished) = std::sync::mpsc::channel();
    for worker in 0..2 {
        let (path, name, first, done) = (path.clone(), name.clone(), first.clone(), done.clone());
        std::thread::spawn(move || {
            for _ in 0..150 {
                let store = Database::open(&path, FORGET_ROOMS_AFTER).expect("opens");
                // Written once; each later try is refused, but every try opens the WAL as a write does.
                let _ = store.append(&name, &first, Secrets::default()).wait();
                let _ = store.load_room(&name);
            }
            let _ = done.send(worker);
        });
    }
    for _ in 0..2 {
        finished
            .recv_timeout(Duration::from_secs(60))
            .expect("no store waits on another for ever");
    }
}
