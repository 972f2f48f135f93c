//! Smoke mode (`--smoke <out.png>`): with no user input, open the battle, select the first
//! model (so the Limiter and card panel show), render a few frames, capture the window,
//! refuse a blank image, write the PNG and exit 0. Any error exits non-zero; a run that
//! takes longer than [`TIMEOUT`] exits 2 (and a watchdog thread kills a frozen one).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::AppSystems;
use crate::battle::scene::BattleScene;
use crate::battle::selection::SelectModel;
use crate::battle::spawn::Miniature;
use crate::options::LaunchOptions;
use crate::screens::Screen;

/// How long a smoke run may take before it fails.
pub const TIMEOUT: Duration = Duration::from_secs(120);
/// Battle frame on which the first model is selected.
const SELECT_FRAME: u32 = 3;
/// Battle frame on which the screenshot is taken: panels laid out, camera framed.
const SHOT_FRAME: u32 = 10;
/// A rendered table has far more colours than this; fewer means a blank or broken frame.
const MIN_COLOURS: usize = 9;

#[derive(Resource, Debug)]
struct SmokeRun {
    path: PathBuf,
    started: Instant,
    battle_frames: u32,
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
    let path = app
        .world()
        .resource::<LaunchOptions>()
        .smoke
        .clone()
        .expect("smoke::plugin is only added with --smoke");
    let started = Instant::now();
    std::thread::spawn(move || {
        std::thread::sleep(TIMEOUT + Duration::from_secs(15));
        eprintln!("redline --smoke: frozen for {TIMEOUT:?}, aborting");
        std::process::exit(3);
    });
    app.insert_resource(SmokeRun {
        path,
        started,
        battle_frames: 0,
    });
    app.add_systems(
        Update,
        (
            watch_clock,
            drive_battle
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Battle)),
        ),
    );
}

fn watch_clock(run: Res<SmokeRun>, mut exit: MessageWriter<AppExit>) {
    if run.started.elapsed() > TIMEOUT {
        error!("redline --smoke: no screenshot after {TIMEOUT:?}");
        exit.write(AppExit::from_code(2));
    }
}

fn drive_battle(
    mut commands: Commands,
    mut run: ResMut<SmokeRun>,
    scene: Res<BattleScene>,
    miniatures: Query<(Entity, &Miniature)>,
    mut select: MessageWriter<SelectModel>,
) {
    run.battle_frames += 1;
    match run.battle_frames {
        SELECT_FRAME => {
            let first = scene.miniatures.first().map(|spec| spec.name.as_str());
            let model = miniatures
                .iter()
                .find(|(_, m)| Some(m.name.as_str()) == first);
            select.write(SelectModel(model.map(|(entity, _)| entity)));
        }
        SHOT_FRAME => {
            info!(
                "redline --smoke: capturing after {:?}",
                run.started.elapsed()
            );
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_and_exit);
        }
        _ => {}
    }
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
