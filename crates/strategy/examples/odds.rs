//! The odds measured: `make bench-odds` (figures in BENCHMARKS.md).
//!
//! 1. Calibration: two-player games played Optimal against Optimal; at the start of every turn, each seat's
//!    stated chance to win, against whether it did. Ten bins of stated chance, each with its count,
//!    its mean stated chance, the observed win rate and that rate's standard error.
//! 2. The time to state a table's chances, native (the page's worker runs the same code as wasm).
//! 3. The Winner against Optimal: two-player Yahtzee with the forced and the free Joker, then three- and
//!    four-player tables; per seat the win share and its standard error, the first to play moving a seat a
//!    game.
//!
//! `cargo run --release -p fivedice-strategy --example odds -- [calibration games] [winner games] [dice seed]`

use std::time::Instant;

use fivedice_rules::{DiceMode, Game, Joker, Rules, RulesetId};
use fivedice_strategy::{Bot, Level, Odds, Rng, Spread, Standing, ValueTable, simulate_table};

/// The medians of five builds: the table, its spread after it, and both in one pass (which must give the
/// same bits).
fn build_times(rules: Rules) -> (ValueTable, Spread) {
    let milliseconds = |started: Instant| started.elapsed().as_secs_f64() * 1e3;
    let median = |mut times: Vec<f64>| {
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let (mut apart, mut together) = (Vec::new(), Vec::new());
    let mut built = None;
    for _ in 0..5 {
        let started = Instant::now();
        let table = ValueTable::solve(rules);
        let table_ms = milliseconds(started);
        let spread = Spread::build(&table);
        apart.push((table_ms, milliseconds(started)));
        let started = Instant::now();
        let (both, both_spread) = Spread::build_with_table(rules);
        together.push(milliseconds(started));
        assert!(both.values() == table.values() && both_spread.moments() == spread.moments());
        built = Some((table, spread));
    }
    println!(
        "yahtzee, medians of 5: table {:.0} ms, then its spread: {:.0} ms in all; both in one pass {:.0} ms \
         (the same bits)",
        median(apart.iter().map(|times| times.0).collect()),
        median(apart.iter().map(|times| times.1).collect()),
        median(together),
    );
    built.expect("five builds")
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|arg| arg.parse::<usize>().expect("a number of games"));
    let calibration_games = args.next().unwrap_or(4000);
    let winner_games = args.next().unwrap_or(40_000);
    let calibration_seed = args.next().unwrap_or(2026) as u64;
    let rules = Rules::new(RulesetId::Yahtzee);
    let (table, spread) = build_times(rules);
    let game = spread.shape(&table, &fivedice_rules::Sheet::new());
    println!(
        "spread of yahtzee (forced Joker, bonus): {} bytes; a whole game's standard deviation \
         {:.4} (Glenn: 59.61), skewness {:.4}, excess kurtosis {:.4}",
        spread.memory_bytes(),
        game.variance.sqrt(),
        game.skewness,
        game.excess_kurtosis
    );
    calibration(&table, &spread, calibration_games, calibration_seed);
    for (name, rules) in [
        ("yahtzee, forced Joker", Rules::new(RulesetId::Yahtzee)),
        (
            "yahtzee, free Joker",
            Rules::with_options(RulesetId::Yahtzee, Joker::Free, true).expect("a variant"),
        ),
    ] {
        winner_table(name, rules, &[Level::Winner, Level::Optimal], winner_games);
    }
    let rules = Rules::new(RulesetId::Yahtzee);
    winner_table(
        "yahtzee, forced Joker",
        rules,
        &[Level::Winner, Level::Optimal, Level::Optimal],
        winner_games / 4,
    );
    winner_table(
        "yahtzee, forced Joker",
        rules,
        &[Level::Winner, Level::Optimal, Level::Optimal, Level::Optimal],
        winner_games / 4,
    );
}

fn calibration(table: &ValueTable, spread: &Spread, games: usize, seed: u64) {
    const BINS: usize = 10;
    let mut odds = Odds::new(table, spread);
    let mut bot = Bot::new(table, 0.0, 11);
    let mut dice = Rng::new(seed);
    // Per bin: positions, stated chances added up, wins added up.
    let mut bins = [(0usize, 0.0f64, 0.0f64); BINS];
    let mut times = Vec::new();
    for played in 0..games {
        let mut game =
            Game::new(table.rules(), DiceMode::App, &["A", "B"], played % 2).expect("two players fit");
        let mut stated = Vec::new();
        while !game.is_over() {
            let sheets = game.sheets().to_vec();
            let standings: Vec<Standing> = (0..2)
                .map(|seat| Standing {
                    sheet: &sheets[seat],
                    total: game.totals(seat).map_or(0, |totals| totals.grand),
                    turn: None,
                })
                .collect();
            let started = Instant::now();
            let chances = odds.chances(&standings).expect("a game under way");
            times.push(started.elapsed().as_secs_f64());
            stated.push(chances);
            bot.play_turn(&mut game, &mut dice)
                .expect("the bot plays legally");
        }
        let [first, second] = [0, 1].map(|seat| game.totals(seat).map_or(0, |totals| totals.grand));
        let won = match first.cmp(&second) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        // Both seats' chances, so that one seat's luck over the games cannot lean every bin its way.
        for chances in stated {
            for (chance, won) in [(chances[0], won), (chances[1], 1.0 - won)] {
                let bin = &mut bins[((chance * BINS as f64) as usize).min(BINS - 1)];
                bin.0 += 1;
                bin.1 += chance;
                bin.2 += won;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    println!();
    println!(
        "calibration: {games} two-player games (dice seed {seed}), Optimal against Optimal, yahtzee (forced Joker, bonus), each \
         seat's stated chance at the start of every turn ({} positions; stating a table's chances: median {:.2} ms, \
         worst {:.2} ms)",
        times.len(),
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3
    );
    println!();
    println!("| stated chance | positions | mean stated | observed | observed − stated | standard error |");
    println!("|---|---|---|---|---|---|");
    for (bin, &(count, stated, wins)) in bins.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let (stated, observed) = (stated / count as f64, wins / count as f64);
        let error = (observed * (1.0 - observed) / count as f64).sqrt();
        println!(
            "| {:.1}–{:.1} | {count} | {stated:.4} | {observed:.4} | {:+.4} | {error:.4} |",
            bin as f64 / BINS as f64,
            (bin + 1) as f64 / BINS as f64,
            observed - stated
        );
    }
}

fn winner_table(name: &str, rules: Rules, seats: &[Level], games: usize) {
    let table = ValueTable::solve(rules);
    let started = Instant::now();
    let summaries = simulate_table(&table, seats, games, 2026).expect("the bots play legally");
    let seconds = started.elapsed().as_secs_f64();
    println!();
    println!(
        "{name}: {} — {games} games, seed 2026, {seconds:.0} s",
        seats
            .iter()
            .map(|level| level.name())
            .collect::<Vec<_>>()
            .join(" against ")
    );
    println!();
    println!(
        "| seat | level | win share | standard error | fair share | (share − fair) / error | mean | standard deviation |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let fair = 1.0 / seats.len() as f64;
    for (seat, summary) in summaries.iter().enumerate() {
        let share = summary.wins / games as f64;
        let error = (share * (1.0 - share) / games as f64).sqrt();
        println!(
            "| {seat} | {} | {:.4} | {error:.4} | {fair:.4} | {:+.1} | {:.2} | {:.2} |",
            summary.level.name(),
            share,
            (share - fair) / error,
            summary.mean,
            summary.standard_deviation
        );
    }
}
