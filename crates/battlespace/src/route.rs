//! Route finding (MOVE-2, MOVE-9): the legal route to a point that needs the fewest rolls,
//! and the area a model can reach with one band. A grid over the table carries what each
//! standing spot overlaps; a Dijkstra over (cell, rolls used) finds routes, which are then
//! straightened and always confirmed by [`Battlespace::check_move`].

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use rapier3d::parry::math::{Pose, Vec3};
use serde::{Deserialize, Serialize};

use crate::error::RouteError;
use crate::model::ModelBase;
use crate::movement::MovePlan;
use crate::scenery::{OpeningKind, SceneryKind};
use crate::solid::{self, Role};
use crate::space::{Battlespace, STEP};
use crate::units::{EPSILON, MODEL_HEIGHT, RED};

/// Grid spacing for route finding, in inches.
pub const ROUTE_CELL: f32 = 0.5;
/// The most rolls a planned route may need.
pub const MAX_ROUTE_ROLLS: usize = 4;

/// A found route.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Route {
    /// The points to pass to [`Battlespace::check_move`] (after the start).
    pub waypoints: Vec<[f32; 3]>,
    /// What `check_move` says about it.
    pub plan: MovePlan,
}

/// One spot a model can reach.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReachCell {
    /// Where the base would stand (centre of the base's bottom).
    pub position: [f32; 3],
    /// The fewest rolls needed to get there.
    pub rolls: u8,
    /// The Limiter length that route uses.
    pub length: f32,
}

/// The area a model can reach with one move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReachableArea {
    /// Grid spacing in inches (each cell is a square this wide around its position).
    pub cell: f32,
    /// Every reachable spot where the model may end, in grid order.
    pub cells: Vec<ReachCell>,
}

/// What a base standing at a grid cell overlaps, for one base radius and the static scenery.
pub(crate) struct StaticGrid {
    nx: usize,
    nz: usize,
    level: Vec<f32>,
    support: Vec<Option<usize>>,
    blocked: Vec<bool>,
    /// Pieces (bit = piece index mod 64) whose crossing needs a roll.
    mask: Vec<u64>,
}

struct Spot {
    level: f32,
    support: Option<usize>,
    blocked: bool,
    mask: u64,
}

fn bit(piece: usize) -> u64 {
    1u64 << (piece % 64)
}

impl Battlespace {
    fn classify(&self, x: f32, z: f32, r: f32) -> Spot {
        let (level, support) = self.surface_at(x, z, f32::INFINITY);
        let probe = ModelBase::new(0, 0, [x, level, z]).with_radius(r);
        if !self.table().contains_base(&probe) {
            return Spot {
                level,
                support,
                blocked: true,
                mask: 0,
            };
        }
        let body = solid::body(r);
        let pose = Pose::from_translation(solid::body_centre(x, level, z));
        let (min, max) = (
            Vec3::new(x - r, level, z - r),
            Vec3::new(x + r, level + MODEL_HEIGHT, z + r),
        );
        let mut spot = Spot {
            level,
            support,
            blocked: false,
            mask: 0,
        };
        for s in self.solids().iter().filter(|s| s.aabb_hits(min, max)) {
            if s.top() <= level + STEP || s.bottom() >= level + MODEL_HEIGHT - 0.05 {
                continue;
            }
            if !s.intersects(&pose, &body) {
                continue;
            }
            let piece = self.piece_at(s.piece);
            let height = piece.top() - level;
            match s.role {
                Role::Opening(OpeningKind::Door) => {}
                Role::Opening(OpeningKind::Window) => spot.mask |= bit(s.piece),
                Role::Body if height > RED + EPSILON => spot.blocked = true,
                Role::Body if piece.kind == SceneryKind::Barrier && piece.easy_climb => {}
                Role::Body => spot.mask |= bit(s.piece),
            }
        }
        spot
    }

