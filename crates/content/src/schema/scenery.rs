//! Scenery pieces (MOVE-5..MOVE-27, FIELD-11): solids in inches, tagged with what the
//! players would agree before the game.

use serde::{Deserialize, Serialize};

/// The solid of one part, in inches. Y is up; a part sits on its `at` point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// An upright box, centred on `at` in x and z, rising from `at.y`.
    Box {
        /// Extent along x.
        width: f32,
        /// Extent along z.
        depth: f32,
        /// Extent along y.
        height: f32,
    },
    /// An upright cylinder (barrels, tanks, posts).
    Cylinder {
        /// Radius.
        radius: f32,
        /// Height.
        height: f32,
    },
    /// A wall segment along x, centred on `at`; doors and windows cut into it.
    Wall {
        /// Length along x.
        length: f32,
        /// Thickness along z.
        thickness: f32,
        /// Height.
        height: f32,
    },
    /// An upright prism over the convex hull of a footprint (wrecked cars, rubble heaps).
    Hull {
        /// At least three `(x, z)` points relative to `at`.
        footprint: Vec<[f32; 2]>,
        /// Height.
        height: f32,
    },
}

/// What the players agree a part is (FIELD-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SceneryTag {
    /// Slows but doesn't stop (MOVE-6).
    Obstacle,
    /// Can't be moved through (MOVE-7).
    Barrier,
    /// Climbed with no roll: ladders, handholds (MOVE-27).
    EasyClimb,
    /// Light enough to drag (MOVE-14).
    Draggable,
    /// Has a top models can stand on (POA-10).
    Elevated,
}

/// Door or window: the geometry's own kind, written in packs as `Door` or `Window`.
pub use redline_battlespace::OpeningKind;

/// An opening in a wall part.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// Door or window.
    pub kind: OpeningKind,
    /// Centre of the opening along the wall, from the wall's centre (−length/2..length/2).
    pub along: f32,
    /// Width.
    pub width: f32,
    /// Height of the gap.
    pub height: f32,
    /// Height of its bottom above the wall's foot (0 for doors).
    #[serde(default)]
    pub sill: f32,
}

/// One solid of a piece, placed relative to the piece's origin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// Name for messages ("north wall").
    #[serde(default)]
    pub name: String,
    /// The solid.
    pub shape: Shape,
    /// Offset `(x, y, z)` from the piece's origin; y is the part's foot.
    #[serde(default)]
    pub at: [f32; 3],
    /// Turn about the vertical axis, degrees, counter-clockwise seen from above.
    #[serde(default)]
    pub rotation_deg: f32,
    /// Exactly one of Obstacle or Barrier, plus any others.
    pub tags: Vec<SceneryTag>,
    /// Doors and windows (wall parts only).
    #[serde(default)]
    pub openings: Vec<Opening>,
    /// Ladders on the part's faces: easy to climb there (MOVE-27).
    #[serde(default)]
    pub ladders: Vec<LadderSpot>,
}

/// A ladder or handholds on a face of a part (MOVE-27).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadderSpot {
    /// A point `(x, z)` on the face, relative to the part's `at`, before the part turns.
    pub at: [f32; 2],
    /// Width of the easy section along the face.
    pub width: f32,
}

/// A scenery piece of the library: one or more parts moved and turned as one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneryPiece {
    /// Unique id, named by layouts.
    pub id: String,
    /// Name shown in the planner.
    pub name: String,
    /// The solids.
    pub parts: Vec<Part>,
    /// A note for players.
    #[serde(default)]
    pub text: String,
    /// The built-in visual it is drawn with ([`crate::visuals::SCENERY_VISUALS`]); left out,
    /// a starter kind gets its own and any other kind a plain one dressed by shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visual: Option<String>,
}
