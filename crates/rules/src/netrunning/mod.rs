//! Netrunning (NET-1..NET-21, REACT-12, OPEN-33, OPEN-34): launching a program without a
//! token on its quality die, the Loaded and Running sides, reloading, no second try after
//! a failure in the same activation, combat netrunning, Hacked tokens, Vulnerable, memory
//! leaks, and the Running side's effects on Skills, defences, Loot and free moves.
//!
//! A program is a card the Netrunner holds ([`crate::setup::cards::CardKind::Program`]); its
//! Loaded action has an action index like any card action, so launching is taking that
//! action with no token. The card's status is its side: Ready = Loaded, Running.

pub(crate) mod drone;

use serde::Serialize;

use crate::actions::ActionCtx;
use crate::actions::movement::MoveCtx;
use crate::flow::contest::{Contest, Purpose};
use crate::flow::{Phase, Prepared, Step, wrong};
use crate::geometry;
use crate::ids::{ModelId, Seat};
use crate::netrunning::drone::band_inches;
use crate::protocol::command::{Command, Defence, FreeMove};
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::{Colour, Effect, Keyword, ModelKeyword, Skill};
use crate::setup::cards::{CardId, CardStatus, CardView};
use crate::setup::program::{ProgramDef, Reload, RunningEffect, Who};
use crate::state::Game;

/// Netrunning work in progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum NetStep {
    /// A rival program targets a model a friendly Netrunner may defend (NET-13).
    CombatNetrunning {
        contest: Box<Contest>,
        options: Vec<ModelId>,
    },
    /// Memory leak: Stun 1, or a wound with no Ready token (NET-18).
    Leak { model: ModelId },
    /// The memory leak ends the activation and Control passes (NET-18).
    EndActivation { model: ModelId },
    /// Free moves a launch granted, still to be made (MOVE-28).
    FreeMoves {
        runner: ModelId,
        colour: Colour,
        models: Vec<ModelId>,
    },
    /// A drone's action that self-destructs has resolved: the drone goes (DRONE-7).
    SelfDestruct { drone: ModelId },
}

impl Game {
    /// A program card's definition.
    pub(crate) fn program_def(&self, card: CardId) -> Option<&ProgramDef> {
        self.st.program(card)
    }

    /// The program on a card, if the card is one (NET-8).
    pub fn program(&self, card: CardId) -> Option<&ProgramDef> {
        self.program_def(card)
    }

