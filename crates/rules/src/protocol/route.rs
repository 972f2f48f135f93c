//! The route a model walked, as the engine resolved it: each stretch and how it was
//! travelled, carried by the `Moved` event so a viewer animates the move without asking
//! the geometry again.

use serde::{Deserialize, Serialize};

/// How a stretch of a route is travelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LegKind {
    /// Along a surface.
    Walk,
    /// Straight up a face (MOVE-22).
    Climb,
    /// Straight down: climbing down or dropping (MOVE-18, MOVE-26).
    Drop,
    /// Across a gap between raised surfaces (MOVE-17).
    Jump,
}

/// One stretch of a route, ending at `to`; it starts where the one before it ends (the
/// first where the move starts).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RouteLeg {
    /// Where the stretch ends (the base centre), inches.
    pub to: [f32; 3],
    /// How it is travelled.
    pub kind: LegKind,
}
