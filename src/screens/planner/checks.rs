//! The planner's right panel: the scenario, the live checks, the overlays, the Path of
//! Attack checker, the generator, the share code and play.

use bevy_egui::egui;
use redline_battlespace::Quarter;
use redline_planner::density::quarter_name;
use redline_planner::{Symmetry, WayUp};

use super::PanelView;
use crate::headless::planner::PlannerIntent;
use crate::screens::theme::caption;

/// The right panel: the live checks, the generator, the share code and play.
pub(super) fn checks(ui: &mut egui::Ui, v: &mut PanelView) {
    scenario_section(ui, v);
    ui.separator();
    density_section(ui, v);
    ui.separator();
    overlays_section(ui, v);
    ui.separator();
    poa_section(ui, v);
    ui.separator();
    generator_section(ui, v);
    ui.separator();
    share_section(ui, v);
    ui.separator();
    play_section(ui, v);
}

/// The scenario whose deployment zones are shown and kept clear.
fn scenario_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let catalog = v.catalog;
    let c = &planner.checks;
    let out = &mut *v.out;
    caption(ui, "SCENARIO (deployment zones)");
    let current = catalog
        .scenarios
        .get(&planner.scenario)
        .map_or("none", |s| s.name.as_str());
    egui::ComboBox::from_id_salt("planner_scenario")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for s in catalog.scenarios.iter() {
                let text = format!("{} ({} players)", s.name, s.players);
                if ui
                    .selectable_label(s.id == planner.scenario, text)
                    .clicked()
                {
                    out.write(PlannerIntent::Scenario(s.id.clone()));
                }
            }
        });
    if let Some(e) = &c.error {
        ui.colored_label(egui::Color32::from_rgb(240, 90, 80), e);
    }
}

/// Density and the room in the zones against the guidance.
fn density_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let c = &planner.checks;
    if planner.checking() {
        ui.label(
            egui::RichText::new("Checking… (the checks shown are of the table before the change)")
                .italics(),
        );
    }
    caption(ui, "DENSITY");
    let d = &c.density;
    ui.label(format!(
        "{} pieces ({:.2} per sq ft); guidance {}–{} ({})",
        d.pieces, d.per_square_foot, d.guidance.total.0, d.guidance.total.1, d.guidance.rule
    ));
    egui::Grid::new("quarters").show(ui, |ui| {
        for (q, n) in Quarter::ALL.iter().zip(d.per_quarter) {
            let (lo, hi) = d.guidance.per_quarter;
            let ok = (lo..=hi).contains(&n);
            ui.label(quarter_name(*q));
            ui.colored_label(ok_colour(ok), format!("{n} (wants {lo}–{hi})"));
            ui.end_row();
        }
    });
    for z in &c.zones {
        ui.colored_label(
            ok_colour(!z.blocked()),
            format!(
                "Seat {} zone: room for {} bases ({} empty)",
                z.seat + 1,
                z.spots,
                z.empty_spots
            ),
        );
    }
    for n in &c.module_needs {
        ui.colored_label(
            ok_colour(!n.missing()),
            format!("{}: {} {} on the table", n.module.title(), n.found, n.needs),
        );
    }
    for f in &c.findings {
        ui.colored_label(
            egui::Color32::from_rgb(240, 170, 80),
            format!("{}: {}", f.rule, f.message),
        );
    }
}

/// The heat map, open lanes and climbing routes.
fn overlays_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let c = &planner.checks;
    let out = &mut *v.out;
    caption(ui, "OVERLAYS");
    let mut heat = planner.show_heat;
    if ui
        .checkbox(&mut heat, "Exposure heat map (attacks within GREEN)")
        .changed()
    {
        out.write(PlannerIntent::HeatMap(heat));
    }
    let mut lanes = planner.show_lanes;
    if ui
        .checkbox(
            &mut lanes,
            format!("Open lanes > GREEN ({})", c.lanes.len()),
        )
        .changed()
    {
        out.write(PlannerIntent::Lanes(lanes));
    }
    let mut climbs = planner.show_climbs;
    if ui
        .checkbox(&mut climbs, "Climbing routes to elevated tops")
        .changed()
    {
        out.write(PlannerIntent::Climbs(climbs));
    }
    for r in &c.climbs {
        ui.colored_label(
            climb_colour(r.way),
            format!("{} ({:.1}\"): {}", r.name, r.top, way_word(r.way)),
        )
        .on_hover_text(r.steps.join("\n"));
    }
}

