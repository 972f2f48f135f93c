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
    let w = (radius * 0.62).min(0.5);
    let len = radius * 1.3;
    for side in [1.0f32, -1.0] {
        let x = side * (w - 0.06);
        s.slab(
            Surface::Rubber,
            [1.0; 4],
            Vec3::new(0.12, 0.16, len),
            0.06,
            &(place * Affine3A::from_translation(Vec3::new(x, 0.08, 0.0))),
        );
        for k in [-1.0f32, 0.0, 1.0] {
            s.put(
                Surface::BrushedMetal,
                [1.0; 4],
                cylinder(0.055, 0.13, 10),
                &(place
                    * Affine3A::from_translation(Vec3::new(x - 0.065, 0.08, k * len * 0.33))
                    * Affine3A::from_rotation_z(-FRAC_PI_2)),
            );
        }
    }
    let body = tint(0x5a6068);
    s.slab(
        Surface::PaintedSteel,
        body,
        Vec3::new(2.0 * w - 0.2, 0.18, len * 0.85),
        0.04,
        &(place * Affine3A::from_translation(Vec3::new(0.0, 0.22, 0.04))),
    );
    s.slab(
        Surface::TeamCloth,
        [1.0; 4],
        Vec3::new(2.0 * w - 0.18, 0.04, 0.08),
        0.01,
        &(place * Affine3A::from_translation(Vec3::new(0.0, 0.25, 0.2))),
    );
    // The shield face, leaning back, and the prod through it.
    s.slab(
        Surface::Ceramic,
        [1.0; 4],
        Vec3::new(2.0 * w, 0.42, 0.05),
        0.02,
        &(place
            * Affine3A::from_translation(Vec3::new(0.0, 0.26, -len * 0.5))
            * Affine3A::from_rotation_x(-0.3)),
    );
    s.put(
        Surface::BrushedMetal,
        [1.0; 4],
        capsule(
            Vec3::new(0.0, 0.2, -len * 0.45),
            Vec3::new(0.0, 0.18, -len * 0.5 - 0.3),
            0.018,
            0.014,
            6,
        ),
        &place,
    );
    s.ball(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::splat(0.03),
        &(place * Affine3A::from_translation(Vec3::new(0.0, 0.18, -len * 0.5 - 0.31))),
    );
    s.ball(
        Surface::GlowCyan,
        [1.0; 4],
        Vec3::new(0.05, 0.025, 0.02),
        &(place * Affine3A::from_translation(Vec3::new(0.0, 0.4, -len * 0.5 + 0.02))),
    );
}
