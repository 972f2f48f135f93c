//! Table layouts (FIELD-1..FIELD-3): a table size and scenery pieces placed on it.

use serde::{Deserialize, Serialize};

/// One piece placed on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedPiece {
    /// Scenery piece id.
    pub piece: String,
    /// Position `(x, z)` of the piece's origin, inches from the table's corner.
    pub at: [f32; 2],
    /// Height of the piece's foot (pieces set on top of others); 0 on the table.
    #[serde(default)]
    pub elevation: f32,
    /// Turn about the vertical axis, degrees.
    #[serde(default)]
    pub rotation_deg: f32,
    /// Label shown in messages ("Container 2"); the piece's name when left out.
    #[serde(default)]
    pub label: Option<String>,
}

/// A ready table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// Unique id.
    pub id: String,
    /// Name shown in the planner.
    pub name: String,
    /// Table size `(x, z)` in inches; x runs along the long edge (DESIGN §3).
    pub size: [f32; 2],
    /// Placed pieces.
    pub pieces: Vec<PlacedPiece>,
    /// A note for players.
    #[serde(default)]
    pub text: String,
}
