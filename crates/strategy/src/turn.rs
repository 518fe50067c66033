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

use std::ops::Range;

use fivedice_rules::{Category, MAX_ROLLS, Rules, Scores};

use crate::keeps::{FIRST_ROLL, KEEPS, KeepGraph, OUTCOMES, ROLLS};
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

/// What writing each open cell leads to for one group: the value of the turn after it, per upper total.
pub(crate) struct Outcomes {
    vectors: Vec<Dense>,
    /// Beside each vector, its higher moments, where the outcomes were prepared with them.
    higher: Vec<[Dense; HIGHER]>,
    first_vector: Vec<usize>,
    open_cells: Vec<usize>,
    /// The rules' answer for each five-of-a-kind roll on this sheet: the bonus and the cells allowed.
    five_of_a_kind: Vec<FiveOfAKind>,
}

/// A five-of-a-kind roll on one sheet: its number, its bonus, and the cells the rules allow with their scores
/// (written later in the turn, and right after its first roll).
struct FiveOfAKind {
    roll: usize,
    bonus: f32,
    cells: Vec<(usize, u16)>,
    first_roll_cells: Vec<(usize, u16)>,
}

impl Outcomes {
    pub(crate) fn new() -> Outcomes {
        Outcomes {
            vectors: Vec::new(),
            higher: Vec::new(),
            first_vector: Vec::new(),
            open_cells: Vec::new(),
            five_of_a_kind: Vec::new(),
        }
    }

    /// Sets up the outcomes of a group from the values of the groups after it and what the rules let each
    /// five-of-a-kind roll score on the group's sheet (the bonus, and the cells allowed with their scores);
    /// with no answers, those rolls score as on the empty sheet.
    ///
    /// With `higher` (the higher moments of the remainder, table by table), each outcome vector gets its
    /// higher moments beside it, for [`Moments`].
    pub(crate) fn prepare<'a>(
        &mut self,
        model: &TurnModel,
        values: &[f32],
        higher: Option<[&[f32]; HIGHER]>,
        group: Group,
        five_of_a_kind: impl Iterator<Item = (u16, &'a [(Category, u16)])>,
    ) {
        let space = &model.space;
        self.vectors.clear();
        self.higher.clear();
        self.first_vector.clear();
        self.open_cells.clear();
        let totals = space.lane_totals(group.mask);
        for cell in 0..space.cell_count {
            self.first_vector.push(self.vectors.len());
            if !space.may_write(group.mask, cell) {
                continue;
            }
            self.open_cells.push(cell);
            let mask = group.mask | 1 << cell;
            let face = u16::from(space.face_of_cell[cell]);
            // The five-of-a-kind cell leads to two groups: written 0, or at its full value.
            let fullness: &[bool] = if cell == space.five_box {
                &[false, true]
            } else {
                &[group.five_box_full]
            };
            for &five_box_full in fullness {
                let after_group = Group { mask, five_box_full };
                let after = expand(space, values, after_group);
                let after_higher = higher.map(|tables| tables.map(|table| expand(space, table, after_group)));
                let counts = if face > 0 { 0..=5 } else { 0..=0 };
                for count in counts {
                    let (vector, higher) =
                        written_outcome(space, &after, after_higher.as_ref(), totals, count * face);
                    self.vectors.push(vector);
                    self.higher.extend(higher);
                }
            }
        }
        self.five_of_a_kind.clear();
        let rules = space.rules;
        for (&roll, (bonus, cells)) in model.five_of_a_kind_rolls.iter().zip(five_of_a_kind) {
            let numbered = |first_roll: bool| {
                let score = |category, score| match first_roll {
                    true => rules.first_roll_score(category, score),
                    false => score,
                };
                cells
                    .iter()
                    .map(|&(category, points)| (model.cell_number(category), score(category, points)))
                    .collect()
            };
            self.five_of_a_kind.push(FiveOfAKind {
                roll,
                bonus: f32::from(bonus),
                cells: numbered(false),
                first_roll_cells: numbered(true),
            });
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

    /// The cell the table's play writes for a roll, written later in the turn or right after its first roll,
    /// at one upper total (a lane): its number, its score, the five-of-a-kind bonus the roll earns, and its
    /// worth (the points to come, from this cell on). The first best in sheet order, as the bots choose.
    pub(crate) fn best_cell(
        &self,
        model: &TurnModel,
        roll: usize,
        lane: usize,
        first_roll: bool,
    ) -> (usize, u16, u16, f32) {
        let worth = |cell: usize, score: u16, bonus: u16| {
            let (vector, points) = self.outcome(model, cell, score);
            f32::from(bonus) + (vector.lane(lane) + points)
        };
        let mut best: Option<(f32, (usize, u16, u16))> = None;
        for (cell, score, bonus) in self.cells_of_roll(model, roll, first_roll) {
            let worth = worth(cell, score, bonus);
            if best.is_none_or(|(top, _)| worth > top) {
                best = Some((worth, (cell, score, bonus)));
            }
        }
        let (worth, (cell, score, bonus)) = best.expect("a sheet with an open cell has a cell to write");
        (cell, score, bonus, worth)
    }

    /// Every cell a roll may be written in on this group's sheet, in sheet order, later in the turn or right
    /// after its first roll: its number, its score, and the five-of-a-kind bonus the roll earns.
    pub(crate) fn cells_of_roll<'a>(
        &'a self,
        model: &'a TurnModel,
        roll: usize,
        first_roll: bool,
    ) -> Box<dyn Iterator<Item = (usize, u16, u16)> + 'a> {
        let table = model.scores_table(first_roll);
        match self.five_of_a_kind.iter().find(|five| five.roll == roll) {
            Some(five) => {
                let cells = if first_roll {
                    &five.first_roll_cells
                } else {
                    &five.cells
                };
                Box::new(
                    cells
                        .iter()
                        .map(|&(cell, score)| (cell, score, five.bonus as u16)),
                )
            }
            None => Box::new(self.open_cells.iter().map(move |&cell| {
                let Write { vector, points, .. } = model.writes[usize::from(table[roll][cell])];
                let face = u16::from(model.space.face_of_cell[cell]);
                let score = if face > 0 {
                    u16::from(vector) * face
                } else {
                    points as u16
                };
                (cell, score, 0)
            })),
        }
    }

