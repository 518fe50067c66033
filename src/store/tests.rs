//! The store's logic, natively: an in-memory storage shared like a browser's between "tabs", a fixed clock.

use std::rc::Rc;

use fivedice_rules::{Category, DiceMode, Preview, RulesetId};
use leptos::prelude::*;

use super::{Clock, GameStore, Reading as _};
use crate::storage::Storage;
use crate::storage::memory::MemoryBackend;
use crate::table::testing::request;

const SEED: u64 = 7;

const CLOCK: Clock = Clock {
    now_ms: || 1.7e12,
    today: || "2026-11-30".to_string(),
};

/// A store over a backend that the test (and other stores, as other tabs) can share.
fn store_over(backend: &Rc<MemoryBackend>) -> GameStore {
    let store = GameStore::new(
        Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    store.load("");
    store
}

fn fresh() -> (GameStore, Rc<MemoryBackend>) {
    Owner::new().set();
    let backend = Rc::new(MemoryBackend::default());
    (store_over(&backend), backend)
}

/// A new seeded table (the seed also names it: the clock stands still).
fn start(store: GameStore, rules: RulesetId, mode: DiceMode, players: &[&str], seed: u64) {
    store.start(request(rules, mode, players, Some(seed)), String::new());
    assert_eq!(store.setup_error().get_untracked(), None);
}

/// Score pad: writes the first value each open cell offers (crossing out where it can), in sheet order.
fn write_next_cell(store: GameStore) {
    let category = store
        .game_now(|game| {
            let sheet = &game.sheets()[game.current_seat()];
            game.rules()
                .ruleset()
                .cells
                .iter()
                .map(|cell| cell.category)
                .find(|&category| sheet.is_open(category))
        })
        .flatten()
        .expect("an open cell");
    store.open_picker(category.into());
    let value = store.game_now(|game| game.offers(category).unwrap()[0]).unwrap();
    store.choose(value);
    store.confirm();
}

#[test]
fn an_action_is_applied_saved_and_refused_actions_change_nothing() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    assert_eq!(store.table_name().get_untracked().as_deref(), Some("2026-11-30"));
    store.toggle_hold(0);
    assert!(
        store
            .notice()
            .get_untracked()
            .unwrap()
            .to_lowercase()
            .contains("roll"),
        "holding before the first roll is refused with the rules' reason"
    );
    let before = store.table.get_untracked();
    assert_eq!(store.turn().get_untracked().rolls_used, 0);
    assert_eq!(before.as_ref().unwrap().revision, 0);
    store.roll();
    store.toggle_hold(2);
    let table = store.table.get_untracked().unwrap();
    assert_eq!(
        (table.game.turn().rolls_used, table.game.turn().held[2]),
        (1, true)
    );
    assert_eq!(table.revision, 2);
    let saved = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .table(&table.id)
        .expect("saved after every action");
    assert_eq!(saved, table);
    assert_eq!(
        store
            .cell_preview(table.game.current_seat(), Category::Chance.into())
            .get_untracked(),
        Some(Preview::Scores(table.game.turn().dice.unwrap().counts().sum()))
    );
}

#[test]
fn a_newer_save_from_another_tab_is_adopted_not_overwritten() {
    let (here, backend) = fresh();
    start(here, RulesetId::Yatzy, DiceMode::App, &["Anna"], SEED);
    let id = here.table.get_untracked().unwrap().id;
    let there = store_over(&backend);
    there.resume(&id);
    there.roll();
    there.roll();
    let theirs = there.table.get_untracked().unwrap();
    here.roll();
    assert_eq!(
        here.table.get_untracked().unwrap(),
        theirs,
        "this tab shows the other's state"
    );
    assert!(here.notice().get_untracked().unwrap().contains("another tab"));
    let stored = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms).table(&id);
    assert_eq!(stored, Some(theirs), "the newer save was not overwritten");
    here.on_storage_change(Some(Storage::table_key(&id)));
    assert_eq!(here.turn().get_untracked().rolls_used, 2);
}

