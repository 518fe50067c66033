//! `solve` and `simulate`: the optimal strategy's expected score, and games played by the computer players.

use fivedice_rules::Rules;
use fivedice_strategy::{
    HISTOGRAM_BIN, Level, MaxiWeights, Summary, ValueTable, simulate, simulate_columns, simulate_maxi,
    simulate_table, solves_exactly,
};
use serde_json::{Value, json};

use crate::options::Options;
use crate::report::{describe, options_json, rounded};

pub fn solve(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "solve")?;
    if !solves_exactly(rules.single_column()) {
        return Err(format!(
            "{} is too large to solve exactly: its computer player plays by estimate (simulate --rules {} --bot \
             maxi)",
            rules.id(),
            rules.id()
        ));
    }
    let started = std::time::Instant::now();
    let table = ValueTable::solve(rules);
    let seconds = started.elapsed().as_secs_f64();
    if options.json {
        return Ok(json!({
            "rules": options_json(rules),
            "expected_score": rounded(table.expected_score()),
            "states": table.reachable_states(),
            "stored_values": table.state_count(),
            "table_bytes": table.memory_bytes(),
            "seconds": seconds,
        })
        .to_string());
    }
    Ok(format!(
        "{}: expected score {:.4}\n{} reachable states, {} values stored ({} bytes), solved in {seconds:.3} s",
        describe(rules),
        table.expected_score(),
        table.reachable_states(),
        table.state_count(),
        table.memory_bytes(),
    ))
}

pub fn simulate_games(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "simulate")?;
    if !rules.columns().is_one() {
        return simulate_column_games(options, rules);
    }
    if rules.ruleset().saves_rolls {
        return simulate_maxi_games(options, rules);
    }
    if options.players.is_some() {
        return simulate_table_games(options, rules);
    }
    let level: Level = options
        .bot
        .as_deref()
        .ok_or("missing --bot optimal|strong|casual")?
        .parse()?;
    let games = options.number(&options.games, "games", 1..=10_000_000)? as usize;
    let seed = options.number(&options.seed, "seed", 0..=u64::MAX)?;
    let table = level.table(rules);
    let summary = simulate(&table, level.noise(), games, seed).map_err(|error| error.to_string())?;
    if options.json {
        return Ok(summary_json(rules, level.id(), seed, &summary).to_string());
    }
    Ok(summary_text(rules, level.id(), seed, &summary))
}

