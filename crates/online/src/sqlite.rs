//! The dedicated server's store: SQLite (rusqlite's bundled build) in WAL mode. A match's
//! lobby and start are one row of `matches` (JSON), each command one row of `steps` with
//! its state hash. Writes gather in a transaction that [`MatchStore::flush`] commits before
//! the host acknowledges anything, so a killed server loses no acknowledged command.
//!
//! Checkpoints (copying the WAL into the database file, the step that waits for the disk)
//! run on a thread of their own with its own connection, so the host's thread seldom waits
//! for them.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

use crate::protocol::MatchId;
use crate::record::{LoggedCommand, MatchMeta, MatchRecord, MatchStore, StoreError};

/// The schema version in `PRAGMA user_version`.
const SCHEMA_VERSION: i64 = 1;

/// Pages (4 KiB) the WAL holds before the writer checkpoints what is left to copy.
const WAL_PAGES: i64 = 10_000;

/// How often the checkpoint thread copies the WAL into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Matches in a SQLite file.
pub struct SqliteStore {
    db: Connection,
    in_batch: bool,
    /// Set when the store is dropped: the checkpoint thread stops.
    stop: Arc<AtomicBool>,
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Checkpoints the WAL of `path` until `stop` is set. PASSIVE: it never blocks the writer;
/// what it cannot copy yet waits for the next round.
fn checkpoints(path: &Path, stop: &AtomicBool) {
    let Ok(db) = Connection::open(path) else {
        return;
    };
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(CHECKPOINT_EVERY);
        // A failed round is retried on the next; the writer's commits do not depend on it.
        let _ = db.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
}

fn db_error(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

fn json_error(e: serde_json::Error) -> StoreError {
    StoreError::Database(format!("a stored record does not read: {e}"))
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let db = Connection::open(path).map_err(db_error)?;
        // WAL with NORMAL sync: a commit survives the process being killed (the OS holds
        // the written pages); only a power cut could lose the last commits.
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(db_error)?;
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(db_error)?;
        // The checkpoint thread copies the WAL as it grows; the writer checkpoints only when
        // the WAL passes 40 MB, finding nearly all of it copied already, and so lets the WAL
        // start again from its beginning (a checkpoint beside a busy writer never can).
        db.pragma_update(None, "wal_autocheckpoint", WAL_PAGES)
            .map_err(db_error)?;
        db.pragma_update(None, "journal_size_limit", WAL_PAGES * 4096)
            .map_err(db_error)?;
        let version: i64 = db
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(db_error)?;
        if version != 0 && version != SCHEMA_VERSION {
            return Err(StoreError::Database(format!(
                "{} has schema version {version}; this build reads {SCHEMA_VERSION}",
                path.display()
            )));
        }
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS matches (
                 id INTEGER PRIMARY KEY,
                 meta TEXT NOT NULL,
                 finished INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS steps (
                 match_id INTEGER NOT NULL,
                 idx INTEGER NOT NULL,
                 seat INTEGER NOT NULL,
                 command TEXT NOT NULL,
                 state_hash INTEGER NOT NULL,
                 PRIMARY KEY (match_id, idx)
             ) WITHOUT ROWID;",
        )
        .map_err(db_error)?;
        db.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(db_error)?;
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, file) = (Arc::clone(&stop), path.to_owned());
        std::thread::Builder::new()
            .name("redline-checkpoint".into())
            .spawn(move || checkpoints(&file, &flag))
            .map_err(|e| StoreError::Database(format!("no checkpoint thread: {e}")))?;
        Ok(SqliteStore {
            db,
            in_batch: false,
            stop,
        })
    }

    fn begin(&mut self) -> Result<(), StoreError> {
        if !self.in_batch {
            self.db.execute_batch("BEGIN").map_err(db_error)?;
            self.in_batch = true;
        }
        Ok(())
    }

    /// One stored match, finished or not.
    pub fn record(&self, id: MatchId) -> Result<Option<MatchRecord>, StoreError> {
        let meta: Option<String> = self
            .db
            .query_row("SELECT meta FROM matches WHERE id = ?1", [id as i64], |r| {
                r.get(0)
            })
            .optional()
            .map_err(db_error)?;
        let Some(meta) = meta else {
            return Ok(None);
        };
        let meta: MatchMeta = serde_json::from_str(&meta).map_err(json_error)?;
        let log = self.log(id)?;
        Ok(Some(MatchRecord { meta, log }))
    }

    fn log(&self, id: MatchId) -> Result<Vec<LoggedCommand>, StoreError> {
        let mut stmt = self
            .db
            .prepare_cached(
                "SELECT seat, command, state_hash FROM steps WHERE match_id = ?1 ORDER BY idx",
            )
            .map_err(db_error)?;
        let rows = stmt
            .query_map([id as i64], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })
            .map_err(db_error)?;
        let mut log = Vec::new();
        for row in rows {
            let (seat, command, hash) = row.map_err(db_error)?;
            log.push(LoggedCommand {
                seat: redline_rules::Seat(seat as u8),
                command: serde_json::from_str(&command).map_err(json_error)?,
                state_hash: hash as u64,
            });
        }
        Ok(log)
    }

    /// The ids of matches, finished (`true`) or not.
    pub fn ids(&self, finished: bool) -> Result<Vec<MatchId>, StoreError> {
        let mut stmt = self
            .db
            .prepare_cached("SELECT id FROM matches WHERE finished = ?1 ORDER BY id")
            .map_err(db_error)?;
        stmt.query_map([i64::from(finished)], |r| r.get::<_, i64>(0))
            .map_err(db_error)?
            .map(|r| r.map(|id| id as MatchId).map_err(db_error))
            .collect()
    }
}

impl MatchStore for SqliteStore {
    fn save_meta(&mut self, meta: &MatchMeta) -> Result<(), StoreError> {
        self.begin()?;
        let text = serde_json::to_string(meta).map_err(json_error)?;
        self.db
            .prepare_cached(
                "INSERT INTO matches (id, meta, finished) VALUES (?1, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET meta = ?2, finished = ?3",
            )
            .and_then(|mut s| s.execute(params![meta.id as i64, text, meta.finished]))
            .map_err(db_error)?;
        Ok(())
    }

    fn save_step(
        &mut self,
        id: MatchId,
        index: u32,
        step: &LoggedCommand,
        _activation_over: bool,
    ) -> Result<(), StoreError> {
        self.begin()?;
        let command = serde_json::to_string(&step.command).map_err(json_error)?;
        self.db
            .prepare_cached(
                "INSERT OR REPLACE INTO steps (match_id, idx, seat, command, state_hash)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    id as i64,
                    index,
                    step.seat.0,
                    command,
                    step.state_hash as i64
                ])
            })
            .map_err(db_error)?;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), StoreError> {
        if self.in_batch {
            self.in_batch = false;
            self.db.execute_batch("COMMIT").map_err(db_error)?;
        }
        Ok(())
    }

    fn unfinished(&mut self) -> Result<Vec<MatchRecord>, StoreError> {
        self.flush()?;
        let mut records = Vec::new();
        for id in self.ids(false)? {
            if let Some(record) = self.record(id)? {
                records.push(record);
            }
        }
        Ok(records)
    }
}
