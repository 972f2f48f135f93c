//! Identifiers the engine hands out: seats (players), teams, models, Body tokens.

use serde::{Deserialize, Serialize};

/// A player's seat at the table, numbered clockwise from 0 (CTRL-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

/// A team: one player, or two allied players in a team game (CTRL-18..CTRL-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TeamId(pub u8);

/// A model in play, by its index in [`crate::Setup::models`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ModelId(pub u16);

impl ModelId {
    /// Index into per-model arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A numbered Body token left by a taken-out model (WOUND-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BodyId(pub u16);

impl std::fmt::Display for ModelId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "model #{}", self.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}
