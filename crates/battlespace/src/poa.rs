//! Path of Attack (POA-1..13, OPEN-5..7, OPEN-31): the 1"-wide 3D corridor between two models,
//! what blocks it and what gives the target cover.

use rapier3d::parry::math::{Mat3, Pose, Rot3, Vec3};
use rapier3d::parry::query::{self, Ray};
use rapier3d::parry::shape::{Cuboid, Cylinder, Shape};
use serde::{Deserialize, Serialize};

use crate::error::TargetingError;
use crate::model::ModelBase;
use crate::scenery::{OpeningKind, SceneryId, SceneryKind};
use crate::solid::{self, Role};
use crate::space::Battlespace;
use crate::units::{EPSILON, MODEL_HEIGHT, POA_WIDTH, REACH, RED, RangeBand};

/// How the action measures its Path of Attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PoaOptions {
    /// Indirect (POA-11, KW-20): obstacles add nothing; barriers still count.
    pub indirect: bool,
    /// The action's range in inches; `None` for long range, which has no limit (POA-3).
    pub range: Option<f32>,
}

/// What a cover item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoverSource {
    /// A scenery piece.
    Scenery(SceneryId),
    /// Another model (POA-6).
    Model(u32),
}

/// Why an item gives +1 to the target's Opposed Roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoverReason {
    /// An obstacle overlaps or crosses the path (POA-5).
    Obstacle,
    /// A window in a barrier is in the path; openings count as obstacles (MOVE-12).
    Window,
    /// Another model is in the path (POA-6).
    Model,
    /// A barrier enters the path without crossing it (POA-7).
    BarrierEnters,
    /// The target stands within reach of the edge of the elevated piece it is on (POA-10).
    ElevatedEdge,
}

/// One +1 to the target's Opposed Roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cover {
    /// The piece or model giving it.
    pub source: CoverSource,
    /// Why.
    pub reason: CoverReason,
}

/// The Path of Attack from an actor to one target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathOfAttack {
    /// Shortest distance between the bases (OPEN-1).
    pub distance: f32,
    /// Its band.
    pub band: RangeBand,
    /// Whether the target is within the action's range.
    pub in_range: bool,
    /// The barrier that crosses the whole path, if any (POA-8); the target can't be chosen.
    pub blocked_by: Option<SceneryId>,
    /// Every +1 the target gets, each item once (POA-5..7, POA-10, OPEN-5). Empty when blocked.
    pub cover: Vec<Cover>,
    /// Whether an obstacle, model or barrier crosses the path's whole width somewhere, at any
    /// height in it (Silent, KW-28, OPEN-5, OPEN-31).
    pub obscured: bool,
}

impl PathOfAttack {
    /// Whether the two models can see each other (POA-4): no barrier blocks the path.
    pub fn visible(&self) -> bool {
        self.blocked_by.is_none()
    }

    /// The total modifier to the target's Opposed Roll.
    pub fn modifier(&self) -> i32 {
        self.cover.len() as i32
    }

    /// Whether the target may be chosen: visible and in range.
    pub fn targetable(&self) -> bool {
        self.visible() && self.in_range
    }
}

/// A straight 1"-wide corridor: a cuboid from `a` along `axis`, covering [start, end].
pub(crate) struct Corridor {
    pub a: Vec3,
    pub axis: Vec3,
    pub up: Vec3,
    pub side: Vec3,
    pub start: f32,
    pub end: f32,
    /// The middle of the cuboid.
    pub centre: Vec3,
    pub cuboid: Cuboid,
    pub pose: Pose,
    pub min: Vec3,
    pub max: Vec3,
}

