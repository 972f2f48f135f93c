//! The table camera: orbit (right drag, Q/E), pan (middle drag, WASD/arrows), zoom (wheel,
//! -/=), a top-down toggle (T), reset (Home) and snap to a model (F), through
//! leafwing-input-manager actions built from the player's saved key bindings.
//! Until the player moves it, the camera keeps the whole table framed in the area the
//! panels leave free.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use leafwing_input_manager::prelude::*;

use crate::headless::game::match_state::Match;
use crate::headless::persist::bindings::{Binding, Bindings};
use crate::headless::schedule::AppSystems;
use crate::table::animate::SkipAnimations;
use crate::table::camera_view::TOP_DOWN_PITCH;
pub(crate) use crate::table::camera_view::TableCamera;
use crate::table::eye::{EyeView, ToggleEyeView};
use crate::table::glide::{self, CameraGlide};
use crate::table::render_quality::RenderQuality;
use crate::table::selection::SelectedModel;
use crate::table::spawn::{Miniature, Table};

/// The part of the window (logical pixels) the 3D view gets; `None` is the whole window.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct ViewArea(pub Option<Rect>);

/// The table camera's vertical field of view: narrow, like a photograph of a tabletop, so a
/// 44" × 30" table fills a 1280 × 720 window with its miniatures at least 30 px tall at the
/// far edge (`miniatures_stand_30_px_tall_on_the_framed_table`).
pub(crate) const TABLE_FOV: f32 = 25.0 * std::f32::consts::PI / 180.0;
/// The model's-eye view's vertical field of view.
const EYE_FOV: f32 = 60.0 * std::f32::consts::PI / 180.0;
/// How far the framed table reaches past its edges, inches.
const FRAME_MARGIN: f32 = 0.4;
const MIN_PITCH: f32 = 0.15;
const MIN_DISTANCE: f32 = 4.0;
const MAX_DISTANCE: f32 = 160.0;
/// The farthest the camera stays after a snap to a model, inches.
const SNAP_DISTANCE: f32 = 36.0;

