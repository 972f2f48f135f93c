//! Scenery definitions (MOVE-5..7, MOVE-12..14, MOVE-27, FIELD-11): plain data, serde-ready so
//! packs and layouts can be written in RON.

use serde::{Deserialize, Serialize};

/// A scenery piece's id, unique within a layout; the UI highlights pieces by it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct SceneryId(pub u32);

/// Obstacle or barrier, as the players agreed before the game (MOVE-5, FIELD-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SceneryKind {
    /// Slows a model but doesn't stop it (MOVE-6); gives +1 in a Path of Attack (POA-5).
    Obstacle,
    /// Can't be moved through (MOVE-7); blocks a Path of Attack it crosses (POA-8).
    Barrier,
}

/// The solid a piece occupies. All pieces rest on their `base` height (0 = the table).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SceneryShape {
    /// A box: `size` = [x, y (height), z], turned `yaw_degrees` about the vertical axis.
    Box {
        /// Centre of the footprint (x, z).
        centre: [f32; 2],
        /// Full size along x, y (height) and z, before turning.
        size: [f32; 3],
        /// Turn about the vertical axis, in degrees (counter-clockwise seen from above).
        #[serde(default)]
        yaw_degrees: f32,
    },
    /// An upright cylinder (a tank, a pillar, a barrel stack).
    Cylinder {
        /// Centre of the footprint (x, z).
        centre: [f32; 2],
        /// Radius in inches.
        radius: f32,
        /// Height in inches.
        height: f32,
    },
    /// An upright prism over the convex hull of `footprint` (x, z) points.
    Hull {
        /// At least three (x, z) points; their convex hull is the footprint.
        footprint: Vec<[f32; 2]>,
        /// Height in inches.
        height: f32,
    },
    /// A straight wall segment from `from` to `to` (x, z), which may hold openings.
    Wall {
        /// One end of the wall's centre line (x, z).
        from: [f32; 2],
        /// The other end (x, z).
        to: [f32; 2],
        /// Thickness in inches.
        thickness: f32,
        /// Height in inches.
        height: f32,
    },
}

impl SceneryShape {
    /// The shape's height in inches.
    pub fn height(&self) -> f32 {
        match self {
            SceneryShape::Box { size, .. } => size[1],
            SceneryShape::Cylinder { height, .. }
            | SceneryShape::Hull { height, .. }
            | SceneryShape::Wall { height, .. } => *height,
        }
    }
}

/// What an opening in a wall is (MOVE-12, MOVE-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpeningKind {
    /// A hole or window: crossing it is like crossing an obstacle (MOVE-12).
    Window,
    /// A door or any gap made for people to walk through: free passage (MOVE-13).
    Door,
}

/// An opening in a [`SceneryShape::Wall`], measured along the wall from its `from` end.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opening {
    /// Window or door.
    pub kind: OpeningKind,
    /// Distance from the wall's `from` end to the middle of the opening, in inches.
    pub along: f32,
    /// Width of the opening, in inches.
    pub width: f32,
    /// Height of the opening's bottom above the wall's base (0 for a door).
    #[serde(default)]
    pub bottom: f32,
    /// Height of the opening's top above the wall's base.
    pub top: f32,
}

/// A ladder or handholds: a face section that is easy to climb (MOVE-27).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    /// A point (x, z) on the face where the ladder stands.
    pub at: [f32; 2],
    /// Width of the easy section along the face, in inches.
    pub width: f32,
}

/// One piece of scenery, with every property the players agree before play (FIELD-11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SceneryPiece {
    /// Unique id within the layout.
    pub id: SceneryId,
    /// The name players see, used in refusals ("the barrier 'Container 2'").
    pub name: String,
    /// Obstacle or barrier.
    pub kind: SceneryKind,
    /// The solid it occupies.
    pub shape: SceneryShape,
    /// Height of the piece's bottom (0 = standing on the table).
    #[serde(default)]
    pub base: f32,
    /// Whether models may stand on its flat top (POA-10, MOVE-17).
    #[serde(default)]
    pub elevated: bool,
    /// Whether every face is easy to climb (MOVE-27).
    #[serde(default)]
    pub easy_climb: bool,
    /// Ladders: face sections that are easy to climb (MOVE-27).
    #[serde(default)]
    pub ladders: Vec<Ladder>,
    /// Windows and doors; only walls may have them (MOVE-12, MOVE-13).
    #[serde(default)]
    pub openings: Vec<Opening>,
    /// Whether the object is light enough to drag (MOVE-14).
    #[serde(default)]
    pub draggable: bool,
    /// What the damaging-scenery module reads of the part (TERR-2..TERR-8); `None` for a
    /// part that can't be targeted (Immune, TERR-3) and for every part of a game with that
    /// module off, so core layouts serialise as before (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Damageable>,
    /// The building storey the part belongs to (MOD-9); `None` for a part in no storey and
    /// for every part of a game with the modules that read buildings off (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storey: Option<StoreyOf>,
    /// The part's Fuel 0..=2 when it is flammable, or for a part of a building storey its
    /// compartment's Fuel (FIRE-4); `None` for a part that never burns and for every part of
    /// a game with the fire module off (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fuel: Option<u8>,
    /// What the part is as a fence (SEC-14); `None` for a part that is no fence and for
    /// every part of a game with the security module off (MOD-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fence: Option<FenceKind>,
    /// The rooms of the part's storey (MOD-9), each a footprint of (x, z) points on the
    /// table, the same on every part of that storey; empty for a storey that is one
    /// compartment, for a part in no storey, and with the fire module off (MOD-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<Vec<[f32; 2]>>,
    /// The pack's names of those rooms, in the order of `rooms`, `None` for a room the pack
    /// leaves unnamed (FIRE-15); empty when it names none of them, and whenever `rooms` is,
    /// so a layout without names serialises as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub room_names: Vec<Option<String>>,
}