impl Corridor {
    /// The corridor between two body mid-points, covering [start, end] inches along it.
    pub fn new(a: Vec3, b: Vec3, start: f32, end: f32) -> Option<Corridor> {
        let d = b - a;
        let len = d.length();
        if len < 1e-4 || end - start < 1e-4 {
            return None;
        }
        let axis = d / len;
        let h = Vec3::new(-axis.z, 0.0, axis.x);
        let side = if h.length() < 1e-4 {
            Vec3::X
        } else {
            h.normalize()
        };
        let up = side.cross(axis);
        let half = Vec3::new(
            (end - start) / 2.0,
            MODEL_HEIGHT / 2.0 - 0.05,
            POA_WIDTH / 2.0,
        );
        let rot = Rot3::from_mat3(&Mat3::from_cols(axis, up, side));
        let centre = a + axis * ((start + end) / 2.0);
        let pose = Pose::from_parts(centre, rot);
        let cuboid = Cuboid::new(half);
        let aabb = cuboid.compute_aabb(&pose);
        Some(Corridor {
            a,
            axis,
            up,
            side,
            start,
            end,
            centre,
            cuboid,
            pose,
            min: aabb.mins,
            max: aabb.maxs,
        })
    }

    /// Whether the box [min, max] may meet the corridor: the boxes overlap, and no axis of the
    /// corridor's own (along it, across it, up) separates them. On a path that slants across
    /// the table the corridor's bounding box is far larger than the corridor; the axis test
    /// keeps the exact shape tests for what lies near it.
    pub fn aabb_hits(&self, min: Vec3, max: Vec3) -> bool {
        if !(self.min.x <= max.x
            && self.max.x >= min.x
            && self.min.y <= max.y
            && self.max.y >= min.y
            && self.min.z <= max.z
            && self.max.z >= min.z)
        {
            return false;
        }
        let (c, e) = ((min + max) * 0.5, (max - min) * 0.5);
        let off = c - self.centre;
        let h = self.cuboid.half_extents;
        [(self.side, h.z), (self.axis, h.x), (self.up, h.y)]
            .into_iter()
            .all(|(u, half)| {
                let reach = e.x * u.x.abs() + e.y * u.y.abs() + e.z * u.z.abs();
                off.dot(u).abs() <= half + reach + 1e-4
            })
    }

    pub fn intersects(&self, shape: &dyn Shape, pose: &Pose) -> bool {
        query::intersection_test(&self.pose, &self.cuboid, pose, shape).unwrap_or(false)
    }

    /// If the convex shape spans the corridor's whole width and height somewhere (OPEN-5),
    /// the distance along the axis (from `a`) where it starts to.
    pub fn crossing(&self, shape: &dyn Shape, pose: &Pose) -> Option<f32> {
        let (hy, hz) = (self.cuboid.half_extents.y, self.cuboid.half_extents.z);
        let (mut enter, mut exit) = (f32::NEG_INFINITY, f32::INFINITY);
        for (sy, sz) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let off = self.up * (sy * hy) + self.side * (sz * hz);
            let p0 = self.a + self.axis * self.start + off;
            let p1 = self.a + self.axis * self.end + off;
            let (t0, t1) = line_interval(shape, pose, p0, p1)?;
            enter = enter.max(t0);
            exit = exit.min(t1);
            if enter > exit {
                return None;
            }
        }
        Some(self.start + enter)
    }
}

/// Heights of the flat slices [`Corridor::spans_width`] tries on a slanting corridor, from
/// its bottom (-1) to its top (1), besides the slice through the middle of the piece.
const WIDTH_SLICES: [f32; 5] = [-1.0, -0.5, 0.0, 0.5, 1.0];

