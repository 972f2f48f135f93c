//! The planner's left panel: the layout, the mat, the palette, the selection with each
//! part's agreed tags, and the exports.

use bevy_egui::egui;
use redline_content::schema::{OpeningKind, SceneryTag};
use redline_planner::Paper;

use super::PanelView;
use crate::headless::persist::layouts::list_layouts;
use crate::headless::planner::editor::ANGLE_STEP;
use crate::headless::planner::tags::{PartCard, part_cards, tag_word};
use crate::headless::planner::{ExportKind, PlannerIntent};
use crate::screens::theme::{MUTED, caption, notice_line};
use bevy::prelude::MessageWriter;

/// The left panel: layout, mat, palette, selection and its tags.
pub(super) fn tools(ui: &mut egui::Ui, v: &mut PanelView) {
    header(ui, v);
    ui.separator();
    layout_section(ui, v);
    ui.separator();
    mat_section(ui, v);
    ui.separator();
    palette(ui, v);
    ui.separator();
    selection_section(ui, v);
    ui.separator();
    export_section(ui, v);
}

/// The title, the last word, and back, undo, redo, clear.
fn header(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let notice = v.notice;
    let ed = &planner.editor;
    let out = &mut *v.out;
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
}

/// The layout's name, saving and loading.
fn layout_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let dir = v.dir;
    let layout = planner.layout();
    let tool = &mut *v.tool;
    let out = &mut *v.out;
    caption(ui, "LAYOUT");
    // The name being typed lives here until the field lets go, then becomes one edit.
    let name = tool.name.get_or_insert_with(|| layout.name.clone());
    let field = ui.text_edit_singleline(name);
    if field.lost_focus() {
        if *name != layout.name {
            out.write(PlannerIntent::Rename(name.clone()));
        }
        tool.name = None;
    } else if !field.has_focus() {
        tool.name = None;
    }
    ui.horizontal(|ui| {
        if ui.button("Save").clicked() {
            out.write(PlannerIntent::Save);
        }
        ui.menu_button("Load…", |ui| {
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
}

/// The mat's size.
fn mat_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let layout = planner.layout();
    let tool = &mut *v.tool;
    let out = &mut *v.out;
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
}

/// The scenery pieces to place.
fn palette(ui: &mut egui::Ui, v: &mut PanelView) {
    let catalog = v.catalog;
    let tool = &mut *v.tool;
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
}

/// What to do with the selection, and each selected part's agreed tags.
fn selection_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let catalog = v.catalog;
    let layout = planner.layout();
    let ed = &planner.editor;
    let out = &mut *v.out;
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
        for card in part_cards(placed, piece) {
            part_tags(ui, i, &card, out);
        }
        module_tags(ui, planner, i);
    }
    if any {
        let departs = ed.selection().iter().any(|&i| {
            let placed = &layout.pieces[i];
            catalog.scenery.get(&placed.piece).is_some_and(|piece| {
                part_cards(placed, piece)
                    .iter()
                    .any(|c| !c.departures.is_empty())
            })
        });
        if ui
            .add_enabled(departs, egui::Button::new("Use the rulebook's suggestion"))
            .on_hover_text("The tags the rulebook suggests for each part, on every selected piece")
            .clicked()
        {
            out.write(PlannerIntent::SuggestTags);
        }
    }
}

/// Exports for the real table.
fn export_section(ui: &mut egui::Ui, v: &mut PanelView) {
    let planner = v.planner;
    let dir = v.dir;
    let out = &mut *v.out;
    caption(ui, "EXPORT FOR THE REAL TABLE");
    ui.horizontal_wrapped(|ui| {
        for (label, kind) in [
            ("PDF A4", ExportKind::Pdf(Paper::A4)),
            ("PDF Letter", ExportKind::Pdf(Paper::Letter)),
            ("SVG", ExportKind::Svg),
            ("PNG", ExportKind::Png),
        ] {
            if ui.button(label).clicked() {
                out.write(PlannerIntent::Export(kind));
            }
        }
    });
    match (planner.exported.first(), dir) {
        (Some(path), _) => {
            ui.label(egui::RichText::new(format!("Last: {}", path.display())).color(MUTED));
        }
        (None, Some(dir)) => {
            ui.label(
                egui::RichText::new(format!("Files go to {}", dir.exports().display()))
                    .color(MUTED),
            );
        }
        (None, None) => {}
    }
}

/// What the optional modules read of each part of the placed piece `index` (MODULES.md
/// Data): material and Hardness, Structure, Fuel, storey, doors and windows to lock.
fn module_tags(ui: &mut egui::Ui, planner: &crate::headless::planner::Planner, index: usize) {
    for t in planner.checks.module_tags_of(index).filter(|t| t.any()) {
        ui.label(
            egui::RichText::new(format!("Modules · {}: {}", t.name, t.words().join("; ")))
                .color(MUTED),
        );
    }
}

/// One part's agreed tags (FIELD-11): obstacle or barrier, elevated, easy to climb,
/// draggable, each opening a door or a window; with where it departs from the guidance.
fn part_tags(
    ui: &mut egui::Ui,
    index: usize,
    card: &PartCard,
    out: &mut MessageWriter<PlannerIntent>,
) {
    let send = |out: &mut MessageWriter<PlannerIntent>, tags: Vec<SceneryTag>, openings| {
        out.write(PlannerIntent::Tags {
            index,
            part: card.index,
            tags,
            openings,
        });
    };
    ui.push_id((index, card.index), |ui| {
        ui.label(format!(
            "{} · {:.1}\" high{}",
            card.name,
            card.top,
            if card.changed { " · agreed" } else { "" }
        ));
        ui.horizontal_wrapped(|ui| {
            let barrier = card.has(SceneryTag::Barrier);
            for (tag, on) in [
                (SceneryTag::Obstacle, !barrier),
                (SceneryTag::Barrier, barrier),
            ] {
                if ui.selectable_label(on, tag_word(tag)).clicked() && !on {
                    send(out, card.with(tag, true), card.openings());
                }
            }
            for tag in [
                SceneryTag::Elevated,
                SceneryTag::EasyClimb,
                SceneryTag::Draggable,
            ] {
                let mut on = card.has(tag);
                if ui.checkbox(&mut on, tag_word(tag)).changed() {
                    send(out, card.with(tag, on), card.openings());
                }
            }
        });
        if !card.agreed.openings.is_empty() {
            ui.horizontal_wrapped(|ui| {
                for (n, o) in card.agreed.openings.iter().enumerate() {
                    let word = match o.kind {
                        OpeningKind::Door => "door",
                        OpeningKind::Window => "window",
                    };
                    if ui
                        .button(format!("opening {}: {word}", n + 1))
                        .on_hover_text(
                            "Door: walked through with no roll. Window: crossed like an obstacle.",
                        )
                        .clicked()
                    {
                        let mut kinds = card.openings();
                        kinds[n] = match o.kind {
                            OpeningKind::Door => OpeningKind::Window,
                            OpeningKind::Window => OpeningKind::Door,
                        };
                        send(out, card.agreed.tags.clone(), kinds);
                    }
                }
            });
        }
        for d in &card.departures {
            ui.colored_label(
                egui::Color32::from_rgb(240, 170, 80),
                format!("Suggested: {d}"),
            );
        }
    });
}
