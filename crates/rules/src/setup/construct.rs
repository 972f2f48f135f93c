//! What a construct's card says (BOT-1, BOT-8, BOT-9, BOT-11): the system bound to each of
//! its tokens, Heavy with its card height, Mass, and Self-Repair. Read only while the BOT
//! module is on (MOD-2).

use serde::{Deserialize, Serialize};

/// The system a construct's token is bound to (BOT-1). A system is damaged while its token
/// is a wound.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum System {
    /// An Arm carrying the card or Gear actions named, by action id (BOT-2).
    Arm(Vec<String>),
    /// Legs (BOT-3).
    Legs,
    /// A Power system (BOT-4, BOT-7).
    Power,
    /// A CPU (BOT-5).
    Cpu,
}

/// A construct's card data, compiled by the content crate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConstructProfile {
    /// One system per token, in token order (BOT-1).
    pub systems: Vec<System>,
    /// The Heavy keyword (BOT-8).
    #[serde(default)]
    pub heavy: bool,
    /// Card height in inches; a Heavy construct can't cross an obstacle taller than half of
    /// it (BOT-8).
    #[serde(default)]
    pub height: Option<f32>,
    /// Mass from the card, 0 to 2 (BOT-11).
    #[serde(default)]
    pub mass: Option<u8>,
    /// The Self-Repair ability (BOT-9).
    #[serde(default)]
    pub self_repair: bool,
}

impl ConstructProfile {
    /// Mass against a Topple: the card's, else 1 for Heavy and 0 otherwise (BOT-11).
    pub fn topple_mass(&self) -> u8 {
        self.mass.unwrap_or(u8::from(self.heavy))
    }

    /// The system bound to token `i`, if any.
    pub fn system(&self, i: usize) -> Option<&System> {
        self.systems.get(i)
    }
}
