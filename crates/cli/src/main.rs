//! `fivedice`: the rules of Five Dice and its optimal strategy from the command line, as JSON for tests,
//! benchmarks and analysis.

use std::ffi::OsString;
use std::io::Write;

use lexopt::ValueExt;
use std::process::ExitCode;

use fivedice_rules::{Category, Column, Columns, Dice, Game, Joker, Move, Rules, RulesetId, Section};
use fivedice_strategy::{
    Advice, Choice, ColumnBot, EXACT_OPEN, HISTOGRAM_BIN, Level, Odds, Spread, Standing, Summary, ValueTable,
    simulate, simulate_columns, simulate_table,
};
use serde_json::{Value, json};

const USAGE: &str = "\
fivedice: the rules of Five Dice and its optimal strategy

Usage:
  fivedice rules
      every ruleset: cell ids, labels (English `label`, French `label_fr`), sections, bonus rule and player
      limit, and the columns of its column variant (column Yam)
  fivedice score --rules <id> [--joker forced|free|none] [--no-bonus] [--columns C,C,...] [--column C]
                 [--filled id=value,...] D D D D D
      what each open cell of that sheet scores for these five dice, and the bonus they earn; with --column,
      the sheet is that column's and only the boxes its order allows now are listed (down: the first open
      box, up: the last; free, dry and announced: any, the moment of writing being the turn's)
  fivedice offers --rules <id> [--joker forced|free|none] [--columns C,C,... --column C] <cell id>
      the values that cell can hold on a score pad (the same in every column)
  fivedice solve --rules <id> [--joker ...] [--no-bonus] [--json]
      the optimal strategy's expected score of a solitaire game, its number of states and the time taken
  fivedice simulate --rules <id> [--joker ...] [--no-bonus] --bot optimal|strong|casual --games N --seed S [--json]
      N games of a bot: mean, standard deviation, min, max, upper-bonus rate and a histogram
  fivedice simulate --rules yam --columns C,C,... --bot column|greedy --games N --seed S [--json]
      column Yam: the heuristic player (each column valued exactly as if played alone: Down and Up in their
      order, the others by the single-column table) or the greedy baseline (the points of the turn in hand);
      the upper-bonus rate is per column
  fivedice simulate --rules <id> [--joker ...] [--no-bonus] --players win,optimal[,...] --games N --seed S [--json]
      a table of computer players (win, optimal, strong, casual), the first to play moving one seat each game:
      per seat the games won (a tie shared), the win share with its standard error, the mean and the
      standard deviation
  fivedice winchance --rules <id> [--joker ...] [--no-bonus] --player FILLED --player FILLED ... [--to-play K]
                     [--json] [--batch]
      each player's chance to win (ties shared) when everyone plays optimally from the start of seat K's turn
      (default 0); FILLED is id=value,... as for --filled, plus extra=N for the Yahtzee-bonus points earned so
      far. Exact while every player has at most 5 cells open; elsewhere the turns after the next are taken as
      a normal law of their exact mean and variance. With --batch, one position a line on standard input
      as JSON {\"players\":[{\"filled\":{\"aces\":3},\"extra\":0},...],\"to_play\":0}, one {\"chances\":[...]} a line out
  fivedice advise --rules <id> [--joker ...] [--no-bonus] [--filled id=value,...] --dice D D D D D
                  --rolls-left 0|1|2 [--json]
      every keep (or, with no rolls left, every cell) with its expected final score, best first;
      the expected final score is the sheet's total so far plus the expected points still to come
  fivedice advise --game <FILE> [--json]
      column Yam: every move of the player to play in that saved game (the rules crate's JSON of a game, or a
      table as the app saves it: a localStorage `fivedice.table.*` value (text), or one of an export's `tables`),
      best first, by the column player: an estimate, as the app's hint gives it. Moves are written
      keep:<faces>, cell:<column>:<cell> (cell:<cell> in the free column) or announce:<cell>

Rulesets: yahtzee, yardzee, yam, yatzy. Columns (column Yam): down, free, up, dry, announced, in sheet order.
rules, score and offers print JSON. Bad input exits with status 2.";

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(output) => {
            // A closed pipe (`fivedice rules | head`) is the reader's choice, not an error worth a panic.
            // (`winchance --batch` has printed as it went.)
            if !output.is_empty() {
                let _ = writeln!(std::io::stdout(), "{output}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("fivedice: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command line and returns what it prints, or the one-line reason it is refused.
fn run(args: Vec<OsString>) -> Result<String, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let command = match parser.next().map_err(|error| error.to_string())? {
        Some(lexopt::Arg::Value(command)) => command.string().map_err(|error| error.to_string())?,
        Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h')) | None => return Ok(USAGE.to_string()),
        Some(other) => return Err(format!("expected a command first, found {}", other.unexpected())),
    };
    let options = Options::parse(&mut parser)?;
    let value = match command.as_str() {
        "rules" => {
            options.expect_positionals(0, "rules")?;
            rules_json()
        }
        "score" => score_json(&options)?,
        "offers" => offers_json(&options)?,
        "solve" => return solve(&options),
        "simulate" => return simulate_games(&options),
        "advise" => return advise(&options),
        "winchance" => return win_chance(&options),
        other => {
            return Err(format!(
                "unknown command {other:?} (commands: rules, score, offers, solve, simulate, advise, winchance)"
            ));
        }
    };
    Ok(value.to_string())
}

/// The options every command shares; each command reads the ones it needs.
#[derive(Default)]
struct Options {
    rules: Option<String>,
    joker: Option<String>,
    columns: Option<String>,
    column: Option<String>,
    no_bonus: bool,
    filled: Option<String>,
    json: bool,
    bot: Option<String>,
    players: Option<String>,
    player: Vec<String>,
    to_play: Option<String>,
    batch: bool,
    games: Option<String>,
    seed: Option<String>,
    dice: Vec<String>,
    rolls_left: Option<String>,
    game: Option<String>,
    positionals: Vec<String>,
}

impl Options {
    fn parse(parser: &mut lexopt::Parser) -> Result<Options, String> {
        use lexopt::Arg::{Long, Value};
        let mut options = Options::default();
        let text = |value: Result<OsString, lexopt::Error>| -> Result<String, String> {
            value
                .map_err(|error| error.to_string())?
                .into_string()
                .map_err(|raw| format!("{raw:?} is not valid text"))
        };
        while let Some(arg) = parser.next().map_err(|error| error.to_string())? {
            match arg {
                Long("rules") => options.rules = Some(text(parser.value())?),
                Long("joker") => options.joker = Some(text(parser.value())?),
                Long("columns") => options.columns = Some(text(parser.value())?),
                Long("column") => options.column = Some(text(parser.value())?),
                Long("filled") => options.filled = Some(text(parser.value())?),
                Long("no-bonus") => options.no_bonus = true,
                Long("json") => options.json = true,
                Long("bot") => options.bot = Some(text(parser.value())?),
                Long("players") => options.players = Some(text(parser.value())?),
                Long("player") => options.player.push(text(parser.value())?),
                Long("to-play") => options.to_play = Some(text(parser.value())?),
                Long("batch") => options.batch = true,
                Long("games") => options.games = Some(text(parser.value())?),
                Long("seed") => options.seed = Some(text(parser.value())?),
                Long("rolls-left") => options.rolls_left = Some(text(parser.value())?),
                Long("game") => options.game = Some(text(parser.value())?),
                Long("dice") => {
                    for value in parser.values().map_err(|error| error.to_string())? {
                        options.dice.push(text(Ok(value))?);
                    }
                }
                Value(value) => options.positionals.push(text(Ok(value))?),
                other => return Err(other.unexpected().to_string()),
            }
        }
        Ok(options)
    }

    fn expect_positionals(&self, count: usize, what: &str) -> Result<(), String> {
        if self.positionals.len() == count {
            Ok(())
        } else {
            Err(format!(
                "{what} takes {count} argument(s) besides options, got {}",
                self.positionals.len()
            ))
        }
    }

    /// The ruleset and options named by `--rules`, `--joker` and `--no-bonus`.
    fn rules(&self) -> Result<Rules, String> {
        let id: RulesetId = self
            .rules
            .as_deref()
            .ok_or("missing --rules <id> (yahtzee, yardzee, yam, yatzy)")?
            .parse()
            .map_err(|error: fivedice_rules::UnknownRuleset| error.to_string())?;
        let joker = match &self.joker {
            Some(joker) => Some(joker.parse::<Joker>().map_err(|error| error.to_string())?),
            None => None,
        };
        // `--no-bonus` on a ruleset without the bonus changes nothing, so it is not an error there.
        let bonus = (self.no_bonus && Rules::new(id).has_yahtzee_bonus()).then_some(false);
        let rules = Rules::from_choices(id, joker, bonus).map_err(|error| error.to_string())?;
        let Some(columns) = self.columns.as_deref() else {
            return Ok(rules);
        };
        let columns = Columns::parse_list(columns).map_err(|error| format!("--columns: {error}"))?;
        rules.with_columns(columns).map_err(|error| error.to_string())
    }

    /// The column named by `--column`, which must be one of the rules' columns.
    fn column(&self, rules: Rules) -> Result<Option<Column>, String> {
        let Some(id) = self.column.as_deref() else {
            return Ok(None);
        };
        let column: Column = id
            .parse()
            .map_err(|error: fivedice_rules::UnknownColumn| error.to_string())?;
        if !rules.columns().contains(column) {
            return Err(format!(
                "--column {column}: this sheet's columns are {} (choose them with --columns)",
                rules.columns()
            ));
        }
        Ok(Some(column))
    }

    /// A whole number given with `--name`, within `range`.
    fn number(
        &self,
        value: &Option<String>,
        name: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, String> {
        let text = value
            .as_deref()
            .ok_or_else(|| format!("missing --{name} <number>"))?;
        match text.parse::<u64>() {
            Ok(number) if range.contains(&number) => Ok(number),
            _ => Err(format!(
                "--{name} wants a whole number from {} to {}, got {text:?}",
                range.start(),
                range.end()
            )),
        }
    }

    /// The five dice, given after `--dice` or as the command's own arguments (either way, once).
    fn dice(&self) -> Result<Dice, String> {
        let words = match (self.dice.is_empty(), self.positionals.is_empty()) {
            (false, false) => return Err("give the dice once: after --dice or as arguments".to_string()),
            (true, true) => {
                return Err("missing --dice D D D D D (or the five dice as arguments)".to_string());
            }
            (false, true) => &self.dice,
            (true, false) => &self.positionals,
        };
        words
            .join(" ")
            .parse()
            .map_err(|error: fivedice_rules::DiceError| error.to_string())
    }

    /// The cells named by `--filled id=value,...`, checked against the rules.
    fn filled(&self, rules: Rules) -> Result<fivedice_rules::Sheet, String> {
        let cells = pairs(self.filled.as_deref().unwrap_or(""), "--filled")?;
        sheet_of(rules, &cells, "--filled")
    }
}

/// The `id=value` pairs of a comma-separated list (as text); `what` names the list in errors.
fn pairs(list: &str, what: &str) -> Result<Vec<(String, String)>, String> {
    let items = list.split(',').map(str::trim).filter(|item| !item.is_empty());
    items
        .map(|item| {
            let (id, value) = item
                .split_once('=')
                .ok_or_else(|| format!("{what} wants id=value, got {item:?}"))?;
            Ok((id.trim().to_string(), value.trim().to_string()))
        })
        .collect()
}

/// A sheet with these cells written (`id`, value as text), each checked against the rules; `what` names the
/// input in errors.
fn sheet_of(rules: Rules, cells: &[(String, String)], what: &str) -> Result<fivedice_rules::Sheet, String> {
    let mut written = Vec::new();
    for (id, value) in cells {
        let category: Category = id
            .parse()
            .map_err(|error: fivedice_rules::UnknownCategory| format!("{what}: {error}"))?;
        let value: u16 = value
            .parse()
            .map_err(|_| format!("{what} {id}: {value:?} is not a score"))?;
        written.push((category, value));
    }
    rules.sheet(&written).map_err(|error| format!("{what}: {error}"))
}

fn rules_json() -> Value {
    let rulesets: Vec<Value> = RulesetId::ALL
        .into_iter()
        .map(|id| {
            let ruleset = id.ruleset();
            let defaults = Rules::new(id);
            let section = |section: Section| {
                let label = ruleset.section_label(section);
                json!({
                    "id": section,
                    "label": label.en,
                    "label_fr": label.fr,
                    "cells": ruleset.cells_in(section).collect::<Vec<_>>(),
                })
            };
            let jokers: Vec<&str> = match ruleset.extra_five_of_a_kind {
                Some(_) => Joker::ALL.iter().map(|joker| joker.id()).collect(),
                None => Vec::new(),
            };
            let columns: Vec<Value> = match ruleset.plays_in_columns {
                true => Column::ALL
                    .into_iter()
                    .map(|column| {
                        let label = column.label();
                        json!({"id": column.id(), "symbol": column.symbol(), "label": label.en, "label_fr": label.fr})
                    })
                    .collect(),
                false => Vec::new(),
            };
            let default_columns: Vec<&str> = match ruleset.plays_in_columns {
                true => Columns::USUAL.iter().map(|column| column.id()).collect(),
                false => Vec::new(),
            };
            json!({
                "id": ruleset.id,
                "name": ruleset.name,
                "columns": columns,
                "default_columns": default_columns,
                "min_players": ruleset.min_players,
                "max_players": ruleset.max_players,
                "sections": [
                    section(Section::Upper),
                    section(Section::Lower),
                ],
                "upper_bonus": ruleset.upper_bonus,
                "yahtzee_bonus": ruleset.extra_five_of_a_kind,
                "joker": jokers,
                "default_joker": defaults.joker().id(),
            })
        })
        .collect();
    Value::Array(rulesets)
}

fn score_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice = options.dice()?;
    let column = options.column(rules)?;
    let scores = rules.scores(&sheet, dice.counts());
    let cells: serde_json::Map<String, Value> = scores
        .cells
        .iter()
        .filter(|&&(category, _)| {
            column.is_none_or(|column| column.check_order(rules.ruleset(), &sheet, category).is_ok())
        })
        .map(|&(category, value)| (category.id().to_string(), json!(value)))
        .collect();
    Ok(json!({
        "rules": rules.id(),
        "column": column,
        "dice": dice,
        "scores": cells,
        "yahtzee_bonus": scores.bonus,
    }))
}

fn offers_json(options: &Options) -> Result<Value, String> {
    let rules = options.rules()?;
    options.column(rules)?;
    options.expect_positionals(1, "offers")?;
    let category: Category = options.positionals[0]
        .parse()
        .map_err(|error: fivedice_rules::UnknownCategory| error.to_string())?;
    let offers = rules.offers(category).map_err(|error| error.to_string())?;
    Ok(json!(offers))
}

/// An expectation to the six decimals its `f32` source holds, without the digits of the binary expansion.
fn rounded(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}

/// How the rules' options read in a report.
fn options_json(rules: Rules) -> Value {
    let mut options = json!({
        "id": rules.id(),
        "joker": rules.joker().id(),
        "yahtzee_bonus": rules.has_yahtzee_bonus(),
    });
    if !rules.columns().is_one() {
        options["columns"] = json!(rules.columns());
    }
    options
}

fn describe(rules: Rules) -> String {
    let bonus = if rules.has_yahtzee_bonus() { "on" } else { "off" };
    let columns = match rules.columns().is_one() {
        true => String::new(),
        false => format!(", columns {}", rules.columns()),
    };
    format!(
        "{} (Joker {}, Yahtzee bonus {bonus}{columns})",
        rules.id(),
        rules.joker().id()
    )
}

fn solve(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "solve")?;
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

fn simulate_games(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "simulate")?;
    if !rules.columns().is_one() {
        return simulate_column_games(options, rules);
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

/// One player of a position, as `winchance` reads it: the cells written and the Yahtzee-bonus points earned.
struct Player {
    sheet: fivedice_rules::Sheet,
    total: u16,
}

/// A player from `id=value,...` with an optional `extra=N`, checked against the rules.
fn player_of(rules: Rules, cells: Vec<(String, String)>, what: &str) -> Result<Player, String> {
    let (extra, cells): (Vec<_>, Vec<_>) = cells.into_iter().partition(|(id, _)| id == "extra");
    let sheet = sheet_of(rules, &cells, what)?;
    let extra = match extra.as_slice() {
        [] => 0,
        [(_, value)] => value
            .parse::<u16>()
            .map_err(|_| format!("{what} extra: {value:?} is not a number of points"))?,
        _ => return Err(format!("{what}: extra is given twice")),
    };
    if extra > 0 {
        let ruleset = rules.ruleset();
        let bonus = match ruleset.extra_five_of_a_kind {
            Some(extra) if rules.has_yahtzee_bonus() => extra.bonus,
            _ => {
                return Err(format!(
                    "{what}: extra={extra}, but {} has no Yahtzee bonus",
                    describe(rules)
                ));
            }
        };
        if !rules.bonus_available(&sheet) {
            return Err(format!(
                "{what}: extra={extra}, but Yahtzee bonuses are earned only with {} written at its full value",
                ruleset.five_of_a_kind_cell().id()
            ));
        }
        if extra % bonus != 0 || extra / bonus > 12 {
            return Err(format!(
                "{what}: extra={extra} is not a number of {bonus}-point bonuses"
            ));
        }
    }
    let total = sheet.totals(rules.ruleset()).grand + extra;
    Ok(Player { sheet, total })
}

/// A position of `players` at the start of seat `to_play`'s turn, checked.
fn check_position(rules: Rules, players: &[Player], to_play: usize) -> Result<(), String> {
    let ruleset = rules.ruleset();
    if !(1..=ruleset.max_players).contains(&players.len()) {
        return Err(format!(
            "{} seats 1 to {} players, got {}",
            rules.id(),
            ruleset.max_players,
            players.len()
        ));
    }
    if to_play >= players.len() {
        return Err(format!(
            "to play: seat {to_play} of {} players (seats count from 0)",
            players.len()
        ));
    }
    Ok(())
}

/// Each player's chance to win from a position (or from each line of standard input, with `--batch`).
fn win_chance(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "winchance")?;
    if !rules.columns().is_one() {
        return Err("winchance plays one-column games: column Yam has no exact odds".into());
    }
    if options.batch {
        if !options.player.is_empty() || options.to_play.is_some() {
            return Err("--batch reads the players and the seat to play from standard input".into());
        }
        return win_chance_batch(rules);
    }
    let players = (options.player.iter().enumerate())
        .map(|(seat, text)| {
            let what = format!("--player {seat}");
            player_of(rules, pairs(text, &what)?, &what)
        })
        .collect::<Result<Vec<Player>, String>>()?;
    let to_play = match &options.to_play {
        Some(_) => options.number(&options.to_play, "to-play", 0..=7)? as usize,
        None => 0,
    };
    if players.is_empty() {
        return Err("missing --player FILLED (one for each seat)".into());
    }
    check_position(rules, &players, to_play)?;
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let chances = chances_of(&mut odds, &players)?;
    let exact = players.iter().all(|player| odds.is_exact(&player.sheet));
    if options.json {
        return Ok(json!({
            "rules": options_json(rules),
            "to_play": to_play,
            "totals": players.iter().map(|player| player.total).collect::<Vec<_>>(),
            "chances": chances.iter().map(|&chance| rounded(chance)).collect::<Vec<_>>(),
            "exact": exact,
        })
        .to_string());
    }
    let mut lines: Vec<String> = (chances.iter().enumerate())
        .map(|(seat, chance)| format!("seat {seat}: {:.4} ({:.2}%)", chance, 100.0 * chance))
        .collect();
    lines.push(match exact {
        true => format!("exact: every player has at most {} cells open", EXACT_OPEN + 1),
        false => "the turns after the next are taken as normal laws of their exact mean and variance".into(),
    });
    Ok(lines.join("\n"))
}

fn chances_of(odds: &mut Odds, players: &[Player]) -> Result<Vec<f64>, String> {
    let standings: Vec<Standing> = players
        .iter()
        .map(|player| Standing {
            sheet: &player.sheet,
            total: player.total,
            turn: None,
        })
        .collect();
    odds.chances(&standings).map_err(|error| error.to_string())
}

/// `winchance --batch`: one position a line in, one line of chances (or of the error) out, the engine loaded
/// once. Exits with status 2 if any line was refused.
fn win_chance_batch(rules: Rules) -> Result<String, String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Position {
        players: Vec<BatchPlayer>,
        #[serde(default)]
        to_play: usize,
    }
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct BatchPlayer {
        #[serde(default)]
        filled: serde_json::Map<String, Value>,
        #[serde(default)]
        extra: u16,
    }
    let table = ValueTable::solve(rules);
    let spread = Spread::build(&table);
    let mut odds = Odds::new(&table, &spread);
    let mut out = std::io::stdout().lock();
    let mut refused = 0;
    for (number, line) in std::io::stdin().lines().enumerate() {
        let line = line.map_err(|error| format!("cannot read standard input: {error}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = (|| {
            let position: Position =
                serde_json::from_str(&line).map_err(|error| format!("not a position: {error}"))?;
            let players = (position.players.into_iter().enumerate())
                .map(|(seat, player)| {
                    let mut cells: Vec<(String, String)> = (player.filled.into_iter())
                        .map(|(id, value)| (id, value.to_string()))
                        .collect();
                    cells.push(("extra".into(), player.extra.to_string()));
                    player_of(rules, cells, &format!("player {seat}"))
                })
                .collect::<Result<Vec<Player>, String>>()?;
            check_position(rules, &players, position.to_play)?;
            chances_of(&mut odds, &players)
        })();
        let reply = match answer {
            Ok(chances) => {
                json!({"chances": chances.iter().map(|&chance| rounded(chance)).collect::<Vec<_>>()})
            }
            Err(message) => {
                refused += 1;
                json!({"error": format!("line {}: {message}", number + 1)})
            }
        };
        writeln!(out, "{reply}").map_err(|error| format!("cannot write: {error}"))?;
    }
    match refused {
        0 => Ok(String::new()),
        refused => Err(format!(
            "{refused} line(s) refused (each answered with its error)"
        )),
    }
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

fn advise(options: &Options) -> Result<String, String> {
    if let Some(path) = &options.game {
        return advise_column_game(options, path);
    }
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice = options.dice()?;
    let rolls_left = options.number(&options.rolls_left, "rolls-left", 0..=2)? as u8;
    if sheet.is_full(rules.ruleset()) {
        return Err("the sheet is full: the game is over".to_string());
    }
    let table = ValueTable::solve(rules);
    let advice = table
        .advise(&sheet, dice.counts(), rolls_left)
        .map_err(|error| error.to_string())?;
    let points = rules.scores(&sheet, dice.counts());
    if options.json {
        return Ok(advice_json(rules, dice, &advice, |category| points.get(category)).to_string());
    }
    Ok(advice_text(&advice, |category| points.get(category)))
}

/// The game a file holds: the rules crate's JSON of a game, or a table as the app saves it (format 5, text: the
/// room's log, an event a line; format 4: the log in JSON; formats 1 to 3: the game itself). A log is replayed
/// through the rules.
fn saved_game(text: &str) -> Result<Game, String> {
    if let Some(lines) = text.strip_prefix("fivedice table 5\n") {
        let (mut id, mut log) = (None, Vec::new());
        for line in lines.lines() {
            match fivedice_rules::notation::first_word(line) {
                ("id", name) => {
                    id = Some(fivedice_rules::notation::unescape(name).ok_or("an unreadable id")?)
                }
                ("event", event) => log.push(fivedice_room::LogEntry {
                    seq: log.len() as u64 + 1,
                    event: event
                        .parse()
                        .map_err(|error: fivedice_rules::NotationError| error.to_string())?,
                }),
                _ => {}
            }
        }
        return replay(&id.ok_or("a saved table without its id")?, &log);
    }
    #[derive(serde::Deserialize)]
    struct SavedTable {
        table: TableParts,
    }
    #[derive(serde::Deserialize)]
    struct TableParts {
        id: String,
        #[serde(default)]
        log: Option<Vec<fivedice_room::LogEntry>>,
        #[serde(default)]
        game: Option<Game>,
    }
    let Ok(saved) = serde_json::from_str::<SavedTable>(text) else {
        return serde_json::from_str(text).map_err(|error| error.to_string());
    };
    match (saved.table.log, saved.table.game) {
        (Some(log), _) => replay(&saved.table.id, &log),
        (None, Some(game)) => Ok(game),
        (None, None) => Err("a saved table with neither a log nor a game".into()),
    }
}

/// The game of a table's log, replayed through the rules.
fn replay(id: &str, log: &[fivedice_room::LogEntry]) -> Result<Game, String> {
    let name = fivedice_room::RoomName::parse(id).map_err(|error| error.to_string())?;
    let room = fivedice_room::Room::replay(name, log).map_err(|error| error.to_string())?;
    room.game()
        .cloned()
        .ok_or_else(|| "the table's game has not started".to_string())
}

/// The column player's moves for the player to play in a saved column game, best first.
fn advise_column_game(options: &Options, path: &str) -> Result<String, String> {
    let given_apart = [
        ("--rules", options.rules.is_some()),
        ("--columns", options.columns.is_some()),
        ("--filled", options.filled.is_some()),
        ("--dice", !options.dice.is_empty()),
        ("--rolls-left", options.rolls_left.is_some()),
    ];
    if let Some((flag, _)) = given_apart.iter().find(|(_, given)| *given) {
        return Err(format!(
            "--game carries the rules, the sheets and the dice: {flag} cannot go with it"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let game = saved_game(&text).map_err(|error| format!("{path} is not a saved game: {error}"))?;
    let rules = game.rules();
    if rules.columns().is_one() {
        return Err(format!(
            "{path} is a one-column game: advise it exactly with --rules, --filled, --dice and --rolls-left"
        ));
    }
    let table = ValueTable::solve(rules.single_column());
    let moves = ColumnBot::new(&table)
        .options(&game)
        .map_err(|error| format!("no move to advise: {error}"))?;
    let seat = game.current_seat();
    let total = game.totals(seat).map_or(0, |totals| totals.grand);
    let rated = moves.iter().map(|rated| {
        let expected_final = f64::from(total) + rated.expected_remaining;
        (
            Move::from(rated.choice).id(),
            expected_final,
            rated.expected_remaining,
        )
    });
    if options.json {
        let options: Vec<Value> = rated
            .map(|(id, expected_final, expected_remaining)| {
                json!({
                    "move": id,
                    "expected_final": rounded(expected_final),
                    "expected_remaining": rounded(expected_remaining),
                })
            })
            .collect();
        return Ok(json!({
            "rules": options_json(rules),
            "seat": seat,
            "dice": game.turn().dice,
            "rolls_left": game.turn().rolls_left(),
            "announced": game.turn().announced.map(Category::id),
            "total": total,
            "estimate": true,
            "note": "the column player's estimate: each column valued by the exact one-column table, the turn \
                     played exactly for their sum; expected_final = total + expected_remaining",
            "options": options,
        })
        .to_string());
    }
    let mut lines = vec![format!(
        "{} to play, total {total}: the column player's estimate of the final score after each move, best first",
        game.players()[seat]
    )];
    lines.extend(rated.map(|(id, expected_final, _)| format!("{id:<28} {expected_final:.4}")));
    Ok(lines.join("\n"))
}

/// What an option is, as JSON: the dice kept, or the cell with the points it takes now.
fn choice_json(choice: Choice, points: impl Fn(Category) -> Option<u16>) -> Value {
    match choice {
        Choice::Keep(keep) => {
            json!({"keep": keep.faces().iter().map(|face| face.value()).collect::<Vec<u8>>()})
        }
        Choice::Cell(category) => json!({"cell": category.id(), "points": points(category)}),
    }
}

fn advice_json(rules: Rules, dice: Dice, advice: &Advice, points: impl Fn(Category) -> Option<u16>) -> Value {
    let best = advice.best().expected_remaining;
    let options: Vec<Value> = (advice.options.iter())
        .map(|rated| {
            let mut option = choice_json(rated.choice, &points);
            option["expected_final"] = json!(rounded(rated.expected_final));
            option["expected_remaining"] = json!(rounded(rated.expected_remaining));
            option["loss"] = json!(rounded(best - rated.expected_remaining));
            option
        })
        .collect();
    json!({
        "rules": options_json(rules),
        "dice": dice,
        "rolls_left": advice.rolls_left,
        "sheet_total": advice.sheet_total,
        "note": "expected_final = sheet_total + expected_remaining (the points still to come, this turn included)",
        "options": options,
    })
}

fn advice_text(advice: &Advice, points: impl Fn(Category) -> Option<u16>) -> String {
    let best = advice.best().expected_remaining;
    let mut lines = vec![format!(
        "sheet total {}, {} rolls left: expected final score of each option, best first",
        advice.sheet_total, advice.rolls_left
    )];
    for rated in &advice.options {
        let choice = match rated.choice {
            Choice::Keep(keep) if keep.faces().is_empty() => "reroll all".to_string(),
            Choice::Keep(keep) => {
                let faces: Vec<String> = keep.faces().iter().map(|face| face.to_string()).collect();
                format!("keep {}", faces.join(" "))
            }
            Choice::Cell(category) => {
                format!("{} for {}", category.id(), points(category).unwrap_or(0))
            }
        };
        let loss = best - rated.expected_remaining;
        // The best option gives up nothing: show 0, not "-0".
        let loss = if loss > 0.0 {
            format!("-{loss:.4}")
        } else {
            format!("{:.4}", 0.0)
        };
        lines.push(format!("{choice:<24} {:>9.4}  {loss:>8}", rated.expected_final));
    }
    lines.join("\n")
}
