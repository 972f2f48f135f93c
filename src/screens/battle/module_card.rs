//! The card's optional-module lines (`table::module_card`): DOWNED with what can be done
//! (First Aid by a friend and a drag by a friend, each with the engine's odds), a construct's SYSTEMS with the damaged
//! ones struck through, and HAYWIRE; before them a construct's state and security's lines
//! (`state_lines`).

use bevy_egui::egui;
use redline_rules::Game;

use crate::headless::game::describe;
use crate::screens::theme::{BAD, GOOD, MUTED, token_colour};
use crate::table::module_card::{DownedLine, Helper, ModuleCard};

/// Bone white: Downed, as on the table.
const BONE: egui::Color32 = egui::Color32::from_rgb(237, 235, 219);
/// Neon magenta: Haywire, as on the table.
const HAYWIRE: egui::Color32 = egui::Color32::from_rgb(235, 77, 219);

pub(super) fn show(ui: &mut egui::Ui, game: &Game, card: &ModuleCard) {
    super::state_lines::construct(ui, &card.construct);
    super::state_lines::security(ui, &card.security);
    if let Some(line) = &card.downed {
        ui.add_space(8.0);
        downed(ui, game, line);
    }
    if !card.systems.is_empty() {
        ui.add_space(8.0);
        ui.label(egui::RichText::new("SYSTEMS").small().strong().color(MUTED));
        for (name, damaged) in &card.systems {
            ui.horizontal(|ui| {
                if *damaged {
                    ui.label(egui::RichText::new(name).strikethrough().color(MUTED));
                    ui.label(egui::RichText::new("DAMAGED").small().strong().color(BAD));
                } else {
                    ui.label(egui::RichText::new(name).strong());
                    ui.label(egui::RichText::new("working").small().color(GOOD));
                }
            });
        }
    }
    if card.haywire {
        ui.label(egui::RichText::new("HAYWIRE").strong().color(HAYWIRE));
        ui.label(
            egui::RichText::new("The next player decides its actions; everyone is its rival")
                .small()
                .color(MUTED),
        );
    }
}

/// DOWNED, Fresh, who may try First Aid with what chance, and who may drag it with what
/// chance (AID-10).
fn downed(ui: &mut egui::Ui, game: &Game, line: &DownedLine) {
    ui.label(
        egui::RichText::new("DOWNED")
            .size(17.0)
            .strong()
            .color(BONE),
    );
    ui.label(
        egui::RichText::new("Out of action; counts as taken out")
            .small()
            .color(MUTED),
    );
    first_aid(ui, game, line);
    if !line.draggers.is_empty() {
        helpers(ui, game, "DRAG", &line.draggers);
    }
}

/// Whether First Aid may be tried, and who may try it with what chance.
fn first_aid(ui: &mut egui::Ui, game: &Game, line: &DownedLine) {
    if line.aid_tried {
        ui.label(egui::RichText::new("First Aid was tried: it can't be tried again").color(MUTED));
        return;
    }
    if line.fresh {
        ui.label(
            egui::RichText::new("Fresh: +1 to First Aid")
                .small()
                .color(GOOD),
        );
    }
    if line.helpers.is_empty() {
        let why = line
            .refused
            .as_deref()
            .unwrap_or("No friend is within reach");
        ui.label(
            egui::RichText::new("First Aid by a friend within reach")
                .small()
                .color(MUTED),
        );
        ui.label(egui::RichText::new(why).small().italics().color(MUTED));
        return;
    }
    helpers(ui, game, "FIRST AID", &line.helpers);
}

/// A heading, then each friend with the token colour it would spend and its chance.
fn helpers(ui: &mut egui::Ui, game: &Game, heading: &str, helpers: &[Helper]) {
    ui.label(egui::RichText::new(heading).small().strong().color(MUTED));
    for helper in helpers {
        ui.horizontal(|ui| {
            ui.label(describe::model(game, helper.model));
            if let Some(colour) = helper.colour {
                ui.label(
                    egui::RichText::new(colour.name())
                        .small()
                        .strong()
                        .color(token_colour(colour)),
                );
            }
            ui.label(egui::RichText::new(format!("{:.0}%", helper.success * 100.0)).strong());
        });
    }
}
