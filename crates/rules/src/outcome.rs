//! How a game ended.

use serde::{Deserialize, Serialize};

use crate::ids::{Seat, TeamId};

/// The result of a finished game (CTRL-20, CTRL-21).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One team won; all its players win together (CTRL-20).
    Win {
        /// The winning team.
        team: TeamId,
        /// Its players.
        seats: Vec<Seat>,
    },
    /// No winner (the turn limit with equal model counts).
    Draw,
}
