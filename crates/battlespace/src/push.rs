//! Push (KW-22, OPEN-29): RED straight away from the active model, stopped by barriers, bases
//! and the table edge; a model pushed off a raised edge falls. Where any falling model comes
//! to rest, and the model it lands on (MOVE-18, MOVE-19, MOVE-21).

use crate::units::Hypot;
use serde::{Deserialize, Serialize};

use rapier3d::parry::math::Vec3;

use crate::model::ModelBase;
use crate::scenery::{SceneryId, SceneryKind};
use crate::solid;
use crate::space::Battlespace;
use crate::units::{MODEL_HEIGHT, RED, STEP};

/// What stopped a Push short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PushStop {
    /// A barrier (or the side of a raised piece).
    Scenery(SceneryId),
    /// Another model's base.
    Model(u32),
    /// The table edge.
    TableEdge,
}

/// Where a pushed model ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PushResult {
    /// Final position of the base: after any fall, and in base contact with a model it lands
    /// on (MOVE-21).
    pub end: [f32; 3],
    /// Horizontal distance moved.
    pub moved: f32,
    /// What stopped it before the full RED, if anything.
    pub stopped_by: Option<PushStop>,
    /// Height fallen if pushed off a raised edge (MOVE-19); see [`crate::FallDamage`].
    pub fall: Option<f32>,
    /// A model it lands on, which takes the same falling damage (MOVE-21).
    pub lands_on: Option<u32>,
}

/// Where a model let go over a lower surface comes to rest ([`Battlespace::land`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Landing {
    /// Where its base ends: on the first surface under the point it was let go, or in base
    /// contact with the model it fell onto (MOVE-21).
    pub end: [f32; 3],
    /// Height fallen, when more than a step (MOVE-19); see [`crate::FallDamage`].
    pub fall: Option<f32>,
    /// The model it fell onto, which takes falling damage for the same height (MOVE-21).
    pub lands_on: Option<u32>,
}

impl Battlespace {
    /// Lets `faller` go at `at` (its base's centre; the height may be above the surface
    /// there) and drops it to the first horizontal surface under that point (MOVE-18,
    /// MOVE-19). If its base comes down on one of `others` standing there, that model is the
    /// one it falls onto (MOVE-21; the lowest id if several) and the faller is put in base
    /// contact with it, tried first on the side `toward` (x, z) points to. Set down on a
    /// surface, it neither falls nor lands on anyone.
    pub fn land(
        &self,
        faller: &ModelBase,
        at: [f32; 3],
        toward: [f32; 2],
        others: &[ModelBase],
    ) -> Landing {
        let [x, y, z] = at;
        let floor = self.surface_below(x, z, y);
        let fall = (y - floor > STEP).then_some(y - floor);
        let end = [x, if fall.is_some() { floor } else { y }, z];
        let onto = fall.and_then(|_| self.fallen_onto(&faller.at(end), toward, others));
        Landing {
            end: onto.map_or(end, |(_, beside)| beside),
            fall,
            lands_on: onto.map(|(below, _)| below),
        }
    }

    /// For a model that has just fallen to `landed`'s position: the model of `others` its
    /// base came down on (MOVE-21; the lowest id if several), and where the faller is put in
    /// base contact with it, tried first on the side `toward` (x, z) points to and then round
    /// the base in 15° steps (where it came down, if there is no room beside it). `None` when
    /// it came down clear of every model.
    pub fn fallen_onto(
        &self,
        landed: &ModelBase,
        toward: [f32; 2],
        others: &[ModelBase],
    ) -> Option<(u32, [f32; 3])> {
        let below = others
            .iter()
            .filter(|o| o.id != landed.id && landed.overlaps(o))
            .min_by_key(|o| o.id)?;
        let end = self
            .beside(landed, below, toward, others)
            .unwrap_or(landed.position);
        Some((below.id, end))
    }

