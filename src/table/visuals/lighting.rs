//! The battle's lights: a key light from above the near-left corner and a soft ambient
//! fill, with shadows only at high quality.

use bevy::prelude::*;

use crate::headless::screen::Screen;
use crate::table::render_quality::RenderQuality;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.85, 0.9, 1.0),
        brightness: 450.0,
        ..default()
    });
    app.add_systems(OnEnter(Screen::Battle), spawn_lights);
}

fn spawn_lights(mut commands: Commands, quality: Res<RenderQuality>) {
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: *quality == RenderQuality::High,
            ..default()
        },
        Transform::from_xyz(4.0, 30.0, 30.0).looking_at(Vec3::new(15.0, 0.0, 11.0), Vec3::Y),
        DespawnOnExit(Screen::Battle),
    ));
}
