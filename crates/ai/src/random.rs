//! The random bot: a uniform pick among the legal answers.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use redline_rules::{Command, Game};

use crate::Bot;

/// Plays a random legal answer to every decision ([`Game::random_legal_command`]: uniform
/// among the kinds of answer, then among that kind's legal answers), from its own seeded
/// ChaCha8 generator: the same seed against the same game makes the same choices.
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// One of `commands`, uniformly; `None` if there is none.
    pub fn pick(&mut self, commands: &[Command]) -> Option<Command> {
        if commands.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..commands.len());
        Some(commands[i].clone())
    }
}

impl Bot for RandomBot {
    /// # Panics
    ///
    /// If the game offers no legal command: it is over, or the engine broke its promise that
    /// every decision has an answer (the random-play tests check it keeps it).
    fn choose(&mut self, game: &Game) -> Command {
        match game.random_legal_command(&mut self.rng) {
            Some(c) => c,
            None => panic!(
                "no legal command for decision {:?} (the game is over or the engine is wrong)",
                game.decision()
            ),
        }
    }
}
