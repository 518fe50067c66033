//! How much of a browser's store the history takes: games of Yahtzee played by the Strong computer player (the
//! optimal strategy with some noise, about as many rolls a turn as people use), each kept whole and as its sheets
//! only, and how many nightly games fit before the start screen says the store is nearly full.
//!
//! `cargo run --release -p fivedice-saved --example history_space [GAMES]`

use fivedice_rules::{DiceMode, FirstPlayerRoll, Game, Rules, RulesetId};
use fivedice_saved::{GAMES_KEPT_WHOLE, KeptGame, history_to_text, log_of};
use fivedice_strategy::{Bot, Level, Rng, ValueTable};

/// What the history may take before the start screen says the store is nearly full: 4 of the 5 MB.
const NEARLY_FULL: f64 = 4_000_000.0;

fn main() -> Result<(), String> {
    let games: usize = match std::env::args().nth(1) {
        Some(count) => count
            .parse()
            .map_err(|_| format!("not a number of games: {count:?}"))?,
        None => 200,
    };
    let rules = Rules::new(RulesetId::Yahtzee);
    let table = ValueTable::solve(rules);
    let mut dice = Rng::new(2026);
    println!(
        "{games} games of Yahtzee a table, played by {} players",
        Level::Strong.id()
    );
    for players in [2, 4] {
        let names: Vec<String> = (1..=players).map(|seat| format!("Player {seat}")).collect();
        let mut bots: Vec<Bot> = (0..players)
            .map(|seat| Bot::new(&table, Level::Strong.noise(), seat as u64))
            .collect();
        let (mut whole, mut sheets, mut rolls) = (0, 0, 0);
        for at in 0..games {
            let mut game =
                Game::new(rules, DiceMode::App, &names, at % players).map_err(|e| e.to_string())?;
            while !game.is_over() {
                let seat = game.current_seat();
                bots[seat]
                    .play_turn(&mut game, &mut dice)
                    .map_err(|e| e.to_string())?;
            }
            rolls += game
                .log()
                .iter()
                .map(|entry| usize::from(entry.turn.rolls_used))
                .sum::<usize>();
            let id = format!("{}-{at}", 1_764_950_000_000_u64 + at as u64);
            let roll_off = FirstPlayerRoll {
                rounds: Vec::new(),
                first_seat: game.first_seat(),
            };
            let log = log_of(&id, &game, &roll_off).map_err(|e| e.to_string())?;
            let kept = KeptGame::new(&id, &names.join(" & "), &log, 1.764_950_000_123e12);
            whole += history_to_text(std::slice::from_ref(&kept)).len();
            sheets += history_to_text(&[kept.sheets_only()?]).len();
        }
        let (whole, sheets) = (whole as f64 / games as f64, sheets as f64 / games as f64);
        let nights = GAMES_KEPT_WHOLE as f64 + (NEARLY_FULL - GAMES_KEPT_WHOLE as f64 * whole) / sheets;
        println!(
            "{players} players: {:.2} rolls a turn; a game kept whole {whole:.0} B, as its sheets {sheets:.0} B \
             ({:.0}%); the newest {GAMES_KEPT_WHOLE} whole and the rest as sheets, a nightly game fills 4 MB in \
             {nights:.0} nights ({:.1} years; every game whole: {:.1} years)",
            rolls as f64 / (games * game_turns(rules, players)) as f64,
            100.0 * sheets / whole,
            nights / 365.25,
            NEARLY_FULL / whole / 365.25,
        );
    }
    Ok(())
}

/// The turns of a game: one a box.
fn game_turns(rules: Rules, players: usize) -> usize {
    rules.ruleset().cells.len() * players
}
