//! An online device's connection: a command lost with it goes again, a reload resumes the seat, a dropped
//! connection catches up (and a seat away long enough is played by a computer), a device that lost its log
//! starts over, the room an address names opens, a refused action is told (a move's boxes named as the sheet
//! prints them) and leaving closes the room.

use fivedice_room::{Action, ClientMessage, Delivery, RoomName};
use leptos::prelude::*;

use super::super::{GameStore, Reading as _, RoomLink as _, RoomState, reconnect_delay};
use super::room_server::*;
use super::{CLOCK, told};
use crate::launch::RoomLaunch;
use crate::storage::Storage;

#[test]
fn a_room_opened_for_a_game_chooses_it_once_its_host_is_seated_even_alone() {
    Owner::new().set();
    let mut server = Server::new("lawn");
    let host = device();
    let game = crate::launch::RoomGame {
        rules: fivedice_rules::Rules::new(fivedice_rules::RulesetId::Yardzee),
        dice: fivedice_rules::DiceMode::Pad,
    };
    host.store.open_room(RoomLaunch {
        room: RoomName::parse("lawn").unwrap(),
        player: Some("Ana".into()),
        game: Some(game),
        hand_over: None,
    });
    host.store.room_connected();
    pump(&mut server, &[&host]);
    // The seat is granted after its entry: the game is chosen then, not when a second person joins.
    let chosen = host.store.table().with_untracked(|table| {
        let room = &table.as_ref()?.room();
        Some((room.rules(), room.dice_mode()))
    });
    assert_eq!(chosen, Some((game.rules, game.dice)));
}

#[test]
fn a_command_lost_with_its_connection_goes_again_once_the_device_is_back() {
    let (mut server, devices) = three_at_a_started_table();
    let playing = device_to_play(&devices.each_ref());
    playing.store.controls().roll();
    // The connection looks open, but what goes into it no longer reaches the room (its far end died).
    let lost = playing.link.sent.borrow_mut().drain(..).count();
    assert_eq!(lost, 1);
    let command = *playing
        .link
        .awaited
        .borrow()
        .last()
        .expect("the roll awaits its answer");
    playing.store.controls().roll();
    assert!(
        playing.link.sent.borrow().is_empty(),
        "a second tap does not send a second roll meanwhile"
    );
    let connection = playing.link.connection.get();
    playing.store.answer_overdue(command);
    assert_eq!(
        view(playing).state,
        RoomState::Offline,
        "the device says it is reconnecting"
    );
    assert!(!playing.store.table().can_roll().get_untracked());
    assert!(
        playing.link.connection.get() > connection,
        "the device connects again"
    );
    playing.in_room.set(false);
    playing.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(rolls_drawn(&server), 1, "the roll went again, once");
    for device in &devices {
        assert_eq!(device.store.table().turn().get_untracked().rolls_used, 1);
    }
    assert_eq!(view(playing).state, RoomState::Playing);
    assert!(
        playing.store.notices().notice().get_untracked().is_none(),
        "nothing went wrong to tell"
    );
    let answered = *playing.link.awaited.borrow().last().unwrap();
    playing.store.answer_overdue(answered);
    assert_eq!(
        view(playing).state,
        RoomState::Playing,
        "an answered command's time running out changes nothing"
    );

    // The next roll reaches the room, but its answer is lost with the connection: once back, the device
    // catches up with the roll, and sends nothing again.
    playing.store.controls().roll();
    let sent: Vec<ClientMessage> = playing.link.sent.borrow_mut().drain(..).collect();
    let from = playing.link.connection.get();
    for message in sent {
        server.handle(from, message);
    }
    let command = *playing.link.awaited.borrow().last().unwrap();
    playing.store.answer_overdue(command);
    playing.in_room.set(false);
    playing.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(rolls_drawn(&server), 2, "the second roll was drawn once");
    assert_eq!(playing.store.table().turn().get_untracked().rolls_used, 2);
    assert!(!playing.store.table().awaiting_answer());
    assert!(
        playing.store.table().can_roll().get_untracked(),
        "the next tap is the player's"
    );
}

