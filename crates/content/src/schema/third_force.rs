//! Third forces (THIRD-1): a neutral crew or lone heavy the engine plays in any game that
//! turns one on. The models are cards of the pack; the force adds its own name, its story
//! and the deck of destinations it draws from (THIRD-3).

use redline_rules::Destination;
use serde::{Deserialize, Serialize};

/// A third force a scenario can name and a game's setup can switch on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThirdForceDef {
    /// Unique id.
    pub id: String,
    /// Name shown to players, in the log ("The Tidebreaker heads for the loudest fight").
    pub name: String,
    /// Who they are, our own words.
    #[serde(default)]
    pub text: String,
    /// Its models: character or Gonk card ids, one entry a model (1 to 6).
    pub members: Vec<String>,
    /// Its destination deck (THIRD-3); left out, the engine's standard deck.
    #[serde(default)]
    pub deck: Vec<Destination>,
}
