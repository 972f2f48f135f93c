//! Deployment (FIELD-7): each seat in turn moves its models within its highlighted zone;
//! the skirmish set-up has already put every model down legally, so a player who is happy
//! just confirms. Whether a spot is legal is the geometry crate's answer (wholly inside
//! the zone, standing on the table, clear of scenery and other bases). When the last seat
//! confirms, the rules `Game` starts from the deployed setup.

use bevy::prelude::*;
use redline_battlespace::{DeploymentZone, ModelBase};
use redline_content::skirmish::Skirmish;
use redline_rules::scenario::Entry;
use redline_rules::{ModelId, Seat};

use crate::headless::flow::battle::begin_match;
use crate::headless::flow::decider::Decider;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The deployment under way.
#[derive(Resource, Debug, Clone)]
pub struct Deployment {
    /// The set-up skirmish; model positions change as players place them.
    pub skirmish: Skirmish,
    /// The match record to start with.
    pub meta: MatchMeta,
    /// Seed of the game's dice.
    pub seed: u64,
    /// The seat deploying now (0-based).
    pub seat: usize,
}

/// Why a model can't go where it was put.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeployError {
    /// No such model in the set-up.
    #[error("there is no such model")]
    NoModel,
    /// A Reserve or set-aside model: it enters during play.
    #[error("{name} waits off the table and enters during play (FIELD-8)")]
    OffTable {
        /// The model's name.
        name: String,
    },
    /// Another seat's model.
    #[error("{name} belongs to another player (FIELD-7)")]
    NotYours {
        /// The model's name.
        name: String,
    },
    /// Outside the seat's zone.
    #[error("{name} must be wholly inside your deployment zone (FIELD-7)")]
    OutsideZone {
        /// The model's name.
        name: String,
    },
    /// On another base.
    #[error("{name} would overlap another model's base (MOVE-4)")]
    OnBase {
        /// The model's name.
        name: String,
    },
    /// In scenery or off the table.
    #[error("{name} can't stand there: scenery is in the way or it is off the table")]
    Blocked {
        /// The model's name.
        name: String,
    },
}

impl Deployment {
    /// A deployment that starts with seat 0.
    pub fn new(skirmish: Skirmish, meta: MatchMeta, seed: u64) -> Deployment {
        Deployment {
            skirmish,
            meta,
            seed,
            seat: 0,
        }
    }

    /// The zone of a seat.
    pub fn zone(&self, seat: usize) -> Option<DeploymentZone> {
        self.skirmish
            .scenario
            .deployment
            .iter()
            .find(|d| usize::from(d.seat) == seat)
            .map(|d| d.zone.to_battlespace())
    }

    fn base(&self, model: usize, at: [f32; 3]) -> ModelBase {
        let m = &self.skirmish.setup.models[model];
        let team = self
            .skirmish
            .setup
            .players
            .get(usize::from(m.owner.0))
            .map_or(m.owner.0, |p| p.team.0);
        ModelBase::on_base(model as u32, team, at, m.profile.base_mm)
    }

    /// Checks a spot for a model of the deploying seat; returns where its base stands.
    pub fn check(&self, model: ModelId, at: [f32; 2]) -> Result<[f32; 3], DeployError> {
        let setup = &self.skirmish.setup;
        let Some(m) = setup.models.get(model.index()) else {
            return Err(DeployError::NoModel);
        };
        let name = m.profile.name.clone();
        if m.owner != Seat(self.seat as u8) {
            return Err(DeployError::NotYours { name });
        }
        if m.entry != Entry::Table {
            return Err(DeployError::OffTable { name });
        }
        let space = &setup.battlespace;
        let spot = [at[0], space.surface_height_at(at[0], at[1]), at[1]];
        let base = self.base(model.index(), spot);
        if let Some(zone) = self.zone(self.seat)
            && !space.table().in_zone(&base, zone)
        {
            return Err(DeployError::OutsideZone { name });
        }
        let others: Vec<ModelBase> = (0..setup.models.len())
            .filter(|&i| i != model.index() && setup.models[i].entry == Entry::Table)
            .map(|i| self.base(i, setup.models[i].position))
            .collect();
        if others.iter().any(|o| o.overlaps(&base)) {
            return Err(DeployError::OnBase { name });
        }
        if !space.can_place(&base, &others) {
            return Err(DeployError::Blocked { name });
        }
        Ok(spot)
    }

    /// Where a model stands now.
    pub fn position(&self, model: ModelId) -> Option<[f32; 3]> {
        self.skirmish
            .setup
            .models
            .get(model.index())
            .map(|m| m.position)
    }
}

/// A deployment step.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum DeployIntent {
    /// Put a model of the deploying seat at `(x, z)`.
    Place {
        /// The model.
        model: ModelId,
        /// Where its base centre goes, inches.
        at: [f32; 2],
    },
    /// The deploying seat is done.
    Confirm,
}

/// A model was put down somewhere new (the battle view moves its miniature).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct Deployed {
    /// The model.
    pub model: ModelId,
    /// Where its base centre stands.
    pub at: [f32; 3],
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DeployIntent>();
    app.add_message::<Deployed>();
    app.add_systems(
        Update,
        apply_deployment
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Deployment>)),
    );
    app.add_systems(OnExit(Screen::Battle), end_deployment);
}

/// What a deployment step reads and changes besides the deployment.
#[derive(bevy::ecs::system::SystemParam)]
struct Deploying<'w, 's> {
    commands: Commands<'w, 's>,
    deployed: MessageWriter<'w, Deployed>,
    hand_over: Res<'w, HandOver>,
    decider: Res<'w, Decider>,
    notice: ResMut<'w, Notice>,
    log: ResMut<'w, BattleLog>,
}

fn apply_deployment(
    mut intents: MessageReader<DeployIntent>,
    mut deployment: ResMut<Deployment>,
    world: Deploying,
) {
    let Deploying {
        mut commands,
        mut deployed,
        hand_over,
        decider,
        mut notice,
        mut log,
    } = world;
    for intent in intents.read() {
        if !hand_over.clear(*decider) {
            continue;
        }
        match intent {
            DeployIntent::Place { model, at } => match deployment.check(*model, *at) {
                Ok(spot) => {
                    deployment.skirmish.setup.models[model.index()].position = spot;
                    deployed.write(Deployed {
                        model: *model,
                        at: spot,
                    });
                    *notice = Notice::default();
                }
                Err(e) => notice.error(format!("{}.", capitalise(&e.to_string()))),
            },
            DeployIntent::Confirm => {
                let seat = deployment.seat;
                log.push(format!(
                    "{} has deployed.",
                    deployment.meta.seat_label(Seat(seat as u8))
                ));
                if seat + 1 < deployment.skirmish.setup.players.len() {
                    deployment.seat += 1;
                    continue;
                }
                let d = deployment.clone();
                match Match::new(d.skirmish.setup, d.seed, d.meta) {
                    Ok(started) => {
                        commands.remove_resource::<Deployment>();
                        begin_match(&mut commands, started, false);
                    }
                    Err(e) => notice.error(format!("The game can't start: {e}")),
                }
            }
        }
    }
}

fn end_deployment(mut commands: Commands) {
    commands.remove_resource::<Deployment>();
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
