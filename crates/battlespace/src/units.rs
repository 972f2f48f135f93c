//! Limiter lengths, range bands and falling damage: the numbers every other module measures with.

use serde::{Deserialize, Serialize};

/// The RED band of the Limiter, in inches (GEN-6).
pub const RED: f32 = 3.0;
/// The YELLOW band of the Limiter, in inches (GEN-6).
pub const YELLOW: f32 = 7.0;
/// The GREEN band: the whole Limiter, in inches (GEN-6).
pub const GREEN: f32 = 12.0;
/// Heights closer than this count as the same level (a step too small to matter).
pub(crate) const STEP: f32 = 0.1;
/// Reach: the Limiter's width, in inches (GEN-7).
pub const REACH: f32 = 1.0;
/// Width of a Path of Attack strip, in inches (POA-2).
pub const POA_WIDTH: f32 = 1.0;
/// Millimetres in an inch: bases are sized in millimetres, the table in inches.
pub const MM_PER_INCH: f32 = 25.4;
/// Radius of the standard 27 mm base, in inches (GEN-3).
pub const BASE_27MM_RADIUS: f32 = inches_from_mm(27.0) / 2.0;

/// A length in millimetres (a base's diameter, a sheet of paper), in inches.
pub const fn inches_from_mm(mm: f32) -> f32 {
    mm / MM_PER_INCH
}
/// Height of the cylinder that stands for a model's body above its base, in inches.
///
/// The rulebook has no figure height; a 28–32 mm figure is about 1.25" tall, and the Path of
/// Attack corridor and base-overlap checks use this height (see `docs/decisions`).
pub const MODEL_HEIGHT: f32 = 1.25;
/// Measuring tolerance: lengths within this of a band edge count as inside it (OPEN-2).
pub const EPSILON: f32 = 1e-3;

/// The length of the vector (`self`, `other`), as the engine measures every distance on the
/// table: squared and summed in `f64`, then one square root rounded once to `f32`.
///
/// This is what glibc's `hypotf` computes (no difference over 200 million random pairs), so
/// games are unchanged, but it is the same on every platform's maths library, which keeps
/// state hashes equal across machines, and it skips a library call in the engine's hottest
/// loops (docs/decisions/perf-global-allocator.md).
pub trait Hypot {
    /// `sqrt(self² + other²)`, computed in `f64`.
    fn hypot_exact(self, other: f32) -> f32;
}

impl Hypot for f32 {
    #[inline]
    fn hypot_exact(self, other: f32) -> f32 {
        let (x, y) = (f64::from(self), f64::from(other));
        (x * x + y * y).sqrt() as f32
    }
}

/// Where a distance falls on the Limiter (OPEN-2: every band includes its outer edge).
///
/// The rules crate has its own `Band`; this one lives here because the geometry crate must
/// not depend on the rules crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RangeBand {
    /// ≤ 3".
    Red,
    /// > 3" and ≤ 7".
    Yellow,
    /// > 7" and ≤ 12".
    Green,
    /// > 12": long range.
    Long,
}

impl RangeBand {
    /// The band a distance in inches falls in (OPEN-2).
    pub fn of(distance: f32) -> RangeBand {
        if distance <= RED + EPSILON {
            RangeBand::Red
        } else if distance <= YELLOW + EPSILON {
            RangeBand::Yellow
        } else if distance <= GREEN + EPSILON {
            RangeBand::Green
        } else {
            RangeBand::Long
        }
    }

    /// The band's outer edge in inches (`f32::INFINITY` for long range).
    pub fn length(self) -> f32 {
        match self {
            RangeBand::Red => RED,
            RangeBand::Yellow => YELLOW,
            RangeBand::Green => GREEN,
            RangeBand::Long => f32::INFINITY,
        }
    }
}

/// Whether a distance is within reach (GEN-7, OPEN-2: ≤ 1").
pub fn within_reach(distance: f32) -> bool {
    distance <= REACH + EPSILON
}

/// What a fall of a given height does to a model (MOVE-19, OPEN-43).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FallDamage {
    /// A fall within RED: no wound.
    None,
    /// A fall within YELLOW or GREEN: one wound.
    Wound,
    /// A fall longer than the whole Limiter (> 12"): the model is taken out.
    TakenOut,
}

impl FallDamage {
    /// The damage for a fall of `height` inches; band edges count as inside (OPEN-43).
    pub fn of(height: f32) -> FallDamage {
        match RangeBand::of(height) {
            RangeBand::Red => FallDamage::None,
            RangeBand::Yellow | RangeBand::Green => FallDamage::Wound,
            RangeBand::Long => FallDamage::TakenOut,
        }
    }
}

/// The distance from `p` to the segment from `a` to `b` on the table's plane (x, z),
/// measured as every distance is ([`Hypot::hypot_exact`]).
pub fn point_segment_distance(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let q = nearest_on_segment(p, a, b);
    (p[0] - q[0]).hypot_exact(p[1] - q[1])
}

/// The point of the segment from `a` to `b` nearest to `p` on the table's plane (x, z); `a`
/// when the segment has no length.
pub fn nearest_on_segment(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> [f32; 2] {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let len2 = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    [a[0] + ab[0] * t, a[1] + ab[1] * t]
}

/// The least distance between the segments `a`–`b` and `c`–`d` on the table's plane (x, z):
/// 0 when they cross.
pub fn segments_apart(a: [f32; 2], b: [f32; 2], c: [f32; 2], d: [f32; 2]) -> f32 {
    let cross = |o: [f32; 2], p: [f32; 2], q: [f32; 2]| {
        (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])
    };
    let crosses = cross(a, b, c) * cross(a, b, d) < 0.0 && cross(c, d, a) * cross(c, d, b) < 0.0;
    if crosses {
        return 0.0;
    }
    point_segment_distance(c, a, b)
        .min(point_segment_distance(d, a, b))
        .min(point_segment_distance(a, c, d))
        .min(point_segment_distance(b, c, d))
}
