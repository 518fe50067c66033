//! The turn-start value table, built by backward induction from the full sheet down to the empty one.

use fivedice_rules::{Rules, Sheet};

use crate::five_of_a_kind::FiveOfAKindAnswers;
use crate::lanes::Lanes;
use crate::states::UPPER_LANES;
use crate::turn::{HIGHER, Moments, NARROW, Outcomes, SINGLE, Scratch, TurnModel, WIDE};

/// The version of the values a table holds: raise it whenever a change could alter any value, so that tables
/// kept on devices by an older engine are rebuilt rather than used.
pub const ENGINE_VERSION: u32 = 1;

/// For every reachable turn-start state: the expected remaining score under optimal play, as `f32`. States
/// with the same future (upper totals from which the bonus is settled) share one value, so the table takes
/// fewer than four bytes a state.
pub struct ValueTable {
    pub(crate) model: TurnModel,
    pub(crate) values: Vec<f32>,
}

/// How far a table build has come, in groups of states (a group is one set of filled cells). Time runs
/// roughly in step (yahtzee: 42%, 55% and 84% of the time at a quarter, half and three quarters of the
/// groups, the first quarter including the setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub groups_done: usize,
    pub groups: usize,
}

impl Progress {
    pub fn fraction(&self) -> f64 {
        self.groups_done as f64 / self.groups as f64
    }

    pub fn is_done(&self) -> bool {
        self.groups_done == self.groups
    }
}

/// The groups of states a build works through, from the last (most cells filled) to the first, a slice at a
/// time: each group needs only the groups after it.
struct Groups {
    count: usize,
    left: usize,
}

impl Groups {
    fn new(count: usize) -> Groups {
        Groups { count, left: count }
    }

    fn progress(&self) -> Progress {
        Progress {
            groups_done: self.count - self.left,
            groups: self.count,
        }
    }

    /// The next `slice` groups (fewer at the end), in the order to work them out.
    fn next(&mut self, slice: usize) -> std::iter::Rev<std::ops::Range<usize>> {
        let from = self.left.saturating_sub(slice);
        let next = (from..self.left).rev();
        self.left = from;
        next
    }
}

/// A table build that runs a slice at a time: what a Web Worker drives, posting progress between slices.
pub struct TableBuilder {
    model: TurnModel,
    values: Vec<f32>,
    groups: Groups,
    five_of_a_kind: FiveOfAKindAnswers,
    outcomes: Outcomes,
    wide: Scratch<Lanes<WIDE>>,
    narrow: Scratch<Lanes<NARROW>>,
}

impl TableBuilder {
    pub fn new(rules: Rules) -> TableBuilder {
        let model = TurnModel::new(rules);
        TableBuilder {
            values: vec![0.0; model.space.state_count()],
            groups: Groups::new(model.space.group_count()),
            five_of_a_kind: FiveOfAKindAnswers::ask(&model),
            outcomes: Outcomes::new(),
            wide: Scratch::new(&model),
            narrow: Scratch::new(&model),
            model,
        }
    }

    pub fn rules(&self) -> Rules {
        self.model.space.rules
    }

    pub fn progress(&self) -> Progress {
        self.groups.progress()
    }

    /// Solves up to `groups` more groups and says how far the build is.
    pub fn step(&mut self, groups: usize) -> Progress {
        for index in self.groups.next(groups) {
            self.solve_group(index);
        }
        self.progress()
    }

    /// Solves what is left and hands over the table.
    pub fn finish(mut self) -> ValueTable {
        self.step(usize::MAX);
        ValueTable {
            model: self.model,
            values: self.values,
        }
    }

