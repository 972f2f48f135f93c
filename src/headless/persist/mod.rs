//! What the app keeps on disk, all through `redline_content::store` (versioned RON,
//! atomic writes, previous copy kept): saved games and the autosave, team rosters, planner
//! layouts, key bindings and the game settings last chosen, under the user's data folder or
//! `--data-dir`.

use bevy::prelude::*;

pub mod bindings;
pub mod data_dir;
#[cfg(target_arch = "wasm32")]
pub(crate) mod download;
pub mod layouts;
pub mod refusals;
pub mod rosters;
pub mod saves;
pub mod settings;
pub mod transfer;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        data_dir::plugin,
        refusals::plugin,
        saves::plugin,
        rosters::plugin,
        bindings::plugin,
        settings::plugin,
        transfer::plugin,
    ));
}
