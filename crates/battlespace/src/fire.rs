//! Fire (FIRE-3, FIRE-7, FIRE-8): the flammable parts a Blast's Impact token sets alight,
//! and those a burning part or an Inferno reaches.

use rapier3d::parry::math::Vec3;
use rapier3d::parry::query;

use crate::blast::IMPACT_TOKEN_RADIUS;
use crate::building::inside;
use crate::model::ModelBase;
use crate::scenery::SceneryId;
use crate::solid::Role;
use crate::space::Battlespace;
use crate::units::{EPSILON, REACH, RED};

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
