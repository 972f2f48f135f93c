//! Blast (KW-4..KW-12, EX-23, OPEN-26, OPEN-27): an Impact token touches the target and
//! the action is rolled against it. A hit affects the target; a miss lets the targeted
//! player shift the token up to RED; a Fumble puts it against the attacker and a fresh
//! Obstacle die stands in for the roll. Then every model within RED of the token (in 3D,
//! not behind a barrier) escapes with a Basic Move on a Ready token, which counts as its
//! [RE]action, or rolls Reflexes against the roll and is affected if it loses. Owners take
//! turns clockwise from the Control player, each choosing which of its models goes next.

use redline_battlespace::Hypot;
use serde::Serialize;

use crate::actions::{ActPlan, ActionCtx, PlanKind};
use crate::dice::Die;
use crate::flow::Step;
use crate::flow::contest::{Contest, Purpose, Side, Stage};
use crate::geometry::Base;
use crate::ids::{ModelId, Seat};
use crate::protocol::command::Defence;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{DieResult, Event};
use crate::protocol::rule::Rule;
use crate::setup::basic;
use crate::setup::card::{Keyword, Skill};
use crate::state::Game;

/// How close (inches) a Fumble's Impact token must be to touching the attacker's base.
const TOUCH_TOLERANCE: f32 = 0.05;

/// Where a Blast is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) enum BlastStage {
    /// The targeted player puts the token down (KW-9 after a miss, KW-10 after a Fumble).
    Shift { fumble: bool },
    /// Work out who is caught (KW-6, KW-11, KW-12).
    Area,
    /// Caught models resolve one by one (KW-7, KW-8, OPEN-26).
    Resolve,
    /// A caught model is making its escape move.
    Escaping(ModelId),
    /// A caught model is rolling Reflexes against the Blast (KW-8).
    Rolling(ModelId),
}

/// A Blast after its roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct BlastCtx {
    pub action: ActionCtx,
    /// Centre of the Impact token.
    pub at: [f32; 3],
    /// The roll caught models must beat: the attack roll, or the fresh Obstacle die after a
    /// Fumble (OPEN-27). Fixed: never rolled or re-rolled again.
    pub roll: Side,
    /// The attack roll was a Crit (KW-14); never after a Fumble.
    pub crit: bool,
    pub stage: BlastStage,
    /// Caught models still to resolve, nearest the token first.
    pub pending: Vec<ModelId>,
    /// Models that escaped: that was their [RE]action for this action (OPEN-26).
    pub escaped: Vec<ModelId>,
}

impl Game {
    /// Where an Impact token touching `t` on the side facing `m` lies (KW-4).
    fn impact_on(&self, m: ModelId, t: ModelId) -> [f32; 3] {
        self.space().impact_point(&self.base(t), self.position(m))
    }

    /// KW-4: the token goes down touching the target before the roll.
    pub(crate) fn place_impact_on(&mut self, m: ModelId, t: ModelId) {
        let at = self.impact_on(m, t);
        self.emit(Event::ImpactPlaced { at, touching: t });
    }

    /// A fresh Obstacle die, rolled for the attacker's side (KW-10, OPEN-27; Easy Blasts).
    fn fresh_obstacle_roll(&mut self, actor: ModelId) -> Side {
        let mut side = self.obstacle_side(self.owner(actor));
        side.seat = self.owner(actor);
        side.face = self.dice.roll(Die::Obstacle);
        self.emit(Event::Rolled {
            dice: vec![DieResult {
                model: None,
                ..side.result()
            }],
        });
        side.model = Some(actor);
        side.fixed = true;
        side
    }

