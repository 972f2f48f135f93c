//! Rapid X with walking fire (KW-24..KW-27, OPEN-28): one action, X attacks, each a
//! decision of the actor. A switched-to target must be within RED of the one shot just
//! before, and every distinct target after the first costs a further −1 on the roll.
//! [RE]actions wait until every repetition is resolved, in wound order (REACT-13), one per
//! model (REACT-3): the `EndAction` step below this one offers them.

use serde::Serialize;

use crate::actions::ActionCtx;
use crate::flow::Step;
use crate::ids::ModelId;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::Colour;
use crate::state::Game;

/// A Rapid action between repetitions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct RapidCtx {
    pub actor: ModelId,
    pub action: u16,
    pub token: Option<u8>,
    pub colour: Colour,
    pub reaction: bool,
    /// The model a [RE]action answers: every repetition must target it (REACT-7).
    pub wounder: Option<ModelId>,
    /// Repetitions made so far.
    pub done: u8,
    /// X of Rapid X.
    pub of: u8,
    /// Distinct targets in the order first shot (OPEN-28).
    pub targets: Vec<ModelId>,
    /// The model shot just before (KW-26, OPEN-28).
    pub last: ModelId,
}

impl RapidCtx {
    /// After the first repetition, at `ctx.target`.
    pub fn new(ctx: &ActionCtx, colour: Colour, of: u8, wounder: Option<ModelId>) -> RapidCtx {
        let t = ctx.target.expect("a Rapid action has a target");
        RapidCtx {
            actor: ctx.actor,
            action: ctx.action,
            token: ctx.token,
            colour,
            reaction: ctx.reaction,
            wounder,
            done: 1,
            of,
            targets: vec![t],
            last: t,
        }
    }
}

impl Game {
    /// Between repetitions: ask the actor for the next one while some are left.
    pub(crate) fn step_rapid(&mut self, r: Box<RapidCtx>) -> Option<Decision> {
        if r.done >= r.of || !self.in_play(r.actor) {
            return None;
        }
        let d = Decision {
            seat: self.owner(r.actor),
            kind: DecisionKind::NextRepetition {
                model: r.actor,
                action: r.action,
                number: r.done + 1,
                of: r.of,
                last_target: r.last,
            },
        };
        self.stack.push(Step::Rapid(r));
        Some(d)
    }

    fn rapid_on_top(&self) -> Option<&RapidCtx> {
        match self.stack.last() {
            Some(Step::Rapid(r)) => Some(r),
            _ => None,
        }
    }

    /// Checks the next repetition's target; returns the models it targets.
    pub(crate) fn plan_repetition(&self, target: ModelId) -> Result<Vec<ModelId>, RuleError> {
        let Some(r) = self.rapid_on_top() else {
            return refuse(Rule::Kw24, "No Rapid action is being repeated");
        };
        let def = self.action(r.actor, r.action).expect("the Rapid action");
        let brawl = crate::actions::LazyBrawl::new(self, r.actor);
        self.check_model_target(r.actor, def, def.target, target, &brawl, r.wounder)?;
        if target != r.last && self.distance(r.last, target) > Colour::Red.move_inches() {
            return refuse(
                Rule::Kw26,
                format!(
                    "Walking fire can only switch to a model within RED of the one shot just \
                     before (it is {:.1}\" away)",
                    self.distance(r.last, target)
                ),
            );
        }
        self.target_group(r.actor, def, target, brawl.get())
    }

    /// Fires the next repetition at `target` with the walking-fire penalty (KW-27, OPEN-28).
    pub(crate) fn repeat(&mut self, target: ModelId, group: Vec<ModelId>) {
        let Some(Step::Rapid(mut r)) = self.stack.pop() else {
            return;
        };
        let k = match r.targets.iter().position(|&t| t == target) {
            Some(k) => k,
            None => {
                r.targets.push(target);
                r.targets.len() - 1
            }
        };
        let penalty = -(k as i16);
        r.done += 1;
        r.last = target;
        self.emit(Event::Repetition {
            model: r.actor,
            number: r.done,
            of: r.of,
            target,
            penalty,
        });
        let def = self
            .action(r.actor, r.action)
            .expect("the Rapid action")
            .clone();
        let ctx = ActionCtx {
            actor: r.actor,
            action: r.action,
            token: r.token,
            reaction: r.reaction,
            target: Some(target),
            group,
            body: None,
            point: None,
            spread: crate::keywords::Spread::of(&def),
            marker: None,
            scenery: None,
            opening: None,
            torrent_at: None,
        };
        let colour = r.colour;
        self.stack.push(Step::Rapid(r));
        self.open_action(ctx, &def, colour, penalty);
    }
}
