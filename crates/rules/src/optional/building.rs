//! TERR on buildings (MODULES.md): markers on a storey (TERR-5), debris (TERR-11), holes in
//! walls (TERR-12), and collapse with its falls, Hazards and rubble (TERR-13..TERR-15). The
//! storeys come from the pack (MOD-9) and are on the battlespace's parts.

use serde::Serialize;

use super::hazard::HazardSource;
use crate::flow::Step;
use crate::geometry::Battlespace;
use crate::ids::ModelId;
use crate::protocol::event::Event;
use crate::setup::card::Colour;
use crate::state::Game;
use redline_battlespace::{BuildingPlace, SceneryId, StoreyOf};

/// Markers on one building storey (TERR-5, TERR-6: never removed).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct StoreyMarks {
    building: u32,
    storey: u8,
    markers: u8,
}

/// A collapse: the lowest storey that fell (every storey above it fell too) and the rubble
/// it left (TERR-13, TERR-15).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Collapse {
    pub building: u32,
    pub storey: u8,
    pub rubble: u32,
}

impl Game {
    /// Damage markers on storey `storey` of building `building` (TERR-5, TERR-6).
    pub fn storey_markers(&self, building: u32, storey: u8) -> u8 {
        self.damage
            .storeys
            .iter()
            .find(|m| m.building == building && m.storey == storey)
            .map_or(0, |m| m.markers)
    }

    /// Whether storey `storey` of building `building` has collapsed (TERR-13).
    pub fn storey_collapsed(&self, building: u32, storey: u8) -> bool {
        self.damage
            .collapses
            .iter()
            .any(|c| c.building == building && c.storey <= storey)
    }

    /// Where the model stands with respect to the buildings now (MOD-9).
    pub fn building_place(&self, m: ModelId) -> Option<BuildingPlace> {
        self.space().building_place(&self.base(m))
    }

    /// Whether the setup's part belongs to a storey that has collapsed (TERR-15).
    pub(super) fn storey_collapsed_under(&self, part: u32) -> bool {
        self.st
            .setup
            .battlespace
            .piece(SceneryId(part))
            .and_then(|p| p.storey)
            .is_some_and(|s| self.storey_collapsed(s.building, s.number))
    }

    /// A Breach puts `n` markers on a part of a building: they go on its storey (TERR-5).
    /// Once they reach its Structure, the storey and those above collapse (TERR-13);
    /// otherwise a wall's section is holed (TERR-12) and everyone in or on the building
    /// faces debris (TERR-11).
    pub(super) fn mark_storey(&mut self, storey: StoreyOf, part: u32, section: u8, n: u8) {
        let (building, number) = (storey.building, storey.number);
        let total = self.storey_markers(building, number).saturating_add(n);
        self.emit(Event::StoreyMarked {
            building,
            storey: number,
            markers: n,
            total,
        });
        if total >= storey.structure {
            self.collapse(building, number);
            return;
        }
        let inside = self.models_in_or_on(building, 1);
        // TERR-11: pushed first, so the debris comes after the hole's Shaken.
        self.push_hazards(Colour::Yellow, HazardSource::Debris, &inside);
        if !storey.slab {
            self.destroy_scenery(part, section); // TERR-12: a hole, rubble on its floor
        }
    }

    /// Models in play in storey `from` or above of the building, or on its roof (MOD-9).
    fn models_in_or_on(&self, building: u32, from: u8) -> Vec<ModelId> {
        self.model_ids()
            .filter(|&o| self.in_play(o))
            .filter(|&o| match self.building_place(o) {
                Some(BuildingPlace::In {
                    building: b,
                    storey,
                }) => b == building && storey >= from,
                Some(BuildingPlace::On { building: b }) => b == building,
                None => false,
            })
            .collect()
    }

    /// Storey `from` of the building collapses, and every storey above it (TERR-13..15).
    fn collapse(&mut self, building: u32, from: u8) {
        let before = self.space().clone();
        let caught = self.models_in_or_on(building, from);
        let near: Vec<ModelId> = self
            .model_ids()
            .filter(|&o| self.in_play(o) && !caught.contains(&o))
            .filter(|&o| before.within_reach_of_building(&self.base(o), building))
            .collect();
        let floor = before.storey_floor(building, from).unwrap_or(0.0);
        let rubble = self.next_scenery_id();
        self.emit(Event::StoreyCollapsed {
            building,
            storey: from,
            rubble,
        });
        self.fires_follow_the_table(); // FIRE-14, TERR-15
        // Resolved last to first: the falls, then the Hazards, then Shaken (TERR-14).
        let all: Vec<ModelId> = caught.iter().chain(&near).copied().collect();
        for &o in all.iter().rev() {
            self.stack.push(Step::Stun { model: o, left: 1 });
        }
        self.push_hazards(Colour::Green, HazardSource::Collapse, &all);
        for &o in &caught {
            self.fall_in_collapse(o, floor);
        }
        self.fell_with_collapse(&before, building, from);
    }

    /// A model in or on a collapsing storey falls to the floor of the lowest one, taking
    /// falling damage for that height, and is set on top of the rubble (TERR-14, TERR-15).
    fn fall_in_collapse(&mut self, o: ModelId, floor: f32) {
        let from = self.position(o);
        let level = self.space().level_at(from[0], from[2], floor + 2.0);
        let to = [from[0], level, from[2]];
        if (to[1] - from[1]).abs() > 1e-3 {
            self.emit(Event::Moved {
                model: o,
                from,
                to,
                route: Vec::new(),
            });
        }
        let height = from[1] - floor;
        if height > 1e-3 {
            self.fall(o, height, None);
        }
    }

    /// Parts that rested only on the collapsed storeys go with them (TERR-10, TERR-15).
    fn fell_with_collapse(&mut self, before: &Battlespace, building: u32, from: u8) {
        let fallen: Vec<_> = before
            .pieces()
            .iter()
            .filter(|p| {
                p.storey
                    .is_some_and(|s| s.building == building && s.number >= from)
            })
            .cloned()
            .collect();
        for piece in &fallen {
            for upper in self.unsupported_parts(before, piece) {
                if !self.scenery_destroyed(upper, 0) {
                    self.destroy_scenery(upper, 0);
                }
            }
        }
    }

    /// Applies a building event to the state (MOD-3).
    pub(super) fn apply_building_event(&mut self, ev: &Event) {
        match *ev {
            Event::StoreyMarked {
                building,
                storey,
                total,
                ..
            } => match self
                .damage
                .storeys
                .iter_mut()
                .find(|m| m.building == building && m.storey == storey)
            {
                Some(m) => m.markers = total,
                None => self.damage.storeys.push(StoreyMarks {
                    building,
                    storey,
                    markers: total,
                }),
            },
            Event::StoreyCollapsed {
                building,
                storey,
                rubble,
            } => {
                self.damage.collapses.push(Collapse {
                    building,
                    storey,
                    rubble,
                });
                self.rebuild_space();
            }
            _ => {}
        }
    }
}
