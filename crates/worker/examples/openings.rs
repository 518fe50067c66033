//! Writes `crates/worker/src/openings.rs`: the opening ([`Opening`]) of each game's default rules and of
//! Yahtzee's and Yardzee's every Joker rule, which the worker states a table's first chances from at once. `make openings` runs it; the worker's tests fail when
//! the engine no longer gives these exact values.

use fivedice_rules::{Joker, Rules, RulesetId};
use fivedice_strategy::{Opening, Spread, solves_exactly};

/// The rules kept: each game the engine solves exactly with its default options, and Yahtzee's and Yardzee's
/// every Joker rule with the bonus or without.
fn kept_rules() -> Vec<Rules> {
    let mut kept = Vec::new();
    for id in RulesetId::ALL {
        let variants = Joker::ALL
            .into_iter()
            .flat_map(|joker| [true, false].map(|bonus| Rules::with_options(id, joker, bonus)))
            .flatten();
        for rules in std::iter::once(Rules::new(id)).chain(variants) {
            if solves_exactly(rules) && !kept.contains(&rules) {
                kept.push(rules);
            }
        }
    }
    kept
}

fn main() {
    // Rules that score alike (Yardzee's sheet is Yahtzee's under other names) share one list of states.
    let mut lists: Vec<Vec<String>> = Vec::new();
    let mut named = Vec::new();
    for rules in kept_rules() {
        let (table, spread) = Spread::build_with_table(rules);
        let states: Vec<String> = Opening::of(&table, &spread)
            .states()
            .iter()
            .map(|(slot, moments)| {
                let bits = moments.map(|moment| format!("{:#010x}", moment.to_bits()));
                format!("    ({slot}, [{}]),\n", bits.join(", "))
            })
            .collect();
        let list = lists.iter().position(|list| *list == states).unwrap_or_else(|| {
            lists.push(states);
            lists.len() - 1
        });
        named.push((rules, list));
    }
    let mut source = String::from(
        "//! The opening of each game's default rules and of Yahtzee's and Yardzee's every Joker rule, as the \
         engine works it out (written by `make openings`: do not edit).\n\n/// An opening state: its place in the \
         table, then its value and higher moments as bits.\npub type KeptState = (u32, [u32; 4]);\n\n/// By the \
         rules' notation, every opening state.\npub const OPENINGS: &[(&str, &[KeptState])] = &[\n",
    );
    for (rules, list) in &named {
        source.push_str(&format!("    (\"{rules}\", OPENING_{list}),\n"));
    }
    source.push_str("];\n");
    for (number, states) in lists.iter().enumerate() {
        source.push_str(&format!(
            "\nconst OPENING_{number}: &[KeptState] = &[\n{}];\n",
            states.concat()
        ));
    }
    print!("{source}");
}
