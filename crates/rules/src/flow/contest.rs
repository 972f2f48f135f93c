//! The Opposed Roll as a small state machine: defenders choose their token (ACT-10,
//! ACT-17), every die is rolled at once (ACT-11), Luck is offered in order (LUCK-4), then the
//! actor's total is compared with each opposer's (DICE-4..DICE-10). Several opposers share
//! the actor's single roll (POA-12, BRAWL-8), so multi-target keywords slot in here.

use serde::Serialize;

use crate::actions::movement::MoveCtx;
use crate::dice::luck::LuckRound;
use crate::dice::{Die, SideRoll, actor_wins};
use crate::ids::{ModelId, Seat};
use crate::protocol::command::{Defence, DefenceBonus};
use crate::protocol::event::{DieResult, Event};
use crate::setup::card::{Colour, Skill};
use crate::state::Game;

/// One side of an Opposed Roll.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Side {
    pub seat: Seat,
    pub model: Option<ModelId>,
    pub die: Die,
    /// Cover and other modifiers known before the defence choice.
    pub base_modifier: i16,
    pub modifier: i16,
    pub face: u8,
    pub rerolled: bool,
    /// The chosen defence (opposing models).
    pub defence: Option<Defence>,
    /// Legal defences while the choice is pending.
    pub options: Vec<Defence>,
    /// The opposing Skill (ACT-15).
    pub skill: Skill,
    pub pierce: u8,
    /// Already rolled elsewhere: not rolled again and never re-rolled (the attack roll a
    /// Blast's area rolls against, KW-8).
    #[serde(default)]
    pub fixed: bool,
    /// The actor's die of an Accurate action: one free re-roll (KW-3).
    #[serde(default)]
    pub accurate: bool,
    /// A die rolled for no player (a Hazard's, MOD-4): nobody may re-roll it (MOD-5,
    /// OPEN-9). Left out of the hash when false, so games without Hazards hash as before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_player: bool,
}

impl Side {
    pub fn roll(&self) -> SideRoll {
        SideRoll {
            die: self.die,
            face: self.face,
            modifier: self.modifier,
        }
    }

    pub fn result(&self) -> DieResult {
        DieResult {
            model: self.model,
            seat: self.seat,
            die: self.die,
            face: self.face,
            modifier: self.modifier,
            total: self.roll().total(),
        }
    }
}

/// What a roll decides; the continuation once it is settled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum Purpose {
    /// An action's own roll (attacks, Triage, Command, Firewall Defender, Loot Gear).
    Action(crate::actions::ActionCtx),
    /// An obstacle, rival or climb on a move (MOVE-8, MOVE-10, MOVE-23).
    Crossing(Box<MoveCtx>),
    /// Escaping a Brawl (BRAWL-5).
    Escape(Box<MoveCtx>),
    /// The drag roll itself (BRAWL-12).
    Drag(Box<MoveCtx>),
    /// A caught model's Reflexes against a Blast's roll (KW-8).
    Blast(Box<crate::keywords::blast::BlastCtx>),
    /// A model against a Hazard die (MOD-4).
    Hazard(crate::optional::hazard::HazardRoll),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum Stage {
    Defences,
    Luck(LuckRound),
}

/// An Opposed Roll in progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Contest {
    pub purpose: Purpose,
    pub name: String,
    pub can_wound: bool,
    pub actor: Side,
    pub opposers: Vec<Side>,
    pub stage: Stage,
    /// The actor's die counts its Crits/Fumbles (an Easy action never rolls).
    pub offered: Option<usize>,
}

impl Contest {
    pub fn side(&self, i: usize) -> &Side {
        if i == 0 {
            &self.actor
        } else {
            &self.opposers[i - 1]
        }
    }

    pub fn side_mut(&mut self, i: usize) -> &mut Side {
        if i == 0 {
            &mut self.actor
        } else {
            &mut self.opposers[i - 1]
        }
    }

    pub fn sides(&self) -> usize {
        1 + self.opposers.len()
    }

    pub fn verdicts(&self) -> Vec<bool> {
        let a = self.actor.roll();
        self.opposers
            .iter()
            .map(|o| actor_wins(&a, &o.roll()))
            .collect()
    }
}

