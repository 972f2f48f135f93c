//! Leaping out (FIRE-13): a model in a burning compartment spends a Basic Move to leave
//! through one of that compartment's doors or windows and drops straight to the surface
//! below, with no Reflexes roll, taking falling damage for the height from the sill on the
//! token it spent (MOVE-19, WOUND-4). The command is a Basic Move aimed at the opening:
//! `Target::Scenery { part: wall, section: opening }`.

use redline_battlespace::SceneryId;

use super::FirePlace;
use crate::ids::ModelId;
use crate::protocol::command::Target;
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::route::{LegKind, RouteLeg};
use crate::protocol::rule::Rule;
use crate::setup::modules::Module;
use crate::state::Game;

impl Game {
    /// Whether a Basic Move aimed at scenery is a leap (FIRE-13): only with FIRE on.
    pub(crate) fn leaps(&self, action: u16) -> bool {
        action == crate::setup::basic::MOVE && self.module_on(Module::Fire)
    }

    /// The openings `m` may leap out through with `action` (FIRE-13): each door and window
    /// of the burning compartment it is in that leads out of the building (not one shared
    /// with the next room), where it has room to land. Empty with FIRE off.
    pub(crate) fn leap_targets(&self, m: ModelId, action: u16) -> Vec<Target> {
        if !self.leaps(action) || self.fires().is_empty() {
            return Vec::new();
        }
        let Some(c) = self.space().compartment_of(&self.base(m)) else {
            return Vec::new();
        };
        self.space()
            .compartment_openings(c)
            .into_iter()
            .map(|(SceneryId(part), k)| (part, k))
            .filter(|&(part, k)| self.check_leap(m, part, k).is_ok())
            .map(|(part, section)| Target::Scenery { part, section })
            .collect()
    }

    /// Checks a leap by `m` through opening `opening` of wall `part` (FIRE-13) and returns
    /// where it lands and the height it falls.
    pub(crate) fn check_leap(
        &self,
        m: ModelId,
        part: u32,
        opening: u8,
    ) -> Result<([f32; 3], f32), RuleError> {
        if self.construct(m).is_some() {
            return refuse(Rule::Fire13, "A construct never leaps out of a fire");
        }
        let space = self.space();
        let base = self.base(m);
        let Some(c) = space.compartment_of(&base) else {
            return refuse(
                Rule::Fire13,
                "Only a model in a burning compartment may leap out",
            );
        };
        if self.fire_at(FirePlace::compartment(c)).is_none() {
            return refuse(
                Rule::Fire13,
                "Only a model in a burning compartment may leap out",
            );
        }
        let leads_to = space.opening_compartments(SceneryId(part), opening);
        if !leads_to.contains(&c) {
            return refuse(
                Rule::Fire13,
                "A model leaps out through a door or window of its own compartment",
            );
        }
        if leads_to.len() > 1 {
            return refuse(
                Rule::Fire13,
                "That door leads into the next room: a model leaps out of the building",
            );
        }
        let Some((at, height)) = space.leap_landing(&base, SceneryId(part), opening) else {
            return refuse(Rule::Fire13, "That wall has no such door or window");
        };
        let others: Vec<_> = self
            .bases_in_play()
            .iter()
            .copied()
            .filter(|b| b.id != base.id)
            .collect();
        if !space.can_place(&base.at(at), &others) {
            return refuse(Rule::Fire13, "There is no room to land below that opening");
        }
        Ok((at, height))
    }

    /// The leap (FIRE-13): the model goes out through the opening and drops to where it
    /// lands, with no roll; its move ends there. The fall hurts on the token spent.
    pub(crate) fn leap(&mut self, m: ModelId, token: Option<u8>, (at, height): ([f32; 3], f32)) {
        let from = self.position(m);
        let sill = [at[0], at[1] + height, at[2]];
        self.emit(Event::Moved {
            model: m,
            from,
            to: at,
            route: vec![
                RouteLeg {
                    to: sill,
                    kind: LegKind::Walk,
                },
                RouteLeg {
                    to: at,
                    kind: LegKind::Drop,
                },
            ],
        });
        self.fall(m, height, token); // MOVE-19, WOUND-4
    }
}
