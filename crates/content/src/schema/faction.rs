//! Factions (TEAM-1): each has its own characters, Gear and Objective deck.

use serde::{Deserialize, Serialize};

use super::behaviour::{BehaviourCard, Personality};

/// A faction a team may be built for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionDef {
    /// Id; character, Gear and Objective cards name it in their `faction` field.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// One or two sentences of flavour for the team builder.
    #[serde(default)]
    pub blurb: String,
    /// Display colour as `(r, g, b)` in 0..=255 (team tint on bases and UI).
    #[serde(default)]
    pub colour: [u8; 3],
    /// The crew style its models are drawn in ([`crate::visuals::CREW_VISUALS`]); left out,
    /// a starter faction gets its own and any other faction the freelance style.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visual: Option<String>,
    /// The faction's behaviour deck for the Easy computer, one card per situation; left
    /// out, the computer plays it with the generic deck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub behaviour: Vec<BehaviourCard>,
    /// What the computer playing it values (Normal and Hard); left out, neutral.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub personality: Option<Personality>,
}
