//! Movement along a route (MOVE-1..27, OPEN-23, OPEN-24): the bent Limiter as a polyline,
//! with every crossing classified in order, climbs, jumps, drops and the end position checked.

use crate::units::{EPSILON, Hypot, MODEL_HEIGHT, RED, STEP};
use serde::{Deserialize, Serialize};

use rapier3d::parry::math::Vec3;
use smallvec::{SmallVec, smallvec};

use crate::error::MoveError;
use crate::model::ModelBase;
use crate::scenery::{OpeningKind, SceneryId, SceneryKind, SceneryPiece};
use crate::solid::{self, Role, circle_interval};
use crate::space::Battlespace;

/// How far from the foot of a barrier (along the route) a climb may begin and still count as
/// starting the action at the barrier's edge (MOVE-22).
pub const CLIMB_START_TOLERANCE: f32 = 0.3;

/// What the model crosses.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum CrossingKind {
    /// An obstacle: Reflexes vs the Obstacle die (MOVE-8).
    Obstacle {
        /// The obstacle.
        piece: SceneryId,
    },
    /// A window or hole in a barrier: crossed like an obstacle (MOVE-12).
    Window {
        /// The wall.
        piece: SceneryId,
    },
    /// A door: no roll (MOVE-13).
    Door {
        /// The wall.
        piece: SceneryId,
    },
    /// A barrier no taller than RED, crossed like an obstacle; its height counts toward the
    /// move (OPEN-23).
    LowBarrier {
        /// The barrier.
        piece: SceneryId,
        /// Height climbed, in inches.
        height: f32,
    },
    /// A climb over or onto a barrier taller than RED (MOVE-22..27), or down off one.
    Climb {
        /// The piece climbed.
        piece: SceneryId,
        /// Height climbed, in inches.
        height: f32,
        /// Up (onto or over) or down.
        up: bool,
        /// Easy climb: ladder or handholds, no roll (MOVE-27).
        easy: bool,
    },
    /// A jump across a gap of at most RED between raised surfaces (MOVE-17).
    Jump {
        /// Length of the gap, in inches.
        gap: f32,
        /// The piece jumped from.
        from: SceneryId,
        /// The piece landed on, if any.
        to: Option<SceneryId>,
    },
    /// Moving through a rival: Reflexes vs the rival's Reflexes (MOVE-10).
    RivalModel {
        /// The rival.
        model: u32,
    },
    /// Moving through a friendly model: free (MOVE-4).
    FriendlyModel {
        /// The friend.
        model: u32,
    },
}

/// One crossing along the route, in route order.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    /// What is crossed.
    pub kind: CrossingKind,
    /// Horizontal distance along the route where the base first meets it.
    pub at: f32,
    /// Whether it needs a roll (MOVE-8, MOVE-10, MOVE-17, MOVE-23, OPEN-23).
    pub needs_roll: bool,
    /// Where the model is left if the roll fails (MOVE-8, MOVE-10, MOVE-18, MOVE-24, MOVE-26).
    pub stop: [f32; 3],
    /// Height the model falls if the roll fails (MOVE-18, MOVE-24, MOVE-26); see
    /// [`crate::FallDamage`].
    pub fall_on_failure: Option<f32>,
}

/// A legal move: what it crosses and where it ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovePlan {
    /// Crossings in route order.
    pub crossings: Vec<Crossing>,
    /// Length used: horizontal route length plus every height climbed up or down.
    pub length: f32,
    /// The climbing part of `length`.
    pub climbed: f32,
    /// Where the base ends.
    pub end: [f32; 3],
    /// The route in 3D, with a vertical step wherever the level changes (for animation).
    pub path: Vec<[f32; 3]>,
}

impl MovePlan {
    /// Number of rolls the move needs (MOVE-9).
    pub fn rolls(&self) -> usize {
        self.crossings.iter().filter(|c| c.needs_roll).count()
    }

    /// Open movement: no roll at all (MOVE-3).
    pub fn is_open(&self) -> bool {
        self.rolls() == 0
    }
}

/// A stretch of route at one surface.
struct Stretch {
    from: f32,
    to: f32,
    /// Height of the surface under this stretch, and its piece.
    surface: f32,
    support: Option<usize>,
    /// Height the body moves at (differs from `surface` in mid-jump).
    level: f32,
}

