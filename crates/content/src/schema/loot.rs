//! Loot cards (BASIC-14, BASIC-16): a shared deck of one-shot or lasting benefits.

use redline_rules::card::ActionDef;
use serde::{Deserialize, Serialize};

use super::Passive;

/// A Loot card. `copies` says how many of it the Loot deck holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LootCard {
    /// Unique id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Copies in the Loot deck (at least 1).
    #[serde(default = "one")]
    pub copies: u8,
    /// Actions it grants to the holder (BASIC-16); one-shot cards carry Discard (KW-18).
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Passive abilities that last until the scenario ends.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Flavour text.
    #[serde(default)]
    pub text: String,
}

fn one() -> u8 {
    1
}
