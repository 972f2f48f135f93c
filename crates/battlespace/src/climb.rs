//! Where a climb can go from where a model stands (MOVE-22..25): the spot just over the edge
//! of each raised top whose face the base stands at the foot of. The rules engine offers a
//! move to each as a climb, in one action or two (MOVE-25), since no straight run of a
//! whole band ends there.

use rapier3d::parry::math::Vec3;

use crate::model::ModelBase;
use crate::movement::CLIMB_START_TOLERANCE;
use crate::space::{Battlespace, STEP};
use crate::units::{EPSILON, RED};

/// How far past a top's edge the base's rim is set down, so that it stands wholly on it.
const ON_TOP_MARGIN: f32 = 0.05;

impl Battlespace {
    /// The spots a climb from `mover`'s position can end on: for each raised top more than
    /// RED above the model (a climb that needs a roll or a ladder, MOVE-22) whose side the base
    /// is at the foot of (within [`CLIMB_START_TOLERANCE`] of it), the point straight across
    /// the nearest side, with the base wholly on the top. Only spots a model can stand at
    /// (nothing holds the top closed there) are given, in layout order; whether the move is
    /// legal, in one action or two, is [`Battlespace::check_move`]'s and
    /// [`Battlespace::check_two_action_climb`]'s to say.
    pub fn climb_spots(&self, mover: &ModelBase) -> Vec<[f32; 3]> {
        let [x, y, z] = mover.position;
        let r = mover.radius;
        let (level, _) = self.settle(x, z, y);
        let near = r + CLIMB_START_TOLERANCE;
        let mut out: Vec<[f32; 3]> = Vec::new();
        for &si in &self.inner.surfaces {
            let s = &self.solids()[si];
            let top = s.top();
            if top <= level + RED + EPSILON
                || s.min.x > x + near
                || s.max.x < x - near
                || s.min.z > z + near
                || s.max.z < z - near
            {
                continue;
            }
            // Scenery solids are upright prisms: the nearest side at the top's height is the
            // nearest side at the model's height too.
            let at = Vec3::new(x, top - 0.01, z);
            let proj = s.shape.project_point(&s.pose, at, true);
            if proj.is_inside {
                continue; // under the top, not beside it
            }
            let d = Vec3::new(proj.point.x - x, 0.0, proj.point.z - z);
            let gap = d.length();
            if gap < 1e-4 || gap - r > CLIMB_START_TOLERANCE {
                continue;
            }
            let dir = d / gap;
            let across = gap + r + ON_TOP_MARGIN;
            let spot = [x + dir.x * across, top, z + dir.z * across];
            let stands = (self.level_at(spot[0], spot[2], top) - top).abs() <= STEP;
            let new = !out.iter().any(|o| {
                (o[0] - spot[0]).hypot(o[2] - spot[2]) < 0.1 && (o[1] - top).abs() <= STEP
            });
            if stands && new {
                out.push(spot);
            }
        }
        out
    }
}
