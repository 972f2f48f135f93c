//! Fences and Snared (SEC-14, SEC-15): crossing a fence takes the obstacle roll and ends
//! the move just past it; razor wire counts for nothing in a Path of Attack, and a Fumble
//! crossing it leaves the model Snared until it Frees Itself.

use crate::actions::ActionCtx;
use crate::flow::contest::Contest;
use crate::geometry::{self, Base, MovePlan};
use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecEvent};
use crate::protocol::rule::Rule;
use crate::setup::security::{FenceKind, FencePlan};
use crate::state::Game;
use redline_battlespace as bs;

impl Game {
    /// The fences on the table while SEC is on (SEC-14): those the defender placed, then
    /// every part the pack made a fence (its `fence` field) that the plan doesn't name.
    /// Empty with SEC off or no defender (MOD-2).
    pub fn fences(&self) -> Vec<FencePlan> {
        let Some(rules) = self.security_rules() else {
            return Vec::new();
        };
        let mut out = rules.plan.fences.clone();
        for piece in self.st.setup.battlespace.pieces() {
            let Some(kind) = piece.fence else {
                continue;
            };
            if !out.iter().any(|f| f.piece == piece.id.0) {
                out.push(FencePlan {
                    piece: piece.id.0,
                    kind,
                });
            }
        }
        out
    }

    /// What the fence on this piece is made of; `None` if the piece is no fence (SEC-14).
    pub fn fence_kind(&self, piece: u32) -> Option<FenceKind> {
        self.fences()
            .iter()
            .find(|f| f.piece == piece)
            .map(|f| f.kind)
    }

    /// The pieces that add nothing to a Path of Attack: razor wire (SEC-14).
    pub(crate) fn razor_wire(&self) -> Vec<u32> {
        self.fences()
            .iter()
            .filter(|f| f.kind == FenceKind::RazorWire)
            .map(|f| f.piece)
            .collect()
    }

    /// SEC-14: marks the crossings of a checked move that are fences, with where the model
    /// stops once over one (within reach of the far side).
    pub(crate) fn mark_fences(
        &self,
        mover: &Base,
        route: &[[f32; 3]],
        checked: &bs::MovePlan,
        plan: &mut MovePlan,
        blockers: &[Base],
    ) {
        let fences = self.fences();
        if fences.is_empty() {
            return;
        }
        let rolled = checked.crossings.iter().filter(|c| c.needs_roll);
        for (crossing, c) in plan.crossings.iter_mut().zip(rolled) {
            let bs::CrossingKind::Obstacle { piece } = c.kind else {
                continue;
            };
            let Some(fence) = fences.iter().find(|f| f.piece == piece.0) else {
                continue;
            };
            let past = geometry::just_past(self.space(), mover, route, c, piece, blockers);
            crossing.fence = Some((fence.kind, past.unwrap_or(plan.end)));
        }
    }

    /// Whether the model is Snared (SEC-15).
    pub fn is_snared(&self, model: ModelId) -> bool {
        self.security.snared.contains(&model)
    }

    /// SEC-15: a Snared model takes only Free Yourself, and only a Snared one takes it.
    pub(crate) fn check_snared(&self, m: ModelId, action: u16) -> Result<(), RuleError> {
        let freeing = action == crate::optional::sec::FREE_YOURSELF;
        match (self.is_snared(m), freeing) {
            (true, false) => refuse(
                Rule::Sec15,
                "This model is Snared: its only action is Free Yourself",
            ),
            (false, true) => refuse(Rule::Sec15, "Only a Snared model frees itself"),
            _ => Ok(()),
        }
    }

    /// SEC-15: a Snared model isn't dragged.
    pub(crate) fn check_not_snared(&self, d: ModelId) -> Result<(), RuleError> {
        if self.is_snared(d) {
            return refuse(Rule::Sec15, "A Snared model can't be dragged");
        }
        Ok(())
    }

    /// SEC-14: a Fumble crossing razor wire leaves the model Snared where it stopped.
    pub(crate) fn snare(&mut self, model: ModelId) {
        self.emit(Event::Sec(SecEvent::Snared { model }));
    }

    /// Free Yourself is settled: a win ends Snared (SEC-15).
    pub(crate) fn finish_free_yourself(&mut self, ctx: &ActionCtx, c: &Contest) {
        if c.verdicts().first().copied().unwrap_or(false) {
            self.emit(Event::Sec(SecEvent::Freed { model: ctx.actor }));
        }
    }
}
