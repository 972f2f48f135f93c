//! The top bar: the layout's name, each team with its Luck tokens (LUCK-1), the turn and
//! who has Control, and the battle's buttons (undo, save, menu).

use bevy_egui::egui;

use super::theme::{MUTED, egui_colour, panel_frame};
use crate::battle::scene::TeamSpec;

const LUCK_GOLD: egui::Color32 = egui::Color32::from_rgb(240, 196, 60);

pub(super) fn show(
    ui: &mut egui::Ui,
    layout: &str,
    teams: &[TeamSpec],
    status: &str,
    buttons: impl FnOnce(&mut egui::Ui),
) {
    egui::Panel::top("top_bar")
        .frame(panel_frame())
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new("REDLINE")
                        .size(18.0)
                        .strong()
                        .color(egui::Color32::from_rgb(230, 52, 46)),
                );
                ui.label(egui::RichText::new(layout).color(MUTED));
                for team in teams {
                    ui.separator();
                    team_luck(ui, team);
                }
                ui.separator();
                ui.label(egui::RichText::new(status).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.horizontal(buttons);
                });
            });
        });
}

fn team_luck(ui: &mut egui::Ui, team: &TeamSpec) {
    let colour = egui_colour(team.colour);
    let (swatch, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(swatch, 2.0, colour);
    ui.label(egui::RichText::new(&team.name).strong().color(colour));
    ui.label(egui::RichText::new("Luck").color(MUTED));
    for _ in 0..team.luck {
        let (slot, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        ui.painter().circle_filled(slot.center(), 6.0, LUCK_GOLD);
    }
    ui.label(egui::RichText::new(team.luck.to_string()).strong());
}