/// A contact of the swept base with a piece or model.
struct Contact {
    what: Touch,
    from: f32,
    to: f32,
    level: f32,
    /// The base met the piece's material, not only the empty space of one of its openings.
    body: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Touch {
    Piece(usize),
    Model(usize),
}

/// The route as a polyline of (x, z) points with cumulative lengths.
pub(crate) struct Polyline {
    pub pts: Points<[f32; 2]>,
    pub cum: Points<f32>,
}

/// A route's points (or one value per point), on the stack for any usual route: every move
/// checked lists them.
pub(crate) type Points<T> = SmallVec<[T; 8]>;

impl Polyline {
    pub fn new(pts: Points<[f32; 2]>) -> Polyline {
        let mut cum = smallvec![0.0];
        for w in pts.windows(2) {
            let l = (w[1][0] - w[0][0]).hypot_exact(w[1][1] - w[0][1]);
            cum.push(cum.last().copied().unwrap_or(0.0) + l);
        }
        Polyline { pts, cum }
    }

    pub fn length(&self) -> f32 {
        self.cum.last().copied().unwrap_or(0.0)
    }

    /// Index of the route point that ends the leg holding distance `s`.
    fn leg_end(&self, s: f32) -> usize {
        self.cum
            .partition_point(|&c| c <= s)
            .clamp(1, self.pts.len().max(2) - 1)
    }

    pub fn at(&self, s: f32) -> [f32; 2] {
        if self.pts.len() < 2 {
            return self.pts[0];
        }
        let i = self.leg_end(s);
        let (a, b) = (self.pts[i - 1], self.pts[i]);
        let seg = self.cum[i] - self.cum[i - 1];
        let t = if seg > 1e-9 {
            ((s - self.cum[i - 1]) / seg).clamp(0.0, 1.0)
        } else {
            0.0
        };
        [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
    }
}

fn v3(p: [f32; 2], y: f32) -> Vec3 {
    Vec3::new(p[0], y, p[1])
}

impl Battlespace {
    /// Checks a move of `mover` along `route` with at most `max_len` inches of Limiter (MOVE-1).
    /// The route may bend round scenery (MOVE-2). `others` are the other models on the table.
    ///
    /// Each route point's x and z say where the base centre goes; its y says which level the
    /// player means where there is a choice: under a catwalk or on top of it, on a lower floor
    /// or the one above. Elsewhere heights come from the surfaces: the model steps onto
    /// whatever top it walks into and drops off the edges it walks past. A y lower than the
    /// surface (0, say) is always read as "whatever is there".
    pub fn check_move(
        &self,
        mover: &ModelBase,
        route: &[[f32; 3]],
        max_len: f32,
        others: &[ModelBase],
    ) -> Result<MovePlan, MoveError> {
        let [sx, sy, sz] = mover.position;
        if !mover.position.iter().all(|v| v.is_finite()) {
            return Err(MoveError::BadRoute);
        }
        let mut pts: Points<[f32; 2]> = smallvec![[sx, sz]];
        let mut wanted: Points<Option<f32>> = smallvec![None];
        for p in route {
            if !p.iter().all(|v| v.is_finite()) {
                return Err(MoveError::BadRoute);
            }
            let last = pts[pts.len() - 1];
            if (p[0] - last[0]).hypot_exact(p[2] - last[1]) > 1e-4 {
                pts.push([p[0], p[2]]);
                wanted.push(Some(p[1]));
            } else if let Some(w) = wanted.last_mut() {
                *w = Some(p[1]);
            }
        }
        let probe = |p: &[f32; 2]| mover.at([p[0], 0.0, p[1]]);
        if !pts.iter().all(|p| self.table().contains_base(&probe(p))) {
            return Err(MoveError::LeavesTable);
        }
        let line = Polyline::new(pts);
        let (stretches, jumps) = self.stretches(&line, &wanted, self.settle(sx, sz, sy));
        self.walk(mover, &line, stretches, &jumps, max_len, others)
    }

