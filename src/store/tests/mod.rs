//! The store's logic, natively: an in-memory storage shared like a browser's between "tabs", a fixed clock.

use std::rc::Rc;

use fivedice_rules::{Category, DiceMode, Preview, RulesetId};
use leptos::prelude::*;

use super::{Clock, GameStore, Reading as _};
use crate::storage::memory::MemoryBackend;
use crate::storage::{Backend as _, Storage};
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
    assert_eq!(store.table_name().get_untracked().as_deref(), Some("Anna & Ben"));
    let name =
        |players: &[&str]| super::table_name_for(&players.iter().map(|p| p.to_string()).collect::<Vec<_>>());
    assert_eq!(name(&["Anna"]), "Anna");
    assert_eq!(name(&["Anna", "Ben", "Cleo"]), "Anna, Ben & Cleo");
    assert_eq!(name(&["A", "B", "C", "D", "E"]), "A, B, C +2");
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
        (
            table.game().unwrap().turn().rolls_used,
            table.game().unwrap().turn().held[2]
        ),
        (1, true)
    );
    assert_eq!(table.revision, 2);
    let saved = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .table(&table.id)
        .expect("saved after every action");
    assert_eq!(saved, table);
    assert_eq!(
        store
            .cell_preview(table.game().unwrap().current_seat(), Category::Chance.into())
            .get_untracked(),
        Some(Preview::Scores(
            table.game().unwrap().turn().dice.unwrap().counts().sum()
        ))
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
    here.roll();
    assert_eq!(
        here.turn().get_untracked().rolls_used,
        3,
        "the tap after a newer save was adopted is played: nothing waits for the tap it replaced"
    );
}

#[test]
fn a_reload_keeps_the_start_screen_and_a_new_visit_returns_to_the_table() {
    Owner::new().set();
    let backend = Rc::new(MemoryBackend::default());
    let visit = Rc::new(MemoryBackend::default());
    let page = |visit: &Rc<MemoryBackend>| {
        let storage = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
            .reloaded_in(Box::new(visit.clone()));
        let store = GameStore::new(storage, CLOCK);
        store.load("");
        store
    };
    let store = page(&visit);
    start(store, RulesetId::Yatzy, DiceMode::App, &["Anna"], SEED);
    assert!(
        page(&visit).has_table().get_untracked(),
        "a reload of the table shows the table"
    );
    store.leave();
    assert!(
        !page(&visit).has_table().get_untracked(),
        "a reload of the start screen stays there"
    );
    let new_visit = Rc::new(MemoryBackend::default());
    assert!(
        page(&new_visit).has_table().get_untracked(),
        "opening the app afresh returns to the game played last"
    );
}

#[test]
fn a_save_whose_revision_another_tab_raised_never_freezes_the_next_tap() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    let storage = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms);
    for taps in 1..=3 {
        // Another tab saved this table since (the same state, a later revision).
        let mut saved = store.table.get_untracked().unwrap();
        saved.revision += 1;
        storage.save_table(&saved).unwrap();
        store.roll();
        assert_eq!(
            store.turn().get_untracked().rolls_used,
            taps - 1,
            "the newer save is shown instead"
        );
        assert!(
            !store.awaiting_answer(),
            "nothing is left waiting for the tap's answer"
        );
        store.roll();
        assert_eq!(
            store.turn().get_untracked().rolls_used,
            taps,
            "the next tap rolls"
        );
        store.dismiss_notice();
    }
    let cell = store.cell_preview(0, fivedice_rules::Category::Chance.into());
    assert!(cell.get_untracked().is_some(), "a box may be written as well");
}