impl Corridor {
    /// Whether the convex shape crosses the corridor's whole 1" width somewhere along it, at
    /// any height inside it (OPEN-5: crossing is about the path's width, as on the book's flat
    /// strip; OPEN-31): a fence lower than a model that spans the path crosses it, one that
    /// only reaches into one side does not. The whole cross-section is tried first (four long
    /// edges inside the shape, or the shape cutting the corridor at a slant); a shape lower
    /// than the corridor is then tried on flat slices of it. A slice is cut by one convex
    /// shape exactly when both its long edges pass through the shape. On a level corridor
    /// every slice through an upright prism (every scenery solid) is the same, so the one
    /// through the shape's middle height is enough; a slanting one also tries five heights
    /// from its bottom to its top. A shape spanning the corridor's whole height needs no
    /// slices at all.
    pub fn spans_width(&self, shape: &dyn Shape, pose: &Pose) -> bool {
        let bb = shape.compute_aabb(pose);
        // Turned away at once: a shape whose box doesn't reach both sides of the path.
        let (hy, hz) = (self.cuboid.half_extents.y, self.cuboid.half_extents.z);
        let (c, e) = ((bb.mins + bb.maxs) * 0.5, (bb.maxs - bb.mins) * 0.5);
        let across = (c - self.centre).dot(self.side);
        let reach = e.x * self.side.x.abs() + e.y * self.side.y.abs() + e.z * self.side.z.abs();
        if across - reach > -hz + EPSILON || across + reach < hz - EPSILON {
            return false;
        }
        if self.crossing(shape, pose).is_some() || self.separated_by(&[(shape, pose)]).is_some() {
            return true;
        }
        if bb.mins.y <= self.min.y && bb.maxs.y >= self.max.y {
            return false;
        }
        let (lo, hi) = (bb.mins.y.max(self.min.y), bb.maxs.y.min(self.max.y));
        let rise = hy * self.up.y;
        let middle = if rise > 1e-4 {
            ((lo + hi) / 2.0 - self.centre.y) / rise
        } else {
            0.0
        };
        let level = self.up.y > 1.0 - 1e-4;
        let slices: &[f32] = if level { &[] } else { &WIDTH_SLICES };
        std::iter::once(middle.clamp(-1.0, 1.0))
            .chain(slices.iter().copied())
            .any(|row| {
                [-1.0, 1.0].into_iter().all(|sz: f32| {
                    let off = self.up * (row * hy) + self.side * (sz * hz);
                    let p0 = self.a + self.axis * self.start + off;
                    let p1 = self.a + self.axis * self.end + off;
                    line_interval(shape, pose, p0, p1).is_some()
                })
            })
    }
}

/// Sample lines across the corridor's width for [`Corridor::separated_by`]: 0.1" apart, so
/// barriers closer than that count as touching and a wall thinner than that may leak.
const SEP_COLUMNS: usize = 11;
/// Sample lines up the corridor's height where the barriers don't all span it.
const SEP_ROWS: usize = 5;

/// A line along the corridor, by its place in the cross-section (row, column).
struct SepLine {
    row: usize,
    col: usize,
    /// Gaps between the barriers along the line, in inches from the corridor's start, each
    /// with the shape that ends it (`None` for the gap that runs to the corridor's end).
    free: Vec<(f32, f32, Option<usize>)>,
}

