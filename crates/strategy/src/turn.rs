//! One turn solved exactly: every roll, keep and cell, for a block of upper totals at once.
//!
//! The turn is the same for every upper total of a group except where a cell is written, so the solver runs it
//! on a block of upper totals at a time, as the lanes of SIMD vectors ([`Lanes`]). Every sum is taken in a
//! fixed order, and no two operations are fused, so native and wasm builds, and blocks of any width, compute
//! the same bits.
//!
//! The keep recursion: the value of keeping `k` (fewer than five dice) and rolling the rest is the mean, over
//! the six faces, of keeping `k` plus one die showing that face; the best keep within a roll is the best of
//! keeping it all and the best keep within each roll-minus-one-die. Both run over the 462 keeps, so a turn
//! costs a few thousand vector operations instead of one per (roll, keep) pair.

use fivedice_rules::{Category, MAX_ROLLS, Rules, Scores, Sheet};

use crate::keeps::{FIRST_ROLL, KeepGraph, OUTCOMES, ROLLS};
use crate::lanes::{Lanes, Sums};
use crate::states::{Group, MAX_CELLS, StateSpace, UPPER_LANES};

/// Upper totals solved together: 16 lanes give the max and add chains enough independent work (the table
/// builds 11% faster than with 8; 32 is no faster). A group's last few lanes go in a block of 8.
/// Blocks are counted in vectors of four lanes.
pub(crate) const WIDE: usize = 4;
pub(crate) const NARROW: usize = 2;
/// One upper total alone (advice): one vector, the narrowest block.
pub(crate) const SINGLE: usize = 1;
/// A value for every upper total, or for every lane of a group.
pub(crate) type Dense = Lanes<{ UPPER_LANES / 4 }>;
/// Rolls after the first: the turn's keep decisions.
pub(crate) const REROLLS: usize = MAX_ROLLS as usize - 1;

/// What the rules make of a ruleset, computed once: the state space, the keeps, and each cell's score for
/// each roll as the turn solver reads it.
pub(crate) struct TurnModel {
    pub(crate) space: StateSpace,
    pub(crate) graph: KeepGraph,
    /// For each roll and cell: which of the cell's outcome vectors the roll leads to, and the points added to it.
    natural: Vec<[(u8, f32); MAX_CELLS]>,
    /// The rolls of five equal faces: the only rolls whose scores depend on the sheet (Joker and bonus).
    pub(crate) five_of_a_kind_rolls: Vec<usize>,
    /// A value the rules accept in each cell (what the first roll, five aces, scores there), for writing cells
    /// on a score pad.
    pub(crate) placeholders: Vec<u16>,
}

impl TurnModel {
    pub(crate) fn new(rules: Rules) -> TurnModel {
        let space = StateSpace::new(rules);
        let graph = KeepGraph::new();
        // On an empty sheet the five-of-a-kind cell is open, so no Joker applies and no bonus is due:
        // these are the scores every roll makes in every cell.
        let empty = rules.scores(&Sheet::new(), graph.roll(0));
        let mut natural = vec![[(0u8, 0f32); MAX_CELLS]; ROLLS];
        let mut five_of_a_kind_rolls = Vec::new();
        for (roll, dice) in (0..ROLLS).map(|roll| (roll, graph.roll(roll))) {
            if dice.five_of_a_kind().is_some() {
                five_of_a_kind_rolls.push(roll);
            }
            let scores = rules.scores(&Sheet::new(), dice);
            for (cell, &(_, score)) in scores.cells.iter().enumerate() {
                natural[roll][cell] = space.outcome_of(cell, score);
            }
        }
        let placeholders = empty.cells.iter().map(|&(_, score)| score).collect();
        TurnModel {
            space,
            graph,
            natural,
            five_of_a_kind_rolls,
            placeholders,
        }
    }

    pub(crate) fn cell_number(&self, category: Category) -> usize {
        let cells = self.space.rules.ruleset().cells;
        cells
            .iter()
            .position(|cell| cell.category == category)
            .expect("the rules score their own cells")
    }
}

impl StateSpace {
    /// Which outcome vector of `cell` a score leads to, and the points added on top of that vector: upper cells
    /// have one vector per count of their face (the points and bonus are inside it, as they move the upper
    /// total); the five-of-a-kind cell has one for 0 and one for its full value; other cells have one.
    fn outcome_of(&self, cell: usize, score: u16) -> (u8, f32) {
        if let Some(count) = score.checked_div(u16::from(self.face_of_cell[cell])) {
            (count as u8, 0.0)
        } else if cell == self.five_box {
            (u8::from(score > 0), f32::from(score))
        } else {
            (0, f32::from(score))
        }
    }
}

