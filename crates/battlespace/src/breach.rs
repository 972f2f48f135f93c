//! Scenery as a target and scenery that changes during a game (MOD-7, TERR-4, TERR-8,
//! TERR-16, TERR-17): a wall's sections, the distance and Path of Attack to one, and the
//! battlespace with a section or a part destroyed and rubble left in its place.

use rapier3d::parry::math::{Pose, Vec3};
use rapier3d::parry::query;

use crate::error::LayoutError;
use crate::model::ModelBase;
use crate::poa::{PathOfAttack, PoaOptions};
use crate::scenery::{Opening, OpeningKind, SceneryId, SceneryKind, SceneryPiece, SceneryShape};
use crate::solid::{self, Role};
use crate::space::Battlespace;
use crate::units::{Hypot, MODEL_HEIGHT, RangeBand};

/// Height of rubble, in inches (TERR-16).
pub const RUBBLE_HEIGHT: f32 = 1.0;

impl SceneryPiece {
    /// How many sections the part has: ⌈length ÷ section length⌉ for a wall, 1 for any
    /// other part (TERR-4).
    pub fn section_count(&self) -> u8 {
        let len = self
            .damage
            .map_or(crate::scenery::SECTION_LEN, |d| d.section_len);
        match (&self.shape, self.wall_length()) {
            (SceneryShape::Wall { .. }, Some(l)) if len > 0.0 => {
                ((l / len - 1e-4).ceil().max(1.0)).min(f32::from(u8::MAX)) as u8
            }
            _ => 1,
        }
    }

    /// A wall's length along its centre line; `None` for any other shape.
    pub fn wall_length(&self) -> Option<f32> {
        match &self.shape {
            SceneryShape::Wall { from, to, .. } => {
                Some((to[0] - from[0]).hypot_exact(to[1] - from[1]))
            }
            _ => None,
        }
    }

    /// Where section `k` of a wall runs, in inches along it from its `from` end (TERR-4):
    /// the sections are equal. The whole part for any other shape.
    pub fn section_span(&self, k: u8) -> (f32, f32) {
        let n = f32::from(self.section_count());
        let len = self.wall_length().unwrap_or(0.0);
        (len * f32::from(k) / n, len * f32::from(k + 1) / n)
    }

    /// The section of the part nearest the table point (x, z): where a click on a wall
    /// lands along it (TERR-4); 0 for any other part.
    pub fn section_at(&self, x: f32, z: f32) -> u8 {
        let SceneryShape::Wall { from, to, .. } = &self.shape else {
            return 0;
        };
        let len = self.wall_length().unwrap_or(0.0);
        let n = self.section_count();
        if len <= 0.0 || n <= 1 {
            return 0;
        }
        let (ux, uz) = ((to[0] - from[0]) / len, (to[1] - from[1]) / len);
        let along = ((x - from[0]) * ux + (z - from[1]) * uz).clamp(0.0, len);
        ((along / len * f32::from(n)).floor() as u8).min(n - 1)
    }

    /// Section `k` alone as a solid piece of the same id: a wall's stretch without its
    /// openings, or the whole part for any other shape.
    pub fn section_piece(&self, k: u8) -> SceneryPiece {
        let mut out = self.clone();
        out.openings.clear();
        if let SceneryShape::Wall { from, to, .. } = &mut out.shape {
            let (a0, a1) = self.section_span(k);
            let len = self.wall_length().unwrap_or(1.0).max(1e-6);
            let (ux, uz) = ((to[0] - from[0]) / len, (to[1] - from[1]) / len);
            let start = *from;
            *from = [start[0] + ux * a0, start[1] + uz * a0];
            *to = [start[0] + ux * a1, start[1] + uz * a1];
        }
        out
    }

