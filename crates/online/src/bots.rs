//! Computer seats on the host: one bot per seat, kept between its turns (a bot such as
//! [`redline_ai::EasyBot`] follows its behaviour card through an activation), answering the
//! [`BotJob`]s a [`crate::host::Hub`] hands out.

use std::collections::HashMap;
use std::str::FromStr;

use redline_ai::{Bot, Level};
use redline_rules::{Command, Seat};

use crate::host::BotJob;
use crate::protocol::MatchId;

/// The bots of every computer seat a host runs.
#[derive(Default)]
pub struct BotRunner {
    bots: HashMap<(MatchId, Seat, String), Box<dyn Bot + Send>>,
}

impl BotRunner {
    /// No bots yet; each is made on its seat's first turn.
    pub fn new() -> BotRunner {
        BotRunner::default()
    }

    /// The seat's bot's answer to the job's game.
    pub fn answer(&mut self, job: &BotJob) -> Command {
        let level = Level::from_str(&job.level).unwrap_or(Level::Random);
        // The bot's own randomness: fixed per match and seat (it never sees the dice seed).
        let seed = job
            .match_id
            .wrapping_mul(31)
            .wrapping_add(u64::from(job.seat.0));
        let bot = self
            .bots
            .entry((job.match_id, job.seat, job.level.clone()))
            .or_insert_with(|| level.bot(seed));
        bot.choose(&job.game)
    }

    /// Forgets the bots of a match that is over.
    pub fn forget(&mut self, match_id: MatchId) {
        self.bots.retain(|(m, _, _), _| *m != match_id);
    }
}