/// What writing each open cell leads to for one group: the value of the turn after it, per upper total.
pub(crate) struct Outcomes {
    vectors: Vec<Dense>,
    first_vector: Vec<usize>,
    open_cells: Vec<usize>,
    /// The rules' answer for each five-of-a-kind roll on this sheet: the bonus and the cells allowed.
    five_of_a_kind: Vec<FiveOfAKind>,
}

/// A five-of-a-kind roll on one sheet: its number, its bonus, and the cells the rules allow with their scores.
struct FiveOfAKind {
    roll: usize,
    bonus: f32,
    cells: Vec<(usize, u16)>,
}

impl Outcomes {
    pub(crate) fn new() -> Outcomes {
        Outcomes {
            vectors: Vec::new(),
            first_vector: Vec::new(),
            open_cells: Vec::new(),
            five_of_a_kind: Vec::new(),
        }
    }

    /// Sets up the outcomes of a group from the values of the groups after it and what the rules let each
    /// five-of-a-kind roll score on the group's sheet (the bonus, and the cells allowed with their scores);
    /// with no answers, those rolls score as on the empty sheet.
    pub(crate) fn prepare<'a>(
        &mut self,
        model: &TurnModel,
        values: &[f32],
        group: Group,
        five_of_a_kind: impl Iterator<Item = (u16, &'a [(Category, u16)])>,
    ) {
        let space = &model.space;
        self.vectors.clear();
        self.first_vector.clear();
        self.open_cells.clear();
        let totals = space.lane_totals(group.mask);
        for cell in 0..space.cell_count {
            self.first_vector.push(self.vectors.len());
            if group.mask >> cell & 1 == 1 {
                continue;
            }
            self.open_cells.push(cell);
            let mask = group.mask | 1 << cell;
            let face = u16::from(space.face_of_cell[cell]);
            if face > 0 {
                let after = expand(space, values, Group { mask, ..group });
                for count in 0..=5 {
                    self.vectors
                        .push(upper_outcome(space, &after, totals, count * face));
                }
            } else {
                // The five-of-a-kind cell leads to two groups: written 0, or at its full value.
                let fullness: &[bool] = if cell == space.five_box {
                    &[false, true]
                } else {
                    &[group.five_box_full]
                };
                for &five_box_full in fullness {
                    let after = expand(space, values, Group { mask, five_box_full });
                    self.vectors
                        .push(by_lane(totals, |total| after[usize::from(total)]));
                }
            }
        }
        self.five_of_a_kind.clear();
        for (&roll, (bonus, cells)) in model.five_of_a_kind_rolls.iter().zip(five_of_a_kind) {
            let cells = cells
                .iter()
                .map(|&(category, score)| (model.cell_number(category), score))
                .collect();
            let bonus = f32::from(bonus);
            self.five_of_a_kind.push(FiveOfAKind { roll, bonus, cells });
        }
    }

    /// The vector and added points for writing `score` in `cell`.
    fn outcome(&self, model: &TurnModel, cell: usize, score: u16) -> (&Dense, f32) {
        let (vector, points) = model.space.outcome_of(cell, score);
        (
            &self.vectors[self.first_vector[cell] + usize::from(vector)],
            points,
        )
    }

    /// The expected final remainder of writing each cell the rules allow, at one upper total (a lane).
    pub(crate) fn cell_values(
        &self,
        model: &TurnModel,
        scores: &Scores,
        lane: usize,
    ) -> Vec<(Category, f32)> {
        scores
            .cells
            .iter()
            .map(|&(category, score)| {
                let (vector, points) = self.outcome(model, model.cell_number(category), score);
                let value = f32::from(scores.bonus) + (vector.lane(lane) + points);
                (category, value)
            })
            .collect()
    }

    /// The best cell for every roll with no rolls left, for the block of lanes from `first`.
    fn score_rolls<const Q: usize>(&self, model: &TurnModel, first: usize, rolls: &mut [Lanes<Q>]) {
        // Roll by roll, so the best so far stays in registers while the open cells are tried.
        for (roll, scores) in rolls.iter_mut().zip(&model.natural) {
            let mut best = Lanes::splat(f32::NEG_INFINITY);
            for &cell in &self.open_cells {
                let (vector, points) = scores[cell];
                let outcome = &self.vectors[self.first_vector[cell] + usize::from(vector)];
                best = best.max(&outcome.block(first).plus(points));
            }
            *roll = best;
        }
        for five in &self.five_of_a_kind {
            let mut best = Lanes::splat(f32::NEG_INFINITY);
            for &(cell, score) in &five.cells {
                let (vector, points) = self.outcome(model, cell, score);
                best = best.max(&vector.block(first).plus(points));
            }
            rolls[five.roll] = best.plus(five.bonus);
        }
    }

