//! Wounds, Red-lined, taken out and Body tokens, healing (WOUND-1..WOUND-16), with Gear and
//! card Armor absorbing hits (ARM-4..ARM-6, OPEN-16..OPEN-18).

use crate::flow::Step;
use crate::ids::{BodyId, ModelId};
use crate::protocol::command::{Defence, DefenceBonus};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::Event;
use crate::setup::card::Colour;
use crate::state::Game;

impl Game {
    /// Takes a model out and places its numbered Body token (WOUND-9, WOUND-11); no
    /// attacker is credited (falls, Dangerous Fumbles).
    pub(crate) fn take_out(&mut self, model: ModelId) {
        self.take_out_by(model, None);
    }

    /// Takes a model out, crediting the attacker whose attack did it (scenario conditions
    /// and Objectives count this). Carried markers drop where it fell.
    /// With AID on, a character goes Downed instead, once a game (AID-1); a Downed model
    /// taken out gets its Body token where it lies (AID-5).
    pub(crate) fn take_out_by(&mut self, model: ModelId, by: Option<ModelId>) {
        let downed = self.is_downed(model);
        if !self.in_play(model) && !downed {
            return;
        }
        if self.is_drone(model) {
            self.drone_taken_out(model, by);
            return;
        }
        if self.downs_instead(model) {
            self.down(model, by);
            return;
        }
        let body = BodyId(self.bodies.len() as u16 + 1);
        let at = self.position(model);
        self.emit(Event::TakenOut {
            model,
            body,
            at,
            by,
        });
        if !downed {
            self.scenario_taken_out(model);
        }
        self.fires_pass_on(self.owner(model)); // FIRE-15
    }

    /// Turns token `t` RED, or takes the model out if it already was (WOUND-2, WOUND-6,
    /// OPEN-16). Gonks go out on any wound (WOUND-11).
    pub(crate) fn wound_token(&mut self, model: ModelId, t: u8, by: Option<ModelId>) {
        if self.is_downed(model) {
            // AID-5: any wound takes a Downed model out.
            self.take_out_by(model, by);
            return;
        }
        if !self.in_play(model) {
            return;
        }
        if self.is_gonk(model) || self.tokens(model)[usize::from(t)].colour == Colour::Red {
            let burst = self.power_burst_victims(model, t);
            self.take_out_by(model, by);
            self.power_burst(&burst); // BOT-7
            return;
        }
        self.emit(Event::Wounded {
            model,
            token: t,
            by,
        });
        if self.red_lined(model) {
            self.emit(Event::RedLined { model });
        }
    }

    /// Queues wounds whose token the owner picks (WOUND-7).
    pub(crate) fn push_wounds(&mut self, model: ModelId, left: u8, by: Option<ModelId>) {
        if left > 0 {
            self.stack.push(Step::Wounds { model, left, by });
        }
    }

    /// Tokens that may take a WOUND-7 wound: any non-RED one (OPEN-16), equivalent tokens
    /// offered once.
    pub(crate) fn wound_options(&self, model: ModelId) -> Vec<u8> {
        let ts = self.tokens(model);
        (0..ts.len())
            .filter(|&i| ts[i].colour != Colour::Red && !self.repeats_token(model, i))
            .map(|i| i as u8)
            .collect()
    }

    /// Works on a WOUND-7 step; returns the allocation decision if there is a real choice.
    pub(crate) fn step_wounds(
        &mut self,
        model: ModelId,
        left: u8,
        by: Option<ModelId>,
    ) -> Option<Decision> {
        if left > 0 && self.is_downed(model) {
            self.take_out_by(model, by); // AID-5
            return None;
        }
        if left == 0 || !self.in_play(model) {
            return None;
        }
        if self.is_gonk(model) || self.red_lined(model) {
            self.take_out_by(model, by);
            return None;
        }
        let options = self.wound_options(model);
        if options.len() == 1 {
            self.wound_token(model, options[0], by);
            self.push_wounds(model, left - 1, by);
            return None;
        }
        self.stack.push(Step::Wounds { model, left, by });
        Some(Decision {
            seat: self.owner(model),
            kind: DecisionKind::AllocateWound {
                model,
                wounds_left: left,
                options,
            },
        })
    }

    /// An attack hit `target`, which defended with `defence`: `n` wounds (BASIC-3, KW-16).
    /// Gear Armor cancels the first and is discarded (ARM-4, OPEN-18); the first wound goes
    /// on the defending token (WOUND-2, ACT-13); the rest are the owner's choice (WOUND-7).
    pub(crate) fn hit(
        &mut self,
        target: ModelId,
        defence: Option<Defence>,
        n: u8,
        attacker: ModelId,
        reaction: bool,
    ) {
        if n > 0 && self.is_downed(target) {
            // AID-5: the first wound takes it out; a Downed model never [RE]acts (AID-2).
            self.take_out_by(target, Some(attacker));
            return;
        }
        if !self.in_play(target) || n == 0 {
            return;
        }
        let mut left = n;
        match defence {
            Some(Defence {
                bonus: DefenceBonus::GearArmor(card),
                ..
            }) => {
                self.emit(Event::ArmorDiscarded {
                    model: target,
                    card,
                });
                left -= 1;
            }
            Some(Defence { token: Some(t), .. }) => {
                self.wound_token(target, t, Some(attacker));
                left -= 1;
            }
            // BOT-10: a construct Under Repair opposed with no token: every wound is placed
            // by its owner (WOUND-7).
            _ if self.under_repair(target) => {}
            _ => {
                self.take_out_by(target, Some(attacker));
                left = 0;
            }
        }
        let landed =
            left < n && !matches!(defence.map(|d| d.bonus), Some(DefenceBonus::GearArmor(_)));
        if left > 0 && self.in_play(target) {
            // Extra wounds (Deadly) follow WOUND-7; they are resolved before [RE]actions.
            self.push_wounds(target, left, Some(attacker));
        }
        // OPEN-22: a model wounded by its own side (Torrent, Blast) can't [RE]act to it.
        if !reaction
            && (landed || left > 0)
            && self.is_character(target)
            && self.rivals(target, attacker)
        {
            self.wounded.push((target, attacker));
        }
    }

    /// RED tokens a heal may restore: those that started another colour (OPEN-17, WOUND-13).
    pub(crate) fn heal_options(&self, model: ModelId) -> Vec<u8> {
        let ts = self.tokens(model);
        (0..ts.len())
            .filter(|&i| {
                ts[i].colour == Colour::Red
                    && ts[i].original != Colour::Red
                    && !self.repeats_token(model, i)
            })
            .map(|i| i as u8)
            .collect()
    }

    /// Restores token `t` to its starting colour, keeping Ready/Used (WOUND-12, WOUND-16).
    pub(crate) fn heal_token(&mut self, model: ModelId, t: u8) {
        let colour = self.tokens(model)[usize::from(t)].original;
        self.emit(Event::Healed {
            model,
            token: t,
            colour,
        });
    }

    /// Works on a heal step.
    pub(crate) fn step_heal(&mut self, model: ModelId, left: u8) -> Option<Decision> {
        if left == 0 || !self.in_play(model) {
            return None;
        }
        let options = self.heal_options(model);
        match options.len() {
            0 => None,
            1 => {
                self.heal_token(model, options[0]);
                if left > 1 {
                    self.stack.push(Step::Heal {
                        model,
                        left: left - 1,
                    });
                }
                None
            }
            _ => {
                self.stack.push(Step::Heal { model, left });
                Some(Decision {
                    seat: self.owner(model),
                    kind: DecisionKind::ChooseHealedToken { model, options },
                })
            }
        }
    }
}
