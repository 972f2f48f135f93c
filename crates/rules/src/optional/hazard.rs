//! The Hazard roll (MOD-4..MOD-6): a die of a colour, rolled for no player, against a model
//! that opposes with one of its tokens plus Reflexes. Several models facing Hazards from
//! one event go one at a time, seats clockwise from the Control player, each player
//! ordering its own models (MOD-6). A module starts them with [`Game::push_hazards`].

use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::dice::odds::{Odds, OddsQuery};
use crate::flow::Step;
use crate::flow::contest::{Contest, Purpose, Side, Stage};
use crate::ids::{ModelId, Seat};
use crate::protocol::command::{Defence, DefenceBonus};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::Event;
use crate::setup::card::{Colour, Skill};
use crate::state::Game;

/// What a Hazard comes from; one event gives a model at most one Hazard of each source
/// (MOD-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HazardSource {
    /// Debris from a building that takes damage (TERR-11).
    Debris,
    /// A collapsing storey (TERR-14).
    Collapse,
    /// A fire (FIRE).
    Fire,
    /// A construct's Power bursting as it is taken out (BOT-7).
    PowerBurst,
}

/// Models still to face the Hazards of one event (MOD-6).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct HazardBatch {
    pub colour: Colour,
    pub source: HazardSource,
    /// Models still to roll, each listed once.
    pub models: Vec<ModelId>,
}

/// The Hazard being rolled against one model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct HazardRoll {
    pub model: ModelId,
    /// The token it opposes with (`None` for a Gonk or a drone).
    pub token: Option<u8>,
}

impl Game {
    /// Queues a Hazard of `colour` from `source` against each of `models` (MOD-4); they are
    /// rolled once everything on top of them has resolved. A model listed twice faces one
    /// Hazard (MOD-6).
    // Called by the modules that roll Hazards (TERR-11, TERR-14, FIRE) and by the test hook.
    #[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
    pub(crate) fn push_hazards(
        &mut self,
        colour: Colour,
        source: HazardSource,
        models: &[ModelId],
    ) {
        let mut once: Vec<ModelId> = Vec::with_capacity(models.len());
        for &m in models {
            if !once.contains(&m) {
                once.push(m);
            }
        }
        self.stack.push(Step::Hazards(HazardBatch {
            colour,
            source,
            models: once,
        }));
    }

    /// The tokens a model may face a Hazard with: any of its tokens, Ready or Used, those
    /// that would play the same offered once; `None` alone for a Gonk or a drone (MOD-4).
    /// A Downed model has no choice either: it rolls the RED die (AID-4).
    pub fn hazard_tokens(&self, model: ModelId) -> Vec<Option<u8>> {
        // BOT-10: nor does a construct Under Repair.
        if self.is_gonk(model)
            || self.is_drone(model)
            || self.is_downed(model)
            || self.under_repair(model)
        {
            return vec![None];
        }
        self.defence_options(model, false, true, 0)
            .into_iter()
            .map(|d| d.token)
            .collect()
    }

    /// The chance that a Hazard of `colour` wounds `model` (or takes it out) when it opposes
    /// with `token` (MOD-4, MOD-5): no Armor, no Path of Attack, nobody re-rolls the Hazard
    /// die; the owner's Luck on the model's own die counts when the owner has any (LUCK-2).
    pub fn hazard_odds(&self, model: ModelId, colour: Colour, token: Option<u8>) -> Odds {
        let (die, modifier) = self.hazard_defence(model, token);
        // LUCK-8: a drone's defence roll can't be changed by Luck.
        let luck = !self.is_drone(model) && self.luck(self.owner(model)) > 0;
        OddsQuery::hazard(Die::Action(colour), die, modifier, luck).odds()
    }

    /// Die and modifier a model opposes a Hazard with (MOD-4, MOD-5, KW-17, DRONE-6).
    fn hazard_defence(&self, model: ModelId, token: Option<u8>) -> (Die, i16) {
        if self.is_drone(model) {
            return (Die::Obstacle, 0);
        }
        if self.is_downed(model) || self.under_repair(model) {
            return (Die::Action(Colour::Red), 0); // AID-4, BOT-10
        }
        let side = self.model_side(model, Skill::Reflexes, 0, false, true, 0);
        let defence = Defence {
            token,
            bonus: DefenceBonus::Skill,
        };
        self.defence_roll(model, &side, defence)
    }

