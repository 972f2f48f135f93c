//! A match under way on the host: the engine's [`Game`] with the secret seed, and the log
//! every client catches up from.

use redline_rules::{Command, Event, Game, RuleError, Seat, Setup};

use crate::protocol::{MatchId, MatchStart, StepMsg};
use crate::record::{LoggedCommand, MatchRecord, StartRecord, StoreError};

/// The host's game of one match.
#[derive(Debug, Clone)]
pub struct Running {
    game: Game,
    start: MatchStart,
    start_hash: u64,
    seed: u64,
    log: Vec<StepMsg>,
    state_hashes: Vec<u64>,
}

/// A command the host's game has played.
#[derive(Debug, Clone)]
pub struct Played {
    /// What every client is sent.
    pub step: StepMsg,
    /// What the store keeps.
    pub logged: LoggedCommand,
    /// Whether it ended an activation, an Inspire, a seat's deployment or the game (when
    /// the app's host saves).
    pub activation_over: bool,
}

impl Running {
    /// Starts the game with a secret seed.
    pub fn start(match_id: MatchId, setup: Setup, seed: u64) -> Result<Running, String> {
        let game = Game::new(setup.clone(), seed).map_err(|e| e.to_string())?;
        let start = MatchStart {
            match_id,
            setup,
            opening: game.last_draws().to_vec(),
            events: game.opening_events().to_vec(),
            public_hash: game.public_hash(),
        };
        Ok(Running {
            start_hash: game.state_hash(),
            game,
            start,
            seed,
            log: Vec::new(),
            state_hashes: Vec::new(),
        })
    }

    /// Rebuilds a stored match by playing its log again, checking every hash.
    pub fn resume(record: &MatchRecord) -> Result<Option<Running>, StoreError> {
        let id = record.meta.id;
        let Some(start) = &record.meta.started else {
            return Ok(None);
        };
        let replay_error = |error| StoreError::Replay { id, error };
        let mut run = Running::start(id, start.setup.clone(), start.seed)
            .map_err(|e| replay_error(redline_rules::ReplayError::Parse(e)))?;
        if run.start_hash != start.start_hash {
            return Err(replay_error(redline_rules::ReplayError::StartMismatch {
                expected: start.start_hash,
                found: run.start_hash,
            }));
        }
        for (step, logged) in record.log.iter().enumerate() {
            let played = run
                .play(logged.seat, logged.command.clone())
                .map_err(|error| {
                    replay_error(redline_rules::ReplayError::Refused { step, error })
                })?;
            if played.logged.state_hash != logged.state_hash {
                return Err(replay_error(redline_rules::ReplayError::Mismatch {
                    step,
                    expected: logged.state_hash,
                    found: played.logged.state_hash,
                }));
            }
        }
        Ok(Some(run))
    }

    /// Checks and plays a seat's command; refused commands change nothing.
    pub fn play(&mut self, seat: Seat, command: Command) -> Result<Played, RuleError> {
        let events = self.game.apply(command.clone())?;
        let activation_over = events.iter().any(|e| {
            matches!(
                e,
                Event::ActivationEnded { .. }
                    | Event::InspireEnded { .. }
                    | Event::DeploymentEnded { .. }
                    | Event::GameOver { .. }
            )
        });
        let step = StepMsg {
            index: self.log.len() as u32,
            seat,
            command: command.clone(),
            draws: self.game.last_draws().to_vec(),
            events,
            public_hash: self.game.public_hash(),
        };
        let logged = LoggedCommand {
            seat,
            command,
            state_hash: self.game.state_hash(),
        };
        self.log.push(step.clone());
        self.state_hashes.push(logged.state_hash);
        Ok(Played {
            step,
            logged,
            activation_over,
        })
    }

    /// Takes back the last command (its save failed): the game is rebuilt to the state
    /// before it from the seed and the log.
    pub fn undo_last(&mut self) {
        self.log.pop();
        self.state_hashes.pop();
        let mut game =
            Game::new(self.start.setup.clone(), self.seed).expect("the setup started once");
        for step in &self.log {
            game.apply(step.command.clone())
                .expect("a logged command plays again");
        }
        self.game = game;
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What a replica starts from.
    pub fn start_msg(&self) -> &MatchStart {
        &self.start
    }

    /// The stored start.
    pub fn start_record(&self) -> StartRecord {
        StartRecord {
            setup: self.start.setup.clone(),
            seed: self.seed,
            start_hash: self.start_hash,
        }
    }

    /// The secret seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Commands played.
    pub fn steps(&self) -> u32 {
        self.log.len() as u32
    }

    /// The log from `from` on.
    pub fn log_from(&self, from: u32) -> &[StepMsg] {
        &self.log[(from as usize).min(self.log.len())..]
    }

    /// The public hash after `step` commands (the start's for 0).
    pub fn public_hash_at(&self, step: u32) -> Option<u64> {
        match step {
            0 => Some(self.start.public_hash),
            n => self.log.get(n as usize - 1).map(|s| s.public_hash),
        }
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.game.decision().is_none()
    }
}
