//! Burning at Inspire (FIRE-10, MOPEN-5, MOPEN-7): at the start of each player's Inspire,
//! after its fires have rolled, each of its models that a fire reaches faces one Hazard of
//! the best colour among the fires that reach it.

use super::FirePlace;
use crate::ids::{ModelId, Seat};
use crate::optional::hazard::HazardSource;
use crate::setup::card::Colour;
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::{BuildingPlace, SceneryId, within_reach};

impl Game {
    /// The colour of the Hazard the fires give the model at an Inspire (FIRE-10): the best
    /// among the fires of its compartment, of the Inferno whose roof it stands on (GREEN),
    /// of the part it stands on and of the parts in no storey within reach of it; `None`
    /// when no fire reaches it.
    pub fn fire_reaching(&self, m: ModelId) -> Option<Colour> {
        self.fire_reaching_at(m, self.position(m))
    }

    /// The colour of the Hazard the fires would give `m` at an Inspire were it standing at
    /// `at` ([`Game::fire_reaching`] for a point it may move to); `None` when no fire
    /// reaches it there.
    pub fn fire_reaching_at(&self, m: ModelId, at: [f32; 3]) -> Option<Colour> {
        if self.fires().is_empty() {
            return None;
        }
        let base = crate::geometry::Base {
            position: at,
            ..self.base(m)
        };
        let space = self.space();
        let place = space.building_place(&base);
        let room = space.compartment_of(&base).map(FirePlace::compartment);
        let on = space.standing_on(&base);
        let roof = match place {
            Some(BuildingPlace::On { building }) if self.is_inferno(building) => {
                Some(Colour::Green)
            }
            _ => None,
        };
        self.fires()
            .iter()
            .filter(|f| match f.place {
                FirePlace::Compartment { .. } => room == Some(f.place),
                FirePlace::Part(id) => {
                    on == Some(SceneryId(id))
                        || space
                            .distance_to_piece(&base, SceneryId(id))
                            .is_some_and(within_reach)
                }
            })
            .map(|f| f.colour)
            .chain(roof)
            .min() // GREEN sorts first: the best colour
    }

    /// The models in play a fire burning at `place` reaches at an Inspire (FIRE-10): those in
    /// the compartment, or standing on or within reach of the part; in id order.
    pub fn models_reached_by(&self, place: FirePlace) -> Vec<ModelId> {
        let space = self.space();
        self.model_ids()
            .filter(|&m| self.in_play(m))
            .filter(|&m| {
                let base = self.base(m);
                match place {
                    FirePlace::Compartment { .. } => {
                        space.compartment_of(&base).map(FirePlace::compartment) == Some(place)
                    }
                    FirePlace::Part(id) => {
                        space.standing_on(&base) == Some(SceneryId(id))
                            || space
                                .distance_to_piece(&base, SceneryId(id))
                                .is_some_and(within_reach)
                    }
                }
            })
            .collect()
    }

    /// FIRE-10: the start of `seat`'s Inspire, after the fire rolls: each of its models in
    /// play that a fire reaches faces one Hazard of that fire's colour (MOD-4); models of
    /// one colour go together (MOD-6). Nothing with FIRE off.
    pub(crate) fn burning_at_inspire(&mut self, seat: Seat) {
        if !self.module_on(Module::Fire) || self.fires().is_empty() {
            return;
        }
        let mut reached: Vec<(Colour, ModelId)> = self
            .model_ids()
            .filter(|&m| self.owner(m) == seat && self.in_play(m))
            .filter_map(|m| self.fire_reaching(m).map(|c| (c, m)))
            .collect();
        reached.sort();
        // Pushed worst colour first, so the GREEN Hazards resolve first.
        for colour in [Colour::Red, Colour::Yellow, Colour::Green] {
            let models: Vec<ModelId> = reached
                .iter()
                .filter(|(c, _)| *c == colour)
                .map(|(_, m)| *m)
                .collect();
            if !models.is_empty() {
                self.push_hazards(colour, HazardSource::Fire, &models);
            }
        }
    }
}
