//! Scenery compiled into parry solids: every piece becomes one or more convex parts (a wall
//! with openings is split around them), each with an AABB for cheap culling.

use crate::units::Hypot;
use rapier3d::parry::math::{Pose, Rot3, Vec3};
use rapier3d::parry::query::{self, Ray, ShapeCastOptions};
use rapier3d::parry::shape::{Cylinder, Shape, SharedShape};

use crate::error::LayoutError;
use crate::scenery::{OpeningKind, SceneryPiece, SceneryShape};
use crate::table::Table;
use crate::units::MODEL_HEIGHT;

/// What part of a piece a solid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The piece's material: obstacle or barrier as the piece says.
    Body,
    /// The empty space of an opening in a wall.
    Opening(OpeningKind),
}

/// One convex part of a piece.
#[derive(Clone, Debug)]
pub(crate) struct Solid {
    /// Index of the piece in the layout.
    pub piece: usize,
    pub role: Role,
    pub shape: SharedShape,
    pub pose: Pose,
    pub min: Vec3,
    pub max: Vec3,
}

impl Solid {
    fn new(piece: usize, role: Role, shape: SharedShape, pose: Pose) -> Solid {
        let aabb = shape.compute_aabb(&pose);
        Solid {
            piece,
            role,
            shape,
            pose,
            min: aabb.mins,
            max: aabb.maxs,
        }
    }

    pub fn top(&self) -> f32 {
        self.max.y
    }

    pub fn bottom(&self) -> f32 {
        self.min.y
    }

    /// Whether the AABB overlaps a box.
    pub fn aabb_hits(&self, min: Vec3, max: Vec3) -> bool {
        self.min.x <= max.x
            && self.max.x >= min.x
            && self.min.y <= max.y
            && self.max.y >= min.y
            && self.min.z <= max.z
            && self.max.z >= min.z
    }

    /// Whether the point (x, z) lies in the footprint at height `y`.
    pub fn contains_xz(&self, x: f32, y: f32, z: f32) -> bool {
        x >= self.min.x
            && x <= self.max.x
            && z >= self.min.z
            && z <= self.max.z
            && self.shape.contains_point(&self.pose, Vec3::new(x, y, z))
    }

    pub fn intersects(&self, pose: &Pose, shape: &dyn Shape) -> bool {
        query::intersection_test(&self.pose, &*self.shape, pose, shape).unwrap_or(false)
    }

    /// The part [t_in, t_out] of the segment a→b (t in inches from a) inside this solid.
    pub fn segment_interval(&self, a: Vec3, b: Vec3) -> Option<(f32, f32)> {
        segment_interval(&*self.shape, &self.pose, a, b)
    }

    /// The interval of distances along a→b (horizontal, at the body's height) during which a
    /// model body swept from a to b overlaps this solid.
    pub fn sweep_interval(&self, body: &Cylinder, a: Vec3, b: Vec3) -> Option<(f32, f32)> {
        if let Some(closed) = self.sweep_upright(body, a, b) {
            return closed;
        }
        let d = b - a;
        let len = d.length();
        // Only the times matter: skip EPA's witness points when the body starts inside the
        // solid (it dominated `check_move`'s profile).
        let opts = ShapeCastOptions {
            compute_impact_geometry_on_penetration: false,
            ..ShapeCastOptions::with_max_time_of_impact(len)
        };
        if len < 1e-6 {
            return self
                .intersects(&Pose::from_translation(a), body)
                .then_some((0.0, 0.0));
        }
        let dir = d / len;
        // A cast that starts inside the solid runs EPA; an overlap test is far cheaper.
        let t_in = if self.intersects(&Pose::from_translation(a), body) {
            0.0
        } else {
            query::cast_shapes(
                &Pose::from_translation(a),
                dir,
                body,
                &self.pose,
                Vec3::ZERO,
                &*self.shape,
                opts,
            )
            .ok()
            .flatten()?
            .time_of_impact
        };
        let t_out = if self.intersects(&Pose::from_translation(b), body) {
            len
        } else {
            len - query::cast_shapes(
                &Pose::from_translation(b),
                -dir,
                body,
                &self.pose,
                Vec3::ZERO,
                &*self.shape,
                opts,
            )
            .ok()
            .flatten()?
            .time_of_impact
        };
        (t_out >= t_in).then_some((t_in, t_out))
    }
}