impl Game {
    /// The actor's side: die of the token colour, plus the Skill (GEN-11, TOK-9).
    pub(crate) fn actor_side(
        &self,
        model: ModelId,
        colour: Colour,
        skill: Skill,
        add_skill: bool,
    ) -> Side {
        let value = if add_skill {
            i16::from(self.skill(model, skill))
        } else {
            0
        };
        Side {
            seat: self.owner(model),
            model: Some(model),
            die: Die::Action(colour),
            base_modifier: value,
            modifier: value,
            face: 0,
            rerolled: false,
            defence: None,
            options: Vec::new(),
            skill,
            pierce: 0,
            fixed: false,
            accurate: false,
            no_player: false,
        }
    }

    /// Pushes the roll of an action against the Obstacle die plus `against` (MOD-8, SEC-8):
    /// `actor`'s side with nothing to wound, the Obstacle die rolled by the actor's rivals.
    /// A Breach, an Ignite aimed at scenery and the lock actions roll this way.
    pub(crate) fn push_obstacle_roll(
        &mut self,
        ctx: crate::actions::ActionCtx,
        name: &str,
        actor: Side,
        against: i16,
    ) {
        let mut obstacle = self.obstacle_side(self.owner(ctx.actor));
        obstacle.base_modifier = against;
        obstacle.modifier = against;
        let c = Contest {
            purpose: Purpose::Action(ctx),
            name: name.to_owned(),
            can_wound: false,
            actor,
            opposers: vec![obstacle],
            stage: Stage::Defences,
            offered: None,
        };
        self.stack.push(crate::flow::Step::Contest(Box::new(c)));
    }

    /// The Obstacle die, rolled by the next player clockwise on another team (ACT-10,
    /// DICE-3); that player may spend Luck on it (OPEN-9).
    pub(crate) fn obstacle_side(&self, actor_seat: Seat) -> Side {
        let n = self.seat_count() as u8;
        let my_team = self.team_of(actor_seat);
        let seat = (1..n)
            .map(|k| Seat((actor_seat.0 + k) % n))
            .find(|&s| self.team_of(s) != my_team)
            .unwrap_or(actor_seat);
        Side {
            seat,
            model: None,
            die: Die::Obstacle,
            base_modifier: 0,
            modifier: 0,
            face: 0,
            rerolled: false,
            defence: None,
            options: Vec::new(),
            skill: Skill::Reflexes,
            pierce: 0,
            fixed: false,
            accurate: false,
            no_player: false,
        }
    }

    /// A model opposing with the Skill `skill`, choosing its token (ACT-10) and, against a
    /// physical attack, possibly Armor (ARM-1..ARM-8, OPEN-19).
    pub(crate) fn model_side(
        &self,
        model: ModelId,
        skill: Skill,
        cover: i16,
        armor_ok: bool,
        can_wound: bool,
        pierce: u8,
    ) -> Side {
        if self.is_drone(model) {
            return self.drone_side(model, skill);
        }
        if self.is_downed(model) {
            return self.downed_side(model, skill, cover); // AID-4
        }
        if self.under_repair(model) {
            return self.under_repair_side(model, skill, cover); // BOT-10
        }
        let options = self.defence_options(model, armor_ok, can_wound, pierce);
        Side {
            seat: self.owner(model),
            model: Some(model),
            die: Die::Obstacle,
            base_modifier: cover,
            modifier: cover,
            face: 0,
            rerolled: false,
            defence: None,
            options,
            skill,
            pierce,
            fixed: false,
            accurate: false,
            no_player: false,
        }
    }

    /// Legal defences of a model. Tokens that would play the same (same colour, state and
    /// starting colour) are offered once.
    pub(crate) fn defence_options(
        &self,
        model: ModelId,
        armor_ok: bool,
        can_wound: bool,
        pierce: u8,
    ) -> Vec<Defence> {
        let mut tokens: Vec<Option<u8>> = Vec::new();
        if self.is_gonk(model) {
            tokens.push(None);
        } else {
            let ts = self.tokens(model);
            for (i, t) in ts.iter().enumerate() {
                let dup = if can_wound {
                    self.repeats_token(model, i)
                } else {
                    ts[..i].iter().any(|u| u.colour == t.colour)
                };
                if !dup {
                    tokens.push(Some(i as u8));
                }
            }
        }
        let mut bonuses = vec![DefenceBonus::Skill];
        if armor_ok && can_wound {
            let p = self.profile(model);
            if p.card_armor > pierce {
                bonuses.push(DefenceBonus::CardArmor);
            }
            for (card, v) in self.gear_armor(model) {
                if v > pierce {
                    bonuses.push(DefenceBonus::GearArmor(card));
                }
            }
        }
        let mut out = Vec::with_capacity(tokens.len() * bonuses.len());
        for &token in &tokens {
            for &bonus in &bonuses {
                out.push(Defence { token, bonus });
            }
        }
        out
    }

