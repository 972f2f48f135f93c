//! Smoke and crossing fire (FIRE-11, FIRE-12): whether a Path of Attack enters a part or a
//! building compartment, and which parts and compartments a walked route meets. The rules
//! engine knows which of them burn; the geometry only says what the path or route meets.

use rapier3d::parry::math::Vec3;

use crate::model::ModelBase;
use crate::poa::{Corridor, body_mid};
use crate::room::Compartment;
use crate::scenery::SceneryId;
use crate::solid::Role;
use crate::space::Battlespace;
use crate::units::{EPSILON, POA_WIDTH, REACH};

/// How far apart the points a route is sampled at lie, in inches (FIRE-11).
const ROUTE_SAMPLE: f32 = 0.2;

/// What a walked route meets (FIRE-11): the parts whose footprint the base centre passes
/// over or that it stands on, and the compartments it enters from outside them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RouteMeets {
    /// Parts crossed, climbed or stood on, in the order first met.
    pub parts: Vec<SceneryId>,
    /// Compartments entered, in the order first entered.
    pub compartments: Vec<Compartment>,
}

impl Battlespace {
    /// Whether the Path of Attack from `from` to `to` enters or crosses the part `id`
    /// (FIRE-12, OPEN-5): a body of the part touches the corridor. A part within reach of
    /// `from` is ignored (POA-9), as is an unknown id.
    pub fn path_meets_part(&self, from: &ModelBase, to: &ModelBase, id: SceneryId) -> bool {
        let Some(index) = self.pieces().iter().position(|p| p.id == id) else {
            return false;
        };
        if self.piece_within_reach(from, index) {
            return false;
        }
        let (a, b) = (body_mid(from), body_mid(to));
        let Some(cor) = Corridor::new(a, b, 0.0, (b - a).length()) else {
            return false;
        };
        self.solids()
            .iter()
            .filter(|s| s.piece == index && s.role == Role::Body)
            .filter(|s| cor.aabb_hits(s.min, s.max))
            .any(|s| cor.intersects(&*s.shape, &s.pose))
    }

    /// Whether the Path of Attack from `from` to `to` enters the compartment (FIRE-12): the
    /// line between the bodies' middles passes through the space between its storey's floor
    /// and the top of its walls, over its footprint widened by half the corridor's width.
    /// `false` when the storey doesn't stand.
    pub fn path_meets_compartment(&self, from: &ModelBase, to: &ModelBase, c: Compartment) -> bool {
        self.segment_meets_compartment(body_mid(from), body_mid(to), c)
    }

    /// Whether the segment `a`–`b` passes through the space between the storey's floor and
    /// the top of its walls, over the compartment's footprint widened by half a Path of
    /// Attack's width.
    fn segment_meets_compartment(&self, a: Vec3, b: Vec3, c: Compartment) -> bool {
        let Some((floor, ceiling)) = self.storey_span(c.building, c.storey) else {
            return false;
        };
        let footprint = self.compartment_footprint(c);
        let Some((t0, t1)) = clip_to_polygon(&footprint, a, b, POA_WIDTH / 2.0) else {
            return false;
        };
        let (y0, y1) = (a.y + (b.y - a.y) * t0, a.y + (b.y - a.y) * t1);
        y0.min(y1) <= ceiling && y0.max(y1) >= floor
    }

    /// Whether the base is within reach of the compartment (POA-9, FIRE-12): at a height
    /// between its storey's floor and the top of its walls, and within reach of its
    /// footprint seen from above.
    pub fn within_reach_of_compartment(&self, base: &ModelBase, c: Compartment) -> bool {
        let Some((floor, ceiling)) = self.storey_span(c.building, c.storey) else {
            return false;
        };
        let [x, y, z] = base.position;
        if y < floor - EPSILON || y >= ceiling {
            return false;
        }
        let footprint = self.compartment_footprint(c);
        let p = Vec3::new(x, 0.0, z);
        clip_to_polygon(&footprint, p, p, base.radius + REACH).is_some()
    }

    /// The floor of a storey and the top of its walls (MOD-9).
    fn storey_span(&self, building: u32, storey: u8) -> Option<(f32, f32)> {
        let floor = self.storey_floor(building, storey)?;
        let ceiling = self
            .storey_parts(building, storey)
            .iter()
            .map(|p| p.top())
            .fold(floor, f32::max);
        Some((floor, ceiling))
    }