/// A command on its way holds back the taps that would be stale, and every way its answer comes ends that:
/// its event, its refusal, the room moving past the entry it was sent at (caught up after a reconnection),
/// another table opened. (Its time running out is the test above.)
#[test]
fn a_command_in_flight_ends_with_its_event_its_refusal_the_room_moving_on_or_another_table() {
    let (mut server, devices) = three_at_a_started_table();
    let all = devices.each_ref();
    let playing = device_to_play(&all);
    let from = playing.link.connection.get();

    // Its event.
    playing.store.controls().roll();
    assert!(playing.store.table().awaiting_answer());
    playing.store.controls().roll();
    assert_eq!(
        playing.link.sent.borrow().len(),
        1,
        "a second tap meanwhile sends nothing"
    );
    pump(&mut server, &all);
    assert!(!playing.store.table().awaiting_answer(), "ended by its event");

    // Its refusal: the room refuses the roll (here, arriving on a connection it does not know).
    playing.store.controls().roll();
    let sent: Vec<ClientMessage> = playing.link.sent.borrow_mut().drain(..).collect();
    assert_eq!(sent.len(), 1);
    let stranger = from + 1_000;
    let refused = server.handle(stranger, sent[0].clone());
    assert!(
        matches!(refused.as_slice(), [Delivery::ToSender(_)]),
        "{refused:?}"
    );
    deliver(from, refused, &all);
    assert!(!playing.store.table().awaiting_answer(), "ended by its refusal");
    assert!(
        playing.store.notices().notice().get_untracked().is_some(),
        "and the player is told"
    );
    assert_eq!(rolls_drawn(&server), 1);

    // The room moving on past it: the roll reaches the room, its answer is lost, and the device hears the
    // room's later entries when it catches up.
    playing.store.controls().roll();
    let sent: Vec<ClientMessage> = playing.link.sent.borrow_mut().drain(..).collect();
    for message in sent {
        server.handle(from, message);
    }
    assert!(playing.store.table().awaiting_answer());
    playing.in_room.set(false);
    playing.store.room_connected();
    pump(&mut server, &all);
    assert!(
        !playing.store.table().awaiting_answer(),
        "ended by the room moving past it"
    );
    assert_eq!(rolls_drawn(&server), 2, "and nothing was sent again");

    // Another table opened: a table on this device answers within the tap, and the room's command is no
    // longer this screen's to wait for.
    playing.store.controls().roll();
    assert!(playing.store.table().awaiting_answer());
    playing.store.tables().start(
        crate::table::testing::request(
            fivedice_rules::RulesetId::Yatzy,
            fivedice_rules::DiceMode::App,
            &["Ann"],
            Some(3),
        ),
        "Here".into(),
    );
    assert!(
        !playing.store.table().awaiting_answer(),
        "ended by another table opened"
    );
    playing.store.controls().roll();
    assert_eq!(
        playing.store.table().turn().get_untracked().rolls_used,
        1,
        "that table's first tap plays at once"
    );
}

#[test]
fn a_reload_resumes_the_seat_from_the_log_it_kept() {
    let (mut server, devices) = three_at_a_started_table();
    play_a_turn(&mut server, &devices.each_ref());
    let before = view(&devices[1]);
    let reloaded = device_over(devices[1].backend.clone());
    match reloaded.link.sent.borrow().first() {
        Some(ClientMessage::Hello {
            room, tokens, seen, ..
        }) => {
            assert_eq!(room, "friday");
            assert_eq!(tokens.len(), 1);
            assert_eq!(*seen, server.host.room().seq(), "it replayed the log it kept");
        }
        other => panic!("expected a hello, got {other:?}"),
    }
    assert_eq!(
        reloaded.store.table().turn().get_untracked(),
        devices[0].store.table().turn().get_untracked(),
        "the table shows before the server answers"
    );
    let devices = [&devices[0], &reloaded, &devices[2]];
    pump(&mut server, &devices);
    let after = view(devices[1]);
    assert_eq!(
        (after.own_seats, after.state),
        (before.own_seats, RoomState::Playing)
    );
    play_a_turn(&mut server, &devices);
    assert_eq!(
        devices[1]
            .store
            .table()
            .cell_value(0, fivedice_rules::Category::Aces.into())
            .get_untracked(),
        devices[0]
            .store
            .table()
            .cell_value(0, fivedice_rules::Category::Aces.into())
            .get_untracked()
    );
}

