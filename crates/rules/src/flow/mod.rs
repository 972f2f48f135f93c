//! The flow of play: what is being resolved (a stack of steps), which decision that needs,
//! and how each answer moves it on. Board changes go through `Game::emit`.

pub(crate) mod contest;
mod control;
mod first_control;

use serde::Serialize;

use crate::actions::ActPlan;
use crate::actions::movement::MoveCtx;
use crate::field::ScenarioStep;
use crate::flow::contest::{Contest, Purpose, Stage};
use crate::ids::ModelId;
use crate::protocol::command::Command;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::state::Game;

/// Where the turn is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum Phase {
    /// The Control player must Activate or Inspire (CTRL-2).
    AwaitControl,
    /// A model is active; `actions` taken so far in this activation.
    Active { model: ModelId, actions: u16 },
    /// A player is Inspiring (CTRL-8..CTRL-13).
    Inspire { seat: crate::ids::Seat },
    /// Before the game: a seat deploys its team (FIELD-7, `deployment.rs`).
    Deploy { seat: crate::ids::Seat },
    /// Before the deployment: the defender places its security (SEC-2,
    /// `optional/sec/placing.rs`).
    PlaceSecurity { seat: crate::ids::Seat },
}

/// Work in progress, innermost last.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum Step {
    Contest(Box<Contest>),
    Move(Box<MoveCtx>),
    Wounds {
        model: ModelId,
        left: u8,
        by: Option<ModelId>,
    },
    Heal {
        model: ModelId,
        left: u8,
    },
    BrawlTie {
        contest: Box<Contest>,
        options: Vec<ModelId>,
    },
    /// Wounded models that may [RE]act, in wound order, with their attacker (REACT-13).
    Reactions {
        queue: Vec<(ModelId, ModelId)>,
    },
    EndAction {
        actor: ModelId,
        reaction: bool,
    },
    /// Cards discarded, exhausted or looted once an action has resolved (`hand.rs`).
    Cards(crate::actions::hand::CardStep),
    /// Netrunning: combat netrunning, memory leaks, free moves (`netrunning/`).
    Net(crate::netrunning::NetStep),
    /// A Blast after its roll (KW-4..KW-12).
    Blast(Box<crate::keywords::blast::BlastCtx>),
    /// A Rapid action between repetitions (KW-24..KW-27).
    Rapid(Box<crate::keywords::rapid::RapidCtx>),
    /// Ready tokens still to flip for a Stun (KW-29).
    Stun {
        model: ModelId,
        left: u8,
    },
    /// Used tokens still to flip for a Refresh (KW-23).
    Refresh {
        model: ModelId,
        left: u8,
    },
    /// A scenario's own decision: first Control, a model entering play (`field/`).
    Scenario(ScenarioStep),
    /// Models still to face the Hazards of one event (MOD-6, `optional/hazard.rs`).
    Hazards(crate::optional::hazard::HazardBatch),
    /// Damage markers a Breach Blast puts on scenery once its area has resolved (TERR-7).
    Breach {
        part: u32,
        section: u8,
        markers: u8,
    },
    /// A Breach Blast's win on a lock: the door or window breaks once the area has
    /// resolved (SEC-8, TERR-7).
    BreakLock {
        piece: u32,
        opening: u8,
        by: ModelId,
    },
    /// A model has finished an action: the sentries rival to it may fire, then it may
    /// overrun one (SEC-12, SEC-13).
    Sentries {
        actor: ModelId,
    },
    /// Fires an Ignite Torrent starts once it has resolved (FIRE-1, FIRE-3).
    Fires(crate::optional::fire::Kindling),
    /// The lighter's fires still to roll at its Inspire, in the order it picks (FIRE-5).
    FireRolls(crate::optional::fire::FireClock),
}

/// What `prepare` learned while checking a command.
pub(crate) enum Prepared {
    Plain,
    Act(ActPlan),
    /// A checked Blast escape (KW-7).
    Escape(ActPlan),
    /// A checked Rapid repetition and the models it targets (KW-26).
    Repeat(Vec<ModelId>),
    /// Where a placed Impact token lies (KW-9, KW-10).
    Impact([f32; 3]),
}

