//! An event (a wedding, a tournament): many tables, one organiser, one leaderboard ([`EventState`]). Not a
//! room's [`Event`], which is an entry of its log.
//!
//! An event is a value changed only by its tables' logs: each table (a room on one device, or an online room)
//! hands in the entries of its room's log as they are written, and the event replays them with the room
//! crate (which asks the rules crate), so no table can claim a total its plays do not make. Entries it already
//! has are checked to be the same and skipped, so a device that sends again after losing the network counts
//! nothing twice. The standings, the moments worth a cheer and the prizes are read off the replayed games.

mod board;

pub use board::{Board, Cheer, Feat, Prize, Prizes, Row, TableSummary};
use board::{cheers_between, table_rows};

use fivedice_rules::{Category, Game, Rules};
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::name::RoomName;
use crate::room::{Event, LogEntry, Room};

/// The most tables an event takes (a large wedding has thirty).
pub const MAX_TABLES: usize = 200;
/// The longest table name, in characters.
pub const MAX_TABLE_NAME_CHARS: usize = 40;
/// How many recent cheers a board shows.
const CHEERS_SHOWN: usize = 12;

/// Why an event refuses what a table hands in. The event is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventError {
    /// The event is closed: no new tables (the tables already in it finish their games).
    Closed,
    /// The event has as many tables as it takes.
    Full { max: usize },
    /// A table's id is 1 to 64 letters, digits, `-` or `_`.
    BadTableId,
    /// A table's name is 1 to [`MAX_TABLE_NAME_CHARS`] characters, no control characters.
    BadTableName,
    /// The table plays another game (or other options) than the event's.
    OtherRules,
    /// The entries do not follow on from what the event has: it has up to `seq`.
    Gap { seq: u64 },
    /// An entry differs from the one the event already has at that place in the table's log.
    Rewritten { seq: u64 },
    /// An entry does not replay: the rules (or the room) refuse it.
    Refused { seq: u64, error: RoomError },
}

impl EventError {
    /// A stable machine-readable name.
    pub fn code(&self) -> &'static str {
        match self {
            EventError::Closed => "closed",
            EventError::Full { .. } => "full",
            EventError::BadTableId => "bad_table_id",
            EventError::BadTableName => "bad_table_name",
            EventError::OtherRules => "other_rules",
            EventError::Gap { .. } => "gap",
            EventError::Rewritten { .. } => "rewritten",
            EventError::Refused { .. } => "refused",
        }
    }
}

impl std::fmt::Display for EventError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventError::Closed => f.write_str("The event is closed: no new tables"),
            EventError::Full { max } => write!(f, "The event has its {max} tables"),
            EventError::BadTableId => f.write_str("A table's id is 1 to 64 letters, digits, '-' or '_'"),
            EventError::BadTableName => write!(
                f,
                "A table's name is 1 to {MAX_TABLE_NAME_CHARS} characters, without control characters"
            ),
            EventError::OtherRules => f.write_str("This table plays another game than the event's"),
            EventError::Gap { seq } => {
                write!(f, "The event has this table's log up to {seq}: send what follows")
            }
            EventError::Rewritten { seq } => {
                write!(
                    f,
                    "Entry {seq} differs from the one the event already has for this table"
                )
            }
            EventError::Refused { seq, error } => write!(f, "Entry {seq} does not replay: {error}"),
        }
    }
}

impl std::error::Error for EventError {}

/// Checks a table's id as a device chose it.
pub fn check_table_id(id: &str) -> Result<(), EventError> {
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    (!id.is_empty() && id.len() <= 64 && id.chars().all(fits))
        .then_some(())
        .ok_or(EventError::BadTableId)
}

/// A table's name, trimmed, or why it cannot be one.
pub fn check_table_name(name: &str) -> Result<String, EventError> {
    let name = name.trim();
    let fits = !name.is_empty()
        && name.chars().count() <= MAX_TABLE_NAME_CHARS
        && !name.chars().any(char::is_control);
    fits.then(|| name.to_string()).ok_or(EventError::BadTableName)
}

/// One table of an event: its name and its room's log, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTable {
    pub id: String,
    pub name: String,
    log: Vec<LogEntry>,
    room: Room,
}

impl EventTable {
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn seq(&self) -> u64 {
        self.room.seq()
    }

    pub fn game(&self) -> Option<&Game> {
        self.room.game()
    }
}

/// A hand-in decided but not yet kept ([`EventState::decide`]): the table as it will be, the entries that are new
/// (to store) and the cheers they make. Storage comes between deciding and [`EventState::commit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandIn {
    table: EventTable,
    pub entries: Vec<LogEntry>,
    pub cheers: Vec<Cheer>,
    /// Where in the table's game each cheer's box was written (its place in the game's log).
    cheered_at: Vec<usize>,
    /// How far the hand-in took the table's game back (a box taken back), if it did: cheers for boxes
    /// written from there on are withdrawn.
    taken_back_to: Option<usize>,
}

impl HandIn {
    /// The table handed in, as it will be once kept.
    pub fn table(&self) -> &EventTable {
        &self.table
    }
}

/// An event: its name, its game, whether it is closed, and its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventState {
    name: RoomName,
    rules: Rules,
    closed: bool,
    tables: Vec<EventTable>,
    /// The latest moments worth a cheer, oldest first, each with where its box is in its table's game.
    cheers: Vec<(usize, Cheer)>,
}

impl EventState {
    pub fn new(name: RoomName, rules: Rules) -> EventState {
        EventState {
            name,
            rules,
            closed: false,
            tables: Vec::new(),
            cheers: Vec::new(),
        }
    }

