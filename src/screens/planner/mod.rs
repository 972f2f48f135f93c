//! The Planner screen: a top-down table in the middle (pieces, deployment zones, open firing
//! lanes, the exposure heat map, the Path of Attack checked), the editor's tools on the left
//! (mat, palette, selection, tags, undo, save / load) and the live checks on the right
//! (density, zones, Path of Attack, generator, share code, play). Every change is a
//! `PlannerIntent` that the headless `planner` systems apply.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_battlespace::Quarter;
use redline_content::Catalog;
use redline_content::schema::{OpeningKind, SceneryTag};
use redline_planner::density::quarter_name;
use redline_planner::{Paper, Symmetry, WayUp};

use crate::headless::content::Content;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::layouts::list_layouts;
use crate::headless::planner::editor::ANGLE_STEP;
use crate::headless::planner::tags::{PartCard, part_cards, tag_word};
use crate::headless::planner::{ExportKind, Planner, PlannerIntent};
use crate::headless::screen::Screen;
use crate::screens::PanelsDrawn;
use crate::screens::theme::{MUTED, caption, notice_line, panel_frame};
mod table;

/// What a click on the table does, and the drag in progress.
#[derive(Default)]
pub(super) struct TableTool {
    /// A palette piece waiting to be placed by the next click.
    pub(super) placing: Option<String>,
    /// Clicks feed the Path of Attack checker.
    pub(super) measuring: bool,
    /// Where a drag started (table inches) and whether it moves the selection.
    pub(super) drag: Option<([f32; 2], bool)>,
    /// Custom mat size being typed.
    pub(super) custom: [f32; 2],
    /// The share code field.
    pub(super) code: String,
    /// The seed field.
    pub(super) seed: u64,
    /// The planner's seed the field last took.
    pub(super) seed_seen: Option<u64>,
    /// The layout name being typed.
    pub(super) name: Option<String>,
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
    }
    if tool.seed_seen != Some(planner.seed) {
        tool.seed = planner.seed;
        tool.seed_seen = Some(planner.seed);
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
        .show(&mut root, |ui| {
            table::table(ui, &planner, &mut tool, &mut out)
        });
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
        for card in part_cards(placed, piece) {
            part_tags(ui, i, &card, out);
        }
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
            .on_hover_text("MOVE-7, MOVE-12, MOVE-13, POA-10, for every selected piece")
            .clicked()
        {
            out.write(PlannerIntent::SuggestTags);
        }
    }
    ui.separator();
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
            for (tag, on) in [(SceneryTag::Obstacle, !barrier), (SceneryTag::Barrier, barrier)] {
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
                        .on_hover_text("Door: walked through with no roll (MOVE-13). Window: crossed like an obstacle (MOVE-12).")
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
            ui.colored_label(egui::Color32::from_rgb(240, 170, 80), format!("Suggested: {d}"));
        }
    });
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

/// How a way up reads in the list.
fn way_word(way: WayUp) -> &'static str {
    match way {
        WayUp::Free => "free (MOVE-27)",
        WayUp::Step => "step, one roll (OPEN-23)",
        WayUp::Climb => "climb, one roll (MOVE-23)",
        WayUp::Jump => "jump from a top (MOVE-17)",
        WayUp::TwoActions => "two-action climb (MOVE-25)",
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

fn ok_colour(ok: bool) -> egui::Color32 {
    if ok {
        egui::Color32::from_rgb(140, 210, 140)
    } else {
        egui::Color32::from_rgb(240, 110, 90)
    }
}
