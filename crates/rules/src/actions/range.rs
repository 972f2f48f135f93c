//! Whether an action reaches a target by distance alone: its range card (ACT-5, ACT-6,
//! GEN-7) and the scenario's band limit on targets (FIELD-6). The engine refuses a target
//! out of either; the AI asks this to rate shots it could really take.

use crate::Game;
use crate::setup::card::{ActionDef, Band};

impl Game {
    /// Whether `def` may target a model `inches` away (closest points of bases, OPEN-1) as
    /// far as distance goes: within its range (ACT-5, ACT-6, reach only GEN-7) and, where
    /// the scenario limits targets to a band, not beyond it (FIELD-6). An action with no
    /// range card reaches any distance the scenario allows. Paths of Attack and every other
    /// targeting rule are checked apart ([`Game::legal_commands`]).
    pub fn reaches(&self, def: &ActionDef, inches: f32) -> bool {
        def.range.is_none_or(|r| r.allows(inches)) && self.band_allows(inches)
    }

    /// Whether the scenario's band limit on targets (FIELD-6) allows a target `inches` away.
    pub fn band_allows(&self, inches: f32) -> bool {
        self.st
            .setup
            .scenario
            .max_range()
            .is_none_or(|band| Band::of_distance(inches) <= band)
    }
}
