//! The coach panel (solo play, opened with the top bar's "Coach" button): how the Normal
//! level rated the options of the person's last decision, best first, with the one the
//! person chose and the one Normal would have chosen marked (`play::coach`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::headless::flow::coach::{Coach, CoachReport, ToggleCoach};
use crate::headless::game::match_state::Match;
use crate::headless::screen::Screen;
use crate::screens::theme::{MUTED, caption};
use crate::table::camera::ViewArea;

const CHOSEN: egui::Color32 = egui::Color32::from_rgb(110, 190, 250);
const PICK: egui::Color32 = egui::Color32::from_rgb(250, 204, 40);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        coach_panel
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<Match>))
            .after(crate::screens::order::PanelsDrawn),
    );
}

fn coach_panel(
    mut contexts: EguiContexts,
    coach: Res<Coach>,
    current: Res<Match>,
    view_area: Res<ViewArea>,
    mut toggle: MessageWriter<ToggleCoach>,
) -> Result {
    if !coach.open || current.meta.computer_seats().is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Inside the 3D view, clear of the side panels.
    let area = view_area.0.map_or(ctx.viewport_rect(), |r| {
        egui::Rect::from_min_max(egui::pos2(r.min.x, r.min.y), egui::pos2(r.max.x, r.max.y))
    });
    let corner = area.min + egui::vec2(8.0, 8.0);
    let mut open = true;
    egui::Window::new("Coach")
        .id("coach_panel".into())
        .open(&mut open)
        .default_pos(corner)
        .constrain_to(area.shrink(4.0))
        .max_width(area.width() - 24.0)
        .default_width(430.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            caption(ui, "HOW THE NORMAL AI RATES YOUR LAST OPTIONS");
            match &coach.report {
                Some(report) => show_report(ui, report),
                None if coach.working() => {
                    ui.label("Rating your answer…");
                }
                None => {
                    ui.label(
                        egui::RichText::new(
                            "Answer a decision and the Normal AI rates the options you had.",
                        )
                        .color(MUTED),
                    );
                }
            }
            if coach.working() && coach.report.is_some() {
                ui.label(egui::RichText::new("Rating your newest answer…").color(MUTED));
            }
        });
    if !open {
        toggle.write(ToggleCoach);
    }
    Ok(())
}

fn show_report(ui: &mut egui::Ui, report: &CoachReport) {
    ui.label(egui::RichText::new(&report.decision).strong());
    let verdict = if report.agreed {
        "Your answer is the one the Normal AI would give."
    } else {
        "The Normal AI would have answered differently."
    };
    ui.label(verdict);
    ui.label(
        egui::RichText::new(format!("Normal's pick: {}", report.normal))
            .color(PICK)
            .small(),
    );
    ui.add_space(4.0);
    egui::Grid::new("coach_options")
        .num_columns(3)
        .striped(true)
        .spacing(egui::vec2(10.0, 4.0))
        .show(ui, |ui| {
            ui.label(egui::RichText::new("rating").small().color(MUTED));
            ui.label(egui::RichText::new("option").small().color(MUTED));
            ui.label(egui::RichText::new("why").small().color(MUTED));
            ui.end_row();
            for o in &report.options {
                let rating = o.rating.map_or("—".to_string(), |r| format!("{r:+.2}"));
                let mut label = o.label.clone();
                if o.chosen {
                    label = format!("▶ {label} (you)");
                }
                if o.normal_pick {
                    label = format!("{label} ★");
                }
                let colour = if o.chosen {
                    CHOSEN
                } else if o.normal_pick {
                    PICK
                } else {
                    ui.visuals().text_color()
                };
                ui.label(egui::RichText::new(rating).monospace().color(colour));
                ui.label(egui::RichText::new(label).color(colour));
                ui.label(egui::RichText::new(&o.reason).small().color(MUTED));
                ui.end_row();
            }
        });
    ui.label(
        egui::RichText::new(format!(
            "{} legal answers; the best rated and yours are listed. ★ Normal's pick, ▶ yours. \
             Ratings are Normal's own scores, in models taken out; beside each, what it rests \
             on (a move's gain in position: threat, cover, reach; an attack's chance to land).",
            report.legal
        ))
        .small()
        .color(MUTED),
    );
}
