//! Chances to win: the distribution of the points still to come under optimal play, and from those each
//! player's chance to finish first when everyone plays optimally from here.
//!
//! Players who each maximise their own expected score play independently, so a table's chances follow from one
//! distribution per player. A player's distribution takes the turn in hand exactly (every way it can end, from
//! [`TurnAdvisor::endings`]) and each state it can end in either exactly again, where at most [`EXACT_OPEN`]
//! cells stay open, or as a law of that state's exact mean, variance, skewness and kurtosis ([`Spread`]). So the chances
//! are exact whenever every player has at most `EXACT_OPEN + 1` cells open (the last rounds), and close
//! elsewhere: `make bench-odds` measures how close against games played out.

mod distribution;

use std::collections::HashMap;
use std::rc::Rc;

use fivedice_rules::{Category, FaceCounts, Sheet};

use crate::advice::{AdviceError, Ending};
use crate::table::{Shape, Spread, ValueTable};

pub use distribution::Distribution;
use distribution::Mixture;

/// States with at most this many open cells have their distribution computed exactly (and kept): a player with
/// one more open cell is exact too. (Raising it from 2 to 4 left the calibration as it was: the error is in the
/// middle of the game, BENCHMARKS.md.)
pub const EXACT_OPEN: usize = 4;

/// Later states with at most this many open cells are drawn with their skewness and kurtosis (Gram–Charlier);
/// further out, as a normal law: the sum of many turns is nearer normal there, and the series, outside its
/// range for the skewness and kurtosis of a whole game (1.6 and 4.6), does worse than the plain normal law
/// (calibration by the cut-off, BENCHMARKS.md).
const SHAPED_OPEN: usize = 8;

/// One player as the odds see them: the sheet, the points banked so far (the sheet's grand total, any
/// five-of-a-kind bonuses included), and the dice of a turn under way with the rolls left, if any.
#[derive(Clone, Debug)]
pub struct Standing<'s> {
    pub sheet: &'s Sheet,
    pub total: u16,
    pub turn: Option<(FaceCounts, u8)>,
}

/// The distributions of one table's rules under optimal play, computed as they are asked for; exact ones
/// are kept for the next question.
pub struct Odds<'t> {
    table: &'t ValueTable,
    spread: &'t Spread,
    exact: HashMap<usize, Rc<Distribution>>,
}

impl<'t> Odds<'t> {
    pub fn new(table: &'t ValueTable, spread: &'t Spread) -> Odds<'t> {
        Odds {
            table,
            spread,
            exact: HashMap::new(),
        }
    }

    pub fn table(&self) -> &'t ValueTable {
        self.table
    }

    /// The points still to come from a turn start with this sheet (none on a full sheet).
    pub fn remaining(&mut self, sheet: &Sheet) -> Result<Rc<Distribution>, AdviceError> {
        let ruleset = self.table.rules().ruleset();
        if sheet.is_full(ruleset) {
            return Ok(Rc::new(Distribution::certain(0)));
        }
        let exact = open_cells(self.table, sheet) <= EXACT_OPEN;
        let slot = self.table.slot(sheet);
        if let Some(known) = self.exact.get(&slot).filter(|_| exact) {
            return Ok(known.clone());
        }
        let endings = self.table.turn(sheet)?.endings(None)?;
        let distribution = Rc::new(self.after_endings(sheet, &endings)?);
        if exact {
            self.exact.insert(slot, distribution.clone());
        }
        Ok(distribution)
    }

    /// The points still to come from this turn on: from its start, or from these dice with these rolls left.
    pub fn remaining_from(
        &mut self,
        sheet: &Sheet,
        turn: Option<(FaceCounts, u8)>,
    ) -> Result<Rc<Distribution>, AdviceError> {
        match turn {
            None => self.remaining(sheet),
            Some(dice) => {
                let endings = self.table.turn(sheet)?.endings(Some(dice))?;
                Ok(Rc::new(self.after_endings(sheet, &endings)?))
            }
        }
    }

    /// The points to come after the turn ends one of these ways: each ending's points, and then the state it
    /// leads to ([`Odds::later`]).
    fn after_endings(&mut self, sheet: &Sheet, endings: &[Ending]) -> Result<Distribution, AdviceError> {
        let mut mixture = Mixture::new();
        for ending in endings {
            let (after, points) = self.written(sheet, ending.category, ending.score, ending.bonus);
            let rest = self.later(&after)?;
            mixture.add(&rest, u32::from(points), ending.probability);
        }
        Ok(mixture.finish())
    }

    /// What is still to come from a later turn start: exactly where few cells are open, otherwise a law of its
    /// exact moments (with its skewness and kurtosis within [`SHAPED_OPEN`] open cells, normal beyond).
    pub(crate) fn later(&mut self, sheet: &Sheet) -> Result<Rc<Distribution>, AdviceError> {
        let open = open_cells(self.table, sheet);
        if open <= EXACT_OPEN {
            return self.remaining(sheet);
        }
        let shape = self.spread.shape(self.table, sheet);
        Ok(Rc::new(match open <= SHAPED_OPEN {
            true => Distribution::of_shape(&shape),
            false => Distribution::normal(shape.mean, shape.variance),
        }))
    }

    /// The sheet after writing `score` (earning `bonus`) in a cell, and the points that gains now: the score,
    /// the upper bonus if it crosses the threshold, and the bonus.
    pub(crate) fn written(&self, sheet: &Sheet, category: Category, score: u16, bonus: u16) -> (Sheet, u16) {
        let ruleset = self.table.rules().ruleset();
        let after = sheet.with_written(category, score);
        let gained = after.totals(ruleset).grand - sheet.totals(ruleset).grand + bonus;
        (after, gained)
    }

    /// Whether the chances of a player with this sheet are exact (at most one more open cell than
    /// [`EXACT_OPEN`]: the turn in hand, then exact states).
    pub fn is_exact(&self, sheet: &Sheet) -> bool {
        open_cells(self.table, sheet) <= EXACT_OPEN + 1
    }

    /// Every player's final total.
    pub fn finals(&mut self, standings: &[Standing]) -> Result<Vec<Distribution>, AdviceError> {
        standings
            .iter()
            .map(|standing| {
                let remaining = self.remaining_from(standing.sheet, standing.turn)?;
                Ok(remaining.shifted(u32::from(standing.total)))
            })
            .collect()
    }

    /// Each player's chance to win (ties split equally) when everyone plays optimally from here.
    pub fn chances(&mut self, standings: &[Standing]) -> Result<Vec<f64>, AdviceError> {
        Ok(win_chances(&self.finals(standings)?))
    }
}

