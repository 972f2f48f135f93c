//! The Planner screen: a top-down table in the middle (pieces, deployment zones, open firing
//! lanes, the exposure heat map, the Path of Attack checked), the editor's tools on the left
//! (mat, palette, selection, tags, undo, save / load) and the live checks on the right
//! (density, zones, Path of Attack, generator, share code, play). Every change is a
//! `PlannerIntent` that the headless `planner` systems apply.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_battlespace::Quarter;
use redline_content::Catalog;
use redline_planner::Symmetry;
use redline_planner::density::quarter_name;

use super::PanelsDrawn;
use super::theme::{MUTED, caption, notice_line, panel_frame};
use crate::persist::data_dir::DataDir;
use crate::persist::layouts::list_layouts;
use crate::planner::editor::ANGLE_STEP;
use crate::planner::tags::tag_lines;
use crate::planner::{Planner, PlannerIntent};
use crate::play::{Content, Notice};
use crate::screens::Screen;

/// Zone colours by seat.
const SEAT_COLOURS: [egui::Color32; 4] = [
    egui::Color32::from_rgb(220, 70, 60),
    egui::Color32::from_rgb(70, 130, 230),
    egui::Color32::from_rgb(80, 190, 100),
    egui::Color32::from_rgb(230, 190, 60),
];

/// What a click on the table does, and the drag in progress.
#[derive(Default)]
pub(super) struct TableTool {
    /// A palette piece waiting to be placed by the next click.
    placing: Option<String>,
    /// Clicks feed the Path of Attack checker.
    measuring: bool,
    /// Where a drag started (table inches) and whether it moves the selection.
    drag: Option<([f32; 2], bool)>,
    /// Custom mat size being typed.
    custom: [f32; 2],
    /// The share code field.
    code: String,
    /// The seed field.
    seed: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        planner_screen
            .in_set(PanelsDrawn)
            .run_if(in_state(Screen::Planner).and_then(resource_exists::<Planner>)),
    );
}

fn planner_screen(
    mut contexts: EguiContexts,
    planner: Res<Planner>,
    content: Res<Content>,
    notice: Res<Notice>,
    dir: Option<Res<DataDir>>,
    mut out: MessageWriter<PlannerIntent>,
    mut tool: Local<TableTool>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let catalog = &content.0;
    if tool.custom == [0.0, 0.0] {
        tool.custom = planner.layout().size;
        tool.seed = planner.seed;
    }
    keys(&ctx, &mut out);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "planner_screen".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::left("planner_tools")
        .frame(panel_frame())
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                tools(
                    ui,
                    &planner,
                    catalog,
                    dir.as_deref(),
                    &notice,
                    &mut tool,
                    &mut out,
                );
            });
        });
    egui::Panel::right("planner_checks")
        .frame(panel_frame())
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                checks(ui, &planner, catalog, &mut tool, &mut out);
            });
        });
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(egui::Color32::from_rgb(14, 15, 19)))
        .show(&mut root, |ui| table(ui, &planner, &mut tool, &mut out));
    Ok(())
}

/// Keyboard shortcuts, when no text field has the keyboard.
fn keys(ctx: &egui::Context, out: &mut MessageWriter<PlannerIntent>) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    ctx.input(|i| {
        let cmd = i.modifiers.command;
        if cmd && i.key_pressed(egui::Key::Z) {
            out.write(if i.modifiers.shift {
                PlannerIntent::Redo
            } else {
                PlannerIntent::Undo
            });
        } else if cmd && i.key_pressed(egui::Key::Y) {
            out.write(PlannerIntent::Redo);
        } else if cmd && i.key_pressed(egui::Key::D) {
            out.write(PlannerIntent::Duplicate);
        } else if i.key_pressed(egui::Key::Delete) || i.key_pressed(egui::Key::Backspace) {
            out.write(PlannerIntent::Delete);
        } else if i.key_pressed(egui::Key::R) {
            let sign = if i.modifiers.shift { -1.0 } else { 1.0 };
            out.write(PlannerIntent::Rotate(sign * ANGLE_STEP));
        } else if i.key_pressed(egui::Key::PageUp) {
            out.write(PlannerIntent::Raise(1.0));
        } else if i.key_pressed(egui::Key::PageDown) {
            out.write(PlannerIntent::Raise(-1.0));
        }
    });
}