/// What a fence part is made of (SEC-14), as packs write it: read only by the security
/// module, which counts such a part as a fence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FenceKind {
    /// Chain-link: an obstacle that counts in a Path of Attack.
    ChainLink,
    /// Razor wire: an obstacle that counts for nothing in a Path of Attack.
    RazorWire,
}

/// Where a part sits in a building (MOD-9): which building, which storey, and what the
/// storey as a whole is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreyOf {
    /// The building: the same number on every part of one building.
    pub building: u32,
    /// The storey, numbered upward from 1.
    pub number: u8,
    /// Markers that make the storey collapse (TERR-5, TERR-13).
    pub structure: u8,
    /// Whether this part is the storey's slab (its floor above, or the roof), not a wall.
    pub slab: bool,
}

/// A part that Breach actions may damage (TERR-2..TERR-5, TERR-8).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Damageable {
    /// Added to the Obstacle die against a Breach roll (TERR-2, TERR-3).
    pub hardness: u8,
    /// Markers that destroy the part or each of its sections; `None` for TERR-5's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structure: Option<u8>,
    /// Length of a wall's sections in inches (TERR-4).
    #[serde(default = "default_section_len")]
    pub section_len: f32,
    /// Whether a destroyed section or part leaves rubble (TERR-8, TERR-16).
    #[serde(default = "yes")]
    pub rubble: bool,
    /// Soft material (hedges, wire): Structure 1 whatever its size (TERR-5).
    #[serde(default)]
    pub soft: bool,
}

/// TERR-4's section length, in inches.
pub const SECTION_LEN: f32 = 4.0;

fn default_section_len() -> f32 {
    SECTION_LEN
}

fn yes() -> bool {
    true
}

impl SceneryPiece {
    /// A piece with the given id, name, kind and shape and every flag off.
    pub fn new(id: u32, name: &str, kind: SceneryKind, shape: SceneryShape) -> SceneryPiece {
        SceneryPiece {
            id: SceneryId(id),
            name: name.to_owned(),
            kind,
            shape,
            base: 0.0,
            elevated: false,
            easy_climb: false,
            ladders: Vec::new(),
            openings: Vec::new(),
            draggable: false,
            damage: None,
            storey: None,
            fuel: None,
            fence: None,
            rooms: Vec::new(),
            room_names: Vec::new(),
        }
    }

    /// Marks the piece's top as a surface models may stand on.
    pub fn elevated(mut self) -> SceneryPiece {
        self.elevated = true;
        self
    }

    /// Marks every face of the piece easy to climb.
    pub fn easy_climb(mut self) -> SceneryPiece {
        self.easy_climb = true;
        self
    }

    /// Adds a ladder at a face point.
    pub fn with_ladder(mut self, at: [f32; 2], width: f32) -> SceneryPiece {
        self.ladders.push(Ladder { at, width });
        self
    }

    /// Adds an opening (walls only).
    pub fn with_opening(mut self, opening: Opening) -> SceneryPiece {
        self.openings.push(opening);
        self
    }

    /// Marks the piece as a light object that can be dragged.
    pub fn draggable(mut self) -> SceneryPiece {
        self.draggable = true;
        self
    }

    /// Height of the piece's top above the table.
    pub fn top(&self) -> f32 {
        self.base + self.shape.height()
    }

    /// The middle of the piece's footprint (x, z): a box's or cylinder's centre, a hull's
    /// corner average, a wall's midpoint.
    pub fn centre(&self) -> [f32; 2] {
        match &self.shape {
            SceneryShape::Box { centre, .. } | SceneryShape::Cylinder { centre, .. } => *centre,
            SceneryShape::Hull { footprint, .. } => {
                let n = footprint.len().max(1) as f32;
                let sum = footprint
                    .iter()
                    .fold([0.0, 0.0], |a, p| [a[0] + p[0], a[1] + p[1]]);
                [sum[0] / n, sum[1] / n]
            }
            SceneryShape::Wall { from, to, .. } => {
                [(from[0] + to[0]) / 2.0, (from[1] + to[1]) / 2.0]
            }
        }
    }

    /// "obstacle" or "barrier", for messages.
    pub fn kind_word(&self) -> &'static str {
        match self.kind {
            SceneryKind::Obstacle => "obstacle",
            SceneryKind::Barrier => "barrier",
        }
    }

    /// The same piece moved so its footprint is displaced by (dx, dz) (dragging, MOVE-16).
    pub fn translated(&self, dx: f32, dz: f32) -> SceneryPiece {
        let mut out = self.clone();
        let shift = |p: &mut [f32; 2]| {
            p[0] += dx;
            p[1] += dz;
        };
        match &mut out.shape {
            SceneryShape::Box { centre, .. } | SceneryShape::Cylinder { centre, .. } => {
                shift(centre)
            }
            SceneryShape::Hull { footprint, .. } => footprint.iter_mut().for_each(shift),
            SceneryShape::Wall { from, to, .. } => {
                shift(from);
                shift(to);
            }
        }
        out.ladders.iter_mut().for_each(|l| shift(&mut l.at));
        out
    }
}

/// A whole layout: what packs store as RON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// The table.
    pub table: crate::table::Table,
    /// Every scenery piece.
    pub scenery: Vec<SceneryPiece>,
}
