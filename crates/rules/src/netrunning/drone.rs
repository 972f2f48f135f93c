//! Drones (DRONE-1..DRONE-8, WOUND-17, LUCK-8, OPEN-39): deployed by a program onto the
//! table as new models, acting as their program says, defending with an unmodified
//! Obstacle die, immune to everything but attacks, out on any wound with no Body token.
//!
//! A deployed drone gets the next free [`ModelId`] after every model of the setup (and
//! every drone before it); its profile and owner come from the program that deployed it,
//! so nothing about it needs to be known when the game starts.

use crate::dice::Die;
use crate::flow::contest::Side;
use crate::geometry::{self, Base};
use crate::ids::{BodyId, ModelId, Seat};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::basic;
use crate::setup::card::{ActionDef, Band, Effect, ModelProfile, Skill};
use crate::setup::cards::CardId;
use crate::setup::program::{Reload, RunningEffect};
use crate::state::Game;

/// Whether an action works on drones (DRONE-4): attacks do, and so does any action whose
/// card says it works on drones ([`ActionDef::works_on_drones`]).
pub(crate) fn works_on_drones(def: &ActionDef) -> bool {
    def.attack || def.works_on_drones
}

/// The farthest a band reaches, in inches (GEN-6, OPEN-2).
pub(crate) fn band_inches(band: Band) -> f32 {
    match band {
        Band::Red => 3.0,
        Band::Yellow => 7.0,
        Band::Green => 12.0,
        Band::Long => f32::INFINITY,
    }
}

impl Game {
    /// The program card that deployed a model beyond the setup's.
    pub(crate) fn drone_card(&self, model: ModelId) -> CardId {
        self.drones[model.index() - self.st.setup.models.len()]
    }

    /// A deployed drone's profile: the one its program carries (DRONE-2).
    pub(crate) fn drone_profile(&self, model: ModelId) -> &ModelProfile {
        let card = self.drone_card(model);
        self.program_def(card)
            .and_then(|p| p.drone.as_deref())
            .expect("a deployed drone's program names its drone")
    }

    /// A deployed drone's owner: its Netrunner's (DRONE-5).
    pub(crate) fn drone_owner(&self, model: ModelId) -> Seat {
        let card = self.drone_card(model);
        let runner = self.st.cards[card.index()].origin.expect("program origin");
        self.owner(runner)
    }

    /// A model's base radius in inches.
    #[inline]
    pub(crate) fn radius(&self, model: ModelId) -> f32 {
        match self.st.radius.get(model.index()) {
            Some(r) => *r,
            None => geometry::radius_from_mm(self.profile(model).base_mm),
        }
    }

    /// Whether a model is a drone (DRONE-1).
    #[inline]
    pub(crate) fn is_drone(&self, model: ModelId) -> bool {
        match self.st.model_drone.get(model.index()) {
            Some(d) => *d,
            None => self.profile(model).is_drone(),
        }
    }

    /// Whether a drone acts when its team Inspires: a drone deployed by a program does if
    /// the program's Running side says so (DRONE-3); one placed at setup always does.
    pub(crate) fn drone_acts_at_inspire(&self, model: ModelId) -> bool {
        if model.index() < self.st.setup.models.len() {
            return !self.is_sentry(model); // SEC-10: a sentry takes no action at Inspire
        }
        self.program_def(self.drone_card(model))
            .is_some_and(|p| p.runs(|e| matches!(e, RunningEffect::DroneActsAtInspire)))
    }

