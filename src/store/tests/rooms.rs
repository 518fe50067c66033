//! Online rooms: devices (stores over storages of their own) gather in a lobby, play, and leave, through the
//! room server of [`super::room_server`].

use fivedice_rules::{Preview, RulesetId};
use fivedice_worker::Level;
use leptos::prelude::*;

use super::super::{Reading as _, RoomState};
use super::room_server::*;
use super::{CLOCK, store_over, told};
use crate::storage::Storage;

#[test]
fn players_gather_in_the_lobby_and_only_the_host_starts() {
    Owner::new().set();
    let mut server = Server::new("friday");
    let devices = [device(), device()];
    enter(&devices[0], " Friday ", Some("Anna"));
    pump(&mut server, &devices.each_ref());
    enter(&devices[1], "FRIDAY", Some("Ben"));
    pump(&mut server, &devices.each_ref());
    let (anna, ben) = (view(&devices[0]), view(&devices[1]));
    assert_eq!((anna.key.as_str(), anna.state), ("friday", RoomState::Lobby));
    assert_eq!(
        (anna.name.as_str(), ben.name.as_str()),
        ("Friday", "FRIDAY"),
        "each as typed there"
    );
    let seen_by = |view: &crate::store::RoomView| -> Vec<(String, bool)> {
        let players = view.players.iter();
        players.map(|player| (player.name.clone(), player.host)).collect()
    };
    let expected = vec![("Anna".to_string(), true), ("Ben".to_string(), false)];
    assert_eq!((seen_by(&anna), seen_by(&ben)), (expected.clone(), expected));
    assert!(anna.players[0].own && ben.players[1].own && !ben.players[0].own);
    assert!(anna.players[0].host && !anna.players[1].host);
    assert_eq!((anna.own_seats, ben.own_seats.clone()), (vec![0], vec![1]));
    assert!(anna.hosting && anna.can_start && !ben.hosting && !ben.can_start);
    assert!(devices[0].store.table().in_room_lobby().get_untracked());
    devices[1].store.lobby().start_room_game();
    assert!(
        devices[1].link.sent.borrow().is_empty(),
        "only the host's device starts"
    );
    devices[0].store.lobby().choose_room_rules(
        RulesetId::Yatzy,
        None,
        fivedice_rules::DiceMode::App,
        fivedice_rules::Columns::ONE,
        None,
        None,
    );
    // Until the choice's event is back, a Start would be refused as stale: it waits.
    assert!(!view(&devices[0]).can_start);
    devices[0].store.lobby().start_room_game();
    assert_eq!(devices[0].link.sent.borrow().len(), 1, "the choice alone went");
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).rules.id(), RulesetId::Yatzy);
    assert!(view(&devices[0]).can_start);
    devices[0].store.lobby().start_room_game();
    devices[0].store.lobby().start_room_game();
    assert_eq!(
        devices[0].link.sent.borrow().len(),
        1,
        "a second tap sends no second Start"
    );
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(view(device).state, RoomState::Playing);
        assert!(device.store.table().has_table().get_untracked());
        assert_eq!(device.store.table().players().get_untracked(), ["Anna", "Ben"]);
    }
}

#[test]
fn only_the_device_holding_the_seat_to_play_acts_and_everyone_sees_it() {
    let (mut server, devices) = three_at_a_started_table();
    let playing = device_to_play(&devices.each_ref());
    for device in &devices {
        let mine = std::ptr::eq(device, playing);
        assert_eq!(device.store.table().can_roll().get_untracked(), mine);
        device.store.controls().roll();
        if !mine {
            assert!(
                device.link.sent.borrow().is_empty(),
                "a watcher's tap sends nothing"
            );
            assert!(told(&device.store).contains("not this device's turn"));
        }
    }
    assert_eq!(
        devices[0].store.table().turn().get_untracked().rolls_used,
        0,
        "nothing changes before the event"
    );
    pump(&mut server, &devices.each_ref());
    let turn = playing.store.table().turn().get_untracked();
    assert_eq!(turn.rolls_used, 1);
    playing.store.controls().toggle_hold(3);
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(
            device.store.table().turn().get_untracked().dice,
            turn.dice,
            "every device sees the dice"
        );
        assert!(
            device.store.table().turn().get_untracked().held[3],
            "and every hold"
        );
    }
    let seat = playing.store.table().current_seat().get_untracked().unwrap();
    assert!(matches!(
        playing
            .store
            .table()
            .cell_preview(seat, fivedice_rules::Category::Chance.into())
            .get_untracked(),
        Some(Preview::Scores(_))
    ));
    let other = devices
        .iter()
        .find(|device| !std::ptr::eq(*device, playing))
        .unwrap();
    assert_eq!(
        other
            .store
            .table()
            .cell_preview(seat, fivedice_rules::Category::Chance.into())
            .get_untracked(),
        None
    );
    playing
        .store
        .controls()
        .open_picker(fivedice_rules::Category::Chance.into());
    playing.store.controls().confirm();
    pump(&mut server, &devices.each_ref());
    let written = devices[2]
        .store
        .table()
        .cell_value(seat, fivedice_rules::Category::Chance.into())
        .get_untracked();
    assert_eq!(written, Some(turn.dice.unwrap().counts().sum()));
    assert_eq!(
        other.store.table().undoable().get_untracked(),
        None,
        "only the seat that wrote takes it back"
    );
    assert!(playing.store.table().undoable().get_untracked().is_some());
    playing.store.controls().undo();
    pump(&mut server, &devices.each_ref());
    assert_eq!(
        devices[1]
            .store
            .table()
            .cell_value(seat, fivedice_rules::Category::Chance.into())
            .get_untracked(),
        None
    );
}

