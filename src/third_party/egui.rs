//! bevy_egui: the primary context attaches to the first camera (the table camera); panels
//! are drawn in `EguiPrimaryContextPass` systems (see `ui`).

use bevy::prelude::*;
use bevy_egui::EguiPlugin;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
}
