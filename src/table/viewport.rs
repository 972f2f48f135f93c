//! The table camera draws only the part of the window the panels leave free (its viewport,
//! from [`ViewArea`]); a second camera, ordered after it, draws the egui panels over the
//! whole window. On a CPU rasteriser the 3D pass costs per pixel, so the table is not shaded
//! under opaque panels. Both cameras share the window's main texture (same MSAA, same
//! tonemapping): the panel camera does not clear it, the table camera clears it each frame.

use bevy::camera::Viewport;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::table::camera::{TableCamera, ViewArea};
use crate::table::render_quality::RenderQuality;

/// Marks the camera that draws the panels.
#[derive(Component)]
pub(crate) struct PanelCamera;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel_camera);
}

fn spawn_panel_camera(mut commands: Commands, quality: Res<RenderQuality>) {
    commands.spawn((
        Name::new("Panel camera"),
        PanelCamera,
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        quality.msaa(),
        quality.tonemapping(),
        bevy_egui::PrimaryEguiContext,
    ));
}

/// The table camera's viewport: the free area in physical pixels, inside the window; the
/// whole window when no screen has set an area.
pub(crate) fn fit_viewport(
    mut cameras: Query<&mut Camera, With<TableCamera>>,
    view_area: Res<ViewArea>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let viewport = view_area.0.and_then(|area| physical(area, &window));
    for mut camera in &mut cameras {
        let now = camera
            .viewport
            .as_ref()
            .map(|v| (v.physical_position, v.physical_size));
        if now != viewport {
            camera.viewport = viewport.map(|(physical_position, physical_size)| Viewport {
                physical_position,
                physical_size,
                ..default()
            });
        }
    }
}

/// A logical rectangle of the window as a physical position and size inside it; `None` when
/// nothing of it is inside.
fn physical(area: Rect, window: &Window) -> Option<(UVec2, UVec2)> {
    let scale = window.scale_factor();
    let size = Vec2::new(
        window.physical_width() as f32,
        window.physical_height() as f32,
    );
    let min = (area.min * scale).round().clamp(Vec2::ZERO, size);
    let max = (area.max * scale).round().clamp(Vec2::ZERO, size);
    let extent = max - min;
    (extent.x >= 1.0 && extent.y >= 1.0).then(|| (min.as_uvec2(), extent.as_uvec2()))
}

/// A window position (logical pixels) as a position in the camera's viewport, what
/// `Camera::viewport_to_world` takes.
pub(crate) fn in_view(camera: &Camera, window: Vec2) -> Vec2 {
    window - camera.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min)
}

/// A position in the camera's viewport as a window position (logical pixels), what egui
/// paints at.
pub(crate) fn in_window(camera: &Camera, view: Vec2) -> Vec2 {
    view + camera.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewport_is_the_free_area_in_physical_pixels_inside_the_window() {
        let mut window = Window::default();
        window.resolution.set_physical_resolution(2560, 1440);
        window.resolution.set_scale_factor(2.0);
        let area = Rect::new(330.0, 38.0, 1013.0, 602.0);
        assert_eq!(
            physical(area, &window),
            Some((UVec2::new(660, 76), UVec2::new(1366, 1128)))
        );
        let past_the_edge = Rect::new(1000.0, 600.0, 1400.0, 900.0);
        assert_eq!(
            physical(past_the_edge, &window),
            Some((UVec2::new(2000, 1200), UVec2::new(560, 240)))
        );
        assert_eq!(
            physical(Rect::new(1300.0, 0.0, 1400.0, 10.0), &window),
            None
        );
    }
}
