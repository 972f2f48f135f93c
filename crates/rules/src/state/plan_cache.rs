//! The plan [`Game::random_legal_command`] found while checking the command it returns, kept
//! for the [`Game::apply`] of that same command so the check is not done twice: in random
//! play the second check cost a third of every game (`docs/decisions/plan-cache.md`).
//!
//! Safety of the shortcut: a plan is stored only after `prepare` accepted the command on
//! this state; every [`Game::apply`] takes the plan out (used only when the command is the
//! same), and the state can't change between the check and that `apply` except through
//! `&mut` methods, which all clear it. A clone starts with no plan.

use std::sync::Mutex;

use redline_battlespace as bs;

use crate::flow::Prepared;
use crate::geometry::Base;
use crate::protocol::command::Command;

/// At most one checked command and its plan.
#[derive(Default)]
pub(crate) struct PlanCache(Mutex<Option<(Command, Prepared)>>);

impl PlanCache {
    /// Keeps `plan`, checked for `cmd` on the current state.
    pub(crate) fn keep(&self, cmd: Command, plan: Prepared) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some((cmd, plan));
        }
    }

    /// The kept plan if it was checked for `cmd`; empties the cache either way.
    pub(crate) fn take_for(&mut self, cmd: &Command) -> Option<Prepared> {
        let slot = match self.0.get_mut() {
            Ok(slot) => slot.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        match slot {
            Some((kept, plan)) if kept == *cmd => Some(plan),
            _ => None,
        }
    }

    /// Forgets any kept plan (the state is about to change).
    pub(crate) fn clear(&mut self) {
        match self.0.get_mut() {
            Ok(slot) => *slot = None,
            Err(poisoned) => *poisoned.into_inner() = None,
        }
    }
}

impl Clone for PlanCache {
    /// A copy of a game starts without a plan: the copy may change on its own.
    fn clone(&self) -> Self {
        PlanCache::default()
    }
}

impl std::fmt::Debug for PlanCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PlanCache")
    }
}

/// The last straight move the sampler's way toward a rival checked (`close_in_route`), with
/// the geometry's answer, for the `prepare` of the command that follows the same route: the
/// check is a pure function of the mover, route, length and bases around (the battlespace is
/// fixed for a game's life), so an equal question gets the kept answer and nothing can go
/// stale. One slot; a clone starts empty.
#[derive(Default)]
pub(crate) struct MoveMemo(Mutex<Option<KeptMove>>);

struct KeptMove {
    mover: Base,
    route: Vec<[f32; 3]>,
    max_len: u32,
    others: Vec<Base>,
    plan: bs::MovePlan,
}

impl MoveMemo {
    /// Keeps the geometry's plan for this move.
    pub(crate) fn keep(
        &self,
        mover: &Base,
        route: &[[f32; 3]],
        max_len: f32,
        others: &[Base],
        plan: &bs::MovePlan,
    ) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(KeptMove {
                mover: *mover,
                route: route.to_vec(),
                max_len: max_len.to_bits(),
                others: others.to_vec(),
                plan: plan.clone(),
            });
        }
    }

    /// The kept plan if it was found for exactly this move.
    pub(crate) fn get(
        &self,
        mover: &Base,
        route: &[[f32; 3]],
        max_len: f32,
        others: &[Base],
    ) -> Option<bs::MovePlan> {
        let slot = self.0.lock().ok()?;
        let k = slot.as_ref()?;
        (k.mover == *mover
            && k.route == route
            && k.max_len == max_len.to_bits()
            && k.others == others)
            .then(|| k.plan.clone())
    }
}

impl Clone for MoveMemo {
    fn clone(&self) -> Self {
        MoveMemo::default()
    }
}

impl std::fmt::Debug for MoveMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MoveMemo")
    }
}
