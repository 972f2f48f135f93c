//! Smoke mode (`--smoke <out.png> [--scene NAME]`): with no user input, play a scripted
//! scene, capture the window, refuse a blank image, write the PNG and exit 0. The scenes
//! are a registry ([`scene::Scene`]), each one small function played frame by frame on a
//! [`stage::Stage`] (`menus`, `battle`, `campaign`; the matches behind them in `scenes`).
//! `--scene frame-time` prints the median and worst frame time over 600 frames instead.
//! Any error exits non-zero; a run that takes longer than [`TIMEOUT`] exits 2 (and a
//! watchdog thread kills a frozen one).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::ScreenshotCaptured;

use crate::headless::options::LaunchOptions;
use crate::headless::schedule::AppSystems;
use crate::table::camera::TableCamera;
use crate::table::spawn::Miniature;
use scene::Scene;
use stage::Stage;

mod battle;
mod campaign;
mod menus;
mod scene;
mod scenes;
mod stage;

/// How long a smoke run may take before it fails.
pub const TIMEOUT: Duration = Duration::from_secs(120);
/// Battle frame on which the first model is selected.
const SELECT_FRAME: u32 = 3;
/// Battle frame on which the screenshot is taken: panels laid out, camera framed.
const SHOT_FRAME: u32 = 10;
/// A rendered table has far more colours than this; fewer means a blank or broken frame.
const MIN_COLOURS: usize = 9;

/// The run under way: its scene, the frames so far, and what the scene keeps.
#[derive(Resource, Debug)]
struct SmokeRun {
    path: PathBuf,
    started: Instant,
    frames: u32,
    scene: Scene,
    /// The frame the scene's screen appeared on.
    shot_at: Option<u32>,
    frame_times: Vec<Duration>,
    last: Option<Instant>,
    /// The campaign file a one-off scene takes its team from.
    one_off: Option<PathBuf>,
}

/// Why a smoke screenshot failed.
#[derive(Debug, thiserror::Error)]
enum SmokeError {
    #[error("cannot read the captured frame: {0}")]
    Convert(String),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("the frame looks blank: only {colours} distinct colours (written anyway for a look)")]
    Blank { colours: usize },
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<LaunchOptions>().clone();
    let path = options
        .smoke
        .clone()
        .expect("smoke::plugin is only added with --smoke");
    let name = options.scene.unwrap_or_else(|| "battle".to_string());
    let Some(scene) = Scene::named(&name) else {
        error!("redline --smoke: unknown scene '{name}'");
        app.add_systems(Update, |mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::from_code(2));
        });
        return;
    };
    let started = Instant::now();
    let limit = scene.time_limit();
    std::thread::spawn(move || {
        std::thread::sleep(limit + Duration::from_secs(15));
        eprintln!("redline --smoke: frozen for {limit:?}, aborting");
        std::process::exit(3);
    });
    app.insert_resource(SmokeRun {
        path,
        started,
        frames: 0,
        scene,
        shot_at: None,
        frame_times: Vec::new(),
        last: None,
        one_off: None,
    });
    app.add_systems(
        Update,
        (
            watch_clock,
            drive_scene.in_set(AppSystems::RecordInput),
            click_a_miniature.after(drive_scene),
        ),
    );
}

fn watch_clock(run: Res<SmokeRun>, mut exit: MessageWriter<AppExit>) {
    let limit = run.scene.time_limit();
    if run.started.elapsed() > limit {
        error!("redline --smoke: no screenshot after {limit:?}");
        exit.write(AppExit::from_code(2));
    }
}

/// Counts the frame (and its time) and plays it in the scene.
fn drive_scene(mut run: ResMut<SmokeRun>, mut stage: Stage) {
    run.frames += 1;
    let now = Instant::now();
    if let Some(last) = run.last {
        run.frame_times.push(now.duration_since(last));
    }
    run.last = Some(now);
    let (scene, frame) = (run.scene, run.frames);
    scene.play(&mut run, &mut stage, frame);
}