/// The smallest distance at which every point lies inside the view (with a margin), for a
/// perspective camera of vertical field of view `fov` and `aspect` width / height.
pub(crate) fn fit_distance(camera: &TableCamera, fov: f32, aspect: f32, points: &[Vec3]) -> f32 {
    let half_y = (fov / 2.0).tan();
    let half_x = half_y * aspect;
    let fits = |distance: f32| {
        let view = TableCamera {
            distance,
            ..*camera
        }
        .transform()
        .to_matrix()
        .inverse();
        points.iter().all(|&p| {
            let v = view.transform_point3(p);
            let depth = -v.z;
            depth > 0.1
                && (v.x / depth).abs() <= half_x * 0.94
                && (v.y / depth).abs() <= half_y * 0.92
        })
    };
    let (mut near, mut far) = (MIN_DISTANCE, MAX_DISTANCE * 2.0);
    for _ in 0..40 {
        let mid = (near + far) / 2.0;
        if fits(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    far
}

/// Where a point appears in a window of `size` (pixels, y down) seen by the camera with a
/// vertical field of view `fov`; `None` behind the camera.
#[cfg(test)]
fn pixel_of(camera: &TableCamera, fov: f32, size: Vec2, point: Vec3) -> Option<Vec2> {
    let v = camera
        .transform()
        .to_matrix()
        .inverse()
        .transform_point3(point);
    let depth = -v.z;
    if depth <= 1e-4 {
        return None;
    }
    let half_y = (fov / 2.0).tan();
    let half_x = half_y * size.x / size.y;
    let ndc = Vec2::new(v.x / depth / half_x, v.y / depth / half_y);
    Some(Vec2::new(
        (ndc.x + 1.0) / 2.0 * size.x,
        (1.0 - ndc.y) / 2.0 * size.y,
    ))
}

/// The point of the plane at the focus's height under a cursor (pixels, y down).
pub(crate) fn ground_under(
    camera: &TableCamera,
    fov: f32,
    size: Vec2,
    cursor: Vec2,
) -> Option<Vec3> {
    let half_y = (fov / 2.0).tan();
    let half_x = half_y * size.x / size.y;
    let ndc = Vec2::new(cursor.x / size.x * 2.0 - 1.0, 1.0 - cursor.y / size.y * 2.0);
    let view = camera.transform();
    let dir =
        (view.forward() * 1.0 + view.right() * (ndc.x * half_x) + view.up() * (ndc.y * half_y))
            .normalize();
    let ray = Ray3d::new(view.translation, Dir3::new(dir).ok()?);
    let d = ray.intersect_plane(camera.focus, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(d))
}

/// The camera zoomed to `distance` toward a point of the focus's plane: the camera moves
/// along its ray to the point, so the point stays under the same pixel.
pub(crate) fn zoom_toward(camera: &TableCamera, point: Vec3, distance: f32) -> TableCamera {
    let s = 1.0 - distance / camera.distance;
    TableCamera {
        focus: camera.focus.lerp(point, s),
        distance,
        ..*camera
    }
}

/// The camera framing a table in the `area` of a window of `size` (both in pixels), with a
/// vertical field of view `fov`: the whole table with a small margin, centred in the area.
pub(crate) fn framed(
    table: &Table,
    area: Rect,
    size: Vec2,
    fov: f32,
    like: &TableCamera,
) -> TableCamera {
    let mut points = Vec::new();
    for x in [-FRAME_MARGIN, table.width + FRAME_MARGIN] {
        for z in [-FRAME_MARGIN, table.depth + FRAME_MARGIN] {
            points.push(Vec3::new(x, 0.0, z));
            points.push(Vec3::new(x, 1.5, z));
        }
    }
    let mut framed = *like;
    framed.focus = Vec3::new(table.width / 2.0, 0.0, table.depth / 2.0);
    // Fit the table in the free area: the part of the view it covers has a narrower field
    // of view, then shift the view so the table sits in the area's middle.
    let area_size = area.size();
    let area_fov = 2.0 * ((fov / 2.0).tan() * area_size.y / size.y).atan();
    framed.distance = fit_distance(&framed, area_fov, area_size.x / area_size.y, &points);
    let ndc = (area.center() / size) * 2.0 - Vec2::ONE;
    let half_h = framed.distance * (fov / 2.0).tan();
    let half_w = half_h * size.x / size.y;
    let view = framed.transform();
    framed.focus -= view.right() * (ndc.x * half_w) - view.up() * (ndc.y * half_h);
    framed
}

/// Camera controls.
#[derive(Actionlike, Debug, Clone, Copy, PartialEq, Eq, Hash, Reflect)]
pub(crate) enum CameraAction {
    /// Orbit with the mouse.
    #[actionlike(DualAxis)]
    Orbit,
    /// Pan with the mouse.
    #[actionlike(DualAxis)]
    Drag,
    /// Pan with keys.
    #[actionlike(DualAxis)]
    Move,
    /// Turn with keys.
    #[actionlike(Axis)]
    Turn,
    /// Zoom in (positive) or out with the wheel.
    #[actionlike(Axis)]
    Zoom,
    /// Zoom in (positive) or out with keys.
    #[actionlike(Axis)]
    ZoomKeys,
    /// Toggle the top-down view.
    TopDown,
    /// Back to the framed default view.
    Reset,
    /// Centre on the selected (or active) model.
    Snap,
    /// Finish the animations playing.
    Skip,
    /// Toggle the model's-eye view.
    Eye,
}

/// The camera's input map from the player's key bindings (mouse gestures are fixed).
fn input_map(bindings: &Bindings) -> InputMap<CameraAction> {
    use CameraAction as A;
    let key = |b| bindings.key(b);
    let map = InputMap::default()
        .with_dual_axis(
            A::Orbit,
            DualAxislikeChord::new(MouseButton::Right, MouseMove::default()),
        )
        .with_dual_axis(
            A::Drag,
            DualAxislikeChord::new(MouseButton::Middle, MouseMove::default()),
        )
        .with_dual_axis(
            A::Move,
            VirtualDPad::new(
                key(Binding::PanForward),
                key(Binding::PanBack),
                key(Binding::PanLeft),
                key(Binding::PanRight),
            ),
        )
        .with_dual_axis(A::Move, VirtualDPad::arrow_keys())
        .with_axis(
            A::Turn,
            VirtualAxis::new(key(Binding::TurnLeft), key(Binding::TurnRight)),
        )
        .with_axis(A::Zoom, MouseScrollAxis::Y)
        .with_axis(
            A::ZoomKeys,
            VirtualAxis::new(key(Binding::ZoomOut), key(Binding::ZoomIn)),
        )
        .with(A::TopDown, key(Binding::TopDown))
        .with(A::Reset, key(Binding::ResetView))
        .with(A::Snap, key(Binding::SnapToModel))
        .with(A::Skip, key(Binding::SkipAnimation))
        .with(A::Eye, key(Binding::EyeView));
    #[cfg(feature = "gamepad")]
    let map = with_gamepad(map);
    map
}

/// The gamepad's share of the camera (opt-in `gamepad` feature): the left stick and the
/// D-pad pan like the keys, the right stick turns (x) and zooms (y), and the buttons of
/// [`Binding::gamepad_button`] do what their binding does.
#[cfg(feature = "gamepad")]
fn with_gamepad(mut map: InputMap<CameraAction>) -> InputMap<CameraAction> {
    use CameraAction as A;
    map.insert_dual_axis(A::Move, GamepadStick::LEFT);
    map.insert_dual_axis(A::Move, VirtualDPad::dpad());
    map.insert_axis(A::Turn, GamepadControlAxis::RIGHT_X);
    map.insert_axis(A::ZoomKeys, GamepadControlAxis::RIGHT_Y);
    let button = |b: Binding| b.gamepad_button();
    if let (Some(left), Some(right)) = (button(Binding::TurnLeft), button(Binding::TurnRight)) {
        map.insert_axis(A::Turn, VirtualAxis::new(left, right));
    }
    if let (Some(out), Some(zoom_in)) = (button(Binding::ZoomOut), button(Binding::ZoomIn)) {
        map.insert_axis(A::ZoomKeys, VirtualAxis::new(out, zoom_in));
    }
    for (action, binding) in [
        (A::TopDown, Binding::TopDown),
        (A::Reset, Binding::ResetView),
        (A::Snap, Binding::SnapToModel),
        (A::Skip, Binding::SkipAnimation),
    ] {
        if let Some(b) = button(binding) {
            map.insert(action, b);
        }
    }
    map
}

/// New bindings take effect at once.
fn rebind(bindings: Res<Bindings>, mut maps: Query<&mut InputMap<CameraAction>>) {
    for mut map in &mut maps {
        *map = input_map(&bindings);
    }
}

/// Snap (F): glide the camera to the selected model, else the active one; Skip (Space)
/// finishes animations.
fn snap_and_skip(
    mut commands: Commands,
    camera: Single<(Entity, &mut TableCamera, &ActionState<CameraAction>)>,
    selected: Res<SelectedModel>,
    current: Option<Res<Match>>,
    miniatures: Query<(&Miniature, &Transform)>,
    mut out: (MessageWriter<SkipAnimations>, MessageWriter<ToggleEyeView>),
) {
    let (entity, mut camera, actions) = camera.into_inner();
    if actions.just_pressed(&CameraAction::Skip) {
        out.0.write(SkipAnimations);
    }
    if actions.just_pressed(&CameraAction::Eye) {
        out.1.write(ToggleEyeView);
    }
    if !actions.just_pressed(&CameraAction::Snap) {
        return;
    }
    let active = current.as_ref().and_then(|m| m.game().active_model());
    let target = selected
        .0
        .and_then(|e| miniatures.get(e).ok())
        .or_else(|| miniatures.iter().find(|(m, _)| Some(m.model) == active));
    if let Some((_, transform)) = target {
        let glide = CameraGlide::to(
            &camera,
            transform.translation.with_y(0.0),
            camera.distance.min(SNAP_DISTANCE),
        );
        camera.user_moved = true;
        commands.entity(entity).insert(glide);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ViewArea>();
    app.add_plugins((InputManagerPlugin::<CameraAction>::default(), glide::plugin));
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (
            rebind.run_if(resource_changed::<Bindings>),
            (control_camera, snap_and_skip).in_set(AppSystems::RecordInput),
            (frame_table, place_camera, look_from_the_eye)
                .chain()
                .in_set(AppSystems::Update)
                .after(glide::glide),
        ),
    );
}

fn spawn_camera(mut commands: Commands, quality: Res<RenderQuality>, bindings: Res<Bindings>) {
    let camera = TableCamera::default();
    commands.spawn((
        Name::new("Table camera"),
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection {
            fov: TABLE_FOV,
            ..default()
        }),
        quality.msaa(),
        quality.tonemapping(),
        camera.transform(),
        camera,
        input_map(&bindings),
        bevy_egui::PrimaryEguiContext,
    ));
}

fn control_camera(
    mut commands: Commands,
    camera: Single<(
        Entity,
        &mut TableCamera,
        &ActionState<CameraAction>,
        &Projection,
    )>,
    window: Single<&Window, With<PrimaryWindow>>,
    view_area: Res<ViewArea>,
    tables: Query<&Table>,
    time: Res<Time>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (entity, mut camera, actions, projection) = camera.into_inner();
    // After an idle spell in reactive mode the first delta can be seconds long.
    let dt = time.delta_secs().min(0.05);
    let pointer_in_view = window
        .cursor_position()
        .is_some_and(|p| view_area.0.is_none_or(|area| area.contains(p)));
    let mut next = *camera;

    let orbit = actions.axis_pair(&CameraAction::Orbit);
    let turn = actions.value(&CameraAction::Turn);
    if pointer_in_view && orbit != Vec2::ZERO {
        next.yaw -= orbit.x * 0.008;
        next.pitch = (next.pitch + orbit.y * 0.006).clamp(MIN_PITCH, TOP_DOWN_PITCH);
    }
    next.yaw += turn * 1.8 * dt;

    let (sin_yaw, cos_yaw) = next.yaw.sin_cos();
    let right = Vec3::new(cos_yaw, 0.0, -sin_yaw);
    let ahead = Vec3::new(-sin_yaw, 0.0, -cos_yaw);
    let drag = actions.axis_pair(&CameraAction::Drag);
    if pointer_in_view && drag != Vec2::ZERO {
        let scale = next.distance * 0.0016;
        next.focus += (-right * drag.x + ahead * drag.y) * scale;
    }
    let keys = actions.clamped_axis_pair(&CameraAction::Move);
    next.focus += (right * keys.x + ahead * keys.y) * next.distance * 0.9 * dt;
    if let Some(table) = tables.iter().next() {
        next.focus.x = next.focus.x.clamp(-4.0, table.width + 4.0);
        next.focus.z = next.focus.z.clamp(-4.0, table.depth + 4.0);
    }

    let wheel = if pointer_in_view {
        actions.value(&CameraAction::Zoom).clamp(-3.0, 3.0) * 0.1
    } else {
        0.0
    };
    let step = wheel + actions.value(&CameraAction::ZoomKeys) * 1.5 * dt;
    if step != 0.0 {
        let distance = (next.distance * (1.0 - step)).clamp(MIN_DISTANCE, MAX_DISTANCE);
        // The wheel zooms toward the point under the cursor, the keys toward the centre.
        let cursor = window.cursor_position().filter(|_| wheel != 0.0);
        let fov = match projection {
            Projection::Perspective(p) => p.fov,
            _ => TABLE_FOV,
        };
        let toward = cursor
            .and_then(|c| ground_under(&next, fov, window.size(), c))
            .unwrap_or(next.focus);
        next = zoom_toward(&next, toward, distance);
    }

    if actions.just_pressed(&CameraAction::TopDown) {
        next.top_down = !next.top_down;
    }
    if actions.just_pressed(&CameraAction::Reset) {
        next = TableCamera {
            focus: next.focus,
            ..default()
        };
    } else if next != *camera {
        next.user_moved = next.user_moved || next.top_down == camera.top_down;
    }

    if next != *camera {
        *camera = next;
        // Moving the camera by hand ends a glide.
        commands.entity(entity).remove::<CameraGlide>();
        redraw.write(RequestRedraw);
    }
}

/// Frames the whole table while the player has not moved the camera.
fn frame_table(
    mut cameras: Query<(&mut TableCamera, &Projection)>,
    tables: Query<&Table>,
    view_area: Res<ViewArea>,
    window: Single<&Window, With<PrimaryWindow>>,
) {
    let Some(table) = tables.iter().next() else {
        return;
    };
    let window_size = window.size();
    let area = view_area
        .0
        .unwrap_or(Rect::from_corners(Vec2::ZERO, window_size));
    let size = area.size();
    if size.x < 1.0 || size.y < 1.0 || window_size.y < 1.0 {
        return;
    }
    for (mut camera, projection) in &mut cameras {
        if camera.user_moved {
            continue;
        }
        let Projection::Perspective(perspective) = projection else {
            continue;
        };
        let framed = framed(table, area, window_size, perspective.fov, &camera);
        if (framed.distance - camera.distance).abs() > 0.01 || framed.focus != camera.focus {
            *camera = framed;
        }
    }
}

fn place_camera(mut cameras: Query<(&TableCamera, &mut Transform), Changed<TableCamera>>) {
    for (camera, mut transform) in &mut cameras {
        *transform = camera.transform();
    }
}

/// While the model's-eye view is on, the camera stands at the model's eyes; when it goes
/// off, the table camera's own view comes back.
fn look_from_the_eye(
    eye: Res<EyeView>,
    mut cameras: Query<(&mut TableCamera, &mut Transform, &mut Projection)>,
    mut was_on: Local<bool>,
) {
    if !eye.on && !*was_on {
        return;
    }
    for (mut camera, mut transform, mut projection) in &mut cameras {
        let fov = match eye.shot.as_ref().filter(|_| eye.on) {
            Some(shot) => {
                *transform =
                    Transform::from_translation(shot.eye).looking_at(shot.look_at, Vec3::Y);
                EYE_FOV
            }
            None if *was_on => {
                camera.set_changed();
                TABLE_FOV
            }
            None => continue,
        };
        if let Projection::Perspective(p) = &mut *projection
            && p.fov != fov
        {
            p.fov = fov;
        }
    }
    *was_on = eye.on;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_framed_table_fits_and_a_nearer_camera_does_not() {
        let camera = TableCamera::default();
        let corners = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(30.0, 0.0, 0.0),
            Vec3::new(0.0, 0.0, 22.0),
            Vec3::new(30.0, 0.0, 22.0),
        ];
        let fov = std::f32::consts::FRAC_PI_4;
        let fitted = fit_distance(&camera, fov, 16.0 / 9.0, &corners);
        assert!(fitted > MIN_DISTANCE && fitted < MAX_DISTANCE, "{fitted}");
        // Top-down needs to back off less on a wide view than on a tall one.
        let top_down = TableCamera {
            top_down: true,
            ..camera
        };
        let wide = fit_distance(&top_down, fov, 16.0 / 9.0, &corners);
        let tall = fit_distance(&top_down, fov, 9.0 / 16.0, &corners);
        assert!(wide < tall, "{wide} vs {tall}");
    }

    #[test]
    fn top_down_looks_straight_down_with_the_long_edge_across() {
        let camera = TableCamera {
            top_down: true,
            ..default()
        };
        let transform = camera.transform();
        assert!(transform.forward().dot(Vec3::NEG_Y) > 0.999);
        assert!(transform.right().dot(Vec3::X) > 0.999);
    }

    /// Vertical extent on screen, pixels, of a figure's bounds standing at `at`.
    fn pixel_height(camera: &TableCamera, size: Vec2, bounds: (Vec3, Vec3), at: Vec3) -> f32 {
        let (lo, hi) = bounds;
        let ys: Vec<f32> = (0..8)
            .map(|k| {
                let corner = Vec3::new(
                    if k & 1 == 0 { lo.x } else { hi.x },
                    if k & 2 == 0 { lo.y } else { hi.y },
                    if k & 4 == 0 { lo.z } else { hi.z },
                );
                pixel_of(camera, TABLE_FOV, size, at + corner)
                    .expect("in front")
                    .y
            })
            .collect();
        ys.iter().copied().fold(f32::MIN, f32::max) - ys.iter().copied().fold(f32::MAX, f32::min)
    }

    #[test]
    fn miniatures_stand_30_px_tall_on_the_framed_table() {
        use redline_meshes::{Crew, FigureSpec, Kit, Pose, Role};
        // The table alone (H hides the panels) in a 1280 × 720 window: the area under the
        // 38 px top bar.
        let size = Vec2::new(1280.0, 720.0);
        let window = Rect::new(0.0, 38.0, 1280.0, 720.0);
        for (width, depth) in [(44.0, 30.0), (30.0, 22.0)] {
            let table = Table { width, depth };
            let camera = framed(&table, window, size, TABLE_FOV, &TableCamera::default());
            // The table's corners are in view.
            for x in [0.0, table.width] {
                for z in [0.0, table.depth] {
                    let p = pixel_of(&camera, TABLE_FOV, size, Vec3::new(x, 0.0, z)).unwrap();
                    assert!(window.contains(p), "corner ({x}, {z}) at {p}");
                }
            }
            for role in [Role::Leader, Role::Gonk, Role::Netrunner, Role::Character] {
                let spec = FigureSpec {
                    crew: Crew::Freelance,
                    role,
                    kit: Kit::Pistol,
                    base_radius: 0.53,
                    variant: 0,
                };
                let bounds = redline_meshes::figure(&spec, Pose::Standing)
                    .bounds()
                    .expect("a figure");
                for x in [0.5, table.width / 2.0, table.width - 0.5] {
                    for z in [0.5, table.depth / 2.0, table.depth - 0.5] {
                        let at = Vec3::new(x, 0.0, z);
                        let px = pixel_height(&camera, size, bounds, at);
                        assert!(px >= 30.0, "{role:?} at {at} on {table:?}: {px:.1} px");
                    }
                }
            }
        }
    }

    #[test]
    fn the_point_under_the_cursor_stays_under_it_as_the_camera_zooms() {
        let size = Vec2::new(1280.0, 720.0);
        let camera = TableCamera {
            focus: Vec3::new(22.0, 0.0, 15.0),
            yaw: 0.4,
            distance: 70.0,
            ..default()
        };
        for cursor in [Vec2::new(200.0, 150.0), Vec2::new(1100.0, 600.0)] {
            let under = ground_under(&camera, TABLE_FOV, size, cursor).expect("the table");
            for distance in [30.0, 110.0] {
                let zoomed = zoom_toward(&camera, under, distance);
                assert_eq!(zoomed.distance, distance);
                let seen = pixel_of(&zoomed, TABLE_FOV, size, under).expect("in front");
                assert!(seen.distance(cursor) < 0.5, "{cursor} now at {seen}");
                assert!(zoomed.focus.y.abs() < 1e-4, "the focus stays on the table");
            }
        }
    }
}
