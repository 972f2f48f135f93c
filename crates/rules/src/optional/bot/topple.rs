//! Topple (BOT-11) and Toppled (BOT-12): a rival construct Under Repair or out of Ready
//! tokens can be knocked over by a Melee action against the Obstacle die plus its Mass; a
//! Toppled construct takes 1 wound, and its only action is Stand Up.

use super::actions::{FIELD_PATCH, STAND_UP, START_REPAIR, TOPPLE};
use crate::actions::ActionCtx;
use crate::flow::contest::{Contest, Side};
use crate::ids::ModelId;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{BotEvent, Event};
use crate::protocol::rule::Rule;
use crate::setup::card::ModelKeyword;
use crate::state::Game;

impl Game {
    /// The BOT module's checks on the acting model (BOT-9, BOT-10, BOT-12): a construct
    /// Under Repair takes no action, a Toppled one only Stands Up, and Start Repair and
    /// Stand Up are for the constructs they name.
    pub(crate) fn check_bot_actor(
        &self,
        m: ModelId,
        action: u16,
        reaction: bool,
    ) -> Result<(), RuleError> {
        if self.is_toppled(m) && action != STAND_UP {
            return refuse(
                Rule::Bot12,
                "This construct is Toppled: its only action is Stand Up",
            );
        }
        match action {
            START_REPAIR => self.check_start_repair(m, reaction),
            STAND_UP if !self.is_toppled(m) => {
                refuse(Rule::Bot12, "Only a Toppled construct Stands Up")
            }
            _ => Ok(()),
        }
    }

    /// BOT-11, BOT-12: Topple targets a rival construct that is Under Repair or has no Ready
    /// token, and is not Toppled already (the rival and reach are the action's own checks).
    pub(crate) fn check_topple_target(&self, t: ModelId) -> Result<(), RuleError> {
        if self.construct(t).is_none() {
            return refuse(Rule::Bot11, "Only a construct can be Toppled");
        }
        if self.is_toppled(t) {
            return refuse(Rule::Bot12, "That construct is Toppled already");
        }
        if !self.under_repair(t) && self.state(t).has_ready() {
            return refuse(
                Rule::Bot11,
                "A construct can be Toppled only while Under Repair or with no Ready token",
            );
        }
        Ok(())
    }

    /// BOT-11: what the Obstacle die adds against a Topple: the construct's Mass.
    pub(crate) fn topple_mass(&self, t: ModelId) -> i16 {
        self.construct(t).map_or(0, |c| i16::from(c.topple_mass()))
    }

    /// BOT-11: the actor adds 1 per earlier attempt on `t` since its owner's most recent
    /// Inspire, and 1 if it is a Leader.
    pub(crate) fn topple_bonus(&self, actor: ModelId, t: ModelId) -> i16 {
        let leader = self.profile(actor).has_keyword(&ModelKeyword::Leader);
        i16::from(self.topple_tries(t)) + i16::from(leader)
    }

    /// Opens a Topple roll (BOT-11): the attempt is counted, the actor's bonus is added to
    /// `actor`, and the Obstacle die plus Mass opposes. `None` for any other action.
    pub(crate) fn open_topple(&mut self, ctx: &ActionCtx, actor: &mut Side) -> Option<Side> {
        let t = ctx.target.filter(|_| ctx.action == TOPPLE)?;
        let bonus = self.topple_bonus(ctx.actor, t);
        actor.base_modifier += bonus;
        actor.modifier += bonus;
        self.emit(Event::Bot(BotEvent::ToppleTried {
            model: t,
            by: ctx.actor,
        }));
        let mut obstacle = self.obstacle_side(self.owner(ctx.actor));
        let mass = self.topple_mass(t);
        obstacle.base_modifier = mass;
        obstacle.modifier = mass;
        Some(obstacle)
    }

    /// BOT-11: a won Topple leaves the construct Toppled with 1 wound, placed by its owner
    /// with no Opposed Roll (WOUND-7) and giving no [RE]action. Whether `ctx` was a Topple.
    pub(crate) fn finish_topple(&mut self, ctx: &ActionCtx, c: &Contest) -> bool {
        let Some(t) = ctx.target.filter(|_| ctx.action == TOPPLE) else {
            return false;
        };
        if c.verdicts().first().copied().unwrap_or(false) {
            self.emit(Event::Bot(BotEvent::Toppled {
                model: t,
                by: ctx.actor,
            }));
            self.push_wounds(t, 1, Some(ctx.actor));
        }
        true
    }

    /// The result of the Easy BOT actions (BOT-9, BOT-12). Whether `ctx` was one.
    pub(crate) fn bot_easy_result(&mut self, ctx: &ActionCtx) -> bool {
        match ctx.action {
            START_REPAIR => {
                let colour = ctx
                    .token
                    .and_then(|t| self.tokens(ctx.actor).get(usize::from(t)))
                    .map(|t| t.colour)
                    .expect("Start Repair spends a token");
                self.start_repair(ctx.actor, colour);
                true
            }
            STAND_UP => {
                self.emit(Event::Bot(BotEvent::StoodUp { model: ctx.actor }));
                true
            }
            _ => false,
        }
    }

    /// The BOT module's checks on a model target (BOT-6, BOT-11, BOT-12): Topple's and
    /// Field Patch's own.
    pub(crate) fn check_bot_target(&self, action: u16, t: ModelId) -> Result<(), RuleError> {
        match action {
            TOPPLE => self.check_topple_target(t),
            FIELD_PATCH => self.check_field_patch_target(t),
            _ => Ok(()),
        }
    }

    /// BOT-8, BOT-12: whether a drag or a Push leaves `m` where it stands.
    pub(crate) fn immovable(&self, m: ModelId) -> bool {
        self.is_heavy(m) || self.is_toppled(m)
    }
}
