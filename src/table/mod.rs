//! The 3D table, a view of the match: the table, scenery and miniatures as entities,
//! selection, the Limiter, Body / Impact / objective tokens, move and attack animations,
//! the picking colliders and the sync with the game; the camera; `visuals` gives the
//! entities meshes and lights. [`plugin`] runs with no window (the app tests use it);
//! [`visuals::plugin`], the camera and the render quality need one.

use bevy::prelude::*;

pub mod animate;
pub(crate) mod camera;
pub(crate) mod camera_view;
pub mod colliders;
pub mod dragged;
pub mod eye;
pub(crate) mod glide;
pub mod limiter;
pub mod look;
pub mod pace;
pub mod planner_scene;
pub(crate) mod render_quality;
pub mod scene;
pub mod selection;
pub mod set_table;
pub mod spawn;
pub mod sync;
pub mod tokens;
pub(crate) mod viewport;
pub(crate) mod visuals;

/// The table's entities and their logic, without meshes: runs headless.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        spawn::plugin,
        colliders::plugin,
        dragged::plugin,
        selection::plugin,
        eye::plugin,
        limiter::plugin,
        animate::plugin,
        sync::plugin,
        tokens::plugin,
        pace::plugin,
        planner_scene::plugin,
    ));
}

/// What the table needs a window for: render quality, meshes and lights, the camera.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((
        render_quality::plugin,
        visuals::plugin,
        camera::plugin,
        viewport::plugin,
    ));
}