    /// Splits the route where its centre line crosses the edge of an elevated top and gives
    /// each stretch its level (see [`Battlespace::level_at`]), with the jumps across gaps
    /// (MOVE-17) as (first stretch in the air, landing stretch).
    fn stretches(
        &self,
        line: &Polyline,
        wanted: &[Option<f32>],
        start: (f32, Option<usize>),
    ) -> (Vec<Stretch>, Vec<(usize, usize)>) {
        let mut cuts: SmallVec<[f32; 16]> = line.cum.iter().copied().collect();
        for (i, w) in line.pts.windows(2).enumerate() {
            let (s0, seg) = (line.cum[i], line.cum[i + 1] - line.cum[i]);
            let (a0, b0) = (v3(w[0], 0.0), v3(w[1], 0.0));
            // The cuts are sorted below: the order of the surfaces doesn't matter.
            for si in self.surfaces_in_unordered(a0.min(b0), a0.max(b0)) {
                let s = &self.solids()[si];
                let y = s.top() - 0.01;
                let (a, b) = (v3(w[0], y), v3(w[1], y));
                let (lo, hi) = (a.min(b), a.max(b));
                if !s.aabb_hits(lo, hi) {
                    continue;
                }
                if let Some((t0, t1)) = s.segment_interval(a, b) {
                    for t in [t0, t1] {
                        if t > 1e-4 && t < seg - 1e-4 {
                            cuts.push(s0 + t);
                        }
                    }
                }
            }
        }
        cuts.sort_by(f32::total_cmp);
        cuts.dedup_by(|a, b| (*a - *b).abs() < 1e-4);
        let wins: SmallVec<[(f32, f32); 16]> = cuts
            .windows(2)
            .filter(|w| w[1] - w[0] >= 1e-5)
            .map(|w| (w[0], w[1]))
            .collect();
        let mut out: Vec<Stretch> = Vec::new();
        let mut jumps = Vec::new();
        let push = |out: &mut Vec<Stretch>,
                    from: f32,
                    to: f32,
                    (surface, support): (f32, Option<usize>),
                    level: f32| {
            match out.last_mut() {
                Some(last)
                    if last.support == support
                        && (last.surface - surface).abs() < 1e-4
                        && (last.level - level).abs() < 1e-4 =>
                {
                    last.to = to
                }
                _ => out.push(Stretch {
                    from,
                    to,
                    surface,
                    support,
                    level,
                }),
            }
        };
        // The start, as a stretch of no length: a model on an edge whose route leaves the top
        // at once still climbs down from where it stands.
        push(&mut out, 0.0, 0.0, start, start.0);
        let (mut level, mut support) = start;
        let mut k = 0;
        while k < wins.len() {
            let (a, b) = wins[k];
            let here = self.level_along(line, wanted, a, b, level);
            // A drop of more than RED off a raised top, with a surface within RED beyond it
            // no higher than the take-off and no more than RED lower: a jump (MOVE-17). The
            // body stays at take-off height over the gap.
            if level - here.0 > RED + EPSILON && support.is_some() {
                let take_off = level;
                let landing = wins[k..]
                    .iter()
                    .take_while(|w| w.0 - a <= RED + EPSILON)
                    .position(|&(c, d)| {
                        let [x, z] = line.at((c + d) / 2.0);
                        let (top, piece) = self.settle(x, z, take_off);
                        // Not where the route point asks for a lower level that exists here
                        // (the walkway under a deck rather than the deck).
                        let lower = wanted[line.leg_end((c + d) / 2.0)].is_some_and(|y| {
                            y < top - STEP
                                && self.levels_at(x, z).iter().any(|l| (l.0 - y).abs() <= STEP)
                        });
                        piece.is_some()
                            && !lower
                            && top >= take_off - RED - EPSILON
                            && top <= take_off + STEP
                    })
                    .map(|j| k + j);
                if let Some(land) = landing {
                    let first = out.len();
                    for &(c, d) in &wins[k..land] {
                        let [x, z] = line.at((c + d) / 2.0);
                        push(&mut out, c, d, self.settle(x, z, take_off), take_off);
                    }
                    let air = first..out.len();
                    if !air.is_empty() {
                        jumps.push((air.start, out.len()));
                    }
                    k = land;
                    level = take_off;
                    continue;
                }
            }
            push(&mut out, a, b, here, here.0);
            (level, support) = here;
            k += 1;
        }
        // A route whose end point asks for a top its centre stands exactly on the rim of: the
        // stretches, judged at their middles, all lie off the top, yet the spot is on it (the
        // grid and `standing_levels` count a rim as on the top). The model climbs onto the
        // rim at the very end, as it would one step further on.
        let end = line.cum.last().copied().unwrap_or(0.0);
        if let (Some(&Some(y)), Some(last)) = (wanted.last(), out.last())
            && end > 0.0
            && y > last.level + STEP
        {
            let [x, z] = line.at(end);
            if let Some(&top) = self
                .levels_at(x, z)
                .iter()
                .find(|l| (l.0 - y).abs() <= STEP)
            {
                let [px, pz] = line.at((end - 1e-3).max(0.0));
                let rim = self.settle(px, pz, top.0).0 < top.0 - STEP;
                if rim {
                    push(&mut out, end, end, top, top.0);
                }
            }
        }
        if out.is_empty() {
            out.push(Stretch {
                from: 0.0,
                to: 0.0,
                surface: start.0,
                support: start.1,
                level: start.0,
            });
        }
        (out, jumps)
    }

