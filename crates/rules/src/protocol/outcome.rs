//! How a game ended: who won, and why (CTRL-20, CTRL-21).

use serde::{Deserialize, Serialize};

use crate::ids::{Seat, TeamId};
use crate::setup::scenario::EndReason;

/// The result of a finished game (CTRL-20, CTRL-21).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One team won; all its players win together (CTRL-20).
    Win {
        /// The winning team.
        team: TeamId,
        /// Its players.
        seats: Vec<Seat>,
        /// The condition met, or how a limit was decided.
        why: EndReason,
    },
    /// No winner.
    Draw {
        /// Why nobody won.
        why: EndReason,
    },
}

impl Outcome {
    /// Why the game ended.
    pub fn why(&self) -> &EndReason {
        match self {
            Outcome::Win { why, .. } | Outcome::Draw { why } => why,
        }
    }

    /// The winning team, if any.
    pub fn winner(&self) -> Option<TeamId> {
        match self {
            Outcome::Win { team, .. } => Some(*team),
            Outcome::Draw { .. } => None,
        }
    }
}