    pub(crate) fn grid(&self, radius: f32) -> Arc<StaticGrid> {
        let key = radius.to_bits();
        let mut cache = self.inner.grids.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, g)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(g);
        }
        let t = self.table();
        let (nx, nz) = (
            (t.width / ROUTE_CELL).ceil() as usize,
            (t.depth / ROUTE_CELL).ceil() as usize,
        );
        let mut g = StaticGrid {
            nx,
            nz,
            level: Vec::with_capacity(nx * nz),
            support: Vec::with_capacity(nx * nz),
            blocked: Vec::with_capacity(nx * nz),
            mask: Vec::with_capacity(nx * nz),
        };
        for k in 0..nz {
            for i in 0..nx {
                let [x, z] = cell_centre(i, k);
                let s = self.classify(x, z, radius);
                g.level.push(s.level);
                g.support.push(s.support);
                g.blocked.push(s.blocked);
                g.mask.push(s.mask);
            }
        }
        let g = Arc::new(g);
        cache.push((key, Arc::clone(&g)));
        g
    }

    /// The area `mover` can reach with a move of at most `max_len` (for the UI highlight and
    /// the AI's candidate destinations): grid spots where the base may end, each with the
    /// fewest rolls needed. The planner never climbs or drops more than RED and never jumps.
    pub fn reachable_area(
        &self,
        mover: &ModelBase,
        max_len: f32,
        others: &[ModelBase],
    ) -> ReachableArea {
        let search = Search::run(self, mover, max_len, others);
        let mut cells = Vec::new();
        for c in 0..search.grid.nx * search.grid.nz {
            if search.occupied[c] || search.grid.mask[c] != 0 || search.grid.blocked[c] {
                continue;
            }
            let best = (0..=MAX_ROUTE_ROLLS)
                .filter_map(|k| {
                    let d = search.dist[c * STATES + k];
                    (d <= max_len + EPSILON).then_some((k, d))
                })
                .next();
            if let Some((k, d)) = best {
                let [x, z] = cell_centre(c % search.grid.nx, c / search.grid.nx);
                cells.push(ReachCell {
                    position: [x, search.grid.level[c], z],
                    rolls: k as u8,
                    length: d,
                });
            }
        }
        ReachableArea {
            cell: ROUTE_CELL,
            cells,
        }
    }

    /// The legal route from `mover` to the point `goal` (its y is ignored) with at most
    /// `max_len` of Limiter that needs the fewest rolls, then the shortest (MOVE-2, MOVE-9).
    pub fn find_route(
        &self,
        mover: &ModelBase,
        goal: [f32; 3],
        max_len: f32,
        others: &[ModelBase],
    ) -> Result<Route, RouteError> {
        let level = self.surface_height_at(goal[0], goal[2]);
        let end = mover.at([goal[0], level, goal[2]]);
        if !self.table().contains_base(&end) {
            return Err(RouteError::BadDestination("it is off the table".into()));
        }
        self.check_end(&end, others)
            .map_err(|e| RouteError::BadDestination(e.to_string()))?;
        let direct = self.check_move(mover, &[goal], max_len, others);
        let search = Search::run(self, mover, max_len, others);
        let g = &search.grid;
        // Join the goal to the cells around it.
        let gc = cell_of(goal[0], goal[2], g);
        let goal_spot = self.classify(goal[0], goal[2], mover.radius);
        let mut best: Option<(usize, f32, usize)> = None;
        for c in neighbourhood(gc, g) {
            for k in 0..=MAX_ROUTE_ROLLS {
                let d = search.dist[c * STATES + k];
                if !d.is_finite() {
                    continue;
                }
                let [x, z] = cell_centre(c % g.nx, c / g.nx);
                let dy = (goal_spot.level - g.level[c]).abs();
                if dy > STEP {
                    continue;
                }
                let extra = (goal_spot.mask & !g.mask[c]).count_ones() as usize;
                let total = d + (goal[0] - x).hypot(goal[2] - z);
                let key = (k + extra, total);
                if total <= max_len + EPSILON
                    && best.is_none_or(|(bk, bd, _)| key.0 < bk || key.0 == bk && key.1 < bd)
                {
                    best = Some((key.0, total, c * STATES + k));
                }
            }
        }
        let grid_route = best.and_then(|(rolls, _, state)| {
            let mut cells = vec![state];
            while let Some(&p) = search.prev.get(*cells.last()?) {
                if p == usize::MAX {
                    break;
                }
                cells.push(p);
            }
            cells.reverse();
            let mut pts: Vec<([f32; 2], usize)> = vec![([mover.position[0], mover.position[2]], 0)];
            pts.extend(cells.iter().map(|&s| {
                let c = s / STATES;
                (cell_centre(c % g.nx, c / g.nx), s % STATES)
            }));
            pts.push(([goal[0], goal[2]], rolls));
            self.straighten(mover, &pts, max_len, others)
        });
        // Prefer whichever confirmed route needs fewer rolls, then is shorter.
        let candidates = [
            direct.ok().map(|plan| Route {
                waypoints: vec![goal],
                plan,
            }),
            grid_route,
        ];
        candidates
            .into_iter()
            .flatten()
            .min_by(|a, b| {
                a.plan
                    .rolls()
                    .cmp(&b.plan.rolls())
                    .then(a.plan.length.total_cmp(&b.plan.length))
            })
            .ok_or(RouteError::Unreachable { max: max_len })
    }

    /// Pulls the grid route straight where `check_move` agrees, then confirms the whole route.
    fn straighten(
        &self,
        mover: &ModelBase,
        pts: &[([f32; 2], usize)],
        max_len: f32,
        others: &[ModelBase],
    ) -> Option<Route> {
        let n = pts.len();
        let p3 = |i: usize| {
            let [x, z] = pts[i].0;
            [x, self.surface_height_at(x, z), z]
        };
        let mut keep = vec![];
        let mut i = 0;
        while i + 1 < n {
            let mut j = i + 1;
            while j + 1 < n {
                let from = mover.at(p3(i));
                let ok = self
                    .check_move(&from, &[p3(j + 1)], f32::INFINITY, others)
                    .is_ok_and(|plan| {
                        plan.rolls() <= pts[j + 1].1.saturating_sub(pts[i].1)
                            && plan.climbed <= STEP
                    });
                if !ok {
                    break;
                }
                j += 1;
            }
            keep.push(j);
            i = j;
        }
        let waypoints: Vec<[f32; 3]> = keep.iter().map(|&j| p3(j)).collect();
        if let Ok(plan) = self.check_move(mover, &waypoints, max_len, others) {
            return Some(Route { waypoints, plan });
        }
        let raw: Vec<[f32; 3]> = (1..n).map(p3).collect();
        self.check_move(mover, &raw, max_len, others)
            .ok()
            .map(|plan| Route {
                waypoints: raw,
                plan,
            })
    }
}

