//! FIRE, fire and incendiaries (MODULES.md): fires as game state with their colour and
//! lighter (MOD-3, FIRE-15), the fires an Ignite action starts once it has resolved
//! (FIRE-1, FIRE-3), and fires going out with their scenery (FIRE-14). The fire clock is in
//! `roll.rs`. Nothing here runs unless the game has the module on (MOD-2).

mod aim;
mod burn;
mod enclosed;
mod leap;
mod roll;
mod smoke;

pub use aim::IgniteTorrentPreview;
pub(crate) use roll::FireClock;
pub use roll::INFERNO_MARGIN;

use serde::{Deserialize, Serialize};

use crate::actions::ActionCtx;
use crate::ids::Seat;
use crate::protocol::event::Event;
use crate::setup::card::{ActionDef, Colour, Keyword};
use crate::setup::modules::Module;
use crate::state::Game;
use redline_battlespace::{Compartment, ModelBase, SceneryId};

/// What burns: a flammable part in no storey, or a building compartment (MOD-9, FIRE-3):
/// a storey, or one room of a storey the pack divides into rooms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FirePlace {
    /// A flammable scenery part that belongs to no storey.
    Part(u32),
    /// Storey `storey` (from 1) of building `building`.
    Compartment {
        /// The building: the number on its parts' storeys.
        building: u32,
        /// The storey, numbered upward from 1.
        storey: u8,
        /// The room of the storey, from 0 in the pack's order; 0 for a storey that is one
        /// compartment (left out of the hash then, so games without rooms hash as before).
        #[serde(default, skip_serializing_if = "is_first_room")]
        room: u8,
    },
}

/// Whether a room number is the first (serde leaves it out then, MOD-3).
pub(crate) fn is_first_room(room: &u8) -> bool {
    *room == 0
}

impl FirePlace {
    /// The fire place of a building compartment.
    pub fn compartment(c: Compartment) -> FirePlace {
        FirePlace::Compartment {
            building: c.building,
            storey: c.storey,
            room: c.room,
        }
    }

    /// The building compartment that burns; `None` for a part.
    pub fn as_compartment(self) -> Option<Compartment> {
        match self {
            FirePlace::Compartment {
                building,
                storey,
                room,
            } => Some(Compartment {
                building,
                storey,
                room,
            }),
            FirePlace::Part(_) => None,
        }
    }
}

/// One fire on the table (MOD-3): where it burns, its colour and its lighter (FIRE-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    /// The part or compartment that burns.
    pub place: FirePlace,
    /// The fire's colour: the die of its fire rolls and Hazards (FIRE-5, FIRE-10).
    pub colour: Colour,
    /// The player whose action started it (FIRE-15).
    pub lighter: Seat,
}

/// The fires burning now, in the order they caught (MOD-3). Empty in a game where nothing
/// was set alight, and hashed only once something was.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct Fires {
    burning: Vec<Fire>,
    /// The buildings that became Infernos, in order, with their lighters (FIRE-8).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    infernos: Vec<Inferno>,
    /// Enclosed compartments no model may enter yet (FIRE-9).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sealed: Vec<Sealed>,
}

/// An enclosed compartment sealed by fire (FIRE-9): the seal lifts at the end of the
/// lighter's next Inspire; one sealed during the lighter's own Inspire waits for the one
/// after.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Sealed {
    building: u32,
    storey: u8,
    #[serde(skip_serializing_if = "is_first_room")]
    room: u8,
    lighter: Seat,
    /// Ends of the lighter's Inspires still to come before the seal lifts.
    ends_left: u8,
}

/// A building that became an Inferno (FIRE-8) and the lighter whose Inspires spread it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
struct Inferno {
    building: u32,
    lighter: Seat,
}

impl Fires {
    /// The fires a scenario places at setup, with the lighters it names (FIRE-15); none
    /// with FIRE off (MOD-2).
    pub(crate) fn at_setup(setup: &crate::setup::Setup) -> Fires {
        if !setup.modules.contains(&Module::Fire) {
            return Fires::default();
        }
        let mut fires = Fires::default();
        for fire in &setup.scenario.fires {
            match fires.burning.iter_mut().find(|f| f.place == fire.place) {
                Some(f) if fire.colour < f.colour => *f = *fire, // FIRE-3: the higher colour
                Some(_) => {}
                None => fires.burning.push(*fire),
            }
        }
        fires
    }

    /// Whether nothing burns (the hash leaves the fires out then).
    pub(crate) fn is_empty(&self) -> bool {
        self.burning.is_empty() && self.infernos.is_empty() && self.sealed.is_empty()
    }
}

