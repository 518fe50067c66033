//! Chances to win: the distribution of the points still to come under optimal play, and from those each
//! player's chance to finish first when everyone plays optimally from here.
//!
//! Players who each maximise their own expected score play independently, so a table's chances follow from one
//! distribution per player. A player's distribution takes the turn in hand exactly (every way it can end, from
//! [`TurnAdvisor::endings`]) and each state it can end in either exactly again, where at most [`EXACT_OPEN`]
//! cells stay open, or as a law of that state's exact mean, variance, skewness and kurtosis ([`Spread`]). So the chances
//! are exact whenever every player has at most `EXACT_OPEN + 1` cells open (the last rounds), and close
//! elsewhere: `make bench-odds` measures how close against games played out.

use std::collections::HashMap;
use std::rc::Rc;

use fivedice_rules::{Category, FaceCounts, Sheet};

use crate::advice::{AdviceError, Ending};
use crate::table::{Shape, Spread, ValueTable};

/// States with at most this many open cells have their distribution computed exactly (and kept): a player with
/// one more open cell is exact too. (Raising it from 2 to 4 left the calibration as it was: the error is in the
/// middle of the game, BENCHMARKS.md.)
pub const EXACT_OPEN: usize = 4;

/// Later states with at most this many open cells are drawn with their skewness and kurtosis (Gram–Charlier);
/// further out, as a normal law: the sum of many turns is nearer normal there, and the series, outside its
/// range for the skewness and kurtosis of a whole game (1.6 and 4.6), does worse than the plain normal law
/// (calibration by the cut-off, BENCHMARKS.md).
const SHAPED_OPEN: usize = 8;

/// A distribution over whole points: `probabilities[i]` is the chance of `start + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    start: u32,
    probabilities: Vec<f64>,
}

impl Distribution {
    /// Certainly `points`.
    pub fn certain(points: u32) -> Distribution {
        Distribution {
            start: points,
            probabilities: vec![1.0],
        }
    }

    /// The lowest value with a chance (possibly zero at the edges of a normal law).
    pub fn start(&self) -> u32 {
        self.start
    }

    /// One past the highest value.
    pub fn end(&self) -> u32 {
        self.start + self.probabilities.len() as u32
    }

    /// The chance of exactly `points`.
    pub fn chance(&self, points: u32) -> f64 {
        points
            .checked_sub(self.start)
            .and_then(|offset| self.probabilities.get(offset as usize))
            .copied()
            .unwrap_or(0.0)
    }

