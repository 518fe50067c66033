//! A table on one device as it is saved: the room's event log and the seats, with the table's own settings
//! and the coach's record. Reading it replays the log, so a save the rules would not have produced is refused.
//!
//! Formats: 1, the first release (a game). 2: tables count their saves (`revision`). 3: computer players
//! (`computer`, `bot_delay_ms`), the coach (`coached`, `decisions`). 4: the room's log instead of the game. 5:
//! the same as text, one fact a line ([`super::text`]): what a device keeps. Formats 1 to 4 are JSON; a file
//! (an export) still carries format 4, which any tool reads.
//! Formats 1 to 3 read into format 4: the game's seating, rules and who starts become the room's first events,
//! and every turn as it stood becomes plays ([`Game::plays`]), so a table saved before plays on exactly. A device
//! reads its earlier saves once, with a chunk of their own, and saves them again in format 4: starting the app
//! reads format 4 only.

use fivedice_room::{Event, HeldSeat, HeldSeats, LogEntry, Room, RoomError, RoomName};
use fivedice_rules::{Face, FirstPlayerRoll, Game, Play};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use super::{Versioned, read_versioned};
use crate::dice_generator::DiceGenerator;
use crate::table::{DEFAULT_BOT_DELAY_MS, Decision, Host, PageHost, Table};

/// The version of the JSON form of a table, as a file carries it (see the module's note).
pub const JSON_TABLE_FORMAT: u32 = 4;

/// Formats 4 (JSON) and 5 (text).
#[derive(Serialize, Deserialize)]
pub(super) struct TableRecord {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) created_ms: f64,
    pub(super) updated_ms: f64,
    pub(super) revision: u64,
    pub(super) log: Vec<LogEntry>,
    pub(super) seats: HeldSeats,
    pub(super) dice: DiceGenerator,
    pub(super) computer: Vec<Option<Level>>,
    pub(super) bot_delay_ms: u32,
    pub(super) coached: Vec<bool>,
    pub(super) decisions: Vec<Decision>,
    /// Added within format 4: a save without it shows no chances.
    #[serde(default)]
    pub(super) odds_shown: bool,
}

/// Formats 1 to 3: the game itself, and who started.
#[derive(Deserialize)]
struct GameTable {
    id: String,
    name: String,
    created_ms: f64,
    updated_ms: f64,
    #[serde(default)]
    revision: u64,
    game: Game,
    dice: DiceGenerator,
    first_player_roll: FirstPlayerRoll,
    #[serde(default)]
    computer: Vec<Option<Level>>,
    #[serde(default = "default_bot_delay_ms")]
    bot_delay_ms: u32,
    #[serde(default)]
    coached: Vec<bool>,
    #[serde(default)]
    decisions: Vec<Decision>,
}

fn default_bot_delay_ms() -> u32 {
    DEFAULT_BOT_DELAY_MS
}

impl Table {
    /// What this device keeps of the table (`None` for an online room's table, which is kept as its room).
    fn record(&self) -> Option<TableRecord> {
        let Host::Page(page) = &self.host else {
            return None;
        };
        Some(TableRecord {
            id: self.id.clone(),
            name: self.name.clone(),
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            revision: self.revision,
            log: self.log.clone(),
            seats: self.seats.clone(),
            dice: page.dice().clone(),
            computer: self.computer.clone(),
            bot_delay_ms: self.bot_delay_ms,
            coached: self.coached.clone(),
            decisions: self.decisions.clone(),
            odds_shown: self.odds_shown,
        })
    }

    /// The saved form, as text (format 5).
    pub fn to_text(&self) -> Option<String> {
        Some(self.record()?.to_text())
    }

    /// The table inside its versioned envelope, as a file carries it (format 4).
    pub(super) fn versioned(&self) -> Option<Versioned<TableRecord>> {
        Some(Versioned {
            format: JSON_TABLE_FORMAT,
            part: "table",
            body: self.record()?,
        })
    }

    /// Reads a table this device saved: as text, read now; as JSON (formats 1 to 4, before text), left to
    /// be read by [`Table::from_json`] and saved again.
    pub fn from_saved(saved: &str) -> Result<SavedTable, String> {
        if saved.starts_with('{') {
            return Ok(SavedTable::Earlier);
        }
        let record = TableRecord::from_text(saved).map_err(|error| damaged(&error))?;
        record
            .into_table()
            .map_err(|error| damaged(&error))
            .map(|table| SavedTable::Current(Box::new(table)))
    }

