//! Building a table in slices, and the engine's answers: a computer's move, advice, the coach's verdict, the
//! best chance to win.

use super::*;

/// Builds the optimal table in about a hundred slices, reporting progress after each.
pub(crate) fn build(rules: Rules, post: &impl Fn(SolverReply)) -> ValueTable {
    let mut builder = TableBuilder::new(rules);
    in_slices(builder.progress(), |groups| builder.step(groups), post);
    builder.finish()
}

/// Drives a build (the table's, or its spread's) in about a hundred slices, reporting progress after each.
pub(crate) fn in_slices(
    start: Progress,
    mut step: impl FnMut(usize) -> Progress,
    post: &impl Fn(SolverReply),
) {
    let slice = start.groups.div_ceil(100);
    loop {
        let progress = step(slice);
        post(SolverReply::Progress {
            done: progress.groups_done,
            total: progress.groups,
        });
        if progress.is_done() {
            return;
        }
    }
}

/// Maxi Yatzy's player at a level: the greedy baseline for the casual level, the estimating player for the
/// others (none plays exactly: [`fivedice_strategy::solves_exactly`]).
pub(crate) fn maxi_bot(rules: Rules, level: Level) -> MaxiBot {
    match level.looks_ahead() {
        true => MaxiBot::new(rules, MaxiWeights::STRONG),
        false => MaxiBot::new(rules, MaxiWeights::GREEDY),
    }
}

pub(crate) fn rated_maxi_move(rated: RatedMaxiMove) -> RatedOption {
    RatedOption {
        choice: rated.choice.into(),
        expected_remaining: rated.estimate,
        win: None,
    }
}

pub(crate) fn rated_column_move(rated: RatedColumnMove) -> RatedOption {
    RatedOption {
        choice: rated.choice.into(),
        expected_remaining: rated.expected_remaining,
        win: None,
    }
}

pub(crate) fn advise(
    table: &ValueTable,
    filled: &[(Category, u16)],
    dice: Dice,
    rolls_left: u8,
) -> Result<Advice, String> {
    let sheet = table.rules().sheet(filled).map_err(|error| error.to_string())?;
    table
        .advise(&sheet, dice.counts(), rolls_left)
        .map_err(|error| error.to_string())
}

/// The best move of the situation and what `played` gave up against it. A cell written with rolls left is not
/// among that situation's options (they are keeps, stopping included): it is worth what it scores there.
pub(crate) fn judge(
    table: &ValueTable,
    filled: &[(Category, u16)],
    dice: Dice,
    rolls_left: u8,
    played: &Move,
) -> Result<Verdict, String> {
    let options = advise(table, filled, dice, rolls_left)?;
    let early_cell = matches!(played, Move::Cell(_)) && rolls_left > 0;
    let played_among = match early_cell {
        true => advise(table, filled, dice, 0)?,
        false => options.clone(),
    };
    let value = played_among
        .option(played)
        .ok_or_else(|| format!("{} is not a move of this situation", played.id()))?
        .expected_remaining;
    let best = options.best();
    Ok(Verdict {
        best: best.choice.into(),
        // Stopping is one of the keeps, so an early cell cannot beat the best; round-off may say otherwise.
        loss: (best.expected_remaining - value).max(0.0),
    })
}

/// Every option of the current player of a one-column game with these rolls left, by its chance to win, best
/// first.
pub(crate) fn advise_to_win(
    odds: &mut Odds,
    game: &Game,
    rolls_left: u8,
) -> Result<Vec<RatedOption>, String> {
    let dice = game.turn().dice.ok_or("no dice are on the table yet")?;
    let mut turn = odds.game_turn(game).map_err(|error| error.to_string())?;
    let advice = turn
        .advise(dice.counts(), rolls_left)
        .map_err(|error| error.to_string())?;
    Ok(advice
        .options
        .iter()
        .map(|rated| RatedOption {
            choice: rated.choice.into(),
            expected_remaining: rated.expected_remaining,
            win: Some(rated.win),
        })
        .collect())
}
