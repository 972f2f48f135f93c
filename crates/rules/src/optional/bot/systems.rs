//! What a damaged system stops (BOT-2..BOT-5): actions on a damaged Arm, moves on damaged
//! Legs, the refresh a damaged Power allows, and the Haywire roll of a damaged CPU.

use crate::dice::Die;
use crate::flow::Step;
use crate::ids::{ModelId, Seat};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Skill};
use crate::setup::construct::System;
use crate::state::Game;
use redline_battlespace::{CrossingKind, MovePlan};

/// The CPU roll's highest face that sends a construct Haywire (BOT-5).
const HAYWIRE_MAX: u8 = 2;

/// Rounding room on a move's length, in inches, as the geometry measures it.
const LENGTH_SLACK: f32 = 1e-3;

impl Game {
    /// BOT-2: refuses an action carried by a damaged Arm, and any Ranged or Melee action
    /// once every Arm is damaged. Passes every model that is no construct.
    pub(crate) fn check_construct_action(
        &self,
        m: ModelId,
        def: &ActionDef,
    ) -> Result<(), RuleError> {
        let Some(c) = self.construct(m) else {
            return Ok(());
        };
        let on_damaged_arm = c.systems.iter().enumerate().any(|(i, s)| {
            matches!(s, System::Arm(ids) if ids.contains(&def.id)) && self.system_damaged(m, i)
        });
        if on_damaged_arm {
            return refuse(
                Rule::Bot2,
                format!("{} is carried by a damaged Arm", def.name),
            );
        }
        let fights = matches!(def.skill, Some(Skill::Ranged | Skill::Melee));
        if fights && self.arms_all_damaged(m) {
            return refuse(
                Rule::Bot2,
                format!(
                    "Every Arm of this construct is damaged: it can't take {}",
                    def.name
                ),
            );
        }
        Ok(())
    }

    /// BOT-3: the longest move a construct with damaged Legs may make (RED), `None` when its
    /// moves are not limited; refused when it has two or more Legs, all damaged.
    fn construct_move_cap(&self, m: ModelId) -> Result<Option<f32>, RuleError> {
        let (legs, damaged) = self.systems_of(m, |s| *s == System::Legs);
        if legs >= 2 && damaged == legs {
            return refuse(
                Rule::Bot3,
                "Every Legs system of this construct is damaged: it can't move",
            );
        }
        Ok((damaged > 0).then(|| Colour::Red.move_inches()))
    }

    /// The length a move of `m` with a token of `length` may have: capped at RED by damaged
    /// Legs (BOT-3), for the candidates the engine offers.
    pub(crate) fn construct_move_len(&self, m: ModelId, length: f32) -> f32 {
        match self.construct_move_cap(m) {
            Ok(Some(cap)) => length.min(cap),
            _ => length,
        }
    }

    /// BOT-3: a construct with damaged Legs moves at most RED and neither climbs nor jumps;
    /// with every Legs system damaged it doesn't move. Passes every model that is no
    /// construct.
    pub(crate) fn check_construct_move(
        &self,
        m: ModelId,
        plan: &MovePlan,
    ) -> Result<(), RuleError> {
        if self.construct(m).is_none() {
            return Ok(());
        }
        self.check_heavy_move(m, plan)?;
        if let Some(cap) = self.construct_move_cap(m)?
            && plan.length > cap + LENGTH_SLACK
        {
            return refuse(
                Rule::Bot3,
                format!(
                    "A construct with damaged Legs moves at most RED ({cap}\"); this move is {:.1}\"",
                    plan.length
                ),
            );
        }
        let climbs = plan.crossings.iter().any(|c| {
            matches!(
                c.kind,
                CrossingKind::Climb { .. } | CrossingKind::Jump { .. }
            )
        });
        if climbs {
            self.check_construct_climb(m)?;
        }
        Ok(())
    }

    /// BOT-3, BOT-8: refuses a climb or jump by a Heavy construct or one with damaged Legs.
    pub(crate) fn check_construct_climb(&self, m: ModelId) -> Result<(), RuleError> {
        if self.is_heavy(m) {
            return refuse(Rule::Bot8, "A Heavy construct can't climb or jump");
        }
        if self.systems_of(m, |s| *s == System::Legs).1 > 0 {
            return refuse(
                Rule::Bot3,
                "A construct with damaged Legs can't climb or jump",
            );
        }
        Ok(())
    }

    /// BOT-4: how many tokens a Refresh X flips on `m`: at most one with a damaged Power.
    pub(crate) fn construct_refresh(&self, m: ModelId, x: u8) -> u8 {
        if self.power_damaged(m) { x.min(1) } else { x }
    }

    /// BOT-4: the next construct of `seat` whose damaged Power gives back only one token in
    /// this Inspire, if one is still to choose; its refresh is put on the stack.
    pub(crate) fn power_limited_refresh(&mut self, seat: Seat) -> bool {
        let next = self.model_ids().find(|&m| {
            self.owner(m) == seat
                && self.in_play(m)
                && self.power_damaged(m)
                && !self.bot.power_spent.contains(&m)
        });
        let Some(m) = next else {
            return false;
        };
        self.emit(Event::PowerLimited { model: m });
        self.stack.push(Step::Refresh { model: m, left: 1 });
        true
    }

    /// BOT-4: whether the end of an Inspire skips this model's tokens (its one token came
    /// back already).
    pub(crate) fn inspire_skips_tokens(&self, m: ModelId) -> bool {
        self.bot.power_spent.contains(&m)
    }

    /// BOT-5: as a construct with a damaged CPU starts an activation it rolls the RED die; on
    /// 1 or 2 it is Haywire until the activation ends.
    pub(crate) fn cpu_check(&mut self, m: ModelId) {
        if self.systems_of(m, |s| *s == System::Cpu).1 == 0 {
            return;
        }
        let face = self.dice.roll(Die::Action(Colour::Red));
        self.emit(Event::CpuRolled {
            model: m,
            face,
            haywire: face <= HAYWIRE_MAX,
        });
    }
}
