//! The move candidate that heads for a goal (the nearest rival, the scenario's nearest
//! objective): straight along the line where that is legal, else the route finder's way
//! there within the move, else as far as the move goes along the route finder's whole way
//! to the goal (MOVE-2). Without the last, a model whose straight line runs into a building
//! is offered nothing that brings it nearer, and stands still.

use std::cell::RefCell;

use crate::geometry::Base;
use crate::ids::ModelId;
use crate::legal::DIRECTIONS;
use crate::state::{Bases, Game};
use redline_battlespace::{Battlespace, Hypot};

/// Share of the move a candidate heading for a goal uses: a little room is left for what
/// the straight line doesn't see (a step, a corner).
const RUN_SHARE: f32 = 0.9;

/// The longest whole way to a goal the route finder looks for, in inches: across the
/// largest table and back.
const LONGEST_WAY: f32 = 120.0;

/// How far along the whole way a cut move ends, as shares of the move: the first the move
/// check accepts is offered.
const CUTS: [f32; 4] = [0.95, 0.8, 0.65, 0.5];

/// How much nearer its goal a straight run must end for the model not to count as boxed
/// in, in inches.
const CLOSER: f32 = 1.0;

/// How many whole ways a thread keeps (the oldest goes first).
const KEPT_WAYS: usize = 64;

/// A whole way found, with everything it was found from: the same question asked again
/// (the next token's move, the same model in a game copied to weigh an action) gets the
/// same answer without the search. The route finder is a pure function of these.
struct KeptWay {
    /// The table (held, so the table is the same one while the way is kept).
    space: Battlespace,
    mover: Base,
    goal: [u32; 3],
    others: Bases,
    /// The waypoints, or `None` when there is no way.
    way: Option<Vec<[f32; 3]>>,
}

thread_local! {
    static WAYS: RefCell<Vec<KeptWay>> = const { RefCell::new(Vec::new()) };
}

/// Where the whole way may end instead when no base stands at the goal itself (it lies
/// inside a piece of scenery): this far from it in the compass directions, in inches.
const AROUND_GOAL: [f32; 2] = [1.5, 3.0];

impl Game {
    /// The route toward `goal` for a move of at most `length`: to the point as far along
    /// the straight line as the move goes (straight if legal, else the route finder's way
    /// there), else the first stretch of the route finder's whole way to `goal` that the
    /// move covers; `None` if none is found.
    pub(crate) fn close_in_route(
        &self,
        m: ModelId,
        goal: [f32; 3],
        length: f32,
    ) -> Option<Vec<[f32; 3]>> {
        let near = along_line(self.position(m), goal, length * RUN_SHARE);
        self.route_to(m, near, length).or_else(|| {
            (!self.a_run_closes_in(m, goal, length))
                .then(|| self.stretch_toward(m, goal, length))
                .flatten()
        })
    }

    /// Whether a legal straight run of the whole move in a compass direction ends at least
    /// [`CLOSER`] nearer `goal`: then the model is not boxed in, and the whole way (a costly
    /// search) is not looked for.
    fn a_run_closes_in(&self, m: ModelId, goal: [f32; 3], length: f32) -> bool {
        let me = self.base(m);
        let others = self.bases_in_play();
        let flat = |p: [f32; 3]| (p[0] - goal[0]).hypot_exact(p[2] - goal[2]);
        let now = flat(me.position);
        self.compass_runs(m, length).any(|end| {
            flat(end) <= now - CLOSER
                && self
                    .space()
                    .check_move(&me, &[end], length, &others)
                    .is_ok()
        })
    }

    /// A legal route to `to` within `length`: straight if that is legal, else the route
    /// finder's.
    fn route_to(&self, m: ModelId, to: [f32; 3], length: f32) -> Option<Vec<[f32; 3]>> {
        let me = self.base(m);
        let others = self.bases_in_play();
        let straight = self.space().check_move(&me, &[to], length, &others);
        if let Ok(plan) = straight {
            // The move's own check asks the same question next (`plan_move`).
            self.moves.keep(&me, &[to], length, &others, &plan);
            return Some(vec![to]);
        }
        // The route's plan is `check_move`'s for exactly these waypoints: kept too.
        let route = self.space().find_route(&me, to, length, &others).ok()?;
        self.moves
            .keep(&me, &route.waypoints, length, &others, &route.plan);
        Some(route.waypoints)
    }