    /// The outcome vector `index` at the block of lanes from `first`, as a worth of type `W`.
    fn vector<W: Worth>(&self, index: usize, first: usize) -> W {
        W::of_vector(&self.vectors[index], self.higher.get(index), first)
    }

    /// The worth of every write into an open cell, for the block of lanes from `first` (writes into filled
    /// cells are left as they are: no roll reads them).
    fn solve_writes<W: Worth>(&self, model: &TurnModel, first: usize, writes: &mut [W]) {
        for &cell in &self.open_cells {
            let run = model.writes_of_cell[cell].clone();
            for (worth, write) in writes[run.clone()].iter_mut().zip(&model.writes[run]) {
                let outcome: W = self.vector(self.first_vector[cell] + usize::from(write.vector), first);
                *worth = outcome.plus(write.points);
            }
        }
    }

    /// The best cell for every roll, written later in the turn or right after its first roll, for the block of
    /// lanes from `first`, from the worth of each write.
    fn score_rolls<W: Worth>(
        &self,
        model: &TurnModel,
        first: usize,
        writes: &[W],
        rolls: &mut [W],
        first_roll: bool,
    ) {
        // Roll by roll, so the best so far stays in registers while the open cells are tried.
        for (roll, numbers) in rolls.iter_mut().zip(model.scores_table(first_roll)) {
            let mut best = W::WORST;
            for &cell in &self.open_cells {
                best = best.better(&writes[usize::from(numbers[cell])]);
            }
            *roll = best;
        }
        for five in &self.five_of_a_kind {
            let mut best = W::WORST;
            let cells = if first_roll {
                &five.first_roll_cells
            } else {
                &five.cells
            };
            for &(cell, score) in cells {
                let (vector, points) = model.space.outcome_of(cell, score);
                let outcome: W = self.vector(self.first_vector[cell] + usize::from(vector), first);
                best = best.better(&outcome.plus(points));
            }
            rolls[five.roll] = best.plus(five.bonus);
        }
    }

