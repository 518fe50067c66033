//! `winchance`: each player's chance to win from a position.

use std::io::Write;

use fivedice_rules::Rules;
use fivedice_strategy::{
    EXACT_OPEN, Odds, Spread, Standing, solves_exactly, turn_order, with_first_roll_wins,
};
use serde_json::{Value, json};

use crate::options::{Options, pairs, sheet_of};
use crate::report::{describe, options_json, rounded};

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
                ruleset.all_alike_cell().id()
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
pub fn win_chance(options: &Options) -> Result<String, String> {
    let rules = options.rules()?;
    options.expect_positionals(0, "winchance")?;
    if !solves_exactly(rules) {
        return Err("winchance plays the games the engine solves exactly: column Yam and Maxi Yatzy have no exact odds".into());
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
    let (table, spread) = Spread::build_with_table(rules);
    let mut odds = Odds::new(&table, &spread);
    let chances = chances_of(&mut odds, &players, to_play)?;
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

/// The chances from the start of seat `to_play`'s turn; where five alike on a turn's first roll win at once
/// (Generala at a table), each turn still to play with its chance of them.
fn chances_of(odds: &mut Odds, players: &[Player], to_play: usize) -> Result<Vec<f64>, String> {
    let standings: Vec<Standing> = players
        .iter()
        .map(|player| Standing {
            sheet: &player.sheet,
            total: player.total,
            turn: None,
        })
        .collect();
    let chances = odds.chances(&standings).map_err(|error| error.to_string())?;
    let rules = odds.table().rules();
    if !rules.first_roll_wins() || players.len() < 2 {
        return Ok(chances);
    }
    let open: Vec<usize> = players
        .iter()
        .map(|player| player.sheet.open_count(rules.ruleset()))
        .collect();
    Ok(with_first_roll_wins(&chances, &turn_order(&open, to_play)))
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
    let (table, spread) = Spread::build_with_table(rules);
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
            chances_of(&mut odds, &players, position.to_play)
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
