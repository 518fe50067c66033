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
/// What the player is told now (nothing: empty).
fn told(store: &GameStore) -> String {
    store.notices().notice().get_untracked().unwrap_or_default()
}

fn store_over(backend: &Rc<MemoryBackend>) -> GameStore {
    let store = GameStore::new(
        Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms),
        CLOCK,
    );
    store.tables().load("");
    store
}

fn fresh() -> (GameStore, Rc<MemoryBackend>) {
    // Set once for every test of the process: the others find it set already, which is all they need.
    let _ = any_spawner::Executor::init_custom_executor(at_once::AtOnce);
    Owner::new().set();
    let backend = Rc::new(MemoryBackend::default());
    (store_over(&backend), backend)
}

/// A new seeded table (the seed also names it: the clock stands still); a score pad's starts with the seat its
/// dice drew, as a launch address's does.
fn start(store: GameStore, rules: RulesetId, mode: DiceMode, players: &[&str], seed: u64) {
    store
        .tables()
        .start(request(rules, mode, players, Some(seed)), String::new());
    assert_eq!(store.notices().setup_error().get_untracked(), None);
    store.controls().keep_first_seat_drawn();
}

/// Score pad: writes the first value each open cell offers (crossing out where it can), in sheet order.
fn write_next_cell(store: GameStore) {
    let category = store
        .table()
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
    store.controls().open_picker(category.into());
    let value = store
        .table()
        .game_now(|game| game.offers(category).unwrap()[0])
        .unwrap();
    store.controls().choose(value);
    store.controls().confirm();
}

/// The open table as if `seat` had been a computer player at `level` from the start (`None`: a person): its log
/// says so, and the table is read back from its text as a reload reads it.
fn seat_is(store: GameStore, seat: usize, level: Option<fivedice_worker::Level>) {
    let table = store.table.get_untracked().unwrap();
    {
        let mut record = fivedice_saved::TableRecord::from_text(&table.to_text().unwrap()).unwrap();
        for entry in &mut record.log {
            if let fivedice_room::Event::Joined {
                seat: joined,
                computer,
                level: joined_at,
                ..
            } = &mut entry.event
                && *joined == seat
            {
                *computer = level.is_some();
                *joined_at = level;
            }
        }
        let Ok(crate::table::SavedTable::Current(read)) = crate::table::Table::from_saved(&record.to_text())
        else {
            panic!("the table reads back");
        };
        store.table.keep(*read);
    }
}

#[test]
fn an_action_is_applied_saved_and_refused_actions_change_nothing() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    assert_eq!(
        store.table().table_name().get_untracked().as_deref(),
        Some("Anna & Ben")
    );
    let name =
        |players: &[&str]| super::table_name_for(&players.iter().map(|p| p.to_string()).collect::<Vec<_>>());
    assert_eq!(name(&["Anna"]), "Anna");
    assert_eq!(name(&["Anna", "Ben", "Cleo"]), "Anna, Ben & Cleo");
    assert_eq!(name(&["A", "B", "C", "D", "E"]), "A, B, C +2");
    store.controls().toggle_hold(0);
    assert!(
        told(&store).to_lowercase().contains("roll"),
        "holding before the first roll is refused with the rules' reason"
    );
    let before = store.table.get_untracked();
    assert_eq!(store.table().turn().get_untracked().rolls_used, 0);
    assert_eq!(before.as_ref().unwrap().revision(), 0);
    store.controls().roll();
    store.controls().toggle_hold(2);
    let table = store.table.get_untracked().unwrap();
    assert_eq!(
        (
            table.game().unwrap().turn().rolls_used,
            table.game().unwrap().turn().held[2]
        ),
        (1, true)
    );
    assert_eq!(table.revision(), 2);
    let saved = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .table(table.id())
        .value
        .expect("saved after every action");
    assert_eq!(saved, table);
    assert_eq!(
        store
            .table()
            .cell_preview(table.game().unwrap().current_seat(), Category::Chance.into())
            .get_untracked(),
        Some(Preview::Scores(
            table.game().unwrap().turn().dice.unwrap().counts().sum()
        ))
    );
}

#[test]
fn undo_takes_back_a_persons_cell_but_not_a_computer_players() {
    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna", "Ben"], SEED);
    write_next_cell(store);
    let Some((seat, crate::store::TakenBack::Box(category, _))) = store.table().undoable().get_untracked()
    else {
        panic!("Anna's cell can be undone");
    };
    store.controls().undo();
    assert_eq!(
        store.table().cell_value(seat, category.into()).get_untracked(),
        None
    );
    assert_eq!(store.table().undoable().get_untracked(), None);

    start(
        store,
        RulesetId::Yahtzee,
        DiceMode::App,
        &["Anna", "Robo"],
        SEED + 1,
    );
    store.controls().roll();
    store.controls().open_picker(Category::Chance.into());
    store.controls().confirm();
    assert!(store.table().undoable().get_untracked().is_some());
    // Whoever wrote that cell is now a computer player: nobody takes its cell back.
    let seat = store.table().game_now(|game| game.seat_of_entry(0)).unwrap();
    seat_is(store, seat, Some(fivedice_worker::Level::Optimal));
    assert_eq!(store.table().undoable().get_untracked(), None);
    store.controls().undo();
    assert_eq!(store.table().game_now(|game| game.log().len()), Some(1));
}

