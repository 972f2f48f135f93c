//! The row of optional rule modules a game may turn on (MOD-1), shared by the Setup screen
//! and the online host's form: those the scenario requires are ticked and can't be cleared,
//! those it forbids can't be ticked, the others are the players' choice.

use bevy_egui::egui;
use redline_content::schema::Scenario;
use redline_rules::{Module, Modules};

/// One checkbox per module, with the scenario's rule beside it; the module the player
/// ticked or cleared this frame, if any.
pub(crate) fn module_ticks(
    ui: &mut egui::Ui,
    scenario: &Scenario,
    chosen: &Modules,
) -> Option<(Module, bool)> {
    let mut changed = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Optional rules").strong());
        for module in Module::ALL {
            let required = scenario.modules.require.contains(&module);
            let forbidden = scenario.modules.forbid.contains(&module);
            let mut on = required || chosen.contains(&module);
            let enabled = !required && !forbidden;
            let response = ui.add_enabled(enabled, egui::Checkbox::new(&mut on, module.title()));
            if response.changed() {
                changed = Some((module, on));
            }
            if required {
                response.on_disabled_hover_text("This scenario always plays with it.");
            } else if forbidden {
                response.on_disabled_hover_text("This scenario is never played with it.");
            }
        }
    });
    changed
}
