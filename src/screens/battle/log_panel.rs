//! The log panel: the battle log, newest line at the bottom.

use bevy_egui::egui;

use crate::headless::game::log::BattleLog;
use crate::screens::theme::{MUTED, panel_frame};

pub(super) fn show(ui: &mut egui::Ui, log: &BattleLog) {
    egui::Panel::bottom("log_panel")
        .frame(panel_frame())
        .exact_size(118.0)
        .show(ui, |ui| {
            ui.label(egui::RichText::new("LOG").small().strong().color(MUTED));
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in log.entries() {
                        ui.label(line);
                    }
                });
        });
}
