//! Where a wall's openings span: the distance from a base to any part of one door or
//! window (reach, where [`Battlespace::distance_to_opening`] measures to its middle), and which
//! opening of a wall a point is at. The security module's locks sit on openings (SEC-5..SEC-8).

use crate::model::ModelBase;
use crate::scenery::{SceneryId, SceneryShape};
use crate::space::Battlespace;
use crate::units::{EPSILON, Hypot, nearest_on_segment, point_segment_distance};

impl Battlespace {
    /// The ends (x, z) of opening `index` of wall `id` along the wall's centre line, with the
    /// wall's half thickness, its bottom and its top; `None` if the piece is no wall or has
    /// no such opening.
    fn opening_span(&self, id: SceneryId, index: u8) -> Option<([[f32; 2]; 2], f32, f32, f32)> {
        let piece = self.piece(id)?;
        let SceneryShape::Wall {
            from,
            to,
            thickness,
            height,
        } = piece.shape
        else {
            return None;
        };
        let o = piece.openings.get(usize::from(index))?;
        let len = (to[0] - from[0]).hypot_exact(to[1] - from[1]);
        if len <= 0.0 {
            return None;
        }
        let dir = [(to[0] - from[0]) / len, (to[1] - from[1]) / len];
        let at = |s: f32| [from[0] + dir[0] * s, from[1] + dir[1] * s];
        let ends = [at(o.along - o.width / 2.0), at(o.along + o.width / 2.0)];
        Some((ends, thickness / 2.0, piece.base, piece.base + height))
    }

    /// Closest horizontal distance from the base's edge to opening `index` of wall `id`, or
    /// `None` if there is no such opening or the base stands above or below the wall.
    pub fn distance_to_opening_span(
        &self,
        base: &ModelBase,
        id: SceneryId,
        index: u8,
    ) -> Option<f32> {
        let (ends, half, bottom, top) = self.opening_span(id, index)?;
        let y = base.position[1];
        if y < bottom - 0.5 || y > top {
            return None;
        }
        let p = [base.position[0], base.position[2]];
        let d = point_segment_distance(p, ends[0], ends[1]);
        Some((d - half - base.radius).max(0.0))
    }

    /// The opening of wall `id` nearest the point (x, z): the one a route crossing the wall
    /// there passes through.
    pub fn opening_near(&self, id: SceneryId, x: f32, z: f32) -> Option<u8> {
        let piece = self.piece(id)?;
        (0..piece.openings.len().min(usize::from(u8::MAX)) as u8)
            .filter_map(|i| {
                let (ends, ..) = self.opening_span(id, i)?;
                Some((i, point_segment_distance([x, z], ends[0], ends[1])))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// The middle of opening `index` of wall `id` at the wall's base (x, y, z).
    pub fn opening_centre(&self, id: SceneryId, index: u8) -> Option<[f32; 3]> {
        let (ends, _, bottom, _) = self.opening_span(id, index)?;
        Some([
            (ends[0][0] + ends[1][0]) / 2.0,
            bottom,
            (ends[0][1] + ends[1][1]) / 2.0,
        ])
    }

    /// Where an Impact token aimed at opening `index` of wall `id` lies (TERR-7, SEC-8):
    /// touching the door or window at its point nearest the attacker, on the attacker's side
    /// of the wall, on the surface there. `None` for an unknown wall or opening.
    pub fn impact_point_on_opening(
        &self,
        id: SceneryId,
        index: u8,
        from: &ModelBase,
    ) -> Option<[f32; 3]> {
        let (ends, half, bottom, _) = self.opening_span(id, index)?;
        let p = [from.position[0], from.position[2]];
        let [a, b] = ends;
        let q = nearest_on_segment(p, a, b);
        let (dx, dz) = (p[0] - q[0], p[1] - q[1]);
        let len = dx.hypot_exact(dz);
        let (ux, uz) = if len < 1e-4 {
            (1.0, 0.0)
        } else {
            (dx / len, dz / len)
        };
        let r = half + crate::blast::IMPACT_TOKEN_RADIUS + 0.01;
        let (x, z) = (q[0] + ux * r, q[1] + uz * r);
        Some([x, self.surface_below(x, z, bottom + EPSILON), z])
    }
}