#[test]
fn opening_names_the_room_an_address_asks_for_or_the_one_open_last() {
    let device = device();
    let opening = device.store.tables().load("?room=Friday&name=Anna&rules=yam");
    assert!(opening.asked_by_address);
    assert_eq!(
        opening.room, None,
        "the launch chunk opens the address's room itself"
    );
    assert!(device.link.open.get(), "it connects");
    assert_eq!(view(&device).key, "friday");
    device.store.room_connected();
    assert_eq!(
        device.link.sent.borrow().first(),
        Some(&ClientMessage::Hello {
            version: fivedice_room::PROTOCOL_VERSION,
            room: "Friday".into(),
            tokens: Vec::new(),
            seen: 0,
        })
    );
    enter(&device, "Friday", Some("Anna"));
    let reloaded = device_over(device.backend.clone());
    assert!(reloaded.link.open.get(), "the room open last opens again");
    let again = GameStore::new(
        Storage::with_backend(Box::new(device.backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    let opening = again.tables().load("");
    assert!(!opening.asked_by_address);
    assert_eq!(
        opening.room.map(|room| room.room),
        Some(RoomName::parse("friday").unwrap())
    );
    let bad = again.tables().load("?room=&name=Anna");
    assert!(bad.asked_by_address && bad.room.is_none());
    assert!(again.notices().join_error().get_untracked().is_some());
}

#[test]
fn a_dropped_connection_shows_offline_reconnects_and_catches_up() {
    let (mut server, devices) = three_at_a_started_table();
    // The device whose seat plays third: the two others play their turns while it is away.
    let first = devices[0].store.table().current_seat().get_untracked().unwrap();
    let away = devices
        .iter()
        .find(|device| view(device).own_seats == [(first + 2) % 3])
        .unwrap();
    let present = devices
        .iter()
        .find(|device| !std::ptr::eq(*device, away))
        .unwrap();
    server.drop_connection(away, &devices.each_ref());
    assert_eq!(away.store.room_disconnected(), Some(reconnect_delay(0)));
    assert_eq!(view(away).state, RoomState::Offline);
    assert!(!away.store.table().can_roll().get_untracked());
    let others: Vec<&Device> = devices
        .iter()
        .filter(|device| !std::ptr::eq(*device, away))
        .collect();
    for _ in 0..2 {
        play_a_turn(&mut server, &others);
    }
    let written = |device: &Device| device.store.table().game_now(|game| game.log().len());
    assert_eq!((written(away), written(present)), (Some(0), Some(2)));
    away.store.room_disconnected();
    away.link.connect(away.store);
    away.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(away).state, RoomState::Playing);
    assert_eq!(written(away), Some(2), "caught up");
    assert!(
        away.store.table().can_roll().get_untracked(),
        "and plays its turn"
    );
    for seat in 0..3 {
        assert_eq!(
            away.store.table().totals(seat).get_untracked(),
            present.store.table().totals(seat).get_untracked()
        );
    }
    assert_eq!(reconnect_delay(0).as_millis(), 500);
    assert_eq!(reconnect_delay(1).as_millis(), 1000);
    assert_eq!(reconnect_delay(20).as_secs(), 8, "the wait stops growing");
}

/// A device whose kept log is gone (another version wrote it, or it was cleared) greets the server from the
/// start: it catches up on the whole log and still holds its seat.
#[test]
fn a_device_that_lost_its_log_catches_up_from_the_start_and_keeps_its_seat() {
    let (mut server, devices) = three_at_a_started_table();
    play_a_turn(&mut server, &devices.each_ref());
    let before = view(&devices[1]);
    let key = "fivedice.room.friday";
    let kept = crate::storage::Backend::get(&*devices[1].backend, key).expect("the room is kept");
    let mut saved = fivedice_saved::SavedRoom::read(&kept).unwrap();
    saved.entries.clear();
    crate::storage::Backend::set(&*devices[1].backend, key, &saved.to_text()).unwrap();
    let reloaded = device_over(devices[1].backend.clone());
    let devices = [&devices[0], &reloaded, &devices[2]];
    pump(&mut server, &devices);
    let after = view(devices[1]);
    assert_eq!(
        (after.own_seats, after.state),
        (before.own_seats, RoomState::Playing)
    );
    assert_eq!(
        devices[1].store.table().game_now(|game| game.log().len()),
        devices[0].store.table().game_now(|game| game.log().len())
    );
    play_a_turn(&mut server, &devices);
}

#[test]
fn anybody_seated_lets_a_computer_play_a_seat_away_long_enough_and_gives_it_back() {
    let (mut server, devices) = three_at_a_started_table();
    let player = |device: &Device, seat: usize| view(device).players[seat].clone();
    let away = &devices[2];
    assert_eq!(view(away).own_seats, [2]);
    server.drop_connection(away, &devices.each_ref());
    away.store.room_disconnected();
    assert!(player(&devices[0], 2).away, "a seat nobody holds now is away");
    assert!(!player(&devices[0], 2).can_take_over, "not before its wait");
    server.now_ms += fivedice_room::TAKE_OVER_AFTER_MS;
    let presence = server.host.presence(server.now_ms);
    deliver(0, vec![Delivery::ToAll(presence)], &devices.each_ref());
    assert!(
        player(&devices[0], 2).can_take_over,
        "the host may let a computer play"
    );
    assert!(player(&devices[1], 2).can_take_over, "and so may anybody seated");
    let level = fivedice_worker::Level::Casual;
    devices[1].store.lobby().take_over_seat(2, level, false);
    pump(&mut server, &devices.each_ref());
    assert!(player(&devices[1], 2).stand_in);
    assert_eq!(
        devices[1].store.table().computer_at(2).get_untracked(),
        Some(level),
        "every device shows the computer at that seat, at the level chosen"
    );
    away.link.connect(away.store);
    away.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert!(player(away, 2).stand_in, "it caught up");
    assert!(player(away, 2).can_give_back, "its person may take it back");
    away.store.lobby().give_back_seat(2);
    pump(&mut server, &devices.each_ref());
    assert!(!player(&devices[0], 2).stand_in);
    assert_eq!(devices[0].store.table().computer_at(2).get_untracked(), None);
}

#[test]
fn a_refused_action_is_told_and_leaving_closes_the_room() {
    let (mut server, devices) = three_at_a_started_table();
    let playing = device_to_play(&devices.each_ref());
    let seat = view(playing).own_seats[0];
    let stale = ClientMessage::Act {
        token: format!("token-{seat}"),
        at: 0,
        action: Action::Roll,
    };
    playing.link.sent.borrow_mut().push(stale);
    pump(&mut server, &devices.each_ref());
    assert!(
        told(&playing.store).contains("changed before your tap"),
        "a refusal shows in the notice bar"
    );
    playing.store.tables().leave();
    assert!(playing.store.table().room_view().get_untracked().is_none());
    assert!(!playing.store.table().has_table().get_untracked());
    assert!(!playing.link.open.get(), "the connection is closed");
    let reopened = device_over(playing.backend.clone());
    assert!(
        reopened.store.table().room_view().get_untracked().is_none(),
        "a reload stays on the start screen"
    );
}

#[test]
fn a_move_the_rooms_rules_refuse_names_its_box_as_the_sheet_prints_it() {
    use fivedice_rules::{Category, GameError, Play};
    let (mut server, devices) = three_at_a_started_table();
    for _ in 0..3 {
        play_a_turn(&mut server, &devices.each_ref());
    }
    // Each player wrote Ones (aces); the next to play rolls, and asks for Ones again, past the page's own checks.
    let playing = device_to_play(&devices.each_ref());
    playing.store.controls().roll();
    pump(&mut server, &devices.each_ref());
    let seat = playing.store.table().current_seat().get_untracked().unwrap();
    let again = ClientMessage::Act {
        token: format!("token-{seat}"),
        at: server.log.len() as u64,
        action: Action::Play(Play::Score(Category::Aces.into())),
    };
    playing.link.sent.borrow_mut().push(again);
    pump(&mut server, &devices.each_ref());
    let said = told(&playing.store);
    assert!(said.contains("“Ones”"), "the box as the sheet prints it: {said}");
    assert!(!said.contains("aces"), "no id: {said}");
    assert!(
        GameError::CellFilled(Category::Aces).to_string().contains("aces"),
        "the rules' own words name the id, which the page words over"
    );
}