    /// The first stretch of the route finder's whole way to `goal` (or to a spot beside it
    /// where no base stands at it) that a move of `length` covers.
    fn stretch_toward(&self, m: ModelId, goal: [f32; 3], length: f32) -> Option<Vec<[f32; 3]>> {
        let me = self.base(m);
        let way = whole_way(self.space(), me, goal, self.bases_in_play())?;
        CUTS.iter().find_map(|share| {
            let end = point_along(me.position, &way, length * share)?;
            self.route_to(m, end, length)
        })
    }
}

/// The route finder's whole way for `mover` to `goal` (or to a spot beside it), kept per
/// thread ([`KeptWay`]).
fn whole_way(
    space: &Battlespace,
    mover: Base,
    goal: [f32; 3],
    others: Bases,
) -> Option<Vec<[f32; 3]>> {
    let key = goal.map(f32::to_bits);
    let same = |k: &KeptWay| {
        k.goal == key && k.mover == mover && k.others == others && k.space.is_same_table(space)
    };
    if let Some(way) = WAYS.with(|w| w.borrow().iter().find(|k| same(k)).map(|k| k.way.clone())) {
        return way;
    }
    let way = ends_near(goal)
        .find_map(|end| space.find_route(&mover, end, LONGEST_WAY, &others).ok())
        .map(|route| route.waypoints);
    WAYS.with(|w| {
        let mut w = w.borrow_mut();
        if w.len() >= KEPT_WAYS {
            w.remove(0);
        }
        w.push(KeptWay {
            space: space.clone(),
            mover,
            goal: key,
            others,
            way: way.clone(),
        });
    });
    way
}

/// `goal`, then the spots around it a whole way may end at instead.
fn ends_near(goal: [f32; 3]) -> impl Iterator<Item = [f32; 3]> {
    let [x, y, z] = goal;
    let around = AROUND_GOAL
        .into_iter()
        .flat_map(move |r| DIRECTIONS.map(|[dx, dz]| [x + dx * r, y, z + dz * r]));
    std::iter::once(goal).chain(around)
}

/// The point `run` along the straight line from `from` toward `to` (across the table, at
/// `from`'s height), or `to` itself when it is nearer.
fn along_line(from: [f32; 3], to: [f32; 3], run: f32) -> [f32; 3] {
    let (dx, dz) = (to[0] - from[0], to[2] - from[2]);
    let d = dx.hypot_exact(dz);
    let k = if d > run { run / d } else { 1.0 };
    [from[0] + dx * k, from[1], from[2] + dz * k]
}

/// The point `run` across the table along the waypoints from `start`; `None` when the
/// whole way is shorter (the move reaches the goal, and the route to it was tried first).
fn point_along(start: [f32; 3], waypoints: &[[f32; 3]], run: f32) -> Option<[f32; 3]> {
    let mut left = run;
    let mut from = start;
    for &to in waypoints {
        let leg = (to[0] - from[0]).hypot_exact(to[2] - from[2]);
        if leg >= left {
            let k = left / leg;
            return Some([
                from[0] + (to[0] - from[0]) * k,
                from[1] + (to[1] - from[1]) * k,
                from[2] + (to[2] - from[2]) * k,
            ]);
        }
        left -= leg;
        from = to;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_along_the_waypoints_turns_their_corners() {
        let p = point_along([0.0; 3], &[[3.0, 0.0, 0.0], [3.0, 0.0, 4.0]], 5.0);
        assert_eq!(p, Some([3.0, 0.0, 2.0]));
        assert_eq!(point_along([0.0; 3], &[[3.0, 0.0, 0.0]], 5.0), None);
    }

    #[test]
    fn the_point_along_the_line_stops_at_its_end() {
        assert_eq!(along_line([0.0; 3], [6.0, 0.0, 8.0], 5.0), [3.0, 0.0, 4.0]);
        assert_eq!(along_line([0.0; 3], [3.0, 0.0, 4.0], 9.0), [3.0, 0.0, 4.0]);
    }
}