    /// The Blast's roll is settled (KW-5, KW-9, KW-10).
    pub(crate) fn blast_after_roll(&mut self, ctx: ActionCtx, c: &Contest) -> Option<Decision> {
        let t = ctx.target.expect("a Blast has a target");
        let mut roll = c.actor.clone();
        roll.fixed = true;
        let fumble = c.actor.roll().is_fumble();
        let hit = c.verdicts().first().copied().unwrap_or(false);
        let crit = c.actor.roll().is_crit();
        let at = self.impact_on(ctx.actor, t);
        let defence = c.opposers.first().and_then(|o| o.defence);
        let stage = if hit {
            BlastStage::Area
        } else {
            BlastStage::Shift { fumble }
        };
        let b = BlastCtx {
            action: ctx.clone(),
            at,
            roll,
            crit,
            stage,
            pending: Vec::new(),
            escaped: Vec::new(),
        };
        self.stack.push(Step::Blast(Box::new(b)));
        if hit {
            // KW-5: the target is affected, before the area.
            self.action_result(ctx, crit, &[(t, defence)], None);
        }
        None
    }

    /// An Easy Blast (no roll): the token touches the target, which is affected; the area
    /// rolls against a fresh Obstacle die.
    pub(crate) fn blast_after_hit(&mut self, ctx: ActionCtx, crit: bool, defence: Option<Defence>) {
        let t = ctx.target.expect("a Blast has a target");
        let at = self.impact_on(ctx.actor, t);
        self.easy_blast_area(ctx.clone(), at);
        self.action_result(ctx, crit, &[(t, defence)], None);
    }

    /// A Breach Blast aimed at scenery after its roll (TERR-7, MOPEN-4): the area resolves
    /// against the actor's total without the Large Target bonus; on a miss the scenery's
    /// side may shift the token (MOD-8, KW-9), on a Fumble it touches the actor (KW-10).
    pub(crate) fn blast_at_scenery(
        &mut self,
        ctx: ActionCtx,
        c: &Contest,
        at: [f32; 3],
        hit: bool,
    ) {
        let mut roll = c.actor.clone();
        roll.fixed = true;
        roll.modifier -= crate::optional::terr::LARGE_TARGET;
        roll.base_modifier -= crate::optional::terr::LARGE_TARGET;
        let fumble = c.actor.roll().is_fumble();
        let b = BlastCtx {
            action: ctx,
            at,
            roll,
            crit: c.actor.roll().is_crit(),
            stage: if hit {
                BlastStage::Area
            } else {
                BlastStage::Shift { fumble }
            },
            pending: Vec::new(),
            escaped: Vec::new(),
        };
        self.stack.push(Step::Blast(Box::new(b)));
    }

    /// The area of an Easy Blast with its token at `at`, an Easy Breach Blast aimed at
    /// scenery included (TERR-2, TERR-7): it rolls against a fresh Obstacle die.
    pub(crate) fn easy_blast_area(&mut self, ctx: ActionCtx, at: [f32; 3]) {
        let roll = self.fresh_obstacle_roll(ctx.actor);
        let b = BlastCtx {
            action: ctx,
            at,
            roll,
            crit: false,
            stage: BlastStage::Area,
            pending: Vec::new(),
            escaped: Vec::new(),
        };
        self.stack.push(Step::Blast(Box::new(b)));
    }

