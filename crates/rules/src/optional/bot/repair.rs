//! Repairing, not healing (BOT-6): Medical actions never target a construct, Field Patch
//! does. Self-Repair (BOT-9) and Under Repair (BOT-10): Start Repair ends the activation, the
//! construct rolls to heal at the start of its owner's next Inspire and is out of action
//! until that Inspire ends.

use super::actions::{FIELD_PATCH, START_REPAIR};
use crate::dice::{Die, SideRoll, actor_wins};
use crate::flow::Step;
use crate::flow::contest::Side;
use crate::ids::{ModelId, Seat};
use crate::odds::{Odds, OddsQuery};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{BotEvent, DieResult, Event};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Effect, Skill};
use crate::setup::cards::Ability;
use crate::state::Game;

impl Game {
    /// BOT-6: a Medical action (Triage, a Medical heal) can't target a construct.
    pub(crate) fn check_medical_on_construct(
        &self,
        def: &ActionDef,
        target: ModelId,
    ) -> Result<(), RuleError> {
        let medical = def.skill == Some(Skill::Medical);
        if medical && self.construct(target).is_some() {
            return refuse(
                Rule::Bot6,
                format!(
                    "{} can't target a construct: it needs repair, not medicine",
                    def.name
                ),
            );
        }
        Ok(())
    }

    /// BOT-9: Start Repair needs a construct with Self-Repair and a damaged system, and is
    /// never a [RE]action.
    pub(crate) fn check_start_repair(&self, m: ModelId, reaction: bool) -> Result<(), RuleError> {
        let Some(c) = self.construct(m) else {
            return refuse(Rule::Bot9, "Only a construct can Start Repair");
        };
        if !c.self_repair {
            return refuse(Rule::Bot9, "This construct has no Self-Repair");
        }
        if reaction {
            return refuse(Rule::Bot9, "Start Repair can't be taken as a [RE]action");
        }
        if !(0..c.systems.len()).any(|i| self.system_damaged(m, i)) {
            return refuse(Rule::Bot9, "No system of this construct is damaged");
        }
        Ok(())
    }

    /// BOT-6: Field Patch mends only a construct (whether it is friendly and Red-lined is
    /// Triage's own check, BASIC-7).
    pub(crate) fn check_field_patch_target(&self, t: ModelId) -> Result<(), RuleError> {
        if self.construct(t).is_none() {
            return refuse(Rule::Bot6, "Field Patch mends only a construct");
        }
        Ok(())
    }

