//! Brief animations from the engine's events: a model slides along its move, turned the
//! way it goes; an attack (any opposed action) draws a streak from the actor to the model
//! defending. Any key bound to "skip" (or a test) finishes them at once. The model's
//! final place always comes from the game state (`sync`), so skipping loses nothing.
//! While a move plays, the match layer hears the table is busy ([`TableBusy`]): the
//! computer waits for it.

use bevy::prelude::*;

use crate::headless::flow::solo::TableBusy;
use crate::headless::schedule::{AppSystems, PlaySystems};

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

/// Seconds an attack's streak stays on screen.
pub const STRIKE_SECONDS: f32 = 0.5;

/// An attack on screen: a streak from the actor to the model defending (drawn by the
/// visuals; headless it is only this entity).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Strike {
    /// The actor's chest.
    pub from: Vec3,
    /// The defender's chest.
    pub to: Vec3,
    /// Seconds since it started.
    pub elapsed: f32,
}

impl Strike {
    /// A streak between two points.
    pub fn new(from: Vec3, to: Vec3) -> Strike {
        Strike {
            from,
            to,
            elapsed: 0.0,
        }
    }
}

/// Finish every animation now.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipAnimations;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SkipAnimations>();
    app.add_systems(
        Update,
        (play_tweens, play_strikes).in_set(AppSystems::TickTimers),
    );
    app.add_systems(Update, tell_busy.in_set(PlaySystems::TakeOver));
}

/// The table is busy while a move is still on its way.
fn tell_busy(tweens: Query<(), With<Tween>>, mut busy: ResMut<TableBusy>) {
    let moving = !tweens.is_empty();
    if busy.0 != moving {
        busy.0 = moving;
    }
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

fn play_strikes(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut strikes: Query<(Entity, &mut Strike)>,
) {
    let skipping = skip.read().count() > 0;
    let dt = time.delta_secs().min(0.05);
    for (entity, mut strike) in &mut strikes {
        strike.elapsed += dt;
        if skipping || strike.elapsed >= STRIKE_SECONDS {
            commands.entity(entity).despawn();
        }
    }
}
