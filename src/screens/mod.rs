//! The app's screens as a `Screen` state; entities of a screen carry `DespawnOnExit`.

use bevy::prelude::*;

mod loading;

/// Which screen the app shows.
///
/// Later issues add TeamBuilder, Setup, Planner and Results (DESIGN.md §5).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Preparing content; leaves on its own.
    #[default]
    Loading,
    /// Title and menu.
    MainMenu,
    /// The 3D table with a battle on it.
    Battle,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_plugins(loading::plugin);
}
