//! Netrunning programs (NET-1..NET-21) and the drones they deploy (DRONE-1..DRONE-8).

use redline_rules::card::{ActionDef, Colour, Skills};
use serde::{Deserialize, Serialize};

/// The Running side's vocabulary and reload conditions are the engine's own, so a pack
/// writes exactly what the engine interprets (see `redline_rules::program`).
pub use redline_rules::program::{Reload, RunningEffect, Who};

/// A program card: Loaded side (a Tech action) and Running side (NET-8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramCard {
    /// Unique id.
    pub id: String,
    /// Name; a team holds at most Rarity copies of a name (NET-3).
    pub name: String,
    /// Faction whose deck holds it; `None` for programs any faction may buy.
    #[serde(default)]
    pub faction: Option<String>,
    /// The quality colour: the die rolled to launch it (NET-4).
    pub quality: Colour,
    /// EB cost (TEAM-17).
    pub cost: i32,
    /// Street Cred requirement (TEAM-15).
    #[serde(default)]
    pub street_cred: u8,
    /// Most copies a team may hold (NET-3).
    pub rarity: u8,
    /// The Loaded side's Tech action (NET-9). Drone programs use
    /// [`redline_rules::card::Effect::DeployDrone`] here.
    pub loaded: ActionDef,
    /// What the Running side keeps doing (NET-10).
    #[serde(default)]
    pub running: Vec<RunningEffect>,
    /// When it reloads (NET-10).
    pub reload: Reload,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}

/// A drone profile (DRONE-1): no character or Gonk card, brought in by a program.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DroneCard {
    /// Unique id, named by [`redline_rules::card::Effect::DeployDrone`].
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// The colour of its actions.
    pub colour: Colour,
    /// Skill values.
    #[serde(default)]
    pub skills: Skills,
    /// Its actions besides moving.
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Base diameter in millimetres; 27 when left out.
    #[serde(default)]
    pub base_mm: Option<f32>,
    /// Flies: ignores obstacles when it moves.
    #[serde(default)]
    pub flies: bool,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}