    fn solve_group(&mut self, index: usize) {
        let space = &self.model.space;
        let group = space.group(index);
        let lanes = space.stored_lanes(group);
        // A full sheet is worth nothing more; an impossible flag stores nothing.
        if group.mask == space.full_mask() || lanes == 0 {
            return;
        }
        let five_of_a_kind = self.five_of_a_kind.of_group(index);
        self.outcomes
            .prepare(&self.model, &self.values, None, group, five_of_a_kind);
        let group_values = &mut self.values[space.group_range(group)];
        let (model, outcomes) = (&self.model, &self.outcomes);
        let wide = Lanes::<WIDE>::COUNT;
        for (first, chunk) in group_values
            .chunks_mut(wide)
            .enumerate()
            .map(|(block, chunk)| (block * wide, chunk))
        {
            if chunk.len() > Lanes::<NARROW>::COUNT {
                let start = outcomes.solve_block(model, first, &mut self.wide, |_, _| {});
                chunk
                    .iter_mut()
                    .enumerate()
                    .for_each(|(lane, value)| *value = start.lane(lane));
            } else {
                let start = outcomes.solve_block(model, first, &mut self.narrow, |_, _| {});
                chunk
                    .iter_mut()
                    .enumerate()
                    .for_each(|(lane, value)| *value = start.lane(lane));
            }
        }
    }
}

impl ValueTable {
    /// The optimal-play table for these rules.
    pub fn solve(rules: Rules) -> ValueTable {
        TableBuilder::new(rules).finish()
    }

    /// The table, reporting progress about a hundred times along the way.
    pub fn solve_with_progress(rules: Rules, mut report: impl FnMut(Progress)) -> ValueTable {
        let mut builder = TableBuilder::new(rules);
        let slice = builder.progress().groups.div_ceil(100);
        while !builder.step(slice).is_done() {
            report(builder.progress());
        }
        report(builder.progress());
        builder.finish()
    }

    /// A table from values built elsewhere (a Web Worker posts `values()`; the page takes them back here);
    /// `None` unless there is exactly one value for each state of these rules.
    pub fn from_values(rules: Rules, values: Vec<f32>) -> Option<ValueTable> {
        let model = TurnModel::new(rules);
        (values.len() == model.space.state_count()).then_some(ValueTable { model, values })
    }

    /// A table that values every future at zero: play on it maximises the points of the turn in hand alone
    /// (the greedy player).
    pub fn myopic(rules: Rules) -> ValueTable {
        let model = TurnModel::new(rules);
        ValueTable {
            values: vec![0.0; model.space.state_count()],
            model,
        }
    }

    pub fn rules(&self) -> Rules {
        self.model.space.rules
    }

    /// The expected score of a whole solitaire game under the table's play.
    pub fn expected_score(&self) -> f64 {
        self.expected_remaining(&Sheet::new())
    }

    /// The expected points still to come from a turn start with this sheet (bonuses already banked excluded).
    pub fn expected_remaining(&self, sheet: &Sheet) -> f64 {
        f64::from(self.values[self.slot(sheet)])
    }

    /// Where the value of a turn start with this sheet lives.
    pub(crate) fn slot(&self, sheet: &Sheet) -> usize {
        let (group, upper) = self.model.space.locate(sheet);
        let slot = self.model.space.slot(group, upper);
        slot.expect("a sheet the rules accept has a reachable upper total")
    }

    /// The number of values the table stores: one for each state, except that states with the same future
    /// (upper totals from which the bonus is settled) share one.
    pub fn state_count(&self) -> usize {
        self.values.len()
    }

    /// Every reachable turn-start state (filled cells, capped upper total, five-of-a-kind cell full or not).
    pub fn reachable_states(&self) -> usize {
        self.model.space.reachable_states()
    }

    /// The bytes the values take.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of_val(self.values.as_slice())
    }

    /// Where the states of a game's opening live: the empty sheet's, and those of every sheet with one box
    /// written.
    pub(crate) fn opening_slots(&self) -> impl Iterator<Item = usize> + '_ {
        let space = &self.model.space;
        (0..space.group_count())
            .map(|index| space.group(index))
            .filter(|group| group.mask.count_ones() <= 1)
            .flat_map(|group| space.group_range(group))
    }

    pub(crate) fn set_value(&mut self, slot: usize, value: f32) {
        self.values[slot] = value;
    }

    /// Every stored value, in table order: for comparing builds bit for bit.
    pub fn values(&self) -> &[f32] {
        &self.values
    }
}

