//! The thin adapter between the rules and `redline-battlespace`: distances between bases,
//! Paths of Attack with their cover, and moves with their ordered crossings. Everything the
//! rules ask about space goes through here (DESIGN §3).

use redline_battlespace::Hypot;
use redline_battlespace::{self as bs, ModelBase, PoaOptions};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::actions::route;
use crate::ids::ModelId;
use crate::protocol::route::RouteLeg;

pub use redline_battlespace::{Battlespace, Layout, SceneryPiece, Table};

/// A model's base as the geometry sees it.
pub(crate) type Base = ModelBase;

/// The rules' id of a base.
pub(crate) fn model_of(b: &Base) -> ModelId {
    ModelId(b.id as u16)
}

/// What a Path of Attack between two bases means to the rules (POA-2..POA-9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Poa {
    /// The barrier crossing the whole path (POA-8), by name.
    pub blocked_by: Option<String>,
    /// +1 per obstacle, partial barrier, elevated edge and other model (POA-5..POA-10).
    pub cover: u8,
    /// An obstacle, model or barrier crosses the whole path (Silent, KW-28, OPEN-31).
    pub obscured: bool,
}

/// One crossing of a move that needs a roll, in route order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) enum CrossingKind {
    /// An obstacle, window or low barrier: Reflexes vs the Obstacle die (MOVE-8, MOVE-12,
    /// OPEN-23).
    Obstacle { name: String },
    /// A climb (MOVE-23) or a jump (MOVE-17): Reflexes vs the Obstacle die.
    Climb { name: String },
    /// Passing through a rival model: Reflexes vs its Reflexes (MOVE-10).
    Rival { model: ModelId },
}

/// A crossing, where the model is left if its roll fails, how far it then falls, and the
/// model it falls onto (MOVE-21).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Crossing {
    pub kind: CrossingKind,
    pub stop_at: [f32; 3],
    pub fall: Option<f32>,
    /// Left out of the hash when nobody is below, as before there was a field for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lands_on: Option<ModelId>,
    /// A security fence: its kind and where a model that crosses it stops, within reach of
    /// the far side (SEC-14); `None` for every other crossing, and then left out of the hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fence: Option<(crate::setup::security::FenceKind, [f32; 3])>,
}

/// A legal route reduced to what the rules need.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct MovePlan {
    pub crossings: Vec<Crossing>,
    pub end: [f32; 3],
    /// The whole route's stretches, for the `Moved` event (not game state).
    #[serde(skip)]
    pub legs: Vec<RouteLeg>,
}

/// Inches from a base diameter in millimetres, halved.
pub(crate) fn radius_from_mm(mm: f32) -> f32 {
    bs::inches_from_mm(mm) / 2.0
}

/// Closest distance between two models (OPEN-1).
pub(crate) fn distance(a: &Base, b: &Base) -> f32 {
    a.distance_to(b)
}

/// Slack of [`within`]'s quick rejection, in inches: far above the rounding of `f32` sums
/// and square roots on a table's scale, so the rejection never disagrees with the distance.
const QUICK_SLACK: f32 = 1e-3;

/// `distance(a, b) <= d`, the same answer, but a pair clearly farther apart on one axis is
/// turned away before the square roots: the closest distance is at least the gap between
/// the rims along x or z and at least the height difference. Most pairs tested in a game
/// (Brawl, FIELD-9's rivals, ranges) are far apart.
pub(crate) fn within(a: &Base, b: &Base, d: f32) -> bool {
    let [ax, ay, az] = a.position;
    let [bx, by, bz] = b.position;
    let rims = a.radius + b.radius + d + QUICK_SLACK;
    if (ax - bx).abs() > rims || (az - bz).abs() > rims || (ay - by).abs() > d + QUICK_SLACK {
        return false;
    }
    distance(a, b) <= d
}

