//! Objective cards (CAMP-10..CAMP-16): a hidden goal and the reward for completing it.

use serde::{Deserialize, Serialize};

/// Which models a goal counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModelFilter {
    /// Any rival model.
    Any,
    /// Rival characters (GEN-5).
    Character,
    /// Rival Gonks.
    Gonk,
    /// The rival Leader.
    Leader,
    /// Rival characters with at least one star.
    Veteran,
    /// Rival Cyber-Characters (TEAM-10).
    CyberCharacter,
    /// Rival Netrunners.
    Netrunner,
    /// Rival drones.
    Drone,
}

/// What must happen in one game to complete an Objective.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// Take out this many rival models of a kind.
    TakeOut {
        /// How many.
        count: u8,
        /// Of which kind.
        of: ModelFilter,
    },
    /// Loot this many Body tokens (BASIC-12).
    LootBodies(u8),
    /// Control this many quarters at once, after an Inspire (FIELD-10).
    ControlQuarters(u8),
    /// Put this many Hacked tokens on rivals (NET-14).
    HackRivals(u8),
    /// Heal this many wounds (WOUND-12).
    HealWounds(u8),
    /// Succeed with this many Command actions (CMD-1).
    Commands(u8),
    /// End the game with your Leader never wounded.
    LeaderUnwounded,
    /// Have this many models wholly inside the rival's deployment zone at once.
    InvadeDeployment(u8),
    /// Win the scenario.
    WinScenario,
}

/// How a completed Objective is used (CAMP-14..CAMP-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ObjectiveKind {
    /// Stays in play from game to game (CAMP-14).
    Ongoing,
    /// Discarded for its effect, then back to the Supply (CAMP-15).
    Recycle,
    /// A Cybergear card a model may equip in later games (CAMP-16).
    Cybergear,
}

/// What completing an Objective or winning a scenario gives.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reward {
    /// Street Cred stars (CAMP-13).
    pub stars: u8,
    /// Extra EB for team building (TEAM-18).
    pub eb: u8,
    /// Extra Luck tokens (LUCK-1).
    pub luck: u8,
    /// A Gear card (for Cybergear Objectives, a Cybergear card) added to the HQ.
    pub gear: Option<String>,
    /// A character card added to the HQ.
    pub character: Option<String>,
}

/// An Objective card of a faction's deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveCard {
    /// Unique id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// The faction whose deck holds it (TEAM-1).
    pub faction: String,
    /// What must happen.
    pub goal: Goal,
    /// How the completed card is used.
    pub kind: ObjectiveKind,
    /// What it gives.
    #[serde(default)]
    pub reward: Reward,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}