    /// Solves the turn for the lanes of a block from `first` and returns its worth at the turn's start.
    /// `observe` sees the worth of every keep with `r` rerolls left after the keep, for `r` = 0 and up.
    pub(crate) fn solve_block<W: Worth>(
        &self,
        model: &TurnModel,
        first: usize,
        scratch: &mut Scratch<W>,
        observe: impl FnMut(usize, &[W]),
    ) -> W {
        let Scratch {
            keeps,
            writes,
            first_roll,
        } = scratch;
        self.solve_writes(model, first, writes);
        self.score_rolls(model, first, writes, &mut keeps[FIRST_ROLL..], false);
        let first_roll = model.first_roll.is_some().then(|| {
            self.score_rolls(model, first, writes, first_roll, true);
            first_roll.as_slice()
        });
        play_keeps(&model.graph, keeps, first_roll, observe)
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

/// What the turn solver carries for each keep, a block of upper totals at a time: the expected remainder
/// ([`Lanes`]: building the table, advice) or that with its higher moments ([`Moments`]: the shape of the
/// score's distribution). Choices go by the expected remainder either way.
pub(crate) trait Worth: Copy {
    const WORST: Self;
    /// An outcome vector (with its higher moments, where prepared) at the block from lane `first`.
    fn of_vector(vector: &Dense, higher: Option<&[Dense; HIGHER]>, first: usize) -> Self;
    /// This worth with `points` more scored now.
    fn plus(&self, points: f32) -> Self;
    fn add(&self, other: &Self) -> Self;
    fn divided_by(&self, divisor: f32) -> Self;
    /// Lane by lane, the one of greater expected remainder (this one on ties).
    fn better(&self, other: &Self) -> Self;
    /// The first roll of the turn: the mean over all rolls, by their weights, in roll order.
    fn mean_of_rolls(rolls: &[Self], ways: &[u16]) -> Self;
}

impl<const Q: usize> Worth for Lanes<Q> {
    const WORST: Lanes<Q> = Lanes::NEG_INFINITY;

    #[inline(always)]
    fn of_vector(vector: &Dense, _: Option<&[Dense; HIGHER]>, first: usize) -> Lanes<Q> {
        vector.block(first)
    }

    #[inline(always)]
    fn plus(&self, points: f32) -> Lanes<Q> {
        Lanes::plus(self, points)
    }

    #[inline(always)]
    fn add(&self, other: &Lanes<Q>) -> Lanes<Q> {
        Lanes::add(self, other)
    }

    #[inline(always)]
    fn divided_by(&self, divisor: f32) -> Lanes<Q> {
        Lanes::divided_by(self, divisor)
    }

    #[inline(always)]
    fn better(&self, other: &Lanes<Q>) -> Lanes<Q> {
        self.max(other)
    }

    fn mean_of_rolls(rolls: &[Lanes<Q>], ways: &[u16]) -> Lanes<Q> {
        // The sum runs to about 2 million, where an f32 step is 1/8: it is taken in f64 and rounded once.
        let mut total = Sums::zero();
        for (roll, &ways) in rolls.iter().zip(ways) {
            total.add_weighted(roll, f64::from(ways));
        }
        total.divided_by(f64::from(OUTCOMES))
    }
}

/// The raw moments carried beside the mean: E[X²], E[X³] and E[X⁴].
pub(crate) const HIGHER: usize = 3;

/// The expected remainder and its higher raw moments (the means of its square, cube and fourth power), lane by
/// lane.
#[derive(Clone, Copy)]
pub(crate) struct Moments<const Q: usize> {
    pub(crate) mean: Lanes<Q>,
    pub(crate) higher: [Lanes<Q>; HIGHER],
}

impl<const Q: usize> Worth for Moments<Q> {
    const WORST: Moments<Q> = Moments {
        mean: Lanes::NEG_INFINITY,
        higher: [Lanes::ZERO; HIGHER],
    };

    #[inline(always)]
    fn of_vector(vector: &Dense, higher: Option<&[Dense; HIGHER]>, first: usize) -> Moments<Q> {
        let higher = higher.expect("outcomes prepared with higher moments");
        Moments {
            mean: vector.block(first),
            higher: std::array::from_fn(|moment| higher[moment].block(first)),
        }
    }

    /// E[(X + p)ⁿ] = Σₖ C(n, k) pⁿ⁻ᵏ E[Xᵏ].
    #[inline(always)]
    fn plus(&self, points: f32) -> Moments<Q> {
        let p = points;
        let [second, third, fourth] = &self.higher;
        let mean = &self.mean;
        Moments {
            mean: mean.plus(p),
            higher: [
                second.add(&mean.times(2.0 * p)).plus(p * p),
                third
                    .add(&second.times(3.0 * p))
                    .add(&mean.times(3.0 * p * p))
                    .plus(p * p * p),
                (fourth.add(&third.times(4.0 * p)))
                    .add(&second.times(6.0 * p * p))
                    .add(&mean.times(4.0 * p * p * p))
                    .plus(p * p * p * p),
            ],
        }
    }

    #[inline(always)]
    fn add(&self, other: &Moments<Q>) -> Moments<Q> {
        Moments {
            mean: self.mean.add(&other.mean),
            higher: std::array::from_fn(|moment| self.higher[moment].add(&other.higher[moment])),
        }
    }

    #[inline(always)]
    fn divided_by(&self, divisor: f32) -> Moments<Q> {
        Moments {
            mean: self.mean.divided_by(divisor),
            higher: self.higher.map(|moment| moment.divided_by(divisor)),
        }
    }

    #[inline(always)]
    fn better(&self, other: &Moments<Q>) -> Moments<Q> {
        let greater = self.mean.where_greater(&other.mean);
        Moments {
            mean: self.mean.max(&other.mean),
            higher: std::array::from_fn(|moment| greater.pick(&self.higher[moment], &other.higher[moment])),
        }
    }

    fn mean_of_rolls(rolls: &[Moments<Q>], ways: &[u16]) -> Moments<Q> {
        let mut mean = Sums::zero();
        let mut higher: [Sums<Q>; HIGHER] = std::array::from_fn(|_| Sums::zero());
        for (roll, &ways) in rolls.iter().zip(ways) {
            mean.add_weighted(&roll.mean, f64::from(ways));
            for (sum, moment) in higher.iter_mut().zip(&roll.higher) {
                sum.add_weighted(moment, f64::from(ways));
            }
        }
        Moments {
            mean: mean.divided_by(f64::from(OUTCOMES)),
            higher: higher.map(|sum| sum.divided_by(f64::from(OUTCOMES))),
        }
    }
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