#[test]
fn undo_takes_back_a_persons_cell_but_not_a_computer_players() {
    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna", "Ben"], SEED);
    write_next_cell(store);
    let Some((seat, crate::store::TakenBack::Box(category, _))) = store.undoable().get_untracked() else {
        panic!("Anna's cell can be undone");
    };
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
        let seat = table.game().unwrap().seat_of_entry(0);
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
fn tables_saved_in_an_earlier_format_are_read_once_their_reader_is_here_and_saved_again() {
    let backend = Rc::new(MemoryBackend::default());
    let computer = include_str!("../../../tests/samples/table-v3-computer.json");
    let two = include_str!("../../../tests/samples/table-v2.json");
    backend.set("fivedice.table.1750000000000-11", computer).unwrap();
    backend.set("fivedice.table.1700000000000-42", two).unwrap();
    backend.set("fivedice.last", "1700000000000-42").unwrap();
    Owner::new().set();
    let store = store_over(&backend);
    assert!(store.table.get_untracked().is_none(), "not read at start");
    assert!(store.tables_in_progress().get_untracked().is_empty());
    store.read_earlier();
    let open = store
        .table
        .get_untracked()
        .expect("the table played last opens once read");
    assert_eq!(open.id, "1700000000000-42");
    let listed: Vec<String> = store
        .tables_in_progress()
        .get_untracked()
        .into_iter()
        .map(|table| table.id)
        .collect();
    assert_eq!(listed, ["1750000000000-11"]);
    assert_eq!(store.notice().get_untracked(), None);
    // Saved again in this version's format: the next start reads both at once, and plays on from there.
    let rewritten = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .tables()
        .value;
    assert!(rewritten.earlier.is_empty());
    assert_eq!(rewritten.current.len(), 2);
    let again = store_over(&backend);
    assert_eq!(again.table.get_untracked(), Some(open));
    again.roll();
    assert!(again.turn().get_untracked().dice.is_some());
}

#[test]
fn an_earlier_save_opens_only_where_nothing_else_has_opened_and_a_bad_one_is_kept_aside() {
    let backend = Rc::new(MemoryBackend::default());
    backend
        .set(
            "fivedice.table.1700000000000-42",
            include_str!("../../../tests/samples/table-v1.json"),
        )
        .unwrap();
    backend
        .set("fivedice.table.bad", r#"{"format":2,"table":{"id":3}}"#)
        .unwrap();
    backend.set("fivedice.last", "1700000000000-42").unwrap();
    Owner::new().set();
    let store = store_over(&backend);
    start(store, RulesetId::Yatzy, DiceMode::App, &["Cleo"], SEED);
    let started = store.table.get_untracked().unwrap().id;
    store.read_earlier();
    assert_eq!(
        store.table.get_untracked().unwrap().id,
        started,
        "the game started meanwhile stays open"
    );
    let listed: Vec<String> = store
        .tables_in_progress()
        .get_untracked()
        .into_iter()
        .map(|table| table.id)
        .collect();
    assert_eq!(listed, ["1700000000000-42"]);
    assert!(store.notice().get_untracked().unwrap().contains("damaged"));
    assert_eq!(
        store.unreadable().get_untracked().len(),
        1,
        "kept aside, to download"
    );
    assert!(backend.get("fivedice.table.bad").is_none());
}

#[test]
fn the_history_keeps_each_game_as_it_was_saved_and_reads_it_in_full_only_when_shown() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna"], SEED);
    for _ in 0..RulesetId::Yam.ruleset().cells.len() {
        write_next_cell(store);
    }
    let kept = store.history().get_untracked();
    let shown = store.finished_games().get_untracked();
    assert_eq!(shown.len(), 1);
    assert_eq!(kept[0].table_id, shown[0].table_id);
    assert_eq!(kept[0].finished_ms, shown[0].finished_ms);
    assert_eq!(shown[0].game, store.game_now(Clone::clone).unwrap());
    // Kept as text, and read back as it was written.
    let saved = backend.get("fivedice.history").unwrap();
    assert!(saved.starts_with("fivedice history 2\n"));
    match crate::table::saved::history_from_text(&saved) {
        Ok(crate::table::saved::SavedHistory::Current(games)) => assert_eq!(games, kept),
        _ => panic!("the history reads back"),
    }
    // A history saved in JSON by an earlier version is read once its reader is here and saved again as text,
    // with the game whose finished table was still saved (Anna's, never left) recorded in it.
    backend
        .set(
            "fivedice.history",
            include_str!("../../../tests/samples/history-v1.json"),
        )
        .unwrap();
    let other = store_over(&backend);
    assert!(
        other.finished_games().get_untracked().is_empty(),
        "not read at start"
    );
    other.read_earlier();
    let games = other.finished_games().get_untracked();
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|game| game.game.is_over()));
    assert!(games.iter().any(|game| game.table_id == kept[0].table_id));
    assert!(
        backend
            .get("fivedice.history")
            .unwrap()
            .starts_with("fivedice history 2\n")
    );
    assert_eq!(
        store_over(&backend).finished_games().get_untracked(),
        games,
        "read at once from now on"
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
    let (name, file) = home.export_file().unwrap();
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
    assert!(shared.unwrap().unwrap().0.starts_with("fivedice-yam-"));
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
    let tied = store.type_roll_off(vec![(0, face(4)), (1, face(4)), (2, face(1))]);
    assert_eq!(tied, Some(fivedice_rules::TiedRollOff(vec![0, 1])));
    assert_eq!(store.roll_off_tied().get_untracked(), Some(vec![0, 1]));
    assert_eq!(
        store.current_seat().get_untracked(),
        Some(2),
        "a tie changes nothing yet"
    );
    let any_cell = fivedice_rules::Category::Aces.into();
    assert_eq!(
        store.cell_preview(2, any_cell).get_untracked(),
        None,
        "nobody writes while the tie is rolled again: the game would start with someone else"
    );
    store.open_picker(any_cell);
    assert_eq!(store.picker().get_untracked(), None);
    let decided = store.type_roll_off(vec![(0, face(2)), (1, face(5))]);
    assert_eq!((decided, store.current_seat().get_untracked()), (None, Some(1)));
    assert_eq!(store.roll_off_tied().get_untracked(), None);
    assert!(store.cell_preview(1, any_cell).get_untracked().is_some());
    // A tie, then the table simply chooses: the roll-off is forgotten.
    store.type_roll_off(vec![(0, face(6)), (1, face(6)), (2, face(6))]);
    store.choose_first_seat(0);
    assert_eq!(store.roll_off_tied().get_untracked(), None);
    assert_eq!(store.current_seat().get_untracked(), Some(0));
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
    crate::storage::Backend::set(&*backend, "fivedice.table.broken", "not a table").unwrap();
    crate::storage::Backend::set(&*backend, "fivedice.table.earlier", "{not json").unwrap();
    let store = store_over(&backend);
    assert!(
        store
            .notice()
            .get_untracked()
            .unwrap()
            .contains("could not be read")
    );
    assert_eq!(store.unreadable().get_untracked().len(), 1);
    assert!(store.unreadable_file().contains("not a table"));
    // A save in JSON is left to its reader, which finds it unreadable in turn.
    store.read_earlier();
    assert_eq!(store.unreadable().get_untracked().len(), 2);
    assert!(store.unreadable_file().contains("{not json"));
}

