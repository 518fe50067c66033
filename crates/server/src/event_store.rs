//! Events in the server's SQLite file, beside the rooms: each event's name, game,
//! invitation key and organiser's token, and each of its tables' log as the tables handed it in. A hand-in is one
//! transaction, so a server killed at any moment restarts with every table as the event last acknowledged it.
//! Their tables are created with the rooms' (`database::EVENTS_SCHEMA`).

use std::collections::HashMap;

use fivedice_room::{LogEntry, RoomName};
use fivedice_rules::Rules;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use crate::database::{Database, StoreError, now_ms};

/// An event as stored.
#[derive(Debug)]
pub struct StoredEvent {
    pub name: RoomName,
    pub rules: Rules,
    pub invitation: String,
    pub organiser: String,
    /// When it was closed (ms since 1970; 1 when an older server closed it without saying when), if it is.
    pub closed_ms: Option<u64>,
    /// Each table (its id and name) with its log, in the order they joined.
    pub tables: Vec<(String, String, Vec<LogEntry>)>,
    /// The tables continued on another device, or offered to be, by id.
    pub table_keys: HashMap<String, TableKeys>,
}

/// How a table of one device is continued on another: the organiser's single-use link, then the token the new
/// device hands in with (the event's key no longer does, for that table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableKeys {
    /// The link's code while it is not used, and when it expires (ms since 1970).
    pub offer: Option<(String, u64)>,
    pub token: Option<String>,
}

impl TableKeys {
    /// These keys after `record`, if it is about them.
    pub fn after(&self, record: &EventRecord) -> TableKeys {
        match record {
            EventRecord::TableOffered { code, expires_ms, .. } => TableKeys {
                offer: Some((code.clone(), *expires_ms)),
                token: self.token.clone(),
            },
            EventRecord::TableTaken { token, .. } => TableKeys {
                offer: None,
                token: Some(token.clone()),
            },
            _ => self.clone(),
        }
    }
}

/// One change of an event, as a cluster keeps it (`cluster::event_log`); the file keeps the same in its
/// tables.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum EventRecord {
    /// Always its first.
    Opened {
        name: RoomName,
        rules: Rules,
        invitation: String,
        organiser: String,
    },
    /// A table's new entries, under the name it has on the board (none when a table is seated before it
    /// plays).
    HandedIn {
        table: String,
        name: String,
        entries: Vec<LogEntry>,
    },
    /// When, on the closing server's clock (0 in the records of servers that did not say).
    Closed {
        #[serde(default)]
        at_ms: u64,
    },
    /// The organiser undid the close.
    Reopened,
    /// The event is organised from another device, which holds this new token (the old one holds nothing).
    OrganiserMoved { organiser: String },
    /// The organiser asked to continue a table on another device: its link's single-use code.
    TableOffered {
        table: String,
        code: String,
        expires_ms: u64,
    },
    /// A device took the table up by the link: the table hands in with this token alone from now on.
    TableTaken { table: String, token: String },
}

/// A room the server hands in to an event itself, as that event's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TiedRoom {
    pub room: RoomName,
    pub event: RoomName,
    /// The table's id, and its name on the board.
    pub table: String,
    pub name: String,
    /// The event's game: the only one the room may choose.
    pub rules: Rules,
}

impl Database {
    /// Stores a new event; `false` if one of that name exists.
    pub fn create_event(
        &self,
        name: &RoomName,
        rules: Rules,
        invitation: &str,
        organiser: &str,
    ) -> Result<bool, StoreError> {
        let rules = serde_json::to_string(&rules)
            .map_err(|error| StoreError::Corrupt(format!("rules not serialisable: {error}")))?;
        let now = now_ms();
        let added = self.connection().execute(
            "INSERT OR IGNORE INTO gatherings (name, shown, rules, invitation, organiser, created_ms, updated_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
            params![name.as_str(), name.shown(), rules, invitation, organiser, now],
        )?;
        Ok(added == 1)
    }

