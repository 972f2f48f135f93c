//! The optional rules on the Setup screen: the modules (MOD-1), the players' choice for this
//! game within the scenario's list ([`module_ticks`]), and a third force (THIRD-1).

use bevy::prelude::*;
use bevy_egui::egui;
use redline_content::Catalog;
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

/// The third forces of the packs, one to switch on for this game, or none (THIRD-1); each
/// one's story on hover.
pub(super) fn third_force_row(
    ui: &mut egui::Ui,
    catalog: &Catalog,
    game: &NewGame,
    out: &mut MessageWriter<SetupIntent>,
) {
    if catalog.third_forces.iter().next().is_none() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Third force").strong())
            .on_hover_text(
                "A neutral crew the game plays itself: it attacks either side and can't win",
            );
        if ui
            .selectable_label(game.third_force.is_none(), "None")
            .clicked()
        {
            out.write(SetupIntent::ThirdForce(None));
        }
        for f in catalog.third_forces.iter() {
            let on = game.third_force.as_deref() == Some(f.id.as_str());
            if ui
                .selectable_label(on, &f.name)
                .on_hover_text(&f.text)
                .clicked()
            {
                out.write(SetupIntent::ThirdForce(Some(f.id.clone())));
            }
        }
    });
}
