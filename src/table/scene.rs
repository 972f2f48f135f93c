//! The app-side description of a battle scene: table, deployment zones, scenery, teams and
//! miniatures, in inches (x along the 30" edge, z along the 22" edge, y up, table corner
//! at the origin).
//!
//! This is the one adapter between the game's data and the 3D view: `set_table.rs` fills
//! it from the deployment or the match (docs/decisions/app-scene-adapter.md).

use bevy::prelude::*;
use redline_rules::ModelId;
use redline_rules::card::{Colour, Skills};

/// Everything the battle view needs to set the table; empty until the Battle screen first
/// opens on a deployment or a match.
#[derive(Resource, Debug, Clone, Default)]
pub struct BattleScene {
    /// Name of the layout, for the log.
    pub name: String,
    /// The table mat.
    pub table: TableSpec,
    /// The teams, in seat order; `MiniatureSpec::team` indexes this.
    pub teams: Vec<TeamSpec>,
    /// Scenery pieces.
    pub scenery: Vec<SceneryPiece>,
    /// Miniatures on the table.
    pub miniatures: Vec<MiniatureSpec>,
    /// The pack's pieces as placed, for their look; empty when the layout is not in the
    /// catalog (the solids are then drawn plain).
    pub dressed: Vec<DressedPiece>,
}

/// A pack's scenery piece where the layout placed it, and the visual it is drawn with.
#[derive(Debug, Clone)]
pub struct DressedPiece {
    /// How it is drawn (`SceneryVisual::for_piece`).
    pub visual: redline_meshes::scenery::SceneryVisual,
    /// The pack's piece, in its own frame.
    pub piece: redline_content::schema::SceneryPiece,
    /// Where its frame sits: `(x, elevation, z)`.
    pub at: Vec3,
    /// Its turn about +Y, degrees.
    pub rotation_deg: f32,
    /// The engine's id of its first part (its parts are the ids that follow).
    pub first_part: u32,
}

/// The table mat.
#[derive(Debug, Clone, Default)]
pub struct TableSpec {
    /// Size along x (the long edge), inches.
    pub width: f32,
    /// Size along z, inches.
    pub depth: f32,
    /// Deployment zones, drawn tinted in the team's colour.
    pub zones: Vec<DeploymentZone>,
}

/// A rectangle of the table where one team deploys.
#[derive(Debug, Clone, Copy)]
pub struct DeploymentZone {
    /// Index into [`BattleScene::teams`].
    pub team: usize,
    /// Corner with the smallest (x, z).
    pub min: Vec2,
    /// Corner with the largest (x, z).
    pub max: Vec2,
}

/// One player's team.
#[derive(Debug, Clone)]
pub struct TeamSpec {
    /// Team name as the players read it.
    pub name: String,
    /// Team colour (bases, deployment zone, panel accents).
    pub colour: Color,
    /// Luck tokens left (LUCK-1).
    pub luck: u8,
}

/// What a scenery piece is, for its look; the rules care about its tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneryKind {
    /// Shipping container.
    Container,
    /// Wall section.
    Wall,
    /// Low barricade.
    Barricade,
    /// Building (several solids).
    Building,
    /// Barrels.
    Barrel,
    /// Crates.
    Crate,
}

/// Scenery tags (DESIGN.md §3; MOVE-5..7: every piece is an obstacle or a barrier).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneryTag {
    /// Slows a model but doesn't stop it (MOVE-6).
    Obstacle,
    /// Can't be moved through (MOVE-7).
    Barrier,
    /// Has a door.
    Door,
    /// Has an opening.
    Opening,
    /// Can be climbed.
    Climbable,
    /// Can be dragged.
    Draggable,
    /// Has a top models can stand on.
    Elevated,
}

/// A named piece of scenery made of one or more solids.
#[derive(Debug, Clone)]
pub struct SceneryPiece {
    /// The engine's id of the piece.
    pub id: redline_battlespace::SceneryId,
    /// Name used in messages ("Container 2").
    pub name: String,
    /// What it looks like.
    pub kind: SceneryKind,
    /// What it is for the rules.
    pub tags: Vec<SceneryTag>,
    /// Its solids, in table coordinates.
    pub solids: Vec<Solid>,
}

impl SceneryPiece {
    /// True when the piece is a barrier rather than an obstacle (MOVE-5).
    pub fn is_barrier(&self) -> bool {
        self.tags.contains(&SceneryTag::Barrier)
    }
}

/// A solid standing on the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Solid {
    /// A box; `centre.y` is the height of its centre.
    Box {
        /// Centre, inches.
        centre: Vec3,
        /// Full size along its own x, y, z, inches.
        size: Vec3,
        /// Rotation about y, radians.
        yaw: f32,
    },
    /// An upright cylinder; `centre.y` is the height of its centre.
    Cylinder {
        /// Centre, inches.
        centre: Vec3,
        /// Radius, inches.
        radius: f32,
        /// Full height, inches.
        height: f32,
    },
    /// An upright prism over a convex footprint (wrecks, rubble).
    Prism {
        /// Footprint corners `(x, z)` in table coordinates, in order round the outline.
        footprint: Vec<Vec2>,
        /// Height of its foot.
        base: f32,
        /// Full height, inches.
        height: f32,
    },
}

impl Solid {
    /// A box standing on the table (or on `base`, the height of what it stands on).
    pub fn standing_box(x: f32, z: f32, size: Vec3, yaw_degrees: f32, base: f32) -> Solid {
        Solid::Box {
            centre: Vec3::new(x, base + size.y / 2.0, z),
            size,
            yaw: yaw_degrees.to_radians(),
        }
    }

    /// An upright cylinder standing on the table.
    pub fn standing_cylinder(x: f32, z: f32, radius: f32, height: f32) -> Solid {
        Solid::Cylinder {
            centre: Vec3::new(x, height / 2.0, z),
            radius,
            height,
        }
    }
}

/// One miniature and the parts of its card the battle view shows.
#[derive(Debug, Clone)]
pub struct MiniatureSpec {
    /// The model in the rules' setup.
    pub model: ModelId,
    /// Name on the card.
    pub name: String,
    /// Role line on the card ("Solo", "Gonk").
    pub role: String,
    /// Index into [`BattleScene::teams`].
    pub team: usize,
    /// Centre of the base on the table (x, z).
    pub position: Vec2,
    /// Height of the surface it stands on.
    pub height: f32,
    /// Facing in degrees: 0 towards +x, 90 towards +z.
    pub facing_degrees: f32,
    /// Base diameter, inches.
    pub base_diameter: f32,
    /// The figure drawn for it (crew, role, kit and base from the card).
    pub figure: redline_meshes::FigureSpec,
    /// Action tokens (TOK-1): colour and whether it is Ready.
    pub tokens: Vec<(Colour, bool)>,
    /// Skills on the card.
    pub skills: Skills,
    /// Deployed on the table at the start; `false` for Reserves and set-aside models
    /// (FIELD-8, DRONE-8), hidden until they enter.
    pub on_table: bool,
}

impl MiniatureSpec {
    /// The unit vector the model faces, on the table plane.
    pub fn facing(&self) -> Vec3 {
        let a = self.facing_degrees.to_radians();
        Vec3::new(a.cos(), 0.0, a.sin())
    }
}
