//! Setup of third-party plugins, one file each.

use bevy::prelude::*;

mod egui;
mod picking;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((egui::plugin, picking::plugin));
}