/// The left panel: layout, mat, palette, selection and its tags.
fn tools(
    ui: &mut egui::Ui,
    planner: &Planner,
    catalog: &Catalog,
    dir: Option<&DataDir>,
    notice: &Notice,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let layout = planner.layout();
    let ed = &planner.editor;
    ui.heading("Terrain planner");
    notice_line(ui, notice);
    ui.horizontal(|ui| {
        if ui.button("◀ Menu").clicked() {
            out.write(PlannerIntent::Back);
        }
        if ui
            .add_enabled(ed.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            out.write(PlannerIntent::Undo);
        }
        if ui
            .add_enabled(ed.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            out.write(PlannerIntent::Redo);
        }
        if ui.button("Clear").clicked() {
            out.write(PlannerIntent::New);
        }
    });
    ui.separator();
    caption(ui, "LAYOUT");
    let mut name = layout.name.clone();
    if ui.text_edit_singleline(&mut name).lost_focus() && name != layout.name {
        out.write(PlannerIntent::Rename(name));
    }
    ui.horizontal(|ui| {
        if ui.button("Save").clicked() {
            out.write(PlannerIntent::Save);
        }
        ui.menu_button("Load ▾", |ui| {
            let saved = dir.map(list_layouts).unwrap_or_default();
            if saved.is_empty() {
                ui.label("No saved layouts yet.");
            }
            for entry in saved {
                if ui.button(&entry.name).clicked() {
                    out.write(PlannerIntent::Load(entry.path.clone()));
                    ui.close();
                }
            }
        });
    });
    ui.separator();
    caption(ui, "MAT");
    ui.horizontal(|ui| {
        for (label, size) in [("22\" × 30\"", [30.0, 22.0]), ("44\" × 30\"", [44.0, 30.0])] {
            if ui.selectable_label(layout.size == size, label).clicked() {
                out.write(PlannerIntent::Mat(size));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("Custom");
        ui.add(
            egui::DragValue::new(&mut tool.custom[0])
                .range(6.0..=96.0)
                .suffix("\""),
        );
        ui.label("×");
        ui.add(
            egui::DragValue::new(&mut tool.custom[1])
                .range(6.0..=96.0)
                .suffix("\""),
        );
        if ui.button("Set").clicked() {
            out.write(PlannerIntent::Mat(tool.custom));
        }
    });
    ui.separator();
    caption(ui, "PALETTE — pick, then click the table");
    ui.horizontal_wrapped(|ui| {
        for piece in catalog.scenery.iter() {
            let on = tool.placing.as_deref() == Some(piece.id.as_str());
            if ui.selectable_label(on, &piece.name).clicked() {
                tool.placing = if on { None } else { Some(piece.id.clone()) };
                tool.measuring = false;
            }
        }
    });
    ui.separator();
    caption(ui, "SELECTION");
    let mut snap = ed.snap;
    if ui.checkbox(&mut snap, "Snap to 1\" and 15°").changed() {
        out.write(PlannerIntent::Snap(snap));
    }
    let any = !ed.selection().is_empty();
    ui.add_enabled_ui(any, |ui| {
        ui.horizontal(|ui| {
            if ui.button("⟲ 15°").clicked() {
                out.write(PlannerIntent::Rotate(ANGLE_STEP));
            }
            if ui.button("⟳ 15°").clicked() {
                out.write(PlannerIntent::Rotate(-ANGLE_STEP));
            }
            if ui.button("Raise").clicked() {
                out.write(PlannerIntent::Raise(1.0));
            }
            if ui.button("Lower").clicked() {
                out.write(PlannerIntent::Raise(-1.0));
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Duplicate").clicked() {
                out.write(PlannerIntent::Duplicate);
            }
            if ui.button("Delete").clicked() {
                out.write(PlannerIntent::Delete);
            }
            if ui.button("Select none").clicked() {
                out.write(PlannerIntent::Select {
                    index: None,
                    add: false,
                });
            }
        });
    });
    if !any {
        ui.label(egui::RichText::new("Click a piece; shift-click or drag a box for more.").weak());
    }
    for &i in ed.selection() {
        let placed = &layout.pieces[i];
        let Some(piece) = catalog.scenery.get(&placed.piece) else {
            continue;
        };
        ui.label(egui::RichText::new(placed.label.as_ref().unwrap_or(&piece.name)).strong());
        ui.label(
            egui::RichText::new(format!(
                "at {:.1}\", {:.1}\" · turned {:.0}° · raised {:.1}\"",
                placed.at[0], placed.at[1], placed.rotation_deg, placed.elevation
            ))
            .color(MUTED),
        );
        for line in tag_lines(piece) {
            ui.label(format!("• {line}"));
        }
    }
}

/// The right panel: the live checks, the generator, the share code and play.
fn checks(
    ui: &mut egui::Ui,
    planner: &Planner,
    catalog: &Catalog,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let c = &planner.checks;
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
    ui.separator();
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
    for f in &c.findings {
        ui.colored_label(
            egui::Color32::from_rgb(240, 170, 80),
            format!("{}: {}", f.rule, f.message),
        );
    }
    ui.separator();
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
    ui.separator();
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
    ui.separator();
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
    ui.separator();
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
    ui.separator();
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

fn ok_colour(ok: bool) -> egui::Color32 {
    if ok {
        egui::Color32::from_rgb(140, 210, 140)
    } else {
        egui::Color32::from_rgb(240, 110, 90)
    }
}

/// Maps table inches to the screen and back.
#[derive(Clone, Copy)]
struct View {
    origin: egui::Pos2,
    scale: f32,
}

impl View {
    fn screen(&self, [x, z]: [f32; 2]) -> egui::Pos2 {
        self.origin + egui::vec2(x * self.scale, z * self.scale)
    }

    fn table(&self, p: egui::Pos2) -> [f32; 2] {
        let v = (p - self.origin) / self.scale;
        [v.x, v.y]
    }
}

/// The top-down table with everything drawn on it, and what clicks and drags on it do.
fn table(
    ui: &mut egui::Ui,
    planner: &Planner,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let [w, d] = planner.layout().size;
    let (response, painter) =
        ui.allocate_painter(ui.available_size(), egui::Sense::click_and_drag());
    let area = response.rect.shrink(24.0);
    let scale = (area.width() / w).min(area.height() / d).max(1.0);
    let origin = area.center() - egui::vec2(w * scale, d * scale) / 2.0;
    let view = View { origin, scale };
    let mat = egui::Rect::from_min_size(origin, egui::vec2(w * scale, d * scale));

    // The mat, its 1" grid (every 6" stronger) and the quarter lines.
    painter.rect_filled(mat, 2.0, egui::Color32::from_rgb(48, 56, 52));
    for i in 0..=(w as i32) {
        let x = origin.x + i as f32 * scale;
        let strong = i % 6 == 0;
        painter.line_segment(
            [egui::pos2(x, mat.top()), egui::pos2(x, mat.bottom())],
            grid_stroke(strong),
        );
    }
    for i in 0..=(d as i32) {
        let y = origin.y + i as f32 * scale;
        painter.line_segment(
            [egui::pos2(mat.left(), y), egui::pos2(mat.right(), y)],
            grid_stroke(i % 6 == 0),
        );
    }
    let quarter = egui::Stroke::new(1.5, egui::Color32::from_rgb(120, 130, 125));
    painter.line_segment(
        [view.screen([w / 2.0, 0.0]), view.screen([w / 2.0, d])],
        quarter,
    );
    painter.line_segment(
        [view.screen([0.0, d / 2.0]), view.screen([w, d / 2.0])],
        quarter,
    );

    let c = &planner.checks;
    // Deployment zones: the cells a base centre may take, tinted in the seat's colour.
    if let Some(space) = &c.space {
        for z in &c.zones {
            let colour = SEAT_COLOURS[usize::from(z.seat) % 4];
            let tint =
                egui::Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), 46);
            let table = *space.table();
            for row in 0..(d as i32) {
                for col in 0..(w as i32) {
                    let centre = [col as f32 + 0.5, row as f32 + 0.5];
                    if redline_planner::generate::circle_in_zone(&table, centre, 0.0, z.zone) {
                        let r = egui::Rect::from_min_max(
                            view.screen([col as f32, row as f32]),
                            view.screen([col as f32 + 1.0, row as f32 + 1.0]),
                        );
                        painter.rect_filled(r, 0.0, tint);
                    }
                }
            }
        }
    }
    // The heat map: attacks within GREEN from all zones, cooler to hotter.
    if let Some(heat) = &c.heat {
        let total = |col, row| -> Option<(u32, u32)> {
            let mut sum = None;
            for zone in 0..heat.zones.len() {
                if let Some(e) = heat.at(zone, col, row) {
                    let (a, o) = sum.unwrap_or((0, 0));
                    sum = Some((a + e.attackers, o + e.open));
                }
            }
            sum
        };
        let max = (0..heat.rows)
            .flat_map(|r| (0..heat.columns).map(move |c| (c, r)))
            .filter_map(|(c, r)| total(c, r).map(|t| t.0))
            .max()
            .unwrap_or(1)
            .max(1);
        for row in 0..heat.rows {
            for col in 0..heat.columns {
                let Some((attackers, open)) = total(col, row) else {
                    continue;
                };
                let [x, z] = heat.centre(col, row);
                let h = heat.cell / 2.0;
                let r = egui::Rect::from_min_max(
                    view.screen([x - h, z - h]),
                    view.screen([x + h, z + h]),
                );
                painter.rect_filled(r, 0.0, heat_colour(attackers, open, max));
            }
        }
    }
    // Pieces: obstacles sand, barriers brick; elevated tops outlined; the selection in yellow.
    let drag_delta = match (
        tool.drag,
        response.hover_pos().or(response.interact_pointer_pos()),
    ) {
        (Some((start, true)), Some(now)) if response.dragged() => {
            let now = view.table(now);
            Some([now[0] - start[0], now[1] - start[1]])
        }
        _ => None,
    };
    for part in &c.parts {
        let selected = planner.editor.selection().contains(&part.owner);
        let shift = match drag_delta {
            Some(delta) if selected => delta,
            _ => [0.0, 0.0],
        };
        let points: Vec<egui::Pos2> = part
            .polygon
            .iter()
            .map(|p| view.screen([p[0] + shift[0], p[1] + shift[1]]))
            .collect();
        let fill = if part.barrier {
            egui::Color32::from_rgb(150, 72, 58)
        } else {
            egui::Color32::from_rgb(196, 164, 100)
        };
        let stroke = if selected {
            egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 230, 60))
        } else if part.elevated {
            egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 235, 235))
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_rgb(30, 30, 30))
        };
        painter.add(egui::Shape::convex_polygon(points, fill, stroke));
    }
    for (i, placed) in planner.layout().pieces.iter().enumerate() {
        if scale < 14.0 && !planner.editor.selection().contains(&i) {
            continue;
        }
        let name = placed
            .label
            .clone()
            .unwrap_or_else(|| placed.piece.replace('_', " "));
        painter.text(
            view.screen(placed.at),
            egui::Align2::CENTER_CENTER,
            name,
            egui::FontId::proportional(11.0),
            egui::Color32::from_rgb(20, 20, 20),
        );
    }
    // Open firing lanes longer than GREEN.
    if planner.show_lanes {
        let lane = egui::Stroke::new(
            2.0,
            egui::Color32::from_rgba_unmultiplied(80, 220, 240, 170),
        );
        for l in &c.lanes {
            painter.line_segment([view.screen(l.from), view.screen(l.to)], lane);
        }
    }
    // The Path of Attack checked.
    if let Some(from) = planner.poa_from {
        painter.circle_filled(
            view.screen(from),
            0.53 * scale,
            egui::Color32::from_rgb(230, 52, 46),
        );
    }
    if let Some(poa) = &planner.poa {
        let (a, b) = ([poa.from[0], poa.from[2]], [poa.to[0], poa.to[2]]);
        let colour = if poa.poa.blocked_by.is_some() {
            egui::Color32::from_rgb(240, 60, 50)
        } else if poa.poa.cover.is_empty() {
            egui::Color32::from_rgb(90, 230, 110)
        } else {
            egui::Color32::from_rgb(250, 190, 50)
        };
        painter.line_segment(
            [view.screen(a), view.screen(b)],
            egui::Stroke::new(scale, colour.gamma_multiply(0.35)),
        );
        painter.line_segment(
            [view.screen(a), view.screen(b)],
            egui::Stroke::new(2.0, colour),
        );
        painter.circle_filled(
            view.screen(a),
            0.53 * scale,
            egui::Color32::from_rgb(230, 52, 46),
        );
        painter.circle_filled(
            view.screen(b),
            0.53 * scale,
            egui::Color32::from_rgb(70, 130, 230),
        );
        if let Some(label) = poa.explanation.get(1) {
            painter.text(
                view.screen(b) + egui::vec2(0.0, -scale),
                egui::Align2::CENTER_BOTTOM,
                label,
                egui::FontId::proportional(13.0),
                egui::Color32::WHITE,
            );
        }
    }
    // A box being drawn to select.
    if let (Some((start, false)), Some(now)) = (tool.drag, response.interact_pointer_pos())
        && response.dragged()
    {
        let r = egui::Rect::from_two_pos(view.screen(start), now);
        painter.rect_stroke(
            r,
            0.0,
            egui::Stroke::new(1.0, egui::Color32::from_rgb(255, 230, 60)),
            egui::StrokeKind::Inside,
        );
    }
    interact(&response, view, planner, tool, out);
}