    /// Works on a batch: the next seat clockwise from Control with a model to roll decides
    /// which of its models goes next and with which token, unless it has only one choice.
    pub(crate) fn step_hazards(&mut self, mut batch: HazardBatch) -> Option<Decision> {
        batch
            .models
            .retain(|&m| self.in_play(m) || self.is_downed(m));
        let seat = self.next_hazard_seat(&batch)?;
        let options: Vec<(ModelId, Option<u8>)> = batch
            .models
            .iter()
            .filter(|&&m| self.owner(m) == seat)
            .flat_map(|&m| self.hazard_tokens(m).into_iter().map(move |t| (m, t)))
            .collect();
        if let [(model, token)] = options[..] {
            self.face_hazard(batch, model, token);
            return None;
        }
        let kind = DecisionKind::FaceHazard {
            colour: batch.colour,
            source: batch.source,
            options,
        };
        self.stack.push(Step::Hazards(batch));
        Some(Decision { seat, kind })
    }

    /// MOD-6: players go clockwise, starting with the player in Control.
    fn next_hazard_seat(&self, batch: &HazardBatch) -> Option<Seat> {
        let n = self.seat_count() as u8;
        (0..n)
            .map(|k| Seat((self.control.0 + k) % n))
            .find(|&s| batch.models.iter().any(|&m| self.owner(m) == s))
    }

    /// The owner's answer: this model faces its Hazard now, with this token.
    pub(crate) fn execute_face_hazard(&mut self, model: ModelId, token: Option<u8>) {
        if let Some(Step::Hazards(batch)) = self.stack.pop() {
            self.face_hazard(batch, model, token);
        }
    }

    /// Rolls the Hazard against `model`: the rest of the batch waits under the roll.
    fn face_hazard(&mut self, mut batch: HazardBatch, model: ModelId, token: Option<u8>) {
        batch.models.retain(|&m| m != model);
        let (colour, source) = (batch.colour, batch.source);
        self.stack.push(Step::Hazards(batch));
        self.emit(Event::HazardFaced {
            model,
            colour,
            source,
        });
        // MOD-4: the Hazard die belongs to no player and adds nothing; MOD-5: nobody may
        // re-roll it (OPEN-9). Its seat only orders the Luck round.
        let actor = Side {
            model: None,
            die: Die::Action(colour),
            no_player: true,
            ..self.obstacle_side(self.owner(model))
        };
        let mut opposer = if self.is_drone(model) {
            self.drone_side(model, Skill::Reflexes) // DRONE-6: the unmodified Obstacle die
        } else {
            self.model_side(model, Skill::Reflexes, 0, false, true, 0)
        };
        opposer.seat = self.owner(model);
        let mut contest = Contest {
            purpose: Purpose::Hazard(HazardRoll { model, token }),
            name: format!("{} Hazard", colour.name()),
            can_wound: true,
            actor,
            opposers: vec![opposer],
            stage: Stage::Defences,
            offered: None,
        };
        // A drone and a Downed model (AID-4) choose no token.
        if !self.is_drone(model) && !self.is_downed(model) && !self.under_repair(model) {
            let defence = Defence {
                token,
                bonus: DefenceBonus::Skill,
            };
            self.choose_defence(&mut contest, 1, defence);
        }
        self.stack.push(Step::Contest(Box::new(contest)));
    }

    /// The Hazard is settled (MOD-4): a win wounds the chosen token, or takes the model
    /// out if that token was RED or the model is a Gonk or a drone. The wound is no
    /// attack's, so it gives no [RE]action (MOD-5).
    pub(crate) fn hazard_settled(&mut self, roll: &HazardRoll, contest: &Contest) {
        let hazard_won = contest.verdicts().first().copied().unwrap_or(false);
        self.emit(Event::HazardSettled {
            model: roll.model,
            hazard_won,
        });
        if !hazard_won {
            return;
        }
        match roll.token {
            Some(t) if !self.is_gonk(roll.model) && !self.is_drone(roll.model) => {
                self.wound_token(roll.model, t, None);
            }
            // BOT-10: it opposed with no token, so its owner places the wound (WOUND-7).
            None if self.under_repair(roll.model) => self.push_wounds(roll.model, 1, None),
            _ => self.take_out(roll.model),
        }
    }
}

#[cfg(feature = "test-hooks")]
impl Game {
    /// Test entry point until a module rolls Hazards itself: queues a Hazard of `colour`
    /// against each of `models` and resolves what needs no decision, returning the events.
    /// Only for tests (the `test-hooks` feature): a command, not this, changes a real game.
    pub fn test_hazards(
        &mut self,
        colour: Colour,
        source: HazardSource,
        models: &[ModelId],
    ) -> Vec<Event> {
        self.events.clear();
        self.push_hazards(colour, source, models);
        self.advance();
        std::mem::take(&mut self.events)
    }
}
