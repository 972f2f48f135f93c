//! The battle: the table, scenery and miniatures as entities, selection, the Limiter and
//! the battle log. `visuals` gives them meshes; everything else runs headless.

use bevy::prelude::*;

pub mod limiter;
pub mod log;
pub mod scene;
pub mod selection;
pub mod spawn;
pub mod starter_scene;
pub(crate) mod visuals;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        spawn::plugin,
        selection::plugin,
        limiter::plugin,
        log::plugin,
    ));
}
