//! The rooms' durable log in SQLite: every accepted event, and which token holds which seat.
//!
//! An event is committed here before anybody hears of it, so a server killed at any moment restarts with
//! every room as its players last saw it. The database runs in WAL mode with `synchronous = NORMAL`: a
//! committed transaction survives the process being killed (it is in the OS's hands); only a power cut can
//! lose the last moments. In that mode a commit never waits for the disk; only checkpoints (copying the WAL
//! into the database, with an fsync) do. They run on a thread of their own, small and often, instead of
//! every 1000 pages inside some player's move: in the load test (250 rooms × 4 players) that took the p99
//! of action-to-everyone latency from 64 ms to 22–34 ms (a checkpoint every 1 s gave 48 ms, every 5 s
//! 80–100 ms: the longer the fsync, the longer writes to the same file wait behind it).
//!
//! Appends go to one writing thread, which commits whatever has queued up meanwhile in one transaction (a
//! group commit): under load one commit carries the events of many rooms, and no append waits for a
//! blocking-pool thread or for the connection's lock. Each append still answers only once its event is
//! committed, and an append that fails (say, a seq written twice) fails alone.

mod writer;

use writer::{DataFile, write_appends};

use std::fmt;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fivedice_room::{Change, DiceSeed, HandOver, LogEntry, RoomName};
use rusqlite::config::DbConfig;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// The schema this code reads and writes (`PRAGMA user_version`).
/// 2: events (`event_store`). 3: rooms that are tables of an event. 4: the seeds of sealed rooms' dice.
/// 5: the links that move a seat to another device. 6: the keys of an event's tables continued on another device.
const SCHEMA_VERSION: i64 = 6;

