//! Heavy constructs (BOT-8): no climbs or jumps, no obstacle taller than half the card
//! height, never dragged or pushed.

use redline_battlespace::{CrossingKind, MovePlan};

use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::state::Game;

impl Game {
    /// Whether `m` is a Heavy construct while BOT is on.
    pub(crate) fn is_heavy(&self, m: ModelId) -> bool {
        self.construct(m).is_some_and(|c| c.heavy)
    }

    /// BOT-8: a Heavy construct's move climbs nothing (Easy climbs included), jumps no gap
    /// and crosses no obstacle whose top is more than half its card height above its feet.
    pub(crate) fn check_heavy_move(&self, m: ModelId, plan: &MovePlan) -> Result<(), RuleError> {
        let Some(c) = self.construct(m).filter(|c| c.heavy) else {
            return Ok(());
        };
        let limit = c.height.unwrap_or(0.0) / 2.0;
        for crossing in &plan.crossings {
            let rise = match crossing.kind {
                CrossingKind::Climb { .. } | CrossingKind::Jump { .. } => {
                    return refuse(Rule::Bot8, "A Heavy construct can't climb or jump");
                }
                CrossingKind::Obstacle { piece } => self
                    .space()
                    .piece(piece)
                    .map_or(0.0, |p| p.top() - crossing.stop[1]),
                CrossingKind::LowBarrier { height, .. } => height,
                _ => 0.0,
            };
            if rise > limit + 1e-3 {
                let name = match crossing.kind {
                    CrossingKind::Obstacle { piece } | CrossingKind::LowBarrier { piece, .. } => {
                        self.space().piece_name(piece).to_string()
                    }
                    _ => String::new(),
                };
                return refuse(
                    Rule::Bot8,
                    format!(
                        "A Heavy construct can't cross '{name}': {rise:.1}\" high, more than half \
                         its height ({limit:.2}\")"
                    ),
                );
            }
        }
        Ok(())
    }

    /// BOT-8, BOT-12: a Heavy or Toppled construct can't be dragged.
    pub(crate) fn check_drag_heavy(&self, dragged: ModelId) -> Result<(), RuleError> {
        if self.is_heavy(dragged) {
            return refuse(Rule::Bot8, "A Heavy construct can't be dragged");
        }
        if self.is_toppled(dragged) {
            return refuse(Rule::Bot12, "A Toppled construct can't be dragged");
        }
        Ok(())
    }
}