/// Clicks place, select or measure; drags move the selection or draw a selection box.
fn interact(
    response: &egui::Response,
    view: View,
    planner: &Planner,
    tool: &mut TableTool,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let shift = response.ctx.input(|i| i.modifiers.shift);
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let at = view.table(pos);
        if let Some(piece) = &tool.placing {
            out.write(PlannerIntent::Place {
                piece: piece.clone(),
                at,
            });
        } else if tool.measuring {
            out.write(PlannerIntent::PoaPoint(at));
        } else {
            out.write(PlannerIntent::Select {
                index: planner.checks.piece_at(at),
                add: shift,
            });
        }
    }
    if response.drag_started()
        && let Some(pos) = response.interact_pointer_pos()
    {
        let at = view.table(pos);
        let hit = planner.checks.piece_at(at);
        let moves = hit.is_some();
        if let Some(i) = hit
            && !planner.editor.selection().contains(&i)
        {
            out.write(PlannerIntent::Select {
                index: Some(i),
                add: shift,
            });
        }
        tool.drag = Some((at, moves));
    }
    if response.drag_stopped()
        && let Some((start, moves)) = tool.drag.take()
        && let Some(pos) = response.interact_pointer_pos().or(response.hover_pos())
    {
        let end = view.table(pos);
        if moves {
            out.write(PlannerIntent::Move([end[0] - start[0], end[1] - start[1]]));
        } else {
            let (lo, hi) = (
                [start[0].min(end[0]), start[1].min(end[1])],
                [start[0].max(end[0]), start[1].max(end[1])],
            );
            let inside = planner
                .layout()
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    (lo[0]..=hi[0]).contains(&p.at[0]) && (lo[1]..=hi[1]).contains(&p.at[1])
                })
                .map(|(i, _)| i)
                .collect();
            out.write(PlannerIntent::SelectOnly(inside));
        }
    }
}

fn grid_stroke(strong: bool) -> egui::Stroke {
    if strong {
        egui::Stroke::new(
            1.0,
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 40),
        )
    } else {
        egui::Stroke::new(
            1.0,
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 14),
        )
    }
}

/// Blue where few attacks reach, through yellow to red where the most do; more opaque when
/// most of them find no cover.
fn heat_colour(attackers: u32, open: u32, max: u32) -> egui::Color32 {
    if attackers == 0 {
        return egui::Color32::from_rgba_unmultiplied(40, 90, 200, 70);
    }
    let t = attackers as f32 / max as f32;
    let (r, g, b) = if t < 0.5 {
        let u = t * 2.0;
        (40.0 + 210.0 * u, 90.0 + 130.0 * u, 200.0 - 160.0 * u)
    } else {
        let u = (t - 0.5) * 2.0;
        (250.0, 220.0 - 170.0 * u, 40.0)
    };
    let open_share = open as f32 / attackers as f32;
    let alpha = 90.0 + 80.0 * open_share;
    egui::Color32::from_rgba_unmultiplied(r as u8, g as u8, b as u8, alpha as u8)
}