/// Rooms (and events) untouched this long are forgotten (see `Config::forget_rooms_after`), so that what is
/// kept does not grow without end.
pub const FORGET_ROOMS_AFTER: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// The tables of events (read and written by `event_store`), created with the rooms'. Their names (`gatherings`,
/// `gathering_*`, the column `gathering`) are the feature's old name as stored, kept so existing files open.
const EVENTS_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS gatherings (
        name TEXT PRIMARY KEY,
        shown TEXT NOT NULL,
        rules TEXT NOT NULL,
        invitation TEXT NOT NULL,
        organiser TEXT NOT NULL,
        -- 0 while open, else when it was closed (ms since 1970; 1 when the time was not kept).
        closed INTEGER NOT NULL DEFAULT 0,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS gathering_tables (
        gathering TEXT NOT NULL REFERENCES gatherings(name) ON DELETE CASCADE,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        -- The order the tables joined in.
        position INTEGER NOT NULL,
        PRIMARY KEY (gathering, id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS gathering_entries (
        gathering TEXT NOT NULL,
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        json TEXT NOT NULL,
        PRIMARY KEY (gathering, table_id, seq),
        FOREIGN KEY (gathering, table_id) REFERENCES gathering_tables(gathering, id) ON DELETE CASCADE
    ) WITHOUT ROWID;
    -- A room whose log the server hands in to an event itself, as the table of that id.
    CREATE TABLE IF NOT EXISTS gathering_rooms (
        room TEXT PRIMARY KEY,
        gathering TEXT NOT NULL,
        table_id TEXT NOT NULL,
        FOREIGN KEY (gathering, table_id) REFERENCES gathering_tables(gathering, id) ON DELETE CASCADE
    ) WITHOUT ROWID;
    -- A table of one device continued on another: the organiser's link while unused, then the new device's token.
    CREATE TABLE IF NOT EXISTS gathering_table_keys (
        gathering TEXT NOT NULL,
        table_id TEXT NOT NULL,
        code TEXT,
        code_expires_ms INTEGER,
        token TEXT,
        PRIMARY KEY (gathering, table_id),
        FOREIGN KEY (gathering, table_id) REFERENCES gathering_tables(gathering, id) ON DELETE CASCADE
    ) WITHOUT ROWID;";

/// A room as stored: its log, the token of each seat a person holds, and the seed of its dice if it seals
/// them.
#[derive(Debug, Default)]
pub struct StoredRoom {
    pub entries: Vec<LogEntry>,
    pub seat_tokens: Vec<(usize, String)>,
    pub dice_seed: Option<String>,
    pub hand_overs: Vec<HandOver>,
}

/// What a room's host keeps beside its log, where no device reads it, as one change writes it: the room's
/// whole seat-token table when the seats changed, and the seed of its dice when a sealed game started.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secrets {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_tokens: Option<Vec<(usize, String)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice_seed: Option<String>,
    /// The room's links that move a seat to another device, when they changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_overs: Option<Vec<HandOver>>,
}

impl Secrets {
    /// What `change` gives its host to keep.
    pub fn of(change: &Change) -> Secrets {
        Secrets {
            seat_tokens: change.seat_tokens().map(|tokens| {
                tokens
                    .as_slice()
                    .iter()
                    .map(|held| (held.seat, held.token.clone()))
                    .collect()
            }),
            dice_seed: change.dice_seed().map(DiceSeed::to_hex),
            hand_overs: change.hand_overs().map(<[HandOver]>::to_vec),
        }
    }

    /// The room's seat tokens, once they changed.
    pub fn seat_tokens(seat_tokens: Vec<(usize, String)>) -> Secrets {
        Secrets {
            seat_tokens: Some(seat_tokens),
            ..Secrets::default()
        }
    }
}

/// How often the checkpointing thread copies the WAL into the database (see the module's note).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// The most appends one transaction carries.
const MOST_PER_COMMIT: usize = 512;

/// The database: a connection for reading (behind a mutex; callers run the reads on a blocking thread),
/// the writing thread's queue, and the checkpointing thread.
pub struct Database {
    connection: Mutex<Connection>,
    /// Dropping it stops the writing thread once the queue is empty.
    appends: std::sync::mpsc::Sender<Append>,
    /// Dropping it stops the checkpointing thread.
    _stop_checkpoints: std::sync::mpsc::Sender<()>,
}

/// One event to append, with what the host keeps beside it, and who waits for it.
struct Append {
    room: RoomName,
    entry: LogEntry,
    secrets: Secrets,
    done: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
}

/// An append on its way to the disk: await it (`done`), or wait for it on a plain thread (`wait`).
pub struct Appending(Result<tokio::sync::oneshot::Receiver<Result<(), StoreError>>, StoreError>);

impl Appending {
    pub async fn done(self) -> Result<(), StoreError> {
        match self.0 {
            Ok(receiver) => receiver.await.unwrap_or_else(|_| Err(writer_gone())),
            Err(error) => Err(error),
        }
    }

    pub fn wait(self) -> Result<(), StoreError> {
        match self.0 {
            Ok(receiver) => receiver.blocking_recv().unwrap_or_else(|_| Err(writer_gone())),
            Err(error) => Err(error),
        }
    }
}

/// A connection to the rooms' database as every one of the server's is: commits synced at checkpoints
/// (the WAL keeps them meanwhile), foreign keys on, a busy file waited for. Closing it never checkpoints: that
/// needs the file's exclusive lock, which is the escalation that deadlocks against another connection of the
/// same file opening or closing in this process (see `Database::open`); the checkpointing thread does it instead.
fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open(path)?;
    connection.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    connection.busy_timeout(Duration::from_secs(5))?;
    Ok(connection)
}

fn writer_gone() -> StoreError {
    StoreError::Open("the database's writing thread stopped".into())
}

impl Database {
    /// Opens (creating if needed, with its parent directory) the database, and forgets the rooms and events
    /// untouched for `forget_after`.
    pub fn open(path: &Path, forget_after: Duration) -> Result<Database, StoreError> {
        if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|error| StoreError::Open(format!("cannot create {}: {error}", parent.display())))?;
        }
        let connection = connect(path)
            .map_err(|error| StoreError::Open(format!("cannot open {}: {error}", path.display())))?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        let version: i64 = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::Open(format!(
                "{} was written by a newer server (schema {version}; this one knows {SCHEMA_VERSION})",
                path.display()
            )));
        }
        connection.execute_batch(
            "CREATE TABLE IF NOT EXISTS rooms (
                 name TEXT PRIMARY KEY,
                 created_ms INTEGER NOT NULL,
                 updated_ms INTEGER NOT NULL
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS events (
                 room TEXT NOT NULL REFERENCES rooms(name) ON DELETE CASCADE,
                 seq INTEGER NOT NULL,
                 json TEXT NOT NULL,
                 PRIMARY KEY (room, seq)
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS seats (
                 room TEXT NOT NULL REFERENCES rooms(name) ON DELETE CASCADE,
                 token TEXT NOT NULL,
                 seat INTEGER NOT NULL,
                 PRIMARY KEY (room, token)
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS dice_seeds (
                 room TEXT PRIMARY KEY REFERENCES rooms(name) ON DELETE CASCADE,
                 seed TEXT NOT NULL
             ) WITHOUT ROWID;
             CREATE TABLE IF NOT EXISTS hand_overs (
                 room TEXT PRIMARY KEY REFERENCES rooms(name) ON DELETE CASCADE,
                 json TEXT NOT NULL
             ) WITHOUT ROWID;",
        )?;
        connection.execute_batch(EVENTS_SCHEMA)?;
        connection.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        let forget_before =
            now_ms().saturating_sub(i64::try_from(forget_after.as_millis()).unwrap_or(i64::MAX));
        connection.execute("DELETE FROM rooms WHERE updated_ms < ?1", params![forget_before])?;
        connection.execute(
            "DELETE FROM gatherings WHERE updated_ms < ?1",
            params![forget_before],
        )?;
        connection.pragma_update(None, "wal_autocheckpoint", 0)?;
        connection.pragma_update(None, "journal_size_limit", 64 * 1024 * 1024)?;
        // Every connection is opened before a thread starts using one: SQLite 3.51's unix files lock a file's
        // own mutex and then the global one when one connection escalates its lock, but the other way round
        // when another connection of the same file opens or closes, and the two deadlocked in the tests.
        let writer = connect(path)?;
        writer.pragma_update(None, "wal_autocheckpoint", 0)?;
        let checkpoints = connect(path)?;
        let file = DataFile::at(path)?;
        let (appends, queue) = std::sync::mpsc::channel::<Append>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || write_appends(writer, &file, &queue))
            .map_err(|error| StoreError::Open(format!("cannot start the writing thread: {error}")))?;
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("sqlite-checkpoints".into())
            .spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(CHECKPOINT_EVERY)
                {
                    // A checkpoint that fails (busy) is simply tried again next time; the WAL keeps every
                    // commit meanwhile.
                    let _ = checkpoints.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
            })
            .map_err(|error| StoreError::Open(format!("cannot start the checkpointing thread: {error}")))?;
        Ok(Database {
            connection: Mutex::new(connection),
            appends,
            _stop_checkpoints: stop,
        })
    }

    pub(crate) fn connection(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written (transactions roll back on drop),
        // so a poisoned lock is still a usable connection.
        self.connection.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The stored log and seat tokens of a room (empty for a room never written).
    pub fn load_room(&self, room: &RoomName) -> Result<StoredRoom, StoreError> {
        let connection = self.connection();
        let entries = read_entries(&connection, room, 0, u64::MAX)?;
        let mut statement = connection.prepare_cached("SELECT seat, token FROM seats WHERE room = ?1")?;
        let seat_tokens = statement
            .query_map(params![room.as_str()], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
            })?
            .map(|row| {
                let (seat, token) = row?;
                let seat = usize::try_from(seat).map_err(|_| StoreError::Corrupt(format!("seat {seat}")))?;
                Ok((seat, token))
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let dice_seed = connection
            .prepare_cached("SELECT seed FROM dice_seeds WHERE room = ?1")?
            .query_row(params![room.as_str()], |row| row.get(0))
            .optional()?;
        let hand_overs: Option<String> = connection
            .prepare_cached("SELECT json FROM hand_overs WHERE room = ?1")?
            .query_row(params![room.as_str()], |row| row.get(0))
            .optional()?;
        let hand_overs = match hand_overs {
            Some(json) => serde_json::from_str(&json)
                .map_err(|error| StoreError::Corrupt(format!("room {room}: its hand-over links: {error}")))?,
            None => Vec::new(),
        };
        Ok(StoredRoom {
            entries,
            seat_tokens,
            dice_seed,
            hand_overs,
        })
    }

    /// The entries after `after`, up to and including `up_to`, oldest first.
    pub fn entries_between(
        &self,
        room: &RoomName,
        after: u64,
        up_to: u64,
    ) -> Result<Vec<LogEntry>, StoreError> {
        read_entries(&self.connection(), room, after, up_to)
    }

    /// Appends one event, with what the host keeps beside it; done once committed.
    pub fn append(&self, room: &RoomName, entry: &LogEntry, secrets: Secrets) -> Appending {
        let (done, receiver) = tokio::sync::oneshot::channel();
        let append = Append {
            room: room.clone(),
            entry: entry.clone(),
            secrets,
            done,
        };
        Appending(
            self.appends
                .send(append)
                .map(|()| receiver)
                .map_err(|_| writer_gone()),
        )
    }

    /// How many rooms the database holds.
    pub fn room_count(&self) -> Result<u64, StoreError> {
        let count: i64 = self
            .connection()
            .query_row("SELECT COUNT(*) FROM rooms", [], |row| row.get(0))?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// The seq of a room's last stored event (0 if none).
    pub fn last_seq(&self, room: &RoomName) -> Result<u64, StoreError> {
        let seq: Option<i64> = self
            .connection()
            .query_row(
                "SELECT MAX(seq) FROM events WHERE room = ?1",
                params![room.as_str()],
                |row| row.get(0),
            )
            .optional()?
            .flatten();
        Ok(seq.and_then(|seq| u64::try_from(seq).ok()).unwrap_or(0))
    }
}

fn read_entries(
    connection: &Connection,
    room: &RoomName,
    after: u64,
    up_to: u64,
) -> Result<Vec<LogEntry>, StoreError> {
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    let up_to = i64::try_from(up_to).unwrap_or(i64::MAX);
    let mut statement = connection.prepare_cached(
        "SELECT seq, json FROM events WHERE room = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
    )?;
    let rows = statement.query_map(params![room.as_str(), after, up_to], |row| {
        Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
    })?;
    rows.map(|row| {
        let (seq, json) = row?;
        // Rooms stored by protocol 3 read on: a server upgraded mid-game loses no game in progress.
        let event = fivedice_room::legacy::read_event(&json)
            .map_err(|error| StoreError::Corrupt(format!("room {room}, entry {seq}: {error}")))?;
        let seq = u64::try_from(seq).map_err(|_| StoreError::Corrupt(format!("room {room}, seq {seq}")))?;
        Ok(LogEntry { seq, event })
    })
    .collect()
}

pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|since| i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// What can go wrong with the database.
#[derive(Debug)]
pub enum StoreError {
    Open(String),
    Sqlite(rusqlite::Error),
    /// Stored data this code cannot read (hand-edited, or from another version).
    Corrupt(String),
    /// The database file was deleted or replaced while the server ran.
    Gone(std::path::PathBuf),
    /// In a cluster: another node appended to the room since this one read it (it owns the room now).
    Fenced,
    /// In a cluster: NATS did not answer, or answered with an error.
    Cluster(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Sqlite(error)
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open(why) => f.write_str(why),
            StoreError::Sqlite(error) => write!(f, "database error: {error}"),
            StoreError::Corrupt(what) => write!(f, "unreadable room data: {what}"),
            StoreError::Gone(path) => write!(
                f,
                "{} is no longer the database this server opened",
                path.display()
            ),
            StoreError::Fenced => f.write_str("another server has taken the room over"),
            StoreError::Cluster(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StoreError {}

#[cfg(test)]
mod tests;
