//! The round, bevelled base every figure stands on.

use glam::{Vec2, Vec3};

use crate::model::Model;
use crate::shape::{Shading, at, chamfer_box, disc, lathe};
use crate::surface::Surface;

/// Height of a base, in inches.
pub const BASE_HEIGHT: f32 = 0.125;

/// Width of the bevel round the base's top edge, in inches.
const BEVEL: f32 = 0.04;

/// A base of `radius` inches standing on y = 0: the rim (sides and bevel) in the team's
/// colour, the top in street grit with a little rubble, the bottom flat.
pub fn base(radius: f32) -> Model {
    let mut m = Model::new();
    let sides = 32;
    let rim = [
        Vec2::new(radius, 0.0),
        Vec2::new(radius, BASE_HEIGHT - BEVEL),
        Vec2::new(radius - BEVEL, BASE_HEIGHT),
    ];
    m.add(Surface::TeamRim, &lathe(&rim, sides, Shading::Sharp));
    let top = radius - BEVEL;
    // The ground darker than the kerb stones on it.
    let grit = [0.55, 0.55, 0.56, 1.0];
    m.add_at(
        Surface::BaseGround,
        disc(top, sides).tinted(grit),
        &at(0.0, BASE_HEIGHT, 0.0),
    );
    let mut bottom = disc(radius, sides);
    bottom.transform(&glam::Affine3A::from_rotation_x(std::f32::consts::PI));
    m.add(Surface::BaseGround, &bottom.tinted(grit));
    // A broken kerb stone and a pebble, toward the back so the figure's feet stay clear.
    let r = radius;
    for (lo, hi, cut) in [
        (
            Vec3::new(-0.55 * r, BASE_HEIGHT, 0.35 * r),
            Vec3::new(-0.2 * r, BASE_HEIGHT + 0.05, 0.62 * r),
            0.015,
        ),
        (
            Vec3::new(0.45 * r, BASE_HEIGHT, 0.45 * r),
            Vec3::new(0.6 * r, BASE_HEIGHT + 0.035, 0.6 * r),
            0.01,
        ),
    ] {
        let stone = chamfer_box(hi - lo, cut)
            .transformed(&glam::Affine3A::from_translation((lo + hi) / 2.0));
        m.add(Surface::BaseGround, &stone);
    }
    m
}
