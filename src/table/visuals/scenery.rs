//! Scenery meshes: each pack piece modelled as what it is (`redline-meshes`), with the
//! engine's solids shown over them on demand (B) in obstacle / barrier colours; a layout
//! the catalog doesn't hold is drawn as its plain solids.

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::table::scene::{BattleScene, SceneryKind, Solid};
use crate::table::spawn::{DressedScenery, Scenery, ScenerySolid};
use crate::table::visuals::batch::{Batcher, Batching};
use crate::table::visuals::convert::{Models, Paint};
use crate::table::visuals::toggles::ViewToggles;
use redline_meshes::scenery::scenery;

/// A piece's two looks.
#[derive(Component, Clone)]
struct SceneryLooks {
    normal: Handle<StandardMaterial>,
    cover: Handle<StandardMaterial>,
    /// Drawn over a piece's own look, only while the toggle is on.
    overlay: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            dress_pieces,
            dress_scenery,
            recolour.run_if(resource_changed::<ViewToggles>),
        )
            .chain()
            .after(AppSystems::Update),
    );
}

/// The colour of a piece by its look; containers vary so neighbours read apart.
fn kind_colour(kind: SceneryKind, name: &str, solid_height: f32) -> Color {
    match kind {
        SceneryKind::Container => {
            let variant = name.bytes().map(u32::from).sum::<u32>() % 3;
            [
                Color::srgb(0.36, 0.43, 0.25),
                Color::srgb(0.25, 0.36, 0.52),
                Color::srgb(0.50, 0.25, 0.23),
            ][variant as usize]
        }
        SceneryKind::Wall => Color::srgb(0.56, 0.56, 0.53),
        SceneryKind::Barricade => Color::srgb(0.82, 0.66, 0.16),
        // Floor slabs are darker so the storeys read apart.
        SceneryKind::Building if solid_height < 0.5 => Color::srgb(0.32, 0.31, 0.3),
        SceneryKind::Building => Color::srgb(0.66, 0.63, 0.58),
        SceneryKind::Barrel => Color::srgb(0.3, 0.35, 0.4),
        SceneryKind::Crate => Color::srgb(0.56, 0.42, 0.26),
    }
}

fn cover_colour(barrier: bool) -> Color {
    if barrier {
        Color::srgb(0.72, 0.16, 0.28)
    } else {
        Color::srgb(0.95, 0.72, 0.2)
    }
}

pub(super) fn solid_mesh(solid: &Solid) -> (Mesh, f32) {
    match solid {
        Solid::Box { size, .. } => (Cuboid::from_size(*size).into(), size.y),
        Solid::Cylinder { radius, height, .. } => (
            Cylinder::new(*radius, *height).mesh().resolution(20).into(),
            *height,
        ),
        Solid::Prism {
            footprint, height, ..
        } => (prism_mesh(footprint, *height), *height),
    }
}

/// A flat-shaded upright prism over a convex footprint, from y = 0 to `height`.
fn prism_mesh(footprint: &[Vec2], height: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};

    // Wind the outline counter-clockwise seen from above (+y), i.e. clockwise in (x, z).
    let mut outline = footprint.to_vec();
    let area: f32 = (0..outline.len())
        .map(|i| {
            let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    if area > 0.0 {
        outline.reverse();
    }
    let n = outline.len();
    let (mut positions, mut normals, mut indices) = (Vec::new(), Vec::new(), Vec::new());
    let mut push = |p: Vec3, normal: Vec3| {
        positions.push(p.to_array());
        normals.push(normal.to_array());
        positions.len() as u32 - 1
    };
    // Top and bottom as fans.
    let top: Vec<u32> = outline
        .iter()
        .map(|p| push(Vec3::new(p.x, height, p.y), Vec3::Y))
        .collect();
    let bottom: Vec<u32> = outline
        .iter()
        .map(|p| push(Vec3::new(p.x, 0.0, p.y), Vec3::NEG_Y))
        .collect();
    for i in 1..n.saturating_sub(1) {
        indices.extend([top[0], top[i], top[i + 1]]);
        indices.extend([bottom[0], bottom[i + 1], bottom[i]]);
    }
    // Sides, one quad per edge with its own normal.
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        let edge = b - a;
        // Outward for a clockwise outline in (x, z).
        let normal = Vec3::new(-edge.y, 0.0, edge.x).normalize_or_zero();
        let v = [
            push(Vec3::new(a.x, 0.0, a.y), normal),
            push(Vec3::new(b.x, 0.0, b.y), normal),
            push(Vec3::new(b.x, height, b.y), normal),
            push(Vec3::new(a.x, height, a.y), normal),
        ];
        indices.extend([v[0], v[1], v[2], v[0], v[2], v[3]]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// Each pack piece drawn as what it is, from `redline-meshes`.
fn dress_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, &DressedScenery), Added<DressedScenery>>,
    mut models: Models,
) {
    for (entity, DressedScenery(dressed)) in &pieces {
        let model = scenery(dressed.visual, &dressed.piece);
        let parts = Batcher::of(&model, Paint::default(), Batching::Scenery).build(&mut models);
        commands.entity(entity).with_children(|parent| {
            for (mesh, material) in parts {
                parent.spawn((mesh, material, Transform::IDENTITY));
            }
        });
    }
}

/// The engine's solids: drawn plain when the pieces have no look of their own, else shown
/// only on demand (B), see-through, in obstacle / barrier colours over the models.
fn dress_scenery(
    mut commands: Commands,
    pieces: Query<(&Scenery, &Children), Added<Scenery>>,
    solids: Query<&ScenerySolid>,
    scene: Res<BattleScene>,
    mut models: Models,
    toggles: Res<ViewToggles>,
) {
    let overlay = !scene.dressed.is_empty();
    for (piece, children) in &pieces {
        let cover = if overlay {
            models.plain(cover_colour(piece.is_barrier()).with_alpha(0.45), true)
        } else {
            models.plain(cover_colour(piece.is_barrier()), false)
        };
        for &child in children {
            let Ok(ScenerySolid(solid)) = solids.get(child) else {
                continue;
            };
            let (mesh, height) = solid_mesh(solid);
            let looks = SceneryLooks {
                normal: models.plain(kind_colour(piece.kind, &piece.name, height), false),
                cover: cover.clone(),
                overlay,
            };
            let shown = if toggles.cover {
                looks.cover.clone()
            } else {
                looks.normal.clone()
            };
            let visibility = if overlay && !toggles.cover {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            };
            commands.entity(child).insert((
                Mesh3d(models.meshes.add(mesh)),
                MeshMaterial3d(shown),
                looks,
                visibility,
            ));
        }
    }
}

fn recolour(
    toggles: Res<ViewToggles>,
    mut solids: Query<(
        &SceneryLooks,
        &mut MeshMaterial3d<StandardMaterial>,
        &mut Visibility,
    )>,
) {
    for (looks, mut material, mut visibility) in &mut solids {
        let wanted = if toggles.cover {
            &looks.cover
        } else {
            &looks.normal
        };
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
        let shown = if looks.overlay && !toggles.cover {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != shown {
            *visibility = shown;
        }
    }
}
