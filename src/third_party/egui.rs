//! bevy_egui: the primary context lives on the table camera, which renders the whole
//! window; the panels are drawn over the table and the camera frames the table in the area
//! they leave free (`camera::frame_table`). (A second, egui-only camera over a viewport
//! camera left egui's earlier frames on screen under lavapipe: a 2D camera with nothing to
//! draw never clears its texture.) Panels are drawn in `EguiPrimaryContextPass` systems.

use bevy::prelude::*;
use bevy_egui::{EguiGlobalSettings, EguiPlugin};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    });
}
