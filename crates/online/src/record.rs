//! What a host keeps of a match so that it survives a crash: the lobby, the seats with their
//! codes, names and teams, the setup and secret seed once started, and every command with
//! the state hash after it. A [`MatchStore`] writes it; a resumed host replays the commands
//! from the seed and checks every hash.
//!
//! Two stores: [`FileStore`] (a player's app hosting: one file per match through
//! `redline_content::store`, written after every activation) and, with the `sqlite`
//! feature, `SqliteStore` (the dedicated server: every command before it is acknowledged).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use redline_content::team::TeamSpec;
use redline_rules::{Command, Replay, ReplayError, ReplayStep, Seat, Setup};
use serde::{Deserialize, Serialize};

use crate::lobby::LobbySetup;
use crate::protocol::MatchId;

/// A match's lobby and start: everything but the commands.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchMeta {
    /// The match.
    pub id: MatchId,
    /// Scenario, table and seats as the owner chose them.
    pub lobby: LobbySetup,
    /// The owner's code.
    pub owner_code: String,
    /// The spectators' code.
    pub spectator_code: String,
    /// Each seat, in seat order.
    pub seats: Vec<SeatRecord>,
    /// The setup and seed, once the match started.
    pub started: Option<StartRecord>,
    /// Whether the match is over.
    pub finished: bool,
}

/// One seat of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The code that takes it (none for a computer seat).
    pub code: Option<String>,
    /// Its player's name, once someone took it.
    pub name: Option<String>,
    /// Its accepted team.
    pub team: Option<TeamSpec>,
    /// The bot level playing it: a computer seat, or one the owner handed to the computer.
    pub computer: Option<String>,
}

/// How a match started.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StartRecord {
    /// The engine's setup.
    pub setup: Setup,
    /// The dice seed: secret until the match is over.
    pub seed: u64,
    /// The full state hash of the game as started.
    pub start_hash: u64,
}

/// One command of a match's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoggedCommand {
    /// The seat that answered.
    pub seat: Seat,
    /// The command.
    pub command: Command,
    /// The full state hash after it.
    pub state_hash: u64,
}

/// A whole match as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Lobby and start.
    pub meta: MatchMeta,
    /// Every command played, in order.
    pub log: Vec<LoggedCommand>,
}

impl MatchRecord {
    /// The match as a replay file (`redline-cli replay` checks it); `None` before it started.
    pub fn replay(&self) -> Option<Replay> {
        let start = self.meta.started.as_ref()?;
        Some(Replay {
            version: redline_rules::REPLAY_VERSION,
            label: format!(
                "online match {} of {}",
                self.meta.id, self.meta.lobby.scenario
            ),
            setup: start.setup.clone(),
            seed: start.seed,
            start_hash: start.start_hash,
            steps: self
                .log
                .iter()
                .map(|c| ReplayStep {
                    command: c.command.clone(),
                    hash: c.state_hash,
                })
                .collect(),
        })
    }

    /// Checks the stored log against the engine: every command legal, every hash as stored.
    pub fn verify(&self) -> Result<(), ReplayError> {
        match self.replay() {
            Some(replay) => replay.verify().map(|_| ()),
            None => Ok(()),
        }
    }
}

/// Why a store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A file store's error.
    #[error(transparent)]
    File(#[from] redline_content::store::StoreError),
    /// The database's error.
    #[error("match database: {0}")]
    Database(String),
    /// A stored match no longer replays (another engine version, a damaged record).
    #[error("stored match {id} does not replay: {error}")]
    Replay {
        /// The match.
        id: MatchId,
        /// Why.
        error: ReplayError,
    },
}

/// Where a host keeps its matches.
pub trait MatchStore: Send {
    /// Saves a match's lobby and start (on creation and every lobby change).
    fn save_meta(&mut self, meta: &MatchMeta) -> Result<(), StoreError>;