    /// Whether the footprint fits inside a square of this side, judged by its extent along
    /// the table's axes, a box's by its own sides (TERR-5).
    pub fn fits_in_square(&self, side: f32) -> bool {
        match &self.shape {
            SceneryShape::Box { size, .. } => size[0] <= side && size[2] <= side,
            SceneryShape::Cylinder { radius, .. } => 2.0 * radius <= side,
            SceneryShape::Hull { footprint, .. } => {
                let span = |i: usize| {
                    let (lo, hi) = footprint.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                        (lo.min(p[i]), hi.max(p[i]))
                    });
                    hi - lo
                };
                span(0) <= side && span(1) <= side
            }
            SceneryShape::Wall { thickness, .. } => {
                self.wall_length().unwrap_or(0.0) <= side && *thickness <= side
            }
        }
    }

    /// The rubble a destroyed section or part leaves (TERR-16): an obstacle 1" high over
    /// its footprint, Immune.
    fn rubble(&self, k: u8, id: u32) -> SceneryPiece {
        let section = self.section_piece(k);
        let shape = match section.shape {
            SceneryShape::Box {
                centre,
                size,
                yaw_degrees,
            } => SceneryShape::Box {
                centre,
                size: [size[0], RUBBLE_HEIGHT, size[2]],
                yaw_degrees,
            },
            SceneryShape::Cylinder { centre, radius, .. } => SceneryShape::Cylinder {
                centre,
                radius,
                height: RUBBLE_HEIGHT,
            },
            SceneryShape::Hull { footprint, .. } => SceneryShape::Hull {
                footprint,
                height: RUBBLE_HEIGHT,
            },
            SceneryShape::Wall {
                from,
                to,
                thickness,
                ..
            } => SceneryShape::Wall {
                from,
                to,
                thickness,
                height: RUBBLE_HEIGHT,
            },
        };
        let mut out = SceneryPiece::new(
            id,
            &format!("rubble of {}", self.name),
            SceneryKind::Obstacle,
            shape,
        );
        out.base = self.base;
        out
    }
}

impl Battlespace {
    /// Shortest distance from the model's body to section `k` of the piece (MOD-7: range is
    /// measured to the part's nearest point); `None` for an unknown piece or section.
    pub fn distance_to_section(&self, base: &ModelBase, id: SceneryId, k: u8) -> Option<f32> {
        let piece = self.piece(id)?;
        if k >= piece.section_count() {
            return None;
        }
        let section = piece.section_piece(k);
        let [x, y, z] = base.position;
        let body = solid::body(base.radius);
        let pose = Pose::from_translation(solid::body_centre(x, y, z));
        solid::compile(0, &section, self.table())
            .ok()?
            .iter()
            .filter(|s| s.role == Role::Body)
            .filter_map(|s| query::distance(&pose, &body, &s.pose, &*s.shape).ok())
            .reduce(f32::min)
    }

    /// The Path of Attack from `from` to section `k` of the piece (MOD-7): a corridor to the
    /// section's point nearest the attacker's body, at the attacker's mid-height where the
    /// section reaches it. The targeted piece adds nothing; other scenery and models count
    /// as for a model target. Its distance and band are to the section's nearest point.
    /// `None` for an unknown piece or section.
    pub fn path_to_section(
        &self,
        from: &ModelBase,
        id: SceneryId,
        k: u8,
        others: &[ModelBase],
        opts: PoaOptions,
    ) -> Option<PathOfAttack> {
        let index = self.pieces().iter().position(|p| p.id == id)?;
        let distance = self.distance_to_section(from, id, k)?;
        let target = self.section_aim(from, id, k)?;
        let mut poa = self.path_of_attack_skipping(from, &target, others, opts, Some(index));
        poa.distance = distance;
        poa.band = RangeBand::of(distance);
        poa.in_range = opts
            .range
            .is_none_or(|r| distance <= r + crate::units::EPSILON);
        Some(poa)
    }

    /// The point target a Path of Attack from `from` to section `k` of the piece runs to
    /// (MOD-7): a base so small that only the corridor's end is at the section, at its point
    /// nearest the attacker's body and at the attacker's mid-height where the section reaches
    /// it. `None` for an unknown piece or section.
    pub fn section_aim(&self, from: &ModelBase, id: SceneryId, k: u8) -> Option<ModelBase> {
        let nearest = self.nearest_point_of_section(id, k, from)?;
        let section = self.piece(id)?.section_piece(k);
        let mid = {
            let [x, y, z] = from.position;
            solid::body_centre(x, y, z)
        };
        let height = mid.y.clamp(section.base, section.top().max(section.base));
        Some(
            ModelBase::new(
                u32::MAX,
                u8::MAX,
                [nearest.x, height - MODEL_HEIGHT / 2.0, nearest.z],
            )
            .with_radius(0.01),
        )
    }

