//! The fire clock (FIRE-5..FIRE-8, FIRE-14, MOPEN-5, MOPEN-6): at the start of each Inspire
//! of a fire's lighter the fire rolls its colour's die plus its Fuel against the Obstacle
//! die; it goes out on a loss or a tie, spreads on a win, and turns its building into an
//! Inferno on a Crit or a win by 5 or more. Infernos spread with no roll.

use super::{Fire, FirePlace};
use crate::dice::{Die, SideRoll, actor_wins};
use crate::ids::Seat;
use crate::protocol::event::{DieResult, Event};
use crate::setup::card::Colour;
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::SceneryId;

/// How far above the Obstacle die's total a winning fire must be to become an Inferno
/// without a Crit (FIRE-6).
pub const INFERNO_MARGIN: i16 = 5;

impl Game {
    /// The Fuel of a burning place (FIRE-4): a part's own, a compartment's from its parts;
    /// 0 when the place has left the table.
    pub fn fuel_of(&self, place: FirePlace) -> u8 {
        match place {
            FirePlace::Part(id) => self.space().piece(SceneryId(id)).and_then(|p| p.fuel),
            FirePlace::Compartment {
                building, storey, ..
            } => self
                .space()
                .storey_parts(building, storey)
                .iter()
                .filter_map(|p| p.fuel)
                .max(),
        }
        .unwrap_or(0)
    }

    /// The start of `seat`'s Inspire under FIRE (FIRE-5, FIRE-8, MOPEN-5): its Infernos
    /// spread, then each of its fires that is not an Inferno and was burning when the
    /// Inspire began makes one fire roll, in the order they caught (the lighter's choice of
    /// order is not offered yet). Nothing with FIRE off.
    pub(crate) fn fires_at_inspire(&mut self, seat: Seat) {
        if !self.module_on(Module::Fire) {
            return;
        }
        // Fires that catch during this Inspire, from an Inferno or a spread, roll next time.
        let rolling: Vec<FirePlace> = self
            .fires()
            .iter()
            .filter(|f| f.lighter == seat && !self.in_inferno(f.place))
            .map(|f| f.place)
            .collect();
        for building in self.infernos_lit_by(seat) {
            self.inferno_spreads(building, seat);
        }
        for place in rolling {
            let Some(fire) = self.fire_at(place).copied() else {
                continue; // went out since
            };
            if !self.in_inferno(place) {
                self.fire_roll(fire);
            }
        }
    }

    /// One fire roll (FIRE-5, FIRE-6): nobody may spend Luck on either die.
    fn fire_roll(&mut self, fire: Fire) {
        let fire_side = SideRoll {
            die: Die::Action(fire.colour),
            face: self.dice.roll(Die::Action(fire.colour)),
            modifier: i16::from(self.fuel_of(fire.place)),
        };
        let obstacle = SideRoll {
            die: Die::Obstacle,
            face: self.dice.roll(Die::Obstacle),
            modifier: 0,
        };
        let result = |r: &SideRoll| DieResult {
            model: None,
            seat: fire.lighter,
            die: r.die,
            face: r.face,
            modifier: r.modifier,
            total: r.total(),
        };
        self.emit(Event::Rolled {
            dice: vec![result(&fire_side), result(&obstacle)],
        });
        if !actor_wins(&fire_side, &obstacle) {
            self.emit(Event::FireOut { place: fire.place }); // FIRE-6, FIRE-14
            return;
        }
        let big = fire_side.is_crit() || fire_side.total() - obstacle.total() >= INFERNO_MARGIN;
        match fire.place {
            FirePlace::Compartment { building, .. } if big => {
                self.start_inferno(building, fire.lighter) // FIRE-6, FIRE-8
            }
            _ => self.spread(fire), // FIRE-6, FIRE-7
        }
    }

    /// FIRE-7: a fire that won its roll sets alight what it reaches, with its colour and
    /// lighter. A compartment reaches the compartment directly above it and every room of
    /// its storey that shares a door, window or hole with it; a part in no storey reaches
    /// every flammable part in no storey within reach of it and every compartment with an
    /// opening within reach of it.
    fn spread(&mut self, fire: Fire) {
        let space = self.space();
        let catches: Vec<FirePlace> = match fire.place {
            FirePlace::Compartment { .. } => {
                let c = fire.place.as_compartment().expect("a compartment");
                space
                    .compartment_above(c)
                    .into_iter()
                    .chain(space.compartments_sharing_openings(c))
                    .map(FirePlace::compartment)
                    .collect()
            }
            FirePlace::Part(id) => {
                let parts = space
                    .flammable_parts_within_reach_of(SceneryId(id))
                    .into_iter()
                    .map(|SceneryId(p)| FirePlace::Part(p));
                let compartments = space
                    .compartments_with_openings_within_reach_of(SceneryId(id))
                    .into_iter()
                    .map(FirePlace::compartment);
                parts.chain(compartments).collect()
            }
        };
        for place in catches {
            self.catch_fire(place, fire.colour, fire.lighter);
        }
    }

    /// FIRE-8: every compartment of the building burns GREEN for the rest of the game.
    fn start_inferno(&mut self, building: u32, lighter: Seat) {
        self.emit(Event::InfernoStarted { building, lighter });
        let compartments: Vec<FirePlace> = (1..=self.space().top_storey(building))
            .flat_map(|storey| self.space().storey_compartments(building, storey))
            .map(FirePlace::compartment)
            .collect();
        for place in compartments {
            if self
                .fire_at(place)
                .is_none_or(|f| f.colour != Colour::Green)
            {
                self.emit(Event::FireStarted {
                    place,
                    colour: Colour::Green,
                    lighter,
                });
            }
        }
    }

    /// FIRE-8: an Inferno spreads, with no roll, to every flammable part in no storey within
    /// reach of the building's footprint.
    fn inferno_spreads(&mut self, building: u32, lighter: Seat) {
        for SceneryId(p) in self
            .space()
            .flammable_parts_within_reach_of_building(building)
        {
            self.catch_fire(FirePlace::Part(p), Colour::Green, lighter);
        }
    }

    /// Whether the place is a compartment of a building that is an Inferno (FIRE-8).
    pub fn in_inferno(&self, place: FirePlace) -> bool {
        match place {
            FirePlace::Compartment { building, .. } => self.is_inferno(building),
            FirePlace::Part(_) => false,
        }
    }

    /// Whether the building is an Inferno (FIRE-8).
    pub fn is_inferno(&self, building: u32) -> bool {
        self.fires.infernos.iter().any(|i| i.building == building)
    }
}
