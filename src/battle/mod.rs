//! The battle: the table, scenery and miniatures as entities, selection, the Limiter, the
//! battle log, move animations and the sync with the game. `visuals` gives them meshes;
//! everything else runs headless.

use bevy::prelude::*;

pub mod animate;
pub mod colliders;
pub mod limiter;
pub mod log;
pub mod scene;
pub mod selection;
pub mod spawn;
pub mod starter_scene;
pub mod sync;
pub mod tokens;
pub(crate) mod visuals;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        spawn::plugin,
        colliders::plugin,
        selection::plugin,
        limiter::plugin,
        log::plugin,
        animate::plugin,
        sync::plugin,
        tokens::plugin,
    ));
}
