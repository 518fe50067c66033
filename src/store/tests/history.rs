//! A long history: the newest games stay whole, older ones are kept as their sheets only, and nothing a player
//! sees of them changes.

use fivedice_rules::{DiceMode, Face, FirstPlayerRoll, Game, Play, Rules, RulesetId};
use fivedice_saved::{GAMES_KEPT_WHOLE, KeptGame, SavedHistory, history_from_text, history_to_text, log_of};

use leptos::prelude::*;

use super::{fresh, start, store_over, write_next_cell};
use crate::stats::player_stats;
use crate::storage::Backend as _;

const HISTORY_KEY: &str = "fivedice.history";

/// A game of two with the app's dice: each turn rolls once and scores the box that pays most.
fn app_game() -> Game {
    let mut faces = [3, 5, 5, 2, 6, 1, 4, 4, 6, 6, 2, 3, 1, 5].into_iter().cycle();
    let mut game = Game::new(Rules::new(RulesetId::Yahtzee), DiceMode::App, &["Anna", "Ben"], 0).unwrap();
    while !game.is_over() {
        let roll = game
            .draw(&mut || Face::new(faces.next().unwrap()).unwrap())
            .unwrap();
        game.play(&roll).unwrap();
        let scores = game.scores().unwrap();
        let best = scores.cells.iter().max_by_key(|(_, points)| *points).unwrap().0;
        game.play(&Play::Score(best.into())).unwrap();
    }
    game
}

/// `count` finished games, the newest first, as the history keeps them.
fn history_of(count: usize) -> Vec<KeptGame> {
    let game = app_game();
    let roll_off = FirstPlayerRoll {
        rounds: Vec::new(),
        first_seat: 0,
    };
    (0..count)
        .map(|at| {
            let id = format!("1690000000000-{at}");
            let log = log_of(&id, &game, &roll_off).unwrap();
            KeptGame::new(&id, "Anna & Ben", &log, 1.69e12 - at as f64)
        })
        .collect()
}

fn saved_history(backend: &crate::storage::memory::MemoryBackend) -> Vec<KeptGame> {
    match history_from_text(&backend.get(HISTORY_KEY).unwrap()) {
        Ok(SavedHistory::Current(games)) => games,
        _ => panic!("the history reads back"),
    }
}

#[test]
fn a_long_history_keeps_its_older_games_as_sheets_and_every_figure_stays() {
    let (_, backend) = fresh();
    let whole = history_of(GAMES_KEPT_WHOLE + 1);
    backend.set(HISTORY_KEY, &history_to_text(&whole)).unwrap();
    let store = store_over(&backend);
    let figures = || player_stats(&store.kept().finished_games().get_untracked());
    let before = figures();
    assert_eq!(before.len(), 2);
    assert_eq!(before[0].games, GAMES_KEPT_WHOLE + 1);
    assert_eq!(saved_history(&backend), whole, "reading changes nothing");

    // A game finished here pushes the two oldest out of the games kept whole.
    start(store, RulesetId::Yam, DiceMode::Pad, &["Cleo"], 3);
    for _ in 0..RulesetId::Yam.ruleset().cells.len() {
        write_next_cell(store);
    }
    let saved = saved_history(&backend);
    assert_eq!(
        saved.iter().map(KeptGame::keeps_dice).collect::<Vec<_>>(),
        [false]
            .into_iter()
            .chain(std::iter::repeat_n(true, GAMES_KEPT_WHOLE - 1))
            .chain([false, false])
            .collect::<Vec<_>>(),
        "Cleo's game on the pad first, then the games of two: all whole but the two oldest"
    );
    assert_eq!(saved[1..], store.kept().history().get_untracked()[1..]);
    assert!(history_to_text(&saved[1..]).len() < history_to_text(&whole).len());
    let after: Vec<_> = figures()
        .into_iter()
        .filter(|stats| stats.name != "Cleo")
        .collect();
    assert_eq!(after, before);
    let reloaded = store_over(&backend);
    assert_eq!(reloaded.kept().history().get_untracked(), saved);
}

#[test]
fn a_finished_table_shows_again_after_a_reload_until_it_is_left() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yam, DiceMode::Pad, &["Anna"], 5);
    for _ in 0..RulesetId::Yam.ruleset().cells.len() {
        write_next_cell(store);
    }
    let finished = store.table().game_now(Clone::clone).unwrap();
    assert!(finished.is_over());

    // A reload (or a new visit) shows the results again, and the game is in the history once.
    let reloaded = store_over(&backend);
    assert_eq!(reloaded.table().game_now(Clone::clone), Some(finished.clone()));
    let again = store_over(&backend);
    assert_eq!(again.table().game_now(Clone::clone), Some(finished));
    assert_eq!(again.kept().history().get_untracked().len(), 1);
    assert!(again.kept().tables_in_progress().get_untracked().is_empty());

    // Left, it is gone from the tables: the next start shows the start screen, the game in the history.
    again.tables().leave();
    let after = store_over(&backend);
    assert_eq!(after.table().game_now(|_| ()), None);
    assert_eq!(after.kept().history().get_untracked().len(), 1);
    assert!(
        !backend
            .keys()
            .iter()
            .any(|key| key.starts_with("fivedice.table."))
    );
}
