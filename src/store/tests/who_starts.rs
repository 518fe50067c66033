//! A score pad's who-starts, natively: nobody's turn until the table says, a tie kept through a reload, and the
//! Yam sheet's deliberate cross-out through the picker.

use fivedice_rules::{DiceMode, RulesetId};
use leptos::prelude::*;

use super::super::Reading as _;
use super::{fresh, request, start, store_over, write_next_cell};

#[test]
fn the_table_chooses_who_starts_and_yam_crosses_out_through_the_picker() {
    let (store, backend) = fresh();
    let seated = request(RulesetId::Yam, DiceMode::Pad, &["Anna", "Ben", "Cleo"], Some(3));
    store.tables().start(seated, String::new());
    assert!(store.table().first_seat_open().get_untracked());
    // Nobody's turn until the table says who starts: no box of anybody's is live.
    assert!(store.table().who_starts_asked().get_untracked());
    let any_cell = fivedice_rules::Category::Aces.into();
    assert!((0..3).all(|seat| {
        store
            .table()
            .cell_preview(seat, any_cell)
            .get_untracked()
            .is_none()
    }));
    store.controls().choose_first_seat(2);
    assert!(!store.table().who_starts_asked().get_untracked());
    assert_eq!(store.table().current_seat().get_untracked(), Some(2));
    let face = |value: u8| fivedice_rules::Face::ALL[usize::from(value) - 1];
    let tied = store
        .controls()
        .type_roll_off(vec![(0, face(4)), (1, face(4)), (2, face(1))]);
    assert_eq!(tied, Some(fivedice_rules::TiedRollOff(vec![0, 1])));
    assert_eq!(store.table().roll_off_tied().get_untracked(), Some(vec![0, 1]));
    assert_eq!(
        store.table().current_seat().get_untracked(),
        None,
        "nobody's turn while the tie is rolled again"
    );
    // A reload asks the tied players' dice again.
    let store = store_over(&backend);
    assert_eq!(store.table().roll_off_tied().get_untracked(), Some(vec![0, 1]));
    assert_eq!(
        store.table().cell_preview(2, any_cell).get_untracked(),
        None,
        "nobody writes while the tie is rolled again: the game would start with someone else"
    );
    store.controls().open_picker(any_cell);
    assert_eq!(store.table().picker().get_untracked(), None);
    let decided = store.controls().type_roll_off(vec![(0, face(2)), (1, face(5))]);
    assert_eq!(
        (decided, store.table().current_seat().get_untracked()),
        (None, Some(1))
    );
    assert_eq!(store.table().roll_off_tied().get_untracked(), None);
    assert!(store.table().cell_preview(1, any_cell).get_untracked().is_some());
    // A tie, then the table simply chooses: the roll-off is forgotten.
    store
        .controls()
        .type_roll_off(vec![(0, face(6)), (1, face(6)), (2, face(6))]);
    store.controls().choose_first_seat(0);
    assert_eq!(store.table().roll_off_tied().get_untracked(), None);
    assert_eq!(store.table().current_seat().get_untracked(), Some(0));
    write_next_cell(store);
    assert!(
        !store.table().first_seat_open().get_untracked(),
        "settled once a cell is written"
    );
    // Alone at a score pad, nobody is asked who starts.
    let (alone, _) = fresh();
    start(alone, RulesetId::Yam, DiceMode::Pad, &["Dan"], 3);
    assert!(!alone.table().first_seat_open().get_untracked());

    let (store, _) = fresh();
    start(store, RulesetId::Yam, DiceMode::App, &["Anna"], 4);
    store.controls().roll();
    let (category, points) = store
        .table()
        .game_now(|game| {
            game.scores()
                .unwrap()
                .cells
                .into_iter()
                .find(|&(_, points)| points > 0)
        })
        .flatten()
        .expect("a cell the dice score");
    store.controls().open_picker(category.into());
    let offers = store
        .table()
        .picker_offers()
        .get_untracked()
        .expect("the picker is open");
    assert_eq!((offers.offers, offers.cross_out), (vec![points], true));
    store.controls().choose(0);
    store.controls().confirm();
    assert_eq!(
        store.table().cell_value(0, category.into()).get_untracked(),
        Some(0),
        "crossed out on purpose"
    );
}
