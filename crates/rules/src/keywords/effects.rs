//! Keyword effects of a successful action on the models it affects (KW-1): Stun X with its
//! stunned Gonks (KW-29, KW-30, OPEN-40), Refresh X (KW-23, TOK-14), Defense [Skill X] gained
//! from an action (KW-17) and Push (KW-22, OPEN-29). Token choices are the owner's
//! decisions.

use crate::actions::ActionCtx;
use crate::flow::Step;
use crate::ids::{ModelId, Seat};
use crate::keywords;
use crate::protocol::command::Defence;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::Event;
use crate::setup::card::{ActionDef, Keyword};
use crate::state::Game;
use crate::state::model::Token;

/// Indices of the tokens of `model` matching `keep`, equivalent tokens offered once (lowest
/// index).
fn distinct(game: &Game, model: ModelId, keep: impl Fn(&Token) -> bool) -> Vec<u8> {
    let tokens = game.tokens(model);
    (0..tokens.len())
        .filter(|&i| keep(&tokens[i]) && !game.repeats_token(model, i))
        .map(|i| i as u8)
        .collect()
}

/// The models a successful action's keywords apply to: those it hit, else its target, else
/// the actor itself (self actions such as a Refresh or a Brace).
fn affected(ctx: &ActionCtx, hits: &[(ModelId, Option<Defence>)]) -> Vec<ModelId> {
    if !hits.is_empty() {
        hits.iter().map(|h| h.0).collect()
    } else if let Some(t) = ctx.target {
        vec![t]
    } else {
        vec![ctx.actor]
    }
}

impl Game {
    /// Queues Stun and Refresh and grants Defense for a successful action (KW-1, KW-2).
    pub(crate) fn keyword_effects(
        &mut self,
        ctx: &ActionCtx,
        def: &ActionDef,
        hits: &[(ModelId, Option<Defence>)],
    ) {
        let models = affected(ctx, hits);
        // Steps run last-pushed first: push in reverse so they resolve in hit order.
        let stun = keywords::stun(def);
        let refresh = keywords::refresh(def);
        for &m in models.iter().rev() {
            if refresh > 0 {
                self.stack.push(Step::Refresh {
                    model: m,
                    left: self.construct_refresh(m, refresh),
                });
            }
            if stun > 0 {
                self.stack.push(Step::Stun {
                    model: m,
                    left: stun,
                });
            }
        }
        // KW-17: the Defense of an attack is its wielder's; of any other action, the
        // affected models' (the actor's for a self action).
        let holders = if def.attack { vec![ctx.actor] } else { models };
        for (skill, by) in keywords::defenses(def) {
            for &m in &holders {
                if self.in_play(m) {
                    self.emit(Event::DefenseGained {
                        model: m,
                        skill,
                        by,
                    });
                }
            }
        }
    }

    /// KW-22: each affected model still in play moves RED straight away from the actor.
    pub(crate) fn push_affected(
        &mut self,
        ctx: &ActionCtx,
        def: &ActionDef,
        hits: &[(ModelId, Option<Defence>)],
    ) {
        if !def.keywords.contains(&Keyword::Push) {
            return;
        }
        for m in affected(ctx, hits) {
            // BOT-8, BOT-12: Push doesn't move a Heavy or Toppled construct; SEC-15: nor a
            // Snared model.
            if m != ctx.actor && self.in_play(m) && !self.immovable(m) && !self.is_snared(m) {
                self.push_model(ctx.actor, m);
            }
        }
    }

    /// OPEN-29: no rolls; stopped by a barrier, a base or the table edge; a fall off a raised
    /// edge hurts the model and any model it lands on (MOVE-19, MOVE-21). A Push never
    /// starts a Brawl roll, but the model may end up Brawling.
    fn push_model(&mut self, actor: ModelId, m: ModelId) {
        let before = self.brawling_with(m);
        let result = self
            .space()
            .push(&self.base(actor), &self.base(m), &self.bases_in_play());
        let from = self.position(m);
        let met = self.fires_met(m, &[result.end]); // FIRE-11: a Push is a move too
        self.emit(Event::Pushed {
            model: m,
            from,
            to: result.end,
            stopped: result.stopped_by.is_some(),
        });
        if let Some(h) = result.fall {
            let under = result.lands_on.map(|b| crate::ids::ModelId(b as u16));
            self.fall_onto(m, h, None, under);
        }
        if self.in_play(m) {
            let after = self.brawling_with(m);
            if after.iter().any(|o| !before.contains(o)) {
                self.emit(Event::BrawlEntered {
                    model: m,
                    with: after,
                });
            }
            self.crossing_fire(m, &met);
        }
    }

    /// Works on a Stun: X Ready tokens flip to Used where possible, the target's player
    /// choosing which (KW-29); a Gonk is stunned until after its owner's next Inspire
    /// (KW-30, OPEN-40).
    pub(crate) fn step_stun(&mut self, model: ModelId, left: u8) -> Option<Decision> {
        if left == 0 || !self.in_play(model) {
            return None;
        }
        if self.is_gonk(model) {
            if !self.state(model).stunned {
                self.emit(Event::Stunned { model, token: None });
            }
            return None;
        }
        let ready = self.tokens(model).iter().filter(|t| t.ready).count();
        let options = distinct(self, model, |t| t.ready);
        let one = |g: &mut Game, t: u8| {
            g.emit(Event::Stunned {
                model,
                token: Some(t),
            });
            g.stack.push(Step::Stun {
                model,
                left: left - 1,
            });
        };
        match options.len() {
            0 => None,
            1 => {
                one(self, options[0]);
                None
            }
            // Every Ready token flips: no choice to make.
            _ if ready <= usize::from(left) => {
                one(self, options[0]);
                None
            }
            _ => {
                self.stack.push(Step::Stun { model, left });
                Some(Decision {
                    seat: self.owner(model),
                    kind: DecisionKind::ChooseStunnedToken {
                        model,
                        left,
                        options,
                    },
                })
            }
        }
    }

    /// Works on a Refresh: X Used tokens flip to Ready, the owner choosing which (KW-23,
    /// TOK-14).
    pub(crate) fn step_refresh(&mut self, model: ModelId, left: u8) -> Option<Decision> {
        if left == 0 || !self.in_play(model) {
            return None;
        }
        let used = self.tokens(model).iter().filter(|t| !t.ready).count();
        let options = distinct(self, model, |t| !t.ready);
        let one = |g: &mut Game, t: u8| {
            g.emit(Event::Refreshed { model, token: t });
            g.stack.push(Step::Refresh {
                model,
                left: left - 1,
            });
        };
        match options.len() {
            0 => None,
            1 => {
                one(self, options[0]);
                None
            }
            _ if used <= usize::from(left) => {
                one(self, options[0]);
                None
            }
            _ => {
                self.stack.push(Step::Refresh { model, left });
                Some(Decision {
                    seat: self.owner(model),
                    kind: DecisionKind::ChooseRefreshedToken {
                        model,
                        left,
                        options,
                    },
                })
            }
        }
    }

    /// End of an Inspire (CTRL-12): stunned Gonks may act again (OPEN-40) and Defense gained
    /// from actions runs out (KW-17).
    pub(crate) fn inspire_clears_keywords(&mut self, seat: Seat) {
        for m in self.model_ids() {
            if self.owner(m) != seat || !self.in_play(m) {
                continue;
            }
            if self.state(m).stunned {
                self.emit(Event::StunCleared { model: m });
            }
            if self.state(m).gained_defense != [0; 6] {
                self.emit(Event::DefenseExpired { model: m });
            }
        }
    }
}