    /// An event and its tables' logs, if it exists.
    pub fn load_event(&self, name: &RoomName) -> Result<Option<StoredEvent>, StoreError> {
        let connection = self.connection();
        let found = connection
            .query_row(
                "SELECT shown, rules, invitation, organiser, closed FROM gatherings WHERE name = ?1",
                params![name.as_str()],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, String>(3)?,
                        row.get::<_, i64>(4)?,
                    ))
                },
            )
            .optional()?;
        let Some((shown, rules, invitation, organiser, closed_ms)) = found else {
            return Ok(None);
        };
        let corrupt = |what: String| StoreError::Corrupt(format!("event {name}: {what}"));
        let rules = serde_json::from_str(&rules).map_err(|error| corrupt(format!("rules: {error}")))?;
        let name = RoomName::parse(&shown).map_err(|error| corrupt(format!("name: {error}")))?;
        let mut tables = Vec::new();
        for (id, table_name) in table_names(&connection, &name)? {
            let entries = table_entries(&connection, &name, &id)?;
            tables.push((id, table_name, entries));
        }
        let table_keys = table_keys(&connection, &name)?;
        Ok(Some(StoredEvent {
            name,
            rules,
            invitation,
            organiser,
            closed_ms: u64::try_from(closed_ms).ok().filter(|at| *at > 0),
            tables,
            table_keys,
        }))
    }

    /// Keeps a table's new entries (seating the table first if it is new), in one transaction.
    pub fn hand_in(
        &self,
        event: &RoomName,
        table: &str,
        table_name: &str,
        entries: &[LogEntry],
    ) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let now = now_ms();
        transaction.execute(
            "INSERT OR IGNORE INTO gathering_tables (gathering, id, name, position)
             VALUES (?1, ?2, ?3, (SELECT COUNT(*) FROM gathering_tables WHERE gathering = ?1))",
            params![event.as_str(), table, table_name],
        )?;
        for entry in entries {
            let json = serde_json::to_string(&entry.event)
                .map_err(|error| StoreError::Corrupt(format!("event not serialisable: {error}")))?;
            let seq =
                i64::try_from(entry.seq).map_err(|_| StoreError::Corrupt(format!("seq {}", entry.seq)))?;
            transaction.execute(
                "INSERT INTO gathering_entries (gathering, table_id, seq, json) VALUES (?1, ?2, ?3, ?4)",
                params![event.as_str(), table, seq, json],
            )?;
        }
        transaction.execute(
            "UPDATE gatherings SET updated_ms = ?2 WHERE name = ?1",
            params![event.as_str(), now],
        )?;
        transaction.commit()?;
        Ok(())
    }

    /// Seats a room as a table of an event, whose log the server hands in itself: `false` if the room is
    /// tied to an event already, or has been played in.
    pub fn tie_room(&self, tied: &TiedRoom) -> Result<bool, StoreError> {
        let (event, room) = (&tied.event, &tied.room);
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let played: bool = transaction.query_row(
            "SELECT EXISTS (SELECT 1 FROM events WHERE room = ?1)
                 OR EXISTS (SELECT 1 FROM gathering_rooms WHERE room = ?1)",
            params![room.as_str()],
            |row| row.get(0),
        )?;
        if played {
            return Ok(false);
        }
        transaction.execute(
            "INSERT INTO gathering_tables (gathering, id, name, position)
             VALUES (?1, ?2, ?3, (SELECT COUNT(*) FROM gathering_tables WHERE gathering = ?1))",
            params![event.as_str(), tied.table, tied.name],
        )?;
        transaction.execute(
            "INSERT INTO gathering_rooms (room, gathering, table_id) VALUES (?1, ?2, ?3)",
            params![room.as_str(), event.as_str(), tied.table],
        )?;
        transaction.commit()?;
        Ok(true)
    }

    /// Every room tied to an event: the room, its event, its table's id and name and the event's rules.
    pub fn tied_rooms(&self) -> Result<Vec<TiedRoom>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare(
            "SELECT gathering_rooms.room, gatherings.shown, gathering_rooms.table_id, gathering_tables.name,
                    gatherings.rules
             FROM gathering_rooms
             JOIN gatherings ON gatherings.name = gathering_rooms.gathering
             JOIN gathering_tables ON gathering_tables.gathering = gathering_rooms.gathering
                                  AND gathering_tables.id = gathering_rooms.table_id",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
            ))
        })?;
        let mut tied = Vec::new();
        for row in rows {
            let (room, event, table, name, rules) = row?;
            let corrupt = |what: String| StoreError::Corrupt(format!("room {room} of event {event}: {what}"));
            tied.push(TiedRoom {
                room: RoomName::parse(&room).map_err(|error| corrupt(error.to_string()))?,
                event: RoomName::parse(&event).map_err(|error| corrupt(error.to_string()))?,
                table,
                name,
                rules: serde_json::from_str(&rules).map_err(|error| corrupt(error.to_string()))?,
            });
        }
        Ok(tied)
    }

    /// Closes an event: no new tables.
    /// The organiser's token, after the event moved to another device.
    pub fn set_organiser(&self, event: &RoomName, organiser: &str) -> Result<(), StoreError> {
        self.connection().execute(
            "UPDATE gatherings SET organiser = ?3, updated_ms = ?2 WHERE name = ?1",
            params![event.as_str(), now_ms(), organiser],
        )?;
        Ok(())
    }

    /// A table's keys as they are now (a link offered, or the table taken up on another device).
    pub fn set_table_keys(&self, event: &RoomName, table: &str, keys: &TableKeys) -> Result<(), StoreError> {
        let (code, expires_ms) = match &keys.offer {
            Some((code, expires_ms)) => (
                Some(code.as_str()),
                Some(i64::try_from(*expires_ms).unwrap_or(i64::MAX)),
            ),
            None => (None, None),
        };
        self.connection().execute(
            "INSERT OR REPLACE INTO gathering_table_keys (gathering, table_id, code, code_expires_ms, token)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event.as_str(), table, code, expires_ms, keys.token],
        )?;
        Ok(())
    }

    /// Closes the event at `closed_ms`, or opens it again (`None`).
    pub fn set_closed(&self, event: &RoomName, closed_ms: Option<u64>) -> Result<(), StoreError> {
        // The column holds 0 while open, else when it was closed (older servers wrote 1).
        let closed = closed_ms.map_or(0, |at| i64::try_from(at.max(1)).unwrap_or(i64::MAX));
        self.connection().execute(
            "UPDATE gatherings SET closed = ?3, updated_ms = ?2 WHERE name = ?1",
            params![event.as_str(), now_ms(), closed],
        )?;
        Ok(())
    }
}