/// `click-to-select`: the mouse pointer moves over a front-row miniature and clicks it, as a
/// player would; the Rapier picking backend finds the model's collider and the click
/// selects it (the shot shows its card and the Limiter).
fn click_a_miniature(
    run: Res<SmokeRun>,
    miniatures: Query<(&Miniature, &GlobalTransform)>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut pointer: MessageWriter<bevy::picking::pointer::PointerInput>,
) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
    if run.scene != Scene::ClickToSelect {
        return;
    }
    let Some(start) = run.shot_at else { return };
    let step = run.frames.saturating_sub(start + SELECT_FRAME);
    if run.frames < start + SELECT_FRAME || step > 2 {
        return;
    }
    let (Ok((cam, cam_at)), Ok(window)) = (camera.single(), window.single()) else {
        return;
    };
    // The miniature nearest the camera's edge of the table: nothing stands in front of it.
    let Some((_, at)) = miniatures
        .iter()
        .max_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z))
    else {
        return;
    };
    // Aim at the figure's chest, inside the model's collider.
    let Ok(in_view) = cam.world_to_viewport(cam_at, at.translation() + Vec3::Y * 0.6) else {
        return;
    };
    // The camera draws in the area the panels leave free; the pointer is in window space.
    let position = in_view + cam.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min);
    let Some(window_ref) = bevy::window::WindowRef::Primary.normalize(Some(window)) else {
        return;
    };
    let location = Location {
        target: NormalizedRenderTarget::Window(window_ref),
        position,
    };
    let action = match step {
        0 => PointerAction::Move { delta: Vec2::ZERO },
        1 => PointerAction::Press(PointerButton::Primary),
        _ => PointerAction::Release(PointerButton::Primary),
    };
    pointer.write(PointerInput::new(PointerId::Mouse, location, action));
}

fn save_and_exit(
    captured: On<ScreenshotCaptured>,
    run: Res<SmokeRun>,
    mut exit: MessageWriter<AppExit>,
) {
    match save_png(captured.image.clone(), &run.path) {
        Ok(colours) => {
            info!(
                "redline --smoke: wrote {} ({colours} colours) in {:?}",
                run.path.display(),
                run.started.elapsed()
            );
            exit.write(AppExit::Success);
        }
        Err(error) => {
            error!("redline --smoke: {error}");
            exit.write(AppExit::from_code(1));
        }
    }
}

/// Writes the frame as a PNG (through a temporary file, so a reader never sees half a
/// file) and returns its number of distinct colours.
fn save_png(image: Image, path: &Path) -> Result<usize, SmokeError> {
    let rgb = image
        .try_into_dynamic()
        .map_err(|e| SmokeError::Convert(e.to_string()))?
        .to_rgb8();
    let colours = distinct_colours(rgb.as_raw(), MIN_COLOURS * 1000);
    let write_error = |source: Box<dyn std::error::Error + Send + Sync>| SmokeError::Write {
        path: path.to_owned(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| write_error(e.into()))?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    rgb.save_with_format(&temporary, image::ImageFormat::Png)
        .map_err(|e| write_error(e.into()))?;
    std::fs::rename(&temporary, path).map_err(|e| write_error(e.into()))?;
    if colours < MIN_COLOURS {
        return Err(SmokeError::Blank { colours });
    }
    Ok(colours)
}

/// Distinct RGB colours in packed pixels, counting no further than `cap`.
fn distinct_colours(rgb: &[u8], cap: usize) -> usize {
    let mut seen = HashSet::new();
    for pixel in rgb.chunks_exact(3) {
        seen.insert([pixel[0], pixel[1], pixel[2]]);
        if seen.len() >= cap {
            break;
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_frame_counts_one_colour() {
        let frame = [10u8, 20, 30].repeat(100);
        assert_eq!(distinct_colours(&frame, 100), 1);
    }

    #[test]
    fn counting_stops_at_the_cap() {
        let frame: Vec<u8> = (0..=255u8).flat_map(|v| [v, 0, 0]).collect();
        assert_eq!(distinct_colours(&frame, 256), 256);
        assert_eq!(distinct_colours(&frame, 50), 50);
    }
}
