//! The screenshot of a smoke run: written as a PNG (through a temporary file), refused
//! when the frame looks blank, and the run's exit code.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::render::view::screenshot::ScreenshotCaptured;

use super::run::SmokeRun;

/// A rendered table has far more colours than this; fewer means a blank or broken frame.
const MIN_COLOURS: usize = 9;

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

pub(super) fn save_and_exit(
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