    /// The level of the route between `a` and `b` coming from `level`: the natural one
    /// ([`Battlespace::level_at`]), or the higher level the leg's end point asks for where the
    /// route walks onto the edge of a top at that height (a deck it would otherwise pass under).
    fn level_along(
        &self,
        line: &Polyline,
        wanted: &[Option<f32>],
        a: f32,
        b: f32,
        level: f32,
    ) -> (f32, Option<usize>) {
        let [x, z] = line.at((a + b) / 2.0);
        let natural = self.settle(x, z, level);
        let Some(y) = wanted[line.leg_end((a + b) / 2.0)] else {
            return natural;
        };
        if y <= natural.0 + STEP || a < 1e-3 {
            return natural;
        }
        let [px, pz] = line.at(a - 1e-3);
        let entered = self.surfaces_at(x, z).iter().find(|&&i| {
            let s = &self.solids()[i];
            (s.top() - y).abs() <= STEP
                && s.contains_xz(x, s.top() - 0.01, z)
                && !s.contains_xz(px, s.top() - 0.01, pz)
        });
        match entered {
            Some(&i) => {
                let top = self.solids()[i].top();
                let up = self.settle(x, z, top);
                if (up.0 - top).abs() <= STEP {
                    up
                } else {
                    natural
                }
            }
            None => natural,
        }
    }

    /// Whether a climb of `piece` near `at` is easy (MOVE-27): the piece is easy to climb all
    /// round, or one of its ladders is within reach of the base there.
    fn is_easy(&self, piece: &SceneryPiece, at: [f32; 2], radius: f32) -> bool {
        piece.easy_climb
            || piece.ladders.iter().any(|l| {
                (l.at[0] - at[0]).hypot_exact(l.at[1] - at[1]) <= l.width / 2.0 + radius + 0.1
            })
    }

    /// Whether the climb is easy: the piece climbed onto or off is, or a face piece touched
    /// while climbing is (a ladder or steps built as a piece of its own).
    fn climb_is_easy(
        &self,
        piece: usize,
        at: [f32; 2],
        radius: f32,
        face: &[usize],
        contacts: &[Contact],
    ) -> bool {
        self.is_easy(self.piece_at(piece), at, radius)
            || face.iter().any(|&i| match contacts[i].what {
                Touch::Piece(p) => {
                    let fp = self.piece_at(p);
                    fp.kind == SceneryKind::Barrier && self.is_easy(fp, at, radius)
                }
                Touch::Model(_) => false,
            })
    }

