//! Compartments (MOD-9): a storey, or one room of it where the pack divides it into rooms,
//! with the pack's name for the room where it gives one. A room's footprint is the convex
//! hull of its points; a point of a storey that lies in no room counts as in the room
//! nearest it. A door, window or hole belongs to every room of its storey whose footprint
//! comes within [`OPENING_ROOM_GAP`] of its middle: an outside opening to one room, a door
//! in a wall between two rooms to both (FIRE-7, FIRE-13).

use crate::BuildingPlace;
use crate::building::{convex_hull, distance_outside, inside};
use crate::model::ModelBase;
use crate::scenery::SceneryId;
use crate::space::Battlespace;

/// How far outside a room's footprint the middle of an opening may lie and still be one of
/// that room's openings, in inches, beyond half its wall's thickness.
pub const OPENING_ROOM_GAP: f32 = 0.25;

/// A building compartment (MOD-9): a storey of a building, or one room of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Compartment {
    /// The building: the number on its parts' storeys.
    pub building: u32,
    /// The storey, numbered upward from 1.
    pub storey: u8,
    /// The room, from 0 in the pack's order; 0 for a storey that is one compartment.
    pub room: u8,
}

impl Compartment {
    /// The storey's only compartment, or its first room.
    pub fn storey(building: u32, storey: u8) -> Compartment {
        Compartment {
            building,
            storey,
            room: 0,
        }
    }
}

impl Battlespace {
    /// The rooms of a storey still standing, each the convex hull of its footprint (x, z);
    /// empty when the storey is one compartment or doesn't stand.
    pub fn storey_rooms(&self, building: u32, storey: u8) -> Vec<Vec<[f32; 2]>> {
        self.storey_parts(building, storey)
            .iter()
            .find(|p| !p.rooms.is_empty())
            .map(|p| p.rooms.iter().map(|r| convex_hull(r)).collect())
            .unwrap_or_default()
    }

    /// The pack's name of a compartment's room ("back"), or `None` for a room the pack
    /// leaves unnamed, a storey without rooms, or one that doesn't stand.
    pub fn compartment_name(&self, c: Compartment) -> Option<&str> {
        self.storey_parts(c.building, c.storey)
            .into_iter()
            .find(|p| !p.rooms.is_empty())?
            .room_names
            .get(usize::from(c.room))?
            .as_deref()
    }

    /// The compartments of a storey still standing: one per room, or the storey itself.
    pub fn storey_compartments(&self, building: u32, storey: u8) -> Vec<Compartment> {
        if self.storey_parts(building, storey).is_empty() {
            return Vec::new();
        }
        let rooms = self.storey_rooms(building, storey).len().max(1);
        (0..rooms)
            .map(|room| Compartment {
                building,
                storey,
                room: room as u8,
            })
            .collect()
    }

    /// The footprint of a compartment (x, z), counter-clockwise: its room's, or its
    /// storey's when the storey has no rooms. Empty when it doesn't stand.
    pub fn compartment_footprint(&self, c: Compartment) -> Vec<[f32; 2]> {
        let rooms = self.storey_rooms(c.building, c.storey);
        if rooms.is_empty() {
            return self.storey_footprint(c.building, c.storey);
        }
        rooms.get(usize::from(c.room)).cloned().unwrap_or_default()
    }

    /// The room of a storey a point (x, z) lies in: the first whose footprint holds it, else
    /// the nearest; 0 for a storey without rooms.
    pub fn room_at(&self, building: u32, storey: u8, p: [f32; 2]) -> u8 {
        let rooms = self.storey_rooms(building, storey);
        if let Some(k) = rooms.iter().position(|r| inside(r, p)) {
            return k as u8;
        }
        rooms
            .iter()
            .enumerate()
            .map(|(k, r)| (k, distance_outside(r, p)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |(k, _)| k as u8)
    }

    /// The compartment the model stands in (MOD-9); `None` outside every building and on a
    /// roof.
    pub fn compartment_of(&self, base: &ModelBase) -> Option<Compartment> {
        match self.building_place(base)? {
            BuildingPlace::In { building, storey } => {
                let [x, _, z] = base.position;
                Some(Compartment {
                    building,
                    storey,
                    room: self.room_at(building, storey, [x, z]),
                })
            }
            BuildingPlace::On { .. } => None,
        }
    }

    /// The compartments opening `k` of the storey wall `id` is a door, window or hole of:
    /// every room of the wall's storey whose footprint comes within half the wall's
    /// thickness plus [`OPENING_ROOM_GAP`] of the opening's middle, else the nearest room;
    /// the storey for one without rooms. Empty for a wall in no storey or no such opening.
    pub fn opening_compartments(&self, id: SceneryId, k: u8) -> Vec<Compartment> {
        let (Some(s), Some(o)) = (
            self.piece(id).and_then(|p| p.storey),
            self.opening_place(id, k),
        ) else {
            return Vec::new();
        };
        let rooms = self.storey_rooms(s.building, s.number);
        let at = [o.sill[0], o.sill[2]];
        let near: Vec<u8> = rooms
            .iter()
            .enumerate()
            .filter(|(_, r)| distance_outside(r, at) <= o.half_thickness + OPENING_ROOM_GAP)
            .map(|(k, _)| k as u8)
            .collect();
        let rooms = if near.is_empty() {
            vec![self.room_at(s.building, s.number, at)]
        } else {
            near
        };
        rooms
            .into_iter()
            .map(|room| Compartment {
                building: s.building,
                storey: s.number,
                room,
            })
            .collect()
    }

    /// The doors, windows and holes of a compartment, as (wall, opening) (FIRE-13).
    pub fn compartment_openings(&self, c: Compartment) -> Vec<(SceneryId, u8)> {
        self.storey_parts(c.building, c.storey)
            .iter()
            .flat_map(|p| (0..p.openings.len() as u8).map(move |k| (p.id, k)))
            .filter(|&(id, k)| self.opening_compartments(id, k).contains(&c))
            .collect()
    }

    /// The other compartments of its storey that share a door, window or hole with `c`
    /// (FIRE-7), in room order.
    pub fn compartments_sharing_openings(&self, c: Compartment) -> Vec<Compartment> {
        let mut out: Vec<Compartment> = self
            .compartment_openings(c)
            .into_iter()
            .flat_map(|(id, k)| self.opening_compartments(id, k))
            .filter(|&o| o != c)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The compartment directly above `c` (FIRE-7): the one of the storey above that holds
    /// the middle of `c`'s footprint; `None` when no storey stands above.
    pub fn compartment_above(&self, c: Compartment) -> Option<Compartment> {
        let storey = c.storey.checked_add(1)?;
        if storey > self.top_storey(c.building) || self.storey_parts(c.building, storey).is_empty()
        {
            return None;
        }
        let footprint = self.compartment_footprint(c);
        let n = footprint.len().max(1) as f32;
        let middle = footprint
            .iter()
            .fold([0.0, 0.0], |[x, z], p| [x + p[0] / n, z + p[1] / n]);
        Some(Compartment {
            building: c.building,
            storey,
            room: self.room_at(c.building, storey, middle),
        })
    }
}
