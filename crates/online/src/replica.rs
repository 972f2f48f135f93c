//! A client's copy of the match: the engine's game started without the seed
//! ([`Game::replica`]), playing each command the host sends with the dice the host revealed
//! after rolling them, and checking the host's public hash after every step. At the end the
//! host reveals the seed and the replica checks the whole match, full state hashes
//! included.

use redline_rules::{Event, Game};

use crate::protocol::{MatchStart, StepMsg};

/// Why a replica stopped following the host.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplicaError {
    /// The setup does not start a game here.
    #[error("the host's setup does not start a game: {0}")]
    Setup(String),
    /// A step arrived out of order.
    #[error("step {got} arrived where step {expected} was due")]
    Order {
        /// The step due.
        expected: u32,
        /// The step received.
        got: u32,
    },
    /// The engine here refused the host's command.
    #[error("step {step}: this copy of the engine refuses the host's command: {message}")]
    Refused {
        /// The step.
        step: u32,
        /// Why.
        message: String,
    },
    /// The game here differs from the host's after a step (another engine version, or a
    /// message lost).
    #[error(
        "step {step}: the game here differs from the host's (hash {found:016x}, host {expected:016x})"
    )]
    Diverged {
        /// The step (0 = the start).
        step: u32,
        /// The host's public hash.
        expected: u64,
        /// This copy's.
        found: u64,
    },
}

/// The client's copy of the game.
#[derive(Debug, Clone)]
pub struct Replica {
    start: MatchStart,
    game: Game,
    log: Vec<StepMsg>,
}

impl Replica {
    /// Starts the copy from the host's start.
    pub fn new(start: MatchStart) -> Result<Replica, ReplicaError> {
        let game = Game::replica(start.setup.clone(), &start.opening)
            .map_err(|e| ReplicaError::Setup(e.to_string()))?;
        let found = game.public_hash();
        if found != start.public_hash {
            return Err(ReplicaError::Diverged {
                step: 0,
                expected: start.public_hash,
                found,
            });
        }
        Ok(Replica {
            start,
            game,
            log: Vec::new(),
        })
    }

    /// Plays the host's next step and checks the hash; the events it caused here (equal to
    /// the host's).
    pub fn apply(&mut self, step: &StepMsg) -> Result<Vec<Event>, ReplicaError> {
        let expected = self.log.len() as u32;
        if step.index != expected {
            return Err(ReplicaError::Order {
                expected,
                got: step.index,
            });
        }
        self.game.reveal_draws(&step.draws);
        let events = self
            .game
            .apply(step.command.clone())
            .map_err(|e| ReplicaError::Refused {
                step: step.index,
                message: e.to_string(),
            })?;
        let found = self.game.public_hash();
        if found != step.public_hash {
            return Err(ReplicaError::Diverged {
                step: step.index + 1,
                expected: step.public_hash,
                found,
            });
        }
        self.log.push(step.clone());
        Ok(events)
    }

    /// The game as the host has it (less the dice to come).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What it started from.
    pub fn start(&self) -> &MatchStart {
        &self.start
    }

    /// Steps played.
    pub fn steps(&self) -> u32 {
        self.log.len() as u32
    }

    /// Its public hash now.
    pub fn public_hash(&self) -> u64 {
        self.game.public_hash()
    }

    /// Checks the whole match once the host revealed the seed: played again with the seed,
    /// every step gives the host's public hash; returns the full state hash at the end.
    pub fn verify_with_seed(&self, seed: u64) -> Result<u64, ReplicaError> {
        let mut game = Game::new(self.start.setup.clone(), seed)
            .map_err(|e| ReplicaError::Setup(e.to_string()))?;
        for step in &self.log {
            game.apply(step.command.clone())
                .map_err(|e| ReplicaError::Refused {
                    step: step.index,
                    message: e.to_string(),
                })?;
            if game.last_draws() != step.draws.as_slice() || game.public_hash() != step.public_hash
            {
                return Err(ReplicaError::Diverged {
                    step: step.index + 1,
                    expected: step.public_hash,
                    found: game.public_hash(),
                });
            }
        }
        Ok(game.state_hash())
    }
}
