//! The aimed action's preview under the prompt: the route a move takes and the rolls it
//! needs, or an action's Path of Attack and its exact odds, with Confirm once the engine
//! accepts it.

use bevy::math::Vec3;
use bevy_egui::egui;
use redline_rules::RuleError;

use super::asks::Out;
use crate::headless::flow::aim::{AimIntent, AimPreview, BreachPreview};
use crate::headless::flow::drag::{DragPreview, chance_line};
use crate::headless::game::probe::{RollOdds, RoutePreview, TargetPreview};
use crate::screens::theme::{BAD, GOOD, MUTED};

fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The chances of a roll in one line each.
pub(super) fn odds_lines(ui: &mut egui::Ui, odds: &RollOdds) {
    ui.label(format!(
        "{} {:+}  vs  {} {:+}",
        odds.actor.die.label(),
        odds.actor.modifier,
        odds.opposer.die.label(),
        odds.opposer.modifier
    ));
    ui.label(
        egui::RichText::new(format!("Success {} with no Luck", percent(odds.plain)))
            .strong()
            .size(16.0),
    );
    ui.label(format!(
        "{} if you re-roll with Luck · {} if both do",
        percent(odds.actor_luck),
        percent(odds.both_luck)
    ));
}

/// The aimed action's preview: what it needs, the route and its rolls, or the Path of
/// Attack and the odds; Confirm and Cancel once the engine accepts it.
pub(super) fn preview(ui: &mut egui::Ui, preview: &AimPreview, out: &mut Out) {
    match preview {
        AimPreview::None => {}
        AimPreview::NeedsTarget(text) => {
            ui.label(egui::RichText::new(text).color(MUTED));
        }
        AimPreview::Plain { check, .. } => refusal(ui, check),
        AimPreview::Route(Err(e)) => {
            ui.label(egui::RichText::new(e).color(BAD));
        }
        AimPreview::Route(Ok(r)) => route(ui, r),
        AimPreview::Target(t) => target(ui, t),
        AimPreview::Drag(d) => drag(ui, d),
        AimPreview::Breach(b) => breach(ui, b),
    }
    if preview.ready().is_some() {
        ui.horizontal(|ui| {
            if ui.button(egui::RichText::new("Confirm").strong()).clicked() {
                out.aims.push(AimIntent::Confirm);
            }
            if ui.button("Cancel").clicked() {
                out.aims.push(AimIntent::Clear);
            }
        });
    }
}

/// The engine's refusal, if it refuses.
fn refusal(ui: &mut egui::Ui, check: &Result<(), RuleError>) {
    if let Err(e) = check {
        ui.label(egui::RichText::new(e.to_string()).color(BAD));
    }
}

/// A Breach aimed at scenery: the part, its markers against its Structure, the odds.
fn breach(ui: &mut egui::Ui, b: &BreachPreview) {
    ui.label(egui::RichText::new(format!("Breach: {}", b.target)).strong());
    ui.label(&b.damage);
    if let Some(p) = b.success.filter(|_| b.check.is_ok()) {
        ui.label(
            egui::RichText::new(format!("Success {} with no Luck", percent(p)))
                .strong()
                .size(16.0),
        );
    }
    refusal(ui, &b.check);
}

/// A drag: how far the dragger goes, the chance of its drag roll, and that a click on the
/// table sends it.
fn drag(ui: &mut egui::Ui, d: &DragPreview) {
    let length: f32 = (d.path.windows(2))
        .map(|w| Vec3::from(w[0]).distance(Vec3::from(w[1])))
        .sum();
    ui.label(
        egui::RichText::new(format!("Drag: the dragger goes {length:.1}\""))
            .color(GOOD)
            .strong(),
    );
    if let Some(p) = d.success {
        ui.label(egui::RichText::new(chance_line(p)).strong().size(16.0));
    }
    ui.label(egui::RichText::new("Click the table to drag it there.").color(MUTED));
}

/// A move: its length against its band, then each roll it needs.
fn route(ui: &mut egui::Ui, r: &RoutePreview) {
    let colour = if r.length <= r.band { GOOD } else { BAD };
    ui.label(
        egui::RichText::new(format!(
            "Route {:.1}\" of {:.0}\" ({})",
            r.length,
            r.band,
            r.colour.name()
        ))
        .color(colour)
        .strong(),
    );
    if r.rolls.is_empty() {
        ui.label("Open movement: no roll needed.");
    }
    for (i, roll) in r.rolls.iter().enumerate() {
        ui.label(egui::RichText::new(format!("Roll {}: {}", i + 1, roll.what)).strong());
        if let Some(o) = &roll.odds {
            odds_lines(ui, o);
        }
    }
    refusal(ui, &r.check);
}

/// An action on a model: the Path of Attack with each +1, then the odds against the
/// defender's best defence (and every defence, folded).
fn target(ui: &mut egui::Ui, t: &TargetPreview) {
    if let Some(poa) = &t.poa {
        ui.label(format!("Distance {:.1}\"", poa.distance));
        if let Some(b) = &poa.blocked_by {
            ui.label(egui::RichText::new(&b.label).color(BAD).strong());
        }
        for c in &poa.cover {
            ui.label(egui::RichText::new(&c.label).color(egui::Color32::from_rgb(250, 204, 40)));
        }
    }
    refusal(ui, &t.check);
    let Some(worst) = t.worst_case() else {
        return;
    };
    if !worst.defence.is_empty() {
        ui.label(egui::RichText::new(format!("Against {}:", worst.defence)).color(MUTED));
    }
    odds_lines(ui, &worst.odds);
    if t.odds.len() > 1 {
        ui.collapsing("Every defence", |ui| {
            for d in &t.odds {
                ui.label(format!("{}: {}", d.defence, percent(d.odds.plain)));
            }
        });
    }
}
