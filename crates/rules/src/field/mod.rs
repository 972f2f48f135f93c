//! The changing side of a scenario: where each model is (on the table, in Reserve, set
//! aside, gone off an edge), the markers, what has been taken out and by whom, Inspires per
//! seat. Changed only by events (`apply_scenario_event`), like the rest of the state, and
//! hashed with it. Also the glue between the flow and the scenario's own decisions.

pub(crate) mod deploy;
mod deployment;
pub(crate) mod markers;
mod victory;

use serde::Serialize;

use crate::flow::{Prepared, Step};
use crate::ids::{ModelId, Seat};
use crate::protocol::command::Command;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::Setup;
use crate::setup::scenario::{Edge, Entry, Placement};
use crate::state::Game;

/// Where a model is, beyond "in play" (which `ModelState::in_play` says).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) enum Presence {
    /// On the table, or taken out from it.
    Table,
    /// In Reserve (FIELD-8).
    Reserve,
    /// Set aside until an effect deploys it (DRONE-8).
    SetAside,
    /// Left the table over this edge (a scenario exit).
    Left(Edge),
    /// Waiting to be placed in the deployment before the game (FIELD-7); one its seat found
    /// no room for stays so and takes no part in the game.
    Deploy,
}

/// An objective marker.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Marker {
    /// Where it lies when nobody carries it.
    pub at: [f32; 3],
    /// The model carrying it.
    pub carrier: Option<ModelId>,
    /// Searched already (each marker is searched once).
    pub searched: bool,
    /// Carried off the table by this model.
    pub carried_off_by: Option<ModelId>,
}

/// Work the scenario puts on the flow stack.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum ScenarioStep {
    /// The roll-off winner chooses who has Control first (CTRL-15).
    ChooseFirst { chooser: Seat, options: Vec<Seat> },
    /// An effect deploys a model; its owner places it (DRONE-8).
    #[cfg_attr(not(test), allow(dead_code))]
    Deploy {
        model: ModelId,
        placement: Placement,
    },
}

/// The scenario's state in a game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ScenarioState {
    pub presence: Vec<Presence>,
    pub markers: Vec<Marker>,
    /// Every model taken out, in order, with the model whose attack did it.
    pub taken_out: Vec<(ModelId, Option<ModelId>)>,
    /// Inspires finished, per seat.
    pub inspires: Vec<u8>,
    /// Gonk reinforcements left, per seat.
    pub reinforcements: Vec<u8>,
    /// Gonks that already came back once.
    pub returned: Vec<ModelId>,
    /// What happened before the first decision (roll-offs, first Control), for viewers.
    /// Derived from the setup and the seed, so not part of the state hash.
    #[serde(skip)]
    pub opening: Vec<Event>,
}

impl ScenarioState {
    pub fn new(setup: &Setup) -> ScenarioState {
        let space = &setup.battlespace;
        ScenarioState {
            presence: setup
                .models
                .iter()
                .map(|m| match m.entry {
                    Entry::Table => Presence::Table,
                    Entry::Reserve => Presence::Reserve,
                    Entry::SetAside => Presence::SetAside,
                    Entry::Deploy => Presence::Deploy,
                })
                .collect(),
            markers: setup
                .scenario
                .markers
                .iter()
                .map(|p| Marker {
                    at: [p[0], space.surface_height_at(p[0], p[2]), p[2]],
                    carrier: None,
                    searched: false,
                    carried_off_by: None,
                })
                .collect(),
            taken_out: Vec::new(),
            inspires: vec![0; setup.players.len()],
            reinforcements: vec![setup.scenario.gonk_reinforcements(); setup.players.len()],
            returned: Vec::new(),
            opening: Vec::new(),
        }
    }
}

impl Game {
    /// Whether the model waits in Reserve (FIELD-8).
    pub fn in_reserve(&self, model: ModelId) -> bool {
        self.scen.presence[model.index()] == Presence::Reserve
    }

    /// Whether the model is set aside for an effect to deploy (DRONE-8).
    pub fn is_set_aside(&self, model: ModelId) -> bool {
        self.scen.presence[model.index()] == Presence::SetAside
    }

    /// The edge the model left the table over, if it did.
    pub fn left_table(&self, model: ModelId) -> Option<Edge> {
        match self.scen.presence[model.index()] {
            Presence::Left(e) => Some(e),
            _ => None,
        }
    }

    /// Whether the model has been taken out (WOUND-9) and not come back.
    pub fn taken_out(&self, model: ModelId) -> bool {
        self.scen.presence[model.index()] == Presence::Table && !self.in_play(model)
    }

    /// Every objective marker, by index.
    pub fn markers(&self) -> &[Marker] {
        &self.scen.markers
    }

    /// Where a marker is now: with its carrier, or where it lies.
    pub fn marker_position(&self, marker: u8) -> [f32; 3] {
        let k = &self.scen.markers[usize::from(marker)];
        match k.carrier {
            Some(c) => self.position(c),
            None => k.at,
        }
    }

    /// Inspires a seat has finished.
    pub fn inspires(&self, seat: Seat) -> u8 {
        self.scen.inspires[usize::from(seat.0)]
    }

    /// Every model taken out so far, in order, with the model whose attack did it.
    pub fn taken_out_log(&self) -> &[(ModelId, Option<ModelId>)] {
        &self.scen.taken_out
    }

    /// What happened before the first decision: roll-offs and who has Control first
    /// (CTRL-15).
    pub fn opening_events(&self) -> &[Event] {
        &self.scen.opening
    }

    /// Whether the model is in the game: on the table or waiting in Reserve.
    pub(crate) fn still_playing(&self, model: ModelId) -> bool {
        // SEC-10: a sentry counts for nothing in the scenario's counts.
        (self.in_play(model) || self.in_reserve(model)) && !self.is_sentry(model)
    }