mod rooms;

/// A save found unreadable is kept aside, and the copy it replaced is read instead: the game resumes one
/// tap earlier rather than being lost.
#[test]
fn an_unreadable_save_is_recovered_from_its_previous_copy() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    store.roll();
    let before = store.table.get_untracked().unwrap();
    store.toggle_hold(1);
    let id = before.id.clone();
    let key = Storage::table_key(&id);
    crate::storage::Backend::set(&*backend, &key, "fivedice table 5\nid broken").unwrap();
    let reloaded = store_over(&backend);
    let notice = reloaded.notice().get_untracked().expect("the player is told");
    assert!(notice.contains("previous save was read instead"), "{notice}");
    reloaded.resume(&id);
    let recovered = reloaded.table.get_untracked().expect("the table is back");
    assert_eq!(recovered.log, before.log, "as it was one tap earlier");
    assert_eq!(
        reloaded.unreadable().get_untracked().len(),
        1,
        "and the broken copy offered"
    );
    reloaded.roll();
    assert_eq!(reloaded.turn().get_untracked().rolls_used, 2, "it plays on");
}

#[test]
fn an_announcement_is_a_choice_in_the_picker_confirmed_and_undone_until_the_next_roll() {
    use super::TakenBack;
    use fivedice_rules::{Column, Columns, Place, Rules};
    let (store, _) = fresh();
    let mut table = request(RulesetId::Yam, DiceMode::App, &["Anna", "Ben"], Some(SEED));
    let columns = Columns::new(&[Column::Free, Column::Announced]).unwrap();
    table.rules = Rules::new(RulesetId::Yam).with_columns(columns).unwrap();
    store.start(table, String::new());
    store.roll();
    let full_house = Place::new(Column::Announced, Category::FullHouse);
    store.open_picker(full_house);
    let picker = store.picker().get_untracked().expect("the picker is open");
    assert!(picker.announcing, "announcing is the choice offered first");
    assert!(store.picker_offers().get_untracked().unwrap().announce);
    // Nothing is announced until the player confirms.
    assert_eq!(store.announced().get_untracked(), None);
    store.confirm();
    assert_eq!(store.announced().get_untracked(), Some(Category::FullHouse));
    assert_eq!(
        store.undoable().get_untracked(),
        Some((0, TakenBack::Announcement(Category::FullHouse)))
    );
    store.undo();
    assert_eq!(store.announced().get_untracked(), None);
    assert_eq!(
        store.turn().get_untracked().rolls_used,
        1,
        "the dice stay as they lie"
    );
    // Writing the first roll in the box instead: the value, not the announcement.
    store.open_picker(full_house);
    let points = store.picker_offers().get_untracked().unwrap().offers[0];
    store.choose(points);
    store.confirm();
    assert_eq!(store.cell_value(0, full_house).get_untracked(), Some(points));
}

