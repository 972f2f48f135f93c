//! Models as the geometry sees them: vertical cylinders on round bases (GEN-3), and the
//! base-to-base distance every range and reach check uses (OPEN-1).

use crate::units::Hypot;
use serde::{Deserialize, Serialize};

use crate::units::{
    BASE_27MM_RADIUS, EPSILON, MODEL_HEIGHT, RangeBand, inches_from_mm, within_reach,
};

/// A model's base on the table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelBase {
    /// The model's id (the rules engine's `ModelId`).
    pub id: u32,
    /// The team (player) the model belongs to; same team = friendly (GEN-4).
    pub team: u8,
    /// Centre of the bottom of the base, in inches: x, y (height it stands at), z.
    pub position: [f32; 3],
    /// Base radius in inches ([`BASE_27MM_RADIUS`] for the standard 27 mm base).
    pub radius: f32,
}

impl ModelBase {
    /// A model on the standard 27 mm base.
    pub fn new(id: u32, team: u8, position: [f32; 3]) -> ModelBase {
        ModelBase {
            id,
            team,
            position,
            radius: BASE_27MM_RADIUS,
        }
    }

    /// A model on a base `base_mm` millimetres across (cards size bases in millimetres,
    /// GEN-3).
    pub fn on_base(id: u32, team: u8, position: [f32; 3], base_mm: f32) -> ModelBase {
        ModelBase::new(id, team, position).with_radius(inches_from_mm(base_mm) / 2.0)
    }

    /// The same model with a different base radius (larger bases, GEN-3).
    pub fn with_radius(self, radius: f32) -> ModelBase {
        ModelBase { radius, ..self }
    }

    /// The same model moved to a new position.
    pub fn at(self, position: [f32; 3]) -> ModelBase {
        ModelBase { position, ..self }
    }

    /// Whether the two models are friendly to each other (GEN-4).
    pub fn is_friend_of(&self, other: &ModelBase) -> bool {
        self.team == other.team
    }

    /// Horizontal distance between the two centres.
    pub fn centre_distance_xz(&self, other: &ModelBase) -> f32 {
        let [ax, _, az] = self.position;
        let [bx, _, bz] = other.position;
        (ax - bx).hypot_exact(az - bz)
    }

    /// Shortest 3D distance between the two bases (OPEN-1, GEN-3: the base, a disc at the
    /// model's feet, is what every distance is measured from); 0 when they touch.
    pub fn distance_to(&self, other: &ModelBase) -> f32 {
        let horizontal = (self.centre_distance_xz(other) - self.radius - other.radius).max(0.0);
        let vertical = (self.position[1] - other.position[1]).abs();
        level_hypot(horizontal, vertical)
    }

    /// Shortest 3D distance from the model's base to a point (OPEN-1).
    pub fn distance_to_point(&self, p: [f32; 3]) -> f32 {
        let [x, y, z] = self.position;
        let horizontal = ((p[0] - x).hypot_exact(p[2] - z) - self.radius).max(0.0);
        level_hypot(horizontal, p[1] - y)
    }

    /// The range band between the two models (OPEN-1, OPEN-2).
    pub fn band_to(&self, other: &ModelBase) -> RangeBand {
        RangeBand::of(self.distance_to(other))
    }

    /// Whether the other model is within reach (≤ 1", GEN-7).
    pub fn within_reach_of(&self, other: &ModelBase) -> bool {
        within_reach(self.distance_to(other))
    }

    /// Whether the two bases overlap (MOVE-4): the cylinders share volume, not merely touch.
    pub fn overlaps(&self, other: &ModelBase) -> bool {
        let reach = self.radius + other.radius - 10.0 * EPSILON;
        // The centres are at least as far apart as they are along x or along z (the
        // square root of a sum of squares is never below either term, in floating point
        // too), so a base that far off along one axis is turned away without the root.
        if (self.position[0] - other.position[0]).abs() >= reach
            || (self.position[2] - other.position[2]).abs() >= reach
        {
            return false;
        }
        let d = self.centre_distance_xz(other);
        d < reach
            && vertical_gap(self.position[1], other.position[1]) <= 0.0
            && (self.position[1] - other.position[1]).abs() < MODEL_HEIGHT - 10.0 * EPSILON
    }
}

/// `horizontal.hypot_exact(vertical)`, exactly, for a `horizontal` that is not negative: on one
/// level (`vertical` zero, as for most pairs of models) that is `horizontal` itself, without
/// the library call.
fn level_hypot(horizontal: f32, vertical: f32) -> f32 {
    if vertical == 0.0 {
        horizontal.abs()
    } else {
        horizontal.hypot_exact(vertical)
    }
}

/// The vertical gap between two model cylinders standing at heights `a` and `b`.
fn vertical_gap(a: f32, b: f32) -> f32 {
    ((a - b).abs() - MODEL_HEIGHT).max(0.0)
}
