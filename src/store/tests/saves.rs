//! What this device keeps: the language chosen, another tab's newer save, a reload, the history, saves of earlier formats, export
//! and import, unreadable data kept aside.

use std::rc::Rc;

use fivedice_rules::{DiceMode, RulesetId};
use leptos::prelude::*;

use super::super::{GameStore, Reading as _};
use super::{CLOCK, SEED, fresh, start, store_over, told, write_next_cell};
use crate::storage::memory::MemoryBackend;
use crate::storage::{Backend as _, Storage};
#[test]
fn a_newer_save_from_another_tab_is_adopted_not_overwritten() {
    let (here, backend) = fresh();
    start(here, RulesetId::Yatzy, DiceMode::App, &["Anna"], SEED);
    let id = here.table.get_untracked().unwrap().id().to_string();
    let there = store_over(&backend);
    there.tables().resume(&id);
    there.controls().roll();
    there.controls().roll();
    let theirs = there.table.get_untracked().unwrap();
    here.controls().roll();
    assert_eq!(
        here.table.get_untracked().unwrap(),
        theirs,
        "this tab shows the other's state"
    );
    assert!(told(&here).contains("another tab"));
    let stored = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .table(&id)
        .value;
    assert_eq!(stored, Some(theirs), "the newer save was not overwritten");
    here.heard_other_tab(Some(Storage::table_key(&id)));
    assert_eq!(here.table().turn().get_untracked().rolls_used, 2);
    here.controls().roll();
    assert_eq!(
        here.table().turn().get_untracked().rolls_used,
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
        store.tables().load("");
        store
    };
    let store = page(&visit);
    start(store, RulesetId::Yatzy, DiceMode::App, &["Anna"], SEED);
    assert!(
        page(&visit).table().has_table().get_untracked(),
        "a reload of the table shows the table"
    );
    store.tables().leave();
    assert!(
        !page(&visit).table().has_table().get_untracked(),
        "a reload of the start screen stays there"
    );
    let new_visit = Rc::new(MemoryBackend::default());
    assert!(
        page(&new_visit).table().has_table().get_untracked(),
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
        saved.mark_changed(saved.updated_ms());
        storage.save_table(&saved).unwrap();
        store.controls().roll();
        assert_eq!(
            store.table().turn().get_untracked().rolls_used,
            taps - 1,
            "the newer save is shown instead"
        );
        assert!(
            !store.table().awaiting_answer(),
            "nothing is left waiting for the tap's answer"
        );
        store.controls().roll();
        assert_eq!(
            store.table().turn().get_untracked().rolls_used,
            taps,
            "the next tap rolls"
        );
        store.notices().dismiss();
    }
    let cell = store
        .table()
        .cell_preview(0, fivedice_rules::Category::Chance.into());
    assert!(cell.get_untracked().is_some(), "a box may be written as well");
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
    assert!(store.kept().tables_in_progress().get_untracked().is_empty());
    store.tables().read_earlier();
    let open = store
        .table
        .get_untracked()
        .expect("the table played last opens once read");
    assert_eq!(open.id(), "1700000000000-42");
    let listed: Vec<String> = store
        .kept()
        .tables_in_progress()
        .get_untracked()
        .into_iter()
        .map(|table| table.id().to_string())
        .collect();
    assert_eq!(listed, ["1750000000000-11"]);
    assert_eq!(store.notices().notice().get_untracked(), None);
    // Saved again in this version's format: the next start reads both at once, and plays on from there.
    let rewritten = Storage::with_backend(Box::new(backend.clone()), CLOCK.now_ms)
        .tables()
        .value;
    assert!(rewritten.earlier.is_empty());
    assert_eq!(rewritten.current.len(), 2);
    let again = store_over(&backend);
    assert_eq!(again.table.get_untracked(), Some(open));
    again.controls().roll();
    assert!(again.table().turn().get_untracked().dice.is_some());
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
    let started = store.table.get_untracked().unwrap().id().to_string();
    store.tables().read_earlier();
    assert_eq!(
        store.table.get_untracked().unwrap().id(),
        started,
        "the game started meanwhile stays open"
    );
    let listed: Vec<String> = store
        .kept()
        .tables_in_progress()
        .get_untracked()
        .into_iter()
        .map(|table| table.id().to_string())
        .collect();
    assert_eq!(listed, ["1700000000000-42"]);
    assert!(told(&store).contains("damaged"));
    assert_eq!(
        store.notices().unreadable().get_untracked().len(),
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
    let kept = store.kept().history().get_untracked();
    let shown = store.kept().finished_games().get_untracked();
    assert_eq!(shown.len(), 1);
    assert_eq!(kept[0].table_id, shown[0].table_id);
    assert_eq!(kept[0].finished_ms, shown[0].finished_ms);
    assert_eq!(shown[0].game, store.table().game_now(Clone::clone).unwrap());
    // Kept as text, and read back as it was written.
    let saved = backend.get("fivedice.history").unwrap();
    assert!(saved.starts_with("fivedice history 2\n"));
    match fivedice_saved::history_from_text(&saved) {
        Ok(fivedice_saved::SavedHistory::Current(games)) => assert_eq!(games, kept),
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
        other.kept().finished_games().get_untracked().is_empty(),
        "not read at start"
    );
    other.tables().read_earlier();
    let games = other.kept().finished_games().get_untracked();
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
        store_over(&backend).kept().finished_games().get_untracked(),
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
    home.controls().roll();
    let (name, file) = home.kept().export_file(home.table().get_untracked()).unwrap();
    assert_eq!(name, "fivedice-2026-11-30.json");

    let (away, backend) = fresh();
    away.tables().import(&file);
    assert_eq!(
        told(&away),
        "Imported 1 finished game and 1 game in progress; 0 were already here."
    );
    assert_eq!(away.kept().history().get_untracked().len(), 1);
    assert_eq!(away.kept().tables_in_progress().get_untracked().len(), 1);
    away.tables().import(&file);
    assert!(told(&away).contains("2 were already here"));
    let reloaded = store_over(&backend);
    assert_eq!(
        (
            reloaded.kept().history().get_untracked().len(),
            reloaded.kept().tables_in_progress().get_untracked().len()
        ),
        (1, 1),
        "imports are saved"
    );
    away.tables()
        .import("{\"app\":\"fivedice\",\"format\":1,\"tables\":[{\"format\":3}]}");
    assert!(told(&away).starts_with("Nothing was imported"));
    assert_eq!(away.kept().history().get_untracked().len(), 1);
    let shared = home
        .kept()
        .share_file(&home.kept().history().get_untracked()[0].table_id);
    assert!(shared.unwrap().unwrap().0.starts_with("fivedice-yam-"));
}

#[test]
fn unreadable_saves_are_kept_aside_and_offered() {
    Owner::new().set();
    let backend = Rc::new(MemoryBackend::default());
    crate::storage::Backend::set(&*backend, "fivedice.table.broken", "not a table").unwrap();
    crate::storage::Backend::set(&*backend, "fivedice.table.earlier", "{not json").unwrap();
    let store = store_over(&backend);
    assert!(told(&store).contains("could not be read"));
    assert_eq!(store.notices().unreadable().get_untracked().len(), 1);
    assert!(store.kept().unreadable_file().contains("not a table"));
    // A save in JSON is left to its reader, which finds it unreadable in turn.
    store.tables().read_earlier();
    assert_eq!(store.notices().unreadable().get_untracked().len(), 2);
    assert!(store.kept().unreadable_file().contains("{not json"));
}

/// A save found unreadable is kept aside, and the copy it replaced is read instead: the game resumes one
/// tap earlier rather than being lost.
#[test]
fn an_unreadable_save_is_recovered_from_its_previous_copy() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    store.controls().roll();
    let before = store.table.get_untracked().unwrap();
    store.controls().toggle_hold(1);
    let id = before.id().to_string();
    let key = Storage::table_key(&id);
    crate::storage::Backend::set(&*backend, &key, "fivedice table 5\nid broken").unwrap();
    let reloaded = store_over(&backend);
    let notice = reloaded
        .notices()
        .notice()
        .get_untracked()
        .expect("the player is told");
    assert!(notice.contains("previous save was read instead"), "{notice}");
    reloaded.tables().resume(&id);
    let recovered = reloaded.table.get_untracked().expect("the table is back");
    assert_eq!(recovered.log(), before.log(), "as it was one tap earlier");
    assert_eq!(
        reloaded.notices().unreadable().get_untracked().len(),
        1,
        "and the broken copy offered"
    );
    reloaded.controls().roll();
    assert_eq!(
        reloaded.table().turn().get_untracked().rolls_used,
        2,
        "it plays on"
    );
}

