//! Fire (FIRE-3, FIRE-7, FIRE-8): the flammable parts a Blast's Impact token sets alight,
//! and those a burning part or an Inferno reaches.

use rapier3d::parry::math::Vec3;
use rapier3d::parry::query;

use crate::blast::IMPACT_TOKEN_RADIUS;
use crate::building::inside;
use crate::model::ModelBase;
use crate::room::Compartment;
use crate::scenery::SceneryId;
use crate::solid::Role;
use crate::space::Battlespace;
use crate::units::{EPSILON, REACH, RED};

/// The side of the square an enclosed compartment's footprint fits in, in inches (MOD-9).
pub const ENCLOSED_SIDE: f32 = 4.0;

impl Battlespace {
    /// Every flammable part in no building storey that has a point within RED of the Impact
    /// token at `centre` (token centre, on the surface) with no barrier between the token and
    /// that point (FIRE-3, KW-12); in piece order.
    pub fn flammable_parts_in_blast(&self, centre: [f32; 3]) -> Vec<SceneryId> {
        let c = Vec3::new(centre[0], centre[1] + 0.25, centre[2]);
        let token_on = self.standing_index(&ModelBase::new(u32::MAX, 0, centre));
        let mut out = Vec::new();
        for (index, piece) in self.pieces().iter().enumerate() {
            if piece.fuel.is_none() || piece.storey.is_some() {
                continue;
            }
            let Some(nearest) = self.nearest_body_point(index, c) else {
                continue;
            };
            if (nearest - c).length() - IMPACT_TOKEN_RADIUS > RED + EPSILON {
                continue;
            }
            if self
                .barrier_between(c, nearest, &[token_on, Some(index)])
                .is_none()
            {
                out.push(piece.id);
            }
        }
        out
    }

    /// Every flammable part in no storey, other than the part `id`, within reach of it
    /// (FIRE-7, GEN-7); in piece order.
    pub fn flammable_parts_within_reach_of(&self, id: SceneryId) -> Vec<SceneryId> {
        let Some(from) = self.pieces().iter().position(|p| p.id == id) else {
            return Vec::new();
        };
        self.free_flammable()
            .filter(|&i| i != from && self.gap_between(from, i) <= REACH + EPSILON)
            .map(|i| self.piece_at(i).id)
            .collect()
    }

    /// Every flammable part in no storey within reach of the building: of one of its parts,
    /// or standing inside its footprint (FIRE-8, GEN-7); in piece order.
    pub fn flammable_parts_within_reach_of_building(&self, building: u32) -> Vec<SceneryId> {
        let walls: Vec<usize> = self
            .pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.storey.is_some_and(|s| s.building == building))
            .map(|(i, _)| i)
            .collect();
        let footprint = self.storey_footprint(building, 1);
        self.free_flammable()
            .filter(|&i| {
                let over = footprint.len() >= 3 && inside(&footprint, self.piece_at(i).centre());
                over || walls
                    .iter()
                    .any(|&w| self.gap_between(w, i) <= REACH + EPSILON)
            })
            .map(|i| self.piece_at(i).id)
            .collect()
    }

    /// Every flammable compartment with a door, window or hole within reach of the part
    /// `id` (FIRE-7); in piece order, each once.
    pub fn compartments_with_openings_within_reach_of(&self, id: SceneryId) -> Vec<Compartment> {
        let Some(from) = self.pieces().iter().position(|p| p.id == id) else {
            return Vec::new();
        };
        let mut out: Vec<Compartment> = Vec::new();
        for wall in self.pieces() {
            if wall.storey.is_none() || wall.fuel.is_none() {
                continue;
            }
            for k in 0..wall.openings.len() as u8 {
                let near = self.opening_points(wall.id, k).iter().any(|&p| {
                    self.nearest_body_point(from, p)
                        .is_some_and(|q| (q - p).length() <= REACH + EPSILON)
                });
                if !near {
                    continue;
                }
                for c in self.opening_compartments(wall.id, k) {
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// Three points across the middle of opening `k` of wall `id`: its two sides and its
    /// middle, at mid-height.
    fn opening_points(&self, id: SceneryId, k: u8) -> Vec<Vec3> {
        let (Some(o), Some(piece)) = (self.opening_place(id, k), self.piece(id)) else {
            return Vec::new();
        };
        let crate::scenery::SceneryShape::Wall { from, to, .. } = piece.shape else {
            return Vec::new();
        };
        let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
        let len = dx.hypot(dz).max(1e-6);
        let half = o.opening.width / 2.0;
        let y = o.sill[1] + (o.opening.top - o.opening.bottom) / 2.0;
        [-half, 0.0, half]
            .iter()
            .map(|&t| Vec3::new(o.sill[0] + dx / len * t, y, o.sill[2] + dz / len * t))
            .collect()
    }

    /// Whether the compartment is enclosed (MOD-9, FIRE-9): its footprint fits inside a
    /// 4"×4" square, tried square to the table and square to each of the footprint's edges.
    pub fn compartment_enclosed(&self, c: Compartment) -> bool {
        let footprint = self.compartment_footprint(c);
        if footprint.len() < 3 {
            return false;
        }
        let n = footprint.len();
        let directions = std::iter::once([1.0_f32, 0.0]).chain((0..n).filter_map(|i| {
            let (a, b) = (footprint[i], footprint[(i + 1) % n]);
            let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
            let len = dx.hypot(dz);
            (len > 1e-6).then(|| [dx / len, dz / len])
        }));
        directions.into_iter().any(|[ux, uz]| {
            let extent = |f: &dyn Fn([f32; 2]) -> f32| {
                let (lo, hi) = footprint
                    .iter()
                    .map(|&p| f(p))
                    .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
                hi - lo
            };
            let along = extent(&|p| p[0] * ux + p[1] * uz);
            let across = extent(&|p| -p[0] * uz + p[1] * ux);
            along <= ENCLOSED_SIDE + EPSILON && across <= ENCLOSED_SIDE + EPSILON
        })
    }

    /// Indices of the flammable pieces in no storey.
    fn free_flammable(&self) -> impl Iterator<Item = usize> + '_ {
        self.pieces()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.fuel.is_some() && p.storey.is_none())
            .map(|(i, _)| i)
    }

    /// The shortest distance between the solid bodies of the pieces at indices `a` and `b`.
    fn gap_between(&self, a: usize, b: usize) -> f32 {
        let bodies = |k: usize| {
            self.solids()
                .iter()
                .filter(move |s| s.piece == k && s.role == Role::Body)
        };
        bodies(a)
            .flat_map(|x| {
                bodies(b).filter_map(move |y| {
                    query::distance(&x.pose, &*x.shape, &y.pose, &*y.shape).ok()
                })
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// The point of the piece at `index` nearest `p`, over its solid bodies.
    fn nearest_body_point(&self, index: usize, p: Vec3) -> Option<Vec3> {
        self.solids()
            .iter()
            .filter(|s| s.piece == index && s.role == Role::Body)
            .map(|s| s.shape.project_point(&s.pose, p, true).point)
            .min_by(|a, b| (*a - p).length().total_cmp(&(*b - p).length()))
    }
}
