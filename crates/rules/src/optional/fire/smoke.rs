//! Smoke and crossing fire (FIRE-11, FIRE-12): each burning part or compartment a Path of
//! Attack enters adds +1 to the target's Opposed Roll, a scenery target's too (the Obstacle
//! die's side of a Breach); a model that meets a fire while it
//! moves faces one Hazard of that fire's colour for each fire met. The geometry of what a
//! path or route meets is the battlespace's (`smoke.rs` there).

use super::FirePlace;
use crate::ids::ModelId;
use crate::optional::hazard::HazardSource;
use crate::setup::card::Colour;
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::{BuildingPlace, Compartment, ModelBase, SceneryId};

impl Game {
    /// FIRE-12: the burning parts and compartments the Path of Attack from `actor` to
    /// `target` enters or crosses, each adding +1 to the target's Opposed Roll on top of any
    /// cover. Smoke never blocks. The target's own burning compartment always counts; other
    /// burning scenery within reach of the actor doesn't (POA-9). Empty with FIRE off.
    pub fn smoke(&self, actor: ModelId, target: ModelId) -> Vec<FirePlace> {
        self.smoke_between(&self.base(actor), &self.base(target))
    }

    /// [`Game::smoke`] between two bases.
    pub(crate) fn smoke_between(&self, from: &ModelBase, to: &ModelBase) -> Vec<FirePlace> {
        if !self.module_on(Module::Fire) || self.fires().is_empty() {
            return Vec::new();
        }
        let space = self.space();
        let target_in = space.compartment_of(to).map(FirePlace::compartment);
        self.fires()
            .iter()
            .map(|f| f.place)
            .filter(|&place| match place {
                FirePlace::Part(id) => space.path_meets_part(from, to, SceneryId(id)),
                FirePlace::Compartment { .. } => {
                    let c = place.as_compartment().expect("a compartment");
                    target_in == Some(place)
                        || (!space.within_reach_of_compartment(from, c)
                            && space.path_meets_compartment(from, to, c))
                }
            })
            .collect()
    }

    /// FIRE-12 for an action aimed at scenery (MOD-7, TERR-2): the burning parts and
    /// compartments the Path of Attack from `actor` to section `section` of part `part`
    /// enters or crosses, measured to the section's point nearest the actor as the path is
    /// (each adds +1 to the Obstacle die's side). The targeted part's own fire adds nothing,
    /// the path ending at it; the burning compartment the section stands in counts, as a
    /// target's own compartment does; other burning scenery within reach of the actor
    /// doesn't (POA-9). Empty with FIRE off.
    pub fn smoke_to_scenery(&self, actor: ModelId, part: u32, section: u8) -> Vec<FirePlace> {
        if !self.module_on(Module::Fire) || self.fires().is_empty() {
            return Vec::new();
        }
        let from = self.base(actor);
        let Some(to) = self.space().section_aim(&from, SceneryId(part), section) else {
            return Vec::new();
        };
        let mut smoke = self.smoke_between(&from, &to);
        smoke.retain(|&place| place != FirePlace::Part(part));
        smoke
    }

    /// FIRE-12's modifier to the target's Opposed Roll: +1 per burning place on the path.
    pub(crate) fn smoke_modifier(&self, from: &ModelBase, to: &ModelBase) -> i16 {
        self.smoke_between(from, to).len() as i16
    }

    /// The fires a model meets walking from where it stands through `points` (FIRE-11):
    /// burning compartments it enters, the roof of an Inferno it steps onto, and burning
    /// parts in no storey it crosses, climbs or stands on. Empty with FIRE off.
    pub fn fires_met(&self, model: ModelId, points: &[[f32; 3]]) -> Vec<(FirePlace, Colour)> {
        if !self.module_on(Module::Fire) || self.fires().is_empty() || points.is_empty() {
            return Vec::new();
        }
        let base = self.base(model);
        let space = self.space();
        let parts: Vec<SceneryId> = self
            .fires()
            .iter()
            .filter_map(|f| match f.place {
                FirePlace::Part(id) => Some(SceneryId(id)),
                FirePlace::Compartment { .. } => None,
            })
            .collect();
        let compartments = self
            .fires()
            .iter()
            .any(|f| matches!(f.place, FirePlace::Compartment { .. }));
        let meets = space.route_meets(&base, points, &parts, compartments);
        let mut out: Vec<(FirePlace, Colour)> = Vec::new();
        for c in meets.compartments {
            let place = FirePlace::compartment(c);
            if let Some(f) = self.fire_at(place) {
                out.push((place, f.colour));
            }
        }
        for SceneryId(id) in meets.parts {
            if let Some(f) = self.fire_at(FirePlace::Part(id)) {
                out.push((f.place, f.colour));
            }
        }
        // The roof of an Inferno counts as burning (FIRE-8): stepping onto it from off it.
        let end = base.at(points[points.len() - 1]);
        if let Some(BuildingPlace::On { building }) = space.building_place(&end)
            && self.is_inferno(building)
            && space.building_place(&base) != Some(BuildingPlace::On { building })
        {
            let top = Compartment::storey(building, space.top_storey(building));
            out.push((FirePlace::compartment(top), Colour::Green));
        }
        out
    }

    /// FIRE-11: once `model`'s move has ended, one Hazard of each fire's colour for each
    /// fire it met on the way ([`Game::fires_met`], found before the move), MOD-4. Losing
    /// one doesn't undo the move.
    pub(crate) fn crossing_fire(&mut self, model: ModelId, met: &[(FirePlace, Colour)]) {
        // Pushed last fire first, so the first fire met is rolled first.
        for &(_, colour) in met.iter().rev() {
            self.push_hazards(colour, HazardSource::Fire, &[model]);
        }
    }
}
