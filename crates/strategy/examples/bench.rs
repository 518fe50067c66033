//! The strategy engine's benchmark and release-mode check: `make bench-strategy` (figures in BENCHMARKS.md).
//!
//! For every ruleset variant: the median wall time of several full table builds, the states and bytes, and
//! the expected score checked against the published figure (the process fails on a mismatch). Then the time
//! to rank every option of a situation, from scratch and with the turn already solved, over situations met
//! in play. Wall times on a shared machine: the medians are what to quote.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fivedice_rules::{Dice, DiceMode, Game, Joker, MAX_ROLLS, Rules, RulesetId};
use fivedice_strategy::{Bot, Rng, ValueTable, simulate};

/// A variant, how many builds to time, and the published expected score (if any).
struct Case {
    name: &'static str,
    rules: Rules,
    runs: usize,
    published: Option<f64>,
}

fn rules(id: RulesetId, joker: Joker, bonus: bool) -> Rules {
    Rules::with_options(id, joker, bonus).expect("a valid variant")
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// FNV-1a over the table's bits: equal digests mean bit-identical tables (native against wasm, say).
fn digest(table: &ValueTable) -> u64 {
    table.values().iter().fold(0xcbf2_9ce4_8422_2325, |hash, value| {
        (hash ^ u64::from(value.to_bits())).wrapping_mul(0x0100_0000_01b3)
    })
}

fn main() {
    use RulesetId::*;
    let cases = [
        Case {
            name: "yahtzee, Joker free, bonus",
            rules: rules(Yahtzee, Joker::Free, true),
            runs: 7,
            published: Some(254.5896),
        },
        Case {
            name: "yahtzee, Joker forced, bonus",
            rules: rules(Yahtzee, Joker::Forced, true),
            runs: 7,
            published: Some(254.5877),
        },
        Case {
            name: "yahtzee, no Joker, bonus",
            rules: rules(Yahtzee, Joker::None, true),
            runs: 7,
            published: Some(253.9702),
        },
        Case {
            name: "yahtzee, no Joker, no bonus",
            rules: rules(Yahtzee, Joker::None, false),
            runs: 7,
            published: Some(245.8708),
        },
        Case {
            name: "yatzy",
            rules: Rules::new(Yatzy),
            runs: 5,
            published: Some(248.4400),
        },
        Case {
            name: "yam",
            rules: Rules::new(Yam),
            runs: 7,
            published: None,
        },
        Case {
            name: "yardzee (default: forced, bonus)",
            rules: Rules::new(Yardzee),
            runs: 3,
            published: None,
        },
        // Not published: `tests/independent.rs` checks these against a plain memoised search.
        Case {
            name: "yacht",
            rules: Rules::new(Yacht),
            runs: 7,
            published: None,
        },
        Case {
            name: "forced-yatzy",
            rules: Rules::new(ForcedYatzy),
            runs: 7,
            published: None,
        },
        Case {
            name: "generala (+5 on the first roll, double generala)",
            rules: Rules::new(Generala),
            runs: 7,
            published: None,
        },
    ];
    println!(
        "| variant | expected score | published | reachable states | values stored | bytes per reachable state | \
         median build | runs | digest |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut failures = Vec::new();
    let mut yahtzee_forced = None;
    for case in &cases {
        let mut times = Vec::new();
        let mut table = None;
        for _ in 0..case.runs {
            let started = Instant::now();
            let built = ValueTable::solve(case.rules);
            times.push(started.elapsed());
            table = Some(black_box(built));
        }
        let table = table.expect("at least one run");
        let expected = table.expected_score();
        let published = match case.published {
            Some(published) => {
                if (expected - published).abs() > 1e-4 {
                    failures.push(format!("{}: {expected:.6} against {published}", case.name));
                }
                format!("{published:.4}")
            }
            None => "—".to_string(),
        };
        println!(
            "| {} | {expected:.4} | {published} | {} | {} | {:.2} | {:.0} ms | {} | {:016x} |",
            case.name,
            table.reachable_states(),
            table.state_count(),
            table.memory_bytes() as f64 / table.reachable_states() as f64,
            median(times).as_secs_f64() * 1e3,
            case.runs,
            digest(&table),
        );
        match case.rules.id() {
            Yahtzee if case.rules == Rules::new(Yahtzee) => yahtzee_forced = Some(digest(&table)),
            Yardzee if yahtzee_forced != Some(digest(&table)) => {
                failures.push("yardzee differs from yahtzee".into())
            }
            _ => {}
        }
    }
    advice_timing();
    simulation();
    if !failures.is_empty() {
        eprintln!(
            "bench-strategy: the published figures are not met: {}",
            failures.join("; ")
        );
        std::process::exit(1);
    }
}

/// The optimal bot's games against the table's expectation, and their spread against Glenn's 59.61.
fn simulation() {
    const GAMES: usize = 20_000;
    let table = ValueTable::solve(Rules::new(RulesetId::Yahtzee));
    let started = Instant::now();
    let summary = simulate(&table, 0.0, GAMES, 2026).expect("the bot plays legally");
    let seconds = started.elapsed().as_secs_f64();
    // The standard error of a standard deviation from n normal-ish samples: sd / sqrt(2(n - 1)).
    let spread_error = summary.standard_deviation / (2.0 * (GAMES as f64 - 1.0)).sqrt();
    println!();
    println!(
        "| optimal bot, yahtzee (forced Joker, bonus), seed 2026 | games | mean | standard deviation | time |"
    );
    println!("|---|---|---|---|---|");
    println!(
        "| simulated | {GAMES} | {:.2} ± {:.2} (table: {:.4}) | {:.2} ± {spread_error:.2} (Glenn: 59.61) | {seconds:.1} s |",
        summary.mean,
        summary.standard_error,
        table.expected_score(),
        summary.standard_deviation,
    );
}

/// Times ranking every option of situations met by the optimal bot in play (yahtzee).
fn advice_timing() {
    let table = ValueTable::solve(Rules::new(RulesetId::Yahtzee));
    let mut situations = Vec::new();
    let mut dice_source = Rng::new(1);
    let mut bot = Bot::new(&table, 0.0, 2);
    for _ in 0..20 {
        let mut game = Game::new(table.rules(), DiceMode::App, &["bench"], 0).expect("one player fits");
        while !game.is_over() {
            let sheet = game.sheets()[0].clone();
            let roll = game.draw(&mut dice_source).expect("a roll is due");
            game.play(&roll).expect("a roll is due");
            let dice: Dice = game.turn().dice.expect("dice rolled");
            situations.push((sheet, dice, MAX_ROLLS - 1));
            bot.play_turn(&mut game, &mut dice_source)
                .expect("the bot plays legally");
        }
    }
    let from_scratch = per_call(&situations, |(sheet, dice, rolls_left)| {
        table
            .advise(sheet, dice.counts(), *rolls_left)
            .expect("a legal situation")
            .options
            .len()
    });
    let turns: Vec<_> = situations
        .iter()
        .map(|(sheet, ..)| table.turn(sheet).expect("the game is on"))
        .collect();
    let mut next_turn = turns.iter().cycle();
    let with_turn = per_call(&situations, |(_, dice, rolls_left)| {
        let turn = next_turn.next().expect("cycles");
        turn.advise(dice.counts(), *rolls_left)
            .expect("a legal situation")
            .options
            .len()
    });
    println!();
    println!(
        "| ranking every option of a situation (yahtzee, {} situations from play) | median per call |",
        situations.len()
    );
    println!("|---|---|");
    println!(
        "| from scratch: solve the turn, then rank (`ValueTable::advise`) | {:.1} µs |",
        from_scratch * 1e6
    );
    println!(
        "| turn already solved (`TurnAdvisor::advise`) | {:.2} µs |",
        with_turn * 1e6
    );
}

/// The median, over 7 passes, of the mean time per situation.
fn per_call<T>(situations: &[T], mut call: impl FnMut(&T) -> usize) -> f64 {
    let passes: Vec<Duration> = (0..7)
        .map(|_| {
            let started = Instant::now();
            for situation in situations {
                black_box(call(situation));
            }
            started.elapsed() / situations.len() as u32
        })
        .collect();
    median(passes).as_secs_f64()
}