    /// Where an Impact token aimed at section `k` of the piece lies (TERR-7): touching the
    /// section at its point nearest the attacker's body, on the surface there. `None` for an
    /// unknown piece or section.
    pub fn impact_point_on_section(
        &self,
        id: SceneryId,
        k: u8,
        from: &ModelBase,
    ) -> Option<[f32; 3]> {
        let nearest = self.nearest_point_of_section(id, k, from)?;
        let [x, _, z] = from.position;
        let (dx, dz) = (x - nearest.x, z - nearest.z);
        let len = dx.hypot_exact(dz);
        let (ux, uz) = if len < 1e-4 {
            (1.0, 0.0)
        } else {
            (dx / len, dz / len)
        };
        let r = crate::blast::IMPACT_TOKEN_RADIUS + 0.01;
        let (ax, az) = (nearest.x + ux * r, nearest.z + uz * r);
        Some([ax, self.surface_below(ax, az, nearest.y), az])
    }

    /// The point of section `k` nearest the model's body centre.
    fn nearest_point_of_section(&self, id: SceneryId, k: u8, from: &ModelBase) -> Option<Vec3> {
        let piece = self.piece(id)?;
        if k >= piece.section_count() {
            return None;
        }
        let section = piece.section_piece(k);
        let mid = {
            let [x, y, z] = from.position;
            solid::body_centre(x, y, z)
        };
        solid::compile(0, &section, self.table())
            .ok()?
            .iter()
            .filter(|s| s.role == Role::Body)
            .map(|s| s.shape.project_point(&s.pose, mid, true).point)
            .min_by(|a, b| (*a - mid).length().total_cmp(&(*b - mid).length()))
    }

    /// Whether section `k` of the piece is within reach of the model (GEN-7, TERR-2, TERR-9).
    pub fn section_within_reach(&self, base: &ModelBase, id: SceneryId, k: u8) -> bool {
        self.distance_to_section(base, id, k)
            .is_some_and(crate::units::within_reach)
    }

    /// A new battlespace with section `k` of the piece destroyed (TERR-8, TERR-17): a wall
    /// gets a gap as tall as itself there, any other part is removed; unless `rubble` is
    /// false, rubble 1" high (TERR-16) covers the footprint, as a new piece with id
    /// `rubble_id`. The original is untouched.
    pub fn with_section_destroyed(
        &self,
        id: SceneryId,
        k: u8,
        rubble_id: Option<u32>,
    ) -> Result<Battlespace, LayoutError> {
        let index = self
            .pieces()
            .iter()
            .position(|p| p.id == id)
            .ok_or(LayoutError::UnknownPiece(id.0))?;
        let piece = &self.pieces()[index];
        let mut pieces = self.pieces().to_vec();
        // Rubble lies on whatever is below the part's foot: a part that rested on a fallen
        // one (TERR-10) leaves its rubble down there.
        let left = rubble_id.map(|r| {
            let mut rubble = piece.rubble(k, r);
            let [cx, cz] = rubble.centre();
            rubble.base = self.surface_below(cx, cz, piece.base);
            rubble
        });
        match &piece.shape {
            SceneryShape::Wall { height, .. } => {
                pieces[index].openings = gap_in(piece, piece.section_span(k), *height);
            }
            _ => {
                pieces.remove(index);
            }
        }
        pieces.extend(left);
        Battlespace::new(*self.table(), pieces)
    }
}

/// The wall's openings with a full-height gap over `[a0, a1]` (MOVE-13: free passage; the
/// rubble in it is the obstacle): openings it overlaps are cut back to what lies outside it.
pub(crate) fn gap_in(wall: &SceneryPiece, (a0, a1): (f32, f32), height: f32) -> Vec<Opening> {
    let mut out: Vec<Opening> = Vec::new();
    for o in &wall.openings {
        let (o0, o1) = (o.along - o.width / 2.0, o.along + o.width / 2.0);
        for (s0, s1) in [(o0, o1.min(a0)), (o0.max(a1), o1)] {
            if s1 - s0 > 1e-3 {
                out.push(Opening {
                    along: (s0 + s1) / 2.0,
                    width: s1 - s0,
                    ..*o
                });
            }
        }
    }
    out.push(Opening {
        kind: OpeningKind::Door,
        along: (a0 + a1) / 2.0,
        width: a1 - a0,
        bottom: 0.0,
        top: height,
    });
    out.sort_by(|a, b| a.along.total_cmp(&b.along));
    out
}