    /// The state change of a scenario event (called from `Game::apply_event`).
    pub(crate) fn apply_scenario_event(&mut self, ev: &Event) {
        match ev {
            Event::FirstControl { seat, .. } => self.control = *seat,
            Event::Deployed { model, at, .. } | Event::Placed { model, at } => {
                self.scen.presence[model.index()] = Presence::Table;
                let m = &mut self.models[model.index()];
                m.in_play = true;
                m.pos = *at;
            }
            Event::ReturnedToReserve { model } => {
                self.scen.presence[model.index()] = Presence::Reserve;
                let seat = usize::from(self.owner(*model).0);
                self.scen.reinforcements[seat] = self.scen.reinforcements[seat].saturating_sub(1);
                self.scen.returned.push(*model);
            }
            Event::MarkerSearched { marker, .. } => {
                self.scen.markers[usize::from(*marker)].searched = true
            }
            Event::MarkerPickedUp { marker, by } => {
                self.scen.markers[usize::from(*marker)].carrier = Some(*by)
            }
            Event::MarkerDropped { marker, at } => {
                let k = &mut self.scen.markers[usize::from(*marker)];
                k.carrier = None;
                k.at = *at;
            }
            Event::LeftTable {
                model,
                edge,
                markers,
            } => {
                self.scen.presence[model.index()] = Presence::Left(*edge);
                self.models[model.index()].in_play = false;
                for &k in markers {
                    let k = &mut self.scen.markers[usize::from(k)];
                    k.carrier = None;
                    k.carried_off_by = Some(*model);
                }
            }
            Event::InspireEnded { seat } => {
                let n = &mut self.scen.inspires[usize::from(seat.0)];
                *n = n.saturating_add(1);
            }
            Event::TakenOut { model, by, .. } => self.scen.taken_out.push((*model, *by)),
            _ => {}
        }
    }

    /// Checks a scenario command against the current decision.
    pub(crate) fn prepare_scenario(
        &self,
        kind: &DecisionKind,
        cmd: &Command,
    ) -> Result<Prepared, RuleError> {
        match (kind, cmd) {
            (DecisionKind::Deploy { model, placement }, Command::Deploy { model: m, at }) => {
                if m != model {
                    return refuse(
                        Rule::Field9,
                        format!("The game is waiting for {model} to be placed"),
                    );
                }
                self.check_placement(*model, placement, *at)?;
                Ok(Prepared::Plain)
            }
            (DecisionKind::Deploy { .. }, _) => refuse(
                Rule::Field9,
                "The game is waiting for the entering model to be placed",
            ),
            (DecisionKind::ChooseFirstControl { options }, Command::GiveFirstControl { seat }) => {
                if options.contains(seat) {
                    Ok(Prepared::Plain)
                } else {
                    refuse(Rule::Ctrl15, "Give first Control to a player at the table")
                }
            }
            (DecisionKind::ChooseFirstControl { .. }, _) => refuse(
                Rule::Ctrl15,
                "The game is waiting for the roll-off winner to choose who has Control first",
            ),
            (DecisionKind::InspireGonks { gonks }, Command::Deploy { model, at }) => {
                if model.index() < self.models.len() {
                    self.check_wave_entry(*model, *at)?; // COOP-2 before "already acted"
                }
                if !gonks.contains(model) {
                    return refuse(Rule::Ctrl10, "That Gonk has already acted in this Inspire");
                }
                if !self.in_reserve(*model) {
                    return refuse(
                        Rule::Field9,
                        "Only a model in Reserve is placed as it enters",
                    );
                }
                self.check_placement(*model, &self.reserve_placement(*model), *at)?;
                Ok(Prepared::Plain)
            }
            _ => refuse(Rule::Ctrl2, "That answer does not fit the decision"),
        }
    }

    /// Carries out a checked scenario command.
    pub(crate) fn execute_scenario(&mut self, cmd: Command) {
        match cmd {
            Command::Deploy { model, at } => {
                if matches!(
                    self.stack.last(),
                    Some(Step::Scenario(ScenarioStep::Deploy { model: m, .. })) if *m == model
                ) {
                    self.stack.pop();
                }
                let from_reserve = self.in_reserve(model);
                self.emit(Event::Deployed {
                    model,
                    at,
                    from_reserve,
                });
            }
            Command::GiveFirstControl { seat } => {
                if let Some(Step::Scenario(ScenarioStep::ChooseFirst { .. })) = self.stack.last() {
                    self.stack.pop();
                }
                self.emit(Event::FirstControl {
                    seat,
                    reason: crate::setup::scenario::FirstControlReason::RollOffChoice,
                });
            }
            _ => {}
        }
    }

    /// Works on a scenario step; returns its decision.
    pub(crate) fn step_scenario(&mut self, step: ScenarioStep) -> Option<Decision> {
        match step {
            ScenarioStep::ChooseFirst { chooser, options } => {
                let d = Decision {
                    seat: chooser,
                    kind: DecisionKind::ChooseFirstControl {
                        options: options.clone(),
                    },
                };
                self.stack.push(Step::Scenario(ScenarioStep::ChooseFirst {
                    chooser,
                    options,
                }));
                Some(d)
            }
            ScenarioStep::Deploy { model, placement } => {
                if self.in_play(model) {
                    return None;
                }
                if !self.has_spot(model, &placement) {
                    self.emit(Event::NoRoomToDeploy { model });
                    return None;
                }
                self.stack
                    .push(Step::Scenario(ScenarioStep::Deploy { model, placement }));
                Some(Decision {
                    seat: self.owner(model),
                    kind: DecisionKind::Deploy { model, placement },
                })
            }
        }
    }
}
