//! Footprints of the scenery as seen from above, for drawing the top-down table and for
//! finding the piece under a click: every shape the geometry knows is convex, so a footprint
//! is one convex polygon (x, z).

/// The outline of a shape seen from above: the planner crate's footprint, the same polygon
/// the printed table shows, turned as the geometry turns it.
pub use redline_planner::outline::{convex_hull, footprint as outline};

fn cross(o: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
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
