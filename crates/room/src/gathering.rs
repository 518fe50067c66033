//! An event (a wedding, a tournament): many tables, one organiser, one leaderboard. Called a *gathering* in
//! code, since a room's [`Event`] is an entry of its log.
//!
//! A gathering is a value changed only by its tables' logs: each table (a room on one device, or an online room)
//! hands in the entries of its room's log as they are written, and the gathering replays them with the room
//! crate (which asks the rules crate), so no table can claim a total its plays do not make. Entries it already
//! has are checked to be the same and skipped, so a device that sends again after losing the network counts
//! nothing twice. The standings, the moments worth a cheer and the prizes are read off the replayed games.

use fivedice_rules::{Category, Game, Rules};
use serde::{Deserialize, Serialize};

use crate::error::RoomError;
use crate::name::RoomName;
use crate::room::{Event, LogEntry, Room};

/// The most tables a gathering takes (a large wedding has thirty).
pub const MAX_TABLES: usize = 200;
/// The longest table name, in characters.
pub const MAX_TABLE_NAME_CHARS: usize = 40;
/// How many recent cheers a board shows.
const CHEERS_SHOWN: usize = 12;

/// Why a gathering refuses what a table hands in. The gathering is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GatheringError {
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
    /// The entries do not follow on from what the gathering has: it has up to `seq`.
    Gap { seq: u64 },
    /// An entry differs from the one the gathering already has at that place in the table's log.
    Rewritten { seq: u64 },
    /// An entry does not replay: the rules (or the room) refuse it.
    Refused { seq: u64, error: RoomError },
}

impl GatheringError {
    /// A stable machine-readable name.
    pub fn code(&self) -> &'static str {
        match self {
            GatheringError::Closed => "closed",
            GatheringError::Full { .. } => "full",
            GatheringError::BadTableId => "bad_table_id",
            GatheringError::BadTableName => "bad_table_name",
            GatheringError::OtherRules => "other_rules",
            GatheringError::Gap { .. } => "gap",
            GatheringError::Rewritten { .. } => "rewritten",
            GatheringError::Refused { .. } => "refused",
        }
    }
}

impl std::fmt::Display for GatheringError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GatheringError::Closed => f.write_str("The event is closed: no new tables"),
            GatheringError::Full { max } => write!(f, "The event has its {max} tables"),
            GatheringError::BadTableId => f.write_str("A table's id is 1 to 64 letters, digits, '-' or '_'"),
            GatheringError::BadTableName => write!(
                f,
                "A table's name is 1 to {MAX_TABLE_NAME_CHARS} characters, without control characters"
            ),
            GatheringError::OtherRules => f.write_str("This table plays another game than the event's"),
            GatheringError::Gap { seq } => {
                write!(f, "The event has this table's log up to {seq}: send what follows")
            }
            GatheringError::Rewritten { seq } => {
                write!(
                    f,
                    "Entry {seq} differs from the one the event already has for this table"
                )
            }
            GatheringError::Refused { seq, error } => write!(f, "Entry {seq} does not replay: {error}"),
        }
    }
}

impl std::error::Error for GatheringError {}

/// Checks a table's id as a device chose it.
pub fn check_table_id(id: &str) -> Result<(), GatheringError> {
    let fits = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    (!id.is_empty() && id.len() <= 64 && id.chars().all(fits))
        .then_some(())
        .ok_or(GatheringError::BadTableId)
}

/// A table's name, trimmed, or why it cannot be one.
pub fn check_table_name(name: &str) -> Result<String, GatheringError> {
    let name = name.trim();
    let fits = !name.is_empty()
        && name.chars().count() <= MAX_TABLE_NAME_CHARS
        && !name.chars().any(char::is_control);
    fits.then(|| name.to_string()).ok_or(GatheringError::BadTableName)
}

/// One table of a gathering: its name and its room's log, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatheringTable {
    pub id: String,
    pub name: String,
    log: Vec<LogEntry>,
    room: Room,
}

impl GatheringTable {
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

/// A hand-in decided but not yet kept ([`Gathering::decide`]): the table as it will be, the entries that are new
/// (to store) and the cheers they make. Storage comes between deciding and [`Gathering::commit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandIn {
    table: GatheringTable,
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
    pub fn table(&self) -> &GatheringTable {
        &self.table
    }
}