/// A table of computer players against each other: wins, means and spreads per seat.
fn simulate_table_games(options: &Options, rules: Rules) -> Result<String, String> {
    if options.bot.is_some() {
        return Err("--players seats a table and --bot plays alone: give one of them".into());
    }
    let seats = options
        .players
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(|id| id.trim().parse::<Level>())
        .collect::<Result<Vec<Level>, String>>()
        .map_err(|error| format!("--players: {error}"))?;
    let ruleset = rules.ruleset();
    if !(ruleset.min_players.max(2)..=ruleset.max_players).contains(&seats.len()) {
        return Err(format!(
            "--players: {} seats {} to {} computer players, got {}",
            rules.id(),
            ruleset.min_players.max(2),
            ruleset.max_players,
            seats.len()
        ));
    }
    let games = options.number(&options.games, "games", 1..=10_000_000)? as usize;
    let seed = options.number(&options.seed, "seed", 0..=u64::MAX)?;
    let started = std::time::Instant::now();
    let table = ValueTable::solve(rules);
    let summaries = simulate_table(&table, &seats, games, seed).map_err(|error| error.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let seat_json: Vec<Value> = (summaries.iter().enumerate())
        .map(|(seat, summary)| {
            let share = summary.wins / games as f64;
            json!({
                "seat": seat,
                "bot": summary.level.id(),
                "wins": summary.wins,
                "win_share": share,
                "win_share_standard_error": (share * (1.0 - share) / games as f64).sqrt(),
                "mean": summary.mean,
                "standard_deviation": summary.standard_deviation,
            })
        })
        .collect();
    if options.json {
        return Ok(json!({
            "rules": options_json(rules),
            "seed": seed,
            "games": games,
            "seats": seat_json,
            "seconds": seconds,
        })
        .to_string());
    }
    let mut lines = vec![format!(
        "{games} games of {}, {}, seed {seed} (the first to play moving one seat a game)",
        seats
            .iter()
            .map(|level| level.id())
            .collect::<Vec<_>>()
            .join(" against "),
        describe(rules)
    )];
    for (seat, summary) in summaries.iter().enumerate() {
        lines.push(format!(
            "seat {seat} {:<8} wins {:>9.1} ({:.2}%), mean {:.2}, standard deviation {:.2}",
            summary.level.id(),
            summary.wins,
            100.0 * summary.wins / games as f64,
            summary.mean,
            summary.standard_deviation
        ));
    }
    Ok(lines.join("\n"))
}

/// Column Yam: the heuristic player (on the single-column optimal table and its ordered columns), or the greedy
/// baseline.
fn simulate_column_games(options: &Options, rules: Rules) -> Result<String, String> {
    let bot = options.bot.as_deref().ok_or("missing --bot column|greedy")?;
    let table = match bot {
        "column" => ValueTable::solve(rules.single_column()),
        "greedy" => ValueTable::myopic(rules.single_column()),
        other => return Err(format!("column Yam plays --bot column or greedy, not {other:?}")),
    };
    let games = options.number(&options.games, "games", 1..=10_000_000)? as usize;
    let seed = options.number(&options.seed, "seed", 0..=u64::MAX)?;
    let summary = simulate_columns(&table, rules, games, seed).map_err(|error| error.to_string())?;
    if options.json {
        return Ok(summary_json(rules, bot, seed, &summary).to_string());
    }
    Ok(summary_text(rules, bot, seed, &summary))
}

/// Maxi Yatzy: the estimating player, or the greedy baseline.
fn simulate_maxi_games(options: &Options, rules: Rules) -> Result<String, String> {
    let bot = options.bot.as_deref().ok_or("missing --bot maxi|greedy")?;
    let weights = match bot {
        "maxi" => MaxiWeights::STRONG,
        "greedy" => MaxiWeights::GREEDY,
        other => return Err(format!("Maxi Yatzy plays --bot maxi or greedy, not {other:?}")),
    };
    let games = options.number(&options.games, "games", 1..=10_000_000)? as usize;
    let seed = options.number(&options.seed, "seed", 0..=u64::MAX)?;
    let summary = simulate_maxi(rules, weights, games, seed).map_err(|error| error.to_string())?;
    if options.json {
        return Ok(summary_json(rules, bot, seed, &summary).to_string());
    }
    Ok(summary_text(rules, bot, seed, &summary))
}

fn summary_json(rules: Rules, bot: &str, seed: u64, summary: &Summary) -> Value {
    let histogram: Vec<Value> = (summary.histogram.iter())
        .map(|&(from, games)| json!({"from": from, "to": from + HISTOGRAM_BIN - 1, "games": games}))
        .collect();
    json!({
        "rules": options_json(rules),
        "bot": bot,
        "seed": seed,
        "games": summary.games,
        "mean": summary.mean,
        "standard_deviation": summary.standard_deviation,
        "standard_error": summary.standard_error,
        "min": summary.min,
        "max": summary.max,
        "upper_bonus_rate": summary.upper_bonus_rate,
        "histogram": histogram,
    })
}

fn summary_text(rules: Rules, bot: &str, seed: u64, summary: &Summary) -> String {
    let mut lines = vec![
        format!(
            "{} games of the {bot} bot, {}, seed {seed}",
            summary.games,
            describe(rules)
        ),
        format!(
            "mean {:.2} ± {:.2} (standard error)",
            summary.mean, summary.standard_error
        ),
        format!("standard deviation {:.2}", summary.standard_deviation),
        format!("min {}, max {}", summary.min, summary.max),
        format!(
            "upper bonus in {:.1}% of upper sections",
            100.0 * summary.upper_bonus_rate
        ),
    ];
    let most = summary
        .histogram
        .iter()
        .map(|&(_, games)| games)
        .max()
        .unwrap_or(1);
    for &(from, games) in &summary.histogram {
        let bar = "#".repeat((games * 50).div_ceil(most));
        lines.push(format!(
            "{from:>4}-{:<4} {games:>8} {bar}",
            from + HISTOGRAM_BIN - 1
        ));
    }
    lines.join("\n")
}
