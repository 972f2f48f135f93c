//! Blast (KW-4..12): who the Impact token's RED sphere catches, and who a barrier shelters.

use crate::units::{EPSILON, Hypot, RED, STEP};
use serde::{Deserialize, Serialize};

use rapier3d::parry::math::Vec3;

use crate::model::ModelBase;
use crate::poa::body_mid;
use crate::scenery::{SceneryId, SceneryKind};
use crate::space::Battlespace;

/// Radius of the Impact token in inches. The book gives no size; a 1" token is assumed.
pub const IMPACT_TOKEN_RADIUS: f32 = 0.5;

/// The models a Blast reaches.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BlastArea {
    /// Models within RED of the Impact token with no barrier in between (KW-6, KW-11), by
    /// distance then id.
    pub caught: Vec<u32>,
    /// Models within RED but behind a barrier (KW-12), with the barrier.
    pub sheltered: Vec<(u32, SceneryId)>,
}

impl Battlespace {
    /// Where the Impact token's centre goes to touch `target`'s base on the side facing the
    /// point `toward` (KW-4), at the height the target stands on. If that side hangs over an
    /// edge (the target on a roof's rim), the token goes round the base to the nearest side
    /// that rests on the target's surface.
    pub fn impact_point(&self, target: &ModelBase, toward: [f32; 3]) -> [f32; 3] {
        let [x, y, z] = target.position;
        let (dx, dz) = (toward[0] - x, toward[2] - z);
        let facing = if dx.hypot_exact(dz) < 1e-4 {
            0.0
        } else {
            dz.atan2(dx)
        };
        let d = target.radius + IMPACT_TOKEN_RADIUS;
        let at = |a: f32| [x + a.cos() * d, y, z + a.sin() * d];
        (0..24)
            .map(|i| {
                let turn = (i as f32 / 2.0).ceil() * if i % 2 == 0 { 1.0 } else { -1.0 };
                at(facing + turn * 15f32.to_radians())
            })
            .find(|p| {
                self.table().contains_point(p[0], p[2])
                    && (self.level_at(p[0], p[2], y) - y).abs() <= STEP
            })
            .unwrap_or_else(|| at(facing))
    }

    /// The Blast centred on an Impact token at `centre` (token centre, on the surface):
    /// every model within RED of the token in 3D (KW-6, KW-11), except those with a barrier
    /// between them and the centre (KW-12).
    pub fn blast(&self, centre: [f32; 3], models: &[ModelBase]) -> BlastArea {
        let mut hits: Vec<(f32, u32, Option<SceneryId>)> = Vec::new();
        let c = Vec3::new(centre[0], centre[1] + 0.25, centre[2]);
        // The top the token lies on and the top a model stands on shelter no one: the Blast
        // reaches up and down past their edges (KW-11).
        let token_on = self.standing_index(&ModelBase::new(u32::MAX, 0, centre));
        for m in models {
            let d = (m.distance_to_point(centre) - IMPACT_TOKEN_RADIUS).max(0.0);
            if d > RED + EPSILON {
                continue;
            }
            let supports = [token_on, self.standing_index(m)];
            hits.push((d, m.id, self.barrier_between(c, body_mid(m), &supports)));
        }
        hits.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut out = BlastArea::default();
        for (_, id, shelter) in hits {
            match shelter {
                Some(piece) => out.sheltered.push((id, piece)),
                None => out.caught.push(id),
            }
        }
        out
    }

    /// The barrier nearest `a` that the segment a→b passes through, if any, leaving out the
    /// pieces (by index) in `except`.
    pub(crate) fn barrier_between(
        &self,
        a: Vec3,
        b: Vec3,
        except: &[Option<usize>],
    ) -> Option<SceneryId> {
        let (min, max) = (a.min(b), a.max(b));
        self.bodies_near(min, max)
            .filter(|s| self.piece_at(s.piece).kind == SceneryKind::Barrier)
            .filter(|s| !except.contains(&Some(s.piece)))
            .filter_map(|s| {
                s.segment_interval(a, b)
                    .map(|(t, _)| (t, self.piece_at(s.piece).id))
            })
            .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
            .map(|(_, id)| id)
    }
}