    /// BOT-6: what the holder's best tool kit adds to its Field Patch.
    pub(crate) fn tool_kit_bonus(&self, actor: ModelId) -> i16 {
        self.abilities(actor)
            .filter_map(|a| match a {
                Ability::ToolKit(x) => Some(i16::from(x)),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// BOT-9: the token spent on Start Repair sets the repair die; the construct is Under
    /// Repair from now on, and its activation ends (see `flow`).
    pub(crate) fn start_repair(&mut self, m: ModelId, colour: Colour) {
        self.emit(Event::Bot(BotEvent::RepairStarted { model: m, colour }));
    }

    /// BOT-9: at the start of its owner's Inspire each construct Under Repair rolls the die of
    /// the spent token's colour plus Tech against the Obstacle die: a win heals 1, a Crit
    /// heals 2 (its controller picks the tokens, OPEN-17). Nobody spends Luck on it.
    pub(crate) fn repairs_at_inspire(&mut self, seat: Seat) {
        let rolling: Vec<(ModelId, Colour)> = self
            .bot
            .repairs
            .iter()
            .copied()
            .filter(|&(m, _)| self.owner(m) == seat && self.in_play(m))
            .collect();
        for (m, colour) in rolling {
            let repair = SideRoll {
                die: Die::Action(colour),
                face: self.dice.roll(Die::Action(colour)),
                modifier: i16::from(self.skill(m, Skill::Tech)),
            };
            let obstacle = SideRoll {
                die: Die::Obstacle,
                face: self.dice.roll(Die::Obstacle),
                modifier: 0,
            };
            let result = |r: &SideRoll, model| DieResult {
                model,
                seat,
                die: r.die,
                face: r.face,
                modifier: r.modifier,
                total: r.total(),
            };
            self.emit(Event::Rolled {
                dice: vec![result(&repair, Some(m)), result(&obstacle, None)],
            });
            let heals = match (actor_wins(&repair, &obstacle), repair.is_crit()) {
                (false, _) => 0,
                (true, false) => 1,
                (true, true) => 2,
            };
            self.emit(Event::Bot(BotEvent::RepairRolled { model: m, heals }));
            if heals > 0 {
                self.stack.push(Step::Heal {
                    model: m,
                    left: heals,
                });
            }
        }
    }

    /// BOT-9: Under Repair ends as its owner's Inspire ends.
    pub(crate) fn repairs_end(&mut self, seat: Seat) {
        let ending: Vec<ModelId> = self
            .bot
            .repairs
            .iter()
            .map(|r| r.0)
            .filter(|&m| self.owner(m) == seat)
            .collect();
        for model in ending {
            self.emit(Event::Bot(BotEvent::RepairEnded { model }));
        }
    }

    /// BOT-10: a construct Under Repair opposes every roll with the RED die, adding no Skill
    /// and no Armor; the Path of Attack's modifiers still count.
    pub(crate) fn under_repair_side(&self, model: ModelId, skill: Skill, cover: i16) -> Side {
        let mut side = self.actor_side(model, Colour::Red, skill, false);
        side.base_modifier = cover;
        side.modifier = cover;
        side
    }

    /// BOT-10: a Melee attack on constructs Under Repair succeeds without a roll.
    pub(crate) fn melee_on_under_repair(
        &self,
        def: &ActionDef,
        skill: Skill,
        group: &[ModelId],
    ) -> bool {
        def.attack
            && skill == Skill::Melee
            && !group.is_empty()
            && group.iter().all(|&t| self.under_repair(t))
    }

    /// BOT-10: refuses an action or [RE]action of a construct Under Repair, and a Command
    /// that would activate one.
    pub(crate) fn check_under_repair(
        &self,
        m: ModelId,
        def: &ActionDef,
        target: &Target,
    ) -> Result<(), RuleError> {
        if self.under_repair(m) {
            return refuse(
                Rule::Bot10,
                "This construct is Under Repair: it takes no actions or [RE]actions",
            );
        }
        if let Target::Model(t) = target
            && def.effects.contains(&Effect::Activate)
            && self.under_repair(*t)
        {
            return refuse(
                Rule::Bot10,
                "That construct is Under Repair: it can't be activated",
            );
        }
        Ok(())
    }

    /// The chance that the repair roll of construct `m` heals, if it spent a token of
    /// `colour` on Start Repair (BOT-9): that die plus Tech against the Obstacle die, with no
    /// Luck. `crit_success` is the chance it heals 2.
    pub fn self_repair_odds(&self, m: ModelId, colour: Colour) -> Odds {
        let tech = i16::from(self.skill(m, Skill::Tech));
        OddsQuery::new(Die::Action(colour), tech, Die::Obstacle, 0)
            .without_luck()
            .odds()
    }

    /// The chance that a BOT action command succeeds, Luck left out: Topple (BOT-11) and
    /// Field Patch (BOT-6, with the actor's tool kit) by their rolls, Start Repair and Stand Up certain (Easy, TOK-8).
    /// Refused as the command would be, or if it is no BOT action.
    pub fn construct_action_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        let plan = self.plan_action(cmd, None)?;
        let (add, against) = match (cmd.action, &cmd.target) {
            (super::TOPPLE, Target::Model(t)) => (
                i16::from(self.skill(cmd.model, Skill::Melee)) + self.topple_bonus(cmd.model, *t),
                self.topple_mass(*t),
            ),
            (FIELD_PATCH, _) => (
                i16::from(self.skill(cmd.model, Skill::Tech)) + self.tool_kit_bonus(cmd.model),
                0,
            ),
            (START_REPAIR | super::STAND_UP, _) => {
                return Ok(Odds {
                    success: 1.0,
                    ..Odds::default()
                });
            }
            _ => return refuse(Rule::Act16, "These odds are for the BOT module's actions"),
        };
        Ok(
            OddsQuery::new(Die::Action(plan.colour), add, Die::Obstacle, against)
                .without_luck()
                .odds(),
        )
    }
}