/// An event: its name, its game, whether it is closed, and its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gathering {
    name: RoomName,
    rules: Rules,
    closed: bool,
    tables: Vec<GatheringTable>,
    /// The latest moments worth a cheer, oldest first, each with where its box is in its table's game.
    cheers: Vec<(usize, Cheer)>,
}

impl Gathering {
    pub fn new(name: RoomName, rules: Rules) -> Gathering {
        Gathering {
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

    pub fn tables(&self) -> &[GatheringTable] {
        &self.tables
    }

    pub fn table(&self, id: &str) -> Option<&GatheringTable> {
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
    /// on the board); a known table keeps its name. The gathering is unchanged either way.
    pub fn decide(&self, id: &str, name: &str, entries: &[LogEntry]) -> Result<HandIn, GatheringError> {
        check_table_id(id)?;
        let mut table = match self.table(id) {
            Some(table) => table.clone(),
            None => {
                let name = self.unused_name(check_table_name(name)?);
                if self.closed {
                    return Err(GatheringError::Closed);
                }
                if self.tables.len() >= MAX_TABLES {
                    return Err(GatheringError::Full { max: MAX_TABLES });
                }
                GatheringTable {
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
                    return Err(GatheringError::Rewritten { seq: entry.seq });
                }
                continue;
            }
            if entry.seq != table.seq() + 1 {
                return Err(GatheringError::Gap { seq: table.seq() });
            }
            // A lobby may try other games on the way: the game it starts is the one that counts.
            if matches!(entry.event, Event::Started { .. }) && table.room.rules() != self.rules {
                return Err(GatheringError::OtherRules);
            }
            let before = table.room.game().cloned();
            table
                .room
                .apply_entry(entry)
                .map_err(|error| GatheringError::Refused {
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

    /// Keeps a hand-in decided on this gathering as it is now.
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
    pub fn take(&mut self, id: &str, name: &str, entries: &[LogEntry]) -> Result<HandIn, GatheringError> {
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

/// Each player's row of a table: once the game has started, its sheet's totals; before, the seats so far.
fn table_rows(table: &GatheringTable) -> Vec<Row> {
    let row = |player: &str, total: u16, boxes_left: usize| Row {
        player: player.to_string(),
        table: table.name.clone(),
        total,
        boxes_left: boxes_left as u16,
        rank: 0,
        computer_turns: 0,
    };
    match table.game() {
        Some(game) => {
            // The log replayed once more; it cannot fail, as it replayed already when it was handed in.
            let by_computer =
                crate::stand_ins::computer_turns(table.room.name().clone(), &table.log).unwrap_or_default();
            let ruleset = game.rules().ruleset();
            (0..game.players().len())
                .map(|seat| {
                    let total = game.totals(seat).map_or(0, |totals| totals.grand);
                    let left = game
                        .seat_sheets(seat)
                        .iter()
                        .map(|sheet| sheet.open_count(ruleset))
                        .sum();
                    let computer_turns = by_computer.get(seat).copied().unwrap_or(0);
                    Row {
                        computer_turns: u16::try_from(computer_turns).unwrap_or(u16::MAX),
                        ..row(&game.players()[seat], total, left)
                    }
                })
                .collect()
        }
        None => {
            let boxes =
                table.room.rules().ruleset().cells.len() * table.room.rules().columns().as_slice().len();
            table
                .room
                .seats()
                .iter()
                .map(|seat| row(&seat.name, 0, boxes))
                .collect()
        }
    }
}

/// What the big screen and the organiser's page show: every player's row, best first, the tables, the latest
/// cheers (newest first) and the prizes so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The event's name as the organiser typed it.
    pub event: String,
    pub rules: Rules,
    pub closed: bool,
    pub tables: Vec<TableSummary>,
    pub rows: Vec<Row>,
    pub cheers: Vec<Cheer>,
    pub prizes: Prizes,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSummary {
    /// The table's id in the event (what its hand-ins and the organiser's link for it name).
    #[serde(default)]
    pub id: String,
    pub name: String,
    pub players: usize,
    pub finished: bool,
}

impl TableSummary {
    fn of(table: &GatheringTable) -> TableSummary {
        TableSummary {
            id: table.id.clone(),
            name: table.name.clone(),
            players: table.room.seats().len(),
            finished: table.game().is_some_and(Game::is_over),
        }
    }
}

/// A player's line on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub player: String,
    pub table: String,
    /// The grand total so far.
    pub total: u16,
    pub boxes_left: u16,
    /// 1 for the best total; tied players share a rank (1, 1, 3).
    pub rank: usize,
    /// How many of this player's turns a computer standing in for them played (their device gone).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub computer_turns: u16,
}

fn is_zero(count: &u16) -> bool {
    *count == 0
}

/// A moment worth a cheer: a player's name, their table, and what they did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cheer {
    pub player: String,
    pub table: String,
    pub what: Feat,
}

/// What a player did that the room should hear of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feat {
    /// All the dice alike, written for points (a Yahtzee, a Honeymoon): the box is named, so the screen
    /// words it as the sheet does.
    AllAlike(Category),
    /// Another all-alike, earning the sheet's bonus (the Yardzee ♥).
    AllAlikeBonus,
    /// The upper section's bonus reached.
    UpperBonus,
    /// Won the table's game.
    WonTable,
}

/// What the writes between two moments of a game earned worth a cheer, each with its box's place in the game's
/// log.
fn cheers_between(table: &str, before: &Game, after: &Game) -> Vec<(usize, Cheer)> {
    let mut cheers = Vec::new();
    let ruleset = after.rules().ruleset();
    let all_alike = ruleset.all_alike_cell();
    for entry_index in before.log().len()..after.log().len() {
        let entry = &after.log()[entry_index];
        let seat = after.seat_of_entry(entry_index);
        let player = after.players()[seat].clone();
        let cheer = |what| {
            let cheer = Cheer {
                player: player.clone(),
                table: table.to_string(),
                what,
            };
            (entry_index, cheer)
        };
        if entry.category == all_alike && entry.points > 0 {
            cheers.push(cheer(Feat::AllAlike(all_alike)));
        }
        if entry.bonus {
            cheers.push(cheer(Feat::AllAlikeBonus));
        }
        let upper_bonus = |game: &Game| game.totals(seat).is_some_and(|totals| totals.bonus > 0);
        if !upper_bonus(before) && upper_bonus(after) {
            cheers.push(cheer(Feat::UpperBonus));
        }
    }
    if !before.is_over() && after.is_over() {
        for standing in after.standings().into_iter().filter(|standing| standing.winner) {
            let cheer = Cheer {
                player: after.players()[standing.seat].clone(),
                table: table.to_string(),
                what: Feat::WonTable,
            };
            // Won with the last box: taking it back takes the win back.
            cheers.push((after.log().len().saturating_sub(1), cheer));
        }
    }
    cheers
}

/// The prizes the game suggests, so far (final once the event is closed and its tables finished): the best
/// total, the most all-alikes, and the best single turn (the points of one box, with its bonus).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prizes {
    pub best_total: Vec<Prize>,
    pub most_all_alike: Vec<Prize>,
    pub best_turn: Vec<Prize>,
}

/// A prize's winner (ties share it) and the figure that won it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    pub player: String,
    pub table: String,
    pub figure: u16,
}

impl Prizes {
    fn of(tables: &[GatheringTable], ranked: &[Row]) -> Prizes {
        let mut all_alike = Vec::new();
        let mut turns = Vec::new();
        for table in tables {
            let Some(game) = table.game() else { continue };
            let bonus_points = game
                .rules()
                .ruleset()
                .extra_five_of_a_kind
                .map_or(0, |extra| extra.bonus);
            for (seat, player) in game.players().iter().enumerate() {
                let prize = |figure| Prize {
                    player: player.clone(),
                    table: table.name.clone(),
                    figure,
                };
                let totals = game.totals(seat).unwrap_or_default();
                all_alike.push(prize(totals.five_of_a_kinds));
                let best_turn = (0..game.log().len())
                    .filter(|&index| game.seat_of_entry(index) == seat)
                    .map(|index| {
                        let entry = &game.log()[index];
                        entry.points + if entry.bonus { bonus_points } else { 0 }
                    })
                    .max()
                    .unwrap_or(0);
                turns.push(prize(best_turn));
            }
        }
        let totals = ranked
            .iter()
            .map(|row| Prize {
                player: row.player.clone(),
                table: row.table.clone(),
                figure: row.total,
            })
            .collect();
        Prizes {
            best_total: best_of(totals),
            most_all_alike: best_of(all_alike),
            best_turn: best_of(turns),
        }
    }
}

/// The prizes with the highest figure, above nothing.
fn best_of(prizes: Vec<Prize>) -> Vec<Prize> {
    let best = prizes.iter().map(|prize| prize.figure).max().unwrap_or(0);
    prizes
        .into_iter()
        .filter(|prize| best > 0 && prize.figure == best)
        .collect()
}
