//! Saving and reading back: revisions, a full store, unreadable data kept aside, previous copies.

use std::cell::RefCell;
use std::rc::Rc;

use fivedice_rules::{DiceMode, RulesetId};
use proptest::prelude::*;

use super::memory::MemoryBackend;
use super::*;
use crate::table::testing::{roll, seated};

fn table(seed: u64) -> Table {
    let mut table = seated(RulesetId::Yahtzee, DiceMode::App, &["Anna", "Ben"], seed);
    roll(&mut table);
    table
}

fn memory() -> (Storage, Rc<MemoryBackend>) {
    let backend = Rc::new(MemoryBackend::default());
    (
        Storage::with_backend(Box::new(backend.clone()), || 1.7e12),
        backend,
    )
}

#[test]
fn another_tabs_newer_save_is_noticed_by_its_revision() {
    let (storage, _) = memory();
    let mut saved = table(3);
    while saved.revision() < 4 {
        saved.mark_changed(saved.updated_ms());
    }
    storage.save_table(&saved).unwrap();
    assert_eq!(storage.table_since(saved.id(), 4).value, Some(saved.clone()));
    assert_eq!(storage.table_since(saved.id(), 5).value, None);
    assert_eq!(storage.table_since("elsewhere", 0).value, None);
}

#[test]
fn a_resume_and_another_tabs_change_read_a_damaged_save_through_its_previous_copy() {
    let (storage, backend) = memory();
    let mut good = table(9);
    storage.save_table(&good).unwrap();
    let kept = good.clone();
    good.mark_changed(good.updated_ms());
    storage.save_table(&good).unwrap();
    let key = Storage::table_key(good.id());
    let damaged = "fivedice table 6\ndamaged";
    for read in [
        |storage: &Storage, id: &str| storage.table(id),
        // The other tab's revision cannot be read: the whole save is, through the same recovery.
        |storage: &Storage, id: &str| storage.table_since(id, 0),
    ] {
        backend.set(&key, damaged).unwrap();
        let loaded = read(&storage, good.id());
        assert_eq!(loaded.value, Some(kept.clone()), "the previous copy is read");
        assert_eq!(loaded.problems.len(), 1);
        assert!(loaded.problems[0].kept_aside && loaded.problems[0].recovered);
        assert_eq!(
            backend.get(&key),
            backend.get(&Storage::previous_key(&key)),
            "restored in its place"
        );
        let aside = storage.keys_with(UNREADABLE_PREFIX);
        assert!(
            aside
                .iter()
                .any(|key| backend.get(key).as_deref() == Some(damaged)),
            "the damaged save is kept aside: {aside:?}"
        );
    }
    // Read whole only when it is newer: an older revision is not even parsed.
    assert_eq!(storage.table_since(good.id(), kept.revision() + 1).value, None);
}

#[test]
fn a_full_store_refuses_the_save_and_keeps_what_it_had() {
    let (storage, backend) = memory();
    storage.save_table(&table(1)).unwrap();
    let before = backend.entries.borrow().clone();
    let full = MemoryBackend {
        entries: RefCell::new(before.clone()),
        capacity: Some(10),
    };
    let storage = Storage::with_backend(Box::new(full), || 0.0);
    assert_eq!(storage.save_table(&table(2)), Err(SaveRefused::FullOrBlocked));
    assert_eq!(storage.tables().value.current.len(), 1);
}

#[test]
fn tables_come_back_most_recently_played_first() {
    let (storage, _) = memory();
    for (seed, updated_ms) in [(1, 5.0), (2, 9.0), (3, 1.0), (4, 9.0), (5, 7.0)] {
        let mut saved = table(seed);
        saved.mark_changed(updated_ms);
        storage.save_table(&saved).unwrap();
    }
    let tables = storage.tables().value;
    let played: Vec<f64> = tables.current.iter().map(|table| table.updated_ms()).collect();
    assert_eq!(played, [9.0, 9.0, 7.0, 5.0, 1.0]);
    let ids: std::collections::BTreeSet<&str> = tables.current.iter().map(|table| table.id()).collect();
    assert_eq!(ids.len(), 5, "every table, once");
}

#[test]
fn a_full_store_gives_up_the_spare_copies_before_a_game_in_progress() {
    let (storage, backend) = memory();
    // Three tables saved twice: each keeps the copy its second save replaced.
    let mut tables: Vec<Table> = (1..=3).map(table).collect();
    for saved in &mut tables {
        storage.save_table(saved).unwrap();
        roll(saved);
        storage.save_table(saved).unwrap();
    }
    let spares = || storage.keys_with(PREVIOUS_PREFIX).len();
    assert_eq!(spares(), 3);
    let used: usize = backend.entries.borrow().values().map(String::len).sum();
    // Full to the byte: the next save fits only once spare copies are given up.
    let full = Rc::new(MemoryBackend {
        entries: RefCell::new(backend.entries.borrow().clone()),
        capacity: Some(used),
    });
    let storage = Storage::with_backend(Box::new(full.clone()), || 1.7e12);
    let spares = || storage.keys_with(PREVIOUS_PREFIX).len();
    let playing = &mut tables[0];
    roll(playing);
    assert_eq!(storage.save_table(playing), Ok(()));
    assert_eq!(
        storage.table(playing.id()).value,
        Some(playing.clone()),
        "the game in progress is saved"
    );
    assert!(spares() < 3, "spare copies were given up");
    // Every table is still there, as last saved.
    assert_eq!(storage.tables().value.current.len(), 3);
    assert!(
        full.entries
            .borrow()
            .keys()
            .all(|key| !key.starts_with(UNREADABLE_PREFIX))
    );
}