/// The Path of Attack from one base to another; `others` may include both ends.
pub(crate) fn path_of_attack(
    space: &Battlespace,
    from: &Base,
    to: &Base,
    others: &[Base],
    indirect: bool,
) -> Poa {
    path_of_attack_past(space, from, to, others, indirect, &[])
}

/// [`path_of_attack`] where the pieces in `clear` add nothing to the cover (razor wire,
/// SEC-14).
pub(crate) fn path_of_attack_past(
    space: &Battlespace,
    from: &Base,
    to: &Base,
    others: &[Base],
    indirect: bool,
    clear: &[u32],
) -> Poa {
    let poa = space.path_of_attack(
        from,
        to,
        others,
        PoaOptions {
            indirect,
            range: None,
        },
    );
    Poa {
        blocked_by: poa.blocked_by.map(|id| space.piece_name(id).to_string()),
        cover: poa
            .cover
            .iter()
            .filter(|c| !matches!(c.source, bs::CoverSource::Scenery(id) if clear.contains(&id.0)))
            .count()
            .min(255) as u8,
        obscured: poa.obscured,
    }
}

/// How far back along the route each try of [`clear_stop`] goes, in inches.
const STOP_BACK_OFF: f32 = 0.05;

/// The point `s` inches along the route's horizontal line from `start` (MOVE-2).
fn route_point(start: [f32; 3], route: &[[f32; 3]], s: f32) -> [f32; 2] {
    let mut from = [start[0], start[2]];
    let mut left = s.max(0.0);
    for p in route {
        let to = [p[0], p[2]];
        let len = (to[0] - from[0]).hypot_exact(to[1] - from[1]);
        if left <= len && len > 0.0 {
            let t = left / len;
            return [
                from[0] + (to[0] - from[0]) * t,
                from[1] + (to[1] - from[1]) * t,
            ];
        }
        left -= len;
        from = to;
    }
    from
}

/// Where a move stopped by a failed roll leaves the base (MOVE-8, MOVE-10, MOVE-24). The
/// geometry stops it where it meets what it failed to cross; if the base would overlap
/// another there (a model it passed through just before, MOVE-4), it is left at the last
/// spot back along the route where it can stand, at worst where it started. Walking back,
/// each spot is on the level the model is at there ([`Battlespace::level_at`] from the spot
/// before), not the top-most surface: a model stopped under a catwalk stays on the ground.
fn clear_stop(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    at: f32,
    stop: [f32; 3],
    blockers: &[Base],
) -> [f32; 3] {
    let others: Vec<Base> = blockers
        .iter()
        .copied()
        .filter(|b| b.id != mover.id)
        .collect();
    if !others.iter().any(|o| o.overlaps(&mover.at(stop))) {
        return stop;
    }
    let mut s = at;
    let mut y = stop[1];
    while s > 0.0 {
        s = (s - STOP_BACK_OFF).max(0.0);
        let [x, z] = route_point(mover.position, route, s);
        y = space.level_at(x, z, y);
        let p = [x, y, z];
        if space.can_place(&mover.at(p), &others) {
            return p;
        }
    }
    mover.position
}

/// The rules' side of a route the geometry accepted (`Battlespace::check_move`, MOVE-3, MOVE-9,
/// MOVE-13, MOVE-27): the crossings that need a roll, each with where a failed roll stops the
/// model; `blockers` are every base a stopped model must not end on (MOVE-4).
pub(crate) fn move_plan(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    plan: &bs::MovePlan,
    blockers: &[Base],
) -> MovePlan {
    let crossings = plan
        .crossings
        .iter()
        .filter(|c| c.needs_roll)
        .filter_map(|c| {
            let kind = match c.kind {
                bs::CrossingKind::Obstacle { piece }
                | bs::CrossingKind::Window { piece }
                | bs::CrossingKind::LowBarrier { piece, .. } => CrossingKind::Obstacle {
                    name: space.piece_name(piece).to_string(),
                },
                bs::CrossingKind::Climb { piece, .. }
                | bs::CrossingKind::Jump { from: piece, .. } => CrossingKind::Climb {
                    name: space.piece_name(piece).to_string(),
                },
                bs::CrossingKind::RivalModel { model } => CrossingKind::Rival {
                    model: ModelId(model as u16),
                },
                bs::CrossingKind::Door { .. } | bs::CrossingKind::FriendlyModel { .. } => {
                    return None;
                }
            };
            let (stop_at, lands_on) = failure_stop(space, mover, route, c, blockers);
            Some(Crossing {
                kind,
                stop_at,
                fall: c.fall_on_failure,
                lands_on,
                fence: None,
            })
        })
        .collect();
    MovePlan {
        crossings,
        end: plan.end,
        legs: route::legs_of_plan(plan),
    }
}