impl Corridor {
    /// Whether the convex `shapes` together cut the corridor in two, so that no straight line
    /// inside it gets from one end to the other (OPEN-5 "crosses": a wall meeting another, a
    /// thin wall lying across the path at a slant, a wall with the lintel over a window the
    /// path passes over). Returns the shape that makes the cut and the distance along the axis
    /// where it begins: on the corridor's centre line if it lies across it, else where it
    /// first enters.
    ///
    /// The corridor is sampled on lines along its axis ([`SEP_COLUMNS`] across its width and,
    /// unless every shape spans its whole height, [`SEP_ROWS`] up it); the free stretches of
    /// neighbouring lines that overlap connect, and the corridor is cut when no chain of them
    /// joins the two ends. A line with nothing on it ends the search at once. The shape named
    /// is the one that ends the free stretch reaching furthest from the start: a shape the
    /// path gets round (a wall it passes beside, through a doorway) is not the cut.
    pub fn separated_by(&self, shapes: &[(&dyn Shape, &Pose)]) -> Option<(f32, usize)> {
        let (hy, hz) = (self.cuboid.half_extents.y, self.cuboid.half_extents.z);
        let len = self.end - self.start;
        // All scenery solids are upright prisms: one row will do where each spans the
        // corridor's height.
        let tall = shapes.iter().all(|(shape, pose)| {
            let bb = shape.compute_aabb(pose);
            bb.mins.y <= self.min.y && bb.maxs.y >= self.max.y
        });
        let rows = if tall { 1 } else { SEP_ROWS };
        let row_at = |r: usize| {
            if rows == 1 {
                0.0
            } else {
                -1.0 + 2.0 * r as f32 / (rows - 1) as f32
            }
        };
        // The long edges first: a barrier entering from one side leaves the far edge free.
        let mut cols: Vec<usize> = vec![0, SEP_COLUMNS - 1, SEP_COLUMNS / 2];
        cols.extend((1..SEP_COLUMNS - 1).filter(|c| *c != SEP_COLUMNS / 2));
        let mut row_order: Vec<usize> = if rows == 1 {
            vec![0]
        } else {
            vec![rows - 1, 0]
        };
        row_order.extend((1..rows.saturating_sub(1)).rev());
        let mut lines: Vec<SepLine> = Vec::with_capacity(rows * SEP_COLUMNS);
        // Per shape: where it begins on the centre line, and where it first enters at all.
        let mut begins = vec![(f32::INFINITY, f32::INFINITY); shapes.len()];
        let mut hits: Vec<(f32, f32, usize)> = Vec::new();
        for &row in &row_order {
            for &col in &cols {
                let sz = -1.0 + 2.0 * col as f32 / (SEP_COLUMNS - 1) as f32;
                let off = self.up * (row_at(row) * hy) + self.side * (sz * hz);
                let p0 = self.a + self.axis * self.start + off;
                let p1 = self.a + self.axis * self.end + off;
                hits.clear();
                for (i, (shape, pose)) in shapes.iter().enumerate() {
                    if let Some((t0, t1)) = line_interval(*shape, pose, p0, p1) {
                        hits.push((t0, t1, i));
                        let b = &mut begins[i];
                        b.1 = b.1.min(t0);
                        if col == SEP_COLUMNS / 2 {
                            b.0 = b.0.min(t0);
                        }
                    }
                }
                if hits.is_empty() {
                    return None;
                }
                let mut free = Vec::new();
                let mut at = 0.0;
                for (t0, t1, i) in merge(&mut hits) {
                    if t0 > at + EPSILON {
                        free.push((at, t0, Some(i)));
                    }
                    at = at.max(t1);
                }
                if at < len - EPSILON {
                    free.push((at, len, None));
                }
                lines.push(SepLine { row, col, free });
            }
        }
        // Flood from the free stretches at the start; the corridor is cut if none reaches
        // the end. The cut is where the flood is held furthest along.
        let mut seen: Vec<Vec<bool>> = lines.iter().map(|l| vec![false; l.free.len()]).collect();
        let mut todo: Vec<(usize, usize)> = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if let Some(f) = l.free.first()
                && f.0 <= EPSILON
            {
                seen[i][0] = true;
                todo.push((i, 0));
            }
        }
        // (how far the stretch reaches, on the centre line, the shape ending it)
        let mut held: Option<(f32, bool, usize)> = None;
        while let Some((i, k)) = todo.pop() {
            let (a0, a1, ender) = lines[i].free[k];
            let Some(ender) = ender.filter(|_| a1 < len - EPSILON) else {
                return None; // this stretch runs to the end
            };
            let centre = lines[i].col == SEP_COLUMNS / 2;
            if held.is_none_or(|(h, c, _)| a1 > h + EPSILON || (a1 > h - EPSILON && centre && !c)) {
                held = Some((a1, centre, ender));
            }
            for (j, other) in lines.iter().enumerate() {
                let near = lines[i].row.abs_diff(other.row) + lines[i].col.abs_diff(other.col);
                if near != 1 {
                    continue;
                }
                for (m, &(b0, b1, _)) in other.free.iter().enumerate() {
                    if !seen[j][m] && a0.max(b0) < a1.min(b1) - EPSILON {
                        seen[j][m] = true;
                        todo.push((j, m));
                    }
                }
            }
        }
        // No way in at all: the shape on the centre line (or nearest the start) cuts it.
        let cut = match held {
            Some((_, _, ender)) => ender,
            None => (0..shapes.len()).min_by(|&x, &y| {
                let key = |i: usize| (begins[i].0.is_infinite(), begins[i].0.min(begins[i].1));
                let (kx, ky) = (key(x), key(y));
                kx.0.cmp(&ky.0).then(kx.1.total_cmp(&ky.1))
            })?,
        };
        let (on_centre, first) = begins[cut];
        let t = if on_centre.is_finite() {
            on_centre
        } else {
            first
        };
        Some((self.start + t, cut))
    }
}