/// The shape of the points still to come under optimal play: for every state of a value table, the higher
/// raw moments of its remainder (so its variance, skewness and kurtosis), by the same backward induction, every
/// choice made as the table makes it. What [`crate::Odds`] needs beyond the table.
pub struct Spread {
    higher: [Vec<f32>; HIGHER],
}

/// A spread's build that runs a slice at a time, as [`TableBuilder`] does: the same groups, last to first.
/// Where the table is not at hand yet, the same pass builds it too (the spread's means are the table's values,
/// bit for bit), which takes little longer than the spread alone.
pub struct SpreadBuilder<'t> {
    table: TableInHand<'t>,
    higher: [Vec<f32>; HIGHER],
    groups: Groups,
    five_of_a_kind: FiveOfAKindAnswers,
    outcomes: Outcomes,
    scratch: Scratch<Moments<SINGLE>>,
    /// The means of the group being worked out, for the table being built beside the spread.
    means: Vec<f32>,
}

/// The table a spread follows: one built before, or one built group by group beside the spread.
enum TableInHand<'t> {
    Given(&'t ValueTable),
    Building(Box<ValueTable>),
}

impl TableInHand<'_> {
    fn table(&self) -> &ValueTable {
        match self {
            TableInHand::Given(table) => table,
            TableInHand::Building(table) => table,
        }
    }
}

