//! The plan [`Game::random_legal_command`] found while checking the command it returns, kept
//! for the [`Game::apply`] of that same command so the check is not done twice: in random
//! play the second check cost a third of every game (`docs/decisions/plan-cache.md`).
//!
//! Safety of the shortcut: a plan is stored only after `prepare` accepted the command on
//! this state; every [`Game::apply`] takes the plan out (used only when the command is the
//! same), and the state can't change between the check and that `apply` except through
//! `&mut` methods, which all clear it. A clone starts with no plan.

use std::sync::Mutex;

use crate::command::Command;
use crate::flow::Prepared;

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