/// The stretch of the line p0→p1 inside the shape, if it is longer than [`EPSILON`]. A line
/// that only touches a shape (through a corner, along a face) does not enter it: whether such
/// a touch is found at all depends on rounding, and differently from each end of the path, so
/// counting it would make blocking depend on which model traces the path (POA-4). Layouts on
/// a half-inch grid meet such touches all the time.
fn line_interval(shape: &dyn Shape, pose: &Pose, p0: Vec3, p1: Vec3) -> Option<(f32, f32)> {
    solid::segment_interval(shape, pose, p0, p1).filter(|(t0, t1)| t1 - t0 > EPSILON)
}

/// Merges intervals that overlap or touch (within `EPSILON`), sorted by start; each merged
/// interval keeps the shape that begins it.
fn merge(v: &mut [(f32, f32, usize)]) -> Vec<(f32, f32, usize)> {
    v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
    let mut out: Vec<(f32, f32, usize)> = Vec::with_capacity(v.len());
    for &(a, b, i) in v.iter() {
        match out.last_mut() {
            Some(last) if a <= last.1 + EPSILON => last.1 = last.1.max(b),
            _ => out.push((a, b, i)),
        }
    }
    out
}

/// A model's base as a thin parry disc, and its centre (OPEN-1: bases are what is measured).
pub(crate) fn base_disc(m: &ModelBase) -> (Cylinder, Vec3) {
    let [x, y, z] = m.position;
    (Cylinder::new(0.01, m.radius), Vec3::new(x, y + 0.01, z))
}

/// Mid-height point of a model's body.
pub(crate) fn body_mid(m: &ModelBase) -> Vec3 {
    let [x, y, z] = m.position;
    solid::body_centre(x, y, z)
}

impl Battlespace {
    /// The Path of Attack from `from` to `to` (POA-1..10, OPEN-5..7, OPEN-31). `others` may
    /// include `from` and `to` (they are skipped by id). To apply OPEN-6's Brawl rule, leave
    /// the other Brawl members out of `others`.
    pub fn path_of_attack(
        &self,
        from: &ModelBase,
        to: &ModelBase,
        others: &[ModelBase],
        opts: PoaOptions,
    ) -> PathOfAttack {
        self.path_of_attack_skipping(from, to, others, opts, None)
    }