    pub fn mean(&self) -> f64 {
        self.values()
            .map(|(points, chance)| f64::from(points) * chance)
            .sum()
    }

    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.values()
            .map(|(points, chance)| (f64::from(points) - mean).powi(2) * chance)
            .sum()
    }

    /// Every value with its chance, lowest first.
    pub fn values(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        (self.start..).zip(self.probabilities.iter().copied())
    }

    /// This distribution moved up by `points`.
    pub fn shifted(&self, points: u32) -> Distribution {
        Distribution {
            start: self.start + points,
            probabilities: self.probabilities.clone(),
        }
    }

    /// A normal law with this mean and variance, on whole points from 0 up: each point takes the chance of
    /// the half-point either side (for a wide law, its density there: the same to a part in 24σ², and two
    /// multiplications a point instead of an erfc); the tails past 8 deviations, or below 0, fold into the ends.
    pub fn normal(mean: f64, variance: f64) -> Distribution {
        let deviation = variance.max(0.0).sqrt();
        if deviation < 0.05 {
            return Distribution::certain(mean.round().max(0.0) as u32);
        }
        let low = (mean - 8.0 * deviation).floor().max(0.0) as u32;
        let high = (mean + 8.0 * deviation).ceil().max(0.0) as u32;
        let below = |points: f64| normal_cdf((points - mean) / deviation);
        let mut probabilities: Vec<f64> = if deviation < 2.0 {
            (low..=high)
                .map(|points| below(f64::from(points) + 0.5) - below(f64::from(points) - 0.5))
                .collect()
        } else {
            // exp(-x²/2σ²) from one point to the next: the ratio itself shrinks by exp(-1/σ²) a point.
            let spread = 2.0 * variance;
            let from = f64::from(low) - mean;
            let mut density = (-from * from / spread).exp();
            let mut ratio = (-(2.0 * from + 1.0) / spread).exp();
            let shrink = (-2.0 / spread).exp();
            let mut densities = Vec::with_capacity((high - low + 1) as usize);
            for _ in low..=high {
                densities.push(density);
                density *= ratio;
                ratio *= shrink;
            }
            let inside = below(f64::from(high) + 0.5) - below(f64::from(low) - 0.5);
            let total: f64 = densities.iter().sum();
            densities.iter_mut().for_each(|chance| *chance *= inside / total);
            densities
        };
        probabilities[0] += below(f64::from(low) - 0.5);
        let last = probabilities.len() - 1;
        probabilities[last] += 1.0 - below(f64::from(high) + 0.5);
        Distribution {
            start: low,
            probabilities,
        }
    }

    /// A law of this shape on whole points from 0 up: the normal law's density corrected by the Gram–Charlier
    /// series for the skewness and the excess kurtosis (φ(z)·[1 + γ₁/6·He₃(z) + γ₂/24·He₄(z)], where that
    /// is not negative), or the normal law alone where the shape is narrow. Where the correction had to be cut
    /// at 0 the law drifts from its mean and variance: it is drawn again, moved and scaled back to them, twice.
    pub fn of_shape(shape: &Shape) -> Distribution {
        let deviation = shape.variance.max(0.0).sqrt();
        if deviation < 2.0 {
            return Distribution::normal(shape.mean, shape.variance);
        }
        let (mut centre, mut scale) = (shape.mean, deviation);
        let mut drawn = Distribution::gram_charlier(shape, centre, scale);
        for _ in 0..2 {
            centre += shape.mean - drawn.mean();
            scale *= deviation / drawn.variance().sqrt();
            drawn = Distribution::gram_charlier(shape, centre, scale);
        }
        drawn
    }

    fn gram_charlier(shape: &Shape, centre: f64, deviation: f64) -> Distribution {
        let low = (centre - 8.0 * deviation).floor().max(0.0) as u32;
        let high = (centre + 8.0 * deviation).ceil().max(0.0) as u32;
        let (skew, kurtosis) = (shape.skewness / 6.0, shape.excess_kurtosis / 24.0);
        let mut probabilities: Vec<f64> = (low..=high)
            .map(|points| {
                let z = (f64::from(points) - centre) / deviation;
                let z2 = z * z;
                let correction = 1.0 + skew * z * (z2 - 3.0) + kurtosis * (z2 * z2 - 6.0 * z2 + 3.0);
                (-0.5 * z2).exp() * correction.max(0.0)
            })
            .collect();
        let total: f64 = probabilities.iter().sum();
        probabilities.iter_mut().for_each(|chance| *chance /= total);
        Distribution {
            start: low,
            probabilities,
        }
    }
}

/// A mixture being added up: parts of distributions, each moved and weighed.
struct Mixture {
    probabilities: Vec<f64>,
}

impl Mixture {
    fn new() -> Mixture {
        Mixture {
            probabilities: Vec::new(),
        }
    }

    fn add(&mut self, part: &Distribution, shift: u32, weight: f64) {
        let start = (part.start + shift) as usize;
        let end = start + part.probabilities.len();
        if self.probabilities.len() < end {
            self.probabilities.resize(end, 0.0);
        }
        for (sum, chance) in self.probabilities[start..end].iter_mut().zip(&part.probabilities) {
            *sum += weight * chance;
        }
    }

