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
    /// What it is made of (TERR-3); left out, `Immune`. Read only by the modules (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// Hardness 0..=9 instead of the material's (TERR-2, TERR-3). Modules only (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hardness: Option<u8>,
    /// Markers that destroy it (or each of its sections), 1..=9, instead of TERR-5's.
    /// Modules only (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structure: Option<u8>,
    /// Length of a wall's sections in inches, above 0; left out, 4" (TERR-4). Modules only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section_len: Option<f32>,
    /// Fuel 0..=2: the part is flammable (FIRE-4); left out, it never burns. Modules only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fuel: Option<u8>,
    /// Whether it leaves rubble when destroyed (TERR-8); left out, all but Soft parts do.
    /// Modules only (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rubble: Option<bool>,
    /// `ChainLink` or `RazorWire`: the part is a fence (SEC-14), an obstacle of Soft
    /// material. Read only while the security module is on (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fence: Option<FenceKind>,
}

/// Chain-link or razor wire: the geometry's own kind, written in packs as `ChainLink` or
/// `RazorWire` (SEC-14).
pub use redline_battlespace::FenceKind;

/// What a scenery part is made of, which sets its Hardness (TERR-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Material {
    /// Hedges, bushes, wire fences: Hardness 0.
    Soft,
    /// Crates, wooden fences and buildings: Hardness 1.
    Wood,
    /// Drums, vehicles, containers, tanks, catwalks, ladders: Hardness 2.
    Metal,
    /// Brick and concrete: Hardness 3.
    Brick,
    /// Reinforced concrete: Hardness 5.
    Reinforced,
    /// Earth banks, water, rubble: can't be targeted.
    Immune,
}

impl Material {
    /// The material's Hardness (TERR-3); `None` for Immune.
    pub fn hardness(self) -> Option<u8> {
        match self {
            Material::Soft => Some(0),
            Material::Wood => Some(1),
            Material::Metal => Some(2),
            Material::Brick => Some(3),
            Material::Reinforced => Some(5),
            Material::Immune => None,
        }
    }
}

impl Part {
    /// Whether the part is a slab, a floor or a roof (MOD-9): a flat box models can stand on.
    pub fn is_slab(&self) -> bool {
        matches!(self.shape, Shape::Box { .. }) && self.tags.contains(&SceneryTag::Elevated)
    }
}

/// One storey of a building (MOD-9): its walls and the slab above them, listed bottom first
/// in [`SceneryPiece::storeys`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Storey {
    /// Names of the piece's parts in this storey: its walls and at most one slab (the next
    /// floor, or the roof; a roofless ruin has none).
    pub parts: Vec<String>,
    /// Markers that collapse it, 1..=9, instead of TERR-5's by material.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structure: Option<u8>,
    /// The Fuel 0..=2 of the storey's compartment (FIRE-4); left out, 1: a compartment's
    /// contents burn whatever its walls are made of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fuel: Option<u8>,
    /// Its rooms, each a compartment (MOD-9); left out, the storey is one compartment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<Room>,
}

/// A room of a storey: a compartment of its own (MOD-9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Room {
    /// Its name, which a scenario's fire may give to set this room alight (FIRE-15); left
    /// out, the room is named by its number from 1 in the storey's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its footprint, at least three `(x, z)` points from the piece's origin.
    pub footprint: Vec<[f32; 2]>,
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
    /// A building's storeys, bottom first (MOD-9); empty for any other piece. Read only by
    /// the modules (MOD-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub storeys: Vec<Storey>,
}
