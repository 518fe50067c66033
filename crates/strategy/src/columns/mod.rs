//! A computer player for column Yam, where exact play is out of reach: the state is the product of the
//! columns (three Yam sheets of 12 boxes and their upper totals), far beyond one table.
//!
//! The heuristic: each column is valued exactly as if it were played alone (the points an optimal player
//! still expects from its boxes): a Down or Up column in its order (a small table of its own: boxes written ×
//! upper total), any other column as a free sheet (the single-column Yam table); each turn is played exactly
//! for the sum of the columns. Every way to end the turn (a box the column's rule allows now) is worth its points
//! plus the change it makes to its column's value; keeps, and an announcement, are chosen by exact
//! expectation over the dice to come under the column rules (dry boxes only after the first roll, an
//! announced box binds the turn). On a greedy table (every future valued at 0) the same player maximises the
//! points of the turn in hand alone: the baseline it is measured against.

use std::collections::HashMap;

use fivedice_rules::{
    Category, Column, DICE, DiceSource, FaceCounts, Game, GameError, Pattern, Place, Rules, Sheet, UpperBonus,
};

use crate::advice::Keep;
use crate::bot::{Rng, Summary, pick, solitaire_games};
use crate::keeps::{FIRST_ROLL, KEEPS, KeepGraph, ROLLS};
use crate::playing::{self, PlayError, Step};
use crate::table::ValueTable;

/// One move of a column game's situation and the points the column player expects the mover still to score
/// after it, this turn included (an estimate: each column valued as if it were played alone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedColumnMove {
    pub choice: Step,
    pub expected_remaining: f64,
}

/// The column player: a single-column value table and the keep graph the turn is solved on.
pub struct ColumnBot<'t> {
    table: &'t ValueTable,
    graph: KeepGraph,
    /// For each roll, every keep that can be set aside from it.
    within: Vec<Vec<u16>>,
    roll_index: HashMap<[u8; 6], usize>,
    /// What each roll scores in each cell of the sheet (by the rules, no Joker on a Yam sheet).
    scores: Vec<[u16; 12]>,
    cells: Vec<Category>,
    /// Down's and Up's exact values played alone in their order; none on a table that values every future at
    /// 0 (the greedy baseline, for which an ordered column's future is worth 0 too).
    ordered: Option<OrderedValues>,
}

/// The exact value of the Down and the Up column each played alone in its order: for each count of boxes
/// written and each upper total (capped at the bonus threshold), the points still to come, upper bonus
/// included. About 1,500 turns solved: a caller that makes many players keeps them (`ColumnBot::ordered`).
#[derive(Clone, Debug, PartialEq)]
pub struct OrderedValues {
    down: Vec<Vec<f64>>,
    up: Vec<Vec<f64>>,
}

