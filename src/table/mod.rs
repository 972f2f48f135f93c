//! The 3D table, a view of the match: the table, scenery and miniatures as entities,
//! selection, the Limiter, Body / Impact / objective tokens, move and attack animations,
//! the picking colliders and the sync with the game; the optional modules' fires and
//! security; the camera; `visuals` gives the
//! entities meshes and lights; [`assets`] loads the textures behind the Loading screen.
//! [`plugin`] runs with no window (the app tests use it); [`visuals_plugin`] needs the asset
//! stores of meshes, materials and images but no window; [`assets::plugin`] needs the asset
//! server, and the camera a window.

use bevy::prelude::*;

pub mod animate;
pub mod assets;
pub(crate) mod camera;
pub(crate) mod camera_view;
pub mod colliders;
pub mod drag_aim;
pub mod dragged;
pub mod eye;
pub mod fires;
pub(crate) mod glide;
pub mod haywire;
pub mod limiter;
pub mod look;
pub mod module_card;
pub mod pace;
pub mod planner_scene;
pub(crate) mod render_quality;
pub mod scene;
pub mod sec_card;
pub mod security;
pub mod selection;
pub mod set_table;
pub mod spawn;
pub mod sync;
pub mod tokens;
pub(crate) mod visuals;

/// The table's entities and their logic, without meshes: runs headless.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        spawn::plugin,
        colliders::plugin,
        dragged::plugin,
        drag_aim::plugin,
        selection::plugin,
        eye::plugin,
        limiter::plugin,
        animate::plugin,
        sync::plugin,
        tokens::plugin,
        pace::plugin,
        planner_scene::plugin,
        haywire::plugin,
        fires::plugin,
        security::plugin,
    ));
}

/// The render quality, meshes, materials and lights of the table's entities, and the
/// redraws asked while something moves: needs the asset stores (`Mesh`,
/// `StandardMaterial`, `Image`) but no window, so an app test can run it.
pub fn visuals_plugin(app: &mut App) {
    app.add_plugins((render_quality::plugin, visuals::plugin));
}

/// What the table needs a window for: its textures, [`visuals_plugin`], the camera.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((
        assets::plugin,
        visuals::flat_mat::plugin,
        visuals_plugin,
        camera::plugin,
    ));
}
