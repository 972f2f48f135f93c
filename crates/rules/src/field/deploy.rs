//! Models entering play during the game: from Reserve the first time they are activated
//! (FIELD-8, FIELD-9, or the scenario's own entry rule), or deployed by an effect such as a
//! drone program (DRONE-8). The owner places the model (a [`DecisionKind::Deploy`]); every
//! proposed spot is checked here, and the candidate spots offered to bots and the UI come
//! from the same check. The deployment before the game (`deployment.rs`) sets models down
//! with the same checks and candidates.

use crate::field::ScenarioStep;
use crate::flow::Step;
use crate::geometry::{self, Base};
use crate::ids::ModelId;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::rule::Rule;
use crate::setup::scenario::{Area, Edge, Placement, ReserveEntry};
use crate::state::{Bases, Game};

/// Grid step of candidate spots, in inches.
const SPOT_STEP: f32 = 1.0;
/// Grid step of candidate spots anywhere on the table, in inches.
const OPEN_STEP: f32 = 2.0;
/// Most candidate spots offered for one placement (spread evenly over all legal ones).
const MAX_SPOTS: usize = 24;
/// FIELD-9: more than GREEN from every rival...
const CLEAR_OF_RIVALS: f32 = 12.0;
/// ...or within RED of a friendly model.
const NEAR_FRIEND: f32 = 3.0;

impl Game {
    /// Where a model of this game enters from Reserve: the scenario's rule, else FIELD-9.
    pub(crate) fn reserve_placement(&self, model: ModelId) -> Placement {
        let scenario = &self.st.setup.scenario;
        // COOP-3: a wave comes in wherever its zone is, rivals or not.
        if let Some(zone) = scenario.wave_of(model).and_then(|w| w.zone) {
            return Placement {
                area: Area::Zone(zone),
                keep_clear: false,
            };
        }
        let area = match scenario.reserves {
            ReserveEntry::AnyEdge => Area::AnyEdge,
            ReserveEntry::OwnZone => scenario
                .seat_area(self.owner(model))
                .unwrap_or(Area::AnyEdge),
            ReserveEntry::Zone(z) => Area::Zone(z),
        };
        Placement {
            area,
            keep_clear: true,
        }
    }

    /// FIELD-9: the activated model is in Reserve, so it is placed before anything else.
    pub(crate) fn reserve_decision(&self, model: ModelId) -> Decision {
        Decision {
            seat: self.owner(model),
            kind: DecisionKind::Deploy {
                model,
                placement: self.reserve_placement(model),
            },
        }
    }

    /// Whether a model in Reserve could enter now (some candidate spot is legal).
    pub(crate) fn can_enter(&self, model: ModelId) -> bool {
        !self.wave_waiting(model) && self.has_spot(model, &self.reserve_placement(model))
    }

    /// COOP-2: the model belongs to a wave whose owner has not yet finished the wave's
    /// Inspires, so it stays in Reserve. Never true outside a co-op game.
    pub(crate) fn wave_waiting(&self, model: ModelId) -> bool {
        self.st.setup.scenario.wave_of(model).is_some_and(|w| {
            self.in_reserve(model) && self.inspires(self.owner(model)) < w.after_inspires
        })
    }

