//! Online rooms: devices (stores over storages of their own) talk to a room server played by the room
//! crate's own host, through links that record what each device sends.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use fivedice_room::{Action, ClientMessage, Delivery, LogEntry, RoomHost, RoomName};
use fivedice_rules::{Face, Preview, RulesetId};
use fivedice_worker::Level;
use leptos::prelude::*;

use super::super::{GameStore, Reading as _, RoomLink, RoomState, reconnect_delay};
use super::{CLOCK, store_over};
use crate::launch::RoomLaunch;
use crate::storage::Storage;
use crate::storage::memory::MemoryBackend;

thread_local! {
    /// Numbers the connections the server sees, one for each time a link connects.
    static CONNECTIONS: Cell<u64> = const { Cell::new(0) };
}

/// What a device sent, and whether its connection is up (and which it is, for the server).
#[derive(Default)]
struct RecordingLink {
    sent: RefCell<Vec<ClientMessage>>,
    open: Cell<bool>,
    connection: Cell<u64>,
    /// The commands whose answer the store awaits, by number, for the test to say when time is up.
    awaited: RefCell<Vec<u64>>,
}

impl RoomLink for RecordingLink {
    fn connect(&self, _store: GameStore) {
        self.connection.set(CONNECTIONS.with(|count| {
            count.set(count.get() + 1);
            count.get()
        }));
        self.open.set(true);
    }

    fn send(&self, message: &ClientMessage) -> bool {
        if self.open.get() {
            self.sent.borrow_mut().push(message.clone());
        }
        self.open.get()
    }

    fn expect_answer(&self, _store: GameStore, number: u64) {
        self.awaited.borrow_mut().push(number);
    }

    fn close(&self) {
        self.open.set(false);
    }
}

struct Device {
    store: GameStore,
    link: Rc<RecordingLink>,
    backend: Rc<MemoryBackend>,
    /// Said hello on the open connection, so the server sends it the room's events.
    in_room: Cell<bool>,
}

/// The room server: the room crate's own host, its log in memory, dice from a fixed generator, and a clock
/// the test moves on.
struct Server {
    host: RoomHost,
    log: Vec<LogEntry>,
    dice: u32,
    now_ms: u64,
}

impl Server {
    fn new(name: &str) -> Server {
        Server {
            host: RoomHost::new(RoomName::parse(name).unwrap()),
            log: Vec::new(),
            dice: 3,
            now_ms: 0,
        }
    }

    fn handle(&mut self, from: u64, message: ClientMessage) -> Vec<Delivery> {
        let token = format!("token-{}", self.host.room().seats().len());
        let state = &mut self.dice;
        let mut dice = || {
            *state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            Face::ALL[(*state >> 16) as usize % 6]
        };
        self.host
            .answer(from, message, &mut self.log, &mut dice, || token, self.now_ms)
    }

    /// A device's connection dropped: everybody left hears who is here.
    fn drop_connection(&mut self, from: &Device, devices: &[&Device]) {
        from.link.open.set(false);
        from.in_room.set(false);
        let presence = self.host.leave(from.link.connection.get(), self.now_ms);
        deliver(0, vec![Delivery::ToAll(presence)], devices);
    }
}

/// Hands each message to the devices it is for (those connected and in the room): `from` is the connection
/// whose message it answers.
fn deliver(from: u64, deliveries: Vec<Delivery>, devices: &[&Device]) {
    for delivery in deliveries {
        let (message, to_all) = match delivery {
            Delivery::ToSender(message) => (message, false),
            Delivery::ToAll(message) => (message, true),
        };
        for receiver in devices {
            let addressed = to_all || receiver.link.connection.get() == from;
            if addressed && receiver.link.open.get() && receiver.in_room.get() {
                receiver.store.receive(message.clone());
            }
        }
    }
}

/// Delivers every message sent until all is quiet.
fn pump(server: &mut Server, devices: &[&Device]) {
    loop {
        let mut quiet = true;
        for device in devices {
            let sent: Vec<ClientMessage> = device.link.sent.borrow_mut().drain(..).collect();
            for message in sent {
                quiet = false;
                if matches!(message, ClientMessage::Hello { .. }) {
                    device.in_room.set(true);
                }
                let from = device.link.connection.get();
                deliver(from, server.handle(from, message), devices);
            }
        }
        if quiet {
            return;
        }
    }
}

