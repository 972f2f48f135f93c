//! The Limiter's look: each band a flat strip in its colour, with a dark tick every inch
//! so distances read at a glance. Clicks pass through it.

use bevy::prelude::*;
use redline_rules::card::Colour;

use super::grid_mesh::{Strip, strips_mesh};
use super::marking;
use crate::AppSystems;
use crate::battle::limiter::{LIMITER_LIFT, LIMITER_WIDTH, LimiterBand};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, dress_bands.after(AppSystems::Update));
}

fn band_colour(colour: Colour) -> Color {
    match colour {
        Colour::Green => Color::srgb(0.2, 0.75, 0.32),
        Colour::Yellow => Color::srgb(0.98, 0.8, 0.16),
        Colour::Red => Color::srgb(0.9, 0.2, 0.18),
    }
}

fn dress_bands(
    mut commands: Commands,
    bands: Query<(Entity, &LimiterBand), Added<LimiterBand>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (entity, band) in &bands {
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
                Mesh3d(meshes.add(Cuboid::new(LIMITER_WIDTH, LIMITER_LIFT, length))),
                MeshMaterial3d(marking(&mut materials, band_colour(band.colour))),
                Pickable::IGNORE,
            ))
            .with_child((
                Mesh3d(meshes.add(strips_mesh(&ticks, LIMITER_LIFT / 2.0 + 0.002))),
                MeshMaterial3d(marking(&mut materials, Color::srgb(0.06, 0.06, 0.07))),
                Pickable::IGNORE,
            ));
    }
}
