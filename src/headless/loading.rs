//! The Loading screen: leaves for the first real screen once content is ready.
//!
//! The starter pack is embedded in the binary (DESIGN.md §4), so today there is nothing
//! to wait for; pack loading and validation will hook in here.

use bevy::prelude::*;

use crate::headless::flow::menu::MenuIntent;
use crate::headless::options::LaunchOptions;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        leave_loading
            .in_set(AppSystems::Update)
            .run_if(in_state(Screen::Loading)),
    );
}

fn leave_loading(
    options: Res<LaunchOptions>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: MessageWriter<MenuIntent>,
) {
    next.set(options.first_screen());
    if options.quick_battle() {
        menu.write(MenuIntent::QuickSkirmish);
    }
}