/// The Path of Attack checker.
fn poa_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let tool = &mut *v.tool;
    let out = &mut *v.out;
    caption(ui, "PATH OF ATTACK");
    if ui
        .selectable_label(tool.measuring, "Check: click attacker, then target")
        .clicked()
    {
        tool.measuring = !tool.measuring;
        tool.placing = None;
        if !tool.measuring {
            out.write(PlannerIntent::ClearPoa);
        }
    }
    if let Some(poa) = &planner.poa {
        for line in &poa.explanation {
            ui.label(line);
        }
    } else if planner.poa_from.is_some() {
        ui.label(egui::RichText::new("Now click the target.").weak());
    }
}

/// The seeded generator.
fn generator_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let tool = &mut *v.tool;
    let out = &mut *v.out;
    caption(ui, "GENERATOR");
    ui.horizontal(|ui| {
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut tool.seed));
    });
    ui.horizontal(|ui| {
        for (s, label) in [
            (Symmetry::None, "None"),
            (Symmetry::Mirror, "Mirror"),
            (Symmetry::Rotational, "Rotational"),
        ] {
            if ui.selectable_label(planner.symmetry == s, label).clicked() {
                out.write(PlannerIntent::Generate {
                    seed: tool.seed,
                    symmetry: s,
                });
            }
        }
    });
    if ui.button("Generate").clicked() {
        out.write(PlannerIntent::Generate {
            seed: tool.seed,
            symmetry: planner.symmetry,
        });
    }
}

/// The share code.
fn share_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let tool = &mut *v.tool;
    let out = &mut *v.out;
    caption(ui, "SHARE CODE");
    if !planner.share_code.is_empty() && tool.code.is_empty() {
        tool.code = planner.share_code.clone();
    }
    ui.add(
        egui::TextEdit::multiline(&mut tool.code)
            .desired_rows(2)
            .hint_text("paste a code here"),
    );
    ui.horizontal(|ui| {
        if ui.button("Make code").clicked() {
            tool.code.clear();
            out.write(PlannerIntent::ShareOut);
        }
        if ui.button("Copy").clicked() {
            ui.ctx().copy_text(tool.code.clone());
        }
        if ui.button("Load code").clicked() {
            out.write(PlannerIntent::ShareIn(tool.code.clone()));
        }
    });
}

/// Playing the layout.
fn play_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let out = &mut *v.out;
    caption(ui, "PLAY THIS LAYOUT");
    ui.horizontal(|ui| {
        if ui.button("Hot-seat game").clicked() {
            out.write(PlannerIntent::Play { solo: false });
        }
        if ui.button("Solo game").clicked() {
            out.write(PlannerIntent::Play { solo: true });
        }
    });
}

/// How a way up reads in the list.
fn way_word(way: WayUp) -> &'static str {
    match way {
        WayUp::Free => "free",
        WayUp::Step => "step, one roll",
        WayUp::Climb => "climb, one roll",
        WayUp::Jump => "jump from a top",
        WayUp::TwoActions => "two-action climb",
        WayUp::None => "no way up",
    }
}

/// The colour a climbing route is drawn and listed in: green free, yellow one roll, orange
/// two rolls or a jump, red none.
pub(super) fn climb_colour(way: WayUp) -> egui::Color32 {
    match way {
        WayUp::Free => egui::Color32::from_rgb(120, 220, 120),
        WayUp::Step | WayUp::Climb => egui::Color32::from_rgb(245, 210, 80),
        WayUp::Jump | WayUp::TwoActions => egui::Color32::from_rgb(245, 150, 60),
        WayUp::None => egui::Color32::from_rgb(240, 90, 80),
    }
}

pub(super) fn ok_colour(ok: bool) -> egui::Color32 {
    if ok {
        egui::Color32::from_rgb(140, 210, 140)
    } else {
        egui::Color32::from_rgb(240, 110, 90)
    }
}