#[test]
fn undo_takes_back_a_persons_cell_but_not_a_computer_players() {
    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna", "Ben"], SEED);
    write_next_cell(store);
    let (seat, category, _) = store
        .undoable()
        .get_untracked()
        .expect("Anna's cell can be undone");
    store.undo();
    assert_eq!(store.cell_value(seat, category.into()).get_untracked(), None);
    assert_eq!(store.undoable().get_untracked(), None);

    start(
        store,
        RulesetId::Yahtzee,
        DiceMode::App,
        &["Anna", "Robo"],
        SEED + 1,
    );
    store.roll();
    store.open_picker(Category::Chance.into());
    store.confirm();
    assert!(store.undoable().get_untracked().is_some());
    store.table.update(|table| {
        // Whoever wrote that cell is now a computer player: nobody takes its cell back.
        let table = table.as_mut().unwrap();
        let seat = table.game.seat_of_entry(0);
        table.computer = vec![None; 2];
        table.computer[seat] = Some(fivedice_worker::Level::Optimal);
    });
    assert_eq!(store.undoable().get_untracked(), None);
    store.undo();
    assert_eq!(store.game_now(|game| game.log().len()), Some(1));
}

#[test]
fn a_finished_game_goes_to_the_history_and_an_undo_takes_it_out() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna"], SEED);
    let cells = RulesetId::Yam.ruleset().cells.len();
    for _ in 0..cells {
        write_next_cell(store);
    }
    assert!(store.is_over().get_untracked());
    assert_eq!(store.history().get_untracked().len(), 1);
    let reloaded = store_over(&backend);
    assert_eq!(
        reloaded.history().get_untracked().len(),
        1,
        "the history is saved"
    );
    store.undo();
    assert!(!store.is_over().get_untracked());
    assert!(store.history().get_untracked().is_empty());
    write_next_cell(store);
    store.leave();
    let reloaded = store_over(&backend);
    assert_eq!(reloaded.history().get_untracked().len(), 1);
    assert!(
        reloaded.tables_in_progress().get_untracked().is_empty(),
        "the finished table's own save is gone"
    );
}

#[test]
fn an_export_imports_elsewhere_once_and_bad_files_change_nothing() {
    let (home, _) = fresh();
    start(home, RulesetId::Yam, DiceMode::Pad, &["Anna"], SEED);
    for _ in 0..RulesetId::Yam.ruleset().cells.len() {
        write_next_cell(home);
    }
    start(
        home,
        RulesetId::Yahtzee,
        DiceMode::App,
        &["Anna", "Ben"],
        SEED + 1,
    );
    home.roll();
    let (name, file) = home.export_file();
    assert_eq!(name, "fivedice-2026-11-30.json");

    let (away, backend) = fresh();
    away.import(&file);
    assert_eq!(
        away.notice().get_untracked().unwrap(),
        "Imported 1 finished game and 1 game in progress; 0 were already here."
    );
    assert_eq!(away.history().get_untracked().len(), 1);
    assert_eq!(away.tables_in_progress().get_untracked().len(), 1);
    away.import(&file);
    assert!(
        away.notice()
            .get_untracked()
            .unwrap()
            .contains("2 were already here")
    );
    let reloaded = store_over(&backend);
    assert_eq!(
        (
            reloaded.history().get_untracked().len(),
            reloaded.tables_in_progress().get_untracked().len()
        ),
        (1, 1),
        "imports are saved"
    );
    away.import("{\"app\":\"fivedice\",\"format\":1,\"tables\":[{\"format\":3}]}");
    assert!(
        away.notice()
            .get_untracked()
            .unwrap()
            .starts_with("Nothing was imported")
    );
    assert_eq!(away.history().get_untracked().len(), 1);
    let shared = home.share_file(&home.history().get_untracked()[0].table_id);
    assert!(shared.unwrap().0.starts_with("fivedice-yam-"));
}