/// How far short of what it would cross a move halted without a roll stops, in inches: a
/// base left touching a piece would cross it unseen on its next move.
const HALT_SHORT: f32 = 0.1;

/// Where a move halted at crossing `c` without a roll leaves the mover: just short of what
/// it would cross, or the last clear spot before that (MOVE-4), as [`clear_stop`] finds it.
pub(crate) fn stop_before(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    c: &bs::Crossing,
    blockers: &[Base],
) -> [f32; 3] {
    let at = (c.at - HALT_SHORT).max(0.0);
    let [x, z] = route_point(mover.position, route, at);
    let stop = [x, space.level_at(x, z, c.stop[1]), z];
    clear_stop(space, mover, route, at, stop, blockers)
}

/// Where a failed roll at crossing `c` leaves the mover, and the model it falls onto, if any.
/// A failed jump drops to the surface under the gap's midpoint (MOVE-18) and a failed climb
/// down to the foot (MOVE-26), as the geometry found them; a model standing there takes the
/// same fall and the faller is put in base contact with it (MOVE-21), on the side it fell
/// from. Any other stop is [`clear_stop`].
fn failure_stop(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    c: &bs::Crossing,
    blockers: &[Base],
) -> ([f32; 3], Option<ModelId>) {
    let falls_below = matches!(
        c.kind,
        bs::CrossingKind::Jump { .. } | bs::CrossingKind::Climb { up: false, .. }
    );
    if falls_below && c.fall_on_failure.is_some() {
        let others: Vec<Base> = blockers
            .iter()
            .copied()
            .filter(|b| b.id != mover.id)
            .collect();
        let [x, _, z] = c.stop;
        // The side it fell from: back to the take-off of a jump, to the start of a climb down
        // (whose stop lies straight under where it left the edge).
        let [fx, fz] = route_point(mover.position, route, c.at);
        let toward = if (fx - x).hypot_exact(fz - z) > 1e-3 {
            [fx - x, fz - z]
        } else {
            [mover.position[0] - x, mover.position[2] - z]
        };
        if let Some((below, end)) = space.fallen_onto(&mover.at(c.stop), toward, &others) {
            return (end, Some(ModelId(below as u16)));
        }
    }
    (
        clear_stop(space, mover, route, c.at, c.stop, blockers),
        None,
    )
}

/// Where a dragged model put down at `drop` comes to rest (MOVE-16, BRAWL-13): on the surface
/// there, or, dropped off raised scenery, on the first surface below it (MOVE-19), in base
/// contact with a model it falls onto (MOVE-21). `toward` is the side it was dropped from;
/// `others` are the bases it must not end on (the dragger where it ends among them). `None`
/// when it can't stand where it comes to rest.
pub(crate) fn drop_landing(
    space: &Battlespace,
    dropped: &Base,
    toward: [f32; 2],
    others: &[Base],
) -> Option<bs::Landing> {
    let landing = space.land(dropped, dropped.position, toward, others);
    let rest: Vec<Base> = others
        .iter()
        .copied()
        .filter(|o| o.id != dropped.id)
        .collect();
    space
        .can_place(&dropped.at(landing.end), &rest)
        .then_some(landing)
}

