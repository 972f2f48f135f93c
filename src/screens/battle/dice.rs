//! The dice tray under the prompt: the last rolls, each die with its colour, face,
//! modifier, total, Crit or Fumble and re-roll, and the verdict. A new roll tumbles for a
//! moment ([`DiceTumble`]) and lands on the engine's faces; its words wait for it.

use bevy_egui::egui;

use crate::headless::game::describe;
use crate::headless::game::feed::DiceTray;
use crate::screens::theme::{BAD, GOOD, caption, token_colour};
use crate::table::animate::DiceTumble;

/// The last two rolls: each die with its colour, face, modifier, total, Crit / Fumble.
pub(super) fn dice_tray(ui: &mut egui::Ui, tray: &DiceTray, tumble: &DiceTumble) {
    caption(ui, "DICE");
    let shown = tumble.shown(tray);
    let newest = tray.rolls.len().saturating_sub(1);
    for (r, roll) in tray.rolls.iter().enumerate().rev().take(2) {
        let rolling = tumble.rolling && r == newest;
        ui.label(egui::RichText::new(&roll.title).strong());
        for (i, d) in roll.dice.iter().enumerate() {
            let face = shown
                .get(r)
                .and_then(|f| f.get(i))
                .copied()
                .unwrap_or(d.face);
            let colour =
                describe::die_colour(d.die).map_or(egui::Color32::from_gray(200), token_colour);
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 5.0, colour);
                ui.painter().text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    face.to_string(),
                    egui::FontId::proportional(16.0),
                    egui::Color32::BLACK,
                );
                if rolling {
                    ui.label(format!("{} {}: rolling…", d.who, d.die.label()));
                    return;
                }
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
        if let Some(v) = roll.verdict.as_ref().filter(|_| !rolling) {
            ui.label(
                egui::RichText::new(v)
                    .strong()
                    .color(if v.starts_with("SUCCESS") { GOOD } else { BAD }),
            );
        }
    }
}