    /// DRONE-8: an effect deploys `model` (set aside or in Reserve); its owner places it
    /// under `placement` before the effect's resolution goes on. With no legal spot the
    /// model stays off the table ([`crate::Event::NoRoomToDeploy`]).
    ///
    /// The engine facility for effects that deploy models (drone programs call it); until
    /// such an effect is merged only the tests below use it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn request_deploy(&mut self, model: ModelId, placement: Placement) {
        self.stack
            .push(Step::Scenario(ScenarioStep::Deploy { model, placement }));
    }

    /// Checks one proposed spot for `model`, entering play under `placement`.
    pub(crate) fn check_placement(
        &self,
        model: ModelId,
        placement: &Placement,
        at: [f32; 3],
    ) -> Result<(), RuleError> {
        if model.index() >= self.models.len() {
            return refuse(Rule::Field9, "There is no such model");
        }
        if self.in_play(model) {
            return refuse(Rule::Field9, "That model is already on the table");
        }
        self.check_wave_entry(model, at)?;
        let others = self.bases_except(model);
        self.check_spot(model, placement, at, &others, Moment::Entry)
    }

    /// COOP-2, COOP-3: a wave model enters only once its wave is due, and wholly inside the
    /// wave's zone.
    pub(crate) fn check_wave_entry(&self, model: ModelId, at: [f32; 3]) -> Result<(), RuleError> {
        let Some(wave) = self.st.setup.scenario.wave_of(model) else {
            return Ok(());
        };
        if self.wave_waiting(model) {
            return refuse(
                Rule::Coop2,
                format!(
                    "That model comes with a later wave: its player must first finish {} \
                     Inspires",
                    wave.after_inspires
                ),
            );
        }
        let base = self.base(model).at(at);
        match wave.zone {
            Some(zone)
                if at.iter().all(|v| v.is_finite())
                    && !self.space().table().in_zone(&base, zone) =>
            {
                refuse(
                    Rule::Coop3,
                    "A wave is set down wholly inside its entry zone",
                )
            }
            _ => Ok(()),
        }
    }

    /// The bases in play but `model`'s own: what a model set down (or set down again, in
    /// the deployment before the game) must keep clear of.
    pub(crate) fn bases_except(&self, model: ModelId) -> Bases {
        let mut others = self.bases_in_play();
        others.retain(|b| b.id != u32::from(model.0));
        others
    }

    /// Whether `model` may stand at `at` under `placement`, clear of `others` (the bases in
    /// play but its own); the first rule broken if not. The same checks whenever a model is
    /// set down; `moment` says which rule an area refusal cites.
    pub(crate) fn check_spot(
        &self,
        model: ModelId,
        placement: &Placement,
        at: [f32; 3],
        others: &[Base],
        moment: Moment,
    ) -> Result<(), RuleError> {
        if !at.iter().all(|v| v.is_finite()) {
            return refuse(Rule::Field7, "That is not a place on the table");
        }
        let base = self.base(model).at(at);
        let table = self.space().table();
        if !table.contains_base(&base) {
            return refuse(Rule::Field7, "The whole base must be on the table");
        }
        match placement.area {
            Area::AnyEdge if !table.near_an_edge(&base) => {
                return refuse(
                    Rule::Field9,
                    "A model entering from Reserve is set down within reach of a table edge",
                );
            }
            Area::Zone(_) | Area::AnyZone(_) if !in_area_zone(table, &base, &placement.area) => {
                return match moment {
                    Moment::Deployment => refuse(
                        Rule::Field7,
                        "The model must be set down wholly inside its player's deployment zone",
                    ),
                    Moment::Entry => refuse(
                        Rule::Field9,
                        "The model must be set down wholly inside the scenario's entry zone",
                    ),
                };
            }
            Area::NearModel { model: a, within }
                if a.index() >= self.models.len()
                    || !self.in_play(a)
                    || geometry::distance(&base, &self.base(a)) > within =>
            {
                return refuse(
                    Rule::Drone8,
                    format!("The model must be set down within {within}\" of {a}"),
                );
            }
            _ => {}
        }
        if others.iter().any(|o| o.overlaps(&base)) {
            return refuse(Rule::Move4, "The base would overlap another model's base");
        }
        if !self.space().can_place(&base, others) {
            return refuse(
                Rule::Field7,
                "The model can't stand there: the spot is inside scenery or off its surface",
            );
        }
        if placement.keep_clear && !self.clear_of_rivals(model, &base, others) {
            return refuse(
                Rule::Field9,
                "Set it down more than GREEN from every rival, or within RED of a friendly model",
            );
        }
        Ok(())
    }

    /// FIELD-9: more than GREEN from every rival, or within RED of a friendly model.
    fn clear_of_rivals(&self, model: ModelId, base: &Base, others: &[Base]) -> bool {
        let near = |o: &Base, d: f32| geometry::within(base, o, d);
        let id = |o: &Base| geometry::model_of(o);
        // Bases carry their model's team (`Game::base`), so a rival's base has another team
        // (GEN-4); asked for every candidate spot of a placement search.
        let team = self.model_team(model).0;
        let rival_close = others
            .iter()
            .any(|o| o.team != team && near(o, CLEAR_OF_RIVALS));
        let friend_near = others
            .iter()
            .any(|o| id(o) != model && o.team == team && near(o, NEAR_FRIEND));
        !rival_close || friend_near
    }

    /// Legal candidate spots for a placement, at most [`MAX_SPOTS`], spread over all of
    /// them; the order is fixed.
    pub(crate) fn placement_spots(&self, model: ModelId, placement: &Placement) -> Vec<[f32; 3]> {
        let others = self.bases_except(model);
        let legal: Vec<[f32; 3]> = self
            .raw_spots(model, placement, &others)
            .into_iter()
            .filter(|&p| self.spot_ok(model, placement, p, &others))
            .collect();
        if legal.len() <= MAX_SPOTS {
            return legal;
        }
        (0..MAX_SPOTS)
            .map(|i| legal[i * legal.len() / MAX_SPOTS])
            .collect()
    }

    /// Whether any candidate spot is legal.
    ///
    /// Asked for every character in Reserve at each Control decision (CTRL-2, FIELD-9), so
    /// it stops at the first legal spot and finds each spot's height only when it reaches it.
    pub(crate) fn has_spot(&self, model: ModelId, placement: &Placement) -> bool {
        let others = self.bases_except(model);
        let ok = |p: [f32; 3]| self.spot_ok(model, placement, p, &others);
        match self.raw_ground(model, placement, &others) {
            RawSpots::Placed(spots) => spots.into_iter().any(ok),
            RawSpots::Ground(xz) => xz.into_iter().any(|[x, z]| ok(self.on_surface(x, z))),
        }
    }

    /// Whether `model` may be set down at `at`: exactly `check_spot(..).is_ok()`, with two
    /// of its conditions (no overlap, and FIELD-9's clear of rivals) tested first as a quick
    /// refusal, since they turn most candidate spots away for less than the scenery test
    /// costs. Only the searches use it; a player's proposed spot gets the full check and its
    /// first refusal in the rules' order.
    fn spot_ok(
        &self,
        model: ModelId,
        placement: &Placement,
        at: [f32; 3],
        others: &[Base],
    ) -> bool {
        if model.index() < self.models.len() && at.iter().all(|v| v.is_finite()) {
            let base = self.base(model).at(at);
            if others.iter().any(|o| o.overlaps(&base))
                || (placement.keep_clear && !self.clear_of_rivals(model, &base, others))
            {
                return false;
            }
        }
        self.check_spot(model, placement, at, others, Moment::Entry)
            .is_ok()
    }

    /// A point of the table at the height of the surface there.
    fn on_surface(&self, x: f32, z: f32) -> [f32; 3] {
        [x, self.space().surface_height_at(x, z), z]
    }

    /// Unchecked candidates on the surface for the area, clear of `others` where the area
    /// is a zone.
    fn raw_spots(&self, model: ModelId, placement: &Placement, others: &[Base]) -> Vec<[f32; 3]> {
        match self.raw_ground(model, placement, others) {
            RawSpots::Placed(spots) => spots,
            RawSpots::Ground(xz) => xz.into_iter().map(|[x, z]| self.on_surface(x, z)).collect(),
        }
    }

    /// [`Game::raw_spots`] in order, with the heights of spots on the table's surface left
    /// to find.
    fn raw_ground(&self, model: ModelId, placement: &Placement, others: &[Base]) -> RawSpots {
        let r = self.st.radius[model.index()];
        let table = *self.space().table();
        let mut xz: Vec<[f32; 2]> = Vec::new();
        let run = |from: f32, to: f32, step: f32| {
            let n = ((to - from) / step).floor().max(0.0) as usize;
            (0..=n).map(move |i| from + i as f32 * step)
        };
        match placement.area {
            Area::AnyEdge => {
                // Touching the edge, and half an inch in (still within reach).
                for inset in [r, r + 0.5] {
                    for edge in [Edge::North, Edge::South, Edge::West, Edge::East] {
                        match edge {
                            Edge::North | Edge::South => {
                                let z = if edge == Edge::North {
                                    inset
                                } else {
                                    table.depth - inset
                                };
                                xz.extend(run(r, table.width - r, SPOT_STEP).map(|x| [x, z]));
                            }
                            Edge::West | Edge::East => {
                                let x = if edge == Edge::West {
                                    inset
                                } else {
                                    table.width - inset
                                };
                                xz.extend(run(r, table.depth - r, SPOT_STEP).map(|z| [x, z]));
                            }
                        }
                    }
                }
            }
            Area::Zone(zone) => {
                return RawSpots::Placed(
                    self.space().placements_in_zone(zone, r, SPOT_STEP, others),
                );
            }
            Area::AnyZone(zones) => {
                let mut spots: Vec<[f32; 3]> = Vec::new();
                for zone in zones.into_iter().flatten() {
                    for p in self.space().placements_in_zone(zone, r, SPOT_STEP, others) {
                        if !spots.contains(&p) {
                            spots.push(p);
                        }
                    }
                }
                return RawSpots::Placed(spots);
            }
            Area::NearModel { model: a, within } => {
                if a.index() < self.models.len() && self.in_play(a) {
                    let [ax, _, az] = self.position(a);
                    let ra = self.st.radius[a.index()];
                    for gap in [0.1, within * 0.5, within - 0.05] {
                        let d = ra + r + gap.max(0.05);
                        for k in 0..16 {
                            let t = k as f32 * std::f32::consts::TAU / 16.0;
                            xz.push([ax + d * t.cos(), az + d * t.sin()]);
                        }
                    }
                }
            }
            Area::Anywhere => {
                for x in run(r, table.width - r, OPEN_STEP) {
                    xz.extend(run(r, table.depth - r, OPEN_STEP).map(|z| [x, z]));
                }
            }
        }
        xz.retain(|&[x, z]| table.contains_point(x, z));
        RawSpots::Ground(xz)
    }
}

