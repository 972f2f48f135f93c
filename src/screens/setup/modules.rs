//! The optional rule modules on the Setup screen (MOD-1): the players' choice for this game
//! within the scenario's list ([`module_ticks`]).

use bevy::prelude::*;
use bevy_egui::egui;
use redline_content::schema::Scenario;

use crate::headless::flow::new_game::{NewGame, SetupIntent};
use crate::screens::module_ticks::module_ticks;

/// One checkbox per module, with the scenario's rule beside it.
pub(super) fn modules_row(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    game: &NewGame,
    out: &mut MessageWriter<SetupIntent>,
) {
    if let Some((module, on)) = module_ticks(ui, scenario, &game.modules) {
        out.write(SetupIntent::Module { module, on });
    }
}
