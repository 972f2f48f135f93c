//! The planner's 3D view on screen: the switch between the top-down editor and the 3D
//! table, the model's-eye tool (a click on the table puts the camera at a model's eyes
//! there), the orbiting table camera framed on the free area, and the PNG of the view.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::egui;

use crate::headless::notice::Notice;
use crate::headless::planner::view3d::{PlannerView, PlannerViewIntent};
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::camera::{TableCamera, ViewArea};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (frame_on_open, look_from_the_eye, take_picture)
            .chain()
            .after(AppSystems::Update)
            .run_if(in_state(Screen::Planner)),
    );
    app.add_systems(
        OnExit(Screen::Planner),
        |mut area: ResMut<ViewArea>, mut cameras: Query<&mut TableCamera>| {
            area.0 = None;
            for mut camera in &mut cameras {
                *camera = TableCamera::default();
            }
        },
    );
}

/// The switches over the table: top-down or 3D, the model's eye, orbit, the picture.
pub(super) fn view_bar(ui: &mut egui::Ui, view: &PlannerView, out: &mut Vec<PlannerViewIntent>) {
    ui.horizontal(|ui| {
        if ui.selectable_label(!view.three_d, "Top-down").clicked() {
            out.push(PlannerViewIntent::ThreeD(false));
        }
        if ui
            .selectable_label(view.three_d, "3D view")
            .on_hover_text("The table with the battle's models: right drag turns, wheel zooms")
            .clicked()
        {
            out.push(PlannerViewIntent::ThreeD(true));
        }
        if !view.three_d {
            return;
        }
        ui.separator();
        if ui
            .selectable_label(view.eye_tool, "Model's eye")
            .on_hover_text("Click the table: the camera stands at a model's eyes there")
            .clicked()
        {
            out.push(PlannerViewIntent::EyeTool(!view.eye_tool));
        }
        if ui
            .add_enabled(view.eye.is_some(), egui::Button::new("Orbit"))
            .clicked()
        {
            out.push(PlannerViewIntent::Orbit);
        }
        if ui
            .button("Save view as PNG")
            .on_hover_text("Written to the exports folder")
            .clicked()
        {
            out.push(PlannerViewIntent::Picture);
        }
    });
}

/// The 3D table's area: left clear so the camera's picture shows; with the eye tool on, a
/// click is the point the model stands on.
pub(super) fn table_area(
    ui: &mut egui::Ui,
    view: &PlannerView,
    camera: Option<(&Camera, &GlobalTransform)>,
    out: &mut Vec<PlannerViewIntent>,
) -> egui::Rect {
    let (response, _) = ui.allocate_painter(ui.available_size(), egui::Sense::click());
    if view.eye_tool
        && response.clicked()
        && let (Some(pointer), Some((camera, at))) = (response.interact_pointer_pos(), camera)
        && let Some(point) = table_point(camera, at, Vec2::new(pointer.x, pointer.y))
    {
        out.push(PlannerViewIntent::EyeAt(point));
    }
    response.rect
}

/// The point (x, z) of the table's surface under a window position.
fn table_point(camera: &Camera, at: &GlobalTransform, window: Vec2) -> Option<[f32; 2]> {
    let in_view = window - camera.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min);
    let ray = camera.viewport_to_world(at, in_view).ok()?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    let hit = ray.get_point(distance);
    Some([hit.x, hit.z])
}

/// The table camera frames the planner's table afresh each time the 3D view opens.
fn frame_on_open(
    view: Res<PlannerView>,
    mut cameras: Query<&mut TableCamera>,
    mut was: Local<bool>,
) {
    if view.three_d && !*was {
        for mut camera in &mut cameras {
            *camera = TableCamera::default();
        }
    }
    *was = view.three_d;
}

/// While the view looks from a model's eyes, the camera stands there; back to orbit, the
/// table camera's own view returns.
fn look_from_the_eye(
    view: Res<PlannerView>,
    mut cameras: Query<(&mut TableCamera, &mut Transform)>,
    mut was_on: Local<bool>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let eye = view.eye.filter(|_| view.three_d);
    if eye.is_none() && !*was_on {
        return;
    }
    for (mut camera, mut transform) in &mut cameras {
        match eye {
            Some(eye) => {
                let wanted = Transform::from_translation(eye.eye).looking_at(eye.look_at, Vec3::Y);
                if *transform != wanted {
                    *transform = wanted;
                    redraw.write(RequestRedraw);
                }
            }
            None => camera.set_changed(),
        }
    }
    *was_on = eye.is_some();
}

/// Takes the picture asked for: the window's frame cropped to the 3D view's area.
fn take_picture(
    mut commands: Commands,
    mut view: ResMut<PlannerView>,
    area: Res<ViewArea>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let Some(path) = view.picture.take() else {
        return;
    };
    let scale = window.scale_factor();
    let crop = area.0.map(|r| {
        let r = Rect::from_corners(r.min * scale, r.max * scale);
        (r.min.as_uvec2(), r.size().as_uvec2())
    });
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut notice: ResMut<Notice>| {
            if let Err(e) = save_view(&captured.image, crop, &path) {
                notice.error(format!("Cannot write {}: {e}", path.display()));
            }
        },
    );
}

/// Writes the captured frame (the crop of it, when given) as a PNG (in the browser: offers
/// it as a download named after `path`).
fn save_view(image: &Image, crop: Option<(UVec2, UVec2)>, path: &Path) -> Result<PathBuf, String> {
    let mut frame = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())?;
    if let Some((min, size)) = crop.filter(|(_, size)| size.x > 0 && size.y > 0) {
        frame = frame.crop_imm(min.x, min.y, size.x, size.y);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        frame
            .to_rgb8()
            .save_with_format(path, image::ImageFormat::Png)
            .map_err(|e| e.to_string())?;
    }
    #[cfg(target_arch = "wasm32")]
    {
        let mut png = std::io::Cursor::new(Vec::new());
        frame
            .to_rgb8()
            .write_to(&mut png, image::ImageFormat::Png)
            .map_err(|e| e.to_string())?;
        let name = path
            .file_name()
            .map_or_else(|| "view.png".into(), |n| n.to_string_lossy());
        crate::headless::persist::download::offer(&name, png.get_ref())?;
    }
    Ok(path.to_owned())
}
