//! Why the rules refused a move, told in the language spoken, each box named as the sheet in play prints it.
//! The words are a chunk of their own (`refusals`), fetched the first time a move is refused.

use fivedice_room::{Refusal, RoomError};
use fivedice_rules::{Category, GameError};
use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

use super::GameStore;

/// Tells the player why `reason` refused their move (once the chunk is here; offline on a device that never
/// fetched it, in the rules' own words).
pub(super) fn tell_refused(store: GameStore, reason: GameError) {
    leptos::task::spawn_local(async move {
        match refusals_part().await {
            Ok(worded) => store.tell(worded(store, &reason)),
            Err(_) => store.tell(reason.to_string()),
        }
    });
}

/// Tells the player why the room server refused their command: a move the rules refused as [`tell_refused`]
/// words it (its boxes named as the sheet prints them), anything else in the words of the room.
pub(super) fn tell_room_refused(store: GameStore, refusal: &Refusal) {
    match refusal {
        Refusal::Room(RoomError::Game(reason)) => tell_refused(store, reason.clone()),
        other => store.tell((store.words().refusal)(other)),
    }
}

#[wasm_split_helpers::wasm_split(refusals, fallible)]
fn refusals_part() -> Result<fn(GameStore, &GameError) -> String, SplitLoaderError> {
    Ok(worded)
}

fn worded(store: GameStore, reason: &GameError) -> String {
    let language = store.speech().language().get_untracked();
    let rules = store.table.game_now(|game| game.rules());
    let name = move |category: Category| {
        rules.map_or_else(
            || category.id().to_string(),
            |rules| crate::i18n::box_name(rules, language, category),
        )
    };
    crate::i18n::refused(language, reason, &name)
}
