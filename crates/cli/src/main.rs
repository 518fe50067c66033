//! `fivedice`: the rules of Five Dice and its optimal strategy from the command line, as JSON for tests,
//! benchmarks and analysis.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use lexopt::ValueExt;

use crate::advise::advise;
use crate::chances::win_chance;
use crate::options::Options;
use crate::replay::{replay, verify_any};
use crate::sheets::{offers_json, rules_json, score_json};
use crate::simulate::{simulate_games, solve};

mod advise;
mod chances;
mod options;
mod replay;
mod report;
mod sheets;
mod simulate;
mod verify;

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

  fivedice replay --link URL
      a finished game shared as a replay link (the whole address, or the part after #replay=), replayed by
      the rules: the table, the rules, and per player the boxes as written (cell ids; column:cell outside the
      free column; null if never written), upper bonus, Yahtzee bonuses, total, rank and winner, then the
      winners. A link cut short, changed or not a link at all is refused

  fivedice verify --log FILE
  fivedice verify --link URL
      checks every die of an online room's game against the seed its server committed to at the start and
      revealed at the end: FILE is the room as a device keeps it (a localStorage `fivedice.room.*` value), its
      log in JSON (the entries, alone or under \"entries\"), or a file of finished games the app exported or
      shared. Prints {\"dice\":\"checked\",\"rolls\":N}, or {\"dice\":\"failed\",\"seq\":S} (the first entry the
      seed does not explain), \"not_sealed\" or \"not_revealed\"; a file of several games prints
      {\"games\":[...]}, each with its \"table_id\". With --link, the game a replay link carries, printed as
      one game. The exit status is 0 only if every game is \"checked\" (1 otherwise)

Rulesets: yahtzee, yardzee, yam, yatzy, yacht, forced-yatzy, generala, maxi-yatzy (six dice: give six).
Generala's house rules, with any command's --rules generala: --first-roll-bonus 5|10 (a straight, full or
poker made on the turn's first roll; default 5), --no-first-roll-win (a generala on the first roll scores
like any other instead of winning at once), --no-double (no double generala), --ace-after-six (3-4-5-6-1 is
a straight too). `score --first-roll` scores the dice as made on the first roll.
Maxi Yatzy's other upper bonus: --upper-bonus 50at75 (the sheet's own is 100 at 84).
Columns (column Yam): down, free, up, dry, announced, in sheet order.
rules, score, offers and replay print JSON. Bad input exits with status 2.";

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok((output, vouched)) => {
            // A closed pipe (`fivedice rules | head`) is the reader's choice, not an error worth a panic.
            // (`winchance --batch` has printed as it went.)
            if !output.is_empty() {
                let _ = writeln!(std::io::stdout(), "{output}");
            }
            match vouched {
                true => ExitCode::SUCCESS,
                false => ExitCode::from(1),
            }
        }
        Err(message) => {
            eprintln!("fivedice: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs one command line and returns what it prints (and, for `verify`, whether the dice were vouched for),
/// or the one-line reason it is refused.
fn run(args: Vec<OsString>) -> Result<(String, bool), String> {
    if let Some(verifying) = verifying(&args) {
        return verifying;
    }
    run_command(args).map(|output| (output, true))
}

/// `verify`, whose output comes with its verdict.
fn verifying(args: &[OsString]) -> Option<Result<(String, bool), String>> {
    if args.first().and_then(|first| first.to_str()) != Some("verify") {
        return None;
    }
    let mut parser = lexopt::Parser::from_args(args[1..].to_vec());
    Some(Options::parse(&mut parser).and_then(|options| verify_any(&options)))
}

/// Runs any other command.
fn run_command(args: Vec<OsString>) -> Result<String, String> {
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
        "replay" => return replay(&options),
        other => {
            return Err(format!(
                "unknown command {other:?} (commands: rules, score, offers, solve, simulate, advise, winchance, verify, replay)"
            ));
        }
    };
    Ok(value.to_string())
}
