//! Enclosed spaces (FIRE-9): an Ignite Blast whose Impact token ends in an enclosed
//! compartment, or an Ignite Torrent that enters one, affects every model in it, and none
//! may escape the Blast (KW-7); then no model may enter that compartment until the end of
//! the lighter's next Inspire.

use redline_battlespace::{BuildingPlace, ModelBase};

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
    pub(crate) fn enclosed_blast(&self, ctx: &ActionCtx, at: [f32; 3]) -> Option<(u32, u8)> {
        if !self.module_on(Module::Fire) {
            return None;
        }
        self.action(ctx.actor, ctx.action).and_then(ignite_of)?;
        let token = ModelBase::new(u32::MAX, 0, at);
        match self.space().building_place(&token)? {
            BuildingPlace::In { building, storey }
                if self.space().storey_enclosed(building, storey) =>
            {
                Some((building, storey))
            }
            _ => None,
        }
    }

    /// The models in play (and Downed) in the compartment (MOD-9), in id order.
    pub(crate) fn models_in_compartment(&self, building: u32, storey: u8) -> Vec<ModelId> {
        let place = Some(BuildingPlace::In { building, storey });
        self.model_ids()
            .filter(|&m| self.in_play(m) || self.is_downed(m))
            .filter(|&m| self.space().building_place(&self.base(m)) == place)
            .collect()
    }

    /// FIRE-9: the models an Ignite Torrent of `m` aimed at `t` also targets: every model in
    /// each enclosed compartment its strip enters. Empty with FIRE off.
    pub(crate) fn torrent_enclosed_targets(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
    ) -> Vec<ModelId> {
        self.torrent_enclosed(m, def, t)
            .into_iter()
            .flat_map(|(b, s)| self.models_in_compartment(b, s))
            .filter(|&o| o != m && !self.immune_to(o, def))
            .collect()
    }

    /// The enclosed compartments an Ignite Torrent of `m` aimed at `t` enters (FIRE-9).
    pub(crate) fn torrent_enclosed(
        &self,
        m: ModelId,
        def: &ActionDef,
        t: ModelId,
    ) -> Vec<(u32, u8)> {
        if !self.module_on(Module::Fire) || ignite_of(def).is_none() {
            return Vec::new();
        }
        let range = def.range.map(|r| r.max_inches()).filter(|r| r.is_finite());
        self.space()
            .torrent_fuel(&self.base(m), self.position(t), range)
            .compartments
            .into_iter()
            .filter(|&(b, s)| self.space().storey_enclosed(b, s))
            .collect()
    }

    /// FIRE-9: the compartment is sealed by the fire `lighter`'s action filled it with.
    pub(crate) fn seal(&mut self, (building, storey): (u32, u8), lighter: Seat) {
        self.emit(Event::CompartmentSealed {
            building,
            storey,
            lighter,
        });
    }

    /// Whether no model may enter the compartment now (FIRE-9).
    pub fn is_sealed(&self, place: FirePlace) -> bool {
        match place {
            FirePlace::Compartment { building, storey } => self
                .fires
                .sealed
                .iter()
                .any(|s| s.building == building && s.storey == storey),
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
        for (building, storey) in meets.compartments {
            if self.is_sealed(FirePlace::Compartment { building, storey }) {
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