impl<'t> ColumnBot<'t> {
    /// A player on `table`, which must be a single-column table of the game's ruleset (the optimal table for
    /// the heuristic, the myopic one for the greedy baseline).
    pub fn new(table: &'t ValueTable) -> ColumnBot<'t> {
        let mut bot = ColumnBot::with_ordered(table, None);
        if table.expected_score() > 0.0 {
            let down: Vec<usize> = (0..bot.cells.len()).collect();
            let up: Vec<usize> = down.iter().rev().copied().collect();
            bot.ordered = Some(OrderedValues {
                down: bot.solve_order(&down),
                up: bot.solve_order(&up),
            });
        }
        bot
    }

    /// A player on `table` with the ordered columns' values worked out before (by a player on the same table).
    pub fn with_ordered(table: &'t ValueTable, ordered: Option<OrderedValues>) -> ColumnBot<'t> {
        let graph = KeepGraph::new();
        let rules = table.rules();
        let cells: Vec<Category> = rules.ruleset().cells.iter().map(|cell| cell.category).collect();
        let empty = Sheet::new();
        let rolls: Vec<FaceCounts> = (0..ROLLS).map(|roll| graph.roll(roll)).collect();
        let scores = rolls
            .iter()
            .map(|&dice| {
                let scored = rules.scores(&empty, dice);
                std::array::from_fn(|cell| {
                    cells
                        .get(cell)
                        .and_then(|&category| scored.get(category))
                        .unwrap_or(0)
                })
            })
            .collect();
        let within = rolls
            .iter()
            .map(|&dice| graph.keeps_within(dice).map(|keep| keep as u16).collect())
            .collect();
        let roll_index = rolls
            .iter()
            .enumerate()
            .map(|(roll, dice)| (dice.as_array(), roll))
            .collect();
        ColumnBot {
            table,
            graph,
            within,
            roll_index,
            scores,
            cells,
            ordered,
        }
    }

    /// The ordered columns' values this player uses, to keep for the next player on the same table.
    pub fn ordered(&self) -> Option<&OrderedValues> {
        self.ordered.as_ref()
    }

    /// The exact value of a column filled in this order of cells and played alone: for each count of boxes
    /// written and each upper total (capped at the bonus threshold), the points still to come, the upper
    /// bonus included.
    fn solve_order(&self, order: &[usize]) -> Vec<Vec<f64>> {
        let ruleset = self.table.rules().ruleset();
        let bonus = ruleset.upper_bonus.unwrap_or(UpperBonus::NONE);
        let threshold = usize::from(bonus.threshold);
        let mut values = vec![vec![0.0; threshold + 1]; order.len() + 1];
        for (written, &cell) in order.iter().enumerate().rev() {
            let upper = matches!(ruleset.cells[cell].pattern, Pattern::Face { .. });
            for total in 0..=threshold {
                let end: Vec<f64> = (0..ROLLS)
                    .map(|roll| {
                        let points = self.scores[roll][cell];
                        let after = match upper {
                            true => (total + usize::from(points)).min(threshold),
                            false => total,
                        };
                        let completed = total < threshold && after == threshold;
                        let bonus_points = if completed { bonus.points } else { 0 };
                        f64::from(points + bonus_points) + values[written + 1][after]
                    })
                    .collect();
                // A whole turn: the first roll of all five dice, then two rerolls.
                values[written][total] = self.keep_values(&self.with_rerolls(&end, 2))[0];
            }
        }
        values
    }

    /// What a column of the sheet is still worth, played alone: Down and Up in their order, the others as a
    /// free column.
    fn column_worth(&self, column: Column, sheet: &Sheet) -> f64 {
        let ordered = match (column, &self.ordered) {
            (Column::Down, Some(values)) => &values.down,
            (Column::Up, Some(values)) => &values.up,
            _ => return self.table.expected_remaining(sheet),
        };
        let ruleset = self.table.rules().ruleset();
        let upper = sheet
            .totals(ruleset)
            .upper
            .min(ruleset.upper_bonus.unwrap_or(UpperBonus::NONE).threshold);
        ordered[sheet.filled().count()][usize::from(upper)]
    }

    /// The best move of the current player of `game` (after at least one roll), by the heuristic.
    pub fn decide(&self, game: &Game) -> Result<Step, GameError> {
        Ok(self.choose(game, 0.0, &mut Rng::new(0))?.choice)
    }

    /// The move of a player who adds up to `noise` random points to each option's value before taking the best
    /// (0: the heuristic's best).
    pub fn choose(&self, game: &Game, noise: f64, rng: &mut Rng) -> Result<RatedColumnMove, GameError> {
        let options = self.options(game)?;
        let rated = options.into_iter().map(|rated| (rated, rated.expected_remaining));
        // No box to end the turn in: the sheet is full.
        pick(rated, noise, rng).ok_or(GameError::GameOver)
    }

    /// Every move of the current player's situation (after at least one roll), best first, with the points
    /// the heuristic expects the player still to score after it. Keeping all five dice with rolls left is
    /// left out: it comes to the same as writing them now.
    pub fn options(&self, game: &Game) -> Result<Vec<RatedColumnMove>, GameError> {
        let dice = game.turn().dice.ok_or(GameError::NotRolled)?;
        let roll = self.roll_index[&dice.counts().as_array()];
        let rolls_used = game.turn().rolls_used;
        let worth = self.worth_of_places(game);
        let announced = game.turn().announced;
        let binding =
            |place: &&Worth| announced.is_none_or(|cell| place.place == Place::new(Column::Announced, cell));
        // Boxes a turn may end in after a reroll, and right after the first roll.
        let late: Vec<&Worth> = worth.iter().filter(binding).filter(|w| w.after_reroll).collect();
        let now: Vec<&Worth> = worth.iter().filter(binding).filter(|w| w.allowed_now).collect();
        let best_write = |places: &[&Worth], roll: usize| {
            places
                .iter()
                .map(|w| w.value(self.scores[roll][w.cell]))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        // The value of each roll with `left` rerolls still to come, ending among `places`.
        let level = |places: &[&Worth], left: u8| -> Vec<f64> {
            let ends: Vec<f64> = (0..ROLLS).map(|roll| best_write(places, roll)).collect();
            self.with_rerolls(&ends, left)
        };
        // What the player's columns are worth before this turn: each option adds its own to it.
        let seat = game.current_seat();
        let columns = game.rules().columns();
        let columns_worth: f64 = (columns.iter())
            .zip(game.seat_sheets(seat))
            .map(|(column, sheet)| self.column_worth(column, sheet))
            .sum();
        let mut options = Vec::new();
        let mut rate = |value: f64, choice: Step| {
            options.push(RatedColumnMove {
                choice,
                expected_remaining: columns_worth + value,
            });
        };
        for w in &now {
            rate(w.value(self.scores[roll][w.cell]), Step::Write(w.place));
        }
        let rerolls_left = 3 - rolls_used;
        if rerolls_left > 0 && !late.is_empty() {
            let next = level(&late, rerolls_left - 1);
            let keeps = self.keep_values(&next);
            for &keep in &self.within[roll] {
                let counts = self.graph.counts(usize::from(keep));
                if counts.iter().sum::<u8>() < DICE as u8 {
                    rate(keeps[usize::from(keep)], Step::Keep(Keep(counts)));
                }
            }
        }
        // Right after the first roll, each open box of the announced column may be announced.
        if rolls_used == 1 && announced.is_none() {
            for w in worth.iter().filter(|w| w.place.column == Column::Announced) {
                let next = level(&[w], rerolls_left - 1);
                let keeps = self.keep_values(&next);
                rate(self.best_keep(&keeps, roll), Step::Announce(w.place.category));
            }
        }
        // Best first; among equals, the order considered (writing before keeping).
        options.sort_by(|a, b| b.expected_remaining.total_cmp(&a.expected_remaining));
        Ok(options)
    }

    /// Plays the current player's turn to the box written.
    pub fn play_turn(&self, game: &mut Game, dice: &mut impl DiceSource) -> Result<(), PlayError> {
        playing::play_turn(game, dice, |game| Ok(self.decide(game)?))
    }

    /// The value of each roll with `rerolls` still to come, given what ending the turn on each roll is worth:
    /// the better of ending now and the best keep.
    fn with_rerolls(&self, ends: &[f64], rerolls: u8) -> Vec<f64> {
        let mut values = ends.to_vec();
        for _ in 0..rerolls {
            let keeps = self.keep_values(&values);
            values = (0..ROLLS)
                .map(|roll| ends[roll].max(self.best_keep(&keeps, roll)))
                .collect();
        }
        values
    }

    /// The value of the best keep set aside from a roll, given each keep's value.
    fn best_keep(&self, keeps: &[f64], roll: usize) -> f64 {
        self.within[roll]
            .iter()
            .map(|&keep| keeps[usize::from(keep)])
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The expected value of each keep, given the value of each roll of five dice.
    fn keep_values(&self, rolls: &[f64]) -> Vec<f64> {
        let mut keeps = vec![0.0; KEEPS];
        keeps[FIRST_ROLL..].copy_from_slice(rolls);
        for keep in (0..FIRST_ROLL).rev() {
            let sum: f64 = self.graph.add_die[keep]
                .iter()
                .map(|&bigger| keeps[usize::from(bigger)])
                .sum();
            keeps[keep] = sum / 6.0;
        }
        keeps
    }

    /// Every open box of the current player's columns, with what writing there is worth beyond its points.
    fn worth_of_places(&self, game: &Game) -> Vec<Worth> {
        let rules = game.rules();
        let seat = game.current_seat();
        let announcement_made = game.turn().announced.is_some();
        let mut worth = Vec::new();
        for &column in rules.columns().as_slice() {
            let Some(sheet) = game.sheet(seat, column) else {
                continue;
            };
            let before = self.column_worth(column, sheet);
            for (cell, &category) in self.cells.iter().enumerate() {
                if !sheet.is_open(category) || column.check_order(rules.ruleset(), sheet, category).is_err() {
                    continue;
                }
                let place = Place::new(column, category);
                let allowed_now = game.check_place(place).is_ok();
                // Which announced box binds the turn is `decide`'s to filter.
                let after_reroll = column.takes_rerolled_dice(announcement_made);
                let future = |points: u16| {
                    let after = sheet.with_written(category, points);
                    self.column_worth(column, &after) - before + f64::from(after_bonus(rules, sheet, &after))
                };
                // The future of an upper box depends on the points written (the upper total); of a lower box,
                // not at all.
                let by_points: Vec<(u16, f64)> = match rules.ruleset().cells[cell].pattern {
                    Pattern::Face { face } => {
                        let face = u16::from(face.value());
                        (0..=5)
                            .map(|count| (count * face, future(count * face)))
                            .collect()
                    }
                    _ => vec![(0, future(0))],
                };
                worth.push(Worth {
                    place,
                    cell,
                    allowed_now,
                    after_reroll,
                    by_points,
                });
            }
        }
        worth
    }
}

/// The upper bonus a box's points would complete in its column (points written now, beyond the box's own).
fn after_bonus(rules: Rules, before: &Sheet, after: &Sheet) -> u16 {
    let ruleset = rules.ruleset();
    after.totals(ruleset).bonus - before.totals(ruleset).bonus
}

/// One open box and what writing there is worth beyond its points: the change in its column's value (and
/// any upper bonus completed), by the points written.
struct Worth {
    place: Place,
    cell: usize,
    allowed_now: bool,
    after_reroll: bool,
    by_points: Vec<(u16, f64)>,
}

impl Worth {
    fn value(&self, points: u16) -> f64 {
        let future = match self.by_points.as_slice() {
            [(_, only)] => *only,
            upper => upper
                .iter()
                .find(|(written, _)| *written == points)
                .map_or(0.0, |(_, future)| *future),
        };
        f64::from(points) + future
    }
}

/// Plays `games` solitaire column games of `rules` with the column player on `table` (the single-column table
/// of the same ruleset); the dice follow `seed`. The upper-bonus rate is per column.
pub fn simulate_columns(
    table: &ValueTable,
    rules: Rules,
    games: usize,
    seed: u64,
) -> Result<Summary, PlayError> {
    let bot = ColumnBot::new(table);
    solitaire_games(rules, games, seed, |game, dice| bot.play_turn(game, dice))
}

#[cfg(test)]
mod tests;