fn table_names(connection: &Connection, event: &RoomName) -> Result<Vec<(String, String)>, StoreError> {
    let mut statement = connection
        .prepare_cached("SELECT id, name FROM gathering_tables WHERE gathering = ?1 ORDER BY position")?;
    let names = statement
        .query_map(params![event.as_str()], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(names)
}

fn table_keys(connection: &Connection, event: &RoomName) -> Result<HashMap<String, TableKeys>, StoreError> {
    let mut statement = connection.prepare_cached(
        "SELECT table_id, code, code_expires_ms, token FROM gathering_table_keys WHERE gathering = ?1",
    )?;
    let rows = statement.query_map(params![event.as_str()], |row| {
        let offer = match (row.get::<_, Option<String>>(1)?, row.get::<_, Option<i64>>(2)?) {
            (Some(code), Some(expires_ms)) => Some((code, u64::try_from(expires_ms).unwrap_or(0))),
            _ => None,
        };
        Ok((
            row.get::<_, String>(0)?,
            TableKeys {
                offer,
                token: row.get(3)?,
            },
        ))
    })?;
    Ok(rows.collect::<Result<HashMap<_, _>, _>>()?)
}

fn table_entries(
    connection: &Connection,
    event: &RoomName,
    table: &str,
) -> Result<Vec<LogEntry>, StoreError> {
    let mut statement = connection.prepare_cached(
        "SELECT seq, json FROM gathering_entries WHERE gathering = ?1 AND table_id = ?2 ORDER BY seq",
    )?;
    let rows = statement.query_map(params![event.as_str(), table], |row| {
        Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut entries = Vec::new();
    for row in rows {
        let (seq, json) = row?;
        let corrupt =
            |what: String| StoreError::Corrupt(format!("event {event}, table {table}, entry {seq}: {what}"));
        let entry_event = serde_json::from_str(&json).map_err(|error| corrupt(error.to_string()))?;
        let seq = u64::try_from(seq).map_err(|_| corrupt("a negative seq".into()))?;
        entries.push(LogEntry {
            seq,
            event: entry_event,
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::EventRecord;

    #[test]
    fn a_close_recorded_without_its_time_still_reads_as_a_close() {
        let old: EventRecord = serde_json::from_str(r#"{"record":"closed"}"#).expect("reads");
        assert!(matches!(old, EventRecord::Closed { at_ms: 0 }));
        let new = serde_json::to_string(&EventRecord::Closed { at_ms: 42 }).expect("writes");
        assert_eq!(new, r#"{"record":"closed","at_ms":42}"#);
    }
}
