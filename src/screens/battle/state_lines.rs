//! The card's lines for a construct Under Repair or Toppled (BOT-9..BOT-12) and for
//! security (SEC): a sentry Loaded or Spent, SNARED with Free Yourself's chance, and each
//! lock within reach with the chance of each way to open it. Every figure is the engine's
//! (`table::module_card`, `table::sec_card`).

use bevy_egui::egui;

use crate::screens::theme::{GOOD, MUTED};
use crate::table::module_card::ConstructState;
use crate::table::sec_card::SecurityCard;

/// Pale cyan: Under Repair, as the wrench on the table.
const REPAIR: egui::Color32 = egui::Color32::from_rgb(115, 219, 242);
/// Bright steel: Snared and locks, as the wire and the padlock on the table.
const STEEL: egui::Color32 = egui::Color32::from_rgb(199, 224, 240);

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

fn title(ui: &mut egui::Ui, text: &str, colour: egui::Color32) {
    ui.add_space(8.0);
    ui.label(egui::RichText::new(text).size(17.0).strong().color(colour));
}

fn note(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(egui::RichText::new(text.into()).small().color(MUTED));
}

/// UNDER REPAIR with its repair roll's chances, TOPPLED with what ends it.
pub(super) fn construct(ui: &mut egui::Ui, state: &ConstructState) {
    if let Some((heal, heal_two)) = state.under_repair {
        title(ui, "UNDER REPAIR", REPAIR);
        note(ui, "Can't act or [RE]act; defends with the RED die alone");
        ui.label(format!(
            "Repair roll at its owner's next Inspire: heals 1 {}, heals 2 {}",
            percent(heal),
            percent(heal_two)
        ));
        note(ui, "Under Repair ends with that Inspire");
    }
    if state.toppled {
        title(ui, "TOPPLED", MUTED);
        note(ui, "Lies on its side; can't be dragged or pushed");
        ui.label(egui::RichText::new("Its only action: Stand Up (Easy, certain)").color(GOOD));
    }
    if state.topple_tries > 0 && !state.toppled {
        note(
            ui,
            format!(
                "Topple tried {} time(s) since its owner's Inspire: +{} to the next",
                state.topple_tries, state.topple_tries
            ),
        );
    }
}

/// SENTRY, SNARED and the locks within reach.
pub(super) fn security(ui: &mut egui::Ui, card: &SecurityCard) {
    if let Some(loaded) = card.sentry {
        title(ui, "SENTRY", STEEL);
        if loaded {
            ui.label(egui::RichText::new("Loaded").strong().color(GOOD));
            note(
                ui,
                "Fires at the nearest rival in its arc after a rival's action",
            );
        } else {
            ui.label(egui::RichText::new("Spent").strong().color(MUTED));
            note(ui, "Reloads at its owner's Inspire");
        }
    }
    if let Some(free) = card.snared {
        title(ui, "SNARED", STEEL);
        note(ui, "Its only action is Free Yourself; it can't be dragged");
        match free {
            Some(p) => {
                ui.label(egui::RichText::new(format!("Free Yourself {}", percent(p))).strong());
            }
            None => note(
                ui,
                "Free Yourself: Reflexes against the Obstacle die, on its turn",
            ),
        }
    }
    if card.locks.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new("LOCKS IN REACH")
            .small()
            .strong()
            .color(MUTED),
    );
    for lock in &card.locks {
        ui.label(
            egui::RichText::new(format!(
                "{}: grade {} {}",
                lock.opening,
                lock.grade.number(),
                lock.grade.name()
            ))
            .color(STEEL),
        );
        for (name, p) in &lock.odds {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(*name).small());
                ui.label(egui::RichText::new(percent(*p)).strong());
            });
        }
    }
}
