//! Casualties (AID): a character that would be taken out lies Downed instead, once a game
//! (AID-1); it is out of action and already counts as taken out (AID-2, AID-3); any wound
//! finishes it (AID-5); a friend may try First Aid on it once (AID-6..AID-8); whoever still
//! lies Downed when the game ends is taken out (AID-11). Nothing here runs unless the game
//! has AID on (MOD-2): the casualty list stays empty and out of the hash.

use serde::Serialize;

use crate::actions::ActionCtx;
use crate::dice::Die;
use crate::flow::Step;
use crate::flow::contest::{Contest, Side};
use crate::geometry::{self, Base};
use crate::ids::ModelId;
use crate::odds::{Odds, OddsQuery};
use crate::protocol::command::{ActionCommand, Target};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::{AidEvent, Event};
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Colour, Effect, Keyword, RangeSpec, Skill, TargetKind};
use crate::setup::cards::Ability;
use crate::setup::modules::Module;
use crate::state::{Bases, Game};

/// Index of First Aid, the action the engine adds to every model while AID is on (AID-6).
pub const FIRST_AID: u16 = 0xF100;

/// Every model that has been Downed this game, in the order it went down (MOD-3).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct Casualties {
    list: Vec<Casualty>,
}

/// One Downed model, or one that was and no longer is (revived or taken out).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Casualty {
    model: ModelId,
    /// Its owner's Inspires ended when it went down: Fresh while that count stands (AID-6).
    inspires: u8,
    /// Still lying Downed.
    lying: bool,
    /// First Aid was tried on it (AID-7).
    aid_tried: bool,
}

impl Casualties {
    /// Whether no model was ever Downed (the hash leaves the list out then).
    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn get(&self, model: ModelId) -> Option<&Casualty> {
        self.list.iter().find(|c| c.model == model)
    }

    fn get_mut(&mut self, model: ModelId) -> Option<&mut Casualty> {
        self.list.iter_mut().find(|c| c.model == model)
    }

    /// Marks a Downed model as taken out for good (no-op for any other model).
    pub(crate) fn lay_to_rest(&mut self, model: ModelId) {
        if let Some(c) = self.get_mut(model) {
            c.lying = false;
        }
    }
}

/// The First Aid action (AID-6): Medical, within reach, on a friendly model, Complex.
pub(crate) fn first_aid_def() -> ActionDef {
    ActionDef {
        keywords: vec![Keyword::Complex],
        effects: vec![Effect::FirstAid],
        ..ActionDef::plain(
            "first_aid",
            "First Aid",
            Some(Skill::Medical),
            Some(RangeSpec::REACH),
            TargetKind::OtherFriendly,
        )
    }
}

impl Game {
    /// Whether the model lies Downed (AID-1): out of action, but still on the table.
    pub fn is_downed(&self, model: ModelId) -> bool {
        self.casualties.get(model).is_some_and(|c| c.lying)
    }

    /// Whether the model has been Downed in this game, lying there still or not (AID-9).
    pub fn been_downed(&self, model: ModelId) -> bool {
        self.casualties.get(model).is_some()
    }

    /// Whether a Downed model is Fresh (AID-6): no Inspire of its owner has ended since it
    /// went down.
    pub fn is_fresh(&self, model: ModelId) -> bool {
        self.casualties.get(model).is_some_and(|c| {
            c.lying && self.scen.inspires[usize::from(self.owner(model).0)] == c.inspires
        })
    }

    /// Whether First Aid was already tried on the model (AID-7).
    pub fn first_aid_tried(&self, model: ModelId) -> bool {
        self.casualties.get(model).is_some_and(|c| c.aid_tried)
    }

    /// The chance that a First Aid command succeeds (AID-6): the actor's die plus Medical,
    /// its kit and Fresh against the Obstacle die, Luck left out. Refused as the command
    /// would be.
    pub fn first_aid_odds(&self, cmd: &ActionCommand) -> Result<Odds, RuleError> {
        let Target::Model(target) = cmd.target else {
            return refuse(Rule::Aid6, "First Aid is taken on a Downed friendly model");
        };
        if cmd.action != FIRST_AID {
            return refuse(Rule::Aid6, "These odds are for First Aid");
        }
        let plan = self.plan_action(cmd, None)?;
        let add = i16::from(self.skill(cmd.model, Skill::Medical))
            + self.first_aid_bonus(cmd.model, target);
        Ok(
            OddsQuery::new(Die::Action(plan.colour), add, Die::Obstacle, 0)
                .without_luck()
                .odds(),
        )
    }

