//! A random legal answer without listing them all ([`Game::random_legal_command`]), for
//! random play: checking every move candidate (and running the route finder for each way
//! toward a rival) costs far more than the command finally played.

use rand::{Rng, RngExt};

use crate::protocol::command::Command;
use crate::state::Game;

impl Game {
    /// A random legal answer to the current decision, drawn with `rng`; `None` once the game
    /// is over. The answer is always one of [`Game::legal_commands`], and the same game with
    /// the same generator state gives the same answer.
    ///
    /// Where the decision offers actions or moves, it picks uniformly among the kinds of
    /// answer that have a legal one (each action of each model, each model's free move,
    /// ending the activation, skipping a Gonk, declining a [RE]action), then uniformly among
    /// that kind's legal answers. Kinds and their candidates are drawn without replacement
    /// and checked one at a time, so only what is drawn pays for listing, [`Game::check`]
    /// and the route finder. Every other decision is a uniform pick among
    /// [`Game::legal_commands`] (see `docs/decisions/random-legal-command.md`).
    pub fn random_legal_command<R: Rng>(&self, rng: &mut R) -> Option<Command> {
        let d = self.decision()?;
        // A model waiting on a face has only the climb's second half to choose (MOVE-25).
        let waiting_climb = self.climb_commands().is_some();
        let mut kinds = if waiting_climb {
            Vec::new()
        } else {
            self.answer_kinds(&d.kind)
        };
        if kinds.is_empty() {
            let mut legal = self.legal_commands();
            if legal.is_empty() {
                return None;
            }
            let i = rng.random_range(0..legal.len());
            return Some(legal.swap_remove(i));
        }
        let mut candidates = Vec::new();
        while !kinds.is_empty() {
            let kind = kinds.swap_remove(rng.random_range(0..kinds.len()));
            candidates.clear();
            self.kind_candidates(&kind, &mut candidates);
            while !candidates.is_empty() {
                let c = candidates.swap_remove(rng.random_range(0..candidates.len()));
                if let Some(cmd) = self.resolve(c)
                    && let Ok(plan) = self.prepare(&cmd)
                {
                    // Kept so that applying this command does not check it again.
                    self.plan.keep(cmd.clone(), plan);
                    return Some(cmd);
                }
            }
        }
        None
    }
}