pub(crate) fn wrong(rule: Rule, waiting: &str) -> Result<Prepared, RuleError> {
    refuse(rule, format!("The game is waiting for {waiting}"))
}

impl Game {
    /// The single legality check (zemeroth's `check`): the command must answer the current
    /// decision, and be legal under the rules.
    pub(crate) fn prepare(&self, cmd: &Command) -> Result<Prepared, RuleError> {
        if let Command::GainLuck { seat, luck } = cmd {
            self.check_gain_luck(*seat, *luck)?;
            return Ok(Prepared::Plain);
        }
        let Some(d) = &self.decision else {
            return refuse(Rule::Ctrl21, "The game is over");
        };
        self.check_climb_hold(cmd)?;
        use DecisionKind as K;
        match (&d.kind, cmd) {
            (K::Deploy { .. } | K::ChooseFirstControl { .. }, _)
            | (K::InspireGonks { .. }, Command::Deploy { .. }) => {
                self.prepare_scenario(&d.kind, cmd)
            }
            (K::DeployTeam { .. }, _) => self.prepare_deployment(d.seat, cmd),
            (K::PlaceSecurity { .. }, _) => self.prepare_security(d.seat, cmd),
            (K::TakeControl { may_activate, .. }, Command::Activate { model }) => {
                if may_activate.contains(model) {
                    Ok(Prepared::Plain)
                } else if model.index() < self.models.len()
                    && self.team_of(self.owner(*model)) != self.team_of(d.seat)
                {
                    refuse(
                        Rule::Ctrl1,
                        "You can only activate your own team's characters",
                    )
                } else if model.index() < self.models.len() && self.is_gonk(*model) {
                    refuse(Rule::Ctrl8, "Gonks act when you Inspire, not by activation")
                } else if model.index() < self.models.len() && self.under_repair(*model) {
                    refuse(
                        Rule::Bot10,
                        "That construct is Under Repair: it can't be activated",
                    )
                } else if may_activate.is_empty() {
                    refuse(
                        Rule::Ctrl3,
                        "None of your characters has a Ready token: you must Inspire",
                    )
                } else {
                    refuse(Rule::Ctrl4, "That model has no Ready token")
                }
            }
            (K::TakeControl { may_inspire, .. }, Command::Inspire { seat }) => {
                if may_inspire.contains(seat) {
                    Ok(Prepared::Plain)
                } else if usize::from(seat.0) >= self.seat_count()
                    || self.team_of(*seat) != self.team_of(d.seat)
                {
                    refuse(Rule::Ctrl19, "Inspire covers only your own team")
                } else {
                    refuse(
                        Rule::Ctrl3,
                        "Every token on your characters is Ready: you must Activate",
                    )
                }
            }
            (K::TakeControl { .. }, _) => {
                wrong(Rule::Ctrl2, "Control to be taken: Activate or Inspire")
            }
            (K::NextAction { model }, Command::Act(a)) => {
                if a.model != *model {
                    return refuse(Rule::Ctrl4, "Only the Active Model can act now");
                }
                Ok(Prepared::Act(self.plan_action(a, None)?))
            }
            (K::NextAction { .. }, Command::EndActivation) => Ok(Prepared::Plain),
            (K::NextAction { .. }, _) => {
                wrong(Rule::Ctrl5, "the Active Model's next action or its end")
            }
            (K::InspireGonks { gonks }, Command::Act(a)) => {
                if !gonks.contains(&a.model) {
                    return refuse(
                        Rule::Ctrl10,
                        "During Inspire each Gonk takes exactly one action",
                    );
                }
                Ok(Prepared::Act(self.plan_action(a, None)?))
            }
            (K::InspireGonks { gonks }, Command::SkipGonk { model }) => {
                if gonks.contains(model) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(Rule::Ctrl10, "That Gonk has already acted in this Inspire")
                }
            }
            (K::InspireGonks { .. }, _) => wrong(Rule::Ctrl8, "the Gonks' actions in the Inspire"),
            (K::ChooseDefence { options, .. }, Command::Defend(x)) => {
                if options.contains(x) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Act10,
                        "Pick one of the defending model's own tokens (and one Armor source, ARM-7)",
                    )
                }
            }
            (K::ChooseDefence { .. }, _) => wrong(Rule::Act10, "the defender's token colour"),
            (K::FaceHazard { options, .. }, Command::FaceHazard { model, token }) => {
                if options.contains(&(*model, *token)) {
                    Ok(Prepared::Plain)
                } else if options.iter().any(|(m, _)| m == model) {
                    refuse(
                        Rule::Mod4,
                        "A model faces a Hazard with one of its own tokens, Ready or Used",
                    )
                } else {
                    refuse(
                        Rule::Mod6,
                        "Only a model of yours still to face this Hazard can roll now",
                    )
                }
            }
            (K::FaceHazard { .. }, _) => wrong(
                Rule::Mod6,
                "the next model to face the Hazard and its token",
            ),
            (K::OrderFireRolls { fires }, Command::RollFire { place }) => {
                if fires.contains(place) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(Rule::Fire5, "Pick one of your fires still to roll")
                }
            }
            (K::OrderFireRolls { .. }, _) => wrong(Rule::Fire5, "which of your fires rolls next"),
            (K::SentryShot { shots }, Command::SentryFires { sentry, target }) => {
                Game::check_sentry_shot(shots, *sentry, *target)?;
                Ok(Prepared::Plain)
            }
            (K::SentryShot { .. }, _) => wrong(Rule::Sec12, "which sentry fires, and at whom"),
            (K::OfferLuck { luck, accurate, .. }, Command::Reroll) => {
                if *luck == 0 && !accurate {
                    refuse(Rule::Luck2, "You have no Luck tokens left")
                } else {
                    Ok(Prepared::Plain)
                }
            }
            (K::OfferLuck { .. }, Command::KeepRoll) => Ok(Prepared::Plain),
            (K::OfferLuck { .. }, _) => wrong(Rule::Luck4, "a Luck decision on the die offered"),
            (K::OfferReaction { model, wounded_by }, Command::React(a)) => {
                if a.model != *model {
                    return refuse(Rule::React1, "Only the wounded model may [RE]act");
                }
                Ok(Prepared::Act(self.plan_action(a, Some(*wounded_by))?))
            }
            (K::OfferReaction { .. }, Command::DeclineReaction) => Ok(Prepared::Plain),
            (K::OfferReaction { .. }, _) => wrong(Rule::React1, "a [RE]action or its refusal"),
            (K::AllocateWound { options, .. }, Command::AllocateWound { token }) => {
                if options.contains(token) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Open16,
                        "That token can't take the wound: pick a token that is not RED",
                    )
                }
            }
            (K::AllocateWound { .. }, _) => wrong(Rule::Wound7, "where the extra wound goes"),
            (K::ChooseHealedToken { options, .. }, Command::HealToken { token }) => {
                if options.contains(token) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Wound13,
                        "Only a RED token that started another colour can be healed",
                    )
                }
            }
            (K::ChooseHealedToken { .. }, _) => wrong(Rule::Wound12, "which token is healed"),
            (K::ChooseOpposer { options, .. }, Command::ChooseOpposer { model }) => {
                if options.contains(model) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Brawl5,
                        "Pick a rival within reach of the moving model",
                    )
                }
            }
            (K::ChooseOpposer { .. }, _) => wrong(Rule::Brawl5, "the choice of the opposing rival"),
            (K::BreakBrawlTie { options, .. }, Command::ChooseAffected { model }) => {
                if options.contains(model) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(
                        Rule::Brawl9,
                        "Pick one of the models tied for the lowest defence",
                    )
                }
            }
            (K::BreakBrawlTie { .. }, _) => {
                wrong(Rule::Brawl9, "which tied model the shot affects")
            }
            (
                K::ChooseLootedCard { .. }
                | K::CombatNetrunning { .. }
                | K::MemoryLeak { .. }
                | K::FreeMoves { .. },
                _,
            ) => self.prepare_net(d, cmd),
            (K::PlaceImpact { .. }, Command::PlaceImpact { at }) => {
                Ok(Prepared::Impact(self.check_impact(*at)?))
            }
            (K::PlaceImpact { .. }, _) => wrong(Rule::Kw9, "the Impact token to be placed"),
            (
                K::BlastEscape { .. },
                Command::EscapeBlast {
                    model,
                    token,
                    route,
                },
            ) => Ok(Prepared::Escape(self.plan_escape(*model, *token, route)?)),
            (K::BlastEscape { .. }, Command::FaceBlast { model }) => {
                self.check_face_blast(*model)?;
                Ok(Prepared::Plain)
            }
            (K::BlastEscape { .. }, _) => wrong(
                Rule::Open26,
                "a caught model to escape the Blast or roll against it",
            ),
            (K::NextRepetition { .. }, Command::Repeat { target }) => {
                Ok(Prepared::Repeat(self.plan_repetition(*target)?))
            }
            (K::NextRepetition { .. }, Command::EndRepetitions) => Ok(Prepared::Plain),
            (K::NextRepetition { .. }, _) => wrong(
                Rule::Kw24,
                "the next repetition of the Rapid action or its end",
            ),
            (K::ChooseStunnedToken { options, .. }, Command::StunToken { token }) => {
                if options.contains(token) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(Rule::Kw29, "Pick one of the stunned model's Ready tokens")
                }
            }
            (K::ChooseStunnedToken { .. }, _) => wrong(Rule::Kw29, "which token the Stun flips"),
            (K::ChooseRefreshedToken { options, .. }, Command::RefreshToken { token }) => {
                if options.contains(token) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(Rule::Kw23, "Pick one of the model's Used tokens")
                }
            }
            (K::ChooseRefreshedToken { .. }, _) => {
                wrong(Rule::Tok14, "which token the Refresh flips")
            }
        }
    }

    /// Carries out a checked command.
    pub(crate) fn execute(&mut self, cmd: Command, prepared: Prepared) {
        self.decision = None;
        let prepared = match prepared {
            Prepared::Escape(plan) => return self.escape_blast(plan),
            Prepared::Impact(at) => return self.put_impact(at),
            Prepared::Repeat(group) => {
                if let Command::Repeat { target } = cmd {
                    self.repeat(target, group);
                }
                return;
            }
            other => other,
        };
        if let Prepared::Act(plan) = prepared {
            if let Command::React(_) = cmd
                && let Some(Step::Reactions { mut queue }) = self.stack.pop()
            {
                queue.remove(0);
                self.stack.push(Step::Reactions { queue });
            }
            self.declare(plan);
            return;
        }
        match cmd {
            Command::Activate { model } => self.activate(model),
            Command::Inspire { seat } => self.start_inspire(seat),
            Command::EndActivation => self.end_activation(),
            Command::SkipGonk { model } => self.emit(Event::GonkSkipped { model }),
            Command::Defend(d) => {
                if let Some(Step::Contest(mut c)) = self.stack.pop() {
                    let i = (1..c.sides())
                        .find(|&i| !c.side(i).options.is_empty())
                        .expect("pending");
                    self.choose_defence(&mut c, i, d);
                    self.stack.push(Step::Contest(c));
                }
            }
            Command::Reroll | Command::KeepRoll => {
                if let Some(Step::Contest(mut c)) = self.stack.pop() {
                    let i = c.offered.take().expect("offered die");
                    if cmd == Command::Reroll {
                        self.reroll(&mut c, i);
                    } else if let Stage::Luck(r) = &mut c.stage {
                        r.kept();
                    }
                    self.stack.push(Step::Contest(c));
                }
            }
            Command::DeclineReaction => {
                if let Some(Step::Reactions { mut queue }) = self.stack.pop() {
                    let (m, _) = queue.remove(0);
                    self.emit(Event::ReactionDeclined { model: m });
                    self.stack.push(Step::Reactions { queue });
                }
            }
            Command::AllocateWound { token } => {
                if let Some(Step::Wounds { model, left, by }) = self.stack.pop() {
                    self.wound_token(model, token, by);
                    self.push_wounds(model, left - 1, by);
                }
            }
            Command::HealToken { token } => {
                if let Some(Step::Heal { model, left }) = self.stack.pop() {
                    self.heal_token(model, token);
                    if left > 1 {
                        self.stack.push(Step::Heal {
                            model,
                            left: left - 1,
                        });
                    }
                }
            }
            Command::ChooseOpposer { model } => {
                if let Some(Step::Move(mut ctx)) = self.stack.pop() {
                    ctx.opposer = Some(model);
                    self.stack.push(Step::Move(ctx));
                }
            }
            Command::ChooseAffected { model } => {
                if let Some(Step::BrawlTie { contest, .. }) = self.stack.pop()
                    && let Purpose::Action(ctx) = &contest.purpose
                {
                    let i = ctx.group.iter().position(|m| *m == model).expect("tied");
                    let crit = contest.actor.roll().is_crit();
                    self.brawl_shot_lands(&ctx.clone(), &contest, i, crit);
                }
            }
            Command::TakeCard { .. }
            | Command::NetDefend { .. }
            | Command::LeakToken { .. }
            | Command::FreeMove(_)
            | Command::EndFreeMoves => self.execute_net(cmd),
            Command::FaceBlast { model } => self.face_blast(model),
            Command::FaceHazard { model, token } => self.execute_face_hazard(model, token),
            Command::RollFire { place } => self.execute_roll_fire(place),
            Command::SentryFires { sentry, target } => self.execute_sentry_fires(sentry, target),
            Command::EndRepetitions => {
                // The Rapid step is on top (checked): dropping it ends the repetitions.
                self.stack.pop();
            }
            Command::StunToken { token } => {
                if let Some(Step::Stun { model, left }) = self.stack.pop() {
                    self.emit(Event::Stunned {
                        model,
                        token: Some(token),
                    });
                    self.stack.push(Step::Stun {
                        model,
                        left: left - 1,
                    });
                }
            }
            Command::RefreshToken { token } => {
                if let Some(Step::Refresh { model, left }) = self.stack.pop() {
                    self.emit(Event::Refreshed { model, token });
                    self.stack.push(Step::Refresh {
                        model,
                        left: left - 1,
                    });
                }
            }
            Command::Deploy { .. } if matches!(self.phase, Phase::Deploy { .. }) => {
                self.execute_deployment(cmd)
            }
            Command::EndDeployment => self.execute_deployment(cmd),
            Command::PlaceSecurity(_) | Command::EndSecurity => self.execute_security(cmd),
            Command::Deploy { .. } | Command::GiveFirstControl { .. } => self.execute_scenario(cmd),
            // Applied by `Game::apply` outside the flow of decisions (`dice/gained_luck.rs`).
            Command::GainLuck { .. } => {}
            Command::Act(_)
            | Command::React(_)
            | Command::PlaceImpact { .. }
            | Command::EscapeBlast { .. }
            | Command::Repeat { .. } => {}
        }
    }

    /// Runs everything that needs no decision, and stores the next decision.
    pub(crate) fn advance(&mut self) {
        loop {
            if self.outcome.is_some() {
                self.decision = None;
                self.stack.clear();
                return;
            }
            // Nobody can have won while the teams are still being deployed (FIELD-7).
            if !matches!(
                self.phase,
                Phase::Deploy { .. } | Phase::PlaceSecurity { .. }
            ) && let Some(o) = self.scenario_end()
            {
                self.take_out_the_downed(); // AID-11
                self.emit(Event::GameOver { outcome: o });
                continue;
            }
            let d = match self.stack.pop() {
                None => self.phase_decision(),
                Some(step) => self.step(step),
            };
            if let Some(d) = d {
                self.decision = Some(d);
                return;
            }
        }
    }

    fn step(&mut self, step: Step) -> Option<Decision> {
        match step {
            Step::Contest(c) => self.step_contest(c),
            Step::Move(ctx) => self.step_move(ctx),
            Step::Wounds { model, left, by } => self.step_wounds(model, left, by),
            Step::Heal { model, left } => self.step_heal(model, left),
            Step::BrawlTie { contest, options } => {
                // Only reached if the tie decision was pushed back unanswered.
                let ctx = match &contest.purpose {
                    Purpose::Action(ctx) => ctx.clone(),
                    _ => return None,
                };
                let target = ctx.target.expect("target");
                let seat = self.owner(target);
                self.stack.push(Step::BrawlTie {
                    contest,
                    options: options.clone(),
                });
                Some(Decision {
                    seat,
                    kind: DecisionKind::BreakBrawlTie { target, options },
                })
            }
            Step::Reactions { mut queue } => {
                while let Some(&(m, by)) = queue.first() {
                    // REACT-1, REACT-6: a character still in play with a Ready token.
                    // BOT-10: a construct Under Repair takes no [RE]action.
                    if self.in_play(m)
                        && self.is_character(m)
                        && self.state(m).has_ready()
                        && !self.under_repair(m)
                    {
                        self.stack.push(Step::Reactions { queue });
                        return Some(Decision {
                            seat: self.owner(m),
                            kind: DecisionKind::OfferReaction {
                                model: m,
                                wounded_by: by,
                            },
                        });
                    }
                    queue.remove(0);
                }
                None
            }
            Step::EndAction { actor, reaction } => {
                self.end_action(actor, reaction);
                None
            }
            Step::Cards(step) => self.step_cards(step),
            Step::Net(step) => self.step_net(step),
            Step::Blast(b) => self.step_blast(b),
            Step::Rapid(r) => self.step_rapid(r),
            Step::Stun { model, left } => self.step_stun(model, left),
            Step::Refresh { model, left } => self.step_refresh(model, left),
            Step::Scenario(s) => self.step_scenario(s),
            Step::Hazards(batch) => self.step_hazards(batch),
            Step::Breach {
                part,
                section,
                markers,
            } => {
                self.place_markers(part, section, markers);
                None
            }
            Step::BreakLock { piece, opening, by } => {
                self.break_lock(by, (piece, opening));
                None
            }
            Step::Sentries { actor } => self.step_sentries(actor),
            Step::Fires(kindling) => {
                self.kindle(&kindling);
                None
            }
            Step::FireRolls(clock) => self.step_fire_rolls(clock),
        }
    }

    fn step_contest(&mut self, mut c: Box<Contest>) -> Option<Decision> {
        if let Stage::Defences = c.stage {
            for i in 1..c.sides() {
                let s = c.side(i);
                if s.options.len() == 1 {
                    let d = s.options[0];
                    self.choose_defence(&mut c, i, d);
                } else if s.options.len() > 1 {
                    let s = c.side(i);
                    let d = Decision {
                        seat: s.seat,
                        kind: DecisionKind::ChooseDefence {
                            defender: s.model.expect("model"),
                            actor: c.actor.model.expect("actor"),
                            action: c.name.clone(),
                            can_wound: c.can_wound,
                            options: s.options.clone(),
                        },
                    };
                    self.stack.push(Step::Contest(c));
                    return Some(d);
                }
            }
            self.roll_contest(&mut c);
        }
        if let Some(i) = self.next_luck_offer(&mut c) {
            c.offered = Some(i);
            let s = c.side(i);
            let winning = c.verdicts().iter().all(|v| *v);
            let d = Decision {
                seat: s.seat,
                kind: DecisionKind::OfferLuck {
                    model: s.model,
                    die: s.die,
                    face: s.face,
                    total: s.roll().total(),
                    actor_winning: winning,
                    luck: self.luck(s.seat),
                    accurate: s.accurate,
                },
            };
            self.stack.push(Step::Contest(c));
            return Some(d);
        }
        let verdicts = c.verdicts();
        self.emit(Event::RollDecided {
            actor_won: verdicts.clone(),
        });
        self.after_roll(&c);
        let won = verdicts.first().copied().unwrap_or(true);
        match c.purpose.clone() {
            Purpose::Action(ctx) => self.finish_action_roll(ctx, &c),
            Purpose::Blast(b) => self.blast_rolled(b, &c),
            Purpose::Hazard(roll) => {
                self.hazard_settled(&roll, &c);
                None
            }
            other => {
                self.finish_move_roll(other, won, c.actor.roll().is_fumble());
                None
            }
        }
    }

    /// After an action: offer [RE]actions (REACT-1..REACT-3), then see whether the
    /// activation goes on (CTRL-5) or who gets Control after a [RE]action (OPEN-32).
    fn end_action(&mut self, actor: ModelId, reaction: bool) {
        if !reaction && !self.wounded.is_empty() {
            let mut queue: Vec<(ModelId, ModelId)> = Vec::new();
            for &(m, by) in &self.wounded {
                if !queue.iter().any(|q| q.0 == m) {
                    queue.push((m, by));
                }
            }
            self.wounded.clear();
            self.stack.push(Step::EndAction { actor, reaction });
            self.stack.push(Step::Reactions { queue });
            return;
        }
        if self.sentries_watch() {
            // SEC-12, MOPEN-9: once the action (and any [RE]action to it) has finished.
            self.stack.push(Step::Sentries { actor });
        }
        if reaction {
            if let Phase::Active { model, .. } = self.phase
                && !self.in_play(model)
                && self.team_of(self.owner(model)) != self.team_of(self.owner(actor))
            {
                // OPEN-32, REACT-9: the reacting player takes Control — unless its
                // [RE]action took out its own last model (a Fumbled Blast), in which case
                // Control goes on clockwise to the next team with models (CTRL-13).
                self.emit(Event::ActivationEnded { model });
                let to = self.owner(actor);
                if self.team_still_playing(self.team_of(to)) {
                    self.emit(Event::ControlPassed {
                        from: self.control,
                        to,
                    });
                    self.phase = Phase::AwaitControl;
                } else {
                    self.pass_control(to);
                }
            }
            return;
        }
        if let Phase::Active { model, actions } = &mut self.phase
            && *model == actor
        {
            *actions += 1;
        }
    }

    /// The decision when nothing is being resolved.
    fn phase_decision(&mut self) -> Option<Decision> {
        match self.phase {
            Phase::AwaitControl => Some(self.take_control_decision()),
            Phase::Deploy { seat } => Some(self.deploy_team_decision(seat)),
            Phase::PlaceSecurity { seat } => Some(self.security_decision(seat)),
            Phase::Active { model, actions } => {
                if self.in_reserve(model) {
                    // FIELD-9: placed before it takes any action.
                    if self.can_enter(model) {
                        return Some(self.reserve_decision(model));
                    }
                    self.end_activation();
                    return None;
                }
                // CTRL-5: with no Ready token left, a character stays active only while it
                // can still take a Free action (TOK-10) or launch a program (OPEN-33).
                // BOT-9: Start Repair ends the activation.
                let done = !self.in_play(model)
                    || self.under_repair(model)
                    || (self.is_gonk(model) && actions >= 1)
                    || (self.is_character(model)
                        && !self.state(model).has_ready()
                        && !self.can_act_without_token(model));
                if done {
                    self.end_activation();
                    return None;
                }
                Some(Decision {
                    seat: self.decider(model),
                    kind: DecisionKind::NextAction { model },
                })
            }
            Phase::Inspire { seat } => {
                let gonks: Vec<ModelId> = self
                    .model_ids()
                    .filter(|&m| {
                        self.owner(m) == seat
                            && self.still_playing(m)
                            && self.is_gonk(m)
                            && !self.state(m).gonk_acted
                            && (!self.is_drone(m) || self.drone_acts_at_inspire(m))
                            // OPEN-40: a stunned Gonk skips this Inspire.
                            && !self.state(m).stunned
                            // COOP-2: a wave not yet due stays in Reserve.
                            && !self.wave_waiting(m)
                    })
                    .collect();
                if gonks.is_empty() {
                    // BOT-4: a construct with damaged Power picks its one token first.
                    if !self.power_limited_refresh(seat) {
                        self.finish_inspire(seat);
                    }
                    return None;
                }
                Some(Decision {
                    seat,
                    kind: DecisionKind::InspireGonks { gonks },
                })
            }
        }
    }
}
