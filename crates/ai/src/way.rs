//! How far a model has to walk to a point, as the table's route finder sees it
//! (`Battlespace::check_move`, `Battlespace::reachable_area`, MOVE-2): straight across where
//! nothing stands in the way, else around or through what does, over the table as it is now
//! (a breached wall section is a gap, TERR-8). A wall with no way through counts the
//! straight line plus a detour longer than any on the table, so a model is not drawn into
//! the bricks on the far side of its goal.
//!
//! The walks to one goal are read off one map of the table around it (`reachable_area` from
//! the goal, by the model's base), kept per thread for the table it was made on: a bot rates
//! many end points against the same few goals. The map is a pure function of the table, the
//! goal and the base, so keeping it changes no answer.

use std::cell::RefCell;
use std::collections::HashMap;

use redline_battlespace::{Battlespace, ModelBase};
use redline_rules::{Game, ModelId};

use crate::models::{base_at, flat};

/// The longest walk the route finder maps, in inches: across the largest table and back.
const FARTHEST: f32 = 120.0;
/// What a goal with no way to it costs on top of the straight line: more than any detour
/// on the table, so any point from which a way exists is nearer.
pub(crate) const NO_WAY: f32 = 60.0;
/// How many maps a thread keeps (the oldest goes first).
const KEPT: usize = 32;

/// The walks from every spot of a table to one goal, by route-finding cell.
struct WayMap {
    /// The table it was made on (held, so the table is the same one while the map is kept).
    space: Battlespace,
    /// The goal, in hundredths of an inch.
    goal: [i32; 3],
    /// The base's radius, as bits.
    radius: u32,
    /// The cell size of the route finder's grid.
    cell: f32,
    /// The shortest walk to the goal from each cell reached, and the spot it is from, by
    /// cell.
    length: HashMap<(i32, i32), (f32, [f32; 3])>,
}

thread_local! {
    static MAPS: RefCell<Vec<WayMap>> = const { RefCell::new(Vec::new()) };
}

/// How far `m` standing at `from` walks to `to` on the table as it stands now.
pub(crate) fn way_to(game: &Game, m: ModelId, from: [f32; 3], to: [f32; 3]) -> f32 {
    way_on(game.battlespace(), game, m, from, to)
}

/// How far `m` standing at `from` walks to `to` on `space` (the table now, or as it would
/// be with a section breached): the straight line where a base can walk it, else the route
/// finder's way, else the straight line plus [`NO_WAY`] (the straight line alone where no
/// base stands at the goal, so the route finder has no map of it). Other models are left
/// out: they move before the walk is done.
pub(crate) fn way_on(
    space: &Battlespace,
    game: &Game,
    m: ModelId,
    from: [f32; 3],
    to: [f32; 3],
) -> f32 {
    let straight = flat(from, to);
    let base = base_at(game, m, from);
    if space.check_move(&base, &[to], FARTHEST, &[]).is_ok() {
        return straight;
    }
    match mapped(space, &base.at(to), from) {
        Walk::Length(walk) => walk.max(straight),
        Walk::Cut => straight + NO_WAY,
        // No base stands at the goal (a point on a roof edge, inside a piece): the map has
        // nothing to say, and the straight line is all there is to go by.
        Walk::Unmapped => straight,
    }
}

/// What the map around a goal says of the walk from a point.
enum Walk {
    /// This long.
    Length(f32),
    /// The map reaches other spots but not this one: no way from here.
    Cut,
    /// The map reaches nothing: the goal is no spot a base stands on.
    Unmapped,
}

/// The walk from `from` to where `goal` stands, off the map of `space` around it.
fn mapped(space: &Battlespace, goal: &ModelBase, from: [f32; 3]) -> Walk {
    let key = goal.position.map(|v| (v * 100.0).round() as i32);
    let radius = goal.radius.to_bits();
    MAPS.with(|maps| {
        let mut maps = maps.borrow_mut();
        let same = |w: &WayMap| w.goal == key && w.radius == radius && w.space.is_same_table(space);
        let k = match maps.iter().position(same) {
            Some(k) => k,
            None => {
                if maps.len() >= KEPT {
                    maps.remove(0);
                }
                maps.push(map_of(space, goal, key, radius));
                maps.len() - 1
            }
        };
        let w = &maps[k];
        if w.length.is_empty() {
            return Walk::Unmapped;
        }
        // The cells around the point, each with the step from the point to its centre.
        let (cx, cz) = cell_of(from, w.cell);
        let mut best: Option<f32> = None;
        for dx in -1..=1 {
            for dz in -1..=1 {
                if let Some(&(walk, at)) = w.length.get(&(cx + dx, cz + dz)) {
                    let total = walk + flat(from, at);
                    best = Some(best.map_or(total, |b: f32| b.min(total)));
                }
            }
        }
        best.map_or(Walk::Cut, Walk::Length)
    })
}

/// The map of the walks to `goal` on `space`.
fn map_of(space: &Battlespace, goal: &ModelBase, key: [i32; 3], radius: u32) -> WayMap {
    let area = space.reachable_area(goal, FARTHEST, &[]);
    let mut length: HashMap<(i32, i32), (f32, [f32; 3])> = HashMap::new();
    for c in &area.cells {
        let best = length
            .entry(cell_of(c.position, area.cell))
            .or_insert((f32::INFINITY, c.position));
        if c.length < best.0 {
            *best = (c.length, c.position);
        }
    }
    WayMap {
        space: space.clone(),
        goal: key,
        radius,
        cell: area.cell,
        length,
    }
}

/// The cell of a grid `cell` inches wide that holds `at`.
fn cell_of(at: [f32; 3], cell: f32) -> (i32, i32) {
    ((at[0] / cell).floor() as i32, (at[2] / cell).floor() as i32)
}
