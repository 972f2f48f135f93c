//! A construct's power burst (BOT-7): taken out by a wound on its Power token, it gives
//! every other model within reach a YELLOW Hazard.

use crate::ids::ModelId;
use crate::optional::hazard::HazardSource;
use crate::setup::card::Colour;
use crate::setup::construct::System;
use crate::state::Game;

impl Game {
    /// The models a wound on token `t` of `m` would burst over, if that wound takes `m` out
    /// through its Power token (BOT-7): every other model in play within reach. Empty for
    /// any other wound.
    pub(crate) fn power_burst_victims(&self, m: ModelId, t: u8) -> Vec<ModelId> {
        let power = self
            .construct(m)
            .and_then(|c| c.system(usize::from(t)))
            .is_some_and(|s| *s == System::Power);
        let red = self
            .tokens(m)
            .get(usize::from(t))
            .is_some_and(|tok| tok.colour == Colour::Red);
        if !power || !red {
            return Vec::new();
        }
        self.model_ids()
            .filter(|&o| o != m && self.in_play(o) && self.within_reach(m, o))
            .collect()
    }

    /// BOT-7: the burst's Hazards, rolled once the wound's other effects are over.
    pub(crate) fn power_burst(&mut self, victims: &[ModelId]) {
        if !victims.is_empty() {
            self.push_hazards(Colour::Yellow, HazardSource::PowerBurst, victims);
        }
    }
}
