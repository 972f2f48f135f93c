//! Picking colliders (bevy_rapier3d), built from the same definitions the rules measure
//! with: each scenery solid from the geometry crate's own solid (`BattleScene` copies
//! them), each miniature as the geometry crate's model cylinder ([`MODEL_HEIGHT`] tall on
//! its base), the mat as a slab under the table. The game's Rapier plugins cast the
//! pointer's ray against them; a click on a miniature selects it (its card), a click on the
//! mat or on a scenery top is a point on the table (the route preview's goal).

use bevy::prelude::*;
use bevy_rapier3d::prelude::Collider;
use redline_battlespace::MODEL_HEIGHT;

use crate::headless::schedule::AppSystems;
use crate::table::scene::Solid;
use crate::table::spawn::{Miniature, ScenerySolid, Table};

/// Thickness of the mat's picking slab under the table's surface, inches.
pub const MAT_SLAB: f32 = 0.1;

/// The mat's slab, a child of the [`Table`]: clicks on it are points on the table.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatSurface;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (shape_miniatures, shape_scenery, shape_mat).in_set(AppSystems::Update),
    );
}

/// A solid's collider in the frame `spawn::solid_transform` gives its entity.
pub fn solid_collider(solid: &Solid) -> Option<Collider> {
    match solid {
        Solid::Box { size, .. } => Some(Collider::cuboid(size.x / 2.0, size.y / 2.0, size.z / 2.0)),
        Solid::Cylinder { radius, height, .. } => Some(Collider::cylinder(height / 2.0, *radius)),
        Solid::Prism {
            footprint, height, ..
        } => {
            let points: Vec<Vec3> = footprint
                .iter()
                .flat_map(|p| [Vec3::new(p.x, 0.0, p.y), Vec3::new(p.x, *height, p.y)])
                .collect();
            Collider::convex_hull(&points)
        }
    }
}

/// A miniature's collider: the rules' model cylinder standing on the base centre.
pub fn miniature_collider(base_diameter: f32) -> Collider {
    Collider::compound(vec![(
        Vec3::Y * (MODEL_HEIGHT / 2.0),
        Quat::IDENTITY,
        Collider::cylinder(MODEL_HEIGHT / 2.0, base_diameter / 2.0),
    )])
}

fn shape_miniatures(mut commands: Commands, added: Query<(Entity, &Miniature), Added<Miniature>>) {
    for (entity, miniature) in &added {
        commands
            .entity(entity)
            .insert(miniature_collider(miniature.base_diameter));
    }
}

fn shape_scenery(
    mut commands: Commands,
    added: Query<(Entity, &ScenerySolid), Added<ScenerySolid>>,
) {
    for (entity, solid) in &added {
        if let Some(collider) = solid_collider(&solid.0) {
            commands.entity(entity).insert(collider);
        }
    }
}

fn shape_mat(mut commands: Commands, added: Query<(Entity, &Table), Added<Table>>) {
    for (entity, table) in &added {
        commands.entity(entity).with_child((
            Name::new("Mat surface"),
            MatSurface,
            Collider::cuboid(table.width / 2.0, MAT_SLAB / 2.0, table.depth / 2.0),
            Transform::from_xyz(table.width / 2.0, -MAT_SLAB / 2.0, table.depth / 2.0),
            Visibility::default(),
        ));
    }
}
