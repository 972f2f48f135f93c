//! The smoke run under way: the scene it plays, the frames so far and what the scene keeps,
//! and the frames the battle scenes act on.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::scene::Scene;

/// Battle frame on which the first model is selected.
pub(super) const SELECT_FRAME: u32 = 3;
/// Battle frame on which the screenshot is taken: panels laid out, camera framed.
pub(super) const SHOT_FRAME: u32 = 10;

/// The run under way: its scene, the frames so far, and what the scene keeps.
#[derive(Resource, Debug)]
pub(super) struct SmokeRun {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// When the run started.
    pub started: Instant,
    /// Frames played so far.
    pub frames: u32,
    /// The scene played.
    pub scene: Scene,
    /// The frame the scene's screen appeared on.
    pub shot_at: Option<u32>,
    /// The time of each frame (`frame-time`).
    pub frame_times: Vec<Duration>,
    /// When the last frame started.
    pub last: Option<Instant>,
    /// The campaign file a one-off scene takes its team from.
    pub one_off: Option<PathBuf>,
}

impl SmokeRun {
    /// A run of `scene` writing to `path`, started now.
    pub fn new(path: PathBuf, scene: Scene) -> SmokeRun {
        SmokeRun {
            path,
            started: Instant::now(),
            frames: 0,
            scene,
            shot_at: None,
            frame_times: Vec::new(),
            last: None,
            one_off: None,
        }
    }
}
