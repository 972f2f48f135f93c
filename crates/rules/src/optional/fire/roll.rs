//! The fire clock (FIRE-5..FIRE-8, FIRE-14, MOPEN-5, MOPEN-6): at the start of each Inspire
//! of a fire's lighter the fire rolls its colour's die plus its Fuel against the Obstacle
//! die; it goes out on a loss or a tie, spreads on a win, and turns its building into an
//! Inferno on a Crit or a win by 5 or more. Infernos spread with no roll. When the order of
//! a lighter's rolls could matter, the lighter picks each next fire.

use serde::Serialize;

use super::{Fire, FirePlace};
use crate::dice::{Die, SideRoll, actor_wins};
use crate::flow::Step;
use crate::ids::Seat;
use crate::protocol::decision::{Decision, DecisionKind};
use crate::protocol::event::{DieResult, Event};
use crate::setup::card::Colour;
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::SceneryId;

/// The lighter's fires still to roll at its Inspire while their order is its choice
/// (FIRE-5).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FireClock {
    /// The lighter, whose Inspire this is.
    seat: Seat,
    /// Its fires still to roll, in the order they caught.
    left: Vec<FirePlace>,
}

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
    /// Inspire began makes one fire roll. When the order of those rolls could change what
    /// happens (one fire could reach another's place, or two burn in one building), the
    /// lighter picks each next fire ([`DecisionKind::OrderFireRolls`]) and this returns
    /// `true`: the step then burns the models and rolls the repairs once the fires are
    /// done. Otherwise they roll at once, in the order they caught. Nothing with FIRE off.
    pub(crate) fn fires_at_inspire(&mut self, seat: Seat) -> bool {
        if !self.module_on(Module::Fire) {
            return false;
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
        if self.roll_order_matters(&rolling) {
            self.stack.push(Step::FireRolls(FireClock {
                seat,
                left: rolling,
            }));
            return true;
        }
        for place in rolling {
            self.roll_fire_at(place);
        }
        false
    }

    /// The fire at `place` rolls, unless it went out or its building became an Inferno.
    fn roll_fire_at(&mut self, place: FirePlace) {
        if let Some(fire) = self.fire_at(place).copied()
            && !self.in_inferno(place)
        {
            self.fire_roll(fire);
        }
    }

    /// Whether the order of these fire rolls could change what happens (FIRE-5): a fire's
    /// spread reaches another's place, or two compartments burn in one building (an
    /// Inferno takes the other's roll away).
    fn roll_order_matters(&self, rolling: &[FirePlace]) -> bool {
        rolling.len() >= 2
            && rolling.iter().any(|&a| {
                let reach = self.spread_reach(a);
                rolling.iter().any(|&b| {
                    b != a
                        && (reach.contains(&b)
                            || matches!(
                                (a.as_compartment(), b.as_compartment()),
                                (Some(x), Some(y)) if x.building == y.building
                            ))
                })
            })
    }

    /// Works on the lighter's fires still to roll (FIRE-5): those gone out or in an Inferno
    /// drop out; while the order still matters the lighter picks the next, else they roll
    /// in order. Once none is left, the lighter's models burn (FIRE-10) and its constructs'
    /// repairs roll (BOT-9), as when the fires roll at once.
    pub(crate) fn step_fire_rolls(&mut self, mut clock: FireClock) -> Option<Decision> {
        clock
            .left
            .retain(|&p| self.fire_at(p).is_some() && !self.in_inferno(p));
        if clock.left.is_empty() {
            self.burning_at_inspire(clock.seat); // FIRE-10
            self.repairs_at_inspire(clock.seat); // BOT-9
            return None;
        }
        if self.roll_order_matters(&clock.left) {
            let d = Decision {
                seat: clock.seat,
                kind: DecisionKind::OrderFireRolls {
                    fires: clock.left.clone(),
                },
            };
            self.stack.push(Step::FireRolls(clock));
            return Some(d);
        }
        let place = clock.left.remove(0);
        self.stack.push(Step::FireRolls(clock));
        self.roll_fire_at(place);
        None
    }

    /// The lighter's answer: the fire at `place` rolls next (FIRE-5).
    pub(crate) fn execute_roll_fire(&mut self, place: FirePlace) {
        if let Some(Step::FireRolls(mut clock)) = self.stack.pop() {
            clock.left.retain(|&p| p != place);
            self.stack.push(Step::FireRolls(clock));
            self.roll_fire_at(place);
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
    /// lighter ([`Game::spread_reach`]).
    fn spread(&mut self, fire: Fire) {
        for place in self.spread_reach(fire.place) {
            self.catch_fire(place, fire.colour, fire.lighter);
        }
    }

    /// What a fire at `place` that wins its roll sets alight (FIRE-7): a compartment reaches
    /// the compartment directly above it and every room of its storey that shares a door,
    /// window or hole with it; a part in no storey reaches every flammable part in no storey
    /// within reach of it and every compartment with an opening within reach of it.
    fn spread_reach(&self, place: FirePlace) -> Vec<FirePlace> {
        let space = self.space();
        match place {
            FirePlace::Compartment { .. } => {
                let c = place.as_compartment().expect("a compartment");
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