    /// Solves the turn for the `4 * Q` lanes from `first` and returns the expected remainder at its start.
    /// `observe` sees the value of every keep with `r` rerolls left after the keep, for `r` = 0 and up.
    pub(crate) fn solve_block<const Q: usize>(
        &self,
        model: &TurnModel,
        first: usize,
        keeps: &mut [Lanes<Q>],
        mut observe: impl FnMut(usize, &[Lanes<Q>]),
    ) -> Lanes<Q> {
        let graph = &model.graph;
        self.score_rolls(model, first, &mut keeps[FIRST_ROLL..]);
        for rerolls in 0..REROLLS {
            expect_keeps(graph, keeps);
            observe(rerolls, keeps);
            best_keeps(graph, keeps);
        }
        // The first roll of the turn: the mean over all rolls, by their weights, in roll order. The sum runs to
        // about 2 million, where an f32 step is 1/8: it is taken in f64 and rounded once.
        let mut total = Sums::zero();
        for (roll, &ways) in keeps[FIRST_ROLL..].iter().zip(&graph.roll_ways) {
            total.add_weighted(roll, f64::from(ways));
        }
        total.divided_by(f64::from(OUTCOMES))
    }
}

/// Keeps below five dice get the mean of their six one-die-bigger keeps (bigger keeps first, so each is ready).
fn expect_keeps<const Q: usize>(graph: &KeepGraph, keeps: &mut [Lanes<Q>]) {
    for keep in (0..FIRST_ROLL).rev() {
        let [first, rest @ ..] = graph.add_die[keep].map(usize::from);
        let mut sum = keeps[first];
        for bigger in rest {
            sum = sum.add(&keeps[bigger]);
        }
        keeps[keep] = sum.divided_by(6.0);
    }
}

/// Every keep becomes the best keep within it (smaller keeps first, so each is ready): for a roll, the best
/// decision before rerolling.
fn best_keeps<const Q: usize>(graph: &KeepGraph, keeps: &mut [Lanes<Q>]) {
    for (faces, runs) in &graph.drop_die {
        match faces {
            1 => best_within::<2, Q>(keeps, runs),
            2 => best_within::<3, Q>(keeps, runs),
            3 => best_within::<4, Q>(keeps, runs),
            4 => best_within::<5, Q>(keeps, runs),
            _ => best_within::<6, Q>(keeps, runs),
        }
    }
}

/// For runs of `RUN` keep numbers (a keep, then the keeps one die smaller): the keep becomes the best of them.
/// The run length is a constant so the loop over the smaller keeps unrolls.
fn best_within<const RUN: usize, const Q: usize>(keeps: &mut [Lanes<Q>], runs: &[u16]) {
    for run in runs.chunks_exact(RUN) {
        let [keep, smaller @ ..] = run else {
            unreachable!("runs are not empty")
        };
        let mut best = keeps[usize::from(*keep)];
        for &smaller in smaller {
            best = best.max(&keeps[usize::from(smaller)]);
        }
        keeps[usize::from(*keep)] = best;
    }
}

/// The outcome of writing `points` in an upper cell, per lane of the group before it: the points, the upper
/// bonus if this crosses the threshold, and the value of the group after, at the new (capped) total.
fn upper_outcome(space: &StateSpace, after: &[f32; UPPER_LANES], totals: &[u16], points: u16) -> Dense {
    by_lane(totals, |total| {
        let new_total = (total + points).min(space.threshold);
        let crosses = total < space.threshold && new_total >= space.threshold;
        let bonus = if crosses { space.upper_bonus } else { 0.0 };
        f32::from(points) + bonus + after[usize::from(new_total)]
    })
}

/// A vector with `value(total)` in the lane of each total (lanes past the group's last read 0; none uses them).
fn by_lane(totals: &[u16], value: impl Fn(u16) -> f32) -> Dense {
    Lanes::from_fn(|lane| totals.get(lane).map_or(0.0, |&total| value(total)))
}

/// A group's stored values by upper total (totals no sheet of the group reaches read 0; nothing reads them).
pub(crate) fn expand(space: &StateSpace, values: &[f32], group: Group) -> [f32; UPPER_LANES] {
    let stored = &values[space.group_range(group)];
    space
        .lanes_by_total(group.mask)
        .map(|lane| lane.map_or(0.0, |lane| stored[lane]))
}
