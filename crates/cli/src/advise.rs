//! `advise`: the options of a turn with their expected final scores, and column Yam's moves in a saved game.

use fivedice_room::{Room, RoomName};
use fivedice_rules::{Category, Dice, Game, Move, Rules, Sheet};
use fivedice_saved::{TableRecord, damaged};
use fivedice_strategy::{Advice, Choice, ColumnBot, Level, MaxiBot, MaxiWeights, ValueTable};
use serde_json::{Value, json};

use crate::options::Options;
use crate::report::{options_json, rounded};

pub fn advise(options: &Options) -> Result<String, String> {
    if let Some(path) = &options.game {
        return advise_column_game(options, path);
    }
    let rules = options.rules()?;
    let sheet = options.filled(rules)?;
    let dice = options.dice(rules)?;
    if sheet.is_full(rules.ruleset()) {
        return Err("the sheet is full: the game is over".to_string());
    }
    if rules.ruleset().saves_rolls {
        return advise_maxi(options, rules, &sheet, dice);
    }
    let rolls_left = options.number(&options.rolls_left, "rolls-left", 0..=2)? as u8;
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

/// Maxi Yatzy, advised by its player's estimate: the rolls left count the saved ones too (up to 3 a turn for
/// every box).
fn advise_maxi(options: &Options, rules: Rules, sheet: &Sheet, dice: Dice) -> Result<String, String> {
    let most = 3 * rules.ruleset().cells.len() as u64;
    let rolls_left = options.number(&options.rolls_left, "rolls-left", 0..=most)? as u8;
    let rated = MaxiBot::new(rules, MaxiWeights::STRONG).rate_on(sheet, dice.counts(), rolls_left);
    let best = rated.first().map_or(0.0, |rated| rated.estimate);
    let moves = rated.iter().map(|rated| {
        (
            Move::from(rated.choice).id(),
            rated.estimate,
            best - rated.estimate,
        )
    });
    if options.json {
        let options: Vec<Value> = moves
            .map(|(id, estimate, loss)| json!({"move": id, "estimate": rounded(estimate), "loss": rounded(loss)}))
            .collect();
        return Ok(json!({
            "rules": options_json(rules),
            "dice": dice,
            "rolls_left": rolls_left,
            "sheet_total": sheet.totals(rules.ruleset()).grand,
            "estimate": true,
            "note": "Maxi Yatzy's player's estimate, not exact play: each move's worth for the rest of the game (the \
                     turn played exactly for the points written, each open box's usual worth, the upper bonus and \
                     the rolls saved); loss = the best move's estimate less this one's",
            "options": options,
        })
        .to_string());
    }
    let mut lines = vec![format!(
        "{rolls_left} rolls left: the Maxi Yatzy player's estimate of each move's worth (not exact play), best first"
    )];
    lines.extend(moves.map(|(id, estimate, loss)| format!("{id:<28} {estimate:>9.4}  -{loss:.4}")));
    Ok(lines.join("\n"))
}

/// The game a file holds, with each seat's computer player (`None`: a person): a table as the app saves it
/// (text, as a device keeps it; or JSON, as an export carries it, of any format), read by the app's own reader
/// and its log replayed through the rules; or the rules crate's JSON of a game (its players all persons).
fn saved_game(text: &str) -> Result<(Game, Vec<Option<Level>>), String> {
    let record = if text.starts_with('{') {
        match TableRecord::from_json(text) {
            Ok(record) => record,
            // Not a saved table: the rules crate's game, or neither (the table reader's word is the more telling).
            Err(error) => {
                let game: Game = serde_json::from_str(text).map_err(|_| error)?;
                let persons = vec![None; game.players().len()];
                return Ok((game, persons));
            }
        }
    } else {
        TableRecord::from_text(text).map_err(|error| damaged(&error))?
    };
    let name = RoomName::parse(&record.id).map_err(|error| damaged(&error))?;
    let room = Room::replay(name, &record.log).map_err(|error| damaged(&error))?;
    let game = room.game().cloned();
    let computers = room.seats().iter().map(|seat| seat.computer).collect();
    Ok((game.ok_or("the table's game has not started")?, computers))
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
    let (game, computers) =
        saved_game(&text).map_err(|error| format!("{path} is not a saved game: {error}"))?;
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
        let players: Vec<Value> = game
            .players()
            .iter()
            .zip(&computers)
            .map(|(name, computer)| json!({"name": name, "computer": computer.map(Level::id)}))
            .collect();
        return Ok(json!({
            "rules": options_json(rules),
            "players": players,
            "seat": seat,
            "dice": game.turn().dice,
            "rolls_left": game.rolls_left(),
            "announced": game.turn().announced.map(Category::id),
            "total": total,
            "estimate": true,
            "note": "the column player's estimate: each column valued by the exact one-column table, the turn \
                     played exactly for their sum; expected_final = total + expected_remaining",
            "options": options,
        })
        .to_string());
    }
    let computer = computers[seat].map_or(String::new(), |level| format!(" ({} computer)", level.id()));
    let mut lines = vec![format!(
        "{}{computer} to play, total {total}: the column player's estimate of the final score after each move, \
         best first",
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