    /// [`Battlespace::path_of_attack`] with the piece at index `aimed_at` left out: the
    /// scenery part aimed at adds nothing to its own path (MOD-7).
    pub(crate) fn path_of_attack_skipping(
        &self,
        from: &ModelBase,
        to: &ModelBase,
        others: &[ModelBase],
        opts: PoaOptions,
        aimed_at: Option<usize>,
    ) -> PathOfAttack {
        let distance = from.distance_to(to);
        let in_range = opts.range.is_none_or(|r| distance <= r + EPSILON);
        let mut out = PathOfAttack {
            distance,
            band: RangeBand::of(distance),
            in_range,
            blocked_by: None,
            cover: Vec::new(),
            obscured: false,
        };
        let (a, b) = (body_mid(from), body_mid(to));
        let len = (b - a).length();
        // The corridor is traced from the same end whichever model attacks, so that rounding
        // (a corridor's edge grazing a corner or a round tank) can't make one model see the
        // other but not be seen back (POA-4). Nothing below depends on its direction.
        let (a, b) = if a.to_array() <= b.to_array() {
            (a, b)
        } else {
            (b, a)
        };
        let Some(full) = Corridor::new(a, b, 0.0, len) else {
            return out;
        };
        // Elevated pieces either model stands on, when it stands within reach of the edge the
        // path passes over (POA-10): they never block, and give the target +1.
        let edge_from = self.edge_piece(from, to);
        let edge_to = self.edge_piece(to, from);
        let skip = |p: usize| Some(p) == edge_from || Some(p) == edge_to || Some(p) == aimed_at;
        out.blocked_by = self.barrier_crossing(&full, skip).map(|(_, id)| id);
        if out.blocked_by.is_some() {
            out.obscured = true;
            return out;
        }
        // Scenery within reach of the attacker is ignored (POA-9): every piece whose nearest
        // point is within 1" of the attacker's base, however far it runs along the path.
        let mut pieces: Vec<(usize, CoverReason)> = Vec::new();
        let mut near: Vec<(usize, bool)> = Vec::new();
        for s in self
            .solids_near(full.min, full.max)
            .filter(|s| full.aabb_hits(s.min, s.max))
        {
            if skip(s.piece) {
                continue;
            }
            if !full.intersects(&*s.shape, &s.pose) {
                continue;
            }
            let exempt = match near.iter().find(|(p, _)| *p == s.piece) {
                Some(&(_, e)) => e,
                None => {
                    let e = self.piece_within_reach(from, s.piece);
                    near.push((s.piece, e));
                    e
                }
            };
            if exempt {
                continue;
            }
            let kind = self.piece_at(s.piece).kind;
            let reason = match (s.role, kind) {
                (Role::Body, SceneryKind::Barrier) => CoverReason::BarrierEnters,
                (Role::Body, SceneryKind::Obstacle) => CoverReason::Obstacle,
                (Role::Opening(OpeningKind::Window), _) => CoverReason::Window,
                (Role::Opening(OpeningKind::Door), _) => continue,
            };
            // OPEN-31: crossing in the OPEN-5 sense, the path's whole width at any height in
            // it: a slanting fence, a window or a fence lower than a model included.
            if !out.obscured && full.spans_width(&*s.shape, &s.pose) {
                out.obscured = true;
            }
            // Indirect (KW-20): obstacles, windows among them (MOVE-12), add nothing.
            if opts.indirect && reason != CoverReason::BarrierEnters {
                continue;
            }
            // One +1 per piece (OPEN-5). A shot through a window names the window, even
            // though the sill under it enters the corridor too.
            match pieces.iter_mut().find(|(p, _)| *p == s.piece) {
                Some(entry) if reason == CoverReason::Window => entry.1 = reason,
                Some(entry)
                    if reason == CoverReason::BarrierEnters && entry.1 != CoverReason::Window =>
                {
                    entry.1 = reason
                }
                Some(_) => {}
                None => pieces.push((s.piece, reason)),
            }
        }
        // POA-10: the edge "counts as an obstacle", so Indirect ignores it too (KW-20).
        if let Some(p) = edge_to
            && self.standing_index(from) != Some(p)
            && !opts.indirect
        {
            pieces.push((p, CoverReason::ElevatedEdge));
        }
        pieces.sort_by_key(|(p, _)| self.piece_at(*p).id);
        out.cover
            .extend(pieces.into_iter().map(|(p, reason)| Cover {
                source: CoverSource::Scenery(self.piece_at(p).id),
                reason,
            }));
        // Other models always count, even within the attacker's reach (POA-6, POA-9, OPEN-6).
        // They count "as obstacles", so an Indirect action ignores them (KW-20), though a model
        // crossing the whole path still obscures it (OPEN-31).
        for m in others {
            if m.id == from.id || m.id == to.id {
                continue;
            }
            let body = solid::body(m.radius);
            let pose = Pose::from_translation(body_mid(m));
            let r = m.radius;
            let [x, y, z] = m.position;
            let (mmin, mmax) = (
                Vec3::new(x - r, y, z - r),
                Vec3::new(x + r, y + MODEL_HEIGHT, z + r),
            );
            if !full.aabb_hits(mmin, mmax) || !full.intersects(&body, &pose) {
                continue;
            }
            if !out.obscured && full.spans_width(&body, &pose) {
                out.obscured = true;
            }
            if opts.indirect {
                continue;
            }
            out.cover.push(Cover {
                source: CoverSource::Model(m.id),
                reason: CoverReason::Model,
            });
        }
        out
    }