fn device() -> Device {
    let backend = Rc::new(MemoryBackend::default());
    device_over(backend)
}

/// A device over this storage (a reload when the storage was another device's): the page's load.
fn device_over(backend: Rc<MemoryBackend>) -> Device {
    let store = GameStore::new(
        Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    let link = Rc::new(RecordingLink::default());
    store.set_room_link(link.clone());
    if let Some(room) = store.load("").room {
        store.open_room(room);
    }
    if link.open.get() {
        // The page reopened its room: the socket opens, and the store greets the server.
        store.room_connected();
    }
    Device {
        store,
        link,
        backend,
        in_room: Cell::new(false),
    }
}

fn enter(device: &Device, room: &str, player: Option<&str>) {
    device.store.open_room(RoomLaunch {
        room: RoomName::parse(room).unwrap(),
        player: player.map(str::to_string),
        rules: None,
    });
    device.in_room.set(false);
    device.store.room_connected();
}

fn view(device: &Device) -> crate::store::RoomView {
    device.store.room_view().get_untracked().expect("a room is open")
}

/// Three devices seated in one room, Anna hosting, the game started.
fn three_at_a_started_table() -> (Server, [Device; 3]) {
    Owner::new().set();
    let mut server = Server::new("Friday");
    let devices = [device(), device(), device()];
    for (device, name) in devices.iter().zip(["Anna", "Ben", "Cleo"]) {
        enter(device, "friday", Some(name));
        pump(&mut server, &devices.each_ref());
    }
    devices[0].store.start_room_game();
    pump(&mut server, &devices.each_ref());
    (server, devices)
}

/// The device that holds the seat to play, and that seat.
fn device_to_play<'a>(devices: &[&'a Device]) -> &'a Device {
    let seat = devices[0]
        .store
        .current_seat()
        .get_untracked()
        .expect("a seat to play");
    devices
        .iter()
        .copied()
        .find(|device| view(device).own_seats.contains(&seat))
        .expect("a device holds the seat")
}

/// The device to play rolls once and scores its first open cell.
fn play_a_turn(server: &mut Server, devices: &[&Device]) {
    let device = device_to_play(devices);
    device.store.roll();
    pump(server, devices);
    let seat = device.store.current_seat().get_untracked().unwrap();
    let category = device
        .store
        .game_now(|game| {
            game.rules()
                .ruleset()
                .cells
                .iter()
                .map(|cell| cell.category)
                .find(|&category| game.sheets()[seat].is_open(category))
        })
        .flatten()
        .unwrap();
    device.store.open_picker(category.into());
    device.store.confirm();
    pump(server, devices);
}

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
    assert!(devices[0].store.in_room_lobby().get_untracked());
    devices[1].store.start_room_game();
    assert!(
        devices[1].link.sent.borrow().is_empty(),
        "only the host's device starts"
    );
    devices[0].store.choose_room_rules(
        RulesetId::Yatzy,
        None,
        fivedice_rules::DiceMode::App,
        fivedice_rules::Columns::ONE,
    );
    // Until the choice's event is back, a Start would be refused as stale: it waits.
    assert!(!view(&devices[0]).can_start);
    devices[0].store.start_room_game();
    assert_eq!(devices[0].link.sent.borrow().len(), 1, "the choice alone went");
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).rules.id(), RulesetId::Yatzy);
    assert!(view(&devices[0]).can_start);
    devices[0].store.start_room_game();
    devices[0].store.start_room_game();
    assert_eq!(
        devices[0].link.sent.borrow().len(),
        1,
        "a second tap sends no second Start"
    );
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(view(device).state, RoomState::Playing);
        assert!(device.store.has_table().get_untracked());
        assert_eq!(device.store.players().get_untracked(), ["Anna", "Ben"]);
    }
}