    /// Works on a Blast step.
    pub(crate) fn step_blast(&mut self, mut b: Box<BlastCtx>) -> Option<Decision> {
        match b.stage {
            BlastStage::Shift { fumble } => {
                let (seat, target) = match b.action.target {
                    Some(t) => (self.owner(t), t),
                    // MOD-8: aimed at scenery, the next player clockwise from the actor
                    // moves the token; the decision names the actor as the one aimed from.
                    None => {
                        let actor = b.action.actor;
                        (self.obstacle_side(self.owner(actor)).seat, actor)
                    }
                };
                let d = Decision {
                    seat,
                    kind: DecisionKind::PlaceImpact {
                        actor: b.action.actor,
                        target,
                        at: b.at,
                        fumble,
                    },
                };
                self.stack.push(Step::Blast(b));
                Some(d)
            }
            BlastStage::Area => {
                // AID-5: a Downed model is caught like any other.
                let area = self.space().blast(b.at, &self.bases_caught_by_areas());
                let ids = |v: Vec<u32>| v.into_iter().map(|i| ModelId(i as u16)).collect();
                let mut caught: Vec<ModelId> = ids(area.caught);
                // DRONE-4: a drone in the area of an action that doesn't work on drones is
                // immune to it, so it isn't caught.
                let def = self
                    .action(b.action.actor, b.action.action)
                    .expect("action");
                caught.retain(|&m| !self.immune_to(m, def));
                if let Some(enclosed) = self.enclosed_blast(&b.action, b.at) {
                    // FIRE-9: fire fills an enclosed compartment; every model in it is caught.
                    for o in self.models_in_compartment(enclosed) {
                        if !caught.contains(&o) && !self.immune_to(o, def) {
                            caught.push(o);
                        }
                    }
                }
                let sheltered = ids(area.sheltered.into_iter().map(|s| s.0).collect());
                self.emit(Event::BlastArea {
                    at: b.at,
                    caught: caught.clone(),
                    sheltered,
                });
                b.pending = caught;
                b.stage = BlastStage::Resolve;
                self.step_blast(b)
            }
            BlastStage::Resolve => self.next_caught(b),
            BlastStage::Escaping(m) => {
                let still = self.in_play(m) && self.caught_at(b.at, &self.base(m));
                self.emit(Event::BlastEscaped {
                    model: m,
                    clear: !still,
                });
                if still {
                    // OPEN-26: a model left within RED makes the KW-8 roll after all.
                    self.blast_roll(b, m);
                    return None;
                }
                b.stage = BlastStage::Resolve;
                self.next_caught(b)
            }
            // Only while its roll is in a contest; not reached on the stack.
            BlastStage::Rolling(_) => None,
        }
    }

    /// Whether a base at its position would be caught by a Blast at `at` (KW-6, KW-12).
    fn caught_at(&self, at: [f32; 3], base: &Base) -> bool {
        !self
            .space()
            .blast(at, std::slice::from_ref(base))
            .caught
            .is_empty()
    }

    /// Whether a caught model could escape: a character with a Ready token, not Downed (KW-7).
    fn may_escape(&self, m: ModelId) -> bool {
        // AID-5: a Downed model can't escape.
        self.is_character(m) && !self.is_downed(m) && self.state(m).has_ready()
    }

    /// The next caught model: the first player clockwise from Control with models left
    /// chooses which goes next, unless none of them has a choice (OPEN-26).
    fn next_caught(&mut self, mut b: Box<BlastCtx>) -> Option<Decision> {
        b.pending.retain(|&m| self.in_play(m) || self.is_downed(m));
        if b.pending.is_empty() {
            self.emit(Event::ImpactRemoved { at: b.at });
            self.ignite_after_blast(&b.action, b.at); // FIRE-1, FIRE-3
            // OPEN-26: an escape was the model's [RE]action for this action (REACT-3).
            self.wounded.retain(|(m, _)| !b.escaped.contains(m));
            return None;
        }
        let n = self.seat_count() as u8;
        let (seat, models) = (0..n)
            .map(|k| Seat((self.control.0 + k) % n))
            .map(|s| {
                let mine: Vec<ModelId> = b
                    .pending
                    .iter()
                    .copied()
                    .filter(|&m| self.owner(m) == s)
                    .collect();
                (s, mine)
            })
            .find(|(_, mine)| !mine.is_empty())
            .expect("a pending model has an owner");
        // FIRE-9: nobody escapes fire filling an enclosed compartment.
        let enclosed = self.enclosed_blast(&b.action, b.at).is_some();
        if enclosed || !models.iter().any(|&m| self.may_escape(m)) {
            let m = models[0];
            b.pending.retain(|&p| p != m);
            self.blast_roll(b, m);
            return None;
        }
        let d = Decision {
            seat,
            kind: DecisionKind::BlastEscape { at: b.at, models },
        };
        self.stack.push(Step::Blast(b));
        Some(d)
    }