const STATES: usize = MAX_ROUTE_ROLLS + 1;

fn cell_centre(i: usize, k: usize) -> [f32; 2] {
    [(i as f32 + 0.5) * ROUTE_CELL, (k as f32 + 0.5) * ROUTE_CELL]
}

fn cell_of(x: f32, z: f32, g: &StaticGrid) -> usize {
    let i = ((x / ROUTE_CELL) as usize).min(g.nx - 1);
    let k = ((z / ROUTE_CELL) as usize).min(g.nz - 1);
    k * g.nx + i
}

/// The cell and its eight neighbours, in a fixed order.
fn neighbourhood(c: usize, g: &StaticGrid) -> impl Iterator<Item = usize> + '_ {
    let (i, k) = ((c % g.nx) as isize, (c / g.nx) as isize);
    (-1..=1).flat_map(move |dk| {
        (-1..=1).filter_map(move |di| {
            let (ni, nk) = (i + di, k + dk);
            (ni >= 0 && nk >= 0 && (ni as usize) < g.nx && (nk as usize) < g.nz)
                .then(|| nk as usize * g.nx + ni as usize)
        })
    })
}

struct Search {
    grid: Arc<StaticGrid>,
    dist: Vec<f32>,
    prev: Vec<usize>,
    /// Cells where another base would be overlapped (can't end there).
    occupied: Vec<bool>,
}

