//! A table on one device as it is saved: the room's event log and the seats, with the table's own settings
//! and the coach's record. Reading it replays the log, so a save the rules would not have produced is refused.
//!
//! Formats: 1, the first release (a game). 2: tables count their saves (`revision`). 3: computer players
//! (`computer`, `bot_delay_ms`), the coach (`coached`, `decisions`). 4: the room's log instead of the game. 5:
//! the same as text, one fact a line ([`super::text`]): what a device keeps. 6: the computer players seated
//! in the log, at their levels, as an online room's are (no list beside it). Formats 1 to 4 are JSON; a device
//! keeps format 6 as text, and a file (an export) carries it as JSON, which any tool reads.
//! Earlier formats read into format 6: the game's seating, rules and who starts become the room's first
//! events, every turn as it stood becomes plays ([`Game::plays`]), and each computer listed beside the log
//! joins in it as a computer, so a table saved before plays on exactly. A device reads its saves in JSON once,
//! with a chunk of their own, and saves them again as text.

use fivedice_room::{Event, HeldSeat, HeldSeats, LogEntry, Room, RoomError, RoomName};
use fivedice_rules::{Face, FirstPlayerRoll, Game, Play};
use fivedice_strategy::Level;
use serde::{Deserialize, Serialize};

use crate::versioned::read_versioned;
use crate::{DEFAULT_BOT_DELAY_MS, Decision, TableDice};

/// The version of the JSON form of a table, as a file carries it (see the module's note).
pub const JSON_TABLE_FORMAT: u32 = 6;

/// Format 6, as text or JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRecord {
    pub id: String,
    pub name: String,
    pub created_ms: f64,
    pub updated_ms: f64,
    pub revision: u64,
    pub log: Vec<LogEntry>,
    pub seats: HeldSeats,
    pub dice: TableDice,
    pub bot_delay_ms: u32,
    pub coached: Vec<bool>,
    pub decisions: Vec<Decision>,
    /// Added within format 4: a save without it shows no chances.
    #[serde(default)]
    pub odds_shown: bool,
    /// Added within format 6: the event this table plays in, if any (`gathering` in the JSON, as saved).
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "gathering")]
    pub event: Option<EventLink>,
    /// Added within format 6: a score pad's roll-off for who starts, typed in round by round, while a tie for
    /// the highest waits for its players to roll again (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tied_roll_off: Vec<Vec<(usize, Face)>>,
}

/// The event a table plays in: its name, and the invitation key its link carried, which lets the table hand
/// its log in. The table's id is its id in the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventLink {
    pub name: String,
    pub key: String,
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
    dice: TableDice,
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

/// Format 4: format 6's record with each seat's computer player listed beside the log.
#[derive(Deserialize)]
struct EarlierRecord {
    #[serde(flatten)]
    record: TableRecord,
    computer: Vec<Option<Level>>,
}

/// Seats the computer players of a table saved before format 6, listed beside its log (`None` or no entry:
/// a person), in the log: each joins as a computer at its level, as format 6 keeps it. (A table on one
/// device never loses a seat, so a seat's number is its place in the list.)
pub fn seat_computers(log: &mut [LogEntry], computers: &[Option<Level>]) {
    for entry in log {
        if let Event::Joined {
            seat,
            computer,
            level,
            ..
        } = &mut entry.event
            && let Some(listed) = computers.get(*seat).copied().flatten()
        {
            *computer = true;
            *level = Some(listed);
        }
    }
}

impl TableRecord {
    /// Reads a table in JSON, of format 1 to 4 or 6, refusing anything else: a file's, and a device's saves from
    /// before text.
    pub fn from_json(raw: &str) -> Result<TableRecord, String> {
        let (format, table) = read_versioned(raw, "table", "table")?;
        match format {
            1..=3 => {
                let old: GameTable = serde_json::from_str(table.get()).map_err(|error| damaged(&error))?;
                old.into_record().map_err(|error| damaged(&error))
            }
            4 => {
                let earlier: EarlierRecord =
                    serde_json::from_str(table.get()).map_err(|error| damaged(&error))?;
                let mut record = earlier.record;
                seat_computers(&mut record.log, &earlier.computer);
                Ok(record)
            }
            6 => serde_json::from_str(table.get()).map_err(|error| damaged(&error)),
            other => Err(format!("saved table format {other} is not known")),
        }
    }
}

/// Why a saved table could not be read.
pub fn damaged(error: &dyn std::fmt::Display) -> String {
    format!("saved table is damaged: {error}")
}

impl GameTable {
    /// The record of this table, its game as the room's log that leads to it.
    fn into_record(self) -> Result<TableRecord, RoomError> {
        let mut log = log_of(&self.id, &self.game, &self.first_player_roll)?;
        seat_computers(&mut log, &self.computer);
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
            bot_delay_ms: self.bot_delay_ms,
            coached: self.coached,
            decisions: self.decisions,
            odds_shown: false,
            event: None,
            tied_roll_off: Vec::new(),
        })
    }
}

/// The room's log that leads to this game, for the room named `id`: the players join, the rules are chosen,
/// the game starts with the roll-off the table had (or, where the table chose who starts, with a roll-off the
/// table then overruled), and every play of the game follows.
pub fn log_of(
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
        dice_commitment: None,
    };
    if log.push(rolled).is_err() {
        let mut countdown = Face::ALL.iter().rev().copied().cycle();
        let overruled = FirstPlayerRoll::roll(game.players().len(), &mut || {
            countdown.next().unwrap_or(Face::ALL[0])
        });
        log.push(Event::Started {
            first_player_roll: overruled,
            dice_commitment: None,
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
