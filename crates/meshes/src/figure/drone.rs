//! Drones: a gull-winged flyer hovering over a shadow on its base, and a low tracked
//! crawler with a shield face; wrecked on the base once taken out.

use std::f32::consts::FRAC_PI_2;

use glam::{Affine3A, Vec2, Vec3};

use super::body::Sculpt;
use super::{FigureSpec, Pose, Role, tint};
use crate::model::Model;
use crate::shape::{capsule, cylinder, disc, extrude, frustum};
use crate::surface::Surface;

/// Height of a flying drone's body above its base's top, in inches (ART.md: 0.5–1").
pub(crate) const HOVER: f32 = 0.75;

/// The drone of a spec, in figure space (origin at the base's top).
pub(crate) fn drone(spec: &FigureSpec, pose: Pose) -> Model {
    let mut s = Sculpt::new();
    let wrecked = pose == Pose::Lying;
    match spec.role {
        Role::FlyingDrone => flyer(&mut s, spec.base_radius, wrecked),
        _ => crawler(&mut s, spec.base_radius, wrecked),
    }
    s.model
}

fn flyer(s: &mut Sculpt, radius: f32, wrecked: bool) {
    let place = if wrecked {
        Affine3A::from_translation(Vec3::new(0.05, 0.08, 0.0))
            * Affine3A::from_rotation_z(0.5)
            * Affine3A::from_rotation_x(0.3)
    } else {
        s.put(
            Surface::Shadow,
            [1.0; 4],
            disc(radius * 0.7, 20),
            &Affine3A::from_translation(Vec3::Y * 0.004),
        );
        // A clear flight stand, as on the tabletop.
        s.put(
            Surface::Glass,
            [1.0; 4],
            cylinder(0.012, HOVER - 0.05, 6),
            &Affine3A::IDENTITY,
        );
        Affine3A::from_translation(Vec3::Y * HOVER)
    };
    let hull = tint(0xd0d4d8);
    s.ball(Surface::Ceramic, hull, Vec3::new(0.085, 0.07, 0.22), &place);
    s.slab(
        Surface::TeamCloth,
        [1.0; 4],
        Vec3::new(0.05, 0.02, 0.3),
        0.008,
        &(place * Affine3A::from_translation(Vec3::new(0.0, 0.065, 0.0))),
    );
    // Gull wings: up from the body, then out and down.
    for side in [1.0f32, -1.0] {
        let inner = [
            Vec2::new(0.0, 0.08),
            Vec2::new(0.0, -0.1),
            Vec2::new(0.3, -0.05),
            Vec2::new(0.3, 0.06),
        ];
        let tilt_in = if wrecked { -0.1 } else { 0.35 };
        let inner_t = place
            * Affine3A::from_scale(Vec3::new(side, 1.0, 1.0))
            * Affine3A::from_translation(Vec3::new(0.05, 0.02, 0.0))
            * Affine3A::from_rotation_z(tilt_in)
            * Affine3A::from_rotation_x(FRAC_PI_2);
        s.put(Surface::Ceramic, hull, extrude(&inner, 0.02), &inner_t);
        let outer = [
            Vec2::new(0.0, 0.06),
            Vec2::new(0.0, -0.05),
            Vec2::new(0.26, 0.04),
            Vec2::new(0.24, 0.08),
        ];
        let outer_t = place
            * Affine3A::from_scale(Vec3::new(side, 1.0, 1.0))
            * Affine3A::from_translation(Vec3::new(
                0.05 + 0.3 * tilt_in.cos(),
                0.02 + 0.3 * tilt_in.sin(),
                0.0,
            ))
            * Affine3A::from_rotation_z(-0.3)
            * Affine3A::from_rotation_x(FRAC_PI_2);
        s.put(Surface::Ceramic, hull, extrude(&outer, 0.016), &outer_t);
    }
    // Camera eye ahead, dart gun under.
    s.put(
        Surface::GlowCyan,
        [1.0; 4],
        cylinder(0.03, 0.02, 10),
        &(place
            * Affine3A::from_translation(Vec3::new(0.0, 0.0, -0.2))
            * Affine3A::from_rotation_x(-FRAC_PI_2)),
    );
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, -0.06, -0.05),
            Vec3::new(0.0, -0.06, -0.3),
            0.012,
            0.01,
            6,
        ),
        &place,
    );
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        frustum(
            Vec3::new(0.0, 0.0, 0.18),
            Vec3::new(0.0, 0.0, 0.3),
            0.03,
            0.05,
            8,
        ),
        &place,
    );
}

fn crawler(s: &mut Sculpt, radius: f32, wrecked: bool) {
    let place = if wrecked {
        Affine3A::from_translation(Vec3::new(0.0, 0.0, 0.05)) * Affine3A::from_rotation_z(0.25)
    } else {
        Affine3A::IDENTITY
    };
    let at = |x: f32, y: f32, z: f32| place * Affine3A::from_translation(Vec3::new(x, y, z));
    let w = (radius * 0.6).min(0.5);
    let len = radius * 1.35;
    // Two tracks with their road wheels showing on the outside.
    for side in [1.0f32, -1.0] {
        let x = side * (w - 0.07);
        s.slab(
            Surface::Rubber,
            [1.0; 4],
            Vec3::new(0.14, 0.18, len),
            0.07,
            &at(x, 0.09, 0.0),
        );
        for k in [-1.0f32, 0.0, 1.0] {
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                cylinder(0.06, 0.02, 10),
                &(at(x + side * 0.07, 0.09, k * len * 0.3)
                    * Affine3A::from_rotation_z(-side * FRAC_PI_2)),
            );
        }
    }
    // The hull between the tracks, a sensor dome on top.
    let hull = tint(0x4a5058);
    s.slab(
        Surface::PaintedSteel,
        hull,
        Vec3::new(2.0 * w - 0.26, 0.16, len * 0.8),
        0.04,
        &at(0.0, 0.2, 0.06),
    );
    s.ball(
        Surface::Ceramic,
        [1.0; 4],
        Vec3::new(0.13, 0.09, 0.13),
        &at(0.0, 0.29, 0.12),
    );
    s.ball(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::splat(0.035),
        &at(0.0, 0.32, 0.0),
    );
    s.slab(
        Surface::TeamCloth,
        [1.0; 4],
        Vec3::new(2.0 * w - 0.24, 0.03, 0.1),
        0.008,
        &at(0.0, 0.285, 0.3),
    );
    // The shield wall up front, leaning back, with a lit slit and a team band on top.
    let shield = at(0.0, 0.33, -len * 0.45) * Affine3A::from_rotation_x(-0.25);
    s.slab(
        Surface::Ceramic,
        [1.0; 4],
        Vec3::new(2.0 * w + 0.04, 0.56, 0.06),
        0.025,
        &shield,
    );
    s.slab(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::new(2.0 * w * 0.55, 0.03, 0.02),
        0.005,
        &(shield * Affine3A::from_translation(Vec3::new(0.0, 0.12, -0.035))),
    );
    s.slab(
        Surface::TeamCloth,
        [1.0; 4],
        Vec3::new(2.0 * w + 0.05, 0.06, 0.07),
        0.01,
        &(shield * Affine3A::from_translation(Vec3::new(0.0, 0.27, 0.0))),
    );
    // The stun prod through the shield.
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        capsule(
            Vec3::new(0.1, 0.18, -len * 0.4),
            Vec3::new(0.1, 0.16, -len * 0.5 - 0.32),
            0.018,
            0.014,
            6,
        ),
        &place,
    );
    s.ball(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::splat(0.035),
        &at(0.1, 0.16, -len * 0.5 - 0.34),
    );
}