    fn walk(
        &self,
        mover: &ModelBase,
        line: &Polyline,
        st: Vec<Stretch>,
        jumps: &[(usize, usize)],
        max_len: f32,
        others: &[ModelBase],
    ) -> Result<MovePlan, MoveError> {
        let r = mover.radius;
        let pos = |s: f32, y: f32| {
            let [x, z] = line.at(s);
            [x, y, z]
        };
        let contacts = self.contacts(mover, line, &st, others);
        let mut is_face = vec![false; contacts.len()];
        let mut crossings = Vec::new();
        let mut climbed = 0.0;
        let mut climbed_up: Vec<usize> = Vec::new();
        let mut path = vec![pos(0.0, st[0].level)];
        // The pieces touched at the lower level of a level change that reach no higher than
        // the upper level: the face the model climbs (walls under a roof, a ladder piece).
        let face_of = |lower: f32, upper: f32, at: f32, ends_at_change: bool| -> Vec<usize> {
            contacts
                .iter()
                .enumerate()
                .filter(|(_, c)| {
                    let Touch::Piece(p) = c.what else {
                        return false;
                    };
                    let top = self.piece_at(p).top();
                    let edge = if ends_at_change { c.to } else { c.from };
                    (c.level - lower).abs() < 1e-3
                        && top > lower + STEP
                        && top <= upper + STEP
                        && (edge - at).abs() < 2e-3
                })
                .map(|(i, _)| i)
                .collect()
        };
        // Level changes between stretches.
        for k in 1..st.len() {
            let (prev, cur) = (&st[k - 1], &st[k]);
            let at = cur.from;
            path.push(pos(at, prev.level));
            if let Some(&(_, land)) = jumps.iter().find(|(j, _)| *j == k) {
                let from_piece = prev
                    .support
                    .map(|p| self.piece_at(p).id)
                    .unwrap_or_default();
                let gap = st[land].from - at;
                let mid = at + gap / 2.0;
                let [mx, mz] = line.at(mid);
                let floor = self.surface_below(mx, mz, prev.level);
                crossings.push(Crossing {
                    kind: CrossingKind::Jump {
                        gap,
                        from: from_piece,
                        to: st[land].support.map(|p| self.piece_at(p).id),
                    },
                    at,
                    needs_roll: true,
                    stop: [mx, floor, mz],
                    fall_on_failure: Some(prev.level - floor),
                });
                continue;
            }
            let delta = cur.level - prev.level;
            if delta > STEP {
                let Some(pi) = cur.support else { continue };
                let piece = self.piece_at(pi);
                let face = face_of(prev.level, cur.level, at, true);
                let contact = face
                    .iter()
                    .map(|&i| contacts[i].from)
                    .reduce(f32::min)
                    .unwrap_or(at);
                face.iter().for_each(|&i| is_face[i] = true);
                let easy = self.climb_is_easy(pi, line.at(contact), r, &face, &contacts);
                climbed += delta;
                let kind = if delta > RED + EPSILON {
                    // Easy climbs are moved normally (MOVE-27), so only a climb that needs a
                    // roll must start the action at the foot (MOVE-22).
                    if !easy && contact > CLIMB_START_TOLERANCE {
                        return Err(
                            self.barrier_error(pi, "a climb must start at its foot (MOVE-22)")
                        );
                    }
                    climbed_up.push(pi);
                    CrossingKind::Climb {
                        piece: piece.id,
                        height: delta,
                        up: true,
                        easy,
                    }
                } else if piece.kind == SceneryKind::Obstacle {
                    CrossingKind::Obstacle { piece: piece.id }
                } else {
                    CrossingKind::LowBarrier {
                        piece: piece.id,
                        height: delta,
                    }
                };
                let (stop, fall) = match kind {
                    // A failed climb: the model doesn't move and falls (MOVE-24, OPEN-24).
                    CrossingKind::Climb { .. } => (pos(0.0, st[0].level), Some(delta.min(max_len))),
                    _ => (pos(contact, prev.level), None),
                };
                let needs_roll = !easy || matches!(kind, CrossingKind::Obstacle { .. });
                crossings.push(Crossing {
                    kind,
                    at: contact,
                    needs_roll,
                    stop,
                    fall_on_failure: fall,
                });
            } else if delta < -STEP {
                let drop = -delta;
                climbed += drop;
                let face = face_of(cur.level, prev.level, at, false);
                face.iter().for_each(|&i| is_face[i] = true);
                if drop > RED + EPSILON {
                    let Some(pi) = prev.support else { continue };
                    let piece = self.piece_at(pi);
                    let easy = self.climb_is_easy(pi, line.at(at), r, &face, &contacts);
                    // MOVE-22: a climb down starts the action at the edge, unless the same
                    // action climbed up this piece first (MOVE-23: up and down in one action).
                    if !easy && !climbed_up.contains(&pi) && at > r + CLIMB_START_TOLERANCE {
                        return Err(
                            self.barrier_error(pi, "a climb down must start at its edge (MOVE-22)")
                        );
                    }
                    crossings.push(Crossing {
                        kind: CrossingKind::Climb {
                            piece: piece.id,
                            height: drop,
                            up: false,
                            easy,
                        },
                        at,
                        needs_roll: !easy,
                        // A failed climb down: at the foot, with falling damage (MOVE-26).
                        stop: pos(at, cur.level),
                        fall_on_failure: Some(drop),
                    });
                }
            }
            path.push(pos(at, cur.level));
        }
        // Contacts along each stretch: obstacles, walls, openings, models. Barriers the base
        // touches at once, or one right after the other with a gap narrower than the base
        // between them (two wall segments meeting, a gap it can't squeeze through), are one
        // wall to get over: one roll, the tallest height (MOVE-11, OPEN-23).
        let mut wall: Option<(f32, usize, f32, usize)> = None;
        for (i, c) in contacts.iter().enumerate() {
            if c.from <= 1e-3 || is_face[i] {
                continue; // already touching at the start, or the face of a climb
            }
            match c.what {
                Touch::Model(i) => {
                    let m = &others[i];
                    let friendly = m.is_friend_of(mover);
                    crossings.push(Crossing {
                        kind: if friendly {
                            CrossingKind::FriendlyModel { model: m.id }
                        } else {
                            CrossingKind::RivalModel { model: m.id }
                        },
                        at: c.from,
                        needs_roll: !friendly,
                        // Just short of touching: a stopped model never overlaps the rival's
                        // base (MOVE-4) and is within its reach (MOVE-10).
                        stop: pos((c.from - 0.02).max(0.0), c.level),
                        fall_on_failure: None,
                    });
                }
                Touch::Piece(pi) => {
                    if let Some(x) = self.piece_crossing(pi, c, line, r, max_len, &pos)? {
                        let (CrossingKind::LowBarrier { height, .. }
                        | CrossingKind::Climb { height, .. }) = x.kind
                        else {
                            crossings.push(x);
                            continue;
                        };
                        match wall {
                            Some((to, k, h, before))
                                if c.from <= to + 2e-3
                                    || (c.from - to < 2.0 * r
                                        && self.pieces_within(before, pi, 2.0 * r)) =>
                            {
                                if height > h {
                                    climbed += 2.0 * (height - h);
                                    let earlier = crossings[k];
                                    crossings[k] = Crossing {
                                        at: earlier.at,
                                        stop: earlier.stop,
                                        ..x
                                    };
                                }
                                wall = Some((to.max(c.to), k, height.max(h), pi));
                            }
                            _ => {
                                climbed += 2.0 * height;
                                wall = Some((c.to, crossings.len(), height, pi));
                                crossings.push(x);
                            }
                        }
                    }
                }
            }
        }
        crossings.sort_by(|a, b| a.at.total_cmp(&b.at));
        let total = line.length();
        let length = total + climbed;
        if length > max_len + EPSILON {
            return Err(MoveError::TooLong {
                length,
                max: max_len,
            });
        }
        let last = &st[st.len() - 1];
        if (last.level - last.surface).abs() > STEP {
            return Err(MoveError::EndsInMidAir);
        }
        let end = pos(total, last.level);
        path.push(end);
        path.dedup();
        self.check_end(&mover.at(end), others)?;
        Ok(MovePlan {
            crossings,
            length,
            climbed,
            end,
            path,
        })
    }