    /// Saves the command at `index`; `activation_over` when it ended an activation (or the
    /// game), the moment a store that does not keep every command writes.
    fn save_step(
        &mut self,
        id: MatchId,
        index: u32,
        step: &LoggedCommand,
        activation_over: bool,
    ) -> Result<(), StoreError>;

    /// Makes everything saved since the last call durable; the host acknowledges commands
    /// only after this returns.
    fn flush(&mut self) -> Result<(), StoreError>;

    /// Every match not yet over, to resume.
    fn unfinished(&mut self) -> Result<Vec<MatchRecord>, StoreError>;
}

/// A store that keeps nothing (a host whose matches need not survive it).
#[derive(Debug, Default)]
pub struct NoStore;

impl MatchStore for NoStore {
    fn save_meta(&mut self, _: &MatchMeta) -> Result<(), StoreError> {
        Ok(())
    }

    fn save_step(
        &mut self,
        _: MatchId,
        _: u32,
        _: &LoggedCommand,
        _: bool,
    ) -> Result<(), StoreError> {
        Ok(())
    }

    fn flush(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn unfinished(&mut self) -> Result<Vec<MatchRecord>, StoreError> {
        Ok(Vec::new())
    }
}

/// The autosave of a player's app hosting: one file per match in a folder, written whole
/// through `redline_content::store` (temporary file, fsync, rename, the previous copy kept)
/// whenever the lobby changes and after every activation.
#[derive(Debug)]
pub struct FileStore {
    dir: PathBuf,
    records: HashMap<MatchId, MatchRecord>,
}

/// The kind and version of a match file in the store's envelope.
const FILE_KIND: &str = "online-match";
const FILE_VERSION: u32 = 1;

impl FileStore {
    /// A store writing into `dir` (created if needed).
    pub fn new(dir: impl Into<PathBuf>) -> FileStore {
        FileStore {
            dir: dir.into(),
            records: HashMap::new(),
        }
    }

    fn path(&self, id: MatchId) -> PathBuf {
        self.dir.join(format!("match-{id}.ron"))
    }

    fn write(&self, id: MatchId) -> Result<(), StoreError> {
        let record = &self.records[&id];
        std::fs::create_dir_all(&self.dir).map_err(|source| {
            redline_content::store::StoreError::Io {
                action: "create",
                path: self.dir.clone(),
                source,
            }
        })?;
        redline_content::store::write(&self.path(id), FILE_KIND, FILE_VERSION, record)?;
        Ok(())
    }

    /// Reads one match file.
    pub fn read(path: &Path) -> Result<MatchRecord, StoreError> {
        Ok(redline_content::store::read_or_previous(path, FILE_KIND, FILE_VERSION)?.0)
    }
}

impl MatchStore for FileStore {
    fn save_meta(&mut self, meta: &MatchMeta) -> Result<(), StoreError> {
        let record = self.records.entry(meta.id).or_insert_with(|| MatchRecord {
            meta: meta.clone(),
            log: Vec::new(),
        });
        record.meta = meta.clone();
        self.write(meta.id)
    }

    fn save_step(
        &mut self,
        id: MatchId,
        index: u32,
        step: &LoggedCommand,
        activation_over: bool,
    ) -> Result<(), StoreError> {
        let Some(record) = self.records.get_mut(&id) else {
            return Ok(());
        };
        record.log.truncate(index as usize);
        record.log.push(step.clone());
        if activation_over {
            self.write(id)
        } else {
            Ok(())
        }
    }

    fn flush(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn unfinished(&mut self) -> Result<Vec<MatchRecord>, StoreError> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Ok(Vec::new());
        };
        let mut found = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !(name.starts_with("match-") && name.ends_with(".ron")) {
                continue;
            }
            let record = FileStore::read(&path)?;
            if !record.meta.finished {
                self.records.insert(record.meta.id, record.clone());
                found.push(record);
            }
        }
        found.sort_by_key(|r| r.meta.id);
        Ok(found)
    }
}