/// Whether the base is wholly inside the area's zone, or inside any one of its zones
/// (FIELD-4, FIELD-7). Other areas pass here; they are checked on their own.
fn in_area_zone(table: &redline_battlespace::Table, base: &Base, area: &Area) -> bool {
    match *area {
        Area::Zone(zone) => table.in_zone(base, zone),
        Area::AnyZone(zones) => zones
            .into_iter()
            .flatten()
            .any(|zone| table.in_zone(base, zone)),
        _ => true,
    }
}

/// When a model is set down: the rule a refusal for the area cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moment {
    /// In the deployment before the game (FIELD-7).
    Deployment,
    /// Entering play during the game (FIELD-9, DRONE-8).
    Entry,
}

/// Candidate spots of a placement search, in order.
enum RawSpots {
    /// Spots with their heights found.
    Placed(Vec<[f32; 3]>),
    /// Points (x, z) on the table, each to be set on the surface there.
    Ground(Vec<[f32; 2]>),
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::geometry::open_table;
    use crate::ids::{Seat, TeamId};
    use crate::protocol::command::Command;
    use crate::protocol::event::Event;
    use crate::setup::card::{Colour, ModelKeyword, ModelProfile, Skills};
    use crate::setup::scenario::Entry;
    use crate::setup::{ModelSetup, PlayerSetup, Setup, Victory};