    /// A climb too long for one action, spread over two actions in a row (MOVE-25, OPEN-24):
    /// `first` and `second` are the two actions' lengths. The route must begin with the
    /// climb (MOVE-22) and the climb must be longer than `first` (else one action does it);
    /// the whole route fits in `first + second`. The plan lists the climb twice, once per
    /// action's roll. Failing the first roll falls from the height climbed so far, capped at
    /// `first` (MOVE-24); failing the second falls from the height the second action would
    /// have reached (MOVE-25). Going down, the first failure falls the whole height and the
    /// second from where the model waited on the face (MOVE-26). All leave it at the foot.
    pub fn check_two_action_climb(
        &self,
        mover: &ModelBase,
        route: &[[f32; 3]],
        first: f32,
        second: f32,
        others: &[ModelBase],
    ) -> Result<MovePlan, MoveError> {
        let not = |why: &str| MoveError::NotATwoActionClimb {
            why: why.to_owned(),
        };
        let mut plan = self.check_move(mover, route, first + second, others)?;
        let i = plan
            .crossings
            .iter()
            .position(|c| matches!(c.kind, CrossingKind::Climb { .. }))
            .ok_or_else(|| not("the move climbs nothing"))?;
        let c = plan.crossings[i];
        let CrossingKind::Climb { height, up, .. } = c.kind else {
            return Err(not("the move climbs nothing"));
        };
        let lead = if up { 0.0 } else { mover.radius };
        if c.at > CLIMB_START_TOLERANCE + lead {
            return Err(not("the climb must begin the first action (MOVE-22)"));
        }
        if height <= first + EPSILON {
            return Err(not("one action climbs this far"));
        }
        let foot = if up { plan.path[0] } else { c.stop };
        let (fall_1, fall_2) = if up {
            (height.min(first), height.min(first + second))
        } else {
            (height, (height - first).max(0.0))
        };
        plan.crossings[i] = Crossing {
            stop: foot,
            fall_on_failure: Some(fall_1),
            ..c
        };
        plan.crossings.insert(
            i + 1,
            Crossing {
                stop: foot,
                fall_on_failure: Some(fall_2),
                ..c
            },
        );
        Ok(plan)
    }