#[test]
fn the_store_says_when_less_than_a_fifth_of_it_is_left() {
    let (storage, backend) = memory();
    storage.save_table(&table(1)).unwrap();
    let space = storage.space().expect("a store");
    assert!(space.used > 100 && !space.nearly_full());
    backend
        .entries
        .borrow_mut()
        .insert("another page's".into(), "x".repeat(KEPT_CHARACTERS * 4 / 5));
    assert!(storage.space().expect("a store").nearly_full());
}

/// A store that refuses the keys with these prefixes, as a full store refuses a copy.
fn refusing(backend: &Rc<MemoryBackend>, refused: &'static [&'static str]) -> Storage {
    struct Refusing(Rc<MemoryBackend>, &'static [&'static str]);
    impl Backend for Refusing {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key)
        }
        fn set(&self, key: &str, value: &str) -> Result<(), WriteRefused> {
            match self.1.iter().any(|prefix| key.starts_with(prefix)) {
                true => Err(WriteRefused),
                false => self.0.set(key, value),
            }
        }
        fn remove(&self, key: &str) {
            self.0.remove(key);
        }
        fn keys(&self) -> Vec<String> {
            self.0.keys()
        }
    }
    Storage::with_backend(Box::new(Refusing(backend.clone(), refused)), || 1.7e12)
}

#[test]
fn a_damaged_save_that_cannot_be_set_aside_never_replaces_the_good_previous_copy() {
    let (storage, backend) = memory();
    let mut good = table(5);
    storage.save_table(&good).unwrap();
    good.mark_changed(good.updated_ms());
    storage.save_table(&good).unwrap();
    let key = Storage::table_key(good.id());
    let previous = Storage::previous_key(&key);
    let kept = backend.get(&previous).expect("the copy the second save replaced");
    // The save is damaged, and the store has no room to set it aside (nor to restore the previous copy).
    backend.set(&key, "fivedice table 6\ndamaged").unwrap();
    let loaded = refusing(&backend, &[UNREADABLE_PREFIX, TABLE_PREFIX]).tables();
    assert_eq!(loaded.problems.len(), 1);
    assert!(!loaded.problems[0].kept_aside && loaded.problems[0].recovered);
    assert_eq!(loaded.value.current.len(), 1);
    assert_eq!(backend.get(&key).as_deref(), Some("fivedice table 6\ndamaged"));
    // The next save replaces the damaged copy, but keeps the good previous one.
    let full = refusing(&backend, &[UNREADABLE_PREFIX]);
    good.mark_changed(good.updated_ms());
    full.save_table(&good).unwrap();
    assert_eq!(backend.get(&previous), Some(kept));
    assert_eq!(full.table(good.id()).value, Some(good.clone()));
    // A readable copy is kept as the previous one, as always.
    let replaced = backend.get(&key).unwrap();
    good.mark_changed(good.updated_ms());
    full.save_table(&good).unwrap();
    assert_eq!(backend.get(&previous), Some(replaced));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Garbage, truncated saves and single-byte changes: loading never panics, good tables still load,
    /// and every byte of the bad data is still in the store (moved aside, never overwritten).
    #[test]
    fn loading_never_panics_and_never_loses_data(
        garbage in proptest::collection::vec(any::<u8>(), 0..200),
        cut in 0usize..4000,
        flip in (0usize..4000, any::<u8>()),
    ) {
        let (storage, backend) = memory();
        let good = table(7);
        storage.save_table(&good).unwrap();
        let json = good.to_text().expect("a table on this device");
        let truncated = json[..cut.min(json.len())].to_string();
        let mut flipped = json.clone().into_bytes();
        let at = flip.0 % flipped.len();
        flipped[at] = flip.1;
        let flipped = String::from_utf8_lossy(&flipped).into_owned();
        let bad = [String::from_utf8_lossy(&garbage).into_owned(), truncated, flipped];
        for (index, raw) in bad.iter().enumerate() {
            backend.set(&format!("fivedice.table.bad{index}"), raw).unwrap();
        }
        backend.set("fivedice.history", &bad[0]).unwrap();
        let loaded = storage.tables();
        prop_assert!(loaded.value.current.contains(&good));
        let mut kept: Vec<String> = backend.entries.borrow().values().cloned().collect();
        kept.sort();
        for raw in &bad {
            prop_assert!(kept.contains(raw), "lost {raw:?}");
        }
        let _ = storage.history();
        prop_assert!(backend.entries.borrow().values().any(|value| value == &bad[0]));
    }
}
