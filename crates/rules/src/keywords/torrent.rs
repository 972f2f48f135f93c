//! Torrent (KW-32, POA-13, OPEN-22, OPEN-30): the action targets every model, friend or
//! rival, in its Path of Attack within range, up to the first barrier that crosses it. Each
//! target opposes on its own with its own cover (POA-12); the shared roll is in `contest.rs`.

use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::card::ActionDef;
use crate::state::Game;

impl Game {
    /// The models a Torrent from `m` aimed at `t` targets, nearest first (the aim included).
    pub(crate) fn torrent_group(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
    ) -> Result<Vec<ModelId>, RuleError> {
        let (group, stopped_by) = self.torrent_models(m, def, self.position(t));
        if !group.contains(&t) {
            let why = match stopped_by {
                Some(piece) => format!(
                    "the Torrent stops at the barrier '{}' before the target",
                    self.space().piece_name(piece)
                ),
                None => "the target is not in the Torrent's path".to_string(),
            };
            return refuse(
                Rule::Open30,
                format!("That Torrent can't be aimed there: {why}"),
            );
        }
        Ok(group)
    }

    /// The models a Torrent from `m` whose strip runs toward the point `toward` targets,
    /// nearest first, and the barrier that stops the strip, if one does (KW-32, OPEN-30,
    /// FIRE-9).
    pub(crate) fn torrent_models(
        &self,
        m: ModelId,
        def: &ActionDef,
        toward: [f32; 3],
    ) -> (Vec<ModelId>, Option<redline_battlespace::SceneryId>) {
        let reach = def.range.map(|r| r.max_inches()).filter(|r| r.is_finite());
        let area = self.space().torrent(
            &self.base(m),
            toward,
            reach,
            // AID-5: a Downed model in the path is a target like any other.
            &self.bases_caught_by_areas(),
        );
        // ACT-6: a range that leaves out a nearer band leaves out the models in it too.
        let mut group: Vec<ModelId> = area
            .targets
            .iter()
            .map(|&id| ModelId(id as u16))
            .filter(|&o| o != m && def.range.is_none_or(|r| r.allows(self.distance(m, o))))
            // DRONE-4: drones in the path are immune to an action that doesn't work on them.
            .filter(|&o| !self.immune_to(o, def))
            .collect();
        for o in self.torrent_enclosed_targets(m, def, toward) {
            if !group.contains(&o) {
                group.push(o); // FIRE-9: fire fills an enclosed compartment it enters
            }
        }
        (group, area.stopped_by)
    }
}
