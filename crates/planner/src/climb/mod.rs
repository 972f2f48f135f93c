//! Climbing routes to elevated tops: for each piece models may stand on, whether and how a
//! 27 mm model standing on the table beside it (or beside a top within RED of it) gets up in one move of at most GREEN — a
//! ladder or easy-to-climb face with no roll (MOVE-27), a low step crossed like an obstacle
//! (OPEN-23), a climb with a Reflexes roll (MOVE-22..24), or a jump from another top
//! (MOVE-17, MOVE-18) — using the battle's own route finder, so the answer is what the game
//! would allow. A top no single move reaches is tried as a two-action climb (MOVE-25,
//! OPEN-24): two GREEN actions in a row from the foot of a face, each with its roll, checked
//! by the battle's own `check_two_action_climb`.

use std::collections::{HashMap, HashSet};

use redline_battlespace::Hypot;
use redline_battlespace::{
    BASE_27MM_RADIUS, Battlespace, CrossingKind, GREEN, ModelBase, MovePlan, SceneryId,
    SceneryPiece,
};
use serde::Serialize;

use crate::outline::part_outline;

mod near;
#[cfg(test)]
mod tests;

/// Starting spots tried around each top (and around each top near enough to jump from).
const MAX_STARTS: usize = 12;
/// Other tops near enough to jump from whose spots are tried too, the nearest first: on a
/// crowded table every top is near every other, and trying them all made the check cubic
/// in the number of tops (docs/planner.md).
const MAX_JUMP_FROM: usize = 3;
/// How close a standing level must be to the top's height to count as on it, inches.
const ON_TOP: f32 = 0.05;

/// How a model gets up, the easiest way found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum WayUp {
    /// No roll: a ladder or handholds (MOVE-27), a door or stairs, or a step.
    Free,
    /// A step no taller than RED crossed like an obstacle, with one roll (OPEN-23).
    Step,
    /// A climb with a Reflexes roll; a failure falls (MOVE-23, MOVE-24).
    Climb,
    /// Only by jumping a gap from another top (MOVE-17); a failure falls (MOVE-18).
    Jump,
    /// Only by a climb spread over two actions in a row, a roll for each (MOVE-25, OPEN-24).
    TwoActions,
    /// No way up within one GREEN move.
    None,
}

/// The easiest way onto one elevated top.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClimbRoute {
    /// The piece whose top it is.
    pub piece: SceneryId,
    /// Its name.
    pub name: String,
    /// Height of the top above the table, inches.
    pub top: f32,
    /// The easiest way found.
    pub way: WayUp,
    /// Where the model started, on the table (x, y, z), when a way was found.
    pub from: Option<[f32; 3]>,
    /// The route found, when there is one.
    pub plan: Option<MovePlan>,
    /// One line per step of the route, or why there is none, in the battle's words.
    pub steps: Vec<String>,
}

impl ClimbRoute {
    /// Rolls the route needs (0 with no route).
    pub fn rolls(&self) -> usize {
        self.plan.as_ref().map_or(0, MovePlan::rolls)
    }
}

/// The easiest way up onto every elevated top of `space`, in piece order.
///
/// Each top's footprint is drawn once; the tops near enough to jump from (within RED) are
/// found through a grid of buckets, and at most [`MAX_JUMP_FROM`] of them, the nearest,
/// lend their starting spots, so the work per top stays bounded however many tops there
/// are; tops of the same footprint and height are answered once.
pub fn climbing_routes(space: &Battlespace) -> Vec<ClimbRoute> {
    let tops = tops_of(space);
    let bounds: Vec<[f32; 4]> = tops.iter().map(|t| t.bounds).collect();
    let index = near::TopIndex::new(&bounds);
    routes_with(space, &tops, |i| index.nearest(i, MAX_JUMP_FROM))
}

/// The elevated tops of `space`, in piece order.
fn tops_of(space: &Battlespace) -> Vec<Top<'_>> {
    space
        .pieces()
        .iter()
        .filter(|p| p.elevated)
        .map(|piece| {
            let polygon = part_outline(piece).polygon;
            Top {
                piece,
                bounds: bounds(&polygon),
                polygon,
            }
        })
        .collect()
}

/// The way up onto each of `tops`, `jump_from(i)` giving the tops whose spots are tried
/// for top `i` besides its own.
fn routes_with(
    space: &Battlespace,
    tops: &[Top<'_>],
    jump_from: impl Fn(usize) -> Vec<usize>,
) -> Vec<ClimbRoute> {
    // Tops of the same footprint and height (pieces stacked on one spot) have the same way
    // up: found once, then given each its own piece.
    let mut found: HashMap<Vec<u32>, ClimbRoute> = HashMap::new();
    (0..tops.len())
        .map(|i| {
            let t = &tops[i];
            let key: Vec<u32> = std::iter::once(t.piece.top())
                .chain(t.polygon.iter().flatten().copied())
                .map(f32::to_bits)
                .collect();
            let route = found
                .entry(key)
                .or_insert_with(|| route_onto(space, tops, &jump_from(i), i));
            ClimbRoute {
                piece: t.piece.id,
                name: t.piece.name.clone(),
                ..route.clone()
            }
        })
        .collect()
}

/// An elevated top: its piece, footprint and the footprint's bounding box.
struct Top<'a> {
    piece: &'a SceneryPiece,
    polygon: Vec<[f32; 2]>,
    bounds: [f32; 4],
}