    /// The actions the modules on in this game add to every model: First Aid while AID is
    /// on (AID-6); Try It and the lock actions while SEC is on (SEC-7, SEC-8); Start Repair,
    /// Stand Up, Topple and Field Patch while BOT is on.
    pub fn module_action_ids(&self) -> Vec<u16> {
        let mut ids = Vec::new();
        if self.st.first_aid.is_some() {
            ids.push(FIRST_AID);
        }
        ids.extend(crate::optional::sec::module_actions(&self.st.sec_actions));
        ids.extend(crate::optional::bot::bot_action_ids(&self.st));
        ids
    }

    /// AID-1: this model goes Downed instead of out: a character, AID on, never Downed
    /// before (AID-9). Gonks, drones and (with BOT on) constructs go out as normal (BOT-6).
    pub(crate) fn downs_instead(&self, model: ModelId) -> bool {
        self.module_on(Module::Aid)
            && self.in_play(model)
            && self.is_character(model)
            && self.construct(model).is_none()
            && !self.been_downed(model)
    }

    /// Downs the model where it stands (AID-1): no Body token; the markers it carried drop
    /// as for a model taken out.
    pub(crate) fn down(&mut self, model: ModelId, by: Option<ModelId>) {
        self.emit(Event::Aid(AidEvent::Downed { model, by }));
        self.scenario_taken_out(model);
    }

    /// The state change of an AID event (called from `Game::apply_event`).
    pub(crate) fn apply_aid_event(&mut self, ev: &AidEvent) {
        match *ev {
            AidEvent::Downed { model, by } => {
                let seat = usize::from(self.owner(model).0);
                let inspires = self.scen.inspires[seat];
                self.models[model.index()].in_play = false;
                self.casualties.list.push(Casualty {
                    model,
                    inspires,
                    lying: true,
                    aid_tried: false,
                });
                // AID-3: counted as taken out now, and only now.
                self.scen.taken_out.push((model, by));
            }
            AidEvent::FirstAidTried { model, .. } => {
                if let Some(c) = self.casualties.get_mut(model) {
                    c.aid_tried = true;
                }
            }
            AidEvent::Revived { model } => {
                if let Some(c) = self.casualties.get_mut(model) {
                    c.lying = false;
                }
                let m = &mut self.models[model.index()];
                m.in_play = true;
                for t in 0..m.tokens().len() as u8 {
                    let token = m.token_mut(t);
                    token.colour = Colour::Red;
                    token.ready = false;
                }
            }
        }
    }

    /// AID-11: when the game ends, every model still Downed is taken out.
    pub(crate) fn take_out_the_downed(&mut self) {
        let lying: Vec<ModelId> = self
            .casualties
            .list
            .iter()
            .filter(|c| c.lying)
            .map(|c| c.model)
            .collect();
        for model in lying {
            self.take_out_by(model, None);
        }
    }

    /// What may target a Downed model, and whom First Aid may target (AID-2, AID-6, AID-7,
    /// AID-10). Called for every model target that is Downed or aimed at by First Aid.
    pub(crate) fn check_downed_target(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
    ) -> Result<(), RuleError> {
        let downed = self.is_downed(t);
        if def.effects.contains(&Effect::FirstAid) {
            if !downed {
                return refuse(Rule::Aid6, "First Aid is only for a Downed model");
            }
            if self.rivals(m, t) {
                return refuse(Rule::Aid6, "First Aid is only for a friendly model");
            }
            if self.first_aid_tried(t) {
                return refuse(
                    Rule::Aid7,
                    "First Aid was already tried on that model: the result stands",
                );
            }
            // AID-8 stands it up where it lies; a base pushed or fallen onto it (AID-2 keeps
            // only moves off it) must leave first, or two bases would overlap (MOVE-4).
            let lying = self.base(t);
            if self.bases_in_play().iter().any(|b| b.overlaps(&lying)) {
                return refuse(
                    Rule::Aid2,
                    "Another model stands on the Downed model: it can't stand up there",
                );
            }
            return Ok(());
        }
        if def.attack {
            return Ok(());
        }
        let heals = def.keywords.iter().any(|k| matches!(k, Keyword::Heal(_)))
            || def.target == TargetKind::OtherRedLinedFriendly;
        if heals {
            return refuse(
                Rule::Aid10,
                "A Downed model can't be healed: only First Aid can help it",
            );
        }
        refuse(
            Rule::Aid2,
            "A Downed model is out of action: only attacks, First Aid and drags target it",
        )
    }