    fn finish(self) -> Distribution {
        let probabilities = &self.probabilities;
        let Some(start) = probabilities.iter().position(|&chance| chance > 0.0) else {
            return Distribution::certain(0);
        };
        let end = probabilities
            .iter()
            .rposition(|&chance| chance > 0.0)
            .unwrap_or(start)
            + 1;
        Distribution {
            start: start as u32,
            probabilities: probabilities[start..end].to_vec(),
        }
    }
}

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
mod tests {
    use super::*;

    #[test]
    fn turns_go_round_the_table_while_boxes_are_open() {
        assert_eq!(turn_order(&[2, 1, 2], 1), [1, 2, 0, 2, 0]);
        assert_eq!(turn_order(&[0, 0], 0), Vec::<usize>::new());
    }

    /// Each turn throws five alike on its first roll 6 times in 7,776: the first to throw them wins, and the
    /// totals decide only where nobody does.
    #[test]
    fn five_alike_on_a_first_roll_win_for_whoever_throws_them_first() {
        let even = [0.5, 0.5];
        assert_eq!(with_first_roll_wins(&even, &[]), even);
        let p = 6.0 / 7776.0;
        let one_each = with_first_roll_wins(&even, &[0, 1]);
        let nobody = (1.0 - p) * (1.0 - p);
        assert!((one_each[0] - (p + nobody * 0.5)).abs() < 1e-15, "{one_each:?}");
        assert!(
            (one_each[1] - ((1.0 - p) * p + nobody * 0.5)).abs() < 1e-15,
            "{one_each:?}"
        );
        let turns = turn_order(&[11, 11, 11], 2);
        let chances = with_first_roll_wins(&[0.2, 0.3, 0.5], &turns);
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // A player who cannot win on totals still can, by a generala on a first roll.
        let hopeless = with_first_roll_wins(&[0.0, 1.0], &turn_order(&[5, 5], 0));
        assert!(
            hopeless[0] > 4.0 * p * 0.99 && hopeless[0] < 5.0 * p,
            "{hopeless:?}"
        );
    }

    #[test]
    fn ties_are_shared_and_chances_add_up_to_one() {
        let coin = Distribution {
            start: 10,
            probabilities: vec![0.5, 0.5],
        };
        let chances = win_chances(&[coin.clone(), coin.clone()]);
        assert!((chances[0] - 0.5).abs() < 1e-12 && (chances[1] - 0.5).abs() < 1e-12);
        // 10 or 11 against a certain 11: wins never, ties half the time (shared): 0.25 against 0.75.
        let chances = win_chances(&[coin.clone(), Distribution::certain(11)]);
        assert!((chances[0] - 0.25).abs() < 1e-12, "{chances:?}");
        // Three certain ties share one win.
        let chances = win_chances(&[
            Distribution::certain(7),
            Distribution::certain(7),
            Distribution::certain(7),
        ]);
        assert!(chances.iter().all(|&chance| (chance - 1.0 / 3.0).abs() < 1e-12));
        let chances = win_chances(&[coin.clone(), coin.shifted(1), Distribution::certain(11)]);
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{chances:?}");
    }

    #[test]
    fn a_normal_law_keeps_its_mean_and_variance() {
        // Wide laws by their density, narrow ones by the erfc.
        for (mean, variance) in [(420.0, 900.0), (31.3, 5.0), (12.5, 2.0)] {
            let law = Distribution::normal(mean, variance);
            assert!((law.probabilities.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!((law.mean() - mean).abs() < 1e-6, "{}", law.mean());
            // Bins of whole points add at most a twelfth of a point squared (Sheppard's correction).
            let gained = law.variance() - variance;
            assert!((-1e-6..0.09).contains(&gained), "{variance}: {}", law.variance());
        }
        // Near 0, what would fall below it stays at 0 or above.
        assert_eq!(Distribution::normal(10.0, 100.0).start(), 0);
        assert!((normal_cdf(1.0) - 0.841_344_746).abs() < 1e-7);
        assert_eq!(Distribution::normal(3.4, 0.0), Distribution::certain(3));
    }
}