    /// The programs a Netrunner has installed, with their side (Ready = Loaded, Running).
    pub fn programs_of(&self, model: ModelId) -> Vec<CardView<'_>> {
        self.held(model)
            .filter(|&c| self.is_program(c))
            .map(|c| self.card(c))
            .collect()
    }

    /// The program card whose Loaded action this is.
    pub(crate) fn program_of_action(&self, action: u16) -> Option<CardId> {
        self.card_of_action(action)
            .map(|(c, _)| c)
            .filter(|&c| self.is_program(c))
    }

    /// The model a Running program succeeded against.
    pub fn program_target(&self, card: CardId) -> Option<ModelId> {
        self.cards[card.index()].target
    }

    /// Running programs whose Netrunner is still in play: card, Netrunner, definition,
    /// target (NET-10). A program's effects end with its Netrunner.
    fn running(&self) -> impl Iterator<Item = (CardId, ModelId, &ProgramDef, Option<ModelId>)> {
        self.cards.iter().enumerate().filter_map(|(i, s)| {
            let runner = s.holder?;
            if s.status != CardStatus::Running || !self.in_play(runner) {
                return None;
            }
            let card = CardId(i as u16);
            Some((card, runner, self.program_def(card)?, s.target))
        })
    }

    /// Whether a Running effect of the program `p` reaches model `m`. Drones within the
    /// band are left out unless the program's action works on drones (DRONE-4).
    fn who_is(
        &self,
        who: Who,
        p: &ProgramDef,
        runner: ModelId,
        target: Option<ModelId>,
        m: ModelId,
    ) -> bool {
        match who {
            Who::Runner => m == runner,
            Who::Target => target == Some(m),
            Who::FriendlyWithin(band) => {
                !self.rivals(runner, m)
                    && self.distance(runner, m) <= band_inches(band)
                    && !self.immune_to(m, &p.loaded)
            }
            Who::RivalsWithin(band) => {
                self.rivals(runner, m)
                    && self.distance(runner, m) <= band_inches(band)
                    && !self.immune_to(m, &p.loaded)
            }
        }
    }

    /// What one Running program does to a model's Skill: whether it makes the model
    /// Vulnerable, and the Skill change (nothing once its Netrunner is out).
    pub(crate) fn running_on(&self, card: CardId, m: ModelId, skill: Skill) -> (bool, i8) {
        let s = &self.cards[card.index()];
        let (Some(runner), Some(p)) = (s.holder, self.program_def(card)) else {
            return (false, 0);
        };
        if s.status != CardStatus::Running || !self.in_play(runner) {
            return (false, 0);
        }
        let target = s.target;
        let mut vulnerable =
            target == Some(m) && p.loaded.effects.contains(&Effect::MakeVulnerable);
        let mut by: i8 = 0;
        for e in &p.running {
            match *e {
                RunningEffect::Vulnerable(who) => {
                    vulnerable |= self.who_is(who, p, runner, target, m);
                }
                RunningEffect::SkillModifier {
                    who,
                    skill: k,
                    by: x,
                } if k == skill && self.who_is(who, p, runner, target, m) => {
                    by = by.saturating_add(x);
                }
                _ => {}
            }
        }
        (vulnerable, by)
    }

    /// Defense X from Running programs when the model opposes with `skill` (KW-17).
    pub(crate) fn running_defense(&self, m: ModelId, skill: Skill) -> i16 {
        let mut v = 0;
        for (_, runner, p, target) in self.running() {
            for e in &p.running {
                if let RunningEffect::Defense { who, skill: s, by } = *e
                    && s == skill
                    && self.who_is(who, p, runner, target, m)
                {
                    v += i16::from(by);
                }
            }
        }
        v
    }

    /// Whether the model is Vulnerable: every Skill but Tech counts as 0 (NET-11). A
    /// program makes it so while it runs; another action's Vulnerable token lasts until
    /// its owner's next Inspire.
    pub fn vulnerable(&self, m: ModelId) -> bool {
        if self.state(m).vulnerable {
            return true;
        }
        self.running().any(|(_, runner, p, target)| {
            let marks_target =
                target == Some(m) && p.loaded.effects.contains(&Effect::MakeVulnerable);
            marks_target
                || p.running.iter().any(|e| match *e {
                    RunningEffect::Vulnerable(who) => self.who_is(who, p, runner, target, m),
                    _ => false,
                })
        })
    }

    /// Why a Netrunner can't launch this program now (NET-1, NET-5..NET-7, NET-12,
    /// REACT-12); otherwise the die colour: the program's quality (NET-4, DICE-1).
    pub(crate) fn check_launch(
        &self,
        m: ModelId,
        card: CardId,
        token: Option<u8>,
        reaction: bool,
    ) -> Result<Colour, RuleError> {
        let Some(p) = self.program_def(card) else {
            return refuse(Rule::Net2, "That is not an installed program");
        };
        if reaction {
            return refuse(Rule::React12, "Programs can never be used as [RE]actions");
        }
        if !self.profile(m).has_keyword(&ModelKeyword::Netrunner) {
            return refuse(Rule::Net1, "Only a Netrunner can run programs");
        }
        if self.inspiring().is_some() {
            return refuse(
                Rule::Net12,
                "A program is run during its Netrunner's activation",
            );
        }
        if token.is_some() {
            return refuse(
                Rule::Net5,
                "Launching a program spends no Action Token: leave the token out",
            );
        }
        if self.cards[card.index()].failed {
            return refuse(
                Rule::Net6,
                format!(
                    "{} failed to launch this activation: try it next time",
                    p.name
                ),
            );
        }
        Ok(p.quality)
    }

    /// Friendly Netrunners that may oppose a rival program instead of its target: in play,
    /// on the target's team, with a Path of Attack to the launcher (NET-13, OPEN-34). Only
    /// programs aimed at one rival model can be met this way.
    pub(crate) fn net_defenders(&self, c: &Contest) -> Vec<ModelId> {
        let Purpose::Action(ctx) = &c.purpose else {
            return Vec::new();
        };
        let Some(t) = ctx.target else {
            return Vec::new();
        };
        if self.program_of_action(ctx.action).is_none()
            || !self.rivals(ctx.actor, t)
            || ctx.group.len() != 1
        {
            return Vec::new();
        }
        let others = self.bases_in_play();
        let launcher = self.base(ctx.actor);
        self.model_ids()
            .filter(|&n| {
                n != t
                    && self.in_play(n)
                    && self.is_character(n)
                    && !self.rivals(n, t)
                    && self.profile(n).has_keyword(&ModelKeyword::Netrunner)
            })
            .filter(|&n| {
                let poa = geometry::path_of_attack(
                    self.space(),
                    &self.base(n),
                    &launcher,
                    &others,
                    false,
                );
                poa.blocked_by.is_none()
            })
            .collect()
    }

    /// Settles a launch roll (NET-5, NET-6, NET-18, NET-19): a memory leak on a Fumble,
    /// the effect and the Running side on success, the failure remembered otherwise.
    pub(crate) fn finish_launch(&mut self, ctx: ActionCtx, c: &Contest, card: CardId) {
        let m = ctx.actor;
        let won = c.verdicts().first().copied().unwrap_or(false);
        if c.actor.roll().is_fumble() {
            self.emit(Event::MemoryLeak { model: m });
            self.stack
                .push(Step::Net(NetStep::EndActivation { model: m }));
            self.stack.push(Step::Net(NetStep::Leak { model: m }));
            let dangerous = self
                .action(m, ctx.action)
                .is_some_and(|d| d.keywords.contains(&Keyword::Dangerous));
            if dangerous {
                // NET-19, KW-15: the launch spent no token, so the owner picks (WOUND-7).
                self.push_wounds(m, 1, None);
            }
        }
        if !won {
            self.emit(Event::LaunchFailed { model: m, card });
            return;
        }
        let free = self.program_def(card).and_then(|p| {
            let (who, colour) = p.running.iter().find_map(|e| match *e {
                RunningEffect::FreeMove { who, colour } => Some((who, colour)),
                _ => None,
            })?;
            let models: Vec<ModelId> = self
                .model_ids()
                .filter(|&o| self.in_play(o) && self.who_is(who, p, m, ctx.target, o))
                .collect();
            Some((colour, models))
        });
        if let Some((colour, models)) = free
            && !models.is_empty()
        {
            self.stack.push(Step::Net(NetStep::FreeMoves {
                runner: m,
                colour,
                models,
            }));
        }
        self.emit(Event::ProgramRunning {
            model: m,
            card,
            target: ctx.target,
        });
        let crit = c.actor.roll().is_crit();
        let defences: Vec<(ModelId, Option<Defence>)> = ctx
            .group
            .iter()
            .zip(&c.opposers)
            .map(|(m, o)| (*m, o.defence))
            .collect();
        self.action_result(ctx, crit, &defences, None);
    }

    /// NET-14, NET-16: a Hacked token goes on a character; Gonks and drones can't be
    /// Hacked.
    pub(crate) fn hack(&mut self, t: ModelId) {
        if self.in_play(t) && self.is_character(t) {
            self.emit(Event::Hacked { model: t });
        }
    }

    /// NET-11: a program's Vulnerable lasts while it runs (see [`Game::vulnerable`]);
    /// any other action leaves a Vulnerable token until the model's owner Inspires.
    pub(crate) fn make_vulnerable(&mut self, action: u16, t: ModelId) {
        if self.program_of_action(action).is_none() && !self.state(t).vulnerable {
            self.emit(Event::MadeVulnerable { model: t });
        }
    }

    /// EX-25's Loot draw: a Running program that draws whenever its target fails an action
    /// roll does so now if the roll's actor is that target and it failed every comparison.
    pub(crate) fn after_roll(&mut self, c: &Contest) {
        let Some(actor) = c.actor.model else { return };
        if c.verdicts().iter().any(|v| *v) {
            return;
        }
        let drawers: Vec<ModelId> = self
            .running()
            .filter(|(_, _, p, target)| {
                *target == Some(actor) && p.running.contains(&RunningEffect::LootWhenTargetFails)
            })
            .map(|(_, runner, _, _)| runner)
            .collect();
        for runner in drawers {
            self.draw_loot(runner);
        }
    }

    /// At Inspire (CTRL-12): programs that reload at Inspire turn back to Loaded (NET-10),
    /// and Vulnerable tokens come off.
    pub(crate) fn inspire_net(&mut self, seat: Seat) {
        let reload: Vec<(ModelId, CardId)> = (0..self.cards.len() as u16)
            .map(CardId)
            .filter_map(|c| {
                let s = &self.cards[c.index()];
                let holder = s.holder?;
                let p = self.program_def(c)?;
                (s.status == CardStatus::Running
                    && p.reload == Reload::AtInspire
                    && self.owner(holder) == seat)
                    .then_some((holder, c))
            })
            .collect();
        for (model, card) in reload {
            self.emit(Event::ProgramReloaded { model, card });
        }
        for m in self.model_ids() {
            if self.owner(m) == seat && self.state(m).vulnerable {
                self.emit(Event::VulnerableCleared { model: m });
            }
        }
    }

    /// Works on a netrunning step; returns a decision if a player must choose.
    pub(crate) fn step_net(&mut self, step: NetStep) -> Option<Decision> {
        match step {
            NetStep::CombatNetrunning { contest, options } => {
                let Purpose::Action(ctx) = &contest.purpose else {
                    return None;
                };
                let launcher = ctx.actor;
                let target = ctx.target.expect("a program aimed at a model");
                let program = contest.name.clone();
                let d = Decision {
                    seat: self.owner(target),
                    kind: DecisionKind::CombatNetrunning {
                        launcher,
                        target,
                        program,
                        options: options.clone(),
                    },
                };
                self.stack
                    .push(Step::Net(NetStep::CombatNetrunning { contest, options }));
                Some(d)
            }
            NetStep::SelfDestruct { drone } => {
                self.take_out(drone);
                None
            }
            NetStep::Leak { model } => {
                if !self.in_play(model) {
                    return None;
                }
                let ts = self.tokens(model);
                let options: Vec<u8> = (0..ts.len())
                    .filter(|&i| ts[i].ready && !self.repeats_token(model, i))
                    .map(|i| i as u8)
                    .collect();
                match options.len() {
                    // NET-18: no Ready token, a wound instead (not from an attack, REACT-4).
                    0 => {
                        self.push_wounds(model, 1, None);
                        None
                    }
                    1 => {
                        self.leak_flip(model, options[0]);
                        None
                    }
                    _ => {
                        self.stack.push(Step::Net(NetStep::Leak { model }));
                        Some(Decision {
                            seat: self.owner(model),
                            kind: DecisionKind::MemoryLeak { model, options },
                        })
                    }
                }
            }
            NetStep::EndActivation { model } => {
                if let Phase::Active { model: active, .. } = self.phase
                    && active == model
                {
                    self.end_activation();
                }
                None
            }
            NetStep::FreeMoves {
                runner,
                colour,
                models,
            } => {
                let models: Vec<ModelId> =
                    models.into_iter().filter(|&m| self.in_play(m)).collect();
                if models.is_empty() {
                    return None;
                }
                let d = Decision {
                    seat: self.owner(runner),
                    kind: DecisionKind::FreeMoves {
                        colour,
                        models: models.clone(),
                    },
                };
                self.stack.push(Step::Net(NetStep::FreeMoves {
                    runner,
                    colour,
                    models,
                }));
                Some(d)
            }
        }
    }

    fn leak_flip(&mut self, model: ModelId, token: u8) {
        self.emit(Event::TokenFlipped {
            model,
            token,
            ready: false,
        });
    }

    /// Checks a free move: the model is on offer, the token is its own (any state, MOVE-28)
    /// and the route is legal for the effect's length.
    fn plan_free_move(&self, colour: Colour, fm: &FreeMove) -> Result<MoveCtx, RuleError> {
        let m = fm.model;
        let die = if self.is_gonk(m) {
            if fm.token.is_some() {
                return refuse(Rule::Tok15, "Gonks and drones have no tokens to pick");
            }
            self.profile(m).gonk_colour.unwrap_or(Colour::Yellow)
        } else {
            let Some(t) = fm.token else {
                return refuse(
                    Rule::Move28,
                    "Pick one of the model's tokens to set the die for its rolls",
                );
            };
            match self.tokens(m).get(usize::from(t)) {
                Some(tok) => tok.colour,
                None => return refuse(Rule::Tok1, "That model has no such token"),
            }
        };
        self.plan_move(m, &fm.route, colour.move_inches(), die, fm.token, None)
    }

    /// The legality of an answer to a netrunning or looting decision.
    pub(crate) fn prepare_net(&self, d: &Decision, cmd: &Command) -> Result<Prepared, RuleError> {
        use DecisionKind as K;
        match (&d.kind, cmd) {
            (K::ChooseLootedCard { options, .. }, Command::TakeCard { card }) => {
                if options.contains(card) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Basic13,
                        "Take a card the body carries and this model can equip (GEN-13, TEAM-9)",
                    )
                }
            }
            (K::ChooseLootedCard { .. }, _) => {
                wrong(Rule::Basic13, "the card to take from the body")
            }
            (K::CombatNetrunning { options, .. }, Command::NetDefend { model }) => match model {
                None => Ok(Prepared::Plain),
                Some(n) if options.contains(n) => Ok(Prepared::Plain),
                Some(_) => refuse(
                    Rule::Net13,
                    "Only a friendly Netrunner with a Path of Attack to the launching rival can \
                     oppose the program instead",
                ),
            },
            (K::CombatNetrunning { .. }, _) => wrong(Rule::Net13, "who opposes the rival program"),
            (K::MemoryLeak { options, .. }, Command::LeakToken { token }) => {
                if options.contains(token) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Net18,
                        "The memory leak flips one of the model's Ready tokens",
                    )
                }
            }
            (K::MemoryLeak { .. }, _) => wrong(Rule::Net18, "the token the memory leak flips"),
            (K::FreeMoves { colour, models }, Command::FreeMove(fm)) => {
                if !models.contains(&fm.model) {
                    return refuse(
                        Rule::Move28,
                        "That model has no free move on offer (or has made it already)",
                    );
                }
                self.plan_free_move(*colour, fm).map(|_| Prepared::Plain)
            }
            (K::FreeMoves { .. }, Command::EndFreeMoves) => Ok(Prepared::Plain),
            (K::FreeMoves { .. }, _) => wrong(Rule::Move28, "the free moves or their end"),
            _ => wrong(Rule::Ctrl1, "an answer to another decision"),
        }
    }

    /// Carries out a checked answer to a netrunning or looting decision.
    pub(crate) fn execute_net(&mut self, cmd: Command) {
        match cmd {
            Command::TakeCard { card } => {
                if let Some(Step::Cards(crate::actions::hand::CardStep::ChooseLoot {
                    looter,
                    from,
                })) = self.stack.pop()
                {
                    self.take_card(looter, from, card);
                }
            }
            Command::NetDefend { model } => {
                if let Some(Step::Net(NetStep::CombatNetrunning { mut contest, .. })) =
                    self.stack.pop()
                {
                    if let Some(n) = model {
                        self.step_in(&mut contest, n);
                    }
                    self.stack.push(Step::Contest(contest));
                }
            }
            Command::LeakToken { token } => {
                if let Some(Step::Net(NetStep::Leak { model })) = self.stack.pop() {
                    self.leak_flip(model, token);
                }
            }
            Command::FreeMove(fm) => {
                if let Some(Step::Net(NetStep::FreeMoves {
                    runner,
                    colour,
                    mut models,
                })) = self.stack.pop()
                {
                    models.retain(|&m| m != fm.model);
                    self.stack.push(Step::Net(NetStep::FreeMoves {
                        runner,
                        colour,
                        models,
                    }));
                    if let Ok(ctx) = self.plan_free_move(colour, &fm) {
                        self.stack.push(Step::Move(Box::new(ctx)));
                    }
                }
            }
            Command::EndFreeMoves => {
                if let Some(Step::Net(NetStep::FreeMoves { .. })) = self.stack.last() {
                    self.stack.pop();
                }
            }
            _ => {}
        }
    }

    /// NET-13, OPEN-34: the Netrunner opposes instead of the target, from its own
    /// position, and becomes the program's target if it loses.
    fn step_in(&mut self, contest: &mut Contest, n: ModelId) {
        let Purpose::Action(ctx) = &mut contest.purpose else {
            return;
        };
        let instead_of = ctx.target.expect("a program aimed at a model");
        let launcher = ctx.actor;
        ctx.target = Some(n);
        ctx.group = vec![n];
        self.emit(Event::NetrunnerStepsIn {
            model: n,
            instead_of,
        });
        let others = self.bases_in_play();
        let poa = geometry::path_of_attack(
            self.space(),
            &self.base(launcher),
            &self.base(n),
            &others,
            false,
        );
        let smoke = self.smoke_modifier(&self.base(launcher), &self.base(n)); // FIRE-12
        let side = self.model_side(
            n,
            Skill::Tech,
            i16::from(poa.cover) + smoke,
            false,
            contest.can_wound,
            0,
        );
        contest.opposers = vec![side];
    }

    /// Applies a netrunning or drone event (called from `Game::apply_event` only).
    pub(crate) fn apply_net_event(&mut self, ev: &Event) {
        match ev {
            Event::Activated { model } => {
                for s in self.cards.iter_mut().filter(|s| s.holder == Some(*model)) {
                    s.failed = false;
                }
            }
            Event::Hacked { model } => {
                let m = &mut self.models[model.index()];
                m.hacked = m.hacked.saturating_add(1);
            }
            Event::MadeVulnerable { model } => self.models[model.index()].vulnerable = true,
            Event::VulnerableCleared { model } => self.models[model.index()].vulnerable = false,
            Event::ProgramRunning { card, target, .. } => {
                let s = &mut self.cards[card.index()];
                s.status = CardStatus::Running;
                s.target = *target;
            }
            Event::LaunchFailed { card, .. } => self.cards[card.index()].failed = true,
            Event::ProgramReloaded { card, .. } => {
                let s = &mut self.cards[card.index()];
                s.status = CardStatus::Ready;
                s.target = None;
            }
            Event::DroneDeployed { card, at, .. } => {
                self.models
                    .push(crate::state::model::ModelState::new(*at, &[], 0));
                self.drones.push(*card);
                // A drone deployed as a new model starts on the table (DRONE-8).
                self.scen.presence.push(crate::field::Presence::Table);
            }
            Event::DroneTakenOut { model, by } => {
                self.models[model.index()].in_play = false;
                // DRONE-1, DRONE-7: a drone is a model, so a scenario's take-outs count it.
                self.scen.taken_out.push((*model, *by));
            }
            _ => {}
        }
    }
}

impl crate::state::Statics {
    /// A program card's definition.
    pub(crate) fn program(&self, card: CardId) -> Option<&ProgramDef> {
        let info = self.cards.get(card.index())?;
        let k = info.program?;
        let origin = info.origin?;
        self.setup
            .models
            .get(origin.index())?
            .profile
            .programs
            .get(usize::from(k))
    }
}