    /// A drone's side of any Opposed Roll it makes as the opposer: the unmodified
    /// Obstacle die, no token and no Skill (DRONE-6, OPEN-39). Luck is never offered on it
    /// (LUCK-8, see `next_luck_offer`).
    pub(crate) fn drone_side(&self, model: ModelId, skill: Skill) -> Side {
        Side {
            seat: self.owner(model),
            model: Some(model),
            die: Die::Obstacle,
            base_modifier: 0,
            modifier: 0,
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

    /// DRONE-2: a drone moves and uses the actions its program gives it; the other basic
    /// actions are for characters and Gonks.
    pub(crate) fn check_drone_action(&self, model: ModelId, action: u16) -> Result<(), RuleError> {
        if self.is_drone(model)
            && ((action < basic::COUNT && action != basic::MOVE)
                || crate::setup::scenario::is_scenario_action(action))
        {
            return refuse(
                Rule::Drone2,
                "A drone only moves and uses the actions its program gives it",
            );
        }
        Ok(())
    }

    /// DRONE-4, OPEN-39: only attacks may target a drone, unless the action says it works
    /// on drones.
    pub(crate) fn check_drone_target(
        &self,
        target: ModelId,
        def: &ActionDef,
    ) -> Result<(), RuleError> {
        if self.immune_to(target, def) {
            return refuse(
                Rule::Drone4,
                format!(
                    "Drones are immune to {}: only attacks and actions that say they work on drones affect them",
                    def.name
                ),
            );
        }
        Ok(())
    }

    /// Whether the action leaves the model alone because it is a drone (DRONE-4): as its
    /// target, caught in its area (a Blast, a Torrent) or among the models its program
    /// names.
    pub(crate) fn immune_to(&self, model: ModelId, def: &ActionDef) -> bool {
        self.is_drone(model) && !works_on_drones(def)
    }

    /// Checks where a program's drone would be deployed (DRONE-8): within the band the
    /// effect names from the Netrunner, on the table or a top, in no scenery and on no
    /// other base (MOVE-4).
    pub(crate) fn check_deploy_point(
        &self,
        runner: ModelId,
        card: CardId,
        at: [f32; 3],
    ) -> Result<(), RuleError> {
        let Some(profile) = self.program_def(card).and_then(|p| p.drone.as_deref()) else {
            return refuse(Rule::Drone2, "That action deploys no drone");
        };
        let within = self.st.cards[card.index()]
            .def
            .actions
            .iter()
            .flat_map(|a| &a.effects)
            .find_map(|e| match e {
                Effect::DeployDrone { within, .. } => Some(*within),
                _ => None,
            })
            .unwrap_or(Band::Red);
        let base = Base {
            id: u32::MAX,
            team: self.team_of(self.owner(runner)).0,
            position: at,
            radius: geometry::radius_from_mm(profile.base_mm),
        };
        let d = geometry::distance(&self.base(runner), &base);
        if d > band_inches(within) {
            return refuse(
                Rule::Drone8,
                format!(
                    "The drone must be set down within {} of its Netrunner ({d:.1}\" away)",
                    within_name(within)
                ),
            );
        }
        if !self.space().can_place(&base, &self.bases_in_play()) {
            return refuse(
                Rule::Move4,
                "The drone can't be set down there: off the table, in scenery or on a base",
            );
        }
        Ok(())
    }

    /// DRONE-2, DRONE-8: the program's drone enters play at `at` as a new model.
    pub(crate) fn deploy_drone(&mut self, runner: ModelId, card: CardId, at: [f32; 3]) {
        let model = ModelId(self.models.len() as u16);
        self.emit(Event::DroneDeployed {
            model,
            by: runner,
            card,
            at,
        });
    }

    /// `Effect::Scavenge`: the drone strips the Body token for scrap, removing it (so no one
    /// loots it later, BASIC-15), and its team gains `luck` Luck tokens (DRONE-2).
    pub(crate) fn scavenge(&mut self, by: ModelId, body: Option<BodyId>, luck: u8) {
        let Some(body) = body.filter(|b| self.bodies.iter().any(|x| x.id == *b && !x.looted))
        else {
            return;
        };
        self.emit(Event::BodyScavenged { body, by });
        let seat = self.owner(by);
        let left = self.luck(seat).saturating_add(luck);
        self.emit(Event::LuckReturned { seat, left });
    }

    /// DRONE-7, WOUND-17: a drone is taken out with no Body token; a program that reloads
    /// when its drone goes turns back to Loaded (NET-10).
    pub(crate) fn drone_taken_out(&mut self, model: ModelId, by: Option<ModelId>) {
        self.emit(Event::DroneTakenOut { model, by });
        if model.index() < self.st.setup.models.len() {
            return;
        }
        let card = self.drone_card(model);
        let reloads = self
            .program_def(card)
            .is_some_and(|p| p.reload == Reload::WhenDroneTakenOut);
        let s = self.cards[card.index()];
        if reloads
            && s.status == crate::setup::cards::CardStatus::Running
            && let Some(holder) = s.holder
        {
            self.emit(Event::ProgramReloaded {
                model: holder,
                card,
            });
        }
    }
}

fn within_name(band: Band) -> &'static str {
    match band {
        Band::Red => "RED",
        Band::Yellow => "YELLOW",
        Band::Green => "GREEN",
        Band::Long => "any distance",
    }
}
