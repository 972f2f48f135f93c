//! The deployment's guidance in the battle's left panel: whose turn it is to deploy, how to
//! move a model, the last refusal, and "deployment done".

use bevy::prelude::*;
use bevy_egui::egui;
use redline_rules::Seat;

use crate::headless::flow::deploy::{DeployIntent, Deployment};
use crate::headless::notice::Notice;
use crate::screens::theme::{MUTED, caption, notice_line};

/// The deploying seat's panel.
pub(crate) fn deployment_panel(
    ui: &mut egui::Ui,
    d: &Deployment,
    notice: &Notice,
    deploys: &mut MessageWriter<DeployIntent>,
) {
    caption(ui, "DEPLOYMENT");
    ui.label(
        egui::RichText::new(d.meta.seat_label(Seat(d.seat as u8)))
            .size(18.0)
            .strong(),
    );
    ui.label("Drag your models within your highlighted zone, or click a model and then the table.");
    ui.label(
        egui::RichText::new(
            "Each spot is checked: inside the zone, on the table, clear of scenery and other bases.",
        )
        .color(MUTED),
    );
    notice_line(ui, notice);
    if ui
        .button(egui::RichText::new("Deployment done").strong())
        .clicked()
    {
        deploys.write(DeployIntent::Confirm);
    }
}
