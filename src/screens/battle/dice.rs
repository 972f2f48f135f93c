//! The dice tray under the prompt: the last rolls, each die with its colour, face,
//! modifier, total, Crit or Fumble and re-roll, and the verdict.

use bevy_egui::egui;

use crate::headless::game::describe;
use crate::headless::game::feed::DiceTray;
use crate::screens::theme::{BAD, GOOD, caption, token_colour};

/// The last two rolls: each die with its colour, face, modifier, total, Crit / Fumble.
pub(super) fn dice_tray(ui: &mut egui::Ui, tray: &DiceTray) {
    caption(ui, "DICE");
    for roll in tray.rolls.iter().rev().take(2) {
        ui.label(egui::RichText::new(&roll.title).strong());
        for d in &roll.dice {
            let colour =
                describe::die_colour(d.die).map_or(egui::Color32::from_gray(200), token_colour);
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 5.0, colour);
                ui.painter().text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    d.face.to_string(),
                    egui::FontId::proportional(16.0),
                    egui::Color32::BLACK,
                );
                let mark = if d.crit() {
                    " CRIT"
                } else if d.fumble() {
                    " FUMBLE"
                } else {
                    ""
                };
                let again = d
                    .rerolled_from
                    .map_or(String::new(), |f| format!(" (re-rolled from {f})"));
                ui.label(format!(
                    "{} {}: {:+} = {}{mark}{again}",
                    d.who,
                    d.die.label(),
                    d.modifier,
                    d.total
                ));
            });
        }
        if let Some(v) = &roll.verdict {
            ui.label(
                egui::RichText::new(v)
                    .strong()
                    .color(if v.starts_with("SUCCESS") { GOOD } else { BAD }),
            );
        }
    }
}
