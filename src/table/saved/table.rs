//! A table on one device as it is saved ([`fivedice_saved::TableRecord`]): reading it replays the log once,
//! in the page's host, so a save the rules would not have produced is refused.

use fivedice_room::{HeldSeats, LogEntry, Room, RoomError, RoomName};
use fivedice_saved::versioned::Versioned;
use fivedice_saved::{JSON_TABLE_FORMAT, TableDice, TableRecord, damaged};

use crate::table::{DEFAULT_BOT_DELAY_MS, EventLink, Host, PageHost, Table};

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
            bot_delay_ms: self.bot_delay_ms,
            coached: self.coached.clone(),
            decisions: self.decisions.clone(),
            odds_shown: self.odds_shown,
            event: self.event.clone(),
            tied_roll_off: self.tied_roll_off.clone(),
        })
    }

    /// The saved form, as text (format 6).
    pub fn to_text(&self) -> Option<String> {
        Some(self.record()?.to_text())
    }

    /// The table inside its versioned envelope, as a file carries it (format 6).
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
        Table::from_record(record)
            .map_err(|error| damaged(&error))
            .map(|table| SavedTable::Current(Box::new(table)))
    }

    /// Reads a table in JSON, of format 1 to 4 or 6, refusing anything else: a file's, and a device's saves from
    /// before text ([`SavedTable::Earlier`], read once by a chunk of their own and saved again).
    pub fn from_json(raw: &str) -> Result<Table, String> {
        Table::from_record(TableRecord::from_json(raw)?).map_err(|error| damaged(&error))
    }

    /// A table of an event taken up on this device from the log the event keeps of it (the device it was
    /// played on is gone): a page host replays it, holding every seat (a computer's too, as a table seated here
    /// does) with the token the page gives it, and draws the dice from here on. It hands in to the event with `link`'s key (the table's own).
    pub fn taken_up(
        id: String,
        name: String,
        link: EventLink,
        log: Vec<LogEntry>,
        now_ms: f64,
    ) -> Result<Table, RoomError> {
        let room = Room::replay(RoomName::parse(&id)?, &log)?;
        let mut seats = HeldSeats::default();
        for seat in 0..room.seats().len() {
            seats.grant(seat, PageHost::token_for(seat));
        }
        Table::from_record(TableRecord {
            id,
            name,
            created_ms: now_ms,
            updated_ms: now_ms,
            revision: 0,
            log,
            seats,
            dice: TableDice::new(None),
            bot_delay_ms: DEFAULT_BOT_DELAY_MS,
            coached: Vec::new(),
            decisions: Vec::new(),
            odds_shown: false,
            event: Some(link),
            tied_roll_off: Vec::new(),
        })
    }

    /// The table a record describes: its log replayed once, by the page's host, whose room this device's
    /// copy starts from.
    fn from_record(record: TableRecord) -> Result<Table, RoomError> {
        let name = RoomName::parse(&record.id)?;
        let page = PageHost::restore(name, &record.log, record.seats.clone(), record.dice)?;
        Ok(Table {
            id: record.id,
            name: record.name,
            created_ms: record.created_ms,
            updated_ms: record.updated_ms,
            revision: record.revision,
            room: page.room().clone(),
            log: record.log,
            seats: record.seats,
            host: Host::Page(Box::new(page)),
            bot_delay_ms: record.bot_delay_ms,
            coached: record.coached,
            decisions: record.decisions,
            odds_shown: record.odds_shown,
            event: record.event,
            tied_roll_off: record.tied_roll_off,
        })
    }
}

/// A table this device saved: as text, read; or in JSON, from before text (read by [`Table::from_json`]).
pub enum SavedTable {
    Current(Box<Table>),
    Earlier,
}
