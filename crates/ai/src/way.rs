//! How far a model has to walk to a point, as the table's route finder sees it
//! (`Battlespace::check_move`, `Battlespace::find_route`, MOVE-2): straight across where
//! nothing stands in the way, else around or through what does, over the table as it is now
//! (a breached wall section is a gap, TERR-8). A wall with no way through is walked around
//! the long way or, where nothing gets round it, counts the straight line plus a detour, so a
//! model is not drawn into the bricks on the far side of its goal.

use redline_battlespace::Battlespace;
use redline_rules::{Game, ModelId};

use crate::models::{base_at, flat};

/// The longest way the route finder is asked for, in inches: across the largest table and
/// back.
const FARTHEST: f32 = 120.0;
/// What a goal with no route to it costs on top of the straight line: more than any detour
/// on the table, so any point from which a route exists is nearer.
pub(crate) const NO_WAY: f32 = 60.0;

/// How far `m` standing at `from` walks to `to` on the table as it stands now.
pub(crate) fn way_to(game: &Game, m: ModelId, from: [f32; 3], to: [f32; 3]) -> f32 {
    way_on(game.battlespace(), game, m, from, to)
}

/// How far `m` standing at `from` walks to `to` on `space` (the table now, or as it would
/// be with a section breached): the straight line where a base can walk it, else the route
/// finder's way, else the straight line plus [`NO_WAY`]. Other models are left out: they
/// move before the walk is done.
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
    match space.find_route(&base, to, FARTHEST, &[]) {
        Ok(route) => route.plan.length.max(straight),
        Err(_) => straight + NO_WAY,
    }
}