    pub fn name(&self) -> &RoomName {
        &self.name
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The organiser opens it again (a close undone): new tables may join.
    pub fn reopen(&mut self) {
        self.closed = false;
    }

    pub fn close(&mut self) {
        self.closed = true;
    }

    pub fn tables(&self) -> &[EventTable] {
        &self.tables
    }

    pub fn table(&self, id: &str) -> Option<&EventTable> {
        self.tables.iter().find(|table| table.id == id)
    }

    /// `name`, or the first of "`name` (2)", "`name` (3)", … no table has (ignoring case), cut to fit.
    fn unused_name(&self, name: String) -> String {
        let taken = |candidate: &str| {
            self.tables
                .iter()
                .any(|table| fivedice_rules::case::same_name(&table.name, candidate))
        };
        if !taken(&name) {
            return name;
        }
        (2..=MAX_TABLES + 1)
            .map(|number| {
                let suffix = format!(" ({number})");
                let room = MAX_TABLE_NAME_CHARS - suffix.chars().count();
                let cut: String = name.chars().take(room).collect();
                format!("{}{suffix}", cut.trim_end())
            })
            .find(|candidate| !taken(candidate))
            .unwrap_or(name)
    }

    /// Decides on a table's entries (any that it has already are checked and skipped): a new table is seated
    /// under `name`, or "`name` (2)" when another table has it (two tablets that both took "Table 5" stay two
    /// on the board); a known table keeps its name. The event is unchanged either way.
    pub fn decide(&self, id: &str, name: &str, entries: &[LogEntry]) -> Result<HandIn, EventError> {
        check_table_id(id)?;
        let mut table = match self.table(id) {
            Some(table) => table.clone(),
            None => {
                let name = self.unused_name(check_table_name(name)?);
                if self.closed {
                    return Err(EventError::Closed);
                }
                if self.tables.len() >= MAX_TABLES {
                    return Err(EventError::Full { max: MAX_TABLES });
                }
                EventTable {
                    id: id.to_string(),
                    name,
                    log: Vec::new(),
                    room: Room::new(self.name.clone()),
                }
            }
        };
        let mut new_entries = Vec::new();
        let mut cheers: Vec<(usize, Cheer)> = Vec::new();
        let mut taken_back_to: Option<usize> = None;
        for entry in entries {
            if let Some(kept) = table.log.get((entry.seq as usize).wrapping_sub(1)) {
                if kept != entry {
                    return Err(EventError::Rewritten { seq: entry.seq });
                }
                continue;
            }
            if entry.seq != table.seq() + 1 {
                return Err(EventError::Gap { seq: table.seq() });
            }
            // A lobby may try other games on the way: the game it starts is the one that counts.
            if matches!(entry.event, Event::Started { .. }) && table.room.rules() != self.rules {
                return Err(EventError::OtherRules);
            }
            let before = table.room.game().cloned();
            table
                .room
                .apply_entry(entry)
                .map_err(|error| EventError::Refused {
                    seq: entry.seq,
                    error,
                })?;
            table.log.push(entry.clone());
            new_entries.push(entry.clone());
            if let (Some(before), Some(after)) = (before.as_ref(), table.room.game()) {
                let written = after.log().len();
                if written < before.log().len() {
                    cheers.retain(|(at, _)| *at < written);
                    taken_back_to = Some(taken_back_to.map_or(written, |earlier| earlier.min(written)));
                }
                cheers.extend(cheers_between(&table.name, before, after));
            }
        }
        let (cheered_at, cheers) = cheers.into_iter().unzip();
        Ok(HandIn {
            table,
            entries: new_entries,
            cheers,
            cheered_at,
            taken_back_to,
        })
    }

    /// Keeps a hand-in decided on this event as it is now.
    pub fn commit(&mut self, hand_in: HandIn) {
        // A box taken back takes back its cheers.
        if let Some(written) = hand_in.taken_back_to {
            let table = &hand_in.table.name;
            self.cheers
                .retain(|(at, cheer)| cheer.table != *table || *at < written);
        }
        self.cheers
            .extend(hand_in.cheered_at.into_iter().zip(hand_in.cheers));
        let excess = self.cheers.len().saturating_sub(CHEERS_SHOWN);
        self.cheers.drain(..excess);
        match self.tables.iter_mut().find(|table| table.id == hand_in.table.id) {
            Some(table) => *table = hand_in.table,
            None => self.tables.push(hand_in.table),
        }
    }

    /// Decides and keeps at once (replaying what storage kept, and in tests).
    pub fn take(&mut self, id: &str, name: &str, entries: &[LogEntry]) -> Result<HandIn, EventError> {
        let hand_in = self.decide(id, name, entries)?;
        self.commit(hand_in.clone());
        Ok(hand_in)
    }

    /// The board: what the screen and the organiser show.
    pub fn board(&self) -> Board {
        let mut rows: Vec<Row> = Vec::new();
        for table in &self.tables {
            rows.extend(table_rows(table));
        }
        // Best first; ties share a rank, each rank's rows in the order the tables came.
        let mut ranked: Vec<Row> = Vec::with_capacity(rows.len());
        for row in &rows {
            let at = ranked.partition_point(|other| other.total >= row.total);
            ranked.insert(at, row.clone());
        }
        for index in 0..ranked.len() {
            ranked[index].rank = if index > 0 && ranked[index - 1].total == ranked[index].total {
                ranked[index - 1].rank
            } else {
                index + 1
            };
        }
        Board {
            event: self.name.shown().to_string(),
            rules: self.rules,
            closed: self.closed,
            tables: self.tables.iter().map(TableSummary::of).collect(),
            prizes: Prizes::of(&self.tables, &ranked),
            rows: ranked,
            cheers: self.cheers.iter().rev().map(|(_, cheer)| cheer.clone()).collect(),
        }
    }
}
