//! Bots play legal games through the rules' state machine; the optimal one scores what the table expects.

use fivedice_rules::{Rules, RulesetId};
use fivedice_strategy::{Level, ValueTable, simulate};

#[test]
fn the_optimal_bot_scores_the_table_expectation_within_3_standard_errors() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yahtzee));
    let summary = simulate(&table, 0.0, 2000, 2026).unwrap();
    let expected = table.expected_score();
    assert!(
        (summary.mean - expected).abs() < 3.0 * summary.standard_error,
        "{} ± {} against {expected}",
        summary.mean,
        summary.standard_error
    );
    // Glenn (2006): a standard deviation of 59.61 under optimal play.
    assert!(
        (summary.standard_deviation - 59.61).abs() < 4.0,
        "{}",
        summary.standard_deviation
    );
    assert_eq!(
        summary.histogram.iter().map(|&(_, games)| games).sum::<usize>(),
        2000
    );
}

#[test]
fn weaker_levels_score_less_and_every_level_repeats_with_its_seed() {
    let rules = Rules::new(RulesetId::Yam);
    let optimal = ValueTable::solve(rules);
    let mut means = Vec::new();
    // The Winner plays against other seats: alone it plays for points, as Optimal does (tests/odds.rs).
    for level in Level::ALL.into_iter().filter(|&level| level != Level::Winner) {
        let table = if level.looks_ahead() {
            &optimal
        } else {
            &level.table(rules)
        };
        let summary = simulate(table, level.noise(), 400, 99).unwrap();
        assert_eq!(
            summary,
            simulate(table, level.noise(), 400, 99).unwrap(),
            "{level:?}"
        );
        means.push(summary.mean);
    }
    // Optimal, noisy, greedy: each clearly below the one before (their gaps are many standard errors).
    assert!(means.windows(2).all(|pair| pair[0] > pair[1] + 3.0), "{means:?}");
}
