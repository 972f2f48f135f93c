//! A fixed firing arc: a wedge on the table with its apex at a point and its middle along a
//! compass bearing (0° North, toward −z; 90° East, toward +x; 180° South, toward +z). A
//! sentry's 90° arc is one (SEC-10).

use crate::model::ModelBase;
use crate::units::Hypot;

/// The unit direction (x, z) of a compass bearing in degrees.
pub fn bearing_direction(bearing_deg: f32) -> [f32; 2] {
    let r = bearing_deg.to_radians();
    [r.sin(), -r.cos()]
}

/// Whether any part of the base lies in the wedge `arc_deg` wide, centred on `bearing_deg`,
/// with its apex at `apex` (x, z).
pub fn base_in_arc(apex: [f32; 2], bearing_deg: f32, arc_deg: f32, base: &ModelBase) -> bool {
    let dx = base.position[0] - apex[0];
    let dz = base.position[2] - apex[1];
    let d = dx.hypot_exact(dz);
    if d <= base.radius {
        return true;
    }
    let [fx, fz] = bearing_direction(bearing_deg);
    let off_centre = ((dx * fx + dz * fz) / d).clamp(-1.0, 1.0).acos();
    // The base reaches into the wedge by the angle its radius subtends.
    let widen = (base.radius / d).clamp(0.0, 1.0).asin();
    off_centre <= (arc_deg / 2.0).to_radians() + widen + 1e-6
}
