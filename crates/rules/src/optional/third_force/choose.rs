//! The third force's choice among the engine's own legal commands (THIRD-4, THIRD-5): take
//! Control with the model nearest where it heads, attack whoever is there or nearest it can
//! attack, otherwise close in; strike back at an attacker when it may [RE]act.

use crate::flow::Phase;
use crate::ids::ModelId;
use crate::optional::third_force::dist;
use crate::protocol::command::{ActionCommand, Command, Target};
use crate::protocol::decision::DecisionKind;
use crate::state::Game;

/// Actions one activation of the third force takes at most before it ends it (it never
/// needs more; a guard against Free actions taken over and over).
const MAX_ACTIONS: u16 = 6;

/// A move has to bring a model this much nearer its goal to be worth a token, in inches.
const MIN_GAIN: f32 = 0.5;

/// Within this distance of its destination a model is there, and closes on the nearest
/// crew model instead, in inches.
const ARRIVED: f32 = 2.0;

impl Game {
    /// The command the engine plays for the third force now; `None` when nothing is legal.
    pub(crate) fn third_force_choice(&self) -> Option<Command> {
        let d = self.decision.as_ref()?;
        let legal = self.legal_commands();
        use DecisionKind as K;
        let pick = match &d.kind {
            K::TakeControl { .. } => self.third_force_takes_control(&legal),
            K::NextAction { .. } | K::InspireGonks { .. } => self.third_force_acts(&legal),
            K::OfferReaction { wounded_by, .. } => third_force_reacts(self, &legal, *wounded_by),
            K::OfferLuck { .. } => legal.iter().find(|c| **c == Command::KeepRoll).cloned(),
            _ => None,
        };
        pick.or_else(|| legal.into_iter().next())
    }

    /// Where it heads now: the drawn destination (the table's centre before any draw).
    fn third_force_goal(&self) -> [f32; 3] {
        match self.third.heading {
            Some(h) => h
                .focus
                .filter(|&m| self.in_play(m))
                .map_or(h.at, |m| self.position(m)),
            None => self.table_centre(),
        }
    }

    /// Activate the model nearest the destination; Inspire only when none may activate.
    fn third_force_takes_control(&self, legal: &[Command]) -> Option<Command> {
        let goal = self.third_force_goal();
        legal
            .iter()
            .filter_map(|c| match c {
                Command::Activate { model } => Some((*model, c)),
                _ => None,
            })
            .min_by(|a, b| {
                dist(self.position(a.0), goal)
                    .total_cmp(&dist(self.position(b.0), goal))
                    .then(a.0.cmp(&b.0))
            })
            .map(|(_, c)| c.clone())
    }

    /// THIRD-5: an attack on the crew model nearest the destination if one is legal, else
    /// the move that closes most on it, else the end of the activation (or the Gonk holds).
    fn third_force_acts(&self, legal: &[Command]) -> Option<Command> {
        let goal = self.third_force_goal();
        let attack = legal
            .iter()
            .filter_map(|c| match c {
                Command::Act(a) => self.attack_target(a).map(|t| (t, c)),
                _ => None,
            })
            .min_by(|a, b| {
                dist(self.position(a.0), goal)
                    .total_cmp(&dist(self.position(b.0), goal))
                    .then(a.0.cmp(&b.0))
            });
        if let Some((_, c)) = attack {
            return Some(c.clone());
        }
        let tired = matches!(self.phase, Phase::Active { actions, .. } if actions >= MAX_ACTIONS);
        if !tired && let Some(c) = self.third_force_move(legal, goal) {
            return Some(c);
        }
        legal
            .iter()
            .find(|c| matches!(c, Command::EndActivation))
            .or_else(|| legal.iter().find(|c| matches!(c, Command::SkipGonk { .. })))
            .cloned()
    }

    /// The crew model an attack command aims at, if it is an attack at one.
    fn attack_target(&self, a: &ActionCommand) -> Option<ModelId> {
        let Target::Model(t) = a.target else {
            return None;
        };
        let attack = self.action(a.model, a.action).is_some_and(|d| d.attack);
        (attack && !self.is_third_force(t)).then_some(t)
    }

    /// The plain move that brings its model nearest its goal: the destination, or once
    /// there, the nearest crew model.
    fn third_force_move(&self, legal: &[Command], goal: [f32; 3]) -> Option<Command> {
        let mut best: Option<(f32, &Command)> = None;
        for c in legal {
            let Command::Act(a) = c else { continue };
            let Target::Route(route) = &a.target else {
                continue;
            };
            let Some(&end) = route.last() else { continue };
            if self.action(a.model, a.action).is_none_or(|d| d.attack) {
                continue;
            }
            let from = self.position(a.model);
            let aim = if dist(from, goal) <= ARRIVED {
                self.nearest_crew_to(from)
                    .map_or(goal, |m| self.position(m))
            } else {
                goal
            };
            let gain = dist(from, aim) - dist(end, aim);
            if gain > MIN_GAIN && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, c));
            }
        }
        best.map(|(_, c)| c.clone())
    }

    /// The crew model in play nearest a point.
    pub(super) fn nearest_crew_to(&self, at: [f32; 3]) -> Option<ModelId> {
        self.crew_in_play().min_by(|&a, &b| {
            dist(self.position(a), at)
                .total_cmp(&dist(self.position(b), at))
                .then(a.cmp(&b))
        })
    }
}

/// THIRD-5: strike back at the attacker when a [RE]action may, else at anyone, else let it
/// pass.
fn third_force_reacts(game: &Game, legal: &[Command], attacker: ModelId) -> Option<Command> {
    let strike = |c: &&Command| match c {
        Command::React(a) => game.attack_target(a).is_some(),
        _ => false,
    };
    legal
        .iter()
        .filter(strike)
        .find(|c| matches!(c, Command::React(a) if a.target == Target::Model(attacker)))
        .or_else(|| legal.iter().find(strike))
        .or_else(|| legal.iter().find(|c| matches!(c, Command::DeclineReaction)))
        .cloned()
}