#[test]
fn a_finished_game_goes_to_the_history_and_an_undo_takes_it_out() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna"], SEED);
    let cells = RulesetId::Yam.ruleset().cells.len();
    for _ in 0..cells {
        write_next_cell(store);
    }
    assert!(store.table().is_over().get_untracked());
    assert_eq!(store.kept().history().get_untracked().len(), 1);
    let reloaded = store_over(&backend);
    assert_eq!(
        reloaded.kept().history().get_untracked().len(),
        1,
        "the history is saved"
    );
    store.controls().undo();
    assert!(!store.table().is_over().get_untracked());
    assert!(store.kept().history().get_untracked().is_empty());
    write_next_cell(store);
    store.tables().leave();
    let reloaded = store_over(&backend);
    assert_eq!(reloaded.kept().history().get_untracked().len(), 1);
    assert!(
        reloaded.kept().tables_in_progress().get_untracked().is_empty(),
        "the finished table's own save is gone"
    );
}

mod at_once;
mod connection;
mod generala;
mod hand_over;
mod history;
mod room_server;
mod rooms;
mod saves;
mod who_starts;

#[test]
fn an_announcement_is_a_choice_in_the_picker_confirmed_and_undone_until_the_next_roll() {
    use super::TakenBack;
    use fivedice_rules::{Column, Columns, Place, Rules};
    let (store, _) = fresh();
    let mut table = request(RulesetId::Yam, DiceMode::App, &["Anna", "Ben"], Some(SEED));
    let columns = Columns::new(&[Column::Free, Column::Announced]).unwrap();
    table.rules = Rules::new(RulesetId::Yam).with_columns(columns).unwrap();
    store.tables().start(table, String::new());
    store.controls().roll();
    let full_house = Place::new(Column::Announced, Category::FullHouse);
    store.controls().open_picker(full_house);
    let picker = store
        .table()
        .picker()
        .get_untracked()
        .expect("the picker is open");
    assert!(picker.announcing, "announcing is the choice offered first");
    assert!(store.table().picker_offers().get_untracked().unwrap().announce);
    // Nothing is announced until the player confirms.
    assert_eq!(store.table().announced().get_untracked(), None);
    store.controls().confirm();
    assert_eq!(
        store.table().announced().get_untracked(),
        Some(Category::FullHouse)
    );
    assert_eq!(
        store.table().undoable().get_untracked(),
        Some((0, TakenBack::Announcement(Category::FullHouse)))
    );
    store.controls().undo();
    assert_eq!(store.table().announced().get_untracked(), None);
    assert_eq!(
        store.table().turn().get_untracked().rolls_used,
        1,
        "the dice stay as they lie"
    );
    // Writing the first roll in the box instead: the value, not the announcement.
    store.controls().open_picker(full_house);
    let points = store.table().picker_offers().get_untracked().unwrap().offers[0];
    store.controls().choose(points);
    store.controls().confirm();
    assert_eq!(
        store.table().cell_value(0, full_house).get_untracked(),
        Some(points)
    );
}

#[test]
fn a_computer_players_box_shown_in_the_picker_is_nobody_elses_to_change_or_close() {
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Robo"], SEED);
    store.controls().roll();
    store.controls().open_picker(Category::Chance.into());
    let shown = store.table().picker().get_untracked();
    assert!(shown.as_ref().is_some_and(|picker| picker.chosen.is_some()));
    // The seat to play is now a computer's: the picker shows its box until its next step writes it.
    let seat = store.table().game_now(|game| game.current_seat()).unwrap();
    seat_is(store, seat, Some(fivedice_worker::Level::Optimal));
    store.controls().choose(0);
    store.controls().toggle_flag(false);
    store.controls().choose_announcing();
    store.controls().cancel();
    store.controls().confirm();
    assert_eq!(
        store.table().picker().get_untracked(),
        shown,
        "the computer's choice stands"
    );
    assert_eq!(
        store.table().game_now(|game| game.log().len()),
        Some(0),
        "and only its own step writes it"
    );
}

#[test]
fn the_device_is_passed_only_from_one_person_here_to_another() {
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    assert_eq!(
        store.table().pass_to().get_untracked(),
        None,
        "nobody has played yet"
    );
    store.controls().roll();
    store.controls().open_picker(Category::Chance.into());
    store.controls().confirm();
    assert_eq!(store.table().pass_to().get_untracked(), Some(1));
    let ben_is = |level| seat_is(store, 1, level);
    // Were Ben a computer player, nobody would hand the tablet to him.
    ben_is(Some(fivedice_worker::Level::Optimal));
    assert_eq!(store.table().pass_to().get_untracked(), None);
    ben_is(None);
    assert_eq!(store.table().pass_to().get_untracked(), Some(1));
    store.controls().roll();
    assert_eq!(
        store.table().pass_to().get_untracked(),
        None,
        "Ben has the tablet"
    );

    // On a score pad one person keeps the score for everyone: nothing is handed over.
    // (Another seed: the seed names the table, and the clock stands still.)
    start(
        store,
        RulesetId::Yahtzee,
        DiceMode::Pad,
        &["Anna", "Ben"],
        SEED + 1,
    );
    let first = store.table().current_seat().get_untracked().unwrap();
    write_next_cell(store);
    assert_ne!(store.table().current_seat().get_untracked(), Some(first));
    assert_eq!(store.table().pass_to().get_untracked(), None);
}

#[test]
fn a_score_pad_decision_is_judged_as_after_the_last_roll() {
    use fivedice_rules::Dice;
    let (store, _) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::Pad, &["Anna", "Ben"], SEED);
    let seat = store.table().current_seat().get_untracked().unwrap();
    assert!(
        store
            .controls()
            .enter_dice(Dice::from_values(&[6, 6, 6, 2, 1]).unwrap())
    );
    store.controls().open_picker(Category::Chance.into());
    store.controls().confirm();
    let decision = store
        .table
        .get_untracked()
        .unwrap()
        .decisions()
        .last()
        .cloned()
        .expect("the choice is recorded");
    // The pad knows the dice, not the rolls that made them: never "3 rolls left with dice on the table".
    assert_eq!((decision.seat, decision.rolls_left), (seat, 0));
}