impl<'t> SpreadBuilder<'t> {
    /// The spread of a table built before.
    pub fn new(table: &'t ValueTable) -> SpreadBuilder<'t> {
        SpreadBuilder::following(TableInHand::Given(table))
    }

    fn following(table: TableInHand<'t>) -> SpreadBuilder<'t> {
        let model = &table.table().model;
        let space = &model.space;
        SpreadBuilder {
            higher: std::array::from_fn(|_| vec![0.0; space.state_count()]),
            groups: Groups::new(space.group_count()),
            five_of_a_kind: FiveOfAKindAnswers::ask(model),
            outcomes: Outcomes::new(),
            scratch: Scratch::new(model),
            means: vec![0.0; UPPER_LANES],
            table,
        }
    }

    pub fn progress(&self) -> Progress {
        self.groups.progress()
    }

    /// Works out up to `groups` more groups and says how far the build is.
    pub fn step(&mut self, groups: usize) -> Progress {
        for index in self.groups.next(groups) {
            self.spread_group(index);
        }
        self.progress()
    }

    /// Works out what is left and hands over the spread.
    pub fn finish(mut self) -> Spread {
        self.step(usize::MAX);
        Spread { higher: self.higher }
    }

    fn spread_group(&mut self, index: usize) {
        let table = self.table.table();
        let model = &table.model;
        let space = &model.space;
        let group = space.group(index);
        if group.mask == space.full_mask() || space.stored_lanes(group) == 0 {
            return;
        }
        let answers = self.five_of_a_kind.of_group(index);
        let higher = &mut self.higher;
        let tables = [&higher[0][..], &higher[1][..], &higher[2][..]];
        self.outcomes
            .prepare(model, &table.values, Some(tables), group, answers);
        let range = space.group_range(group);
        let block = Lanes::<SINGLE>::COUNT;
        for first in (0..range.len()).step_by(block) {
            let start = self
                .outcomes
                .solve_block(model, first, &mut self.scratch, |_, _| {});
            for lane in first..range.len().min(first + block) {
                for (moment, table) in higher.iter_mut().enumerate() {
                    table[range.start + lane] = start.higher[moment].lane(lane - first);
                }
                self.means[lane] = start.mean.lane(lane - first);
            }
        }
        if let TableInHand::Building(table) = &mut self.table {
            table.values[range.clone()].copy_from_slice(&self.means[..range.len()]);
        }
    }
}

/// The optimal table of some rules and its spread, built together in one pass, a slice at a time (a little
/// longer than the spread alone, where the table and then its spread take the table's time more).
pub struct TableAndSpreadBuilder(SpreadBuilder<'static>);

impl TableAndSpreadBuilder {
    pub fn new(rules: Rules) -> TableAndSpreadBuilder {
        let model = TurnModel::new(rules);
        let values = vec![0.0; model.space.state_count()];
        let table = Box::new(ValueTable { model, values });
        TableAndSpreadBuilder(SpreadBuilder::following(TableInHand::Building(table)))
    }

    /// The spread of a table built before, the table kept in the build (so a build can outlive a borrow, as a
    /// worker's does between requests): its values are written again as the spread's means, the same bits.
    pub fn after(table: ValueTable) -> TableAndSpreadBuilder {
        TableAndSpreadBuilder(SpreadBuilder::following(TableInHand::Building(Box::new(table))))
    }

    pub fn rules(&self) -> Rules {
        self.0.table.table().rules()
    }

    pub fn progress(&self) -> Progress {
        self.0.progress()
    }

    /// Works out up to `groups` more groups and says how far the build is.
    pub fn step(&mut self, groups: usize) -> Progress {
        self.0.step(groups)
    }

    /// Works out what is left and hands over the table and its spread.
    pub fn finish(mut self) -> (ValueTable, Spread) {
        self.0.step(usize::MAX);
        let SpreadBuilder { table, higher, .. } = self.0;
        match table {
            TableInHand::Building(table) => (*table, Spread { higher }),
            TableInHand::Given(_) => unreachable!("this build makes its own table"),
        }
    }
}

/// The moments of a state's remainder: mean, variance, skewness and excess kurtosis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    pub mean: f64,
    pub variance: f64,
    pub skewness: f64,
    pub excess_kurtosis: f64,
}

impl Spread {
    /// The shape of every state of `table` (a few times the table's own build).
    pub fn build(table: &ValueTable) -> Spread {
        SpreadBuilder::new(table).finish()
    }

    /// The optimal table of these rules and its spread, built together (faster than one after the other).
    pub fn build_with_table(rules: Rules) -> (ValueTable, Spread) {
        TableAndSpreadBuilder::new(rules).finish()
    }

    /// The shape of the points still to come from a turn start with this sheet, under the table's play.
    pub fn shape(&self, table: &ValueTable, sheet: &Sheet) -> Shape {
        let slot = table.slot(sheet);
        let mean = f64::from(table.values[slot]);
        let [second, third, fourth] = self.higher.each_ref().map(|moment| f64::from(moment[slot]));
        let variance = (second - mean * mean).max(0.0);
        let central_third = third - 3.0 * mean * second + 2.0 * mean.powi(3);
        let central_fourth = fourth - 4.0 * mean * third + 6.0 * mean * mean * second - 3.0 * mean.powi(4);
        let (skewness, excess_kurtosis) = match variance {
            v if v > 1e-6 => (central_third / v.powf(1.5), central_fourth / (v * v) - 3.0),
            _ => (0.0, 0.0),
        };
        Shape {
            mean,
            variance,
            skewness,
            excess_kurtosis,
        }
    }

    /// The higher moments of the state in this slot.
    pub(crate) fn moments_at(&self, slot: usize) -> [f32; HIGHER] {
        self.higher.each_ref().map(|moment| moment[slot])
    }

    /// Every moment, as [`Spread::from_moments`] takes them back (for keeping on a device).
    pub fn moments(&self) -> Vec<f32> {
        self.higher.concat()
    }

    /// The spread of `table` from moments kept elsewhere; `None` unless there are exactly the moments of
    /// every state of the table.
    pub fn from_moments(table: &ValueTable, moments: Vec<f32>) -> Option<Spread> {
        let count = table.state_count();
        if moments.len() != HIGHER * count {
            return None;
        }
        let mut parts = moments.chunks_exact(count).map(<[f32]>::to_vec);
        let higher = std::array::from_fn(|_| parts.next().unwrap_or_default());
        Some(Spread { higher })
    }

    /// The bytes the moments take.
    pub fn memory_bytes(&self) -> usize {
        self.higher
            .iter()
            .map(|moment| std::mem::size_of_val(moment.as_slice()))
            .sum()
    }
}
