//! Netrunning programs (NET-1..NET-21) and the drones they deploy (DRONE-1..DRONE-8).

use redline_rules::card::{ActionDef, Band, Colour, Skill, Skills};
use serde::{Deserialize, Serialize};

/// Who a Running-side effect applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The Netrunner running the program.
    Runner,
    /// The model the Loaded action succeeded against.
    Target,
    /// Every friendly model within the band of the Netrunner.
    FriendlyWithin(Band),
    /// Every rival model within the band of the Netrunner.
    RivalsWithin(Band),
}

/// An ongoing effect printed on a program's Running side (NET-10). Closed, like
/// [`redline_rules::card::Effect`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunningEffect {
    /// The models count as Vulnerable: every Skill but Tech is 0 (NET-11).
    Vulnerable(Who),
    /// A Skill changes by the amount while the program runs.
    SkillModifier {
        /// Whom it affects.
        who: Who,
        /// Which Skill.
        skill: Skill,
        /// By how much.
        by: i8,
    },
    /// +X when the models oppose with the Skill (KW-17).
    Defense {
        /// Whom it affects.
        who: Who,
        /// Which Skill.
        skill: Skill,
        /// The bonus.
        by: u8,
    },
    /// The runner's team draws a Loot card whenever the target fails an action roll (EX-25).
    LootWhenTargetFails,
    /// Friendly models may move the stated colour as a free move once each (MOVE-28).
    FreeMove {
        /// Whom it affects.
        who: Who,
        /// The move's length.
        colour: Colour,
    },
    /// The deployed drone acts once each time its team Inspires (DRONE-3).
    DroneActsAtInspire,
}

/// When a Running program turns back to its Loaded side (NET-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reload {
    /// When its team Inspires (CTRL-12).
    AtInspire,
    /// When the drone it deployed is taken out.
    WhenDroneTakenOut,
    /// Never: it runs for the rest of the scenario.
    Never,
}

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