#[test]
fn the_language_an_address_asks_for_is_kept_and_the_words_follow_it() {
    use crate::i18n::Language;
    let (store, backend) = fresh();
    assert_eq!(store.speech().language().get_untracked(), Language::English);
    let again = store_over(&backend);
    again.tables().load("?lang=fr");
    assert_eq!(again.speech().language().get_untracked(), Language::French);
    assert_eq!(again.words().confirm, "Valider");
    assert_eq!(
        store_over(&backend).speech().language().get_untracked(),
        Language::French,
        "kept on the device"
    );
    again.speech().set_language(Language::English);
    assert_eq!(
        store_over(&backend).speech().language().get_untracked(),
        Language::English
    );
    let refused = store_over(&backend);
    refused.tables().load("?lang=it");
    assert!(told(&refused).contains("'it'"));
    assert_eq!(refused.speech().language().get_untracked(), Language::English);
    // Spanish and German, each in its own words (natively, every language's words are here at once).
    let spanish = store_over(&backend);
    spanish.tables().load("?lang=es");
    assert_eq!(spanish.speech().language().get_untracked(), Language::Spanish);
    assert_eq!(spanish.words().speaks, Language::Spanish);
    let german = store_over(&backend);
    german.tables().load("?lang=de");
    assert_eq!(german.words().speaks, Language::German);
}

