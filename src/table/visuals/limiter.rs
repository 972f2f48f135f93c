//! The Limiter's look: each band a flat strip in its colour, with a dark tick every inch
//! so distances read at a glance; along an aimed route, each band a 1"-wide ribbon that
//! bends with the route. Clicks pass through it.

use bevy::prelude::*;
use redline_rules::card::Colour;

use crate::headless::schedule::AppSystems;
use crate::table::visuals::convert::Models;
use crate::table::visuals::grid_mesh::{Strip, strips_mesh};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};

use crate::table::limiter::{LIMITER_LIFT, LIMITER_WIDTH, LimiterBand, LimiterBend};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, dress_bands.after(AppSystems::Update));
}

pub(super) fn band_colour(colour: Colour) -> Color {
    match colour {
        Colour::Green => Color::srgb(0.2, 0.75, 0.32),
        Colour::Yellow => Color::srgb(0.98, 0.8, 0.16),
        Colour::Red => Color::srgb(0.9, 0.2, 0.18),
    }
}

fn dress_bands(
    mut commands: Commands,
    bands: Query<(Entity, &LimiterBand, Option<&LimiterBend>), Added<LimiterBand>>,
    mut models: Models,
) {
    for (entity, band, bend) in &bands {
        if let Some(LimiterBend(line)) = bend {
            commands.entity(entity).insert((
                Mesh3d(models.meshes.add(ribbon(line, LIMITER_WIDTH))),
                MeshMaterial3d(models.plain(band_colour(band.colour), true)),
                Pickable::IGNORE,
            ));
            continue;
        }
        let length = band.length();
        // Ticks at whole inches inside the band, in the band's frame (forward is -Z).
        let ticks: Vec<Strip> = (band.start as u32 + 1..band.end.ceil() as u32)
            .map(|inch| {
                let z = (band.start + band.end) / 2.0 - inch as f32;
                Strip {
                    min: Vec2::new(-LIMITER_WIDTH / 2.0, z - 0.025),
                    max: Vec2::new(-LIMITER_WIDTH / 2.0 + 0.35, z + 0.025),
                }
            })
            .collect();
        commands
            .entity(entity)
            .insert((
                Mesh3d(
                    models
                        .meshes
                        .add(Cuboid::new(LIMITER_WIDTH, LIMITER_LIFT, length)),
                ),
                MeshMaterial3d(models.plain(band_colour(band.colour), true)),
                Pickable::IGNORE,
            ))
            .with_child((
                Mesh3d(
                    models
                        .meshes
                        .add(strips_mesh(&ticks, LIMITER_LIFT / 2.0 + 0.002)),
                ),
                MeshMaterial3d(models.plain(Color::srgb(0.06, 0.06, 0.07), true)),
                Pickable::IGNORE,
            ));
    }
}

/// A flat ribbon `width` wide along a polyline, facing up; corners are mitred with the
/// mean direction of the two stretches.
fn ribbon(line: &[Vec3], width: f32) -> Mesh {
    let mut positions = Vec::new();
    let dir = |i: usize| -> Vec3 {
        let a = line[i.saturating_sub(1)];
        let b = line[(i + 1).min(line.len() - 1)];
        (b - a).with_y(0.0).normalize_or_zero()
    };
    for (i, p) in line.iter().enumerate() {
        let side = dir(i).cross(Vec3::Y).normalize_or_zero() * (width / 2.0);
        positions.push((*p + side).to_array());
        positions.push((*p - side).to_array());
    }
    let mut indices = Vec::new();
    for i in 0..line.len().saturating_sub(1) as u32 {
        let (a, b, c, d) = (2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3);
        indices.extend([a, c, b, b, c, d]);
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}
