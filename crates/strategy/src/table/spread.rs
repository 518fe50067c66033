//! The shape of the points still to come under optimal play, built beside (or after) the value table.

use super::*;

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
