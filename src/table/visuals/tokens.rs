//! Token meshes: a Body token is a dark disc with a red cross where a model was taken out;
//! an Impact token a bright orange disc with a dark ring (1" across, the Blast's centre).
//! None catch clicks. Objective beacons and zone hatching are `field`'s.

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::table::sync::BodyMarker;
use crate::table::tokens::ImpactMarker;
use crate::table::visuals::convert::Models;

/// Token thickness, inches.
const TOKEN_HEIGHT: f32 = 0.08;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (dress_bodies, dress_impacts).after(AppSystems::Update),
    );
}

fn dress_bodies(
    mut commands: Commands,
    bodies: Query<Entity, Added<BodyMarker>>,
    mut models: Models,
) {
    for entity in &bodies {
        let cross = models.plain(Color::srgb(0.85, 0.12, 0.12), true);
        let bar = models.meshes.add(Cuboid::new(0.7, 0.02, 0.14));
        commands
            .entity(entity)
            .insert((
                Mesh3d(models.meshes.add(Cylinder::new(0.5, TOKEN_HEIGHT))),
                MeshMaterial3d(models.plain(Color::srgb(0.12, 0.12, 0.14), true)),
                Pickable::IGNORE,
            ))
            .with_children(|parent| {
                for angle in [0.785_f32, -0.785] {
                    parent.spawn((
                        Mesh3d(bar.clone()),
                        MeshMaterial3d(cross.clone()),
                        Transform::from_xyz(0.0, TOKEN_HEIGHT / 2.0 + 0.01, 0.0)
                            .with_rotation(Quat::from_rotation_y(angle)),
                        Pickable::IGNORE,
                    ));
                }
            });
    }
}

fn dress_impacts(
    mut commands: Commands,
    impacts: Query<Entity, Added<ImpactMarker>>,
    mut models: Models,
) {
    for entity in &impacts {
        commands
            .entity(entity)
            .insert((
                Mesh3d(models.meshes.add(Cylinder::new(0.5, TOKEN_HEIGHT))),
                MeshMaterial3d(models.plain(Color::srgb(1.0, 0.55, 0.1), true)),
                Pickable::IGNORE,
            ))
            .with_child((
                Mesh3d(models.meshes.add(Annulus::new(0.32, 0.4))),
                MeshMaterial3d(models.plain(Color::srgb(0.15, 0.08, 0.02), true)),
                Transform::from_xyz(0.0, TOKEN_HEIGHT / 2.0 + 0.01, 0.0)
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                Pickable::IGNORE,
            ));
    }
}