    /// KW-8: model `m` rolls Reflexes (Armor allowed, OPEN-19) against the Blast's roll.
    fn blast_roll(&mut self, mut b: Box<BlastCtx>, m: ModelId) {
        let def = self
            .action(b.action.actor, b.action.action)
            .expect("action")
            .clone();
        let pierce = def
            .keywords
            .iter()
            .map(|k| if let Keyword::Pierce(x) = k { *x } else { 0 })
            .sum();
        let armor_ok = def.attack
            && matches!(
                def.skill,
                Some(Skill::Ranged | Skill::Melee | Skill::Reflexes)
            );
        let opposer = self.model_side(m, Skill::Reflexes, 0, armor_ok, def.attack, pierce);
        b.stage = BlastStage::Rolling(m);
        let c = Contest {
            name: def.name.clone(),
            can_wound: def.attack,
            actor: b.roll.clone(),
            opposers: vec![opposer],
            stage: Stage::Defences,
            offered: None,
            purpose: Purpose::Blast(b),
        };
        self.stack.push(Step::Contest(Box::new(c)));
    }

    /// A KW-8 roll is settled: a loser suffers the Blast's effect, so the target may be
    /// affected twice (KW-8).
    pub(crate) fn blast_rolled(&mut self, mut b: Box<BlastCtx>, c: &Contest) -> Option<Decision> {
        let BlastStage::Rolling(m) = b.stage else {
            return None;
        };
        let affected = c.verdicts().first().copied().unwrap_or(false);
        let defence = c.opposers.first().and_then(|o| o.defence);
        let mut ctx = b.action.clone();
        ctx.target = Some(m);
        ctx.group = vec![m];
        let crit = b.crit;
        b.stage = BlastStage::Resolve;
        self.stack.push(Step::Blast(b));
        if affected {
            self.action_result(ctx, crit, &[(m, defence)], None);
        }
        None
    }

    fn blast_on_top(&self) -> Option<&BlastCtx> {
        match self.stack.last() {
            Some(Step::Blast(b)) => Some(b),
            _ => None,
        }
    }

    /// Where a token put down at `at` lies, if that is a legal place (KW-9, KW-10).
    pub(crate) fn check_impact(&self, at: [f32; 3]) -> Result<[f32; 3], RuleError> {
        let Some(b) = self.blast_on_top() else {
            return refuse(Rule::Kw9, "No Impact token is waiting to be placed");
        };
        let BlastStage::Shift { fumble } = b.stage else {
            return refuse(Rule::Kw9, "No Impact token is waiting to be placed");
        };
        let table = self.space().table();
        if !(at[0].is_finite() && at[2].is_finite() && table.contains_point(at[0], at[2])) {
            return refuse(Rule::Kw9, "The Impact token must stay on the table");
        }
        if fumble {
            // KW-10, OPEN-27: touching the attacker's base.
            let me = self.base(b.action.actor);
            let want = me.radius + redline_battlespace::IMPACT_TOKEN_RADIUS;
            let d = (at[0] - me.position[0]).hypot_exact(at[2] - me.position[2]);
            if (d - want).abs() > TOUCH_TOLERANCE {
                return refuse(
                    Rule::Kw10,
                    "After a Fumble the Impact token must touch the attacker's base",
                );
            }
            return Ok([at[0], me.position[1], at[2]]);
        }
        let d = (at[0] - b.at[0]).hypot_exact(at[2] - b.at[2]);
        if d > crate::setup::card::Colour::Red.move_inches() + 1e-3 {
            return refuse(
                Rule::Kw9,
                format!("The Impact token may be shifted up to RED (3\"), not {d:.1}\""),
            );
        }
        let y = self.space().surface_below(at[0], at[2], b.at[1]);
        Ok([at[0], y, at[2]])
    }