fn open_cells(table: &ValueTable, sheet: &Sheet) -> usize {
    sheet.open_count(table.rules().ruleset())
}

/// The chance of five alike on a turn's first roll: 6 of the 7,776 throws.
const FIVE_ALIKE_FIRST: f64 = 6.0 / 7776.0;

/// The turns still to play, as the seat of each in order: from `to_play`, round the table, each seat while it
/// has boxes open (`open[seat]` of them).
pub fn turn_order(open: &[usize], to_play: usize) -> Vec<usize> {
    let mut left = open.to_vec();
    let mut turns = Vec::with_capacity(left.iter().sum());
    let mut seat = to_play;
    while left.iter().any(|&boxes| boxes > 0) {
        if left[seat] > 0 {
            left[seat] -= 1;
            turns.push(seat);
        }
        seat = (seat + 1) % left.len();
    }
    turns
}

/// Where five alike on a turn's first roll win the game at once (Generala at a table): each player's chance to
/// win, the first of these turns (seats in order) to throw them winning, and the chances by totals
/// (`by_totals`) holding where no turn does. The totals' law is taken as it is without that condition.
pub fn with_first_roll_wins(by_totals: &[f64], turns: &[usize]) -> Vec<f64> {
    let mut chances = vec![0.0; by_totals.len()];
    let mut nobody_yet = 1.0;
    for &seat in turns {
        chances[seat] += nobody_yet * FIVE_ALIKE_FIRST;
        nobody_yet *= 1.0 - FIVE_ALIKE_FIRST;
    }
    for (chance, by_total) in chances.iter_mut().zip(by_totals) {
        *chance += nobody_yet * by_total;
    }
    chances
}

/// Each of these independent totals' chance to be the highest, a tie shared equally among the tied.
pub fn win_chances(finals: &[Distribution]) -> Vec<f64> {
    (0..finals.len())
        .map(|player| {
            let rivals = finals.iter().enumerate().filter(|&(other, _)| other != player);
            Shares::against(rivals.map(|(_, rival)| rival)).of(&finals[player], 0)
        })
        .collect()
}

/// What independent rivals leave to each final total: the chance that none of them ends above it, a tie with
/// `k` of them counting `1 / (k + 1)`. Kept from the lowest total any rival can end on; below it that is 0,
/// past the highest 1 (and 1 everywhere with no rival).
pub(crate) struct Shares {
    start: u32,
    shares: Vec<f64>,
}

impl Shares {
    pub(crate) fn against<'d>(rivals: impl Iterator<Item = &'d Distribution> + Clone) -> Shares {
        let Some(start) = rivals.clone().map(Distribution::start).min() else {
            return Shares {
                start: 0,
                shares: Vec::new(),
            };
        };
        let end = rivals.clone().map(Distribution::end).max().unwrap_or(start);
        // below[j]: the chance that rival j ends below the total being looked at.
        let mut below: Vec<f64> = rivals.clone().map(|_| 0.0).collect();
        let mut shares = Vec::with_capacity((end - start) as usize);
        for total in start..end {
            // The rivals as a polynomial in z: each below (1) or level (z); a share of 1 / (level + 1).
            let mut level = vec![1.0];
            for (rival, below) in rivals.clone().zip(&below) {
                let at = rival.chance(total);
                let mut next = vec![0.0; level.len() + 1];
                for (count, &weight) in level.iter().enumerate() {
                    next[count] += weight * below;
                    next[count + 1] += weight * at;
                }
                level = next;
            }
            let share = level
                .iter()
                .enumerate()
                .map(|(tied, &weight)| weight / (tied + 1) as f64);
            shares.push(share.sum());
            for (below, rival) in below.iter_mut().zip(rivals.clone()) {
                *below += rival.chance(total);
            }
        }
        Shares { start, shares }
    }

    /// The share left to a final total.
    fn at(&self, total: u32) -> f64 {
        match total.checked_sub(self.start) {
            None => 0.0,
            Some(offset) => self.shares.get(offset as usize).copied().unwrap_or(1.0),
        }
    }

    /// The share left to a player whose final total is `banked` more than `final_`.
    pub(crate) fn of(&self, final_: &Distribution, banked: u32) -> f64 {
        final_
            .values()
            .map(|(points, chance)| chance * self.at(banked + points))
            .sum()
    }
}

/// The standard normal law's chance of falling below `z` (an erfc with relative error below 1.2e-7).
pub(crate) fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / std::f64::consts::SQRT_2)
}

/// The complementary error function, by Chebyshev fitting (Numerical Recipes' `erfcc`).
fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let value = t * poly.exp();
    if x >= 0.0 { value } else { 2.0 - value }
}

#[cfg(test)]
mod tests;
