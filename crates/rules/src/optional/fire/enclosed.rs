//! Enclosed spaces (FIRE-9): an Ignite Blast whose Impact token ends in an enclosed
//! compartment, or an Ignite Torrent that enters one, affects every model in it, and none
//! may escape the Blast (KW-7); then no model may enter that compartment until the end of
//! the lighter's next Inspire.

use redline_battlespace::{Compartment, ModelBase};

use super::{FirePlace, ignite_of};
use crate::actions::ActionCtx;
use crate::ids::{ModelId, Seat};
use crate::protocol::error::{RuleError, refuse};
use crate::protocol::event::Event;
use crate::protocol::rule::Rule;
use crate::setup::card::ActionDef;
use crate::setup::modules::Module;
use crate::state::Game;

impl Game {
    /// The enclosed compartment an Ignite Blast's Impact token at `at` lies in (FIRE-9);
    /// `None` for any other action or place, and with FIRE off.
    pub(crate) fn enclosed_blast(&self, ctx: &ActionCtx, at: [f32; 3]) -> Option<Compartment> {
        if !self.module_on(Module::Fire) {
            return None;
        }
        self.action(ctx.actor, ctx.action).and_then(ignite_of)?;
        let token = ModelBase::new(u32::MAX, 0, at);
        self.space()
            .compartment_of(&token)
            .filter(|&c| self.space().compartment_enclosed(c))
    }

    /// The models in play (and Downed) in the compartment (MOD-9), in id order.
    pub(crate) fn models_in_compartment(&self, c: Compartment) -> Vec<ModelId> {
        self.model_ids()
            .filter(|&m| self.in_play(m) || self.is_downed(m))
            .filter(|&m| self.space().compartment_of(&self.base(m)) == Some(c))
            .collect()
    }

    /// FIRE-9: the models an Ignite Torrent of `m` whose strip runs toward `toward` also
    /// targets: every model in each enclosed compartment its strip enters. Empty with FIRE
    /// off.
    pub(crate) fn torrent_enclosed_targets(
        &self,
        m: ModelId,
        def: &ActionDef,
        toward: [f32; 3],
    ) -> Vec<ModelId> {
        self.torrent_enclosed(m, def, toward)
            .into_iter()
            .flat_map(|c| self.models_in_compartment(c))
            .filter(|&o| o != m && !self.immune_to(o, def))
            .collect()
    }

    /// The enclosed compartments an Ignite Torrent of `m` whose strip runs toward `toward`
    /// enters (FIRE-9).
    pub(crate) fn torrent_enclosed(
        &self,
        m: ModelId,
        def: &ActionDef,
        toward: [f32; 3],
    ) -> Vec<Compartment> {
        if !self.module_on(Module::Fire) || ignite_of(def).is_none() {
            return Vec::new();
        }
        let range = def.range.map(|r| r.max_inches()).filter(|r| r.is_finite());
        self.space()
            .torrent_fuel(&self.base(m), toward, range)
            .compartments
            .into_iter()
            .filter(|&c| self.space().compartment_enclosed(c))
            .collect()
    }

    /// FIRE-9: the compartment is sealed by the fire `lighter`'s action filled it with.
    pub(crate) fn seal(&mut self, c: Compartment, lighter: Seat) {
        self.emit(Event::CompartmentSealed {
            building: c.building,
            storey: c.storey,
            room: c.room,
            lighter,
        });
    }

    /// Whether no model may enter the compartment now (FIRE-9).
    pub fn is_sealed(&self, place: FirePlace) -> bool {
        match place {
            FirePlace::Compartment {
                building,
                storey,
                room,
            } => self
                .fires
                .sealed
                .iter()
                .any(|s| s.building == building && s.storey == storey && s.room == room),
            FirePlace::Part(_) => false,
        }
    }

    /// FIRE-9: refuses a move by `m` through `points` that enters a sealed compartment.
    pub(crate) fn check_not_sealed(
        &self,
        m: ModelId,
        points: &[[f32; 3]],
    ) -> Result<(), RuleError> {
        if self.fires.sealed.is_empty() || points.is_empty() {
            return Ok(());
        }
        let meets = self.space().route_meets(&self.base(m), points, &[], true);
        for c in meets.compartments {
            if self.is_sealed(FirePlace::compartment(c)) {
                return refuse(
                    Rule::Fire9,
                    "That compartment is full of fire: no model may enter it until the end of \
                     its lighter's next Inspire",
                );
            }
        }
        Ok(())
    }
}
