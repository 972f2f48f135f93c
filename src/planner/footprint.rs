//! Footprints of the scenery as seen from above, for drawing the top-down table and for
//! finding the piece under a click: every shape the geometry knows is convex, so a footprint
//! is one convex polygon (x, z), counter-clockwise.

use redline_battlespace::SceneryShape;

/// Sides of the polygon drawn for a cylinder.
const CIRCLE_SIDES: usize = 20;

fn turn([x, z]: [f32; 2], degrees: f32) -> [f32; 2] {
    let (s, c) = degrees.to_radians().sin_cos();
    [x * c - z * s, x * s + z * c]
}

/// The outline of a shape seen from above.
pub fn outline(shape: &SceneryShape) -> Vec<[f32; 2]> {
    match shape {
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            let (hx, hz) = (size[0] / 2.0, size[2] / 2.0);
            [[-hx, -hz], [hx, -hz], [hx, hz], [-hx, hz]]
                .into_iter()
                .map(|p| {
                    let [x, z] = turn(p, *yaw_degrees);
                    [centre[0] + x, centre[1] + z]
                })
                .collect()
        }
        SceneryShape::Cylinder { centre, radius, .. } => (0..CIRCLE_SIDES)
            .map(|k| {
                let a = k as f32 / CIRCLE_SIDES as f32 * std::f32::consts::TAU;
                [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
            })
            .collect(),
        SceneryShape::Hull { footprint, .. } => convex_hull(footprint),
        SceneryShape::Wall {
            from,
            to,
            thickness,
            ..
        } => {
            let (dx, dz) = (to[0] - from[0], to[1] - from[1]);
            let len = (dx * dx + dz * dz).sqrt().max(f32::EPSILON);
            let (nx, nz) = (-dz / len * thickness / 2.0, dx / len * thickness / 2.0);
            vec![
                [from[0] - nx, from[1] - nz],
                [to[0] - nx, to[1] - nz],
                [to[0] + nx, to[1] + nz],
                [from[0] + nx, from[1] + nz],
            ]
        }
    }
}

fn cross(o: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// The convex hull of points, counter-clockwise (Andrew's monotone chain).
pub fn convex_hull(points: &[[f32; 2]]) -> Vec<[f32; 2]> {
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<[f32; 2]> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &[f32; 2]>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Whether a point lies inside (or on) a convex polygon given in either turning order.
pub fn contains(polygon: &[[f32; 2]], p: [f32; 2]) -> bool {
    if polygon.len() < 3 {
        return false;
    }
    let mut sign = 0.0f32;
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        let c = cross(a, b, p);
        if c.abs() < 1e-6 {
            continue;
        }
        if sign == 0.0 {
            sign = c.signum();
        } else if c.signum() != sign {
            return false;
        }
    }
    true
}
