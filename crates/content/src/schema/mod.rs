//! The RON schema of a content pack: one type per kind of card or table piece.
//!
//! Every pack file is a list of [`Entry`] values, so a file can hold any mix of kinds and a
//! reader sees at a glance what each item is (`Character(...)`, `Gear(...)`). All structs
//! deny unknown fields, so a misspelt field is a load error, not a silently ignored line.

mod behaviour;
mod character;
mod coop;
mod coop_arc;
mod faction;
mod gear;
mod layout;
mod loot;
mod manifest;
mod objective;
mod program;
mod scenario;
mod scenery;
mod third_force;

use serde::{Deserialize, Serialize};

pub use behaviour::{ActionRule, BehaviourCard, ControlRule, Personality, Situation};
pub use character::{CardKeyword, CharacterCard, GonkCard, Passive};
pub use coop::{ComputerCrew, CoopSheet, MAX_PEOPLE, MIN_PEOPLE, WaveSheet};
pub use coop_arc::{ArcCarry, ArcGame, ArcReinforcement, CoopArc};
pub use faction::FactionDef;
pub use gear::{GearCard, GearKeyword};
pub use layout::{Layout, PartTags, PlacedPiece};
pub use loot::LootCard;
pub use manifest::PackManifest;
pub use objective::{Goal, ModelFilter, ObjectiveCard, ObjectiveKind, Reward};
pub use program::{DroneCard, ProgramCard, Reload, RunningEffect, Who};
pub use scenario::{
    Consequences, Corner, DeploymentZone, Distance, Edge, FirstControl, Lighter, Reserves, Role,
    Scenario, ScenarioFire, ScenarioRule, ScenarioSetup, Side, TeamFormat, WinCondition, Zone,
};
pub use scenery::{
    FenceKind, LadderSpot, Material, Opening, OpeningKind, Part, Room, SceneryPiece, SceneryTag,
    Shape, Storey,
};
pub use third_force::ThirdForceDef;

/// One item of a pack file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Entry {
    /// A faction (TEAM-1).
    Faction(FactionDef),
    /// A character card, basic or Veteran (GEN-8, GEN-14).
    Character(CharacterCard),
    /// A Gonk card (GEN-10).
    Gonk(GonkCard),
    /// A Gear card (GEN-13).
    Gear(GearCard),
    /// A netrunning program (NET-8).
    Program(ProgramCard),
    /// A drone profile, deployed by a program (DRONE-1, DRONE-2).
    Drone(DroneCard),
    /// A Loot card (BASIC-16).
    Loot(LootCard),
    /// An Objective card (CAMP-10..CAMP-16).
    Objective(ObjectiveCard),
    /// A scenery piece (MOVE-5, FIELD-11).
    Scenery(SceneryPiece),
    /// A ready table layout (FIELD-1, FIELD-2).
    Layout(Layout),
    /// A scenario sheet (FIELD-6).
    Scenario(Scenario),
    /// A third force the engine plays (THIRD-1).
    ThirdForce(ThirdForceDef),
    /// A co-op campaign arc (COOP-7).
    CoopArc(CoopArc),
}

impl Entry {
    /// The item's id.
    pub fn id(&self) -> &str {
        match self {
            Entry::Faction(x) => &x.id,
            Entry::Character(x) => &x.id,
            Entry::Gonk(x) => &x.id,
            Entry::Gear(x) => &x.id,
            Entry::Program(x) => &x.id,
            Entry::Drone(x) => &x.id,
            Entry::Loot(x) => &x.id,
            Entry::Objective(x) => &x.id,
            Entry::Scenery(x) => &x.id,
            Entry::Layout(x) => &x.id,
            Entry::Scenario(x) => &x.id,
            Entry::ThirdForce(x) => &x.id,
            Entry::CoopArc(x) => &x.id,
        }
    }

    /// The kind of item, as a word for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Faction(_) => "faction",
            Entry::Character(_) => "character",
            Entry::Gonk(_) => "gonk",
            Entry::Gear(_) => "gear",
            Entry::Program(_) => "program",
            Entry::Drone(_) => "drone",
            Entry::Loot(_) => "loot",
            Entry::Objective(_) => "objective",
            Entry::Scenery(_) => "scenery",
            Entry::Layout(_) => "layout",
            Entry::Scenario(_) => "scenario",
            Entry::ThirdForce(_) => "third force",
            Entry::CoopArc(_) => "co-op arc",
        }
    }
}
