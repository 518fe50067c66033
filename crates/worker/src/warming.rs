//! A build that goes on between requests: the optimal table of the rules a table of several players plays,
//! then its spread, a slice at a time, while the worker listens.

use fivedice_rules::Rules;
use fivedice_strategy::{Progress, Spread, TableAndSpreadBuilder, TableBuilder, ValueTable};

/// Each slice works out about this share of a stage's groups: a request that comes meanwhile waits for one
/// slice at most (about 50 ms for Yatzy's spread, the largest).
const SLICES: usize = 100;

pub enum Warming {
    Table(Box<TableBuilder>),
    Spread(Box<TableAndSpreadBuilder>),
}

/// What a stage hands on when it is done.
pub enum Warmed {
    Table(ValueTable),
    Spread(ValueTable, Spread),
}

impl Warming {
    pub fn new(rules: Rules) -> Warming {
        Warming::Table(Box::new(TableBuilder::new(rules)))
    }

    /// The spread's build for a table at hand (a copy kept in the build).
    pub fn spread_of(table: &ValueTable) -> Option<Warming> {
        let copy = ValueTable::from_values(table.rules(), table.values().to_vec())?;
        Some(Warming::Spread(Box::new(TableAndSpreadBuilder::after(copy))))
    }

    pub fn rules(&self) -> Rules {
        match self {
            Warming::Table(builder) => builder.rules(),
            Warming::Spread(builder) => builder.rules(),
        }
    }

    /// Whether a request about these rules must wait for this stage: every one that needs the table waits for
    /// the table's, and the chances (`spread`) for the spread's too.
    pub fn holds_up(&self, rules: Rules, spread: bool) -> bool {
        self.rules() == rules && (spread || matches!(self, Warming::Table(_)))
    }

    pub fn progress(&self) -> Progress {
        match self {
            Warming::Table(builder) => builder.progress(),
            Warming::Spread(builder) => builder.progress(),
        }
    }

    pub fn step(&mut self, groups: usize) -> Progress {
        match self {
            Warming::Table(builder) => builder.step(groups),
            Warming::Spread(builder) => builder.step(groups),
        }
    }

    /// One slice further.
    pub fn step_a_slice(&mut self) -> Progress {
        let slice = self.progress().groups.div_ceil(SLICES);
        self.step(slice)
    }

    /// What a finished stage made.
    pub fn finish(self) -> Warmed {
        match self {
            Warming::Table(builder) => Warmed::Table((*builder).finish()),
            Warming::Spread(builder) => {
                let (table, spread) = (*builder).finish();
                Warmed::Spread(table, spread)
            }
        }
    }
}