#[test]
fn a_computer_players_box_shown_in_the_picker_is_nobody_elses_to_change_or_close() {
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Robo"], SEED);
    store.roll();
    store.open_picker(Category::Chance.into());
    let shown = store.picker().get_untracked();
    assert!(shown.as_ref().is_some_and(|picker| picker.chosen.is_some()));
    // The seat to play is now a computer's: the picker shows its box until its next step writes it.
    store.table.update(|table| {
        let table = table.as_mut().unwrap();
        let seat = table.game().unwrap().current_seat();
        table.computer = vec![None; 2];
        table.computer[seat] = Some(fivedice_worker::Level::Optimal);
    });
    store.choose(0);
    store.toggle_bonus();
    store.choose_announcing();
    store.cancel();
    store.confirm();
    assert_eq!(
        store.picker().get_untracked(),
        shown,
        "the computer's choice stands"
    );
    assert_eq!(
        store.game_now(|game| game.log().len()),
        Some(0),
        "and only its own step writes it"
    );
}

#[test]
fn the_device_is_passed_only_from_one_person_here_to_another() {
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    assert_eq!(store.pass_to().get_untracked(), None, "nobody has played yet");
    store.roll();
    store.open_picker(Category::Chance.into());
    store.confirm();
    assert_eq!(store.pass_to().get_untracked(), Some(1));
    let ben_is = |level| {
        store
            .table
            .update(|table| table.as_mut().unwrap().computer = vec![None, level]);
    };
    // Were Ben a computer player, nobody would hand the tablet to him.
    ben_is(Some(fivedice_worker::Level::Optimal));
    assert_eq!(store.pass_to().get_untracked(), None);
    ben_is(None);
    assert_eq!(store.pass_to().get_untracked(), Some(1));
    store.roll();
    assert_eq!(store.pass_to().get_untracked(), None, "Ben has the tablet");

    // On a score pad one person keeps the score for everyone: nothing is handed over.
    start(store, RulesetId::Yahtzee, DiceMode::Pad, &["Anna", "Ben"], SEED);
    let first = store.current_seat().get_untracked().unwrap();
    write_next_cell(store);
    assert_ne!(store.current_seat().get_untracked(), Some(first));
    assert_eq!(store.pass_to().get_untracked(), None);
}

#[test]
fn a_score_pad_decision_is_judged_as_after_the_last_roll() {
    use fivedice_rules::Dice;
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::Pad, &["Anna", "Ben"], SEED);
    let seat = store.current_seat().get_untracked().unwrap();
    assert!(store.enter_dice(Dice::from_values(&[6, 6, 6, 2, 1]).unwrap()));
    store.open_picker(Category::Chance.into());
    store.confirm();
    let decision = store
        .table
        .get_untracked()
        .unwrap()
        .decisions
        .last()
        .cloned()
        .expect("the choice is recorded");
    // The pad knows the dice, not the rolls that made them: never "3 rolls left with dice on the table".
    assert_eq!((decision.seat, decision.rolls_left), (seat, 0));
}
