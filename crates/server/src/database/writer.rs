//! The store's one writer: a thread that commits appends in batches, and stops writing if its data file is
//! replaced or removed under it.

use super::*;

/// The database file the server opened, to notice when it is no longer the one at its path.
pub(super) struct DataFile {
    path: std::path::PathBuf,
    identity: FileIdentity,
}

#[cfg(unix)]
type FileIdentity = (u64, u64);
#[cfg(not(unix))]
type FileIdentity = ();

impl DataFile {
    pub(super) fn at(path: &Path) -> Result<DataFile, StoreError> {
        let identity = file_identity(path)
            .ok_or_else(|| StoreError::Open(format!("{} vanished as it was opened", path.display())))?;
        Ok(DataFile {
            path: path.to_path_buf(),
            identity,
        })
    }

    /// Whether the file at the path is still the one opened. SQLite writes on into a file deleted (or
    /// replaced) under it, and those writes are gone at the next start: a commit is kept only if this holds.
    pub(super) fn still_there(&self) -> bool {
        file_identity(&self.path) == Some(self.identity)
    }
}

#[cfg(unix)]
pub(super) fn file_identity(path: &Path) -> Option<FileIdentity> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|meta| (meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
pub(super) fn file_identity(path: &Path) -> Option<FileIdentity> {
    path.exists().then_some(())
}

/// The writing thread: waits for an append, takes every other one queued by then, and commits them in one
/// transaction, each in a savepoint of its own so that one refused append fails alone. A commit into a data
/// file that is no longer at its path is refused to every append in it: nothing is acknowledged that a
/// restart would not find.
pub(super) fn write_appends(
    mut connection: Connection,
    file: &DataFile,
    queue: &std::sync::mpsc::Receiver<Append>,
) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MOST_PER_COMMIT - 1));
        let mut outcomes = commit_batch(&mut connection, &batch);
        if !file.still_there() {
            tracing::error!(
                path = %file.path.display(),
                "the rooms' database is gone from its path (deleted or replaced): no move can be kept \
                 until the server is restarted"
            );
            outcomes = batch
                .iter()
                .map(|_| Err(StoreError::Gone(file.path.clone())))
                .collect();
        }
        for (append, outcome) in batch.into_iter().zip(outcomes) {
            // Nobody waits any more when the connection that asked has gone: nothing to tell.
            let _ = append.done.send(outcome);
        }
    }
}

/// Each append's outcome; all of them fail if the transaction itself cannot begin or commit.
pub(super) fn commit_batch(connection: &mut Connection, batch: &[Append]) -> Vec<Result<(), StoreError>> {
    let everyone = |error: &rusqlite::Error| -> Vec<Result<(), StoreError>> {
        batch
            .iter()
            .map(|_| Err(StoreError::Open(format!("database error: {error}"))))
            .collect()
    };
    let mut transaction = match connection.transaction() {
        Ok(transaction) => transaction,
        Err(error) => return everyone(&error),
    };
    let now = now_ms();
    let mut outcomes = Vec::with_capacity(batch.len());
    for append in batch {
        let outcome = match transaction.savepoint() {
            Ok(savepoint) => {
                // On an error the savepoint drops, rolling back this append alone.
                write_append(&savepoint, append, now).and_then(|()| Ok(savepoint.commit()?))
            }
            Err(error) => Err(StoreError::from(error)),
        };
        outcomes.push(outcome);
    }
    match transaction.commit() {
        Ok(()) => outcomes,
        Err(error) => everyone(&error),
    }
}

pub(super) fn write_append(connection: &Connection, append: &Append, now: i64) -> Result<(), StoreError> {
    let (room, entry) = (append.room.as_str(), &append.entry);
    let json = serde_json::to_string(&entry.event)
        .map_err(|error| StoreError::Corrupt(format!("event not serialisable: {error}")))?;
    let seq = i64::try_from(entry.seq).map_err(|_| StoreError::Corrupt(format!("seq {}", entry.seq)))?;
    connection
        .prepare_cached(
            "INSERT INTO rooms (name, created_ms, updated_ms) VALUES (?1, ?2, ?2)
             ON CONFLICT (name) DO UPDATE SET updated_ms = excluded.updated_ms",
        )?
        .execute(params![room, now])?;
    connection
        .prepare_cached("INSERT INTO events (room, seq, json) VALUES (?1, ?2, ?3)")?
        .execute(params![room, seq, json])?;
    if let Some(seed) = &append.secrets.dice_seed {
        connection
            .prepare_cached("INSERT OR REPLACE INTO dice_seeds (room, seed) VALUES (?1, ?2)")?
            .execute(params![room, seed])?;
    }
    if let Some(hand_overs) = &append.secrets.hand_overs {
        let json = serde_json::to_string(hand_overs)
            .map_err(|error| StoreError::Corrupt(format!("hand-over links not serialisable: {error}")))?;
        connection
            .prepare_cached("INSERT OR REPLACE INTO hand_overs (room, json) VALUES (?1, ?2)")?
            .execute(params![room, json])?;
    }
    if let Some(seat_tokens) = &append.secrets.seat_tokens {
        connection.execute("DELETE FROM seats WHERE room = ?1", params![room])?;
        for (seat, token) in seat_tokens {
            let seat = i64::try_from(*seat).map_err(|_| StoreError::Corrupt(format!("seat {seat}")))?;
            connection
                .prepare_cached("INSERT INTO seats (room, token, seat) VALUES (?1, ?2, ?3)")?
                .execute(params![room, token, seat])?;
        }
    }
    Ok(())
}
