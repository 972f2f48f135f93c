//! Sentries (SEC-9..SEC-13, MOPEN-9): drones the defender places that never move or act at
//! Inspire, and fire on their own once a rival has finished an action, at the nearest
//! eligible rival in their arc; when that leaves a choice (equally near rivals, or several
//! sentries ready), their owner picks the next shot. A shot leaves a sentry Spent until its owner's next
//! Inspire; a rival that ends a move within reach of a sentry takes it out.

use crate::basic;
use crate::flow::Step;
use crate::geometry;
use crate::ids::{ModelId, Seat};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{Event, SecEvent};
use crate::protocol::rule::Rule;
use crate::setup::security::{SENTRY_ARC_DEG, SentryPlan};
use crate::state::Game;

/// The farthest a sentry shoots: GREEN (SEC-12).
const GREEN: f32 = 12.0;

impl Game {
    /// The sentries the defender placed, while SEC is on (SEC-9).
    fn sentry_plans(&self) -> &[SentryPlan] {
        self.security_rules()
            .map(|s| s.plan.sentries.as_slice())
            .unwrap_or(&[])
    }

    /// Whether the model is one of the defender's sentries (SEC-10).
    pub fn is_sentry(&self, model: ModelId) -> bool {
        self.sentry_plans().iter().any(|p| p.model == model.0)
    }

    /// Whether a sentry is Loaded (SEC-11): it starts so, and is again at its owner's
    /// Inspire after firing.
    pub fn sentry_loaded(&self, model: ModelId) -> bool {
        self.is_sentry(model) && !self.security.spent.contains(&model)
    }

    /// The rivals a sentry may shoot now, nearest first (SEC-12): in play, in its arc,
    /// within GREEN, with a Path of Attack, and not Brawling with a model friendly to it.
    /// Equally near rivals are in model order; which of them it shoots is its owner's pick
    /// ([`Game::sentry_shots`]).
    pub fn sentry_targets(&self, sentry: ModelId) -> Vec<ModelId> {
        self.ranked_sentry_targets(sentry)
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    }

    /// [`Game::sentry_targets`] with each target's distance from the sentry.
    fn ranked_sentry_targets(&self, sentry: ModelId) -> Vec<(f32, ModelId)> {
        let Some(plan) = self.sentry_plans().iter().find(|p| p.model == sentry.0) else {
            return Vec::new();
        };
        if !self.in_play(sentry) {
            return Vec::new();
        }
        let me = self.base(sentry);
        let apex = [me.position[0], me.position[2]];
        let mut out: Vec<(f32, ModelId)> = self
            .model_ids()
            .filter(|&t| t != sentry && self.in_play(t) && self.rivals(sentry, t))
            .filter(|&t| {
                redline_battlespace::base_in_arc(
                    apex,
                    plan.facing_deg,
                    SENTRY_ARC_DEG,
                    &self.base(t),
                )
            })
            .filter(|&t| geometry::within(&me, &self.base(t), GREEN))
            .filter(|&t| {
                let brawl = self.brawling_with(t);
                brawl.iter().all(|&b| b == sentry || self.rivals(sentry, b))
            })
            .filter(|&t| self.plan_action(&sentry_shot(sentry, t), None).is_ok())
            .map(|t| (self.distance(sentry, t), t))
            .collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        out
    }

    /// The shots the sentries may fire now that `actor` has finished an action (SEC-12):
    /// each Loaded sentry rival to `actor`, in placing order, at each of its nearest
    /// eligible targets (several only when they are exactly as near, by the engine's one
    /// distance). More than one is a choice for the sentries' owner.
    pub fn sentry_shots(&self, actor: ModelId) -> Vec<(ModelId, ModelId)> {
        let mut out = Vec::new();
        for sentry in self.sentry_plans().iter().map(|p| ModelId(p.model)) {
            if !self.sentry_loaded(sentry) || !self.rivals(actor, sentry) {
                continue;
            }
            let ranked = self.ranked_sentry_targets(sentry);
            let Some(&(nearest, _)) = ranked.first() else {
                continue;
            };
            out.extend(
                ranked
                    .into_iter()
                    .take_while(|&(d, _)| d == nearest)
                    .map(|(_, t)| (sentry, t)),
            );
        }
        out
    }

