//! Where a climb can go from where a model stands (MOVE-22..26): the spot just over the edge
//! of each raised top whose face the base stands at the foot of, and the spot at the foot of
//! each edge of the top it stands on that it is at (a climb down). The rules engine offers a
//! move to each as a climb, in one action or two (MOVE-25), since no straight run of a
//! whole band ends there.

use crate::units::{EPSILON, Hypot, RED, STEP};
use rapier3d::parry::math::Vec3;

use crate::model::ModelBase;
use crate::movement::CLIMB_START_TOLERANCE;
use crate::solid::Solid;
use crate::space::Battlespace;

/// How far past a top's edge the base's rim is set down, so that it stands wholly on it
/// (or, climbing down, wholly clear of it).
const ON_TOP_MARGIN: f32 = 0.05;

/// Directions tried round a model on a top when looking for the edges it is at: every
/// 11.25°, so the spot found is within 5.6° of straight across a side (the run to it at most
/// 0.5 % longer than straight across).
const EDGE_DIRECTIONS: usize = 32;

impl Battlespace {
    /// The spots a climb from `mover`'s position can end on. Up: for each raised top more
    /// than RED above the model (a climb that needs a roll or a ladder, MOVE-22) whose side the
    /// base is at the foot of (within [`CLIMB_START_TOLERANCE`] of it), the point straight
    /// across the nearest side, with the base wholly on the top; only spots a model can stand
    /// at (nothing holds the top closed there) are given, in layout order. Then down: the
    /// spots of [`Battlespace::climb_down_spots`] (MOVE-26). Whether the move is legal, in one
    /// action or two, is [`Battlespace::check_move`]'s and
    /// [`Battlespace::check_two_action_climb`]'s to say.
    pub fn climb_spots(&self, mover: &ModelBase) -> Vec<[f32; 3]> {
        let [x, y, z] = mover.position;
        let r = mover.radius;
        let (level, _) = self.settle(x, z, y);
        let near = r + CLIMB_START_TOLERANCE;
        let mut out: Vec<[f32; 3]> = Vec::new();
        let (centre, reach) = (Vec3::new(x, 0.0, z), Vec3::new(near, 0.0, near));
        for si in self.surfaces_in(centre - reach, centre + reach) {
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
                (o[0] - spot[0]).hypot_exact(o[2] - spot[2]) < 0.1 && (o[1] - top).abs() <= STEP
            });
            if stands && new {
                out.push(spot);
            }
        }
        out.extend(self.climb_down_spots(mover));
        out
    }

    /// The spots a climb down from `mover`'s position can end on (MOVE-22, MOVE-26): for each
    /// side of the raised top the model stands on that its centre is within
    /// [`CLIMB_START_TOLERANCE`] of its rim from (the edge it must start the action at), the
    /// point straight out across that side with the base wholly clear of it, on the surface
    /// below, where that is more than RED down (a climb, not a step). Sides are found as the
    /// directions in which the model leaves the top soonest; spots are in the order of those
    /// directions, anticlockwise from +x seen from above. Whether the move is legal, in one
    /// action or two, is [`Battlespace::check_move`]'s and
    /// [`Battlespace::check_two_action_climb`]'s to say.
    pub fn climb_down_spots(&self, mover: &ModelBase) -> Vec<[f32; 3]> {
        let [x, y, z] = mover.position;
        let r = mover.radius;
        let (top, support) = self.settle(x, z, y);
        let Some(piece) = support else {
            return Vec::new(); // on the table: nothing to climb down from
        };
        let holding: Vec<&Solid> = self
            .inner
            .surfaces
            .iter()
            .map(|&i| &self.solids()[i])
            .filter(|s| {
                s.piece == piece
                    && (s.top() - top).abs() <= STEP
                    && s.contains_xz(x, s.top() - 0.01, z)
            })
            .collect();
        if holding.is_empty() {
            return Vec::new();
        }
        // How far the centre goes in each direction before it leaves the top, if it does
        // within the edge's reach (MOVE-22).
        let reach = r + CLIMB_START_TOLERANCE;
        let from = Vec3::new(x, top - 0.01, z);
        let dirs: Vec<Vec3> = (0..EDGE_DIRECTIONS)
            .map(|k| {
                let a = k as f32 * std::f32::consts::TAU / EDGE_DIRECTIONS as f32;
                Vec3::new(a.cos(), 0.0, a.sin())
            })
            .collect();
        let exits: Vec<f32> = dirs
            .iter()
            .map(|&d| {
                let to = from + d * (reach + 0.01);
                let out = holding
                    .iter()
                    .filter_map(|s| s.segment_interval(from, to))
                    .map(|(_, t1)| t1)
                    .fold(0.0f32, f32::max);
                if out <= reach { out } else { f32::INFINITY }
            })
            .collect();
        let n = EDGE_DIRECTIONS;
        let mut out: Vec<[f32; 3]> = Vec::new();
        for k in 0..n {
            let (before, here, after) = (exits[(k + n - 1) % n], exits[k], exits[(k + 1) % n]);
            // The nearest way off a side: a local minimum (ties go to the first direction).
            if !here.is_finite() || here >= before || here > after {
                continue;
            }
            let across = here + r + ON_TOP_MARGIN;
            let (sx, sz) = (x + dirs[k].x * across, z + dirs[k].z * across);
            let below = self.level_at(sx, sz, top);
            let spot = [sx, below, sz];
            let new = !out
                .iter()
                .any(|o| (o[0] - sx).hypot_exact(o[2] - sz) < 0.1 && (o[1] - below).abs() <= STEP);
            if top - below > RED + EPSILON && self.table().contains_base(&mover.at(spot)) && new {
                out.push(spot);
            }
        }
        out
    }
}
