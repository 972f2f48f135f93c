//! Redline's computer opponents. A bot answers the rules engine's decisions exactly like a
//! player: it looks at a [`Game`], returns one [`Command`] for the current
//! [`redline_rules::Decision`], and the engine checks and applies it (DESIGN §1). Bots never
//! touch game state and own all their randomness (a seeded ChaCha8), so a game between bots
//! is as reproducible as any other.
//!
//! * [`Bot`] is the interface; [`RandomBot`] plays a random legal answer
//!   ([`Game::random_legal_command`]: uniform among the kinds of answer, then among that
//!   kind's legal answers), the baseline the smarter bots are measured against and the
//!   engine of the random-play tests.
//! * [`EasyBot`] draws a behaviour card each time it takes Control and follows its ordered
//!   rules, explaining each choice ([`Bot::explain`]); [`NormalBot`] scores every legal
//!   answer by the exact odds of `redline_rules::odds` and a position evaluation.
//! * [`play_game`] plays a whole game between bots and returns a [`GameRecord`]: the command
//!   log, the number of events, the outcome and the turns played. [`play_game_observed`]
//!   also shows every step to a callback (the random-play tests check invariants there).
//!   Every level deploys its own team in the deployment before the game (FIELD-7);
//!   [`PlannedDeployment`] deploys where a plan says instead (a skirmish's standard
//!   placements) and leaves the rest of the game to the bot it wraps.
//!
//! ```
//! # use redline_ai::{Bot, RandomBot, play_game, PlayLimits};
//! # fn run(setup: redline_rules::Setup) -> Result<(), redline_ai::PlayError> {
//! let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
//! let record = play_game(setup, 42, &mut bots, PlayLimits::default())?;
//! println!("{:?} after {} turns", record.outcome, record.turns);
//! # Ok(())
//! # }
//! ```

mod answers;
mod assess;
mod breach;
mod choice;
mod clock;
mod common;
mod construct;
mod describe;
pub mod easy;
mod errand;
mod fire;
pub mod hard;
mod level;
mod lock;
mod models;
pub mod normal;
mod objective;
mod persona;
mod play;
mod position;
mod random;
mod rescue;
mod security;
mod sentries;
mod style;
mod support;
mod way;
mod win_now;

pub use choice::Choice;
pub use easy::EasyBot;
pub use hard::{ActivationCut, HardBot, HardBudget};
pub use level::{Level, UnknownLevel};
pub use normal::NormalBot;
pub use persona::Persona;
pub use play::{
    GameRecord, PlannedDeployment, PlayError, PlayLimits, Step, play_game, play_game_observed,
    play_game_refereed, play_until,
};
pub use random::RandomBot;
pub use redline_content::schema::Personality;
pub use security::secure;
pub use style::{ActionStyle, action_style};

use redline_rules::{Command, Game};

/// Anything that can answer the engine's decisions: a bot plays one or more seats.
pub trait Bot {
    /// The answer to `game`'s current decision. Called only while the game has a decision
    /// (`game.decision().is_some()`); the command must be one `game.check` accepts.
    fn choose(&mut self, game: &Game) -> Command;

    /// Works on the current decision for about `slice` units of the bot's work and returns
    /// the answer once it has one, `None` while it is still thinking: called again with the
    /// same position it goes on where it stopped. The answer is the one
    /// [`Bot::choose`] gives, however the thinking is sliced, so an app with one thread (a
    /// web page) can think a little each frame. Only a searching bot ([`HardBot`], in
    /// play-out work) pauses; the others answer at once.
    fn think(&mut self, game: &Game, slice: u32) -> Option<Command> {
        let _ = slice;
        Some(self.choose(game))
    }

    /// Why the bot chose its last command, in words for the log (the behaviour card and rule
    /// for [`EasyBot`], the score for [`NormalBot`]); `None` for bots that don't say.
    fn explain(&self) -> Option<String> {
        None
    }

    /// How many of its searches the bot's time cap has cut short so far: a choice made then
    /// depended on how fast the machine ran. Always 0 for bots without a time cap; see
    /// [`HardBudget`].
    fn clock_cuts(&self) -> u64 {
        0
    }
}