    /// Reads a table in JSON, of format 1 to 4, refusing anything else: a file's, and a device's saves from
    /// before text ([`SavedTable::Earlier`], read once by a chunk of their own and saved again).
    pub fn from_json(raw: &str) -> Result<Table, String> {
        let (format, table) = read_versioned(raw, "table", "table")?;
        let record = match format {
            1..=3 => {
                let old: GameTable = serde_json::from_str(table.get()).map_err(|error| damaged(&error))?;
                old.into_record().map_err(|error| damaged(&error))?
            }
            4 => serde_json::from_str(table.get()).map_err(|error| damaged(&error))?,
            other => return Err(format!("saved table format {other} is not known")),
        };
        record.into_table().map_err(|error| damaged(&error))
    }
}

/// A table this device saved: as text, read; or in JSON, from before text (read by [`Table::from_json`]).
pub enum SavedTable {
    Current(Box<Table>),
    Earlier,
}

fn damaged(error: &dyn std::fmt::Display) -> String {
    format!("saved table is damaged: {error}")
}

impl TableRecord {
    /// The table the record describes: its log replayed, both by the page's host and by this device.
    fn into_table(self) -> Result<Table, RoomError> {
        let name = RoomName::parse(&self.id)?;
        let page = PageHost::restore(name.clone(), &self.log, self.seats.clone(), self.dice)?;
        let room = Room::replay(name, &self.log)?;
        Ok(Table {
            id: self.id,
            name: self.name,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            revision: self.revision,
            room,
            log: self.log,
            seats: self.seats,
            host: Host::Page(Box::new(page)),
            computer: self.computer,
            bot_delay_ms: self.bot_delay_ms,
            coached: self.coached,
            decisions: self.decisions,
            odds_shown: self.odds_shown,
        })
    }
}

impl GameTable {
    /// The record of this table, its game as the room's log that leads to it.
    fn into_record(self) -> Result<TableRecord, RoomError> {
        let log = log_of(&self.id, &self.game, &self.first_player_roll)?;
        let seats: Vec<HeldSeat> = (0..self.game.players().len())
            .map(|seat| HeldSeat {
                seat,
                token: format!("seat-{seat}"),
            })
            .collect();
        Ok(TableRecord {
            id: self.id,
            name: self.name,
            created_ms: self.created_ms,
            updated_ms: self.updated_ms,
            revision: self.revision,
            log,
            seats: seats.into(),
            dice: self.dice,
            computer: self.computer,
            bot_delay_ms: self.bot_delay_ms,
            coached: self.coached,
            decisions: self.decisions,
            odds_shown: false,
        })
    }
}

/// The room's log that leads to this game, for the room named `id`: the players join, the rules are chosen,
/// the game starts with the roll-off the table had (or, where the table chose who starts, with a roll-off the
/// table then overruled), and every play of the game follows.
pub(super) fn log_of(
    id: &str,
    game: &Game,
    first_player_roll: &FirstPlayerRoll,
) -> Result<Vec<LogEntry>, RoomError> {
    let mut log = Log::new(RoomName::parse(id)?);
    for (seat, name) in game.players().iter().enumerate() {
        log.push(Event::Joined {
            seat,
            name: name.clone(),
            computer: false,
            level: None,
        })?;
    }
    log.push(Event::RulesChosen {
        rules: game.rules(),
        dice: game.mode(),
    })?;
    let rolled = Event::Started {
        first_player_roll: first_player_roll.clone(),
    };
    if log.push(rolled).is_err() {
        let mut countdown = Face::ALL.iter().rev().copied().cycle();
        let overruled = FirstPlayerRoll::roll(game.players().len(), &mut || {
            countdown.next().unwrap_or(Face::ALL[0])
        });
        log.push(Event::Started {
            first_player_roll: overruled,
        })?;
        log.play(Play::FirstPlayer(first_player_roll.clone()))?;
    }
    for play in game.plays() {
        log.play(play)?;
    }
    Ok(log.entries)
}

/// A log being written, each event checked by the room it leads to.
struct Log {
    room: Room,
    entries: Vec<LogEntry>,
}

impl Log {
    fn new(name: RoomName) -> Log {
        Log {
            room: Room::new(name),
            entries: Vec::new(),
        }
    }

    fn push(&mut self, event: Event) -> Result<(), RoomError> {
        self.room.apply(&event)?;
        self.entries.push(LogEntry {
            seq: self.room.seq(),
            event,
        });
        Ok(())
    }

    /// A play, by the seat it belongs to.
    fn play(&mut self, play: Play) -> Result<(), RoomError> {
        let seat = self.room.seat_for_play(&play)?;
        self.push(Event::Played { seat, play })
    }
}