    /// Whether two pieces' bodies come within `gap` of each other somewhere.
    fn pieces_within(&self, a: usize, b: usize, gap: f32) -> bool {
        let bodies = |p: usize| {
            self.solids()
                .iter()
                .filter(move |s| s.piece == p && s.role == Role::Body)
        };
        bodies(a).any(|x| {
            bodies(b).any(|y| {
                rapier3d::parry::query::distance(&x.pose, &*x.shape, &y.pose, &*y.shape)
                    .is_ok_and(|d| d < gap)
            })
        })
    }

    fn barrier_error(&self, pi: usize, why: &str) -> MoveError {
        let p = self.piece_at(pi);
        MoveError::Barrier {
            piece: p.id,
            name: p.name.clone(),
            why: why.to_owned(),
        }
    }

    /// Whether a model may stand at `base`: no base overlapped (MOVE-4), not inside scenery.
    pub(crate) fn check_end(
        &self,
        base: &ModelBase,
        others: &[ModelBase],
    ) -> Result<(), MoveError> {
        if let Some(o) = others
            .iter()
            .filter(|o| o.id != base.id && base.overlaps(o))
            .min_by_key(|o| o.id)
        {
            return Err(MoveError::EndOverlapsModel { model: o.id });
        }
        let [x, y, z] = base.position;
        let body = solid::body(base.radius);
        let pose = rapier3d::parry::math::Pose::from_translation(solid::body_centre(x, y, z));
        let (min, max) = (
            Vec3::new(x - base.radius, y, z - base.radius),
            Vec3::new(x + base.radius, y + MODEL_HEIGHT, z + base.radius),
        );
        for s in self.bodies_near(min, max) {
            if s.top() > y + STEP && s.intersects(&pose, &body) {
                let p = self.piece_at(s.piece);
                return Err(MoveError::EndInsideScenery {
                    piece: p.id,
                    name: p.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Classifies one contact with a piece that the model does not step onto.
    fn piece_crossing(
        &self,
        pi: usize,
        c: &Contact,
        line: &Polyline,
        r: f32,
        max_len: f32,
        pos: &dyn Fn(f32, f32) -> [f32; 3],
    ) -> Result<Option<Crossing>, MoveError> {
        let piece = self.piece_at(pi);
        let stop = pos(c.from, c.level);
        let cross = |kind, needs_roll| {
            Ok(Some(Crossing {
                kind,
                at: c.from,
                needs_roll,
                stop,
                fall_on_failure: None,
            }))
        };
        // Does the centre line pass through one of its openings?
        for s in self.solids().iter().filter(|s| s.piece == pi) {
            let Role::Opening(kind) = s.role else {
                continue;
            };
            let y = ((s.bottom() + s.top()) / 2.0).max(c.level + 0.05);
            if y > s.top() || s.bottom() > c.level + RED {
                continue;
            }
            if route_hits(line, c.from, c.to, y, |a, b| {
                s.segment_interval(a, b).is_some()
            }) {
                return match kind {
                    OpeningKind::Door => cross(CrossingKind::Door { piece: piece.id }, false),
                    OpeningKind::Window => cross(CrossingKind::Window { piece: piece.id }, true),
                };
            }
        }
        // Only the empty space of an opening was met (a base ending in a doorway, short of
        // going through): nothing is crossed.
        if !c.body {
            return Ok(None);
        }
        if piece.kind == SceneryKind::Obstacle && !piece.elevated {
            return cross(CrossingKind::Obstacle { piece: piece.id }, true);
        }
        let height = piece.top() - c.level;
        let easy = self.is_easy(piece, line.at(c.from), r);
        if height <= RED + EPSILON {
            if piece.kind == SceneryKind::Obstacle {
                return cross(CrossingKind::Obstacle { piece: piece.id }, true);
            }
            return cross(
                CrossingKind::LowBarrier {
                    piece: piece.id,
                    height,
                },
                !easy,
            );
        }
        if !easy && c.from > CLIMB_START_TOLERANCE {
            return Err(self.barrier_error(pi, "a climb must start at its foot (MOVE-22)"));
        }
        Ok(Some(Crossing {
            kind: CrossingKind::Climb {
                piece: piece.id,
                height,
                up: true,
                easy,
            },
            at: c.from,
            needs_roll: !easy,
            stop: pos(0.0, c.level),
            fall_on_failure: Some(height.min(max_len)),
        }))
    }

    /// Every contact of the swept base with scenery and other models, merged per piece.
    fn contacts(
        &self,
        mover: &ModelBase,
        line: &Polyline,
        st: &[Stretch],
        others: &[ModelBase],
    ) -> Vec<Contact> {
        let r = mover.radius;
        let body = solid::body(r);
        let mut out: Vec<Contact> = Vec::new();
        let push = |out: &mut Vec<Contact>, what, from: f32, to: f32, level, body: bool| {
            if let Some(c) = out
                .iter_mut()
                .rev()
                .find(|c| c.what == what && from <= c.to + 2e-3)
            {
                c.to = c.to.max(to);
                c.body |= body;
                return;
            }
            out.push(Contact {
                what,
                from,
                to,
                level,
                body,
            });
        };
        for s in st {
            // Cut the stretch at route corners: sweeps are straight.
            let mut cuts = vec![s.from];
            cuts.extend(
                line.cum
                    .iter()
                    .copied()
                    .filter(|&c| c > s.from + 1e-5 && c < s.to - 1e-5),
            );
            cuts.push(s.to);
            for w in cuts.windows(2) {
                let (a2, b2) = (line.at(w[0]), line.at(w[1]));
                let (a, b) = (
                    solid::body_centre(a2[0], s.level, a2[1]),
                    solid::body_centre(b2[0], s.level, b2[1]),
                );
                let pad = Vec3::new(r, MODEL_HEIGHT / 2.0, r);
                let (min, max) = (a.min(b) - pad, a.max(b) + pad);
                for sol in self.solids_near(min, max) {
                    if sol.top() <= s.level + STEP || sol.bottom() >= s.level + MODEL_HEIGHT - 0.05
                    {
                        continue;
                    }
                    if let Some((t0, t1)) = sol.sweep_interval(&body, a, b) {
                        push(
                            &mut out,
                            Touch::Piece(sol.piece),
                            w[0] + t0,
                            w[0] + t1,
                            s.level,
                            sol.role == Role::Body,
                        );
                    }
                }
                for (i, m) in others.iter().enumerate() {
                    if m.id == mover.id || (m.position[1] - s.level).abs() >= MODEL_HEIGHT - 0.05 {
                        continue;
                    }
                    let rr = r + m.radius - 0.01;
                    if let Some((t0, t1)) =
                        circle_interval(a2, b2, [m.position[0], m.position[2]], rr)
                    {
                        push(
                            &mut out,
                            Touch::Model(i),
                            w[0] + t0,
                            w[0] + t1,
                            s.level,
                            true,
                        );
                    }
                }
            }
        }
        out.sort_by(|a, b| a.from.total_cmp(&b.from));
        out
    }
}

/// Whether the centre line of the route between s0 and s1, at height y, meets `hit`.
fn route_hits(line: &Polyline, s0: f32, s1: f32, y: f32, hit: impl Fn(Vec3, Vec3) -> bool) -> bool {
    let mut cuts = vec![s0];
    cuts.extend(line.cum.iter().copied().filter(|&c| c > s0 && c < s1));
    cuts.push(s1);
    cuts.windows(2)
        .any(|w| hit(v3(line.at(w[0]), y), v3(line.at(w[1]), y)))
}