#[test]
fn the_language_an_address_asks_for_is_kept_and_the_words_follow_it() {
    use crate::i18n::Language;
    let (store, backend) = fresh();
    assert_eq!(store.language().get_untracked(), Language::English);
    let again = store_over(&backend);
    again.load("?lang=fr");
    assert_eq!(again.language().get_untracked(), Language::French);
    assert_eq!(again.words().confirm, "Valider");
    assert_eq!(
        store_over(&backend).language().get_untracked(),
        Language::French,
        "kept on the device"
    );
    again.set_language(Language::English);
    assert_eq!(store_over(&backend).language().get_untracked(), Language::English);
    let refused = store_over(&backend);
    refused.load("?lang=de");
    assert!(
        refused
            .notice()
            .get_untracked()
            .is_some_and(|notice| notice.contains("'de'"))
    );
    assert_eq!(refused.language().get_untracked(), Language::English);
}

#[test]
fn the_table_chooses_who_starts_and_yam_crosses_out_through_the_picker() {
    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna", "Ben", "Cleo"], 3);
    assert!(store.first_seat_open().get_untracked());
    store.choose_first_seat(2);
    assert_eq!(store.current_seat().get_untracked(), Some(2));
    let face = |value: u8| fivedice_rules::Face::ALL[usize::from(value) - 1];
    let tied = store.type_roll_off(vec![vec![(0, face(4)), (1, face(4)), (2, face(1))]]);
    assert_eq!(tied, Some(fivedice_rules::TiedRollOff(vec![0, 1])));
    assert_eq!(
        store.current_seat().get_untracked(),
        Some(2),
        "a tie changes nothing yet"
    );
    let decided = store.type_roll_off(vec![
        vec![(0, face(4)), (1, face(4)), (2, face(1))],
        vec![(0, face(2)), (1, face(5))],
    ]);
    assert_eq!((decided, store.current_seat().get_untracked()), (None, Some(1)));
    write_next_cell(store);
    assert!(
        !store.first_seat_open().get_untracked(),
        "settled once a cell is written"
    );

    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::App, &["Anna"], 4);
    store.roll();
    let (category, points) = store
        .game_now(|game| {
            game.scores()
                .unwrap()
                .cells
                .into_iter()
                .find(|&(_, points)| points > 0)
        })
        .flatten()
        .expect("a cell the dice score");
    store.open_picker(category.into());
    let offers = store.picker_offers().get_untracked().expect("the picker is open");
    assert_eq!((offers.offers, offers.cross_out), (vec![points], true));
    store.choose(0);
    store.confirm();
    assert_eq!(
        store.cell_value(0, category.into()).get_untracked(),
        Some(0),
        "crossed out on purpose"
    );
}

#[test]
fn unreadable_saves_are_kept_aside_and_offered() {
    Owner::new().set();
    let backend = Rc::new(MemoryBackend::default());
    crate::storage::Backend::set(&*backend, "fivedice.table.broken", "{not json").unwrap();
    let store = store_over(&backend);
    assert!(
        store
            .notice()
            .get_untracked()
            .unwrap()
            .contains("could not be read")
    );
    assert_eq!(store.unreadable().get_untracked().len(), 1);
    assert!(store.unreadable_file().contains("{not json"));
}

/// Online rooms: devices (stores over storages of their own) talk to a room server played by the room crate
/// itself, through links that record what each device sends.
mod online {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use fivedice_room::{
        Action, ClientMessage, HeldSeat, LogEntry, Outside, PROTOCOL_VERSION, Room, RoomName, ServerMessage,
    };
    use fivedice_rules::{Face, Preview, RulesetId};
    use leptos::prelude::*;

