//! Scenery compiled into parry solids: every piece becomes one or more convex parts (a wall
//! with openings is split around them), each with an AABB for cheap culling.

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
    let dir = d / len;
    let t_in = shape.cast_ray(pose, &Ray::new(a, dir), len, true)?;
    let back = shape.cast_ray(pose, &Ray::new(b, -dir), len, true)?;
    Some((t_in, len - back))
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
    let len = dx.hypot(dz);
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
