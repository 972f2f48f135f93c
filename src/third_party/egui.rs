//! bevy_egui: the primary context lives on its own UI camera, drawn over the whole window
//! after the table camera. The table camera's viewport shrinks to the area the panels
//! leave free (`ui::battle_hud`); were egui on that camera, the panels would be clipped
//! to that area and vanish. Panels are drawn in `EguiPrimaryContextPass` systems (`ui`).

use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy_egui::{EguiGlobalSettings, EguiPlugin, PrimaryEguiContext};
use wgpu_types::BlendState;

/// Marks the camera that only draws egui.
#[derive(Component, Debug)]
pub struct UiCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    });
    app.add_systems(Startup, spawn_ui_camera);
}

fn spawn_ui_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("UI camera"),
        UiCamera,
        PrimaryEguiContext,
        Camera2d,
        // Renders nothing of the world, only the egui pass; mesh picking skips it too, as
        // no mesh shares a render layer with it.
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}