    use super::super::{GameStore, Reading as _, RoomLink, RoomState, reconnect_delay};
    use super::{CLOCK, store_over};
    use crate::launch::RoomLaunch;
    use crate::storage::Storage;
    use crate::storage::memory::MemoryBackend;

    /// What a device sent, and whether its connection is up.
    #[derive(Default)]
    struct RecordingLink {
        sent: RefCell<Vec<ClientMessage>>,
        open: Cell<bool>,
        connects: Cell<u32>,
    }

    impl RoomLink for RecordingLink {
        fn connect(&self, _store: GameStore) {
            self.connects.set(self.connects.get() + 1);
            self.open.set(true);
        }

        fn send(&self, message: &ClientMessage) -> bool {
            if self.open.get() {
                self.sent.borrow_mut().push(message.clone());
            }
            self.open.get()
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

    /// Dice from a fixed cycle, and the seats the test says are away (for how long).
    struct ScriptedOutside {
        state: u32,
        away: Vec<(usize, u64)>,
    }

    impl Outside for ScriptedOutside {
        fn roll_die(&mut self) -> Face {
            self.state = self.state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            Face::ALL[(self.state >> 16) as usize % 6]
        }

        fn away_ms(&self, seat: usize) -> Option<u64> {
            self.away
                .iter()
                .find(|(away, _)| *away == seat)
                .map(|(_, ms)| *ms)
        }
    }

    /// The room server as the room crate decides it: the same checks, without the network.
    struct Server {
        room: Room,
        log: Vec<LogEntry>,
        tokens: Vec<(String, usize)>,
        outside: ScriptedOutside,
    }

    enum To {
        One(usize),
        All,
    }

    impl Server {
        fn new(name: &str) -> Server {
            Server {
                room: Room::new(RoomName::parse(name).unwrap()),
                log: Vec::new(),
                tokens: Vec::new(),
                outside: ScriptedOutside {
                    state: 3,
                    away: Vec::new(),
                },
            }
        }

        fn handle(&mut self, from: usize, message: ClientMessage) -> Vec<(To, ServerMessage)> {
            let refused = |error: fivedice_room::RoomError| {
                vec![(
                    To::One(from),
                    ServerMessage::Refused {
                        code: error.code().into(),
                        reason: error.to_string(),
                    },
                )]
            };
            match message {
                ClientMessage::Hello { tokens, seen, .. } => {
                    let seats = tokens
                        .into_iter()
                        .filter_map(|token| {
                            let seat = self.tokens.iter().find(|(known, _)| *known == token)?.1;
                            Some(HeldSeat { seat, token })
                        })
                        .collect();
                    let seq = self.room.seq();
                    let after = if seen > seq { 0 } else { seen };
                    let welcome = ServerMessage::Welcome {
                        room: self.room.name().clone(),
                        version: PROTOCOL_VERSION,
                        seats,
                        seq,
                        phase: self.room.phase(),
                    };
                    let missed = self.log[after as usize..].to_vec();
                    // Like the server, no log message when nothing was missed.
                    let log = (!missed.is_empty()).then_some(ServerMessage::Log { entries: missed });
                    std::iter::once(welcome)
                        .chain(log)
                        .map(|message| (To::One(from), message))
                        .collect()
                }
                ClientMessage::Join { name } => match self.room.join(&name) {
                    Ok(entry) => {
                        let token = format!("token-{}", self.tokens.len());
                        let seat = self.room.seats().len() - 1;
                        self.tokens.push((token.clone(), seat));
                        self.log.push(entry.clone());
                        vec![
                            (To::One(from), ServerMessage::SeatGranted { seat, token }),
                            (To::All, ServerMessage::event(entry)),
                        ]
                    }
                    Err(error) => refused(error),
                },
                ClientMessage::Act { token, at, action } => {
                    let Some(&(_, actor)) = self.tokens.iter().find(|(known, _)| *known == token) else {
                        return vec![(
                            To::One(from),
                            ServerMessage::Refused {
                                code: "not_your_seat".into(),
                                reason: "no such token".into(),
                            },
                        )];
                    };
                    match self.room.act(actor, at, &action, &mut self.outside) {
                        Ok(entry) => {
                            self.log.push(entry.clone());
                            vec![(To::All, ServerMessage::event(entry))]
                        }
                        Err(error) => refused(error),
                    }
                }
            }
        }
    }

    /// Delivers every message sent until all is quiet.
    fn pump(server: &mut Server, devices: &[&Device]) {
        loop {
            let mut quiet = true;
            for (index, device) in devices.iter().enumerate() {
                let sent: Vec<ClientMessage> = device.link.sent.borrow_mut().drain(..).collect();
                for message in sent {
                    quiet = false;
                    if matches!(message, ClientMessage::Hello { .. }) {
                        device.in_room.set(true);
                    }
                    for (to, reply) in server.handle(index, message) {
                        for (target, receiver) in devices.iter().enumerate() {
                            let addressed = match to {
                                To::One(one) => one == target,
                                To::All => true,
                            };
                            if addressed && receiver.link.open.get() && receiver.in_room.get() {
                                receiver.store.receive(reply.clone());
                            }
                        }
                    }
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
        store.load("");
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
        assert_eq!((anna.name.as_str(), anna.state), ("friday", RoomState::Lobby));
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
        pump(&mut server, &devices.each_ref());
        assert_eq!(view(&devices[1]).rules.id(), RulesetId::Yatzy);
        devices[0].store.start_room_game();
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
            assert!(storage.tables().value.is_empty(), "never among the local tables");
        }
        assert!(
            devices
                .iter()
                .all(|device| device.store.undoable().get_untracked().is_none()),
            "the room takes nothing back once the game is over"
        );
        let totals = |device: &Device| device.store.totals(0).get_untracked();
        assert_eq!(totals(&devices[0]), totals(&devices[2]));
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
                assert_eq!(*seen, server.room.seq(), "it replayed the log it kept");
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
        away.link.open.set(false);
        away.in_room.set(false);
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
        away.link.open.set(true);
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
    fn the_host_lets_a_computer_play_a_seat_away_two_minutes_and_gives_it_back() {
        let (mut server, devices) = three_at_a_started_table();
        let presence = |away_ms: Option<u64>| ServerMessage::Presence {
            seats: (0..3)
                .map(|seat| fivedice_room::SeatPresence {
                    seat,
                    connected: seat != 2 || away_ms.is_none(),
                    away_ms: away_ms.filter(|_| seat == 2),
                })
                .collect(),
            watchers: 0,
        };
        let player = |device: &Device, seat: usize| view(device).players[seat].clone();
        devices[0].store.receive(presence(Some(30_000)));
        assert!(player(&devices[0], 2).away, "a seat nobody holds now is away");
        assert!(!player(&devices[0], 2).can_take_over, "not before two minutes");
        devices[0]
            .store
            .receive(presence(Some(fivedice_room::TAKE_OVER_AFTER_MS)));
        devices[1]
            .store
            .receive(presence(Some(fivedice_room::TAKE_OVER_AFTER_MS)));
        assert!(
            player(&devices[0], 2).can_take_over,
            "the host may let a computer play"
        );
        assert!(!player(&devices[1], 2).can_take_over, "nobody else");
        server.outside.away.push((2, fivedice_room::TAKE_OVER_AFTER_MS));
        devices[0].store.take_over_seat(2);
        pump(&mut server, &devices.each_ref());
        assert!(player(&devices[1], 2).stand_in);
        assert_eq!(
            devices[1].store.computer_at(2).get_untracked(),
            Some(super::super::online::ONLINE_COMPUTER),
            "every device shows the computer at that seat"
        );
        assert!(
            player(&devices[2], 2).can_give_back,
            "its person may take it back"
        );
        devices[2].store.receive(presence(None));
        devices[2].store.give_back_seat(2);
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
}