impl Solid {
    /// [`Solid::sweep_interval`] in closed form where the body moves level and the solid is
    /// an upright box or cylinder (every wall, box and round piece): in plan the body's disc
    /// sweeps past a rectangle or a circle. `None` for anything else (hulls, tilted poses),
    /// left to parry's shape casts, which cost some fifteen thousand instructions each.
    fn sweep_upright(&self, body: &Cylinder, a: Vec3, b: Vec3) -> Option<Option<(f32, f32)>> {
        let q = self.pose.rotation;
        let len = (b - a).length();
        if (a.y - b.y).abs() > 1e-6 || q.x.abs() > 1e-6 || q.z.abs() > 1e-6 || len < 1e-6 {
            return None;
        }
        let (lo, hi) = (a.y - body.half_height, a.y + body.half_height);
        let r = body.radius;
        let (la, lb) = (
            self.pose.inverse_transform_point(a),
            self.pose.inverse_transform_point(b),
        );
        let (a2, b2) = ([la.x, la.z], [lb.x, lb.z]);
        if let Some(c) = self.shape.as_cylinder() {
            if self.min.y >= hi || self.max.y <= lo {
                return Some(None);
            }
            return Some(circle_interval(a2, b2, [0.0, 0.0], c.radius + r));
        }
        let c = self.shape.as_cuboid()?;
        if self.min.y >= hi || self.max.y <= lo {
            return Some(None);
        }
        let (hx, hz) = (c.half_extents.x, c.half_extents.z);
        // The rectangle grown by the disc: two crossed slabs and a circle at each corner; it
        // is convex, so the segment's part inside it runs from the first entry to the last exit.
        let d = [b2[0] - a2[0], b2[1] - a2[1]];
        let mut span: Option<(f32, f32)> = None;
        let mut add = |hit: Option<(f32, f32)>| {
            if let Some((t0, t1)) = hit {
                span = Some(span.map_or((t0, t1), |(s0, s1)| (s0.min(t0), s1.max(t1))));
            }
        };
        for (ex, ez) in [(hx + r, hz), (hx, hz + r)] {
            let mut t = (0.0f32, 1.0f32);
            if slab(&mut t, a2[0], d[0], -ex, ex) && slab(&mut t, a2[1], d[1], -ez, ez) {
                add(Some((t.0 * len, t.1 * len)));
            }
        }
        for (sx, sz) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            add(circle_interval(a2, b2, [sx * hx, sz * hz], r));
        }
        Some(span)
    }
}

/// The part [t_in, t_out] of the segment a→b (t in inches from a) inside a convex shape.
pub(crate) fn segment_interval(
    shape: &dyn Shape,
    pose: &Pose,
    a: Vec3,
    b: Vec3,
) -> Option<(f32, f32)> {
    let d = b - a;
    let len = d.length();
    if len < 1e-6 {
        return shape.contains_point(pose, a).then_some((0.0, 0.0));
    }
    let (la, lb) = (
        pose.inverse_transform_point(a),
        pose.inverse_transform_point(b),
    );
    if let Some(clipped) = clip_segment(shape, la, lb) {
        return clipped.map(|(t0, t1)| (t0 * len, t1 * len));
    }
    let dir = d / len;
    let t_in = shape.cast_ray(pose, &Ray::new(a, dir), len, true)?;
    let back = shape.cast_ray(pose, &Ray::new(b, -dir), len, true)?;
    Some((t_in, len - back))
}

/// Keeps the part of `t` (fractions of the way along a segment) where the coordinate
/// `x0 + t * dx` lies in [lo, hi]; false once nothing is left.
fn slab(t: &mut (f32, f32), x0: f32, dx: f32, lo: f32, hi: f32) -> bool {
    if dx.abs() < 1e-12 {
        return x0 >= lo && x0 <= hi;
    }
    let (mut t0, mut t1) = ((lo - x0) / dx, (hi - x0) / dx);
    if t0 > t1 {
        std::mem::swap(&mut t0, &mut t1);
    }
    t.0 = t.0.max(t0);
    t.1 = t.1.min(t1);
    t.0 <= t.1
}