    /// The first barrier crossing the corridor (POA-8, OPEN-5): a barrier solid spanning its
    /// whole cross-section, or barriers that cut it only together or at a slant — wall segments
    /// meeting at a joint or a corner, with no gap a straight line in the path gets through
    /// ([`Corridor::separated_by`]). Pieces for which `skip` says yes are left out. Returns the distance
    /// along the corridor and the piece named as the blocker.
    pub(crate) fn barrier_crossing(
        &self,
        cor: &Corridor,
        skip: impl Fn(usize) -> bool,
    ) -> Option<(f32, SceneryId)> {
        let mut best: Option<(f32, SceneryId)> = None;
        let mut partial: Vec<&solid::Solid> = Vec::new();
        for s in self
            .bodies_near(cor.min, cor.max)
            .filter(|s| cor.aabb_hits(s.min, s.max))
        {
            let piece = self.piece_at(s.piece);
            if piece.kind != SceneryKind::Barrier || skip(s.piece) {
                continue;
            }
            match cor.crossing(&*s.shape, &s.pose) {
                Some(t) if best.is_none_or(|b| t < b.0) => best = Some((t, piece.id)),
                Some(_) => {}
                None => partial.push(s),
            }
        }
        // Barriers that only enter the corridor may still cut it: together (two pieces, or
        // two parts of one wall beside and above a window the path passes over), or one lying
        // across it at a slant.
        partial.retain(|s| cor.intersects(&*s.shape, &s.pose));
        if !partial.is_empty() {
            let shapes: Vec<(&dyn Shape, &Pose)> =
                partial.iter().map(|s| (&*s.shape, &s.pose)).collect();
            if let Some((t, i)) = cor.separated_by(&shapes)
                && best.is_none_or(|b| t < b.0)
            {
                best = Some((t, self.piece_at(partial[i].piece).id));
            }
        }
        best
    }

    /// Whether any part of the piece (openings aside) is within reach of the base (POA-9).
    pub(crate) fn piece_within_reach(&self, base: &ModelBase, piece: usize) -> bool {
        let (disc, centre) = base_disc(base);
        let pose = Pose::from_translation(centre);
        let pad = Vec3::splat(base.radius + REACH + EPSILON);
        self.solids()
            .iter()
            .filter(|s| s.piece == piece && s.role == Role::Body)
            .filter(|s| s.aabb_hits(centre - pad, centre + pad))
            .any(|s| {
                query::distance(&pose, &disc, &s.pose, &*s.shape)
                    .is_ok_and(|d| d <= REACH + EPSILON)
            })
    }

    /// Whether the two models can see each other (POA-4).
    pub fn visible(&self, a: &ModelBase, b: &ModelBase) -> bool {
        self.path_of_attack(a, b, &[], PoaOptions::default())
            .visible()
    }

    /// Turns a Path of Attack into a yes/no for targeting, with a message naming the barrier.
    pub fn require_target(
        &self,
        poa: &PathOfAttack,
        range: Option<f32>,
    ) -> Result<(), TargetingError> {
        if let Some(piece) = poa.blocked_by {
            return Err(TargetingError::Blocked {
                piece,
                name: self.piece_name(piece).to_owned(),
            });
        }
        match range {
            Some(range) if !poa.in_range => Err(TargetingError::OutOfRange {
                distance: poa.distance,
                range,
            }),
            _ => Ok(()),
        }
    }

    /// The elevated piece `m` stands on, if `m` is within reach of the edge that the path
    /// towards `other` passes over (POA-10).
    pub(crate) fn edge_piece(&self, m: &ModelBase, other: &ModelBase) -> Option<usize> {
        let piece = self.standing_index(m)?;
        // Elevated in the POA-10 sense: a barrier taller than RED that models stand on. A
        // crate stack or a low platform is just scenery in the path.
        let p = self.piece_at(piece);
        if p.kind != SceneryKind::Barrier || p.top() - p.base <= RED + EPSILON {
            return None;
        }
        let [x, y, z] = m.position;
        let d = Vec3::new(other.position[0] - x, 0.0, other.position[2] - z);
        let horizontal = d.length();
        if horizontal < 1e-4 {
            return None;
        }
        let ray = Ray::new(Vec3::new(x, y - 0.01, z), d / horizontal);
        let exit = self
            .solids()
            .iter()
            .filter(|s| s.piece == piece && s.role == Role::Body)
            .filter_map(|s| s.shape.cast_ray(&s.pose, &ray, horizontal, false))
            .reduce(f32::max)?;
        (exit - m.radius <= REACH + EPSILON).then_some(piece)
    }
}