impl Search {
    fn run(bs: &Battlespace, mover: &ModelBase, max_len: f32, others: &[ModelBase]) -> Search {
        let grid = bs.grid(mover.radius);
        let g = &*grid;
        let n = g.nx * g.nz;
        // Rival bases cost a roll to pass through (MOVE-10); any base blocks ending (MOVE-4).
        let mut rivals = vec![0u32; n];
        let mut occupied = vec![false; n];
        for (idx, o) in others.iter().enumerate().filter(|(_, o)| o.id != mover.id) {
            let reach = mover.radius + o.radius;
            let [ox, oy, oz] = o.position;
            let (i0, i1) = (
                ((ox - reach) / ROUTE_CELL).floor().max(0.0) as usize,
                ((ox + reach) / ROUTE_CELL).ceil() as usize,
            );
            let (k0, k1) = (
                ((oz - reach) / ROUTE_CELL).floor().max(0.0) as usize,
                ((oz + reach) / ROUTE_CELL).ceil() as usize,
            );
            for k in k0..k1.min(g.nz) {
                for i in i0..i1.min(g.nx) {
                    let c = k * g.nx + i;
                    let [x, z] = cell_centre(i, k);
                    if (x - ox).hypot(z - oz) < reach && (g.level[c] - oy).abs() < MODEL_HEIGHT {
                        occupied[c] = true;
                        if !o.is_friend_of(mover) && idx < 32 {
                            rivals[c] |= 1 << idx;
                        }
                    }
                }
            }
        }
        let mut dist = vec![f32::INFINITY; n * STATES];
        let mut prev = vec![usize::MAX; n * STATES];
        let mut heap = BinaryHeap::new();
        let [sx, _, sz] = mover.position;
        let start = bs.classify(sx, sz, mover.radius);
        let start_rivals = 0u32;
        let cost = |from_mask: u64,
                    from_rivals: u32,
                    from_level: f32,
                    from_support: Option<usize>,
                    c: usize| {
            let dy = g.level[c] - from_level;
            if g.blocked[c] || dy.abs() > RED + EPSILON {
                return None;
            }
            let own = from_support.map_or(0, bit);
            let mut rolls = ((g.mask[c] & !from_mask & !own).count_ones()
                + (rivals[c] & !from_rivals).count_ones()) as usize;
            let mut extra = if dy.abs() > STEP { dy.abs() } else { 0.0 };
            if dy > STEP
                && let Some(p) = g.support[c]
                && from_mask & bit(p) == 0
            {
                let piece = bs.piece_at(p);
                if !(piece.easy_climb && piece.kind == SceneryKind::Barrier) {
                    rolls += 1;
                }
            }
            let mut new = g.mask[c] & !from_mask & !own;
            while new != 0 {
                let p = new.trailing_zeros() as usize;
                new &= new - 1;
                if let Some(piece) = bs.inner.pieces.get(p)
                    && piece.kind == SceneryKind::Barrier
                    && !piece.elevated
                {
                    extra += 2.0 * (piece.top() - g.level[c]).max(0.0);
                }
            }
            Some((rolls, extra))
        };
        let sc = cell_of(sx, sz, g);
        for c in neighbourhood(sc, g) {
            let [x, z] = cell_centre(c % g.nx, c / g.nx);
            if let Some((rolls, extra)) =
                cost(start.mask, start_rivals, start.level, start.support, c)
            {
                let d = (x - sx).hypot(z - sz) + extra;
                if rolls <= MAX_ROUTE_ROLLS
                    && d <= max_len + EPSILON
                    && d < dist[c * STATES + rolls]
                {
                    dist[c * STATES + rolls] = d;
                    heap.push(Reverse(((d * 1e4) as u64, c * STATES + rolls)));
                }
            }
        }
        while let Some(Reverse((key, state))) = heap.pop() {
            let (c, k) = (state / STATES, state % STATES);
            let d0 = dist[state];
            if key > (d0 * 1e4) as u64 {
                continue; // stale entry
            }
            let (i, kz) = ((c % g.nx) as isize, (c / g.nx) as isize);
            for (di, dk) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                let (ni, nk) = (i + di, kz + dk);
                if ni < 0 || nk < 0 || ni as usize >= g.nx || nk as usize >= g.nz {
                    continue;
                }
                let nc = nk as usize * g.nx + ni as usize;
                if di != 0 && dk != 0 {
                    // No cutting corners past blocked cells.
                    let (a, b) = (
                        kz as usize * g.nx + ni as usize,
                        nk as usize * g.nx + i as usize,
                    );
                    if g.blocked[a] || g.blocked[b] {
                        continue;
                    }
                }
                let Some((rolls, extra)) = cost(g.mask[c], rivals[c], g.level[c], g.support[c], nc)
                else {
                    continue;
                };
                let nk2 = k + rolls;
                if nk2 > MAX_ROUTE_ROLLS {
                    continue;
                }
                let step = if di != 0 && dk != 0 {
                    ROUTE_CELL * std::f32::consts::SQRT_2
                } else {
                    ROUTE_CELL
                };
                let d = d0 + step + extra;
                let ns = nc * STATES + nk2;
                if d <= max_len + EPSILON && d < dist[ns] {
                    dist[ns] = d;
                    prev[ns] = state;
                    heap.push(Reverse(((d * 1e4) as u64, ns)));
                }
            }
        }
        Search {
            grid,
            dist,
            prev,
            occupied,
        }
    }
}
