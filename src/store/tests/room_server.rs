//! The room server and its devices as the online tests play them: the room crate's own host, devices (stores
//! over storages of their own) and links that record what each device sends, delivered until all is quiet.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use fivedice_room::{ClientMessage, Delivery, HandOvers, LogEntry, RoomHost, RoomName, SeatRequests};
use fivedice_rules::{DiceSource, Face};
use leptos::prelude::*;

use super::super::{GameStore, Reading as _, RoomLink};
use super::CLOCK;
use crate::launch::RoomLaunch;
use crate::storage::Storage;
use crate::storage::memory::MemoryBackend;

thread_local! {
    /// Numbers the connections the server sees, one for each time a link connects.
    static CONNECTIONS: Cell<u64> = const { Cell::new(0) };
}

/// What a device sent, and whether its connection is up (and which it is, for the server).
#[derive(Default)]
pub(super) struct RecordingLink {
    pub(super) sent: RefCell<Vec<ClientMessage>>,
    pub(super) open: Cell<bool>,
    pub(super) connection: Cell<u64>,
    /// The commands whose answer the store awaits, by number, for the test to say when time is up.
    pub(super) awaited: RefCell<Vec<u64>>,
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

pub(super) struct Device {
    pub(super) store: GameStore,
    pub(super) link: Rc<RecordingLink>,
    pub(super) backend: Rc<MemoryBackend>,
    /// Said hello on the open connection, so the server sends it the room's events.
    pub(super) in_room: Cell<bool>,
}

/// A fixed generator that seals, as the room server's dice do.
struct SealedDice<'a>(&'a mut u32);

impl SealedDice<'_> {
    fn next(&mut self) -> u32 {
        *self.0 = self.0.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        *self.0 >> 16
    }
}

impl DiceSource for SealedDice<'_> {
    const SEALS: bool = true;

    fn roll_die(&mut self) -> Face {
        Face::ALL[self.next() as usize % 6]
    }

    fn new_seed(&mut self) -> Option<[u8; 32]> {
        Some(std::array::from_fn(|_| self.next() as u8))
    }
}

/// The room server: the room crate's own host, its log in memory, its dice sealed as the real server seals
/// them (from a seed drawn from a fixed generator), and a clock the test moves on.
pub(super) struct Server {
    pub(super) host: RoomHost,
    links: HandOvers,
    requests: SeatRequests,
    pub(super) log: Vec<LogEntry>,
    pub(super) dice: u32,
    pub(super) now_ms: u64,
    /// Seat tokens given out so far: each new one is "token-<count>", never one given before.
    tokens: usize,
}

impl Server {
    pub(super) fn new(name: &str) -> Server {
        Server {
            host: RoomHost::new(RoomName::parse(name).unwrap()),
            links: HandOvers::default(),
            requests: SeatRequests::default(),
            log: Vec::new(),
            dice: 3,
            now_ms: 0,
            tokens: 0,
        }
    }

    pub(super) fn handle(&mut self, from: u64, message: ClientMessage) -> Vec<Delivery> {
        let tokens = &mut self.tokens;
        let token = || {
            *tokens += 1;
            format!("token-{}", *tokens - 1)
        };
        let (host, log, now_ms) = (&mut self.host, &mut self.log, self.now_ms);
        match message {
            ClientMessage::OfferHandOver { .. } | ClientMessage::TakeHandOver { .. } => {
                self.links.answer(host, from, message, log, token, now_ms)
            }
            ClientMessage::AskSeat { .. } | ClientMessage::AnswerSeat { .. } => {
                self.requests.answer(host, from, message, log, token, now_ms)
            }
            _ => host.answer(from, message, log, &mut SealedDice(&mut self.dice), token, now_ms),
        }
    }

    /// A device's connection dropped: everybody left hears who is here.
    pub(super) fn drop_connection(&mut self, from: &Device, devices: &[&Device]) {
        from.link.open.set(false);
        from.in_room.set(false);
        let presence = self.host.leave(from.link.connection.get(), self.now_ms);
        deliver(0, vec![Delivery::ToAll(presence)], devices);
    }
}

/// Hands each message to the devices it is for (those connected and in the room): `from` is the connection
/// whose message it answers.
pub(super) fn deliver(from: u64, deliveries: Vec<Delivery>, devices: &[&Device]) {
    for delivery in deliveries {
        let (message, to_all, to) = match delivery {
            Delivery::ToSender(message) => (message, false, from),
            Delivery::ToAll(message) => (message, true, from),
            Delivery::To(connection, message) => (message, false, connection),
        };
        for receiver in devices {
            let addressed = to_all || receiver.link.connection.get() == to;
            if addressed && receiver.link.open.get() && receiver.in_room.get() {
                receiver.store.receive(message.clone());
            }
        }
    }
}

/// Delivers every message sent until all is quiet.
pub(super) fn pump(server: &mut Server, devices: &[&Device]) {
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

pub(super) fn device() -> Device {
    let backend = Rc::new(MemoryBackend::default());
    device_over(backend)
}

/// A device over this storage (a reload when the storage was another device's): the page's load.
pub(super) fn device_over(backend: Rc<MemoryBackend>) -> Device {
    // Parts fetched as chunks (a refusal's words) arrive at once natively; set once for the whole process.
    let _ = any_spawner::Executor::init_custom_executor(super::at_once::AtOnce);
    let store = GameStore::new(
        Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    let link = Rc::new(RecordingLink::default());
    store.connection().set_link(link.clone());
    if let Some(room) = store.tables().load("").room {
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

pub(super) fn enter(device: &Device, room: &str, player: Option<&str>) {
    device.store.open_room(RoomLaunch {
        room: RoomName::parse(room).unwrap(),
        player: player.map(str::to_string),
        game: None,
        hand_over: None,
    });
    device.in_room.set(false);
    device.store.room_connected();
}

pub(super) fn view(device: &Device) -> crate::store::RoomView {
    device
        .store
        .table()
        .room_view()
        .get_untracked()
        .expect("a room is open")
}

/// Three devices seated in one room, Anna hosting, the game started.
pub(super) fn three_at_a_started_table() -> (Server, [Device; 3]) {
    Owner::new().set();
    let mut server = Server::new("Friday");
    let devices = [device(), device(), device()];
    for (device, name) in devices.iter().zip(["Anna", "Ben", "Cleo"]) {
        enter(device, "friday", Some(name));
        pump(&mut server, &devices.each_ref());
    }
    devices[0].store.lobby().start_room_game();
    pump(&mut server, &devices.each_ref());
    (server, devices)
}

/// The device that holds the seat to play, and that seat.
pub(super) fn device_to_play<'a>(devices: &[&'a Device]) -> &'a Device {
    let seat = devices[0]
        .store
        .table()
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
pub(super) fn play_a_turn(server: &mut Server, devices: &[&Device]) {
    let device = device_to_play(devices);
    device.store.controls().roll();
    pump(server, devices);
    let seat = device.store.table().current_seat().get_untracked().unwrap();
    let category = device
        .store
        .table()
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
    device.store.controls().open_picker(category.into());
    device.store.controls().confirm();
    pump(server, devices);
}

/// The rolls the room has drawn so far.
pub(super) fn rolls_drawn(server: &Server) -> usize {
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