/// Places an Ignite Torrent sets alight once it has resolved, with their colour and
/// lighter (FIRE-1, FIRE-3, FIRE-15).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Kindling {
    places: Vec<FirePlace>,
    colour: Colour,
    lighter: Seat,
    /// Enclosed compartments the Torrent entered, sealed once it has resolved (FIRE-9).
    sealed: Vec<FirePlace>,
}

/// The colour of an action's Ignite keyword, if it has one (FIRE-1).
pub fn ignite_of(def: &ActionDef) -> Option<Colour> {
    def.keywords.iter().find_map(|k| match k {
        Keyword::Ignite(c) => Some(*c),
        _ => None,
    })
}

impl Game {
    /// Every fire burning now, in the order they caught (MOD-3, FIRE-15).
    pub fn fires(&self) -> &[Fire] {
        &self.fires.burning
    }

    /// The buildings that are Infernos lit by `seat` (FIRE-8, FIRE-15).
    pub(crate) fn infernos_lit_by(&self, seat: Seat) -> Vec<u32> {
        self.fires
            .infernos
            .iter()
            .filter(|i| i.lighter == seat)
            .map(|i| i.building)
            .collect()
    }

    /// The fire burning at `place`, if any.
    pub fn fire_at(&self, place: FirePlace) -> Option<&Fire> {
        self.fires.burning.iter().find(|f| f.place == place)
    }

    /// The compartment a point on a surface lies in (MOD-9): the room (or storey) whose
    /// floor it is on within that room's footprint.
    fn compartment_at(&self, at: [f32; 3]) -> Option<FirePlace> {
        self.space()
            .compartment_of(&ModelBase::new(u32::MAX, 0, at))
            .map(FirePlace::compartment)
    }

    /// FIRE-1, FIRE-3: an Ignite Blast has resolved with its Impact token finally at `at`,
    /// whatever its result. The compartment the token lies in catches fire, and so does
    /// every flammable part in no storey with a point within RED of the token and no barrier
    /// between them (KW-12). Nothing happens with FIRE off (MOD-2).
    pub(crate) fn ignite_after_blast(&mut self, ctx: &ActionCtx, at: [f32; 3]) {
        if !self.module_on(Module::Fire) {
            return;
        }
        let Some(colour) = self.action(ctx.actor, ctx.action).and_then(ignite_of) else {
            return;
        };
        let lighter = self.owner(ctx.actor); // FIRE-15, also on a miss or a Fumble
        if let Some(enclosed) = self.enclosed_blast(ctx, at) {
            self.seal(enclosed, lighter); // FIRE-9
        }
        let mut places: Vec<FirePlace> = self.compartment_at(at).into_iter().collect();
        places.extend(
            self.space()
                .flammable_parts_in_blast(at)
                .into_iter()
                .map(|SceneryId(id)| FirePlace::Part(id)),
        );
        for place in places {
            self.catch_fire(place, colour, lighter);
        }
    }

    /// FIRE-1, FIRE-3: an Ignite Torrent from `ctx.actor` whose strip runs toward `toward`
    /// (a model aimed at, or a point of scenery, FIRE-2) sets alight every flammable part in
    /// no storey and every compartment its strip enters, within range and before the barrier
    /// that stops it, once the action has resolved, whatever its result. The places are
    /// found now, with the table as it stands when the action is taken. Nothing with FIRE
    /// off (MOD-2).
    pub(crate) fn queue_torrent_fires(
        &mut self,
        ctx: &ActionCtx,
        def: &ActionDef,
        toward: [f32; 3],
    ) {
        if !self.module_on(Module::Fire) {
            return;
        }
        let Some(colour) = ignite_of(def) else {
            return;
        };
        let range = def.range.map(|r| r.max_inches()).filter(|r| r.is_finite());
        let meets = self
            .space()
            .torrent_fuel(&self.base(ctx.actor), toward, range);
        let places: Vec<FirePlace> = meets
            .compartments
            .into_iter()
            .map(FirePlace::compartment)
            .chain(
                meets
                    .parts
                    .into_iter()
                    .map(|SceneryId(p)| FirePlace::Part(p)),
            )
            .collect();
        if places.is_empty() {
            return;
        }
        let sealed = self
            .torrent_enclosed(ctx.actor, def, toward)
            .into_iter()
            .map(FirePlace::compartment)
            .collect();
        self.stack.push(crate::flow::Step::Fires(Kindling {
            places,
            colour,
            lighter: self.owner(ctx.actor), // FIRE-15
            sealed,
        }));
    }

