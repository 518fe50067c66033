//! A table on one device as it is saved: the room's event log and the seats, with the table's own settings
//! and the coach's record. Reading it replays the log, so a save the rules would not have produced is refused.
//!
//! Formats: 1, the first release (a game). 2: tables count their saves (`revision`). 3: computer players
//! (`computer`, `bot_delay_ms`), the coach (`coached`, `decisions`). 4: the room's log instead of the game.
//! Formats 1 to 3 read into format 4: the game's seating, rules and who starts become the room's first events,
//! and every turn as it stood becomes plays ([`Game::plays`]), so a table saved before plays on exactly. A device
//! reads its earlier saves once, with a chunk of their own, and saves them again in format 4: starting the app
//! reads format 4 only.

use fivedice_room::{Event, HeldSeat, HeldSeats, LogEntry, Room, RoomError, RoomName};
use fivedice_rules::{Face, FirstPlayerRoll, Game, Play};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{Versioned, read_versioned};
use crate::dice_generator::DiceGenerator;
use crate::table::{DEFAULT_BOT_DELAY_MS, Decision, Host, PageHost, Table};

/// The version of the saved-table format (see the module's note).
pub const TABLE_FORMAT: u32 = 4;

/// Format 4.
#[derive(Serialize, Deserialize)]
pub(super) struct TableRecord {
    id: String,
    name: String,
    created_ms: f64,
    updated_ms: f64,
    revision: u64,
    log: Vec<LogEntry>,
    seats: HeldSeats,
    dice: DiceGenerator,
    computer: Vec<Option<Level>>,
    bot_delay_ms: u32,
    coached: Vec<bool>,
    decisions: Vec<Decision>,
    /// Added within format 4: a save without it shows no chances.
    #[serde(default)]
    odds_shown: bool,
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
    /// The saved form: the table inside a versioned envelope (`None` for an online room's table, which is
    /// kept as its room).
    pub fn to_json(&self) -> Option<String> {
        Some(self.versioned()?.to_json())
    }

    /// The table inside its versioned envelope, as it is saved alone and in an export.
    pub(super) fn versioned(&self) -> Option<Versioned<TableRecord>> {
        let Host::Page(page) = &self.host else {
            return None;
        };
        Some(Versioned {
            format: TABLE_FORMAT,
            part: "table",
            body: TableRecord {
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
            },
        })
    }

    /// Reads a saved table of this or any earlier format, refusing anything else. Earlier formats are read
    /// where they can turn up: a file made by an earlier version, and the chunk that rewrites a device's
    /// earlier saves ([`SavedTable::Earlier`]).
    pub fn from_json(raw: &str) -> Result<Table, String> {
        let (format, table) = read_versioned(raw, "table", "table")?;
        match format {
            1..=3 => {
                let old: GameTable = serde_json::from_str(table.get()).map_err(|error| damaged(&error))?;
                let record = old.into_record().map_err(|error| damaged(&error))?;
                record.into_table().map_err(|error| damaged(&error))
            }
            format => read_current(format, &table),
        }
    }

    /// Reads a table as this device saves it, leaving one saved in an earlier format to be rewritten.
    pub fn from_saved_json(raw: &str) -> Result<SavedTable, String> {
        let (format, table) = read_versioned(raw, "table", "table")?;
        match format {
            1..=3 => Ok(SavedTable::Earlier),
            format => read_current(format, &table).map(SavedTable::Current),
        }
    }
}

/// A table this device saved: in this version's format, or in an earlier one (read by [`Table::from_json`]).
pub enum SavedTable {
    Current(Table),
    Earlier,
}

fn damaged(error: &dyn std::fmt::Display) -> String {
    format!("saved table is damaged: {error}")
}

/// A table saved in this version's format.
fn read_current(format: u64, table: &RawValue) -> Result<Table, String> {
    if format != u64::from(TABLE_FORMAT) {
        return Err(format!("saved table format {format} is not known"));
    }
    let record: TableRecord = serde_json::from_str(table.get()).map_err(|error| damaged(&error))?;
    record.into_table().map_err(|error| damaged(&error))
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
    /// The room's log that leads to this game: the players join, the rules are chosen, the game starts
    /// with the roll-off the table had (or, where the table chose who starts, with a roll-off the table
    /// then overruled), and every play of the game follows.
    fn into_record(self) -> Result<TableRecord, RoomError> {
        let game = &self.game;
        let mut log = Log::new(RoomName::parse(&self.id)?);
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
            first_player_roll: self.first_player_roll.clone(),
        };
        if log.push(rolled).is_err() {
            let mut countdown = Face::ALL.iter().rev().copied().cycle();
            let overruled = FirstPlayerRoll::roll(game.players().len(), &mut || {
                countdown.next().unwrap_or(Face::ALL[0])
            });
            log.push(Event::Started {
                first_player_roll: overruled,
            })?;
            log.play(Play::FirstPlayer(self.first_player_roll.clone()))?;
        }
        for play in game.plays() {
            log.play(play)?;
        }
        let seats: Vec<HeldSeat> = (0..game.players().len())
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
            log: log.entries,
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
