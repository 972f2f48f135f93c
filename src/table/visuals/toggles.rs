//! View toggles a player flips with a key: the 1" grid (G), obstacle / barrier colouring
//! of scenery (B) and the panels around the table (H: the table alone under the top bar).

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::headless::persist::bindings::{Binding, Bindings};
use crate::headless::schedule::AppSystems;

/// What the table shows on top of the plain scene.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ViewToggles {
    /// Show the 1" grid.
    pub grid: bool,
    /// Colour scenery by obstacle / barrier instead of by look.
    pub cover: bool,
    /// Show the panels around the table (hidden, the table has the window under the top
    /// bar).
    pub panels: bool,
}

impl Default for ViewToggles {
    fn default() -> Self {
        ViewToggles {
            grid: true,
            cover: false,
            panels: true,
        }
    }
}

/// Key actions that change what the table shows.
#[derive(Actionlike, Debug, Clone, Copy, PartialEq, Eq, Hash, Reflect)]
pub(crate) enum ViewAction {
    /// Show / hide the grid.
    Grid,
    /// Switch scenery colouring.
    Cover,
    /// Hide / show the panels.
    Panels,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewToggles>();
    app.add_plugins(InputManagerPlugin::<ViewAction>::default());
    app.add_systems(Startup, spawn_controls);
    app.add_systems(
        Update,
        (
            rebind.run_if(resource_changed::<Bindings>),
            flip_toggles.in_set(AppSystems::RecordInput),
        ),
    );
}

fn view_map(bindings: &Bindings) -> InputMap<ViewAction> {
    let map = InputMap::default()
        .with(ViewAction::Grid, bindings.key(Binding::ToggleGrid))
        .with(ViewAction::Cover, bindings.key(Binding::ToggleCover))
        .with(ViewAction::Panels, bindings.key(Binding::TogglePanels));
    #[cfg(feature = "gamepad")]
    let map = {
        let mut map = map;
        for (action, binding) in [
            (ViewAction::Grid, Binding::ToggleGrid),
            (ViewAction::Cover, Binding::ToggleCover),
        ] {
            if let Some(button) = binding.gamepad_button() {
                map.insert(action, button);
            }
        }
        map
    };
    map
}

/// leafwing 0.21 keeps input maps on entities, so the view keys get one of their own.
fn spawn_controls(mut commands: Commands, bindings: Res<Bindings>) {
    commands.spawn((Name::new("View controls"), view_map(&bindings)));
}

fn rebind(bindings: Res<Bindings>, mut maps: Query<&mut InputMap<ViewAction>>) {
    for mut map in &mut maps {
        *map = view_map(&bindings);
    }
}

fn flip_toggles(actions: Single<&ActionState<ViewAction>>, mut toggles: ResMut<ViewToggles>) {
    if actions.just_pressed(&ViewAction::Grid) {
        toggles.grid = !toggles.grid;
    }
    if actions.just_pressed(&ViewAction::Cover) {
        toggles.cover = !toggles.cover;
    }
    if actions.just_pressed(&ViewAction::Panels) {
        toggles.panels = !toggles.panels;
    }
}