    fn profile(name: &str, drone: bool) -> ModelProfile {
        ModelProfile {
            card_id: name.to_lowercase(),
            name: name.to_owned(),
            keywords: if drone {
                vec![ModelKeyword::Drone]
            } else {
                Vec::new()
            },
            tokens: if drone {
                Vec::new()
            } else {
                vec![Colour::Green, Colour::Yellow]
            },
            gonk_colour: drone.then_some(Colour::Yellow),
            skills: Skills::default(),
            card_armor: 0,
            cards: Vec::new(),
            programs: Vec::new(),
            luck: 0,
            actions: Vec::new(),
            defenses: Vec::new(),
            stars: 0,
            base_mm: 27.0,
            construct: None,
        }
    }

    fn model(p: ModelProfile, seat: u8, at: [f32; 3], entry: Entry) -> ModelSetup {
        ModelSetup {
            profile: Arc::new(p),
            owner: Seat(seat),
            position: at,
            hacked: 0,
            entry,
        }
    }

    /// A Netrunner at (6, 6) with a drone set aside; a rival at (18, 18).
    fn game() -> Game {
        let setup = Setup {
            battlespace: open_table(24.0, 24.0),
            players: (0..2)
                .map(|s| PlayerSetup {
                    name: format!("P{s}"),
                    team: TeamId(s),
                    luck: Some(0),
                })
                .collect(),
            models: vec![
                model(profile("Runner", false), 0, [6.0, 0.0, 6.0], Entry::Table),
                model(profile("Drone", true), 0, [0.0; 3], Entry::SetAside),
                model(profile("Rival", false), 1, [18.0, 0.0, 18.0], Entry::Table),
            ],
            first_control: Seat(0),
            victory: Victory { turn_limit: None },
            loot_deck: Vec::new(),
            loaded_dice: Vec::new(),
            modules: Default::default(),
            scenario: Default::default(),
            third_force: None,
        };
        Game::new(setup, 3).expect("game")
    }