    /// What a model walking from where it stands through `points` (each leg's end, in
    /// order) meets (FIRE-11): the base centre is sampled every [`ROUTE_SAMPLE`] inches
    /// along the way. Of `parts`, one counts when the centre passes over its footprint or
    /// the model stands on it; with `compartments`, a compartment counts when the model is in it
    /// having started outside it. Only what is asked about is looked for, so a move past
    /// no fire costs little.
    pub fn route_meets(
        &self,
        base: &ModelBase,
        points: &[[f32; 3]],
        parts: &[SceneryId],
        compartments: bool,
    ) -> RouteMeets {
        let mut out = RouteMeets::default();
        let indices: Vec<usize> = parts
            .iter()
            .filter_map(|id| self.pieces().iter().position(|p| p.id == *id))
            .collect();
        if indices.is_empty() && !compartments {
            return out;
        }
        let started_in = compartments.then(|| self.compartment_of(base)).flatten();
        let mut from = base.position;
        for &to in points {
            let len = (0..3)
                .map(|i| (to[i] - from[i]).powi(2))
                .sum::<f32>()
                .sqrt();
            let steps = (len / ROUTE_SAMPLE).ceil().max(1.0) as usize;
            for k in 1..=steps {
                let t = k as f32 / steps as f32;
                let p: [f32; 3] = std::array::from_fn(|i| from[i] + (to[i] - from[i]) * t);
                let here = base.at(p);
                if compartments {
                    self.compartment_met(&here, started_in, &mut out);
                }
                self.parts_met(&here, &indices, &mut out);
            }
            from = to;
        }
        out
    }

    /// Adds the compartment the base at one sampled point is in, unless it started there.
    fn compartment_met(
        &self,
        here: &ModelBase,
        started_in: Option<Compartment>,
        out: &mut RouteMeets,
    ) {
        if let Some(c) = self.compartment_of(here)
            && started_in != Some(c)
            && !out.compartments.contains(&c)
        {
            out.compartments.push(c);
        }
    }

    /// Adds each of the pieces at `indices` whose footprint the base centre is over, or that
    /// the base stands on, at one sampled point.
    fn parts_met(&self, here: &ModelBase, indices: &[usize], out: &mut RouteMeets) {
        let [x, _, z] = here.position;
        let on = self.standing_index(here);
        for &index in indices {
            let id = self.piece_at(index).id;
            if out.parts.contains(&id) {
                continue;
            }
            let over = self
                .solids()
                .iter()
                .filter(|s| s.piece == index && s.role == Role::Body)
                .any(|s| {
                    let mid = Vec3::new(x, (s.min.y + s.max.y) / 2.0, z);
                    s.shape.contains_point(&s.pose, mid)
                });
            if over || on == Some(index) {
                out.parts.push(id);
            }
        }
    }
}

/// The stretch of the segment `a`–`b` (as fractions 0..=1 of it) that lies over the
/// counter-clockwise convex polygon widened by `pad` on each edge, seen from above; `None`
/// when it doesn't pass over it. A widened corner is mitred, slightly larger than rounded.
fn clip_to_polygon(polygon: &[[f32; 2]], a: Vec3, b: Vec3, pad: f32) -> Option<(f32, f32)> {
    if polygon.len() < 3 {
        return None;
    }
    let (mut t0, mut t1) = (0.0_f32, 1.0_f32);
    let d = [b.x - a.x, b.z - a.z];
    for i in 0..polygon.len() {
        let (p, q) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        let (ex, ez) = (q[0] - p[0], q[1] - p[1]);
        let len = ex.hypot(ez);
        if len < 1e-6 {
            continue;
        }
        // Outward normal of a counter-clockwise edge; inside: n·(x − p) ≤ pad.
        let n = [ez / len, -ex / len];
        let start = n[0] * (a.x - p[0]) + n[1] * (a.z - p[1]) - pad;
        let rate = n[0] * d[0] + n[1] * d[1];
        if rate.abs() < 1e-9 {
            if start > 0.0 {
                return None;
            }
            continue;
        }
        let t = -start / rate;
        if rate > 0.0 {
            t1 = t1.min(t);
        } else {
            t0 = t0.max(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((t0, t1))
}

impl Battlespace {
    /// What a Torrent from `from` toward `toward` with the action's `range` sets alight
    /// (FIRE-3): every flammable part in no storey and every compartment (with Fuel) its strip
    /// enters, within range and before the barrier that stops it (OPEN-30).
    pub fn torrent_fuel(
        &self,
        from: &ModelBase,
        toward: [f32; 3],
        range: Option<f32>,
    ) -> RouteMeets {
        let mut out = RouteMeets::default();
        let Some((Some(cor), _)) = self.torrent_corridor(from, toward, range, 0.0) else {
            return out;
        };
        for (index, piece) in self.pieces().iter().enumerate() {
            if piece.fuel.is_none() {
                continue;
            }
            match piece.storey {
                None => {
                    let enters = self
                        .solids()
                        .iter()
                        .filter(|s| s.piece == index && s.role == Role::Body)
                        .filter(|s| cor.aabb_hits(s.min, s.max))
                        .any(|s| cor.intersects(&*s.shape, &s.pose));
                    if enters {
                        out.parts.push(piece.id);
                    }
                }
                Some(s) => {
                    let (a, b) = (cor.a, cor.a + cor.axis * cor.end);
                    for c in self.storey_compartments(s.building, s.number) {
                        if !out.compartments.contains(&c) && self.segment_meets_compartment(a, b, c)
                        {
                            out.compartments.push(c);
                        }
                    }
                }
            }
        }
        out
    }
}