#[test]
fn a_whole_game_finishes_alike_everywhere_and_goes_to_each_history_not_to_local_tables() {
    let (mut server, devices) = three_at_a_started_table();
    let cells = RulesetId::Yahtzee.ruleset().cells.len();
    for _ in 0..cells * 3 {
        play_a_turn(&mut server, &devices.each_ref());
    }
    let standings = devices[0].store.table().standings().get_untracked();
    assert_eq!(standings.len(), 3);
    for device in &devices {
        assert!(device.store.table().is_over().get_untracked());
        assert_eq!(view(device).state, RoomState::Finished);
        assert_eq!(device.store.table().standings().get_untracked(), standings);
        let history = device.store.kept().history().get_untracked();
        assert_eq!(history.len(), 1, "in this device's history");
        let kept = history[0].exported().expect("reads").log.expect("a log");
        assert!(
            kept.lines()
                .last()
                .is_some_and(|line| line.contains("dice_revealed")),
            "the reveal that followed the last box is kept with the game: {kept}"
        );
        assert_eq!(
            device.store.table().decisions().get_untracked().len(),
            cells * 3,
            "every cell written is a decision for the analysis"
        );
        let reloaded = store_over(&device.backend);
        assert_eq!(
            reloaded.kept().history().get_untracked().len(),
            1,
            "and saved there"
        );
        let storage = Storage::with_backend(Box::new(device.backend.clone()), CLOCK.now_ms);
        assert!(
            storage.tables().value.current.is_empty(),
            "never among the local tables"
        );
    }
    // The room revealed its dice's seed at the end: no box can be taken back any more, so nobody is offered it.
    for device in &devices {
        assert_eq!(device.store.table().undoable().get_untracked(), None);
    }
}

#[test]
fn a_join_after_the_start_is_refused_and_the_device_watches() {
    let (mut server, devices) = three_at_a_started_table();
    let late = device();
    enter(&late, "friday", Some("Dan"));
    let all = [&devices[0], &devices[1], &devices[2], &late];
    pump(&mut server, &all);
    let watching = view(&late);
    assert_eq!(
        watching.refusal.as_deref(),
        Some("This game has started; ask for a new room")
    );
    assert!(watching.own_seats.is_empty());
    assert_eq!(watching.state, RoomState::Playing);
    assert!(
        late.store.table().has_table().get_untracked(),
        "it watches the table"
    );
    assert!(!late.store.table().can_roll().get_untracked());
    assert_eq!(
        late.store.notices().notice().get_untracked(),
        None,
        "the refusal shows in the room, not the notice"
    );
    play_a_turn(&mut server, &devices.each_ref());
    assert_eq!(
        late.store.table().turn().get_untracked(),
        devices[0].store.table().turn().get_untracked()
    );
}

#[test]
fn two_people_share_a_device_and_it_plays_both_their_seats() {
    Owner::new().set();
    let mut server = Server::new("friday");
    let devices = [device(), device()];
    enter(&devices[0], "friday", Some("Anna"));
    pump(&mut server, &devices.each_ref());
    assert!(view(&devices[0]).can_seat_another);
    devices[0].store.lobby().seat_another_player("   ");
    assert!(
        devices[0].link.sent.borrow().is_empty(),
        "an empty name is not sent"
    );
    assert!(
        devices[0].store.notices().notice().get_untracked().is_some(),
        "and says why"
    );
    devices[0].store.lobby().seat_another_player(" Ben ");
    pump(&mut server, &devices.each_ref());
    enter(&devices[1], "friday", Some("Cleo"));
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).own_seats, [2]);
    devices[1].store.lobby().seat_another_player("Anna");
    pump(&mut server, &devices.each_ref());
    let refused = view(&devices[1]);
    assert_eq!(
        refused.own_seats,
        [2],
        "a taken name is refused, the seat held stays"
    );
    assert!(refused.refusal.is_some());
    assert_eq!(view(&devices[0]).own_seats, [0, 1]);
    let names: Vec<String> = view(&devices[1])
        .players
        .into_iter()
        .map(|player| player.name)
        .collect();
    assert_eq!(names, ["Anna", "Ben", "Cleo"]);

    devices[0].store.lobby().start_room_game();
    pump(&mut server, &devices.each_ref());
    assert!(!view(&devices[0]).can_seat_another, "only in the lobby");
    for _ in 0..6 {
        let seat = devices[0].store.table().current_seat().get_untracked().unwrap();
        let here = usize::from(seat == 2);
        assert!(devices[here].store.table().can_roll().get_untracked());
        assert!(!devices[1 - here].store.table().can_roll().get_untracked());
        play_a_turn(&mut server, &devices.each_ref());
    }
    let written = |device: &Device| device.store.table().game_now(|game| game.log().len());
    assert_eq!((written(&devices[0]), written(&devices[1])), (Some(6), Some(6)));

    let reloaded = device_over(devices[0].backend.clone());
    let devices = [&reloaded, &devices[1]];
    pump(&mut server, &devices);
    assert_eq!(view(devices[0]).own_seats, [0, 1], "a reload keeps both seats");
}

