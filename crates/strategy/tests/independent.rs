//! The engine's solitaire optimum against an independent search, for the sheets small enough to search plainly:
//! Yacht (twelve boxes, no bonus: 4,096 sheets), Forced Yatzy (fifteen boxes in order: 16 sheets, each at
//! every upper total) and Generala (eleven boxes, no bonus, each sheet with its generala scored or not). The
//! search knows nothing of the engine's groups, lanes or keep graph: it memoises the value of each sheet, plays
//! each turn as three rolls of dice counts with every keep (and, where the rules pay more for it, a box written
//! right after the first roll), asks the rules which cells the dice may go in, and reads the points and bonus
//! off the sheet's own totals.

use std::collections::HashMap;

use fivedice_rules::{Category, FaceCounts, Rules, RulesetId, Sheet, UpperBonus};
use fivedice_strategy::ValueTable;

/// Every way `dice` dice can fall, as face counts, with its probability.
fn falls(dice: u8) -> Vec<([u8; 6], f64)> {
    let mut out = Vec::new();
    let mut counts = [0u8; 6];
    fn fill(face: usize, left: u8, counts: &mut [u8; 6], out: &mut Vec<([u8; 6], f64)>, dice: u8) {
        if face == 5 {
            counts[5] = left;
            let factorial = |n: u8| (1..=u64::from(n)).product::<u64>() as f64;
            let ways = factorial(dice) / counts.iter().map(|&n| factorial(n)).product::<f64>();
            out.push((*counts, ways / 6f64.powi(i32::from(dice))));
            return;
        }
        for here in 0..=left {
            counts[face] = here;
            fill(face + 1, left - here, counts, out, dice);
        }
    }
    fill(0, dice, &mut counts, &mut out, dice);
    out
}

/// Every sub-multiset of a roll: the dice a player may keep.
fn keeps(roll: [u8; 6]) -> Vec<[u8; 6]> {
    let mut out = vec![[0u8; 6]];
    for (face, &count) in roll.iter().enumerate() {
        out = out
            .into_iter()
            .flat_map(|keep| {
                (0..=count).map(move |kept| {
                    let mut keep = keep;
                    keep[face] = kept;
                    keep
                })
            })
            .collect();
    }
    out
}

/// A place for each multiset of at most five dice: its counts as digits in base 6.
fn slot(counts: [u8; 6]) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |slot, &count| slot * 6 + usize::from(count))
}

const SLOTS: usize = 6usize.pow(6);

struct Search {
    rules: Rules,
    threshold: u16,
    rolls: Vec<[u8; 6]>,
    falls: Vec<Vec<([u8; 6], f64)>>,
    /// By the filled cells, the upper total (capped) and whether the five-of-a-kind cell holds points.
    memo: HashMap<(Vec<Category>, u16, bool), f64>,
}

impl Search {
    fn new(rules: Rules) -> Search {
        Search {
            rules,
            threshold: rules.ruleset().upper_bonus.unwrap_or(UpperBonus::NONE).threshold,
            rolls: falls(5).into_iter().map(|(roll, _)| roll).collect(),
            falls: (0..=5).map(falls).collect(),
            memo: HashMap::new(),
        }
    }

    /// The points still to come from a sheet under optimal play.
    fn value(&mut self, sheet: &Sheet) -> f64 {
        let ruleset = self.rules.ruleset();
        if sheet.is_full(ruleset) {
            return 0.0;
        }
        let filled: Vec<Category> = sheet.filled().map(|(category, _)| category).collect();
        let five_held = sheet
            .get(ruleset.all_alike_cell())
            .is_some_and(|points| points > 0);
        let key = (filled, sheet.totals(ruleset).upper.min(self.threshold), five_held);
        if let Some(&value) = self.memo.get(&key) {
            return value;
        }
        let mut worth = vec![f64::NAN; SLOTS];
        for roll in self.rolls.clone() {
            worth[slot(roll)] = self.best_write(sheet, roll, false);
        }
        // Two rerolls before it, each keeping the best sub-multiset of the dice.
        for _ in 0..2 {
            let mut kept = vec![f64::NAN; SLOTS];
            let mut earlier = vec![f64::NAN; SLOTS];
            for &roll in &self.rolls {
                earlier[slot(roll)] = keeps(roll)
                    .into_iter()
                    .map(|keep| {
                        if kept[slot(keep)].is_nan() {
                            let rerolled = 5 - keep.iter().sum::<u8>();
                            kept[slot(keep)] = self.falls[usize::from(rerolled)]
                                .iter()
                                .map(|&(fall, chance)| {
                                    let dice = std::array::from_fn(|face| keep[face] + fall[face]);
                                    chance * worth[slot(dice)]
                                })
                                .sum();
                        }
                        kept[slot(keep)]
                    })
                    .fold(f64::NEG_INFINITY, f64::max);
            }
            worth = earlier;
        }
        // Right after the first roll, a box may be written, where the rules may pay more for it.
        for roll in self.rolls.clone() {
            let written = self.best_write(sheet, roll, true);
            worth[slot(roll)] = worth[slot(roll)].max(written);
        }
        let value = self.falls[5]
            .iter()
            .map(|&(roll, chance)| chance * worth[slot(roll)])
            .sum();
        self.memo.insert(key, value);
        value
    }

    /// The best cell for a roll: its points, bonus included, and the value of the sheet after.
    fn best_write(&mut self, sheet: &Sheet, roll: [u8; 6], first_roll: bool) -> f64 {
        let ruleset = self.rules.ruleset();
        let before = sheet.totals(ruleset).grand;
        let dice = FaceCounts::from_counts(roll).expect("five dice");
        let scores = self.rules.scores_rolled(sheet, dice, first_roll);
        scores
            .cells
            .iter()
            .map(|&(category, points)| {
                let after = sheet.with_written(category, points);
                f64::from(after.totals(ruleset).grand - before) + self.value(&after)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

fn assert_engine_matches_the_search(ruleset: RulesetId) -> f64 {
    let rules = Rules::new(ruleset);
    let searched = Search::new(rules).value(&Sheet::new());
    let engine = ValueTable::solve(rules).expected_score();
    // The engine sums in f32 lanes: agreement to a thousandth of a point over a whole game.
    assert!(
        (engine - searched).abs() < 1e-3,
        "{ruleset}: engine {engine:.6}, independent search {searched:.6}"
    );
    searched
}

#[test]
fn yacht_s_optimum_is_the_independent_search_s() {
    let value = assert_engine_matches_the_search(RulesetId::Yacht);
    assert!((value - 166.955).abs() < 1e-3, "{value}");
}

#[test]
fn forced_yatzy_s_optimum_is_the_independent_search_s() {
    let value = assert_engine_matches_the_search(RulesetId::ForcedYatzy);
    assert!((value - 122.5585).abs() < 1e-3, "{value}");
}

/// Generala with the usual house rules: +5 for a straight, full or poker made on the first roll, the double
/// generala (100, once the generala holds its 50). A generala on the first roll counts as a generala's points:
/// alone, there is nobody to beat.
#[test]
fn generala_s_optimum_is_the_independent_search_s() {
    let value = assert_engine_matches_the_search(RulesetId::Generala);
    assert!((value - 159.6185).abs() < 1e-3, "{value}");
}
