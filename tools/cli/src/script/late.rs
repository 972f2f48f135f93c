//! Models that enter play during the game. A drone a program deploys (DRONE-8) is a new model
//! the engine numbers after every model of the setup and every drone before it. The step that
//! launches the program names it (`label`, the drone card's id by default); the planner gives
//! the label the number the engine will give the drone, and the runner checks, when the drone
//! is deployed, that it got that number.

use std::sync::Arc;

use redline_rules::card::{Effect, ModelProfile};
use redline_rules::cards::CardId;
use redline_rules::{Command, Event, Game, ModelId, Target};

use super::locate::Position;

/// A model a step of the script brings into play.
#[derive(Debug, Clone)]
pub struct Late {
    /// Its label.
    pub label: String,
    /// The id the engine gives it if every drone before it was deployed as the script says.
    pub model: ModelId,
    /// Where the step that launches it is.
    pub launched_at: Position,
    /// The launching Netrunner.
    pub runner: ModelId,
    /// The program card.
    pub card: CardId,
    /// The drone's card, from its program (DRONE-2).
    pub profile: Arc<ModelProfile>,
}

/// The models a script brings into play while it runs: whose launch has run, and which have
/// entered play with the id planned for them.
pub struct Entries<'a> {
    late: &'a [Late],
    launched: Vec<bool>,
    entered: Vec<bool>,
}

impl<'a> Entries<'a> {
    /// None launched yet.
    pub fn new(late: &'a [Late]) -> Entries<'a> {
        Entries {
            late,
            launched: vec![false; late.len()],
            entered: vec![false; late.len()],
        }
    }

    /// The step launching model `k` runs now.
    pub fn launched(&mut self, k: usize) {
        self.launched[k] = true;
    }

    /// Why a model the script brings into play is not in the game yet, if it isn't.
    pub fn not_in_play_yet(&self, model: ModelId) -> Option<String> {
        let k = self.late.iter().position(|l| l.model == model)?;
        if self.entered[k] {
            return None;
        }
        let late = &self.late[k];
        Some(format!(
            "'{}' has not entered play: the launch at {} deployed no drone",
            late.label, late.launched_at
        ))
    }

    /// Gives each drone these events deploy the label of the launch that deployed it, and
    /// checks the engine gave it the id the script's order of launches says.
    pub fn entered_play(&mut self, events: &[Event]) -> Result<(), String> {
        for event in events {
            let Event::DroneDeployed {
                model, by, card, ..
            } = event
            else {
                continue;
            };
            let pending = (0..self.late.len()).rev().find(|&k| {
                let l = &self.late[k];
                self.launched[k] && !self.entered[k] && l.runner == *by && l.card == *card
            });
            let Some(k) = pending else { continue };
            let late = &self.late[k];
            if late.model != *model {
                return Err(format!(
                    "the drone launched at {} came into play as model ({}), not ({}) as '{}': a \
                     launch before it deployed no drone, or `Engine(...)` deployed one the \
                     script does not name",
                    late.launched_at, model.0, late.model.0, late.label
                ));
            }
            self.entered[k] = true;
        }
        Ok(())
    }
}

/// What a program action deploys: its card, the drone card's id and profile.
pub struct Deployment {
    /// The program card.
    pub card: CardId,
    /// The drone card's id in the pack.
    pub drone: String,
    /// The drone's profile.
    pub profile: Arc<ModelProfile>,
}

/// The drone `action` of `model` deploys, if it deploys one (a program's DeployDrone effect).
pub fn deployment(game: &Game, model: ModelId, action: u16) -> Option<Deployment> {
    game.cards_of(model).into_iter().find_map(|card| {
        let k = (0..card.def.actions.len()).find(|&k| game.card_action(card.id, k) == action)?;
        let drone = card.def.actions[k].effects.iter().find_map(|e| match e {
            Effect::DeployDrone { drone, .. } => Some(drone.clone()),
            _ => None,
        })?;
        let profile = game.program(card.id)?.drone.clone()?;
        Some(Deployment {
            card: card.id,
            drone,
            profile,
        })
    })
}

/// Whether the command aims an action at a point on the table.
pub fn aims_at_point(command: &Command) -> bool {
    matches!(
        command,
        Command::Act(a) | Command::React(a) if matches!(a.target, Target::Point(_))
    )
}

/// Every model a command names.
pub fn command_models(command: &Command) -> Vec<ModelId> {
    let mut ids = Vec::new();
    match command {
        Command::Activate { model }
        | Command::SkipGonk { model }
        | Command::ChooseOpposer { model }
        | Command::ChooseAffected { model }
        | Command::FaceBlast { model }
        | Command::EscapeBlast { model, .. }
        | Command::Deploy { model, .. } => ids.push(*model),
        Command::Repeat { target } => ids.push(*target),
        Command::SentryFires { sentry, target } => ids.extend([*sentry, *target]),
        Command::NetDefend { model: Some(m) } => ids.push(*m),
        Command::FreeMove(f) => ids.push(f.model),
        Command::Act(a) | Command::React(a) => {
            ids.push(a.model);
            match &a.target {
                Target::Model(m) => ids.push(*m),
                Target::Drag { model, .. } => ids.push(*model),
                _ => {}
            }
        }
        _ => {}
    }
    ids
}
