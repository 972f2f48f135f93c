//! The Planner screen: a top-down table in the middle (pieces, deployment zones, open firing
//! lanes, the exposure heat map, the Path of Attack checked), the editor's tools on the left
//! (mat, palette, selection, tags, undo, save / load) and the live checks on the right
//! (density, zones, Path of Attack, generator, share code, play). Every change is a
//! `PlannerIntent` that the headless `planner` systems apply.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use redline_content::Catalog;

use crate::headless::content::Content;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::planner::editor::ANGLE_STEP;
use crate::headless::planner::view3d::{PlannerView, PlannerViewIntent};
use crate::headless::planner::{Planner, PlannerIntent};
use crate::headless::screen::Screen;
use crate::screens::order::PanelsDrawn;
use crate::screens::theme::panel_frame;
use crate::table::camera::{TableCamera, ViewArea};

mod checks;
mod table;
mod tools;
mod view3d;

/// What the planner's panels read and send.
pub(super) struct PanelView<'a, 'w> {
    pub(super) planner: &'a Planner,
    pub(super) catalog: &'a Catalog,
    pub(super) dir: Option<&'a DataDir>,
    pub(super) notice: &'a Notice,
    pub(super) tool: &'a mut TableTool,
    pub(super) out: &'a mut MessageWriter<'w, PlannerIntent>,
}

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
    app.add_plugins(view3d::plugin);
    app.add_systems(
        EguiPrimaryContextPass,
        planner_screen
            .in_set(PanelsDrawn)
            .run_if(in_state(Screen::Planner).and_then(resource_exists::<Planner>)),
    );
}

/// The 3D view's state, what it asks, the camera and the area it draws in.
#[derive(bevy::ecs::system::SystemParam)]
struct ThreeD<'w, 's> {
    view: Res<'w, PlannerView>,
    out: MessageWriter<'w, PlannerViewIntent>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<TableCamera>>,
    area: ResMut<'w, ViewArea>,
}

/// What the planner's panels read.
#[derive(bevy::ecs::system::SystemParam)]
struct PlannerReads<'w> {
    planner: Res<'w, Planner>,
    content: Res<'w, Content>,
    notice: Res<'w, Notice>,
    dir: Option<Res<'w, DataDir>>,
}

fn planner_screen(
    mut contexts: EguiContexts,
    reads: PlannerReads,
    mut out: MessageWriter<PlannerIntent>,
    mut tool: Local<TableTool>,
    mut three_d: ThreeD,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let PlannerReads {
        planner,
        content,
        notice,
        dir,
    } = reads;
    if tool.custom == [0.0, 0.0] {
        tool.custom = planner.layout().size;
    }
    if tool.seed_seen != Some(planner.seed) {
        tool.seed = planner.seed;
        tool.seed_seen = Some(planner.seed);
    }
    keys(&ctx, &mut out);
    let mut view = PanelView {
        planner: &planner,
        catalog: &content.0,
        dir: dir.as_deref(),
        notice: &notice,
        tool: &mut tool,
        out: &mut out,
    };
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
            egui::ScrollArea::vertical().show(ui, |ui| tools::tools(ui, &mut view));
        });
    egui::Panel::right("planner_checks")
        .frame(panel_frame())
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| checks::checks(ui, &mut view));
        });
    let shown = three_d.view.clone();
    let frame = if shown.three_d {
        egui::Frame::NONE
    } else {
        egui::Frame::new().fill(egui::Color32::from_rgb(14, 15, 19))
    };
    let mut asked = Vec::new();
    let camera = three_d.camera.single().ok();
    let area = egui::CentralPanel::default()
        .frame(frame)
        .show(&mut root, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(14, 15, 19, 200))
                .inner_margin(egui::Margin::same(4))
                .show(ui, |ui| view3d::view_bar(ui, &shown, &mut asked));
            if shown.three_d {
                Some(view3d::table_area(ui, &shown, camera, &mut asked))
            } else {
                table::table(ui, view.planner, view.tool, view.out);
                None
            }
        })
        .inner;
    let area = area.map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    if three_d.area.0 != area {
        three_d.area.0 = area;
    }
    three_d.out.write_batch(asked);
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
