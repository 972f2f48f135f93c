//! Brief animations from the engine's events: a model slides along its move, turned the
//! way it goes. Any key bound to "skip" (or a test) finishes them at once. The model's
//! final place always comes from the game state (`sync`), so skipping loses nothing.

use bevy::prelude::*;

use crate::AppSystems;

/// Seconds a move takes on screen, however long it is.
pub const MOVE_SECONDS: f32 = 0.35;

/// A miniature on its way from `from` to `to`.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Tween {
    /// Where it started.
    pub from: Vec3,
    /// Where it ends.
    pub to: Vec3,
    /// Seconds since it started.
    pub elapsed: f32,
    /// Seconds it takes.
    pub duration: f32,
}

impl Tween {
    /// A move animation.
    pub fn new(from: Vec3, to: Vec3) -> Tween {
        Tween {
            from,
            to,
            elapsed: 0.0,
            duration: MOVE_SECONDS,
        }
    }

    fn at(&self) -> Vec3 {
        let t = (self.elapsed / self.duration).clamp(0.0, 1.0);
        // Ease in and out.
        let s = t * t * (3.0 - 2.0 * t);
        self.from.lerp(self.to, s)
    }
}

/// Finish every animation now.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipAnimations;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>();
    app.add_systems(Update, play_tweens.in_set(AppSystems::TickTimers));
}

fn play_tweens(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform)>,
) {
    let skipping = skip.read().count() > 0;
    // After an idle spell in reactive mode the first delta can be long; cap it so a move
    // is still seen.
    let dt = time.delta_secs().min(0.05);
    for (entity, mut tween, mut transform) in &mut tweens {
        tween.elapsed = if skipping {
            tween.duration
        } else {
            tween.elapsed + dt
        };
        transform.translation = tween.at();
        if tween.elapsed >= tween.duration {
            commands.entity(entity).remove::<Tween>();
        }
    }
}