/// The part of the segment a→b (in the shape's own frame) inside the shape, as fractions of
/// the way from a to b, worked out in closed form for the shapes scenery and bodies are made
/// of (boxes, upright cylinders, convex prisms); `None` for any other shape, which is left
/// to ray casts. The closed forms replace parry's GJK ray casts, which cost some ten thousand
/// instructions each against a cylinder and dominated the Path of Attack.
fn clip_segment(shape: &dyn Shape, a: Vec3, b: Vec3) -> Option<Option<(f32, f32)>> {
    let d = b - a;
    let mut t = (0.0f32, 1.0f32);
    if let Some(c) = shape.as_cuboid() {
        let h = c.half_extents;
        let inside = slab(&mut t, a.x, d.x, -h.x, h.x)
            && slab(&mut t, a.y, d.y, -h.y, h.y)
            && slab(&mut t, a.z, d.z, -h.z, h.z);
        return Some(inside.then_some(t));
    }
    if let Some(c) = shape.as_cylinder() {
        if !slab(&mut t, a.y, d.y, -c.half_height, c.half_height) {
            return Some(None);
        }
        // |(a + t d) in x, z| <= radius
        let qa = d.x * d.x + d.z * d.z;
        let qb = 2.0 * (a.x * d.x + a.z * d.z);
        let qc = a.x * a.x + a.z * a.z - c.radius * c.radius;
        if qa < 1e-12 {
            return Some((qc <= 0.0).then_some(t));
        }
        let disc = qb * qb - 4.0 * qa * qc;
        if disc < 0.0 {
            return Some(None);
        }
        let root = disc.sqrt();
        t.0 = t.0.max((-qb - root) / (2.0 * qa));
        t.1 = t.1.min((-qb + root) / (2.0 * qa));
        return Some((t.0 <= t.1).then_some(t));
    }
    if let Some(p) = shape.as_convex_polyhedron() {
        let (points, corners) = (p.points(), p.vertices_adj_to_face());
        for f in p.faces() {
            let on = points[corners[f.first_vertex_or_edge as usize] as usize];
            // Inside the face's plane where n·(a - on) + t n·d <= 0.
            let (num, den) = (f.normal.dot(a - on), f.normal.dot(d));
            if den.abs() < 1e-12 {
                if num > 0.0 {
                    return Some(None);
                }
                continue;
            }
            let at = -num / den;
            if den > 0.0 {
                t.1 = t.1.min(at);
            } else {
                t.0 = t.0.max(at);
            }
            if t.0 > t.1 {
                return Some(None);
            }
        }
        return Some(Some(t));
    }
    None
}

/// A model's body as a parry cylinder, slightly slimmer and shorter than the real one so that
/// touching bases and surfaces don't count as overlaps.
pub(crate) fn body(radius: f32) -> Cylinder {
    Cylinder::new(MODEL_HEIGHT / 2.0 - 0.02, (radius - 0.005).max(0.01))
}

/// Centre of the body cylinder of a model standing at (x, level, z).
pub(crate) fn body_centre(x: f32, level: f32, z: f32) -> Vec3 {
    Vec3::new(x, level + MODEL_HEIGHT / 2.0, z)
}

fn positive(name: &str, what: &str, v: f32) -> Result<(), LayoutError> {
    if v.is_finite() && v > 0.0 {
        Ok(())
    } else {
        Err(LayoutError::BadSize {
            name: name.to_owned(),
            what: format!("{what} is {v}"),
        })
    }
}

/// Compiles one piece into solids, checking its sizes.
pub(crate) fn compile(
    index: usize,
    p: &SceneryPiece,
    table: &Table,
) -> Result<Vec<Solid>, LayoutError> {
    let name = p.name.as_str();
    if !p.base.is_finite() || p.base < 0.0 {
        return Err(LayoutError::BadSize {
            name: name.into(),
            what: "base height".into(),
        });
    }
    if !p.openings.is_empty() && !matches!(p.shape, SceneryShape::Wall { .. }) {
        return Err(LayoutError::BadOpening {
            name: name.into(),
            what: "is not in a wall (only walls have openings)".into(),
        });
    }
    let b = p.base;
    let body = |shape, pose| Solid::new(index, Role::Body, shape, pose);
    let solids = match &p.shape {
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            for (i, w) in ["width", "height", "depth"].iter().enumerate() {
                positive(name, w, size[i])?;
            }
            let pose = Pose::from_parts(
                Vec3::new(centre[0], b + size[1] / 2.0, centre[1]),
                Rot3::from_rotation_y(yaw_degrees.to_radians()),
            );
            vec![body(
                SharedShape::cuboid(size[0] / 2.0, size[1] / 2.0, size[2] / 2.0),
                pose,
            )]
        }
        SceneryShape::Cylinder {
            centre,
            radius,
            height,
        } => {
            positive(name, "radius", *radius)?;
            positive(name, "height", *height)?;
            let pose = Pose::from_translation(Vec3::new(centre[0], b + height / 2.0, centre[1]));
            vec![body(SharedShape::cylinder(height / 2.0, *radius), pose)]
        }
        SceneryShape::Hull { footprint, height } => {
            positive(name, "height", *height)?;
            let pts: Vec<Vec3> = footprint
                .iter()
                .flat_map(|&[x, z]| [Vec3::new(x, b, z), Vec3::new(x, b + height, z)])
                .collect();
            let bad = || LayoutError::BadHull { name: name.into() };
            if footprint.len() < 3 || pts.iter().any(|v| !v.is_finite()) {
                return Err(bad());
            }
            let shape = SharedShape::convex_hull(&pts).ok_or_else(bad)?;
            let s = body(shape, Pose::IDENTITY);
            if s.max.x - s.min.x < 1e-3 || s.max.z - s.min.z < 1e-3 {
                return Err(bad());
            }
            vec![s]
        }
        SceneryShape::Wall {
            from,
            to,
            thickness,
            height,
        } => {
            positive(name, "thickness", *thickness)?;
            positive(name, "height", *height)?;
            compile_wall(index, p, *from, *to, *thickness, *height)?
        }
    };
    for s in &solids {
        let tol = 0.01;
        if s.min.x < -tol
            || s.min.z < -tol
            || s.max.x > table.width + tol
            || s.max.z > table.depth + tol
        {
            return Err(LayoutError::OffTable { name: name.into() });
        }
    }
    Ok(solids)
}

