//! Torrent (POA-13, KW-32, OPEN-30): every model in the Path of Attack up to the action's
//! range, stopping at the first barrier that crosses it.

use crate::units::Hypot;
use serde::{Deserialize, Serialize};

use rapier3d::parry::math::{Pose, Vec3};

use crate::model::ModelBase;
use crate::poa::{Corridor, body_mid};
use crate::scenery::SceneryId;
use crate::solid;
use crate::space::Battlespace;
use crate::units::{EPSILON, MODEL_HEIGHT};

/// The models a Torrent targets.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TorrentArea {
    /// Targeted models, nearest first (friend and rival alike, KW-32).
    pub targets: Vec<u32>,
    /// The barrier that cut the Torrent short, if any (OPEN-30).
    pub stopped_by: Option<SceneryId>,
}

impl Battlespace {
    /// The Torrent from `from` aimed at the point `toward` (usually a target's position), with
    /// the action's range (`None` = long range: the strip runs on to the table's end, POA-3).
    /// Each target then opposes with its own Path of Attack modifiers (OPEN-30): call
    /// [`Battlespace::path_of_attack`] for each.
    pub fn torrent(
        &self,
        from: &ModelBase,
        toward: [f32; 3],
        range: Option<f32>,
        models: &[ModelBase],
    ) -> TorrentArea {
        let mut out = TorrentArea::default();
        let Some((cor, stopped_by)) = self.torrent_corridor(from, toward, range, 2.0) else {
            return out;
        };
        out.stopped_by = stopped_by;
        let Some(cor) = cor else {
            return out;
        };
        let mut hit: Vec<(f32, u32)> = models
            .iter()
            .filter(|m| m.id != from.id)
            .filter(|m| range.is_none_or(|r| from.distance_to(m) <= r + EPSILON))
            .filter(|m| {
                let pose = Pose::from_translation(body_mid(m));
                cor.intersects(&solid::body(m.radius), &pose)
            })
            .map(|m| (from.distance_to(m), m.id))
            .collect();
        hit.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        out.targets = hit.into_iter().map(|(_, id)| id).collect();
        out
    }

    /// The Torrent's strip from `from` toward `toward` (OPEN-30): `beyond` inches longer than
    /// the range so it touches any base whose nearest point is within range, and cut at the
    /// first barrier crossing it, which is returned too (the strip is `None` when the
    /// barrier stands at its very start). `None` when aimed at itself.
    pub(crate) fn torrent_corridor(
        &self,
        from: &ModelBase,
        toward: [f32; 3],
        range: Option<f32>,
        beyond: f32,
    ) -> Option<(Option<Corridor>, Option<SceneryId>)> {
        let a = body_mid(from);
        let aim = Vec3::new(toward[0], toward[1] + MODEL_HEIGHT / 2.0, toward[2]);
        let dir = (aim - a).normalize_or_zero();
        if dir == Vec3::ZERO {
            return None;
        }
        let t = self.table();
        let reach = range.unwrap_or(t.width.hypot_exact(t.depth));
        let mut len = from.radius + reach + beyond;
        let full = Corridor::new(a, a + dir * len, 0.0, len)?;
        let mut stopped_by = None;
        if let Some((at, id)) = self.barrier_crossing(&full, |_| false)
            && at < len
        {
            len = at;
            stopped_by = Some(id);
        }
        Some((Corridor::new(a, a + dir * len, 0.0, len), stopped_by))
    }
}