    /// Whether a finished action by `actor` may set off the game's sentries: SEC on with
    /// sentries placed (MOD-2).
    pub(crate) fn sentries_watch(&self) -> bool {
        !self.sentry_plans().is_empty()
    }

    /// SEC-12, SEC-13, MOPEN-9: `actor` has finished an action. The Loaded sentries that
    /// are its rivals fire, one shot resolved at a time (the step comes back after each):
    /// a single possible shot fires at once; when two sentries could fire, or one has
    /// equally near targets, their owner picks the next shot
    /// ([`DecisionKind::SentryShot`]). Once none fires, if `actor` still stands within
    /// reach of a rival sentry, that sentry is overrun.
    pub(crate) fn step_sentries(&mut self, actor: ModelId) -> Option<Decision> {
        let shots = self.sentry_shots(actor);
        match shots.as_slice() {
            [] => {
                self.overrun(actor);
                None
            }
            &[(sentry, target)] => {
                self.stack.push(Step::Sentries { actor });
                self.sentry_fires(sentry, target);
                None
            }
            [(first, _), ..] => {
                let seat = self.owner(*first);
                self.stack.push(Step::Sentries { actor });
                Some(Decision {
                    seat,
                    kind: DecisionKind::SentryShot { shots },
                })
            }
        }
    }

    /// The owner's answer (SEC-12): this sentry fires at this target now; the sentries'
    /// step, still under the shot, comes back once it has resolved.
    pub(crate) fn execute_sentry_fires(&mut self, sentry: ModelId, target: ModelId) {
        self.sentry_fires(sentry, target);
    }

    /// Checks the owner's pick against the shots on offer (SEC-12).
    pub(crate) fn check_sentry_shot(
        shots: &[(ModelId, ModelId)],
        sentry: ModelId,
        target: ModelId,
    ) -> Result<(), RuleError> {
        if shots.contains(&(sentry, target)) {
            return Ok(());
        }
        if shots.iter().any(|&(s, _)| s == sentry) {
            return refuse(
                Rule::Sec12,
                "A sentry shoots at its nearest eligible target: pick one of those",
            );
        }
        refuse(
            Rule::Sec12,
            "Pick one of your Loaded sentries that may fire now",
        )
    }

    /// The sentry fires at `target` (SEC-12): it becomes Spent, and the shot is an attack
    /// like any other, so the target defends and may [RE]act against it. Control stays.
    fn sentry_fires(&mut self, sentry: ModelId, target: ModelId) {
        self.emit(Event::Sec(SecEvent::SentryFired { sentry, target }));
        if let Ok(plan) = self.plan_action(&sentry_shot(sentry, target), None) {
            self.declare(plan);
        }
    }

    /// SEC-13: a rival still in play within reach of a sentry takes it out, no roll.
    fn overrun(&mut self, actor: ModelId) {
        if !self.in_play(actor) || self.is_sentry(actor) {
            return;
        }
        let overrun: Vec<ModelId> = self
            .sentry_plans()
            .iter()
            .map(|p| ModelId(p.model))
            .filter(|&s| self.in_play(s) && self.rivals(actor, s) && self.distance(actor, s) <= 1.0)
            .collect();
        for sentry in overrun {
            self.emit(Event::Sec(SecEvent::SentryOverrun { sentry, by: actor }));
            self.take_out_by(sentry, Some(actor));
        }
    }

    /// SEC-11: at the start of its owner's Inspire every Spent sentry is Loaded again.
    pub(crate) fn reload_sentries(&mut self, seat: Seat) {
        let spent: Vec<ModelId> = self
            .security
            .spent
            .iter()
            .copied()
            .filter(|&s| self.owner(s) == seat && self.in_play(s))
            .collect();
        for sentry in spent {
            self.emit(Event::Sec(SecEvent::SentryReloaded { sentry }));
        }
    }
}

/// A sentry's shot at `target`: its one attack, no token (it rolls YELLOW as a Gonk does).
fn sentry_shot(sentry: ModelId, target: ModelId) -> ActionCommand {
    ActionCommand {
        model: sentry,
        action: basic::COUNT,
        token: None,
        target: Target::Model(target),
    }
}