#[test]
fn only_the_device_holding_the_seat_to_play_acts_and_everyone_sees_it() {
    let (mut server, devices) = three_at_a_started_table();
    let playing = device_to_play(&devices.each_ref());
    for device in &devices {
        let mine = std::ptr::eq(device, playing);
        assert_eq!(device.store.can_roll().get_untracked(), mine);
        device.store.roll();
        if !mine {
            assert!(
                device.link.sent.borrow().is_empty(),
                "a watcher's tap sends nothing"
            );
            assert!(
                device
                    .store
                    .notice()
                    .get_untracked()
                    .unwrap()
                    .contains("not this device's turn")
            );
        }
    }
    assert_eq!(
        devices[0].store.turn().get_untracked().rolls_used,
        0,
        "nothing changes before the event"
    );
    pump(&mut server, &devices.each_ref());
    let turn = playing.store.turn().get_untracked();
    assert_eq!(turn.rolls_used, 1);
    playing.store.toggle_hold(3);
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(
            device.store.turn().get_untracked().dice,
            turn.dice,
            "every device sees the dice"
        );
        assert!(device.store.turn().get_untracked().held[3], "and every hold");
    }
    let seat = playing.store.current_seat().get_untracked().unwrap();
    assert!(matches!(
        playing
            .store
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
            .cell_preview(seat, fivedice_rules::Category::Chance.into())
            .get_untracked(),
        None
    );
    playing.store.open_picker(fivedice_rules::Category::Chance.into());
    playing.store.confirm();
    pump(&mut server, &devices.each_ref());
    let written = devices[2]
        .store
        .cell_value(seat, fivedice_rules::Category::Chance.into())
        .get_untracked();
    assert_eq!(written, Some(turn.dice.unwrap().counts().sum()));
    assert_eq!(
        other.store.undoable().get_untracked(),
        None,
        "only the seat that wrote takes it back"
    );
    assert!(playing.store.undoable().get_untracked().is_some());
    playing.store.undo();
    pump(&mut server, &devices.each_ref());
    assert_eq!(
        devices[1]
            .store
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
    let standings = devices[0].store.standings().get_untracked();
    assert_eq!(standings.len(), 3);
    for device in &devices {
        assert!(device.store.is_over().get_untracked());
        assert_eq!(view(device).state, RoomState::Finished);
        assert_eq!(device.store.standings().get_untracked(), standings);
        assert_eq!(
            device.store.history().get_untracked().len(),
            1,
            "in this device's history"
        );
        assert_eq!(
            device.store.decisions().get_untracked().len(),
            cells * 3,
            "every cell written is a decision for the analysis"
        );
        let reloaded = store_over(&device.backend);
        assert_eq!(reloaded.history().get_untracked().len(), 1, "and saved there");
        let storage = Storage::with_backend(Box::new(device.backend.clone()), CLOCK.now_ms);
        assert!(
            storage.tables().value.current.is_empty(),
            "never among the local tables"
        );
    }
    // The last box can still be taken back after the end, by the device holding the seat that wrote it.
    let can_undo: Vec<bool> = devices
        .iter()
        .map(|device| device.store.undoable().get_untracked().is_some())
        .collect();
    assert_eq!(can_undo.iter().filter(|&&can| can).count(), 1, "{can_undo:?}");
    let writer = devices
        .iter()
        .find(|device| device.store.undoable().get_untracked().is_some())
        .unwrap();
    writer.store.undo();
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert!(!device.store.is_over().get_untracked());
        assert!(
            device.store.history().get_untracked().is_empty(),
            "it leaves each history"
        );
    }
    play_a_turn(&mut server, &devices.each_ref());
    assert!(
        devices
            .iter()
            .all(|device| device.store.history().get_untracked().len() == 1)
    );
    let totals = |device: &Device| device.store.totals(0).get_untracked();
    assert_eq!(totals(&devices[0]), totals(&devices[2]));
}

/// The rolls the room has drawn so far.
fn rolls_drawn(server: &Server) -> usize {
    let rolls = server.log.iter().filter(|entry| {
        matches!(
            entry.event,
            fivedice_room::Event::Played {
                play: fivedice_rules::Play::Roll(_),
                ..
            }
        )
    });
    rolls.count()
}

