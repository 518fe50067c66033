//! The engine as WebAssembly with no bindings, for timing in Node (V8, Chromium's engine) and for checking
//! that the wasm table is bit for bit the native one (see wasm.sh). Bench tooling, not part of the engine.

use std::sync::Mutex;

use fivedice_rules::{Rules, RulesetId};
use fivedice_strategy::{Spread, ValueTable};

static LAST_DIGEST: Mutex<u64> = Mutex::new(0);

/// Builds the table of ruleset `id` (its index in `RulesetId::ALL`, default options) and returns the expected
/// score; `digest` then gives the FNV-1a digest of the table's bits.
#[unsafe(no_mangle)]
pub extern "C" fn solve(id: u32) -> f64 {
    let table = ValueTable::solve(Rules::new(RulesetId::ALL[id as usize]));
    *LAST_DIGEST.lock().expect("one thread") = fnv(table.values());
    table.expected_score()
}

/// Builds the table of ruleset `id` and its spread in one pass (as the page's worker does for the first chances
/// to win) and returns the expected score; `digest` then gives the digest of the spread's bits.
#[unsafe(no_mangle)]
pub extern "C" fn solve_with_spread(id: u32) -> f64 {
    let (table, spread) = Spread::build_with_table(Rules::new(RulesetId::ALL[id as usize]));
    *LAST_DIGEST.lock().expect("one thread") = fnv(&spread.moments());
    table.expected_score()
}

/// FNV-1a over the bits of some values.
fn fnv(values: &[f32]) -> u64 {
    values.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, value| {
        (hash ^ u64::from(value.to_bits())).wrapping_mul(0x0100_0000_01b3)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn digest() -> u64 {
    *LAST_DIGEST.lock().expect("one thread")
}
