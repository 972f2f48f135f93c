//! Dice revealed after they are rolled, for play over a network (DESIGN §9): the host's game
//! hands out the draws each command made ([`Game::last_draws`]); a replica, started without
//! the seed ([`Game::replica`]), is fed those draws ([`Game::reveal_draws`]) before the same
//! command and arrives at the same state. The replica never holds the seed, so it cannot
//! know a roll before the host has made it. Both sides compare [`Game::public_hash`]: the
//! state hash less the dice generator's position, which only the seed's holder can compute.

use crate::setup::{Setup, SetupError};
use crate::state::Game;
use crate::state::dicebox::DiceBox;

impl Game {
    /// A copy of a game that has no dice of its own: every draw it makes is one the host
    /// revealed. `opening` are the draws the host's game made as it started (a roll-off for
    /// first Control, CTRL-15), read from [`Game::last_draws`] before its first command.
    /// Its [`Game::seed`] is 0; compare it with the host through [`Game::public_hash`].
    pub fn replica(setup: Setup, opening: &[u32]) -> Result<Game, SetupError> {
        Game::start(setup, 0, DiceBox::replica(opening))
    }

    /// Queues the draws the host's game made for a command, before a replica applies the
    /// same command. On a game with a seed this does nothing.
    pub fn reveal_draws(&mut self, draws: &[u32]) {
        self.plan.clear();
        self.dice.reveal(draws);
    }

    /// Every draw of the dice (a die's face, or a pick such as a Loot card) made by the last
    /// [`Game::apply`], or by [`Game::new`] before any command: what a host reveals once the
    /// command has been played.
    pub fn last_draws(&self) -> &[u32] {
        self.dice.tape()
    }

    /// A stable hash of the game state less the dice generator's position: equal on the host
    /// and on every replica that played the same commands with the revealed draws.
    pub fn public_hash(&self) -> u64 {
        self.hash_without_dice().finish()
    }
}