    /// Die and modifier of a chosen defence.
    pub(crate) fn defence_roll(&self, model: ModelId, side: &Side, d: Defence) -> (Die, i16) {
        let p = self.profile(model);
        let colour = match d.token {
            Some(t) => self.tokens(model)[usize::from(t)].colour,
            None => p.gonk_colour.unwrap_or(Colour::Yellow),
        };
        let bonus = match d.bonus {
            DefenceBonus::Skill => {
                i16::from(self.skill(model, side.skill))
                    + self.defense_bonus(model, side.skill)
                    + i16::from(self.state(model).gained_defense[side.skill.index()])
            }
            DefenceBonus::CardArmor => i16::from(p.card_armor) - i16::from(side.pierce),
            DefenceBonus::GearArmor(card) => {
                i16::from(self.card_armor_value(card)) - i16::from(side.pierce)
            }
        };
        (Die::Action(colour), side.base_modifier + bonus)
    }

    /// Applies a defence choice to opposer `i` (1-based side index).
    pub(crate) fn choose_defence(&mut self, c: &mut Contest, i: usize, d: Defence) {
        let model = c.side(i).model.expect("opposing model");
        let (die, modifier) = self.defence_roll(model, c.side(i), d);
        let s = c.side_mut(i);
        s.die = die;
        s.modifier = modifier;
        s.defence = Some(d);
        s.options.clear();
        let Die::Action(colour) = die else { return };
        self.emit(Event::DefenceChosen {
            model,
            token: d.token,
            colour,
            bonus: d.bonus,
        });
    }

    /// Rolls every die (actor first) and opens the Luck round.
    pub(crate) fn roll_contest(&mut self, c: &mut Contest) {
        for i in 0..c.sides() {
            if c.side(i).fixed {
                continue;
            }
            let die = c.side(i).die;
            c.side_mut(i).face = self.dice.roll(die);
        }
        let dice = (0..c.sides()).map(|i| c.side(i).result()).collect();
        self.emit(Event::Rolled { dice });
        // Control player first, then clockwise (LUCK-4, OPEN-8).
        let n = self.seat_count() as u8;
        let mut order = Vec::new();
        for k in 0..n {
            let s = Seat((self.control.0 + k) % n);
            if (0..c.sides()).any(|i| c.side(i).seat == s) {
                order.push(s);
            }
        }
        c.stage = Stage::Luck(LuckRound::new(order));
    }

    /// The next die to offer Luck on, if any (the offer is remembered in the contest).
    pub(crate) fn next_luck_offer(&self, c: &mut Contest) -> Option<usize> {
        // LUCK-8: a drone's defence roll can't be changed by Luck.
        let sides: Vec<(Seat, bool, bool)> = (0..c.sides())
            .map(|i| {
                let s = c.side(i);
                let drone_defence = i > 0 && s.model.is_some_and(|m| self.profile(m).is_drone());
                (
                    s.seat,
                    !s.rerolled && !s.fixed && !s.no_player && !drone_defence,
                    s.accurate,
                )
            })
            .collect();
        let Stage::Luck(round) = &mut c.stage else {
            return None;
        };
        let luck = &self.luck;
        round.next_offer(sides.len(), |i| sides[i], |s| luck[usize::from(s.0)])
    }

    /// Re-rolls side `i` with a Luck token; Lucky Streak returns it on a Crit (LUCK-2,
    /// LUCK-3, LUCK-5).
    pub(crate) fn reroll(&mut self, c: &mut Contest, i: usize) {
        let seat = c.side(i).seat;
        // KW-3: an Accurate re-roll is free (and so earns no Lucky Streak).
        let free = c.side(i).accurate;
        let left = if free {
            self.emit(Event::AccurateReroll {
                model: c.side(i).model.expect("the actor's die"),
            });
            self.luck(seat)
        } else {
            let left = self.luck(seat) - 1;
            self.emit(Event::LuckSpent { seat, left });
            left
        };
        let old_face = c.side(i).face;
        let die = c.side(i).die;
        let face = self.dice.roll(die);
        let s = c.side_mut(i);
        s.face = face;
        s.rerolled = true;
        let result = s.result();
        self.emit(Event::Rerolled {
            die: result,
            old_face,
        });
        if face == die.crit_face() && !free {
            self.emit(Event::LuckReturned {
                seat,
                left: left + 1,
            });
        }
        if let Stage::Luck(r) = &mut c.stage {
            r.rerolled();
        }
    }
}