    /// Sets alight the places a Torrent kindled (FIRE-3).
    pub(crate) fn kindle(&mut self, k: &Kindling) {
        for enclosed in k.sealed.iter().filter_map(|p| p.as_compartment()) {
            self.seal(enclosed, k.lighter); // FIRE-9
        }
        for &place in &k.places {
            self.catch_fire(place, k.colour, k.lighter);
        }
    }

    /// `place` catches a fire of `colour` lit by `lighter` (FIRE-3): one already burning
    /// keeps the higher of its colour and `colour`, and its lighter.
    pub(crate) fn catch_fire(&mut self, place: FirePlace, colour: Colour, lighter: Seat) {
        if self.fire_at(place).is_some_and(|f| f.colour <= colour) {
            return; // GREEN sorts first: the fire already burns as high or higher
        }
        let lighter = self.fire_at(place).map_or(lighter, |f| f.lighter);
        self.emit(Event::FireStarted {
            place,
            colour,
            lighter,
        });
    }

    /// FIRE-14: once scenery was destroyed or a storey collapsed, each fire whose part or
    /// compartment has left the table goes out; an Inferno's compartments never do.
    pub(crate) fn fires_follow_the_table(&mut self) {
        let gone: Vec<FirePlace> = self
            .fires()
            .iter()
            .map(|f| f.place)
            .filter(|&place| !self.in_inferno(place))
            .filter(|&place| match place {
                FirePlace::Part(id) => self.space().piece(SceneryId(id)).is_none(),
                FirePlace::Compartment {
                    building, storey, ..
                } => self.space().storey_parts(building, storey).is_empty(),
            })
            .collect();
        for place in gone {
            self.emit(Event::FireOut { place });
        }
    }

    /// FIRE-15: once `seat` has no model left in the game, its fires and Infernos pass to
    /// the next player clockwise that still has one. Nothing with FIRE off.
    pub(crate) fn fires_pass_on(&mut self, seat: Seat) {
        if !self.module_on(Module::Fire) || self.fires.is_empty() {
            return;
        }
        let has_models =
            |g: &Game, s: Seat| g.model_ids().any(|m| g.owner(m) == s && g.still_playing(m));
        if has_models(self, seat) {
            return;
        }
        let n = self.seat_count() as u8;
        let Some(heir) = (1..n)
            .map(|k| Seat((seat.0 + k) % n))
            .find(|&s| has_models(self, s))
        else {
            return;
        };
        let fires: Vec<Fire> = self
            .fires()
            .iter()
            .filter(|f| f.lighter == seat)
            .copied()
            .collect();
        for f in fires {
            self.emit(Event::FireStarted {
                place: f.place,
                colour: f.colour,
                lighter: heir,
            });
        }
        for building in self.infernos_lit_by(seat) {
            self.emit(Event::InfernoStarted {
                building,
                lighter: heir,
            });
        }
    }

    /// Applies a FIRE event to the state (MOD-3).
    pub(crate) fn apply_fire_event(&mut self, ev: &Event) {
        match *ev {
            Event::FireStarted {
                place,
                colour,
                lighter,
            } => {
                let fire = Fire {
                    place,
                    colour,
                    lighter,
                };
                match self.fires.burning.iter_mut().find(|f| f.place == place) {
                    Some(f) => *f = fire,
                    None => self.fires.burning.push(fire),
                }
            }
            Event::FireOut { place } => self.fires.burning.retain(|f| f.place != place),
            Event::CompartmentSealed {
                building,
                storey,
                room,
                lighter,
            } => {
                let during = self.inspiring() == Some(lighter);
                let seal = Sealed {
                    building,
                    storey,
                    room,
                    lighter,
                    ends_left: if during { 2 } else { 1 },
                };
                let same =
                    |s: &Sealed| s.building == building && s.storey == storey && s.room == room;
                self.fires.sealed.retain(|s| !same(s));
                self.fires.sealed.push(seal);
            }
            Event::InspireEnded { seat } => {
                for s in self.fires.sealed.iter_mut().filter(|s| s.lighter == seat) {
                    s.ends_left = s.ends_left.saturating_sub(1);
                }
                self.fires.sealed.retain(|s| s.ends_left > 0); // FIRE-9: the seal lifts
            }
            Event::InfernoStarted { building, lighter } => {
                match self
                    .fires
                    .infernos
                    .iter_mut()
                    .find(|i| i.building == building)
                {
                    Some(i) => i.lighter = lighter, // FIRE-15: passed on
                    None => self.fires.infernos.push(Inferno { building, lighter }),
                }
            }
            _ => {}
        }
    }
}
