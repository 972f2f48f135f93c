//! Where a sentry would fire (SEC-10, SEC-12): whether a model standing at a given point
//! would be an eligible target of a sentry, so a planner can weigh a position before the
//! model walks there. The same tests as `Game::sentry_targets`, with the model's base
//! moved to the point: the arc, GREEN, the Brawl with the sentry's friends and the Path of
//! Attack are all measured from there.

use redline_battlespace::{GREEN, REACH};

use crate::basic;
use crate::geometry::{self, Base};
use crate::ids::ModelId;
use crate::setup::card::{Band, Keyword};
use crate::setup::security::SENTRY_ARC_DEG;
use crate::state::Game;

impl Game {
    /// Whether `sentry` would have `target`, standing at `at`, as an eligible target
    /// (SEC-12): the target is a rival in play; its base at `at` is in the sentry's arc
    /// (SEC-10), within GREEN, not Brawling there with a model friendly to the sentry, and
    /// the sentry has a Path of Attack to it past every other model where it stands (POA-8).
    ///
    /// Loaded or Spent alike: this answers where the sentry's fire reaches, and whether it
    /// is Loaded to fire now is [`Game::sentry_loaded`] (SEC-11). False for a model that is
    /// not a sentry in play.
    pub fn sentry_would_fire_at(&self, sentry: ModelId, target: ModelId, at: [f32; 3]) -> bool {
        let Some(facing) = self.sentry_facing(sentry) else {
            return false;
        };
        if target == sentry
            || !self.in_play(sentry)
            || !self.in_play(target)
            || !self.rivals(sentry, target)
        {
            return false;
        }
        let me = self.base(sentry);
        let there = self.base(target).at(at);
        let apex = [me.position[0], me.position[2]];
        redline_battlespace::base_in_arc(apex, facing, SENTRY_ARC_DEG, &there)
            && self.within_sentry_range(&me, &there)
            && !self.brawling_with_sentry_friend(sentry, target, &there)
            && self.sentry_path_clear(sentry, &me, &there)
    }

    /// The facing of a sentry the defender placed (SEC-10), while SEC is on.
    fn sentry_facing(&self, sentry: ModelId) -> Option<f32> {
        self.security_rules()?
            .plan
            .sentries
            .iter()
            .find(|p| p.model == sentry.0)
            .map(|p| p.facing_deg)
    }

    /// SEC-12: within GREEN, and within the scenario's longest band if it has one (FIELD-6).
    fn within_sentry_range(&self, me: &Base, there: &Base) -> bool {
        geometry::within(me, there, GREEN)
            && self
                .st
                .setup
                .scenario
                .max_range()
                .is_none_or(|max| Band::of_distance(geometry::distance(me, there)) <= max)
    }

    /// SEC-12: the target's base at `there` is within reach of a rival of its own (a Brawl,
    /// BRAWL-1) that is friendly to the sentry; the sentry itself doesn't count.
    fn brawling_with_sentry_friend(&self, sentry: ModelId, target: ModelId, there: &Base) -> bool {
        self.model_ids()
            .filter(|&o| o != target && o != sentry && self.in_play(o))
            .any(|o| {
                let them = self.base(o);
                them.team != there.team
                    && !self.rivals(sentry, o)
                    && geometry::within(there, &them, REACH)
            })
    }

    /// POA-8: no barrier blocks the sentry's shot at the base at `there`, every other model
    /// where it stands.
    fn sentry_path_clear(&self, sentry: ModelId, me: &Base, there: &Base) -> bool {
        let indirect = self
            .action(sentry, basic::COUNT)
            .is_some_and(|d| d.keywords.contains(&Keyword::Indirect));
        let mut others = self.bases_in_play();
        for b in others.iter_mut().filter(|b| b.id == there.id) {
            *b = *there;
        }
        geometry::path_of_attack(self.space(), me, there, &others, indirect)
            .blocked_by
            .is_none()
    }
}
