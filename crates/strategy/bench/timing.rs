//! One timed table build, for comparing builds of the engine at different commits (see compare.sh).
//! Prints: seconds, expected score, stored states. Uses only the API every compared commit has.

fn main() {
    let id: fivedice_rules::RulesetId = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "yahtzee".to_string())
        .parse()
        .expect("a ruleset id");
    let started = std::time::Instant::now();
    let table = fivedice_strategy::ValueTable::solve(fivedice_rules::Rules::new(id));
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{seconds:.4} {:.6} {}",
        table.expected_score(),
        table.state_count()
    );
}