/// Checks a climb too long for one action, spread over two actions in a row of `first` and
/// `second` inches (MOVE-25, OPEN-24), and keeps the crossings that need a roll. The climb
/// appears twice, once per action's roll; the index of the second is returned with the plan
/// so each action resolves its own part.
pub(crate) fn check_two_action_climb(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    (first, second): (f32, f32),
    others: &[Base],
) -> Result<(MovePlan, usize), String> {
    let plan = space
        .check_two_action_climb(mover, route, first, second, others)
        .map_err(|e| e.to_string())?;
    let rolls: Vec<&bs::Crossing> = plan.crossings.iter().filter(|c| c.needs_roll).collect();
    let split = rolls
        .windows(2)
        .position(|w| {
            matches!(w[0].kind, bs::CrossingKind::Climb { .. })
                && matches!(w[1].kind, bs::CrossingKind::Climb { .. })
        })
        .map(|i| i + 1)
        .ok_or_else(|| "the climb needs a roll in each action".to_string())?;
    let crossings = rolls
        .iter()
        .map(|c| {
            let bs::CrossingKind::Climb { piece, .. } = c.kind else {
                return Err("only the climb may need a roll (MOVE-22)".to_string());
            };
            // As for a one-action climb: never left on another base (MOVE-4), and a fall
            // down the face lands on a model at its foot (MOVE-21).
            let (stop_at, lands_on) = failure_stop(space, mover, route, c, others);
            Ok(Crossing {
                kind: CrossingKind::Climb {
                    name: space.piece_name(piece).to_string(),
                },
                stop_at,
                fall: c.fall_on_failure,
                lands_on,
                fence: None,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((
        MovePlan {
            crossings,
            end: plan.end,
            legs: route::legs_of_plan(&plan),
        },
        split,
    ))
}

/// Serialises a [`Battlespace`] as its layout (table and scenery) and rebuilds it on load.
pub mod layout_serde {
    use super::*;

    /// Writes the layout.
    pub fn serialize<S: Serializer>(space: &Battlespace, s: S) -> Result<S::Ok, S::Error> {
        Layout {
            table: *space.table(),
            scenery: space.pieces().to_vec(),
        }
        .serialize(s)
    }

    /// Reads a layout and compiles it.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Battlespace, D::Error> {
        let layout = Layout::deserialize(d)?;
        Battlespace::from_layout(layout).map_err(serde::de::Error::custom)
    }
}

/// An open table of the given size with no scenery.
pub fn open_table(width: f32, depth: f32) -> Battlespace {
    Battlespace::new(Table { width, depth }, Vec::new()).expect("a positive table size")
}

/// The first spot along the route past crossing `c` where the mover no longer touches the
/// piece it crossed: just beyond it, within reach of its far side (SEC-14). `None` if the
/// route ends first or a base stands there (MOVE-4).
pub(crate) fn just_past(
    space: &Battlespace,
    mover: &Base,
    route: &[[f32; 3]],
    c: &bs::Crossing,
    piece: bs::SceneryId,
    blockers: &[Base],
) -> Option<[f32; 3]> {
    let others: Vec<Base> = blockers
        .iter()
        .copied()
        .filter(|b| b.id != mover.id)
        .collect();
    let length = route_length(mover.position, route);
    let mut s = c.at;
    while s < length {
        s += STOP_BACK_OFF;
        let [x, z] = route_point(mover.position, route, s);
        let p = [x, space.level_at(x, z, c.stop[1]), z];
        let clear = space
            .distance_to_piece(&mover.at(p), piece)
            .is_none_or(|d| d > STOP_BACK_OFF);
        if clear {
            return space.can_place(&mover.at(p), &others).then_some(p);
        }
    }
    None
}

/// The horizontal length of a route from `start` (MOVE-2).
fn route_length(start: [f32; 3], route: &[[f32; 3]]) -> f32 {
    let mut from = start;
    let mut total = 0.0;
    for p in route {
        total += (p[0] - from[0]).hypot_exact(p[2] - from[2]);
        from = *p;
    }
    total
}
