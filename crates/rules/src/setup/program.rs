//! Netrunning programs as the engine reads them (NET-1..NET-21): the Loaded side's Tech
//! action, the Running side's ongoing effects and when the card reloads, and the drone a
//! program deploys (DRONE-2).
//!
//! Packs write these in RON (the content crate re-exports [`RunningEffect`], [`Who`] and
//! [`Reload`] in its schema); the closed vocabulary is interpreted in the engine's
//! `netrunning/`, never run as code.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::setup::card::{ActionDef, Band, Colour, ModelProfile, Skill};

/// Who a Running-side effect applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The Netrunner running the program.
    Runner,
    /// The model the Loaded action succeeded against.
    Target,
    /// Every friendly model within the band of the Netrunner, the Netrunner included.
    FriendlyWithin(Band),
    /// Every rival model within the band of the Netrunner.
    RivalsWithin(Band),
}

/// An ongoing effect printed on a program's Running side (NET-10). It lasts while the
/// program runs and its Netrunner is in play.
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
    /// The Netrunner draws a Loot card whenever the target fails an action roll (EX-25).
    LootWhenTargetFails,
    /// When the program launches, each of the models may make one free move of the stated
    /// colour, in the order their player chooses (MOVE-28).
    FreeMove {
        /// Whom it affects.
        who: Who,
        /// The move's length.
        colour: Colour,
    },
    /// The deployed drone acts once each time its team Inspires, like a Gonk (DRONE-3).
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

/// A program installed on a Netrunner (NET-2, NET-8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramDef {
    /// The program's id in its pack.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The quality colour: the die rolled to launch it (NET-4).
    pub quality: Colour,
    /// The Loaded side's Tech action (NET-9).
    pub loaded: ActionDef,
    /// What the Running side keeps doing (NET-10).
    #[serde(default)]
    pub running: Vec<RunningEffect>,
    /// When it reloads (NET-10).
    pub reload: Reload,
    /// The drone its Loaded action deploys, if any (DRONE-2, `Effect::DeployDrone`).
    #[serde(default)]
    pub drone: Option<Arc<ModelProfile>>,
}

impl ProgramDef {
    /// Whether the Running side has an effect of this shape.
    pub fn runs(&self, effect: fn(&RunningEffect) -> bool) -> bool {
        self.running.iter().any(effect)
    }
}