    #[test]
    fn drone_8_an_effect_deploys_a_set_aside_model_where_its_owner_places_it() {
        let mut g = game();
        let (runner, drone) = (ModelId(0), ModelId(1));
        assert!(!g.in_play(drone) && g.is_set_aside(drone));
        let placement = Placement {
            area: Area::NearModel {
                model: runner,
                within: 3.0,
            },
            keep_clear: false,
        };
        g.request_deploy(drone, placement);
        g.advance();
        let d = g.decision().expect("a decision").clone();
        assert_eq!(d.seat, Seat(0));
        assert_eq!(
            d.kind,
            DecisionKind::Deploy {
                model: drone,
                placement
            }
        );
        // Every offered spot is within RED of the Netrunner.
        let offered = g.legal_commands();
        assert!(!offered.is_empty());
        for c in &offered {
            let Command::Deploy { at, .. } = c else {
                panic!("only placements are offered, got {c:?}");
            };
            assert!(geometry::distance(&g.base(drone).at(*at), &g.base(runner)) <= 3.0);
        }
        // Too far, or on top of the Netrunner: refused, nothing changes.
        let hash = g.state_hash();
        let far = Command::Deploy {
            model: drone,
            at: [15.0, 0.0, 6.0],
        };
        assert_eq!(g.check(&far).unwrap_err().rule, Rule::Drone8);
        let on_top = Command::Deploy {
            model: drone,
            at: [6.5, 0.0, 6.0],
        };
        assert_eq!(g.apply(on_top).unwrap_err().rule, Rule::Move4);
        assert_eq!(g.state_hash(), hash);
        // A legal spot: it enters, and the game goes on to Control being taken.
        let at = [8.0, 0.0, 6.0];
        let ev = g
            .apply(Command::Deploy { model: drone, at })
            .expect("legal");
        assert_eq!(
            ev[0],
            Event::Deployed {
                model: drone,
                at,
                from_reserve: false
            }
        );
        assert!(g.in_play(drone) && !g.is_set_aside(drone));
        assert_eq!(g.position(drone), at);
        assert!(matches!(
            g.decision().map(|d| &d.kind),
            Some(DecisionKind::TakeControl { .. })
        ));
    }

    #[test]
    fn drone_8_with_no_room_the_model_stays_set_aside() {
        let mut g = game();
        let placement = Placement {
            area: Area::NearModel {
                model: ModelId(2),
                within: 3.0,
            },
            // FIELD-9's distance rule round a rival can't be met next to it.
            keep_clear: true,
        };
        g.request_deploy(ModelId(1), placement);
        g.events.clear();
        g.advance();
        assert!(
            g.events
                .contains(&Event::NoRoomToDeploy { model: ModelId(1) })
        );
        assert!(g.is_set_aside(ModelId(1)));
        assert!(matches!(
            g.decision().map(|d| &d.kind),
            Some(DecisionKind::TakeControl { .. })
        ));
    }
}
