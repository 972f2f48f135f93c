//! The order the screens draw in, each frame: the current screen's panels, then the
//! overlays over them (the hand-over screen, the coach's window).

use bevy::prelude::*;

/// The panels of the current screen are drawn (overlays come after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PanelsDrawn;
