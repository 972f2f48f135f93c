//! The optional rule modules on the Setup screen (MOD-1): those the scenario requires are on
//! and can't be turned off, those it forbids can't be turned on, the others are the players'
//! choice for this game.

use bevy::prelude::*;
use bevy_egui::egui;
use redline_content::schema::Scenario;
use redline_rules::Module;

use crate::headless::flow::new_game::{NewGame, SetupIntent};

/// One checkbox per module, with the scenario's rule beside it.
pub(super) fn modules_row(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    game: &NewGame,
    out: &mut MessageWriter<SetupIntent>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Optional rules").strong());
        for module in Module::ALL {
            let required = scenario.modules.require.contains(&module);
            let forbidden = scenario.modules.forbid.contains(&module);
            let mut on = required || game.modules.contains(&module);
            let enabled = !required && !forbidden;
            let response = ui.add_enabled(enabled, egui::Checkbox::new(&mut on, module.title()));
            if response.changed() {
                out.write(SetupIntent::Module { module, on });
            }
            if required {
                response.on_disabled_hover_text("This scenario always plays with it.");
            } else if forbidden {
                response.on_disabled_hover_text("This scenario is never played with it.");
            }
        }
    });
}
