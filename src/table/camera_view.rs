//! The table camera's view: a point on the table it looks at, turned, tilted and backed off
//! from it, and the transform that gives.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

/// Where the camera looks from: a point on the table, turned and tilted around it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub(crate) struct TableCamera {
    /// The point on the table it looks at.
    pub focus: Vec3,
    /// Turn around the table, radians; 0 looks from the +z edge towards -z.
    pub yaw: f32,
    /// Tilt above the table, radians.
    pub pitch: f32,
    /// Distance from the focus, inches.
    pub distance: f32,
    /// Looking straight down.
    pub top_down: bool,
    /// The player has moved the camera: stop re-framing the table.
    pub user_moved: bool,
}

/// About 50° down, as a player leaning over the table looks.
const DEFAULT_PITCH: f32 = 0.87;
/// Looking straight down, just short of the vertical.
pub(crate) const TOP_DOWN_PITCH: f32 = FRAC_PI_2 - 0.001;

impl Default for TableCamera {
    fn default() -> Self {
        TableCamera {
            focus: Vec3::new(15.0, 0.0, 11.0),
            yaw: 0.0,
            pitch: DEFAULT_PITCH,
            distance: 40.0,
            top_down: false,
            user_moved: false,
        }
    }
}

impl TableCamera {
    fn effective_pitch(&self) -> f32 {
        if self.top_down {
            TOP_DOWN_PITCH
        } else {
            self.pitch
        }
    }

    /// The camera's transform for these settings.
    pub fn transform(&self) -> Transform {
        let pitch = self.effective_pitch();
        let (sin_yaw, cos_yaw) = self.yaw.sin_cos();
        let offset = Vec3::new(sin_yaw * pitch.cos(), pitch.sin(), cos_yaw * pitch.cos());
        // The horizontal forward as "up" stays valid when looking straight down.
        let up = Vec3::new(-sin_yaw, 0.0, -cos_yaw);
        Transform::from_translation(self.focus + offset * self.distance).looking_at(self.focus, up)
    }
}