/// A save found damaged after start-up, as another tab's save is heard, a table is resumed or this tab saves,
/// is set aside and offered at once in the list to download, not only after a reload.
#[test]
fn a_save_found_damaged_after_start_up_is_offered_at_once() {
    let (store, backend) = fresh();
    start(store, RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], SEED);
    store.controls().roll();
    store.controls().toggle_hold(1);
    let id = store.table.get_untracked().unwrap().id().to_string();
    let key = Storage::table_key(&id);
    let damage = |how: &str| crate::storage::Backend::set(&*backend, &key, how).unwrap();
    damage("fivedice table 5\nid broken in another tab");
    store.heard_other_tab(Some(key.clone()));
    assert!(told(&store).contains("previous save was read instead"));
    assert!(store.kept().unreadable_file().contains("broken in another tab"));
    // Set aside under the same key again, the list then offering what was found last.
    let there = store_over(&backend);
    damage("fivedice table 5\nid broken before resuming");
    there.tables().resume(&id);
    assert!(there.kept().unreadable_file().contains("broken before resuming"));
    assert!(
        there.table.get_untracked().is_some(),
        "the table resumed from its previous copy"
    );
    // Found by this tab's own save, as it looks for a newer copy from another tab.
    damage("fivedice table 5\nid broken before this tab's save");
    there.controls().roll();
    assert!(told(&there).contains("previous save was read instead"));
    assert!(
        there
            .kept()
            .unreadable_file()
            .contains("broken before this tab's save")
    );
}

#[test]
fn an_import_brings_a_more_saved_copy_of_the_table_open_and_shows_it() {
    let (home, _) = fresh();
    start(home, RulesetId::Yatzy, DiceMode::App, &["Anna"], SEED);
    home.controls().roll();
    let export = || home.kept().export_file(home.table().get_untracked()).unwrap().1;
    let first = export();
    // Played on at home: a hold and another roll.
    home.controls().toggle_hold(0);
    home.controls().roll();
    let later = export();
    let played = home.table().get_untracked().unwrap();

    let (away, backend) = fresh();
    away.tables().import(&first);
    away.tables().resume(played.id());
    let opened = away.table().get_untracked().unwrap().revision();
    assert!(opened < played.revision());
    away.tables().import(&later);
    let shown = away.table().get_untracked().unwrap();
    assert_eq!(
        shown.revision(),
        played.revision(),
        "the file's more saved copy is the table open"
    );
    assert_eq!(shown.log(), played.log());
    let saved = store_over(&backend)
        .storage
        .with_value(|storage| storage.table(played.id()))
        .value;
    assert_eq!(
        saved.map(|table| table.revision()),
        Some(played.revision()),
        "and it is saved"
    );
}