fn route_onto(space: &Battlespace, tops: &[Top<'_>], jump_from: &[usize], i: usize) -> ClimbRoute {
    let piece = tops[i].piece;
    let polygon = &tops[i].polygon;
    let top = piece.top();
    let mut out = ClimbRoute {
        piece: piece.id,
        name: piece.name.clone(),
        top,
        way: WayUp::None,
        from: None,
        plan: None,
        steps: Vec::new(),
    };
    let Some(goal) = spot_on_top(space, polygon, top) else {
        out.steps
            .push("There is no room for a 27 mm base on its top.".to_owned());
        return out;
    };
    // Spots by this top's faces, and by the nearest tops near enough to jump from
    // (MOVE-17); a spot two tops share is tried once.
    let mut starts = starts_around(space, polygon);
    for &j in jump_from {
        starts.extend(starts_around(space, &tops[j].polygon));
    }
    let mut seen = HashSet::new();
    starts.retain(|s| seen.insert(s.map(f32::to_bits)));
    let best = starts
        .into_iter()
        .filter_map(|start| {
            let mover = ModelBase::new(0, 0, start).with_radius(BASE_27MM_RADIUS);
            let route = space.find_route(&mover, goal, GREEN, &[]).ok()?;
            let arrived = (route.plan.end[1] - top).abs() <= ON_TOP;
            arrived.then_some((start, route.plan))
        })
        .min_by(|(_, a), (_, b)| {
            a.rolls()
                .cmp(&b.rolls())
                .then(a.length.total_cmp(&b.length))
        });
    match best {
        Some((start, plan)) => {
            out.way = way_of(&plan);
            out.steps = plan
                .crossings
                .iter()
                .map(|c| step_words(space, &c.kind))
                .collect();
            if out.steps.is_empty() {
                out.steps.push("Walk up: nothing to cross.".to_owned());
            }
            out.from = Some(start);
            out.plan = Some(plan);
        }
        None => match two_action_climb(space, piece, polygon) {
            Some((start, plan)) => {
                out.way = WayUp::TwoActions;
                out.steps = two_action_words(space, &plan);
                out.from = Some(start);
                out.plan = Some(plan);
            }
            None => out.steps.push(format!(
                "No way up: no ladder, no climbable face reached in one GREEN move \
                 ({GREEN}\"), no jump of RED or less from another top, and no face a \
                 two-action climb of two GREEN moves gets up (MOVE-25)."
            )),
        },
    }
    out
}

/// The shortest two-action climb straight up a face of `piece` from the table beside it
/// (MOVE-25, OPEN-24): two GREEN actions, the climb beginning the first (MOVE-22).
fn two_action_climb(
    space: &Battlespace,
    piece: &SceneryPiece,
    polygon: &[[f32; 2]],
) -> Option<([f32; 3], MovePlan)> {
    let top = piece.top();
    starts_around(space, polygon)
        .into_iter()
        .flat_map(|start| {
            let mover = ModelBase::new(0, 0, start).with_radius(BASE_27MM_RADIUS);
            space
                .climb_spots(&mover)
                .into_iter()
                .filter(|spot| (spot[1] - top).abs() <= ON_TOP)
                .filter_map(|spot| {
                    space
                        .check_two_action_climb(&mover, &[start, spot], GREEN, GREEN, &[])
                        .ok()
                        .map(|plan| (start, plan))
                })
                .collect::<Vec<_>>()
        })
        .min_by(|(_, a), (_, b)| a.length.total_cmp(&b.length))
}

/// The two halves of a two-action climb in the battle's words, with the fall each failure
/// costs.
fn two_action_words(space: &Battlespace, plan: &MovePlan) -> Vec<String> {
    let climbs: Vec<_> = plan
        .crossings
        .iter()
        .filter_map(|c| match c.kind {
            CrossingKind::Climb { piece, height, .. } => Some((piece, height, c.fall_on_failure)),
            _ => None,
        })
        .collect();
    let Some(&(piece, height, _)) = climbs.first() else {
        return Vec::new();
    };
    let fall = |i: usize| climbs.get(i).and_then(|c| c.2).unwrap_or(height);
    vec![
        format!(
            "Two-action climb up {height:.1}\" onto '{}': more than one GREEN action climbs, so \
             spend two actions in a row (MOVE-25, OPEN-24).",
            space.piece_name(piece)
        ),
        format!(
            "First action: Reflexes vs the Obstacle die; a failure falls {:.1}\" (MOVE-24).",
            fall(0)
        ),
        format!(
            "Second action: another roll; a failure falls {:.1}\", from the height it would \
             have reached (MOVE-25).",
            fall(1)
        ),
    ]
}

/// The easiest kind of way a route takes: its hardest crossing.
fn way_of(plan: &MovePlan) -> WayUp {
    let kinds = || plan.crossings.iter().map(|c| (c.kind, c.needs_roll));
    if kinds().any(|(k, _)| matches!(k, CrossingKind::Jump { .. })) {
        WayUp::Jump
    } else if kinds().any(|(k, roll)| matches!(k, CrossingKind::Climb { .. }) && roll) {
        WayUp::Climb
    } else if kinds().any(|(k, roll)| matches!(k, CrossingKind::LowBarrier { .. }) && roll) {
        WayUp::Step
    } else {
        WayUp::Free
    }
}

fn step_words(space: &Battlespace, kind: &CrossingKind) -> String {
    let name = |id: SceneryId| space.piece_name(id).to_owned();
    match *kind {
        CrossingKind::Climb {
            piece,
            height,
            up,
            easy: true,
        } => format!(
            "Easy climb {} {height:.1}\" {} '{}' (ladder or handholds): no roll (MOVE-27).",
            if up { "up" } else { "down" },
            if up { "onto" } else { "off" },
            name(piece)
        ),
        CrossingKind::Climb {
            piece, height, up, ..
        } => format!(
            "Climb {} {height:.1}\" {} '{}': Reflexes vs the Obstacle die; a failure falls \
             {height:.1}\" and loses the action (MOVE-23, MOVE-24).",
            if up { "up" } else { "down" },
            if up { "onto" } else { "off" },
            name(piece)
        ),
        CrossingKind::Jump { gap, from, to } => format!(
            "Jump the {gap:.1}\" gap from '{}' to {}: Reflexes vs the Obstacle die; a failure \
             drops to the surface under the gap's middle (MOVE-17, MOVE-18).",
            name(from),
            to.map_or_else(|| "the far side".to_owned(), |t| format!("'{}'", name(t)))
        ),
        CrossingKind::LowBarrier { piece, height } => format!(
            "Step {height:.1}\" up over '{}', crossed like an obstacle: one roll (OPEN-23).",
            name(piece)
        ),
        CrossingKind::Obstacle { piece } => {
            format!("Cross the obstacle '{}': one roll (MOVE-8).", name(piece))
        }
        CrossingKind::Window { piece } => {
            format!("Through a window of '{}': one roll (MOVE-12).", name(piece))
        }
        CrossingKind::Door { piece } => {
            format!("Through a door of '{}': no roll (MOVE-13).", name(piece))
        }
        CrossingKind::RivalModel { .. } | CrossingKind::FriendlyModel { .. } => {
            "Past a model.".to_owned()
        }
    }
}

fn centroid(polygon: &[[f32; 2]]) -> [f32; 2] {
    let n = polygon.len().max(1) as f32;
    let (x, z) = polygon
        .iter()
        .fold((0.0, 0.0), |(x, z), p| (x + p[0], z + p[1]));
    [x / n, z / n]
}

/// A point on the top where a model stands at the top's height: the middle, else points
/// part-way towards each corner.
fn spot_on_top(space: &Battlespace, polygon: &[[f32; 2]], top: f32) -> Option<[f32; 3]> {
    let c = centroid(polygon);
    std::iter::once(c)
        .chain(
            polygon
                .iter()
                .map(|p| [c[0] + 0.5 * (p[0] - c[0]), c[1] + 0.5 * (p[1] - c[1])]),
        )
        .find(|&[x, z]| {
            space
                .standing_levels(x, z)
                .iter()
                .any(|l| (l - top).abs() <= ON_TOP)
        })
        .map(|[x, z]| [x, top, z])
}

/// Spots on the table just outside the footprint, a base's radius off the middle of each
/// face (at most [`MAX_STARTS`], spread evenly), where a model stands on the table itself.
fn starts_around(space: &Battlespace, polygon: &[[f32; 2]]) -> Vec<[f32; 3]> {
    let c = centroid(polygon);
    let n = polygon.len();
    let every = n.div_ceil(MAX_STARTS).max(1);
    let off = BASE_27MM_RADIUS + 0.15;
    (0..n)
        .step_by(every)
        .filter_map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
            let len = dx.hypot_exact(dz).max(f32::EPSILON);
            let mut normal = [-dz / len, dx / len];
            if normal[0] * (mid[0] - c[0]) + normal[1] * (mid[1] - c[1]) < 0.0 {
                normal = [-normal[0], -normal[1]];
            }
            let [x, z] = [mid[0] + normal[0] * off, mid[1] + normal[1] * off];
            let table = space.table();
            let inside = x >= BASE_27MM_RADIUS
                && z >= BASE_27MM_RADIUS
                && x <= table.width - BASE_27MM_RADIUS
                && z <= table.depth - BASE_27MM_RADIUS;
            (inside && space.level_at(x, z, 0.0).abs() <= ON_TOP).then_some([x, 0.0, z])
        })
        .collect()
}

/// A footprint's bounding box: min x, min z, max x, max z.
fn bounds(p: &[[f32; 2]]) -> [f32; 4] {
    p.iter()
        .fold([f32::MAX, f32::MAX, f32::MIN, f32::MIN], |b, q| {
            [
                b[0].min(q[0]),
                b[1].min(q[1]),
                b[2].max(q[0]),
                b[3].max(q[1]),
            ]
        })
}
