//! The deployment before the game (FIELD-7): the models a setup leaves to place
//! ([`Entry::Deploy`]) are set down by their owners, one seat after another in seat order,
//! each wholly inside its seat's deployment zone (anywhere on the table when the scenario
//! gives the seat none), overlapping no base (MOVE-4), inside no scenery and standing on a
//! surface. A seat places its models in any order, may place one of them again, and ends its
//! deployment once every model is placed or no legal spot is left for the rest. When the
//! last seat has deployed, first Control is settled (CTRL-15) and the game starts. A spot is
//! checked, and candidate spots are found, exactly as for a model entering play
//! (`deploy.rs`). See `docs/decisions/rules-deployment.md`.

use crate::field::Presence;
use crate::flow::{Phase, Prepared, wrong};
use crate::ids::{ModelId, Seat};
use crate::protocol::command::Command;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::Setup;
use crate::setup::scenario::{Area, Entry, Placement};
use crate::state::Game;

use crate::field::deploy::Moment;

impl Game {
    /// The seat deploying its team now, while the game is in its deployment (FIELD-7).
    pub fn deploying(&self) -> Option<Seat> {
        match self.phase {
            Phase::Deploy { seat } => Some(seat),
            _ => None,
        }
    }

    /// Whether the model waits to be placed in the deployment before the game (FIELD-7).
    /// A model its seat found no room for stays so, and takes no part in the game.
    pub fn waiting_to_deploy(&self, model: ModelId) -> bool {
        self.scen.presence.get(model.index()) == Some(&Presence::Deploy)
    }

    /// Where a seat's models go in the deployment: wholly inside the seat's zone, or
    /// anywhere on the table when the scenario gives it none (FIELD-7).
    pub fn deployment_placement(&self, seat: Seat) -> Placement {
        Placement {
            area: self
                .st
                .setup
                .scenario
                .seat_area(seat)
                .unwrap_or(Area::Anywhere),
            keep_clear: false,
        }
    }

    /// Legal spots for a model of the deploying seat, placed yet or not: at most 24, spread
    /// over every legal spot of a 1" grid (2" where the seat has no zone), in a fixed order.
    /// For the player's highlight and for bots; any other spot may still be proposed, and
    /// is checked exactly. Empty for any other model, and outside the deployment.
    pub fn deployment_spots(&self, model: ModelId) -> Vec<[f32; 3]> {
        match self.deploying() {
            Some(seat) if self.deploys_with(model, seat) => {
                self.placement_spots(model, &self.deployment_placement(seat))
            }
            _ => Vec::new(),
        }
    }

    /// Whether `model` is one of the models `seat` deploys before the game.
    fn deploys_with(&self, model: ModelId, seat: Seat) -> bool {
        self.st
            .setup
            .models
            .get(model.index())
            .is_some_and(|m| m.entry == Entry::Deploy && m.owner == seat)
    }

    /// The first seat from `from` on with a model still to place.
    pub(crate) fn first_to_deploy(&self, from: u8) -> Option<Seat> {
        (from..self.seat_count() as u8).map(Seat).find(|&seat| {
            self.model_ids()
                .any(|m| self.waiting_to_deploy(m) && self.owner(m) == seat)
        })
    }

    /// The seat's models still to place and those it has placed, in model order.
    fn deployment_of(&self, seat: Seat) -> (Vec<ModelId>, Vec<ModelId>) {
        self.model_ids()
            .filter(|&m| self.deploys_with(m, seat))
            .partition(|&m| self.waiting_to_deploy(m))
    }

    /// FIELD-7: the deploying seat places its team.
    pub(crate) fn deploy_team_decision(&self, seat: Seat) -> Decision {
        let (to_place, placed) = self.deployment_of(seat);
        Decision {
            seat,
            kind: DecisionKind::DeployTeam {
                to_place,
                placed,
                placement: self.deployment_placement(seat),
            },
        }
    }

    /// Checks an answer to [`DecisionKind::DeployTeam`].
    pub(crate) fn prepare_deployment(
        &self,
        seat: Seat,
        cmd: &Command,
    ) -> Result<Prepared, RuleError> {
        match cmd {
            Command::Deploy { model, at } => {
                self.check_deployable(*model, seat)?;
                let placement = self.deployment_placement(seat);
                let others = self.bases_except(*model);
                self.check_spot(*model, &placement, *at, &others, Moment::Deployment)?;
                Ok(Prepared::Plain)
            }
            Command::EndDeployment => {
                let placement = self.deployment_placement(seat);
                let (to_place, _) = self.deployment_of(seat);
                match to_place.iter().find(|&&m| self.has_spot(m, &placement)) {
                    Some(&m) => refuse(
                        Rule::Field7,
                        format!(
                            "Deploy your whole team first: {} still has room to be placed",
                            self.profile(m).name
                        ),
                    ),
                    None => Ok(Prepared::Plain),
                }
            }
            _ => wrong(Rule::Field7, "the team to be deployed"),
        }
    }