    /// A spot where `m` can stand in base contact with `other` on its level, tried first on
    /// the side `dir` (x, z) points to and then round the base in 15° steps.
    pub(crate) fn beside(
        &self,
        m: &ModelBase,
        other: &ModelBase,
        dir: [f32; 2],
        others: &[ModelBase],
    ) -> Option<[f32; 3]> {
        let [ox, oy, oz] = other.position;
        let d = m.radius + other.radius + 0.01;
        let base = dir[1].atan2(dir[0]);
        let rest: Vec<ModelBase> = others.iter().copied().filter(|o| o.id != m.id).collect();
        (0..24).find_map(|i| {
            let turn = (i as f32 / 2.0).ceil() * if i % 2 == 0 { 1.0 } else { -1.0 };
            let a = base + turn * 15f32.to_radians();
            let p = [ox + a.cos() * d, oy, oz + a.sin() * d];
            self.can_place(&m.at(p), &rest).then_some(p)
        })
    }

    /// Pushes `target` RED straight away from `active` (KW-22, OPEN-29). No rolls: it moves
    /// until a barrier, another base or the table edge stops it. Obstacles are passed over,
    /// but it never ends overlapping one.
    pub fn push(&self, active: &ModelBase, target: &ModelBase, others: &[ModelBase]) -> PushResult {
        let [x, y, z] = target.position;
        let (dx, dz) = (x - active.position[0], z - active.position[2]);
        let len = dx.hypot_exact(dz);
        let (ux, uz) = if len < 1e-4 {
            (1.0, 0.0)
        } else {
            (dx / len, dz / len)
        };
        let r = target.radius;
        let mut t = RED;
        let mut stop = None;
        let mut limit = |at: f32, why: PushStop| {
            if at < t {
                t = at.max(0.0);
                stop = Some(why);
            }
        };
        // Table edge: keep the whole base on the table.
        let table = self.table();
        for (p, u, size) in [(x, ux, table.width), (z, uz, table.depth)] {
            if u > 1e-6 {
                limit((size - r - p) / u, PushStop::TableEdge);
            } else if u < -1e-6 {
                limit((r - p) / u, PushStop::TableEdge);
            }
        }
        // Other bases at the same height.
        for o in others
            .iter()
            .filter(|o| o.id != target.id && o.id != active.id)
        {
            if (o.position[1] - y).abs() >= MODEL_HEIGHT {
                continue;
            }
            let (ox, oz) = (o.position[0] - x, o.position[2] - z);
            let along = ox * ux + oz * uz;
            let rr = r + o.radius;
            let perp2 = ox * ox + oz * oz - along * along;
            if along > 0.0 && perp2 < rr * rr {
                limit(along - (rr * rr - perp2).sqrt(), PushStop::Model(o.id));
            }
        }
        // Barriers and the sides of raised pieces at this height.
        let body = solid::body(r);
        let a = solid::body_centre(x, y, z);
        let b = a + Vec3::new(ux, 0.0, uz) * RED;
        let (min, max) = (
            a.min(b) - Vec3::splat(r + 0.1),
            a.max(b) + Vec3::splat(r + 0.1),
        );
        let mut obstacles = Vec::new();
        for s in self.bodies_near(min, max) {
            if s.top() <= y + STEP || s.bottom() >= y + MODEL_HEIGHT {
                continue;
            }
            let piece = self.piece_at(s.piece);
            let Some((t_in, t_out)) = s.sweep_interval(&body, a, b) else {
                continue;
            };
            if piece.kind == SceneryKind::Barrier || piece.elevated {
                limit(t_in, PushStop::Scenery(piece.id));
            } else {
                obstacles.push((t_in, t_out));
            }
        }
        // Never end inside an obstacle: stop at its near side instead.
        let mut changed = true;
        while changed {
            changed = false;
            for &(t_in, t_out) in &obstacles {
                if t_in < t && t_out > t - 1e-4 && t_in > 1e-4 {
                    t = t_in;
                    changed = true;
                }
            }
        }
        // Off a raised edge it falls, onto any model below (MOVE-19, MOVE-21).
        let landing = self.land(target, [x + ux * t, y, z + uz * t], [ux, uz], others);
        PushResult {
            end: landing.end,
            moved: t,
            stopped_by: stop,
            fall: landing.fall,
            lands_on: landing.lands_on,
        }
    }
}
