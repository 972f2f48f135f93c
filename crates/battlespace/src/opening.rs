//! Openings as a way into a building compartment (FIRE-2, FIRE-7, FIRE-13): where a door
//! or window of a storey's wall is, the Path of Attack to it, where an Impact token thrown
//! through it lies, and where a model leaping out of it lands.

use crate::model::ModelBase;
use crate::poa::{PathOfAttack, PoaOptions, body_mid};
use crate::scenery::{Opening, SceneryId, SceneryShape};
use crate::space::Battlespace;
use crate::units::{EPSILON, MODEL_HEIGHT, RangeBand};

/// An opening of a wall part, located on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpeningPlace {
    /// The middle of the opening on the wall's centre line, at its sill (x, y, z).
    pub sill: [f32; 3],
    /// The horizontal unit normal of the wall pointing into the building (x, z): toward the
    /// footprint's middle of the wall's storey, or an arbitrary side for a wall in no storey.
    pub inward: [f32; 2],
    /// Half the wall's thickness.
    pub half_thickness: f32,
    /// The opening itself.
    pub opening: Opening,
}

impl Battlespace {
    /// Opening `k` of the wall part `id`, located on the table; `None` for an unknown part,
    /// a part that is not a wall, or no such opening.
    pub fn opening_place(&self, id: SceneryId, k: u8) -> Option<OpeningPlace> {
        let piece = self.piece(id)?;
        let SceneryShape::Wall {
            from,
            to,
            thickness,
            ..
        } = piece.shape
        else {
            return None;
        };
        let opening = *piece.openings.get(usize::from(k))?;
        let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
        let len = dx.hypot(dz).max(1e-6);
        let (ux, uz) = (dx / len, dz / len);
        let (x, z) = (from[0] + ux * opening.along, from[1] + uz * opening.along);
        let mut inward = [-uz, ux];
        if let Some(s) = piece.storey {
            let footprint = self.storey_footprint(s.building, s.number);
            if !footprint.is_empty() {
                let n = footprint.len() as f32;
                let (cx, cz) = footprint
                    .iter()
                    .fold((0.0, 0.0), |(a, b), p| (a + p[0] / n, b + p[1] / n));
                if (cx - x) * inward[0] + (cz - z) * inward[1] < 0.0 {
                    inward = [uz, -ux];
                }
            }
        }
        Some(OpeningPlace {
            sill: [x, piece.base + opening.bottom, z],
            inward,
            half_thickness: thickness / 2.0,
            opening,
        })
    }

    /// Shortest distance from the model's base to the middle of opening `k` of wall `id`
    /// (MOD-7, FIRE-2), measured at the opening's mid-height.
    pub fn distance_to_opening(&self, base: &ModelBase, id: SceneryId, k: u8) -> Option<f32> {
        let o = self.opening_place(id, k)?;
        let mid = o.sill[1] + (o.opening.top - o.opening.bottom) / 2.0;
        Some((base.distance_to_point([o.sill[0], mid, o.sill[2]])).max(0.0))
    }

    /// The Path of Attack from `from` to the middle of opening `k` of wall `id` (FIRE-2,
    /// MOD-7): the wall itself adds nothing; other scenery and models count as for a model
    /// target. Its distance and band are to the opening.
    pub fn path_to_opening(
        &self,
        from: &ModelBase,
        id: SceneryId,
        k: u8,
        others: &[ModelBase],
        opts: PoaOptions,
    ) -> Option<PathOfAttack> {
        let index = self.pieces().iter().position(|p| p.id == id)?;
        let o = self.opening_place(id, k)?;
        let distance = self.distance_to_opening(from, id, k)?;
        let top = o.sill[1] + (o.opening.top - o.opening.bottom);
        let height = body_mid(from).y.clamp(o.sill[1], top.max(o.sill[1]));
        // A point target: a base so small that only the corridor's end is at the opening.
        let target = ModelBase::new(
            u32::MAX,
            u8::MAX,
            [o.sill[0], height - MODEL_HEIGHT / 2.0, o.sill[2]],
        )
        .with_radius(0.01);
        let mut poa = self.path_of_attack_skipping(from, &target, others, opts, Some(index));
        poa.distance = distance;
        poa.band = RangeBand::of(distance);
        poa.in_range = opts.range.is_none_or(|r| distance <= r + EPSILON);
        Some(poa)
    }

    /// Where the Impact token of a Blast thrown through opening `k` of wall `id` lies
    /// (FIRE-2): on the floor inside, just past the wall, within reach of the opening.
    pub fn impact_through_opening(&self, id: SceneryId, k: u8) -> Option<[f32; 3]> {
        let o = self.opening_place(id, k)?;
        let floor = self
            .piece(id)
            .and_then(|p| p.storey)
            .and_then(|s| self.storey_floor(s.building, s.number))
            .unwrap_or(0.0);
        let r = o.half_thickness + crate::blast::IMPACT_TOKEN_RADIUS + 0.05;
        let (x, z) = (o.sill[0] + o.inward[0] * r, o.sill[2] + o.inward[1] * r);
        Some([x, self.surface_below(x, z, floor + EPSILON), z])
    }

    /// Where a model leaping out through opening `k` of wall `id` lands (FIRE-13): just
    /// outside the wall below the opening, on the first surface under the sill, and how far
    /// it falls from the sill.
    pub fn leap_landing(&self, base: &ModelBase, id: SceneryId, k: u8) -> Option<([f32; 3], f32)> {
        let o = self.opening_place(id, k)?;
        let r = o.half_thickness + base.radius + 0.05;
        let (x, z) = (o.sill[0] - o.inward[0] * r, o.sill[2] - o.inward[1] * r);
        let y = self.surface_below(x, z, o.sill[1]);
        Some(([x, y, z], (o.sill[1] - y).max(0.0)))
    }
}