#[test]
fn a_command_lost_with_its_connection_goes_again_once_the_device_is_back() {
    let (mut server, devices) = three_at_a_started_table();
    let playing = device_to_play(&devices.each_ref());
    playing.store.roll();
    // The connection looks open, but what goes into it no longer reaches the room (its far end died).
    let lost = playing.link.sent.borrow_mut().drain(..).count();
    assert_eq!(lost, 1);
    let command = *playing
        .link
        .awaited
        .borrow()
        .last()
        .expect("the roll awaits its answer");
    playing.store.roll();
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
    assert!(!playing.store.can_roll().get_untracked());
    assert!(
        playing.link.connection.get() > connection,
        "the device connects again"
    );
    playing.in_room.set(false);
    playing.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(rolls_drawn(&server), 1, "the roll went again, once");
    for device in &devices {
        assert_eq!(device.store.turn().get_untracked().rolls_used, 1);
    }
    assert_eq!(view(playing).state, RoomState::Playing);
    assert!(
        playing.store.notice().get_untracked().is_none(),
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
    playing.store.roll();
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
    assert_eq!(playing.store.turn().get_untracked().rolls_used, 2);
    assert!(!playing.store.awaiting_answer());
    assert!(
        playing.store.can_roll().get_untracked(),
        "the next tap is the player's"
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
        reloaded.store.turn().get_untracked(),
        devices[0].store.turn().get_untracked(),
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
            .cell_value(0, fivedice_rules::Category::Aces.into())
            .get_untracked(),
        devices[0]
            .store
            .cell_value(0, fivedice_rules::Category::Aces.into())
            .get_untracked()
    );
}

#[test]
fn opening_names_the_room_an_address_asks_for_or_the_one_open_last() {
    let device = device();
    let opening = device.store.load("?room=Friday&name=Anna&rules=yam");
    assert!(opening.asked_by_address);
    assert_eq!(
        opening.room,
        Some(RoomLaunch {
            room: RoomName::parse("friday").unwrap(),
            player: Some("Anna".into()),
            rules: Some(fivedice_rules::RulesetId::Yam),
        })
    );
    assert!(
        device.store.table.get_untracked().is_none(),
        "the room opens once its chunk is here"
    );
    enter(&device, "Friday", Some("Anna"));
    let reloaded = device_over(device.backend.clone());
    assert!(reloaded.link.open.get(), "the room open last opens again");
    let again = GameStore::new(
        Storage::with_backend(Box::new(device.backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    let opening = again.load("");
    assert!(!opening.asked_by_address);
    assert_eq!(
        opening.room.map(|room| room.room),
        Some(RoomName::parse("friday").unwrap())
    );
    let bad = again.load("?room=&name=Anna");
    assert!(bad.asked_by_address && bad.room.is_none());
    assert!(again.room_join_error().get_untracked().is_some());
}

#[test]
fn a_dropped_connection_shows_offline_reconnects_and_catches_up() {
    let (mut server, devices) = three_at_a_started_table();
    // The device whose seat plays third: the two others play their turns while it is away.
    let first = devices[0].store.current_seat().get_untracked().unwrap();
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
    assert!(!away.store.can_roll().get_untracked());
    let others: Vec<&Device> = devices
        .iter()
        .filter(|device| !std::ptr::eq(*device, away))
        .collect();
    for _ in 0..2 {
        play_a_turn(&mut server, &others);
    }
    let written = |device: &Device| device.store.game_now(|game| game.log().len());
    assert_eq!((written(away), written(present)), (Some(0), Some(2)));
    away.store.room_disconnected();
    away.link.connect(away.store);
    away.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(away).state, RoomState::Playing);
    assert_eq!(written(away), Some(2), "caught up");
    assert!(away.store.can_roll().get_untracked(), "and plays its turn");
    for seat in 0..3 {
        assert_eq!(
            away.store.totals(seat).get_untracked(),
            present.store.totals(seat).get_untracked()
        );
    }
    assert_eq!(reconnect_delay(0).as_millis(), 500);
    assert_eq!(reconnect_delay(1).as_millis(), 1000);
    assert_eq!(reconnect_delay(20).as_secs(), 8, "the wait stops growing");
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
    assert!(late.store.has_table().get_untracked(), "it watches the table");
    assert!(!late.store.can_roll().get_untracked());
    assert_eq!(
        late.store.notice().get_untracked(),
        None,
        "the refusal shows in the room, not the notice"
    );
    play_a_turn(&mut server, &devices.each_ref());
    assert_eq!(
        late.store.turn().get_untracked(),
        devices[0].store.turn().get_untracked()
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
    devices[0].store.seat_another_player("   ");
    assert!(
        devices[0].link.sent.borrow().is_empty(),
        "an empty name is not sent"
    );
    assert!(
        devices[0].store.notice().get_untracked().is_some(),
        "and says why"
    );
    devices[0].store.seat_another_player(" Ben ");
    pump(&mut server, &devices.each_ref());
    enter(&devices[1], "friday", Some("Cleo"));
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).own_seats, [2]);
    devices[1].store.seat_another_player("Anna");
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

    devices[0].store.start_room_game();
    pump(&mut server, &devices.each_ref());
    assert!(!view(&devices[0]).can_seat_another, "only in the lobby");
    for _ in 0..6 {
        let seat = devices[0].store.current_seat().get_untracked().unwrap();
        let here = usize::from(seat == 2);
        assert!(devices[here].store.can_roll().get_untracked());
        assert!(!devices[1 - here].store.can_roll().get_untracked());
        play_a_turn(&mut server, &devices.each_ref());
    }
    let written = |device: &Device| device.store.game_now(|game| game.log().len());
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
    devices[1].store.add_room_computer(Level::Casual);
    assert!(
        devices[1].link.sent.borrow().is_empty(),
        "only the host adds computers"
    );
    // One added by mistake is taken away again, by the host alone.
    devices[0].store.add_room_computer(Level::Casual);
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
    devices[0].store.remove_room_computer(2);
    pump(&mut server, &devices.each_ref());
    assert_eq!(view(&devices[1]).players.len(), 2);
    devices[0].store.add_room_computer(Level::Winner);
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
    devices[0].store.start_room_game();
    pump(&mut server, &devices.each_ref());
    for device in &devices {
        assert_eq!(device.store.computer_at(2).get_untracked(), Some(Level::Winner));
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

#[test]
fn the_host_lets_a_computer_play_a_seat_away_two_minutes_and_gives_it_back() {
    let (mut server, devices) = three_at_a_started_table();
    let player = |device: &Device, seat: usize| view(device).players[seat].clone();
    let away = &devices[2];
    assert_eq!(view(away).own_seats, [2]);
    server.drop_connection(away, &devices.each_ref());
    away.store.room_disconnected();
    assert!(player(&devices[0], 2).away, "a seat nobody holds now is away");
    assert!(!player(&devices[0], 2).can_take_over, "not before two minutes");
    server.now_ms += fivedice_room::TAKE_OVER_AFTER_MS;
    let presence = server.host.presence(server.now_ms);
    deliver(0, vec![Delivery::ToAll(presence)], &devices.each_ref());
    assert!(
        player(&devices[0], 2).can_take_over,
        "the host may let a computer play"
    );
    assert!(!player(&devices[1], 2).can_take_over, "nobody else");
    devices[0].store.take_over_seat(2);
    pump(&mut server, &devices.each_ref());
    assert!(player(&devices[1], 2).stand_in);
    assert_eq!(
        devices[1].store.computer_at(2).get_untracked(),
        Some(fivedice_room::STAND_IN),
        "every device shows the computer at that seat"
    );
    away.link.connect(away.store);
    away.store.room_connected();
    pump(&mut server, &devices.each_ref());
    assert!(player(away, 2).stand_in, "it caught up");
    assert!(player(away, 2).can_give_back, "its person may take it back");
    away.store.give_back_seat(2);
    pump(&mut server, &devices.each_ref());
    assert!(!player(&devices[0], 2).stand_in);
    assert_eq!(devices[0].store.computer_at(2).get_untracked(), None);
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
        playing
            .store
            .notice()
            .get_untracked()
            .unwrap()
            .contains("changed before your tap"),
        "a refusal shows in the notice bar"
    );
    playing.store.leave();
    assert!(playing.store.room_view().get_untracked().is_none());
    assert!(!playing.store.has_table().get_untracked());
    assert!(!playing.link.open.get(), "the connection is closed");
    let reopened = device_over(playing.backend.clone());
    assert!(
        reopened.store.room_view().get_untracked().is_none(),
        "a reload stays on the start screen"
    );
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
    devices[0].store.leave_room();
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
    let staying: Vec<&Device> = devices[1..].iter().collect();
    devices[1].store.start_room_game();
    pump(&mut server, &staying);
    for _ in 0..3 {
        let rolling: Vec<bool> = devices[1..]
            .iter()
            .map(|device| device.store.can_roll().get_untracked())
            .collect();
        assert_eq!(rolling.iter().filter(|&&can| can).count(), 1, "{rolling:?}");
        play_a_turn(&mut server, &staying);
    }
    let written = |device: &Device| device.store.game_now(|game| game.log().len());
    assert_eq!(written(&devices[3]), Some(3), "nobody is stuck");
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
    let mut saved = crate::table::online::SavedRoom::read(&kept).unwrap();
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
        devices[1].store.game_now(|game| game.log().len()),
        devices[0].store.game_now(|game| game.log().len())
    );
    play_a_turn(&mut server, &devices);
}
