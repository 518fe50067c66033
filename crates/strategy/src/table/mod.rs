//! The turn-start value table, built by backward induction from the full sheet down to the empty one; its
//! spread (the shape of the points still to come) in `spread.rs`.

mod spread;

pub use spread::{Shape, Spread, SpreadBuilder, TableAndSpreadBuilder};

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
