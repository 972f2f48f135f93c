//! Route finding (MOVE-2, MOVE-9): the legal route to a point that needs the fewest rolls,
//! and the area a model can reach with one band. A grid over the table carries what each
//! standing spot overlaps; a search over (cell, rolls used) — an A* toward a goal, a plain
//! Dijkstra over the whole band for the reachable area — finds routes, which are then
//! straightened and always confirmed by [`Battlespace::check_move`].

use crate::units::{EPSILON, Hypot, MODEL_HEIGHT, RED, STEP};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use rapier3d::parry::math::{Pose, Vec3};
use serde::{Deserialize, Serialize};

use crate::error::RouteError;
use crate::grid::{Layer, ROUTE_CELL, StaticGrid, cell_centre, cell_of, neighbourhood};
use crate::model::ModelBase;
use crate::movement::{CrossingKind, MovePlan};
use crate::scenery::{OpeningKind, SceneryKind};
use crate::solid::{self, Role};
use crate::space::Battlespace;

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

struct Spot {
    blocked: bool,
    mask: u64,
    easy: bool,
}

fn bit(piece: usize) -> u64 {
    1u64 << (piece % 64)
}

/// The eight neighbours of a cell, orthogonal ones first.
const DIRS: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Battlespace {
    /// What a base of radius `r` standing at `level` at (x, z) overlaps.
    fn classify(&self, x: f32, z: f32, level: f32, r: f32) -> Spot {
        let probe = ModelBase::new(0, 0, [x, level, z]).with_radius(r);
        let mut spot = Spot {
            blocked: !self.table().contains_base(&probe),
            mask: 0,
            easy: false,
        };
        if spot.blocked {
            return spot;
        }
        let body = solid::body(r);
        let pose = Pose::from_translation(solid::body_centre(x, level, z));
        let (min, max) = (
            Vec3::new(x - r, level, z - r),
            Vec3::new(x + r, level + MODEL_HEIGHT, z + r),
        );
        for p in self.pieces() {
            if p.ladders
                .iter()
                .any(|l| (l.at[0] - x).hypot_exact(l.at[1] - z) <= l.width / 2.0 + r + 0.1)
            {
                spot.easy = true;
            }
        }
        // An easy face is one the base touches here, as `check_move` sees a climb's face.
        let touch = solid::body(r + 0.06);
        let clear = solid::body(r + CLEARANCE);
        let pad = Vec3::new(0.1, 0.0, 0.1);
        // Flags and a mask: the order of the solids doesn't matter.
        for s in self.solids_near_unordered(min - pad, max + pad) {
            let piece = self.piece_at(s.piece);
            if piece.easy_climb
                && piece.kind == SceneryKind::Barrier
                && s.role == Role::Body
                && s.intersects(&pose, &touch)
            {
                spot.easy = true;
            }
            if !s.aabb_hits(min - pad, max + pad)
                || s.top() <= level + STEP
                || s.bottom() >= level + MODEL_HEIGHT - 0.05
            {
                continue;
            }
            let height = piece.top() - level;
            // A base sweeping between two cell centres bulges up to CLEARANCE beyond them
            // (half a diagonal step is guarded by the side cells): keep that clear of
            // barriers it can't cross, or the grid route clips a wall's corner.
            // Easy faces (ladders) are stood against to climb them, so only the base counts.
            if s.role == Role::Body && height > RED + EPSILON {
                let probe = if piece.easy_climb { &body } else { &clear };
                if s.intersects(&pose, probe) {
                    spot.blocked = true;
                }
                continue;
            }
            if !s.aabb_hits(min, max) || !s.intersects(&pose, &body) {
                continue;
            }
            match s.role {
                Role::Opening(OpeningKind::Door) => {}
                Role::Opening(OpeningKind::Window) => spot.mask |= bit(s.piece),
                Role::Body if piece.kind == SceneryKind::Barrier && piece.easy_climb => {}
                Role::Body => spot.mask |= bit(s.piece),
            }
        }
        spot
    }

    /// Whether a base of radius `r` at `level` moving straight from `from` to `to` (x, z)
    /// stays clear of every piece outside `allowed` (bits of the pieces the step may touch:
    /// those it starts or ends inside of, or stands on). The grid's masks and CLEARANCE cover
    /// steps between neighbouring cell centres only; the first step from the model's own
    /// position and the last one to a goal off the cell centres are longer or start off-centre,
    /// and may clip a corner no cell overlaps: this is `check_move`'s sweep for those.
    fn off_grid_step_clear(
        &self,
        r: f32,
        level: f32,
        from: [f32; 2],
        to: [f32; 2],
        allowed: u64,
    ) -> bool {
        let body = solid::body(r);
        let (a, b) = (
            solid::body_centre(from[0], level, from[1]),
            solid::body_centre(to[0], level, to[1]),
        );
        let pad = Vec3::new(r, MODEL_HEIGHT / 2.0, r);
        let (min, max) = (a.min(b) - pad, a.max(b) + pad);
        self.solids_near_unordered(min, max)
            .filter(|s| allowed & bit(s.piece) == 0)
            .filter(|s| !matches!(s.role, Role::Opening(OpeningKind::Door)))
            .filter(|s| s.top() > level + STEP && s.bottom() < level + MODEL_HEIGHT - 0.05)
            .all(|s| s.sweep_interval(&body, a, b).is_none())
    }

    /// Whether (x, z) at `level` is on the rim of the top there: a step of a hair in some
    /// direction leaves that level.
    fn on_rim(&self, x: f32, z: f32, level: f32) -> bool {
        const HAIR: f32 = 2e-3;
        [(HAIR, 0.0), (-HAIR, 0.0), (0.0, HAIR), (0.0, -HAIR)]
            .iter()
            .any(|(dx, dz)| (self.level_at(x + dx, z + dz, level) - level).abs() > STEP)
    }

    pub(crate) fn grid(&self, radius: f32) -> Arc<StaticGrid> {
        let key = radius.to_bits();
        let mut cache = self.inner.grids.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, g)) = cache.iter().find(|(k, _)| *k == key) {
            return Arc::clone(g);
        }
        let g = Arc::new(self.build_grid(radius));
        cache.push((key, Arc::clone(&g)));
        g
    }

    fn build_grid(&self, radius: f32) -> StaticGrid {
        let t = self.table();
        let (nx, nz) = (
            (t.width / ROUTE_CELL).ceil() as usize,
            (t.depth / ROUTE_CELL).ceil() as usize,
        );
        let bare = (0..nx * nz)
            .map(|c| {
                let [x, z] = cell_centre(c % nx, c / nx);
                !self.surfaces_at(x, z).iter().any(|&i| {
                    let s = &self.solids()[i];
                    x >= s.min.x && x <= s.max.x && z >= s.min.z && z <= s.max.z
                })
            })
            .collect();
        let mut first = Vec::with_capacity(nx * nz + 1);
        let mut layers = Vec::with_capacity(nx * nz);
        for c in 0..nx * nz {
            first.push(layers.len());
            let [x, z] = cell_centre(c % nx, c / nx);
            for (level, support) in self.levels_at(x, z) {
                // A cell centre exactly on the rim of a raised top (tops laid out on the
                // half-inch lines the centres sit on) is on the top only by a hair: the
                // movement check, judging the approach, may put the model beside it, so the
                // grid leaves such a spot out rather than offer a move it can't confirm.
                if support.is_some() && self.on_rim(x, z, level) {
                    continue;
                }
                let spot = self.classify(x, z, level, radius);
                if !spot.blocked {
                    layers.push(Layer {
                        cell: c,
                        level,
                        support,
                        mask: spot.mask,
                        easy: spot.easy,
                    });
                }
            }
        }
        first.push(layers.len());
        let mut g = StaticGrid {
            nx,
            nz,
            first,
            bare,
            layers,
            link_first: Vec::new(),
            links: Vec::new(),
            jump_first: Vec::new(),
            jumps: Vec::new(),
        };
        let mut targets = Vec::new();
        for l in 0..g.layers.len() {
            g.link_first.push(g.links.len());
            let a = g.layers[l];
            let [ax, az] = cell_centre(a.cell % nx, a.cell / nx);
            let (i, k) = ((a.cell % nx) as isize, (a.cell / nx) as isize);
            for (di, dk) in DIRS {
                let Some(nc) = g.cell_at(i + di, k + dk) else {
                    continue;
                };
                if di != 0 && dk != 0 {
                    // No cutting corners past cells the model can't stand in at this level.
                    let side = [g.cell_at(i + di, k), g.cell_at(i, k + dk)];
                    let open = side.iter().flatten().all(|&c| {
                        if g.bare[c] {
                            return g.first[c] < g.first[c + 1];
                        }
                        let [x, z] = cell_centre(c % nx, c / nx);
                        g.layer_at(c, self.level_at(x, z, a.level)).is_some()
                    });
                    if !open {
                        continue;
                    }
                }
                targets.clear();
                self.steps_into(&g, a.level, [ax, az], nc, &mut targets);
                g.links.extend_from_slice(&targets);
            }
            // Climbs also reach two cells away: a ladder or wall under a roof's edge is thinner
            // than a cell, and the base stands against it, not on it.
            for dk in -2isize..=2 {
                for di in -2isize..=2 {
                    if di.abs() < 2 && dk.abs() < 2 {
                        continue;
                    }
                    let Some(nc) = g.cell_at(i + di, k + dk) else {
                        continue;
                    };
                    if g.bare[nc] && a.level <= RED + EPSILON {
                        continue; // the table there: no climb from this low
                    }
                    targets.clear();
                    self.steps_into(&g, a.level, [ax, az], nc, &mut targets);
                    let climbs = targets
                        .iter()
                        .copied()
                        .filter(|&t| (g.layers[t].level - a.level).abs() > RED + EPSILON);
                    g.links.extend(climbs);
                }
            }
            // A climb of more than RED is planned only where it is easy (a ladder, MOVE-27),
            // and the grid judges that at one end of the step while the movement check judges
            // it where the base meets the face or leaves the rim: keep only the climbs the
            // movement check agrees are easy. There are few (cells beside tall faces).
            let from = ModelBase::new(u32::MAX, 0, [ax, a.level, az]).with_radius(radius);
            let mut n = g.link_first[l];
            for m in g.link_first[l]..g.links.len() {
                let t = g.links[m];
                let b = g.layers[t];
                // The face is climbed from the lower level: only a link the search would
                // take as easy needs the check (the others are never planned mid-route).
                let lower_easy = if b.level > a.level { a.easy } else { b.easy };
                let keep = (b.level - a.level).abs() <= RED + EPSILON || !lower_easy || {
                    let [bx, bz] = cell_centre(b.cell % nx, b.cell / nx);
                    self.check_move(&from, &[[bx, b.level, bz]], f32::INFINITY, &[])
                        .is_ok_and(|p| {
                            (p.end[1] - b.level).abs() <= STEP
                                && p.crossings.iter().all(|c| {
                                    !c.needs_roll || !matches!(c.kind, CrossingKind::Climb { .. })
                                })
                        })
                };
                if keep {
                    g.links[n] = t;
                    n += 1;
                }
            }
            g.links.truncate(n);
        }
        g.link_first.push(g.links.len());
        for l in 0..g.layers.len() {
            g.jump_first.push(g.jumps.len());
            let targets = self.jumps_from(&g, l);
            g.jumps.extend(targets);
        }
        g.jump_first.push(g.jumps.len());
        g
    }

    /// The raised tops a model on the raised top of layer `l` can jump to (MOVE-17): straight
    /// along one of the eight grid directions, over cells where it would drop more than RED,
    /// to the first cell with a top no higher than the take-off and at most RED lower. Only
    /// jumps whose centre-to-centre length is within RED are linked, so the gap is too.
    fn jumps_from(&self, g: &StaticGrid, l: usize) -> Vec<usize> {
        let a = g.layers[l];
        let mut out = Vec::new();
        if a.support.is_none() {
            return out;
        }
        let (i, k) = ((a.cell % g.nx) as isize, (a.cell / g.nx) as isize);
        for (di, dk) in DIRS {
            let step = ((di * di + dk * dk) as f32).sqrt() * ROUTE_CELL;
            let mut n = 1;
            while n as f32 * step <= RED + EPSILON {
                let Some(c) = g.cell_at(i + di * n, k + dk * n) else {
                    break;
                };
                let [x, z] = cell_centre(c % g.nx, c / g.nx);
                let (top, support) = self.settle(x, z, a.level);
                if top < a.level - RED - EPSILON {
                    n += 1;
                    continue; // still over the gap
                }
                if n > 1
                    && support.is_some()
                    && top <= a.level + STEP
                    && let Some(t) = g.layer_at(c, top)
                {
                    out.push(t);
                }
                break;
            }
        }
        out
    }

    /// The layers of cell `nc` a model at `level` at `from` (x, z) can move to next: the one
    /// it walks into naturally (see [`Battlespace::level_at`]), and any higher top whose edge
    /// it steps or climbs onto there.
    fn steps_to(&self, g: &StaticGrid, level: f32, from: [f32; 2], nc: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.steps_into(g, level, from, nc, &mut out);
        out
    }

    /// [`Battlespace::steps_to`], adding to `out`.
    fn steps_into(
        &self,
        g: &StaticGrid,
        level: f32,
        from: [f32; 2],
        nc: usize,
        out: &mut Vec<usize>,
    ) {
        if g.bare[nc] {
            // The table, at whatever level the model comes from; nothing higher to step onto.
            out.extend(g.first[nc]..g.first[nc + 1]);
            return;
        }
        let [x, z] = cell_centre(nc % g.nx, nc / g.nx);
        let natural = self.level_at(x, z, level);
        out.extend(g.layer_at(nc, natural));
        for l in g.first[nc]..g.first[nc + 1] {
            let b = &g.layers[l];
            if b.level <= natural + STEP {
                continue;
            }
            // Only onto the edge of a top: not up through it from underneath.
            let entered = self.surfaces_at(x, z).iter().any(|&si| {
                let s = &self.solids()[si];
                (s.top() - b.level).abs() <= STEP
                    && s.contains_xz(x, s.top() - 0.01, z)
                    && !s.contains_xz(from[0], s.top() - 0.01, from[1])
            });
            if entered {
                out.push(l);
            }
        }
    }

    /// The area `mover` can reach with a move of at most `max_len` (for the UI highlight and
    /// the AI's candidate destinations): grid spots where the base may end, each with the
    /// fewest rolls needed, on every level it can get to. The planner climbs more than RED
    /// only where the climb is easy (a ladder, MOVE-27) or at the very start of the move
    /// (MOVE-22), and jumps gaps of at most RED between raised tops with one roll each
    /// (MOVE-17).
    pub fn reachable_area(
        &self,
        mover: &ModelBase,
        max_len: f32,
        others: &[ModelBase],
    ) -> ReachableArea {
        let search = Search::run(self, mover, max_len, others, None);
        let g = &*search.grid;
        let mut cells = Vec::new();
        for (l, layer) in g.layers.iter().enumerate() {
            if search.occupied(l) || layer.mask != 0 {
                continue;
            }
            let best = (0..=MAX_ROUTE_ROLLS)
                .filter_map(|k| {
                    let d = search.dist(l * STATES + k);
                    (d <= max_len + EPSILON).then_some((k, d))
                })
                .next();
            if let Some((k, d)) = best {
                let [x, z] = cell_centre(layer.cell % g.nx, layer.cell / g.nx);
                cells.push(ReachCell {
                    position: [x, layer.level, z],
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

    /// The legal route from `mover` to the point `goal` with at most `max_len` of Limiter that
    /// needs the fewest rolls, then the shortest (MOVE-2, MOVE-9). The goal's y picks the
    /// level where several are possible (under a catwalk or on it); the nearest one is used.
    pub fn find_route(
        &self,
        mover: &ModelBase,
        goal: [f32; 3],
        max_len: f32,
        others: &[ModelBase],
    ) -> Result<Route, RouteError> {
        let (gx, gz) = (goal[0], goal[2]);
        let level = self
            .standing_levels(gx, gz)
            .into_iter()
            .min_by(|a, b| (a - goal[1]).abs().total_cmp(&(b - goal[1]).abs()))
            .unwrap_or(0.0);
        let goal = [gx, level, gz];
        let end = mover.at(goal);
        if !self.table().contains_base(&end) {
            return Err(RouteError::BadDestination("it is off the table".into()));
        }
        self.check_end(&end, others)
            .map_err(|e| RouteError::BadDestination(e.to_string()))?;
        let arrives = |plan: &MovePlan| (plan.end[1] - level).abs() <= STEP;
        let direct = self
            .check_move(mover, &[goal], max_len, others)
            .ok()
            .filter(arrives);
        let grid = self.grid(mover.radius);
        let g = &*grid;
        let goal_spot = self.classify(gx, gz, level, mover.radius);
        // The layers around the goal at its level, each with the straight step to the goal and
        // the rolls that step adds (pieces the goal spot is inside that the layer is not).
        let join: Vec<Join> = neighbourhood(cell_of(gx, gz, g), g)
            .filter_map(|c| {
                let l = g.layer_at(c, level)?;
                let [x, z] = cell_centre(c % g.nx, c / g.nx);
                let b = &g.layers[l];
                let allowed = goal_spot.mask | b.mask | b.support.map_or(0, bit);
                if !self.off_grid_step_clear(mover.radius, level, [x, z], [gx, gz], allowed) {
                    return None;
                }
                Some(Join {
                    layer: l,
                    step: (gx - x).hypot_exact(gz - z),
                    extra: (goal_spot.mask & !g.layers[l].mask).count_ones() as usize,
                })
            })
            .collect();
        let search = Search::run(
            self,
            mover,
            max_len,
            others,
            Some(Target {
                at: [gx, gz],
                join: &join,
            }),
        );
        // Join the goal to the layers around it at its level.
        let mut best: Option<(usize, f32, usize)> = None;
        for j in &join {
            for k in 0..=MAX_ROUTE_ROLLS {
                let d = search.dist(j.layer * STATES + k);
                let total = d + j.step;
                let key = (k + j.extra, total);
                if total <= max_len + EPSILON
                    && best.is_none_or(|(bk, bd, _)| key.0 < bk || key.0 == bk && key.1 < bd)
                {
                    best = Some((key.0, total, j.layer * STATES + k));
                }
            }
        }
        let grid_route = best.and_then(|(rolls, _, state)| {
            let mut states = vec![state];
            loop {
                let p = search.prev(*states.last()?);
                if p == usize::MAX {
                    break;
                }
                states.push(p);
            }
            states.reverse();
            let mut pts: Vec<([f32; 3], usize)> = vec![(mover.position, 0)];
            pts.extend(states.iter().map(|&s| {
                let layer = &g.layers[s / STATES];
                let [x, z] = cell_centre(layer.cell % g.nx, layer.cell / g.nx);
                ([x, layer.level, z], s % STATES)
            }));
            pts.push((goal, rolls));
            self.straighten(mover, &pts, max_len, others)
                .filter(|r| arrives(&r.plan))
        });
        // Prefer whichever confirmed route needs fewer rolls, then is shorter.
        let candidates = [
            direct.map(|plan| Route {
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
        pts: &[([f32; 3], usize)],
        max_len: f32,
        others: &[ModelBase],
    ) -> Option<Route> {
        let n = pts.len();
        let mut keep = vec![];
        let mut i = 0;
        while i + 1 < n {
            let mut j = i + 1;
            while j + 1 < n {
                let (from, to) = (pts[i].0, pts[j + 1].0);
                let ok = (from[1] - to[1]).abs() <= STEP
                    && self
                        .check_move(&mover.at(from), &[to], f32::INFINITY, others)
                        .is_ok_and(|plan| {
                            plan.rolls() <= pts[j + 1].1.saturating_sub(pts[i].1)
                                && plan.climbed <= STEP
                                && (plan.end[1] - to[1]).abs() <= STEP
                        });
                if !ok {
                    break;
                }
                j += 1;
            }
            keep.push(j);
            i = j;
        }
        let waypoints: Vec<[f32; 3]> = keep.iter().map(|&j| pts[j].0).collect();
        if let Ok(plan) = self.check_move(mover, &waypoints, max_len, others) {
            return Some(Route { waypoints, plan });
        }
        let raw: Vec<[f32; 3]> = pts[1..].iter().map(|p| p.0).collect();
        self.check_move(mover, &raw, max_len, others)
            .ok()
            .map(|plan| Route {
                waypoints: raw,
                plan,
            })
    }
}

const STATES: usize = MAX_ROUTE_ROLLS + 1;

/// How far a base moving straight between two neighbouring cell centres bulges beyond the
/// two end positions: the sagitta of a half-cell chord on a 27 mm base, rounded up.
const CLEARANCE: f32 = 0.07;

/// Where a model is during the search: its level, what it stands on and is inside of.
#[derive(Clone, Copy)]
struct Place {
    level: f32,
    support: Option<usize>,
    mask: u64,
    easy: bool,
    rivals: u32,
}

/// A layer next to the goal of a route search: the straight step from it to the goal and
/// the rolls that step adds.
struct Join {
    layer: usize,
    step: f32,
    extra: usize,
}

/// The goal of a route search: its (x, z) and the layers it is joined from.
struct Target<'a> {
    at: [f32; 2],
    join: &'a [Join],
}

/// The search's working arrays, kept between searches on the same grid (see [`POOL`]): only
/// the entries a search touched are put back, so a short search costs nothing for the rest
/// of the table.
struct Scratch {
    dist: Vec<f32>,
    prev: Vec<usize>,
    /// Rival bases at each layer (bit = index in `others`), passing them costs a roll.
    rivals: Vec<u32>,
    /// Layers where another base would be overlapped (can't end there).
    occupied: Vec<bool>,
    /// States whose `dist` or `prev` was set.
    touched: Vec<usize>,
    /// Layers whose `rivals` or `occupied` was set.
    marked: Vec<usize>,
}

impl Scratch {
    fn new(layers: usize) -> Scratch {
        Scratch {
            dist: vec![f32::INFINITY; layers * STATES],
            prev: vec![usize::MAX; layers * STATES],
            rivals: vec![0; layers],
            occupied: vec![false; layers],
            touched: Vec::new(),
            marked: Vec::new(),
        }
    }

    /// Takes a clean scratch for a grid of `layers` layers from the pool, or makes one.
    fn take(layers: usize) -> Scratch {
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            match pool.iter().position(|s| s.occupied.len() == layers) {
                Some(i) => pool.swap_remove(i),
                None => Scratch::new(layers),
            }
        })
    }

    /// Cleans what the search touched and hands the scratch back to the pool.
    fn give_back(mut self) {
        for &s in &self.touched {
            self.dist[s] = f32::INFINITY;
            self.prev[s] = usize::MAX;
        }
        for &l in &self.marked {
            self.rivals[l] = 0;
            self.occupied[l] = false;
        }
        self.touched.clear();
        self.marked.clear();
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < POOL_SIZE {
                pool.push(self);
            }
        });
    }
}

/// Scratch arrays per thread, one per grid size recently searched.
const POOL_SIZE: usize = 4;

thread_local! {
    static POOL: std::cell::RefCell<Vec<Scratch>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Search {
    grid: Arc<StaticGrid>,
    scratch: Option<Scratch>,
}

impl Drop for Search {
    fn drop(&mut self) {
        if let Some(s) = self.scratch.take() {
            s.give_back();
        }
    }
}

impl Search {
    fn scratch(&self) -> &Scratch {
        self.scratch.as_ref().expect("present until dropped")
    }

    /// The fewest-Limiter length found to each (layer, rolls) state (`INFINITY` where none).
    fn dist(&self, state: usize) -> f32 {
        self.scratch().dist[state]
    }

    /// The state each state was reached from (`usize::MAX` for the first step).
    fn prev(&self, state: usize) -> usize {
        self.scratch().prev[state]
    }

    /// Whether another base would be overlapped at layer `l`.
    fn occupied(&self, l: usize) -> bool {
        self.scratch().occupied[l]
    }

    /// The search from `mover`'s position, by fewest rolls and then shortest length: states
    /// (layer, rolls) are settled in order of (rolls, length so far plus the straight distance
    /// to the target), an A* search whose estimate never overstates, since every step costs at
    /// least its straight length. Spots that can't reach the target within `max_len` even in
    /// a straight line are not explored. With a target the search stops once no state left
    /// can join it with fewer rolls, or as few and shorter, than the best join found; without
    /// one it explores the whole band (the reachable area).
    fn run(
        bs: &Battlespace,
        mover: &ModelBase,
        max_len: f32,
        others: &[ModelBase],
        target: Option<Target<'_>>,
    ) -> Search {
        let grid = bs.grid(mover.radius);
        let g = &*grid;
        let n = g.layers.len();
        let mut sc = Scratch::take(n);
        // Rival bases cost a roll to pass through (MOVE-10); any base blocks ending (MOVE-4).
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
                    if (x - ox).hypot_exact(z - oz) >= reach {
                        continue;
                    }
                    for l in g.first[c]..g.first[c + 1] {
                        if (g.layers[l].level - oy).abs() < MODEL_HEIGHT {
                            sc.occupied[l] = true;
                            if !o.is_friend_of(mover) && idx < 32 {
                                sc.rivals[l] |= 1 << idx;
                            }
                            sc.marked.push(l);
                        }
                    }
                }
            }
        }
        let rivals = std::mem::take(&mut sc.rivals);
        let mut heap = BinaryHeap::new();
        let [sx, sy, sz] = mover.position;
        let (level, support) = bs.settle(sx, sz, sy);
        let spot = bs.classify(sx, sz, level, mover.radius);
        let start = Place {
            level,
            support,
            mask: spot.mask,
            easy: spot.easy,
            rivals: 0,
        };
        let place = |l: usize| {
            let a = &g.layers[l];
            Place {
                level: a.level,
                support: a.support,
                mask: a.mask,
                easy: a.easy,
                rivals: rivals[l],
            }
        };
        // The rolls and the Limiter length beyond the flat step for moving from `a` into
        // layer `l`; `None` where the planner doesn't go. A climb of more than RED is planned
        // only where it is easy, or as the first step of the move (MOVE-22).
        let cost = |a: &Place, l: usize, first: bool| -> Option<(usize, f32)> {
            let b = &g.layers[l];
            let dy = b.level - a.level;
            // The face is climbed from the lower level (see `check_move`).
            let easy = if dy > 0.0 { a.easy } else { b.easy };
            let mut rolls = 0;
            let mut extra = if dy.abs() > STEP { dy.abs() } else { 0.0 };
            if dy.abs() > RED + EPSILON {
                if !easy && !first {
                    return None;
                }
                rolls += usize::from(!easy);
            } else if dy > STEP
                && let Some(p) = b.support
                && a.mask & bit(p) == 0
            {
                let piece = bs.piece_at(p);
                if !(piece.easy_climb && piece.kind == SceneryKind::Barrier) {
                    rolls += 1;
                }
            }
            let own = a.support.map_or(0, bit);
            let new = b.mask & !a.mask & !own;
            rolls += (new.count_ones() + (rivals[l] & !a.rivals).count_ones()) as usize;
            let mut rest = new;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // Overlapping a barrier's side at this level means climbing over it, as
                // `check_move` sees it: up and down again, raised tops (a container) included.
                if let Some(piece) = bs.inner.pieces.get(p)
                    && piece.kind == SceneryKind::Barrier
                {
                    extra += 2.0 * (piece.top() - b.level).max(0.0);
                }
            }
            Some((rolls, extra))
        };
        // The straight distance from layer `l` to the target: what any route on from there
        // still has to cover.
        let to_goal = |l: usize| {
            target.as_ref().map_or(0.0, |t| {
                let c = g.layers[l].cell;
                let [x, z] = cell_centre(c % g.nx, c / g.nx);
                let (dx, dz) = (x - t.at[0], z - t.at[1]);
                (dx * dx + dz * dz).sqrt()
            })
        };
        let within = |h: f32, d: f32| d + h <= max_len + EPSILON + 1e-3;
        // Heap keys: (rolls, (length + estimate) in ten-thousandths, state).
        let key = |d: f32, h: f32| ((d + h) * 1e4) as u64;
        let join_of = |l: usize| target.as_ref()?.join.iter().find(|j| j.layer == l);
        let sc_dist = &mut sc.dist;
        let sc_prev = &mut sc.prev;
        let touched = &mut sc.touched;
        let sc_cell = cell_of(sx, sz, g);
        for c in neighbourhood(sc_cell, g) {
            let [x, z] = cell_centre(c % g.nx, c / g.nx);
            for l in bs.steps_to(g, level, [sx, sz], c) {
                let Some((rolls, extra)) = cost(&start, l, true) else {
                    continue;
                };
                let b = &g.layers[l];
                let allowed =
                    start.mask | b.mask | start.support.map_or(0, bit) | b.support.map_or(0, bit);
                if !bs.off_grid_step_clear(mover.radius, level, [sx, sz], [x, z], allowed) {
                    continue;
                }
                // A climb up or down of more than RED that needs a roll must start the action
                // at the foot or the edge (MOVE-22): the grid doesn't know where the start is
                // against the edge, so these few first steps are put to the move check.
                if (b.level - level).abs() > RED + EPSILON
                    && rolls > 0
                    && !bs
                        .check_move(mover, &[[x, b.level, z]], f32::INFINITY, &[])
                        .is_ok_and(|p| (p.end[1] - b.level).abs() <= STEP)
                {
                    continue;
                }
                let d = (x - sx).hypot_exact(z - sz) + extra;
                let s = l * STATES + rolls;
                let h = to_goal(l);
                if rolls <= MAX_ROUTE_ROLLS && within(h, d) && d < sc_dist[s] {
                    if sc_dist[s].is_infinite() && sc_prev[s] == usize::MAX {
                        touched.push(s);
                    }
                    sc_dist[s] = d;
                    heap.push(Reverse((rolls, key(d, h), s)));
                }
            }
        }
        // The best join to the target found so far: (rolls, total length).
        let mut best: Option<(usize, f32)> = None;
        while let Some(Reverse((k, fkey, state))) = heap.pop() {
            let l = state / STATES;
            let d0 = sc_dist[state];
            let h0 = to_goal(l);
            if fkey > key(d0, h0) {
                continue; // stale entry
            }
            if let Some((bk, bt)) = best
                && (k > bk || (k == bk && (d0 + h0) >= bt))
            {
                break; // nothing left joins the target better
            }
            if let Some(j) = join_of(l) {
                let total = d0 + j.step;
                let rolls = k + j.extra;
                if total <= max_len + EPSILON
                    && best.is_none_or(|(bk, bt)| rolls < bk || (rolls == bk && total < bt))
                {
                    best = Some((rolls, total));
                }
            }
            let a = place(l);
            let ac = g.layers[l].cell;
            let walks = g.links(l).iter().map(|&nl| (nl, false));
            let jumps = g.jumps(l).iter().map(|&nl| (nl, true));
            for (nl, jump) in walks.chain(jumps) {
                // A jump needs its own roll (MOVE-17); a landing lower down adds the drop, as
                // any step down does.
                let found = cost(&a, nl, false).map(|(r, e)| (r + usize::from(jump), e));
                let Some((rolls, extra)) = found else {
                    continue;
                };
                let nk = k + rolls;
                if nk > MAX_ROUTE_ROLLS {
                    continue;
                }
                let bc = g.layers[nl].cell;
                let (di, dk) = (
                    (ac % g.nx) as f32 - (bc % g.nx) as f32,
                    (ac / g.nx) as f32 - (bc / g.nx) as f32,
                );
                // Neighbours are whole cells away: a plain square root (hypot is slow).
                let step = (di * di + dk * dk).sqrt() * ROUTE_CELL;
                let d = d0 + step + extra;
                let ns = nl * STATES + nk;
                let h = to_goal(nl);
                if within(h, d) && d < sc_dist[ns] {
                    if sc_dist[ns].is_infinite() && sc_prev[ns] == usize::MAX {
                        touched.push(ns);
                    }
                    sc_dist[ns] = d;
                    sc_prev[ns] = state;
                    heap.push(Reverse((nk, key(d, h), ns)));
                }
            }
        }
        sc.rivals = rivals;
        Search {
            grid,
            scratch: Some(sc),
        }
    }
}
