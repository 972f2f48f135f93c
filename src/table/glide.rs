//! The camera's glide to a model (F): focus and distance eased over [`GLIDE_SECONDS`]; Skip
//! (Space) or a click ends it where it was going, and moving the camera by hand drops it.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::headless::schedule::AppSystems;
use crate::table::animate::SkipAnimations;
use crate::table::camera_view::TableCamera;

/// How long a glide takes, seconds.
pub(crate) const GLIDE_SECONDS: f32 = 0.4;

/// A glide of the table camera in progress, on the camera's entity.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub(crate) struct CameraGlide {
    /// Where the focus started.
    pub from_focus: Vec3,
    /// Where the focus ends.
    pub to_focus: Vec3,
    /// The distance it started at.
    pub from_distance: f32,
    /// The distance it ends at.
    pub to_distance: f32,
    /// Seconds since it started.
    pub elapsed: f32,
}

impl CameraGlide {
    /// A glide from the camera's view to a focus and distance.
    pub fn to(camera: &TableCamera, focus: Vec3, distance: f32) -> CameraGlide {
        CameraGlide {
            from_focus: camera.focus,
            to_focus: focus,
            from_distance: camera.distance,
            to_distance: distance,
            elapsed: 0.0,
        }
    }

    /// How far along, 0..1, eased in and out.
    pub fn progress(&self) -> f32 {
        let t = (self.elapsed / GLIDE_SECONDS).clamp(0.0, 1.0);
        if t < 0.5 {
            4.0 * t * t * t
        } else {
            1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
        }
    }

    /// Whether it has arrived.
    pub fn done(&self) -> bool {
        self.elapsed >= GLIDE_SECONDS
    }

    /// Puts the camera where the glide is now.
    fn place(&self, camera: &mut TableCamera) {
        let k = self.progress();
        camera.focus = self.from_focus.lerp(self.to_focus, k);
        camera.distance = self.from_distance + (self.to_distance - self.from_distance) * k;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>();
    app.add_message::<RequestRedraw>();
    app.add_systems(Update, glide.in_set(AppSystems::Update));
}

/// Moves gliding cameras on; Skip or a click finishes the glide at once.
pub(crate) fn glide(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    mut cameras: Query<(Entity, &mut TableCamera, &mut CameraGlide)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let clicked = buttons.is_some_and(|b| b.get_just_pressed().next().is_some());
    let skipping = skip.read().count() > 0 || clicked;
    // After an idle spell in reactive mode the first delta can be long.
    let dt = time.delta_secs().min(0.05);
    for (entity, mut camera, mut glide) in &mut cameras {
        glide.elapsed = if skipping {
            GLIDE_SECONDS
        } else {
            glide.elapsed + dt
        };
        glide.place(&mut camera);
        if glide.done() {
            commands.entity(entity).remove::<CameraGlide>();
        } else {
            redraw.write(RequestRedraw);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;

    use super::*;

    fn app_with_glide(to: Vec3) -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                50,
            )))
            .add_plugins(plugin);
        let camera = TableCamera::default();
        let glide = CameraGlide::to(&camera, to, 20.0);
        let entity = app.world_mut().spawn((camera, glide)).id();
        // The first update starts the clock.
        app.update();
        (app, entity)
    }

    fn camera(app: &App, entity: Entity) -> (TableCamera, Option<CameraGlide>) {
        let e = app.world().entity(entity);
        (
            *e.get::<TableCamera>().expect("camera"),
            e.get::<CameraGlide>().copied(),
        )
    }

    #[test]
    fn focus_glides_eased_and_arrives_after_four_tenths_of_a_second() {
        let to = Vec3::new(3.0, 0.0, 4.0);
        let (mut app, entity) = app_with_glide(to);
        let start = TableCamera::default().focus;
        let mut last = 0.0;
        let mut steps = Vec::new();
        for _ in 0..12 {
            app.update();
            let (cam, glide) = camera(&app, entity);
            let along = (cam.focus - start).length() / (to - start).length();
            assert!(
                along >= last,
                "the focus only moves on: {along} after {last}"
            );
            steps.push(along - last);
            last = along;
            if glide.is_none() {
                break;
            }
            assert!(along < 1.0);
        }
        let (cam, glide) = camera(&app, entity);
        assert!(glide.is_none(), "the glide is over");
        assert!(cam.focus.distance(to) < 1e-4 && (cam.distance - 20.0).abs() < 1e-4);
        // 0.4 s in 50 ms frames.
        assert!((7..=9).contains(&steps.len()), "{steps:?}");
        // Eased: slow at the start and at the end, fastest in the middle.
        let fastest = steps.iter().copied().fold(0.0, f32::max);
        let (first, end) = (steps[0], steps[steps.len() - 1]);
        assert!(first < fastest / 2.0 && end < fastest / 2.0, "{steps:?}");
    }

    #[test]
    fn skip_or_a_click_ends_the_glide_where_it_was_going() {
        let to = Vec3::new(3.0, 0.0, 4.0);
        let (mut app, entity) = app_with_glide(to);
        app.update();
        assert!(camera(&app, entity).1.is_some());
        app.world_mut().write_message(SkipAnimations);
        app.update();
        let (cam, glide) = camera(&app, entity);
        assert!(glide.is_none() && cam.focus.distance(to) < 1e-4);

        let (mut app, entity) = app_with_glide(to);
        app.init_resource::<ButtonInput<MouseButton>>();
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let (cam, glide) = camera(&app, entity);
        assert!(glide.is_none() && cam.focus.distance(to) < 1e-4);
    }
}