    /// AID-6: the kit bonus (+1 First Aid Kit; +2 Trauma Kit with Medical 1 or more; the
    /// best one only) and +1 if the target is Fresh.
    pub(crate) fn first_aid_bonus(&self, actor: ModelId, target: ModelId) -> i16 {
        let medical = self.skill(actor, Skill::Medical);
        let kit = self
            .abilities(actor)
            .filter_map(|a| match a {
                Ability::FirstAid(x) if x <= 1 || medical >= 1 => Some(i16::from(x)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        kit + i16::from(self.is_fresh(target))
    }

    /// AID-4: a Downed model opposes with the RED die, no Skill and no Armor; the Path of
    /// Attack's modifiers still count.
    pub(crate) fn downed_side(&self, model: ModelId, skill: Skill, cover: i16) -> Side {
        let mut side = self.actor_side(model, Colour::Red, skill, false);
        side.base_modifier = cover;
        side.modifier = cover;
        side
    }

    /// AID-5: a melee attack on Downed models succeeds without a roll.
    pub(crate) fn melee_on_downed(&self, def: &ActionDef, skill: Skill, group: &[ModelId]) -> bool {
        def.attack
            && skill == Skill::Melee
            && !group.is_empty()
            && group.iter().all(|&t| self.is_downed(t))
    }

    /// Opens a First Aid roll: the try is spent now (AID-7), and the actor adds its kit and
    /// Fresh (AID-6). The Obstacle die opposes (WOUND-14).
    pub(crate) fn first_aid_modifier(&mut self, ctx: &ActionCtx) -> i16 {
        let Some(t) = ctx.target else { return 0 };
        let bonus = self.first_aid_bonus(ctx.actor, t);
        self.emit(Event::Aid(AidEvent::FirstAidTried {
            model: t,
            by: ctx.actor,
        }));
        bonus
    }

    /// AID-8: success revives the model (a Crit heals 1 too); failure takes it out.
    pub(crate) fn finish_first_aid(&mut self, ctx: &ActionCtx, c: &Contest) {
        let Some(t) = ctx.target else { return };
        let won = c.verdicts().first().copied().unwrap_or(false);
        if !won {
            self.take_out_by(t, None);
            return;
        }
        self.emit(Event::Aid(AidEvent::Revived { model: t }));
        if c.actor.roll().is_crit() {
            self.stack.push(Step::Heal { model: t, left: 1 });
        }
    }

    /// The bases a Blast or a Torrent may catch: the models in play and the Downed ones
    /// (AID-5).
    pub(crate) fn bases_caught_by_areas(&self) -> Bases {
        let mut out = self.bases_in_play();
        out.extend(
            self.casualties
                .list
                .iter()
                .filter(|c| c.lying)
                .map(|c| self.base(c.model)),
        );
        out
    }

    /// AID-2, MOVE-4: no base ends a move on a Downed model (`dragged` moves along, so its
    /// old place doesn't count).
    pub(crate) fn check_not_on_downed(
        &self,
        end: &Base,
        dragged: Option<ModelId>,
    ) -> Result<(), RuleError> {
        let me = geometry::model_of(end);
        let on = self
            .casualties
            .list
            .iter()
            .filter(|c| c.lying && c.model != me && Some(c.model) != dragged)
            .any(|c| self.base(c.model).overlaps(end));
        if on {
            return refuse(Rule::Aid2, "No model may end its move on a Downed model");
        }
        Ok(())
    }
}
