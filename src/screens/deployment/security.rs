//! The security panel in the battle's left panel while the defender places its security
//! (SEC-1, SEC-2): the budget left and the sentries allowed (the engine's answers), what to
//! buy with its cost in EB (the lock grades, the sentry and its upgrades, the two fences),
//! what the next click on the table does, the sentry's bearing control, the engine's last
//! refusal and "End security".

use bevy::prelude::*;
use bevy_egui::egui;
use redline_rules::Seat;
use redline_rules::security::{FenceKind, LockGrade, fence_section_cost, sentry_cost};

use crate::headless::flow::security::{SecurityIntent, SecurityPick, SecurityTool};
use crate::headless::game::match_state::Match;
use crate::headless::notice::Notice;
use crate::screens::theme::{MUTED, caption, notice_line};

/// The sentry upgrades offered, with their names: none, Rapid 2, optics, both (SEC-9).
const SENTRIES: [(bool, bool, &str); 4] = [
    (false, false, "Sentry"),
    (true, false, "Sentry, Rapid 2"),
    (false, true, "Sentry, optics"),
    (true, true, "Sentry, Rapid 2 and optics"),
];

/// The fences offered, with their names (SEC-14).
const FENCES: [(FenceKind, &str); 2] = [
    (FenceKind::ChainLink, "Chain-link"),
    (FenceKind::RazorWire, "Razor wire"),
];

/// The defender's security panel.
pub(crate) fn security_panel(
    ui: &mut egui::Ui,
    current: &Match,
    tool: &SecurityTool,
    notice: &Notice,
    out: &mut MessageWriter<SecurityIntent>,
) {
    let game = current.game();
    let Some(seat) = game.placing_security() else {
        return;
    };
    caption(ui, "SECURITY");
    ui.label(
        egui::RichText::new(current.meta.seat_label(seat))
            .size(18.0)
            .strong(),
    );
    standing(ui, current, seat);
    ui.separator();
    picks(ui, tool, out);
    ui.separator();
    next_click(ui, tool, out);
    notice_line(ui, notice);
    ui.add_space(6.0);
    if ui
        .button(egui::RichText::new("End security").strong())
        .on_hover_text("Deployment begins; what is left of the budget is not spent")
        .clicked()
    {
        out.write(SecurityIntent::End);
    }
}

/// The budget left and the sentries placed against those allowed, as the engine has them.
fn standing(ui: &mut egui::Ui, current: &Match, seat: Seat) {
    let game = current.game();
    if let Some(left) = game.security_budget_left(seat) {
        ui.label(egui::RichText::new(format!("Budget left: {left} EB")).strong());
    }
    let placed = game.security_rules().map_or(0, |r| r.plan.sentries.len());
    ui.label(format!(
        "Sentries: {placed} of {} allowed",
        game.sentries_allowed()
    ));
    ui.label(
        egui::RichText::new("Rivals see sentries and fences, never which openings are locked.")
            .color(MUTED),
    );
}

/// What to buy: one button for each lock grade, sentry and fence, with its cost.
fn picks(ui: &mut egui::Ui, tool: &SecurityTool, out: &mut MessageWriter<SecurityIntent>) {
    let mut pick = |ui: &mut egui::Ui, what: SecurityPick, text: String| {
        let chosen = tool.pick == Some(what);
        if ui.selectable_label(chosen, text).clicked() {
            out.write(SecurityIntent::Pick((!chosen).then_some(what)));
        }
    };
    caption(ui, "LOCK A DOOR OR WINDOW");
    ui.horizontal_wrapped(|ui| {
        for grade in LockGrade::ALL {
            let text = format!("{} · {} EB", grade.name(), grade.cost());
            pick(ui, SecurityPick::Lock(grade), text);
        }
    });
    caption(ui, "SENTRY");
    ui.horizontal_wrapped(|ui| {
        for (rapid, optics, name) in SENTRIES {
            let text = format!("{name} · {} EB", sentry_cost(rapid, optics));
            pick(ui, SecurityPick::Sentry { rapid, optics }, text);
        }
    });
    caption(ui, "FENCE, 4\" SECTIONS");
    ui.horizontal_wrapped(|ui| {
        for (kind, name) in FENCES {
            let text = format!("{name} · {} EB", fence_section_cost(kind));
            pick(ui, SecurityPick::Fence(kind), text);
        }
    });
}

/// What the next click on the table does, and the sentry's bearing while it is set.
fn next_click(ui: &mut egui::Ui, tool: &SecurityTool, out: &mut MessageWriter<SecurityIntent>) {
    ui.label(egui::RichText::new(hint(tool)).strong());
    if tool.sentry_at.is_some() {
        let mut deg = tool.bearing_deg.round();
        let slider = egui::Slider::new(&mut deg, 0.0..=359.0)
            .suffix("°")
            .text("bearing");
        if ui.add(slider).changed() {
            out.write(SecurityIntent::Bearing(deg));
        }
        ui.horizontal(|ui| {
            if ui.button("Place the sentry").clicked() {
                out.write(SecurityIntent::PlaceSentry);
            }
            if ui.button("Cancel").clicked() {
                out.write(SecurityIntent::Cancel);
            }
        });
    } else if tool.fence_from.is_some() && ui.button("Cancel").clicked() {
        out.write(SecurityIntent::Cancel);
    }
}

/// The next click, in words.
pub(crate) fn hint(tool: &SecurityTool) -> &'static str {
    match tool.pick {
        None => "Pick what to buy, then point at the table.",
        Some(SecurityPick::Lock(_)) => "Click a door or a window to lock it.",
        Some(SecurityPick::Sentry { .. }) if tool.sentry_at.is_some() => {
            "Point where it faces (its arc follows), then click to place it."
        }
        Some(SecurityPick::Sentry { .. }) => "Click a spot in your half of the table.",
        Some(SecurityPick::Fence(_)) if tool.fence_from.is_some() => {
            "Click the way the 4\" section runs."
        }
        Some(SecurityPick::Fence(_)) => "Click where the section starts (near an end to join it).",
    }
}
