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

/// The engine's build between requests.
impl super::Engine {
    /// Starts the build of these rules' table and spread between requests, unless both are at hand: read
    /// from the device where kept there. A build for other rules is dropped.
    pub(super) async fn warm_up(&mut self, rules: Rules) {
        if self
            .warming
            .as_ref()
            .is_some_and(|warming| warming.rules() != rules)
        {
            self.warming = None;
        }
        let spread_at_hand = self.spread.as_ref().is_some_and(|(of, _)| *of == rules);
        if spread_at_hand || self.warming.is_some() {
            return;
        }
        self.warming = match self.optimal_at_hand(rules).await {
            Some((position, _)) => {
                let table = &self.kept[position].1;
                match self.read_kept_spread(table).await {
                    Some(spread) => {
                        self.spread = Some((rules, spread));
                        None
                    }
                    None => Warming::spread_of(table),
                }
            }
            None => Some(Warming::new(rules)),
        };
    }

    /// The build going on between requests, one slice further; a stage it finishes is kept.
    pub(super) async fn warm_a_slice(&mut self) {
        let finished = self
            .warming
            .as_mut()
            .is_some_and(|warming| warming.step_a_slice().is_done());
        if finished {
            self.keep_warmed().await;
        }
    }

    /// Finishes now, showing how far it has come, each stage of the build going on between requests that a
    /// request about these rules waits for: the table's, and for the chances (`spread`) the spread's too.
    pub(super) async fn warm_now(&mut self, rules: Rules, spread: bool) {
        while let Some(mut warming) = self.warming.take_if(|warming| warming.holds_up(rules, spread)) {
            super::in_slices(warming.progress(), |groups| warming.step(groups), &|reply| {
                self.post(reply)
            });
            self.warming = Some(warming);
            self.keep_warmed().await;
        }
    }

    /// Keeps what the build's finished stage made, for the session and on the device: the table (then its
    /// spread's build starts), or the spread.
    pub(super) async fn keep_warmed(&mut self) {
        let Some(warming) = self.warming.take() else {
            return;
        };
        match warming.finish() {
            Warmed::Table(table) => {
                self.keep_on_device(&table).await;
                self.warming = Warming::spread_of(&table);
                // Tables of other rules are dropped; one of these rules kept meanwhile stays as it is.
                if self.position_of(table.rules(), true).is_none() {
                    self.kept.push((true, table));
                }
            }
            Warmed::Spread(table, spread) => {
                self.keep_spread_on_device(&table, &spread).await;
                self.spread = Some((table.rules(), spread));
            }
        }
    }
}