    /// Whether `seat` may place `model` now: one of its own models the setup left for the
    /// deployment.
    fn check_deployable(&self, model: ModelId, seat: Seat) -> Result<(), RuleError> {
        let Some(m) = self.st.setup.models.get(model.index()) else {
            return refuse(Rule::Field7, "There is no such model");
        };
        let name = &m.profile.name;
        match m.entry {
            Entry::Deploy if m.owner == seat => Ok(()),
            Entry::Deploy => refuse(
                Rule::Field7,
                format!("{name} belongs to another player, who deploys it in turn"),
            ),
            Entry::Reserve => refuse(
                Rule::Field8,
                format!("{name} waits in Reserve and enters during the game"),
            ),
            Entry::SetAside => refuse(
                Rule::Drone8,
                format!("{name} is set aside until an effect deploys it"),
            ),
            Entry::Table => refuse(
                Rule::Field7,
                format!("{name} was set up on the table before the deployment"),
            ),
        }
    }

    /// Carries out a checked answer to [`DecisionKind::DeployTeam`].
    pub(crate) fn execute_deployment(&mut self, cmd: Command) {
        let Some(seat) = self.deploying() else {
            return;
        };
        match cmd {
            Command::Deploy { model, at } => self.emit(Event::Placed { model, at }),
            Command::EndDeployment => {
                let (left_out, _) = self.deployment_of(seat);
                for model in left_out {
                    self.emit(Event::NoRoomToDeploy { model });
                }
                self.emit(Event::DeploymentEnded { seat });
                match self.first_to_deploy(seat.0.saturating_add(1)) {
                    Some(next) => self.phase = Phase::Deploy { seat: next },
                    None => {
                        self.phase = Phase::AwaitControl;
                        self.settle_first_control();
                    }
                }
            }
            _ => {}
        }
    }

    /// The listed answers to [`DecisionKind::DeployTeam`]: the candidate spots of every
    /// model still to place; ending the deployment once no such spot is left. Placing a
    /// placed model again is legal but not listed, so random play deploys and goes on.
    pub(crate) fn deployment_commands(&self, seat: Seat, out: &mut Vec<Command>) {
        let placement = self.deployment_placement(seat);
        let (to_place, _) = self.deployment_of(seat);
        let before = out.len();
        for model in to_place {
            out.extend(
                self.placement_spots(model, &placement)
                    .into_iter()
                    .map(|at| Command::Deploy { model, at }),
            );
        }
        if out.len() == before {
            out.push(Command::EndDeployment);
        }
    }
}

impl Game {
    /// The answer `plan` gives to the deployment decision: the first placement in the plan
    /// of a model the deploying seat has still to place, or ending the seat's deployment
    /// once the plan places none of them. `None` outside the deployment. How a game reaches
    /// planned spots through the engine (see [`Setup::unplaced`]); each placement is still
    /// checked when applied.
    pub fn planned_placement(&self, plan: &[Command]) -> Option<Command> {
        let seat = self.deploying()?;
        let (to_place, _) = self.deployment_of(seat);
        let planned = plan.iter().find(|c| match c {
            Command::Deploy { model, .. } => to_place.contains(model),
            _ => false,
        });
        Some(planned.cloned().unwrap_or(Command::EndDeployment))
    }

    /// Answers every deployment decision from `plan` ([`Game::planned_placement`]) and
    /// returns the events, in order; the first placement the engine refuses stops it, with
    /// the game as it stood before that command.
    pub fn deploy_as_planned(&mut self, plan: &[Command]) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        while let Some(cmd) = self.planned_placement(plan) {
            events.extend(self.apply(cmd)?);
        }
        Ok(events)
    }
}

impl Setup {
    /// This setup with every model on the table left for the deployment before the game
    /// ([`Entry::Deploy`], FIELD-7), and the placements that put each back where it stands
    /// here, in model order: a game started from the first and deployed by the second
    /// ([`Game::deploy_as_planned`]) stands exactly as one started from this setup, its
    /// placements checked by the engine and recorded as commands.
    pub fn unplaced(&self) -> (Setup, Vec<Command>) {
        let mut setup = self.clone();
        let mut plan = Vec::new();
        let neutral = setup.third_force.as_ref().map(|f| f.seat);
        for (i, m) in setup.models.iter_mut().enumerate() {
            // THIRD-2: the third force stands where its setup put it; nobody deploys it.
            if m.entry == Entry::Table && Some(m.owner) != neutral {
                plan.push(Command::Deploy {
                    model: ModelId(i as u16),
                    at: m.position,
                });
                m.entry = Entry::Deploy;
                m.position = [0.0; 3];
            }
        }
        (setup, plan)
    }
}
