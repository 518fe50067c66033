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

mod outcomes;
mod worth;

use std::ops::Range;

use fivedice_rules::{Category, MAX_ROLLS, Rules, Scores};

use crate::keeps::{FIRST_ROLL, KEEPS, KeepGraph, OUTCOMES, ROLLS};
use crate::lanes::{Lanes, Sums};
use crate::states::{Group, MAX_CELLS, StateSpace, UPPER_LANES};

pub(crate) use outcomes::Outcomes;
pub(crate) use worth::{HIGHER, Moments, Worth};

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
    /// Every way a roll can write a cell (a cell's writes in one run, cells in sheet order): a turn solves
    /// each once per block, then each roll only picks among them.
    writes: Vec<Write>,
    /// Where each cell's run of writes is.
    writes_of_cell: Vec<Range<usize>>,
    /// For each roll and cell: the write the roll makes there (its number in `writes`).
    natural: Vec<[u16; MAX_CELLS]>,
    /// The same for a box written right after the turn's first roll, where the rules pay more for that
    /// (Generala).
    first_roll: Option<Vec<[u16; MAX_CELLS]>>,
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
        // Each roll's write in each cell, later in the turn or right after its first roll.
        let by_roll = |first_roll: bool| -> Vec<Vec<Write>> {
            (0..ROLLS)
                .map(|roll| {
                    let scores = rules.natural_scores(graph.roll(roll), first_roll);
                    scores
                        .enumerate()
                        .map(|(cell, (_, score))| {
                            let (vector, points) = space.outcome_of(cell, score);
                            Write {
                                cell: cell as u8,
                                vector,
                                points,
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let (later, first_roll) = (by_roll(false), by_roll(true));
        let mut writes: Vec<Write> = later.iter().chain(&first_roll).flatten().copied().collect();
        writes.sort_by_key(Write::key);
        writes.dedup_by_key(|write| write.key());
        let writes_of_cell = (0..space.cell_count)
            .map(|cell| {
                let start = writes.partition_point(|write| usize::from(write.cell) < cell);
                let end = writes.partition_point(|write| usize::from(write.cell) <= cell);
                start..end
            })
            .collect();
        let tabulate = |rows: &[Vec<Write>]| -> Vec<[u16; MAX_CELLS]> {
            rows.iter()
                .map(|row| {
                    let mut numbers = [0u16; MAX_CELLS];
                    for (number, write) in numbers.iter_mut().zip(row) {
                        let found = writes.binary_search_by_key(&write.key(), Write::key);
                        *number = found.expect("every write is listed") as u16;
                    }
                    numbers
                })
                .collect()
        };
        let natural = tabulate(&later);
        let first_roll = rules.house().map(|_| tabulate(&first_roll));
        let five_of_a_kind_rolls = (0..ROLLS)
            .filter(|&roll| graph.roll(roll).all_alike().is_some())
            .collect();
        let placeholders = rules
            .natural_scores(graph.roll(0), false)
            .map(|(_, score)| score)
            .collect();
        TurnModel {
            space,
            graph,
            writes,
            writes_of_cell,
            natural,
            first_roll,
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

/// What writing a cell with some roll does: which of the cell's outcome vectors it leads to, and the points
/// added on top of it.
#[derive(Clone, Copy)]
struct Write {
    cell: u8,
    vector: u8,
    points: f32,
}

impl Write {
    fn key(&self) -> (u8, u8, u32) {
        (self.cell, self.vector, self.points.to_bits())
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

/// What solving a turn works in, kept from one block to the next so that a build sets it up once.
pub(crate) struct Scratch<W> {
    keeps: Vec<W>,
    writes: Vec<W>,
    first_roll: Vec<W>,
}

impl<W: Worth> Scratch<W> {
    pub(crate) fn new(model: &TurnModel) -> Scratch<W> {
        Scratch {
            keeps: vec![W::WORST; KEEPS],
            writes: vec![W::WORST; model.writes.len()],
            first_roll: vec![W::WORST; ROLLS],
        }
    }
}

impl TurnModel {
    /// Each roll's outcomes in each cell, written later in the turn or right after its first roll.
    fn scores_table(&self, first_roll: bool) -> &[[u16; MAX_CELLS]] {
        match (first_roll, &self.first_roll) {
            (true, Some(table)) => table,
            _ => &self.natural,
        }
    }

    /// Whether a box written right after the turn's first roll pays more than later (Generala).
    pub(crate) fn first_roll_pays(&self) -> bool {
        self.first_roll.is_some()
    }
}

/// The turn back from its last roll: with the worth of every roll with no rolls left in `keeps[FIRST_ROLL..]`,
/// the worth of the turn at its start. Where a box written right after the first roll is worth more
/// (Generala), `first_roll` holds each roll's worth written then. `observe` sees the worth of every keep with
/// `r` rerolls left after the keep, for `r` = 0 and up.
pub(crate) fn play_keeps<W: Worth>(
    graph: &KeepGraph,
    keeps: &mut [W],
    first_roll: Option<&[W]>,
    mut observe: impl FnMut(usize, &[W]),
) -> W {
    for rerolls in 0..REROLLS {
        expect_keeps(graph, keeps);
        observe(rerolls, keeps);
        best_keeps(graph, keeps);
    }
    if let Some(writes) = first_roll {
        for (roll, write) in keeps[FIRST_ROLL..].iter_mut().zip(writes) {
            *roll = roll.better(write);
        }
    }
    W::mean_of_rolls(&keeps[FIRST_ROLL..], &graph.roll_ways)
}

/// Keeps below five dice get the mean of their six one-die-bigger keeps (bigger keeps first, so each is ready).
fn expect_keeps<W: Worth>(graph: &KeepGraph, keeps: &mut [W]) {
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
fn best_keeps<W: Worth>(graph: &KeepGraph, keeps: &mut [W]) {
    for (faces, runs) in &graph.drop_die {
        match faces {
            1 => best_within::<2, W>(keeps, runs),
            2 => best_within::<3, W>(keeps, runs),
            3 => best_within::<4, W>(keeps, runs),
            4 => best_within::<5, W>(keeps, runs),
            _ => best_within::<6, W>(keeps, runs),
        }
    }
}

/// For runs of `RUN` keep numbers (a keep, then the keeps one die smaller): the keep becomes the best of them.
/// The run length is a constant so the loop over the smaller keeps unrolls.
fn best_within<const RUN: usize, W: Worth>(keeps: &mut [W], runs: &[u16]) {
    for run in runs.chunks_exact(RUN) {
        let [keep, smaller @ ..] = run else {
            unreachable!("runs are not empty")
        };
        let mut best = keeps[usize::from(*keep)];
        for &smaller in smaller {
            best = best.better(&keeps[usize::from(smaller)]);
        }
        keeps[usize::from(*keep)] = best;
    }
}

/// The outcome of writing `upper_points` in a cell, per lane of the group before it: for an upper cell, the
/// points, the upper bonus if this crosses the threshold, and the value of the group after at the new (capped)
/// total; for a lower cell (no upper points), the value of the group after (its points are added where they
/// are known). With the higher moments of the group after, the outcome's higher moments beside it.
fn written_outcome(
    space: &StateSpace,
    after: &[f32; UPPER_LANES],
    after_higher: Option<&[[f32; UPPER_LANES]; HIGHER]>,
    totals: &[u16],
    upper_points: u16,
) -> (Dense, Option<[Dense; HIGHER]>) {
    let settle = |total: u16| {
        let new_total = (total + upper_points).min(space.threshold);
        let crosses = upper_points > 0 && total < space.threshold && new_total >= space.threshold;
        let bonus = if crosses { space.upper_bonus } else { 0.0 };
        (f32::from(upper_points) + bonus, usize::from(new_total))
    };
    let mean = by_lane(totals, |total| {
        let (points, new_total) = settle(total);
        points + after[new_total]
    });
    let higher = after_higher.map(|higher| {
        std::array::from_fn(|moment| {
            by_lane(totals, |total| {
                let (points, new_total) = settle(total);
                // E[(X + p)ⁿ] = Σₖ C(n, k) pⁿ⁻ᵏ E[Xᵏ] for n = moment + 2, from E[X⁰] = 1 up. The points are
                // whole, so every C(n, k) pⁿ⁻ᵏ is exact in f64.
                let power = moment + 2;
                let raw = |k: usize| match k {
                    0 => 1.0,
                    1 => f64::from(after[new_total]),
                    k => f64::from(higher[k - 2][new_total]),
                };
                let p = f64::from(points);
                let powers = [1.0, p, p * p, p * p * p, p * p * p * p];
                let shifted: f64 = (0..=power)
                    .map(|k| BINOMIAL[power][k] * powers[power - k] * raw(k))
                    .sum();
                shifted as f32
            })
        })
    });
    (mean, higher)
}

/// C(n, k) for n up to 4.
const BINOMIAL: [[f64; 5]; 5] = [
    [1.0, 0.0, 0.0, 0.0, 0.0],
    [1.0, 1.0, 0.0, 0.0, 0.0],
    [1.0, 2.0, 1.0, 0.0, 0.0],
    [1.0, 3.0, 3.0, 1.0, 0.0],
    [1.0, 4.0, 6.0, 4.0, 1.0],
];

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