#[test]
fn the_host_adds_computers_at_their_levels_and_only_its_device_plays_them() {
    Owner::new().set();
    let mut server = Server::new("Friday");
    let devices = [device(), device()];
    for (device, name) in devices.iter().zip(["Anna", "Ben"]) {
        enter(device, "friday", Some(name));
        pump(&mut server, &devices.each_ref());
    }
    devices[1].store.lobby().add_room_computer(Level::Casual);
    assert!(
        devices[1].link.sent.borrow().is_empty(),
        "only the host adds computers"
    );
    // One added by mistake is taken away again, by the host alone.
    devices[0].store.lobby().add_room_computer(Level::Casual);
    pump(&mut server, &devices.each_ref());
    assert!(view(&devices[0]).players[2].can_remove);
    assert!(
        !view(&devices[1]).players[2].can_remove,
        "only the host removes computers"
    );
    assert!(
        !view(&devices[0]).players[1].can_remove,
        "a person is nobody's to remove"
    );
    devices[0].store.lobby().remove_room_computer(2);
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).players.len(), 2);
    devices[0].store.lobby().add_room_computer(Level::Winner);
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        let computers: Vec<_> = view(device)
            .players
            .iter()
            .map(|player| player.computer)
            .collect();
        assert_eq!(
            computers,
            [None, None, Some(Level::Winner)],
            "every device sees its level"
        );
    }
    devices[0].store.lobby().start_room_game();
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(
            device.store.table().computer_at(2).get_untracked(),
            Some(Level::Winner)
        );
    }
    let plays_here = |device: &Device| {
        device
            .store
            .table
            .with_untracked(|table| table.as_ref().unwrap().computer_plays_here(Level::Winner))
    };
    assert!(plays_here(&devices[0]), "the host's device plays the Winner");
    assert!(!plays_here(&devices[1]), "no other device works for it");
}

/// The host leaves the lobby: the room renumbers its seats, and so does every device (through the room's
/// own numbering): the new host starts, each device marks its own person, and the device holding the seat
/// to play rolls.
#[test]
fn when_the_host_leaves_the_lobby_every_device_follows_its_seat() {
    Owner::new().set();
    let mut server = Server::new("friday");
    let devices = [device(), device(), device(), device()];
    for (device, name) in devices.iter().zip(["Anna", "Ben", "Cleo", "Dan"]) {
        enter(device, "friday", Some(name));
        pump(&mut server, &devices.each_ref());
    }
    devices[0].store.lobby().leave_room();
    pump(&mut server, &devices.each_ref());
    let names = |device: &Device| -> Vec<String> {
        let view = view(device);
        view.own_seats
            .iter()
            .map(|&seat| view.players[seat].name.clone())
            .collect()
    };
    for (device, name) in devices[1..].iter().zip(["Ben", "Cleo", "Dan"]) {
        assert_eq!(names(device), [name], "each device marks its own person");
    }
    let ben = view(&devices[1]);
    assert!(ben.hosting && ben.can_start, "Ben hosts now");
    assert_eq!(view(&devices[2]).host_name.as_deref(), Some("Ben"));
    // Dan leaves too, and comes back by the join card with his name: the seat his device kept is one he left,
    // so he joins anew.
    devices[3].store.lobby().leave_room();
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).players.len(), 2);
    devices[3].store.join_room("friday", "Dan");
    devices[3].in_room.set(false);
    devices[3].store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(names(&devices[3]), ["Dan"], "seated again");
    assert_eq!(view(&devices[1]).players.len(), 3);
    let staying: Vec<&Device> = devices[1..].iter().collect();
    devices[1].store.lobby().start_room_game();
    pump(&mut server, &staying);
    for _ in 0..3 {
        let rolling: Vec<bool> = devices[1..]
            .iter()
            .map(|device| device.store.table().can_roll().get_untracked())
            .collect();
        assert_eq!(rolling.iter().filter(|&&can| can).count(), 1, "{rolling:?}");
        play_a_turn(&mut server, &staying);
    }
    let written = |device: &Device| device.store.table().game_now(|game| game.log().len());
    assert_eq!(written(&devices[3]), Some(3), "nobody is stuck");
}
