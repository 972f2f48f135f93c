//! A sentry's model (SEC-9): a turret of our own on its 32 mm base, drawn in place of a
//! figure. A gunmetal base with the crew's colour on its rim, a post, a ring mount and an
//! armoured head with twin barrels turned to the sentry's bearing. Loaded, the barrels
//! are level and the sensor glows cyan; Spent, the barrels droop and the sensor is dark,
//! so the two read apart in greyscale too (ART.md: shape as well as colour).

use bevy::prelude::*;

use crate::table::look::SentryLook;
use crate::table::visuals::convert::Models;
use crate::table::visuals::security::yaw_of;

/// Gunmetal: the base and the post.
const GUNMETAL: Color = Color::srgb(0.20, 0.21, 0.23);
/// Brushed steel: the head and the barrels.
const STEEL: Color = Color::srgb(0.50, 0.53, 0.56);
/// A Loaded sentry's sensor: cyan, a neon accent no rule uses.
const SENSOR_ON: Color = Color::srgb(0.35, 0.95, 1.0);
/// A Spent sentry's sensor: dark glass.
const SENSOR_OFF: Color = Color::srgb(0.10, 0.11, 0.13);
/// How far a Spent sentry's barrels droop, radians.
const DROOP: f32 = 0.45;
/// Height of the head's pivot over the base's underside, inches.
const PIVOT: f32 = 0.78;

/// One mesh of the turret, placed in the miniature's frame.
pub(super) type TurretPart = (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform);

/// The turret on a base of `radius`, its head turned to the sentry's bearing; `carrier` is
/// the miniature's own turn, undone so the head points along the bearing on the table.
pub(super) fn turret(
    models: &mut Models,
    look: SentryLook,
    radius: f32,
    crew: Color,
    carrier: Quat,
) -> Vec<TurretPart> {
    let gunmetal = models.plain(GUNMETAL, false);
    let steel = models.plain(STEEL, false);
    let band = models.plain(crew, false);
    let sensor = models.plain(
        if look.loaded { SENSOR_ON } else { SENSOR_OFF },
        look.loaded,
    );
    let part = |models: &mut Models, mesh: Mesh, mat: &Handle<StandardMaterial>, at: Transform| {
        (
            Mesh3d(models.meshes.add(mesh)),
            MeshMaterial3d(mat.clone()),
            at,
        )
    };
    let mut out = vec![
        part(
            models,
            Cylinder::new(radius, 0.125).into(),
            &gunmetal,
            Transform::from_xyz(0.0, 0.0625, 0.0),
        ),
        part(
            models,
            Torus::new(radius - 0.04, radius + 0.02).into(),
            &band,
            Transform::from_xyz(0.0, 0.11, 0.0),
        ),
        part(
            models,
            Cylinder::new(0.13, 0.5).into(),
            &gunmetal,
            Transform::from_xyz(0.0, 0.37, 0.0),
        ),
        part(
            models,
            Cylinder::new(0.27, 0.08).into(),
            &steel,
            Transform::from_xyz(0.0, 0.62, 0.0),
        ),
    ];
    let head = Transform::from_xyz(0.0, PIVOT, 0.0)
        .with_rotation(carrier.inverse() * yaw_of(f32::from(look.facing_deg)));
    let pitch = if look.loaded { 0.0 } else { -DROOP };
    let barrel_turn = Quat::from_rotation_x(pitch);
    let mut on_head: Vec<(Mesh, &Handle<StandardMaterial>, Transform)> = vec![
        (
            Cuboid::new(0.5, 0.3, 0.56).into(),
            &steel,
            Transform::IDENTITY,
        ),
        (
            Cuboid::new(0.52, 0.08, 0.3).into(),
            &band,
            Transform::from_xyz(0.0, 0.1, 0.1),
        ),
        (
            Cuboid::new(0.16, 0.2, 0.3).into(),
            &gunmetal,
            Transform::from_xyz(0.33, -0.02, 0.05),
        ),
        (
            Sphere::new(0.07).into(),
            &sensor,
            Transform::from_xyz(-0.14, 0.1, -0.28),
        ),
    ];
    for x in [-0.09, 0.09] {
        let root = Vec3::new(x, -0.03, -0.25);
        let barrel = Transform::from_translation(root)
            .with_rotation(barrel_turn)
            .mul_transform(
                Transform::from_xyz(0.0, 0.0, -0.35)
                    .with_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
            );
        on_head.push((Cylinder::new(0.045, 0.7).into(), &steel, barrel));
    }
    for (mesh, mat, at) in on_head {
        let placed = head.mul_transform(at);
        out.push(part(models, mesh, mat, placed));
    }
    out
}
