//! Replays: a setup, the seed of its dice and every command played, with the state hash
//! after each one (DESIGN §2). Re-running the commands must give the same hashes; the first
//! step that does not is reported, so a replay doubles as a determinism check.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::protocol::command::Command;
use crate::protocol::error::RuleError;
use crate::setup::{Setup, SetupError};
use crate::state::Game;

/// The replay format this build writes and reads. Bump it when the meaning of a field, a
/// command or the state hash changes; older files are then refused rather than misread.
/// Version 2: the state hash also covers the card layer (held cards, drones, Loot) and the
/// keyword state ([RE]action limits, stuns) added since version 1.
pub const REPLAY_VERSION: u32 = 2;

/// Most commands one replay may hold; [`Replay::from_ron`] refuses a longer one before
/// anything is played. The bots' harness stops a game at this many commands too
/// (`redline_ai::play::PlayLimits`), so every replay the build writes fits.
pub const MAX_REPLAY_STEPS: usize = 100_000;

/// Deepest nesting of brackets [`Replay::from_ron`] follows (ron's own default is 128).
const MAX_REPLAY_DEPTH: usize = 64;

/// One command of a replay and the state hash once it was applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplayStep {
    /// The command, as applied.
    pub command: Command,
    /// [`Game::state_hash`] right after it.
    pub hash: u64,
}

/// A recorded game: enough to play it again exactly.
///
/// Forced faces loaded with [`Game::load_dice`] after the start are not recorded; load dice
/// through [`Setup::loaded_dice`] in games meant to be replayed.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Replay {
    /// Format version ([`REPLAY_VERSION`] when written by this build).
    pub version: u32,
    /// Free text naming where the setup came from (scenario, layout, teams), for readers.
    #[serde(default)]
    pub label: String,
    /// The setup the game started from.
    pub setup: Setup,
    /// The seed of the game's dice.
    pub seed: u64,
    /// [`Game::state_hash`] of the game as started.
    pub start_hash: u64,
    /// Every command in play order, with the hash after it.
    pub steps: Vec<ReplayStep>,
}

/// Why a replay does not reproduce.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReplayError {
    /// The file is from another format version.
    #[error(
        "replay format version {found} is not supported (this build reads version {supported})"
    )]
    Version {
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        supported: u32,
    },
    /// The file could not be read.
    #[error("the replay file is damaged: {0}")]
    Parse(String),
    /// The replay holds more commands than any game this build plays.
    #[error("the replay holds {steps} commands; at most {max} are read")]
    TooLong {
        /// Commands in the file.
        steps: usize,
        /// [`MAX_REPLAY_STEPS`].
        max: usize,
    },
    /// The setup does not start a game.
    #[error("the replay's setup does not start a game: {0}")]
    Setup(#[from] SetupError),
    /// The game as started differs from the recorded one.
    #[error("the game starts in a different state (hash {found:016x}, recorded {expected:016x})")]
    StartMismatch {
        /// Recorded hash.
        expected: u64,
        /// Hash found.
        found: u64,
    },
    /// A recorded command is now refused.
    #[error("step {step}: the command is refused: {error}")]
    Refused {
        /// Index of the step (0 = first command).
        step: usize,
        /// Why.
        error: RuleError,
    },
    /// A command led to another state than recorded.
    #[error("step {step}: state hash {found:016x} differs from the recorded {expected:016x}")]
    Mismatch {
        /// Index of the step (0 = first command).
        step: usize,
        /// Recorded hash.
        expected: u64,
        /// Hash found.
        found: u64,
    },
}

impl Replay {
    /// Starts recording a game that has just been created (no command applied yet).
    pub fn start(game: &Game, label: impl Into<String>) -> Replay {
        Replay {
            version: REPLAY_VERSION,
            label: label.into(),
            setup: game.starting_setup().clone(),
            seed: game.seed(),
            start_hash: game.state_hash(),
            steps: Vec::new(),
        }
    }

    /// Records a command that `game` has just applied successfully.
    pub fn record(&mut self, command: Command, game: &Game) {
        self.steps.push(ReplayStep {
            command,
            hash: game.state_hash(),
        });
    }

    /// Builds a replay by playing `commands` from `setup` and `seed` (for a game logged as
    /// commands only, such as a bot game); the first refused command is reported.
    pub fn from_commands(
        setup: Setup,
        seed: u64,
        label: impl Into<String>,
        commands: &[Command],
    ) -> Result<Replay, ReplayError> {
        let mut game = Game::new(setup, seed)?;
        let mut replay = Replay::start(&game, label);
        for (step, c) in commands.iter().enumerate() {
            game.apply(c.clone())
                .map_err(|error| ReplayError::Refused { step, error })?;
            replay.record(c.clone(), &game);
        }
        Ok(replay)
    }

    /// Plays the replay again and checks every hash; returns the final game, or the first
    /// step that does not reproduce.
    pub fn verify(&self) -> Result<Game, ReplayError> {
        if self.version != REPLAY_VERSION {
            return Err(ReplayError::Version {
                found: self.version,
                supported: REPLAY_VERSION,
            });
        }
        let mut game = Game::new(self.setup.clone(), self.seed)?;
        let found = game.state_hash();
        if found != self.start_hash {
            return Err(ReplayError::StartMismatch {
                expected: self.start_hash,
                found,
            });
        }
        for (step, s) in self.steps.iter().enumerate() {
            game.apply(s.command.clone())
                .map_err(|error| ReplayError::Refused { step, error })?;
            let found = game.state_hash();
            if found != s.hash {
                return Err(ReplayError::Mismatch {
                    step,
                    expected: s.hash,
                    found,
                });
            }
        }
        Ok(game)
    }

    /// The replay as RON text.
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
    }

    /// Reads a replay written by [`Replay::to_ron`]; a file of another version is refused
    /// before its content is interpreted, and one of more than [`MAX_REPLAY_STEPS`] commands
    /// before it is played.
    pub fn from_ron(text: &str) -> Result<Replay, ReplayError> {
        #[derive(Deserialize)]
        struct VersionOnly {
            version: u32,
        }
        // Read the version alone first, so a newer file reports its version, not a parse
        // error about a field this build does not know.
        let opts = ron::Options::default().with_recursion_limit(MAX_REPLAY_DEPTH);
        let head: Result<VersionOnly, _> = opts.from_str(text);
        if let Ok(VersionOnly { version }) = head
            && version != REPLAY_VERSION
        {
            return Err(ReplayError::Version {
                found: version,
                supported: REPLAY_VERSION,
            });
        }
        let replay: Replay = opts
            .from_str(text)
            .map_err(|e| ReplayError::Parse(e.to_string()))?;
        if replay.steps.len() > MAX_REPLAY_STEPS {
            return Err(ReplayError::TooLong {
                steps: replay.steps.len(),
                max: MAX_REPLAY_STEPS,
            });
        }
        Ok(replay)
    }
}
