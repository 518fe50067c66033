//! Who writes each key of the device's storage: one type per key, or family of keys. The app's code is read
//! as text, each call of a storage write attributed to the type whose `impl` it is in; a second writer of a
//! key, a key nobody listed, or a part reaching the browser's storage around [`super::Storage`] fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each key (its constant in `storage/mod.rs`), the methods of [`super::Storage`] that write it, and the one
/// type that calls them. `unreadable.` and `previous.` copies are written by the storage itself, as it saves
/// and reads (`storage/copies.rs`).
const WRITERS: &[(&str, &[&str], &str)] = &[
    ("TABLE_PREFIX", &["save_table", "delete_table"], "KeptTables"),
    ("LAST_TABLE", &["set_last_table"], "KeptTables"),
    ("HISTORY", &["save_history"], "KeptTables"),
    ("ROOM_PREFIX", &["save_room"], "RoomConnection"),
    ("OPEN_ROOM", &["set_open_room"], "RoomConnection"),
    ("ONLINE_AS", &["set_online_as"], "RoomConnection"),
    ("ORGANISED", &["add_organised_event"], "Events"),
    ("ORGANISED_EVENT_PREFIX", &["keep_organised_event"], "Events"),
    ("SETUP", &["set_setup_draft"], "Tables"),
    ("START_SCREEN", &["set_start_screen_showing"], "OpenTable"),
    ("HINT_AIM", &["set_hints_for_win"], "Advisor"),
    ("THEME", &["set_theme"], "DeviceSettings"),
    ("FEEL", &["set_feel"], "DeviceSettings"),
    ("LANGUAGE", &["set_language"], "Speech"),
    ("UNREADABLE_PREFIX", &[], "Storage"),
    ("PREVIOUS_PREFIX", &[], "Storage"),
];

/// Modules that keep state of the page itself, not of the game: where the focus rests and which Back layers
/// are open (the DOM's and the History API's, which they follow), the language chunks fetched, and whether the
/// table's code was asked for ahead of Start.
const PAGE_STATE: &[&str] = &[
    "src/focus.rs",
    "src/back/",
    "src/i18n/on_demand.rs",
    "src/components/mod.rs",
];

/// What keeps state outside the store's parts: a thread's own values, or a static that can change.
const STATE_OUTSIDE: &[&str] = &[
    "thread_local!",
    "AtomicBool",
    "AtomicU",
    "AtomicI",
    "OnceLock",
    "static mut ",
];

fn sources() -> Vec<(String, String)> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the sources are readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    walk(&root.join("src"), &mut found);
    found
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(root)
                .expect("under the crate")
                .display()
                .to_string();
            let text = std::fs::read_to_string(&path).expect("a readable source");
            // The tests write as they please: only the app's own code counts.
            let code = text
                .split("#[cfg(test)]\nmod")
                .next()
                .unwrap_or_default()
                .to_string();
            (name, code)
        })
        .filter(|(name, _)| !name.contains("/tests/") && !name.ends_with("tests.rs"))
        .collect()
}

/// The type whose `impl` block holds line `at` of `code` (the file's name for code outside one).
fn type_at(file: &str, code: &str, at: usize) -> String {
    let mut owner = file.to_string();
    for line in code.lines().take(at + 1) {
        if let Some(rest) = line.strip_prefix("impl") {
            // `impl<'a> Tables<'a> {`, `impl Trait for Type {`: the last name before the brace.
            let head = rest.split(" for ").last().unwrap_or(rest);
            let name = head
                .trim_end_matches('{')
                .trim()
                .split('<')
                .next()
                .unwrap_or_default();
            owner = name.split_whitespace().last().unwrap_or_default().to_string();
        } else if line == "}" {
            owner = file.to_string();
        }
    }
    owner
}

#[test]
fn every_key_has_one_writer_type() {
    let sources = sources();
    let mut writers: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (file, code) in sources
        .iter()
        .filter(|(file, _)| !file.starts_with("src/storage/"))
    {
        let lines: Vec<&str> = code.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            // A call chained on the next line: `storage` ends the line before.
            let chained = at > 0 && lines[at - 1].trim_end().ends_with("storage");
            for (_, methods, _) in WRITERS {
                for method in *methods {
                    // The parts hold it as `storage` (`self.storage.with_value(|storage| storage.save_table(…))`).
                    let call = format!(".{method}(");
                    if line.contains(&format!("storage{call}"))
                        || (chained && line.trim_start().starts_with(&call))
                        || line.contains(&format!("Storage::{method}"))
                    {
                        writers.entry(method).or_default().insert(type_at(file, code, at));
                    }
                }
            }
        }
    }
    for (key, methods, writer) in WRITERS {
        for method in *methods {
            let found = writers.remove(method).unwrap_or_default();
            assert_eq!(
                found,
                BTreeSet::from([writer.to_string()]),
                "{key} is written by {writer} alone (through Storage::{method})"
            );
        }
    }
}

#[test]
fn every_key_and_every_write_is_listed() {
    let sources = sources();
    let storage = &sources
        .iter()
        .find(|(file, _)| file == "src/storage/mod.rs")
        .expect("the storage module")
        .1;
    let listed: BTreeSet<&str> = WRITERS.iter().map(|(key, _, _)| *key).collect();
    for line in storage
        .lines()
        .filter(|line| line.contains(": &str = \"fivedice."))
    {
        let key = line
            .split("const ")
            .nth(1)
            .and_then(|rest| rest.split(':').next());
        let key = key.expect("a key's constant");
        assert!(listed.contains(key), "{key} has no writer listed in WRITERS");
    }
    let methods: BTreeSet<&str> = WRITERS
        .iter()
        .flat_map(|(_, methods, _)| methods.iter().copied())
        .collect();
    let writes = [
        "set_", "save_", "delete_", "add_", "keep_", "remove_", "forget_", "clear_",
    ];
    for line in storage.lines().map(str::trim_start) {
        let Some(method) = line
            .strip_prefix("pub fn ")
            .or_else(|| line.strip_prefix("pub(crate) fn "))
        else {
            continue;
        };
        if let Some(prefix) = writes.iter().find(|prefix| method.starts_with(**prefix)) {
            let name = &method[..method.find('(').expect("a method")];
            assert!(
                methods.contains(name),
                "Storage::{name} writes a key no writer is listed for ({prefix}…)"
            );
        }
    }
}

#[test]
fn only_the_storage_reaches_the_browsers_storage_and_only_store_parts_hold_state() {
    for (file, code) in sources() {
        if !file.starts_with("src/storage/") {
            for door in [
                "local_storage()",
                "session_storage()",
                ".set_item(",
                ".remove_item(",
            ] {
                assert!(
                    !code.contains(door),
                    "{file} reaches the browser's storage ({door}): go through Storage"
                );
            }
        }
        // This file names them, to look for them.
        let outside = STATE_OUTSIDE.iter().find(|kind| code.contains(**kind));
        if let Some(kind) = outside.filter(|_| file != "src/storage/writers.rs") {
            assert!(
                PAGE_STATE.iter().any(|allowed| file.starts_with(allowed)),
                "{file} keeps state outside the store's parts ({kind})"
            );
        }
    }
}
