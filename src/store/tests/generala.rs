//! Generala at the store: what a score pad's picker does with a generala made on the first roll.

use fivedice_rules::{Category, DiceMode, RulesetId};
use leptos::prelude::*;

use super::{SEED, fresh, start};

#[test]
fn a_generala_said_made_on_the_first_roll_on_a_pad_is_its_full_value_and_wins_the_game() {
    let (store, _) = fresh();
    start(store, RulesetId::Generala, DiceMode::Pad, &["Ana", "Beto"], SEED);
    let seat = store.table().game_now(|game| game.current_seat()).unwrap();
    let chosen = || {
        store
            .table()
            .picker()
            .get_untracked()
            .and_then(|picker| picker.chosen)
    };
    store.controls().open_picker(Category::Generala.into());
    assert_eq!(chosen(), None);
    store.controls().toggle_flag(true);
    assert_eq!(chosen(), Some(50), "one tap says it all");
    store.controls().confirm();
    assert_eq!(
        store.table().game_now(|game| game.won_on_first_roll()),
        Some(Some(seat))
    );
}