    /// Puts the token down where `check_impact` said.
    pub(crate) fn put_impact(&mut self, at: [f32; 3]) {
        let Some(Step::Blast(mut b)) = self.stack.pop() else {
            return;
        };
        let BlastStage::Shift { fumble } = b.stage else {
            return;
        };
        if fumble {
            let actor = b.action.actor;
            self.emit(Event::ImpactPlaced {
                at,
                touching: actor,
            });
            b.roll = self.fresh_obstacle_roll(actor);
            b.crit = false;
        } else if at != b.at {
            self.emit(Event::ImpactMoved { from: b.at, to: at });
        }
        b.at = at;
        b.stage = BlastStage::Area;
        self.stack.push(Step::Blast(b));
    }

    /// The caught model `m` whose turn it is: checks it belongs to the pending player.
    fn check_caught(&self, m: ModelId) -> Result<&BlastCtx, RuleError> {
        let b = self.blast_on_top();
        let listed = match &self.decision {
            Some(Decision {
                kind: DecisionKind::BlastEscape { models, .. },
                ..
            }) => models.contains(&m),
            _ => false,
        };
        match b {
            Some(b) if listed && b.stage == BlastStage::Resolve => Ok(b),
            _ => refuse(
                Rule::Open26,
                "That model is not one of yours waiting to escape the Blast",
            ),
        }
    }

    /// Checks an escape: a Basic Move on a Ready token that ends more than RED from the
    /// Impact token (KW-7, OPEN-26).
    pub(crate) fn plan_escape(
        &self,
        m: ModelId,
        token: u8,
        route: &[[f32; 3]],
    ) -> Result<ActPlan, RuleError> {
        let b = self.check_caught(m)?;
        if self.is_downed(m) {
            return refuse(Rule::Aid2, "A Downed model can't escape a Blast (AID-5)");
        }
        if !self.is_character(m) {
            return refuse(
                Rule::Kw7,
                "Only a model with a Ready token can escape a Blast",
            );
        }
        let Some(tok) = self.tokens(m).get(usize::from(token)) else {
            return refuse(Rule::Tok1, "That model has no such token");
        };
        if !tok.ready {
            return refuse(Rule::Kw7, "Escaping a Blast needs a Ready token");
        }
        let colour = tok.colour;
        let ctx = self.plan_move(m, route, colour.move_inches(), colour, Some(token), None)?;
        let end = self.base(m).at(ctx.end);
        if self.caught_at(b.at, &end) {
            return refuse(
                Rule::Kw7,
                "An escape must end more than RED from the Impact token (or behind a barrier)",
            );
        }
        Ok(ActPlan {
            actor: m,
            action: basic::MOVE,
            token: Some(token),
            colour,
            spend: true,
            reaction: true,
            wounder: Some(b.action.actor),
            kind: PlanKind::Move(Box::new(ctx)),
        })
    }

    /// Starts a checked escape: the Blast waits for the move to end.
    pub(crate) fn escape_blast(&mut self, plan: ActPlan) {
        let m = plan.actor;
        if let Some(Step::Blast(mut b)) = self.stack.pop() {
            b.pending.retain(|&p| p != m);
            b.escaped.push(m);
            b.stage = BlastStage::Escaping(m);
            self.stack.push(Step::Blast(b));
        }
        self.declare(plan);
        // The escape answers the Blast, not a wound: no [RE]action round or Control change
        // follows it (OPEN-26), so drop the end-of-[RE]action step `declare` queued.
        if let Some(i) = self
            .stack
            .iter()
            .rposition(|s| matches!(s, Step::EndAction { actor, reaction: true } if *actor == m))
        {
            self.stack.remove(i);
        }
    }

    /// Checks that `m` may stay and roll (KW-8).
    pub(crate) fn check_face_blast(&self, m: ModelId) -> Result<(), RuleError> {
        self.check_caught(m).map(|_| ())
    }

    /// `m` stays and rolls (KW-8).
    pub(crate) fn face_blast(&mut self, m: ModelId) {
        if let Some(Step::Blast(mut b)) = self.stack.pop() {
            b.pending.retain(|&p| p != m);
            self.blast_roll(b, m);
        }
    }
}
