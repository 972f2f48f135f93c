//! The actions a scenario grants (FIELD-6), played through the ordinary action machinery
//! (tokens, Complex, rolls, Luck): searching a marker, picking one up, leaving the table
//! over an exit edge. Also what happens to carried markers when the carrier is taken out,
//! and Gonk reinforcements going back into Reserve.

use crate::actions::ActionCtx;
use crate::ids::{ModelId, Seat};
use crate::protocol::command::Target;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::{ActionDef, Keyword, RangeSpec, Skill, TargetKind};
use crate::setup::scenario::{
    self, ACTION_COUNT, Corner, DeploymentZone, Edge, ExitEdge, ScenarioRules, SpecialRule,
    WinCondition,
};
use crate::state::Game;
use redline_battlespace::Hypot;

const ALL_EDGES: [Edge; 4] = [Edge::North, Edge::South, Edge::West, Edge::East];

/// Shortest move toward an objective worth offering, in inches.
const MIN_GOAL_MOVE: f32 = 0.25;

fn scenario_def(id: &str, name: &str, skill: Option<Skill>, target: TargetKind) -> ActionDef {
    ActionDef {
        id: id.into(),
        name: name.into(),
        skill,
        range: (target == TargetKind::Object).then_some(RangeSpec::REACH),
        target,
        attack: false,
        keywords: Vec::new(),
        effects: Vec::new(),
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

/// The scenario actions this scenario grants, by index from [`scenario::ACTION_BASE`];
/// `None` where the scenario does not grant it.
pub(crate) fn scenario_actions(rules: &ScenarioRules) -> Vec<Option<ActionDef>> {
    let search = ActionDef {
        keywords: vec![Keyword::Complex],
        characters_only: true,
        works_on_drones: false,
        ..scenario_def(
            "scenario_search",
            "Search",
            Some(Skill::Tech),
            TargetKind::Object,
        )
    };
    let pick_up = ActionDef {
        characters_only: true,
        works_on_drones: false,
        ..scenario_def("scenario_pick_up", "Pick Up", None, TargetKind::Object)
    };
    let leave = scenario_def(
        "scenario_leave",
        "Leave the Table",
        None,
        TargetKind::SelfOnly,
    );
    let exits = rules.any_win(|w| {
        matches!(
            w,
            WinCondition::Escape { .. } | WinCondition::CarryMarkersOff { .. }
        )
    });
    let markers = !rules.markers.is_empty();
    vec![
        (markers && rules.has(|r| matches!(r, SpecialRule::SearchMarkers))).then_some(search),
        (markers && rules.has(|r| matches!(r, SpecialRule::CarryMarkers))).then_some(pick_up),
        exits.then_some(leave),
    ]
}

/// The edges a zone touches; a centre zone touches none.
fn zone_edges(zone: DeploymentZone) -> Vec<Edge> {
    match zone {
        DeploymentZone::Edge { edge, .. } => vec![edge],
        DeploymentZone::Corner { corner, .. } => match corner {
            Corner::NorthWest => vec![Edge::North, Edge::West],
            Corner::NorthEast => vec![Edge::North, Edge::East],
            Corner::SouthWest => vec![Edge::South, Edge::West],
            Corner::SouthEast => vec![Edge::South, Edge::East],
        },
        DeploymentZone::Centre { .. } => Vec::new(),
    }
}

fn opposite(edge: Edge) -> Edge {
    match edge {
        Edge::North => Edge::South,
        Edge::South => Edge::North,
        Edge::West => Edge::East,
        Edge::East => Edge::West,
    }
}

impl Game {
    /// Indices of the scenario actions granted in this game.
    pub fn scenario_action_ids(&self) -> impl Iterator<Item = u16> + '_ {
        (0..ACTION_COUNT)
            .filter(|&k| self.st.scenario_actions[usize::from(k)].is_some())
            .map(|k| scenario::ACTION_BASE + k)
    }

    /// The edges an exit condition names for a seat: its own zone's edges, the opposite
    /// ones, or a fixed edge. A seat without a zone (or with a centre zone) may use any.
    pub(crate) fn exit_edges(&self, seat: Seat, spec: ExitEdge) -> Vec<Edge> {
        let mut own: Vec<Edge> = Vec::new();
        for zone in self.st.setup.scenario.zones_of(seat) {
            for e in zone_edges(zone) {
                if !own.contains(&e) {
                    own.push(e);
                }
            }
        }
        let edges = match spec {
            ExitEdge::Fixed(e) => return vec![e],
            ExitEdge::OwnZone => own,
            ExitEdge::OppositeZone => own.into_iter().map(opposite).collect(),
        };
        if edges.is_empty() {
            ALL_EDGES.to_vec()
        } else {
            edges
        }
    }

    /// The edges `m` may leave the table over now, and why: any model at an Escape edge, a
    /// model carrying a marker at a CarryMarkersOff edge.
    fn leave_edges(&self, m: ModelId) -> Vec<Edge> {
        let seat = self.owner(m);
        let carrying = self.scen.markers.iter().any(|k| k.carrier == Some(m));
        let mut edges = Vec::new();
        for w in self.st.setup.scenario.win_for(seat) {
            let spec = match w {
                WinCondition::Escape { edge, .. } => edge,
                WinCondition::CarryMarkersOff { edge, .. } if carrying => edge,
                _ => continue,
            };
            for e in self.exit_edges(seat, spec) {
                if !edges.contains(&e) {
                    edges.push(e);
                }
            }
        }
        edges
    }

    /// Where a model might head for the scenario, for the move candidates: the exit edge
    /// when it may leave the table, else the nearest marker its team does not hold, else
    /// the middle of the nearest quarter its team does not hold, else beside the nearest
    /// rival Leader where taking it out wins (short of a marker by the reach to pick it up);
    /// `None` when there is nothing to head for or it is there.
    pub(crate) fn objective_goal(&self, m: ModelId) -> Option<[f32; 3]> {
        let me = self.base(m);
        let [x, y, z] = me.position;
        let r = me.radius;
        let table = *self.space().table();
        let team = self.team_of(self.owner(m));
        let nearest = |points: Vec<[f32; 2]>| {
            points.into_iter().min_by(|a, b| {
                (a[0] - x)
                    .hypot_exact(a[1] - z)
                    .total_cmp(&(b[0] - x).hypot_exact(b[1] - z))
            })
        };
        let rules = &self.st.setup.scenario;
        let edges = self.leave_edges(m);
        let (goal, stop) = if !edges.is_empty() {
            let inset = r + 0.25;
            let points = edges
                .iter()
                .map(|e| match e {
                    Edge::North => [x, inset],
                    Edge::South => [x, table.depth - inset],
                    Edge::West => [inset, z],
                    Edge::East => [table.width - inset, z],
                })
                .collect();
            (nearest(points)?, 0.0)
        } else if !self.scen.markers.is_empty() {
            let held = self.markers_held(team);
            let points = (0..self.scen.markers.len())
                .filter(|&k| {
                    let mk = &self.scen.markers[k];
                    mk.carrier.is_none()
                        && mk.carried_off_by.is_none()
                        && !held.contains(&(k as u8))
                })
                .map(|k| [self.scen.markers[k].at[0], self.scen.markers[k].at[2]])
                .collect();
            (nearest(points)?, r + 0.5)
        } else if rules
            .win_for(self.owner(m))
            .iter()
            .any(WinCondition::counts_quarters)
        {
            let holders = self.quarter_holders();
            let (qx, qz) = (table.width / 4.0, table.depth / 4.0);
            let centres = [
                [qx, qz],
                [3.0 * qx, qz],
                [qx, 3.0 * qz],
                [3.0 * qx, 3.0 * qz],
            ];
            let points = centres
                .into_iter()
                .zip(holders)
                .filter(|(_, h)| *h != Some(team))
                .map(|(c, _)| c)
                .collect();
            (nearest(points)?, 0.0)
        } else if rules
            .win_for(self.owner(m))
            .iter()
            .any(|w| matches!(w, WinCondition::TakeOutLeader))
        {
            let points = self
                .rival_leaders(team)
                .filter(|&o| self.in_play(o))
                .map(|o| {
                    let [x, _, z] = self.position(o);
                    [x, z]
                })
                .collect();
            (nearest(points)?, 2.0 * r + 0.5)
        } else {
            return None;
        };
        let (dx, dz) = (goal[0] - x, goal[1] - z);
        let dist = dx.hypot_exact(dz);
        let run = dist - stop;
        if run <= MIN_GOAL_MOVE || dist < 1e-3 {
            return None;
        }
        let k = run / dist;
        Some([x + dx * k, y, z + dz * k])
    }

    /// Markers on the ground within reach of `m` (GEN-7).
    pub(crate) fn markers_within_reach(&self, m: ModelId) -> Vec<u8> {
        let base = self.base(m);
        (0..self.scen.markers.len())
            .filter(|&k| {
                let mk = &self.scen.markers[k];
                mk.carrier.is_none()
                    && mk.carried_off_by.is_none()
                    && base.distance_to_point(mk.at) <= 1.0
            })
            .map(|k| k as u8)
            .collect()
    }

    /// The scenario-specific legality of a scenario action (FIELD-6).
    pub(crate) fn check_scenario_action(
        &self,
        m: ModelId,
        index: u16,
        target: &Target,
    ) -> Result<(), RuleError> {
        if index == scenario::LEAVE_TABLE {
            let edges = self.leave_edges(m);
            if edges.is_empty() {
                let why = if self.st.setup.scenario.sides.is_empty() {
                    "Only a model carrying a marker may leave the table in this scenario"
                } else {
                    "This model's side has no win condition that takes it off the table"
                };
                return refuse(Rule::Field6, why);
            }
            let table = self.space().table();
            let base = self.base(m);
            if !edges
                .iter()
                .any(|&e| table.distance_to_edge(&base, e) <= 1.0)
            {
                let names: Vec<&str> = edges.iter().map(|e| edge_name(*e)).collect();
                return refuse(
                    Rule::Field6,
                    format!(
                        "To leave the table the model must be within reach of the {} edge",
                        names.join(" or ")
                    ),
                );
            }
            if !self.brawling_with(m).is_empty() {
                return refuse(
                    Rule::Brawl4,
                    "A Brawling model must escape the Brawl before it can leave the table",
                );
            }
            return Ok(());
        }
        if !self.is_character(m) {
            return refuse(
                Rule::Field6,
                "Only characters can search or pick up markers",
            );
        }
        let Target::Marker(k) = *target else {
            return refuse(Rule::Act7, "Choose a marker");
        };
        let Some(mk) = self.scen.markers.get(usize::from(k)) else {
            return refuse(Rule::Field6, "There is no such marker");
        };
        if mk.carried_off_by.is_some() {
            return refuse(Rule::Field6, "That marker has been carried off the table");
        }
        if mk.carrier.is_some() {
            return refuse(Rule::Field6, "That marker is being carried");
        }
        if index == scenario::SEARCH && mk.searched {
            return refuse(Rule::Field6, "That marker has already been searched");
        }
        if self.base(m).distance_to_point(mk.at) > 1.0 {
            return refuse(Rule::Gen7, "The marker must be within reach");
        }
        Ok(())
    }

    /// A scenario action succeeded.
    pub(crate) fn scenario_action_result(&mut self, ctx: &ActionCtx) {
        let by = ctx.actor;
        match (ctx.action, ctx.marker) {
            (scenario::SEARCH, Some(marker)) => {
                self.emit(Event::MarkerSearched { marker, by });
                // BASIC-14: the same seeded draw as Loot Goods.
                self.draw_loot(by);
            }
            (scenario::PICK_UP, Some(marker)) => self.emit(Event::MarkerPickedUp { marker, by }),
            (scenario::LEAVE_TABLE, _) => {
                let table = *self.space().table();
                let base = self.base(by);
                let edge = self
                    .leave_edges(by)
                    .into_iter()
                    .find(|&e| table.distance_to_edge(&base, e) <= 1.0)
                    .unwrap_or(Edge::North);
                let markers: Vec<u8> = (0..self.scen.markers.len())
                    .filter(|&k| self.scen.markers[k].carrier == Some(by))
                    .map(|k| k as u8)
                    .collect();
                self.emit(Event::LeftTable {
                    model: by,
                    edge,
                    markers,
                });
            }
            _ => {}
        }
    }

    /// After a model is taken out: its markers drop where it fell, and a Gonk may go back
    /// into Reserve as a reinforcement.
    pub(crate) fn scenario_taken_out(&mut self, model: ModelId) {
        let at = self.position(model);
        for k in 0..self.scen.markers.len() {
            if self.scen.markers[k].carrier == Some(model) {
                self.emit(Event::MarkerDropped {
                    marker: k as u8,
                    at,
                });
            }
        }
        let seat = usize::from(self.owner(model).0);
        if self.is_gonk(model)
            && !self.profile(model).is_drone()
            && self.scen.reinforcements[seat] > 0
            && !self.scen.returned.contains(&model)
        {
            self.emit(Event::ReturnedToReserve { model });
        }
    }
}

/// An edge's name in player words.
pub(crate) fn edge_name(edge: Edge) -> &'static str {
    match edge {
        Edge::North => "north",
        Edge::South => "south",
        Edge::West => "west",
        Edge::East => "east",
    }
}

impl crate::state::Statics {
    /// The scenario action at `index`, if this scenario grants it.
    pub(crate) fn scenario_action(&self, index: u16) -> Option<&ActionDef> {
        let k = usize::from(index.checked_sub(scenario::ACTION_BASE)?);
        self.scenario_actions.get(k)?.as_ref()
    }
}