fn compile_wall(
    index: usize,
    p: &SceneryPiece,
    from: [f32; 2],
    to: [f32; 2],
    thickness: f32,
    height: f32,
) -> Result<Vec<Solid>, LayoutError> {
    let name = p.name.as_str();
    let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
    let len = dx.hypot_exact(dz);
    positive(name, "length", len)?;
    let rot = Rot3::from_rotation_y((-dz).atan2(dx));
    let (ux, uz) = (dx / len, dz / len);
    let b = p.base;
    // A box spanning [a0, a1] along the wall and [y0, y1] above its base.
    let part = |role, a0: f32, a1: f32, y0: f32, y1: f32| {
        let mid = (a0 + a1) / 2.0;
        let centre = Vec3::new(from[0] + ux * mid, b + (y0 + y1) / 2.0, from[1] + uz * mid);
        let shape = SharedShape::cuboid((a1 - a0) / 2.0, (y1 - y0) / 2.0, thickness / 2.0);
        Solid::new(index, role, shape, Pose::from_parts(centre, rot))
    };
    let mut openings = p.openings.clone();
    openings.sort_by(|a, b| a.along.total_cmp(&b.along));
    let mut out = Vec::new();
    let mut cursor = 0.0;
    for o in &openings {
        let (a0, a1) = (o.along - o.width / 2.0, o.along + o.width / 2.0);
        let bad = |what: &str| LayoutError::BadOpening {
            name: name.into(),
            what: what.into(),
        };
        if !(o.width > 0.0 && a0 >= cursor - 1e-4 && a1 <= len + 1e-4) {
            return Err(bad(
                "doesn't fit along the wall or overlaps another opening",
            ));
        }
        if !(o.bottom >= 0.0 && o.top > o.bottom && o.top <= height + 1e-4) {
            return Err(bad("doesn't fit in the wall's height"));
        }
        if a0 - cursor > 1e-3 {
            out.push(part(Role::Body, cursor, a0, 0.0, height));
        }
        if o.bottom > 1e-3 {
            out.push(part(Role::Body, a0, a1, 0.0, o.bottom));
        }
        if height - o.top > 1e-3 {
            out.push(part(Role::Body, a0, a1, o.top, height));
        }
        out.push(part(
            Role::Opening(o.kind),
            a0,
            a1,
            o.bottom,
            o.top.min(height),
        ));
        cursor = a1;
    }
    if len - cursor > 1e-3 {
        out.push(part(Role::Body, cursor, len, 0.0, height));
    }
    Ok(out)
}

/// The part [t0, t1] of segment a→b (in inches from a) within `radius` of point c.
pub(crate) fn circle_interval(
    a: [f32; 2],
    b: [f32; 2],
    c: [f32; 2],
    radius: f32,
) -> Option<(f32, f32)> {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot_exact(d[1]);
    let f = [a[0] - c[0], a[1] - c[1]];
    if len < 1e-6 {
        return (f[0].hypot_exact(f[1]) < radius).then_some((0.0, 0.0));
    }
    let u = [d[0] / len, d[1] / len];
    let along = -(f[0] * u[0] + f[1] * u[1]);
    let perp2 = f[0] * f[0] + f[1] * f[1] - along * along;
    if perp2 >= radius * radius {
        return None;
    }
    let half = (radius * radius - perp2).sqrt();
    let (t0, t1) = ((along - half).max(0.0), (along + half).min(len));
    (t0 < t1).then_some((t0, t1))
}
