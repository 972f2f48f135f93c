//! Flames and smoke on each [`FireMark`]: a cluster of ember-orange cones with pale cores,
//! as big as the fire's colour and an Inferno make them, and a column of smoke puffs over
//! it. A fire that catches or grows flares up for under a second (and asks for frames
//! while it does); then it holds still, so an idle table draws nothing. "Skip" ends the
//! flare. Orange and soot only: the rules' colours stay the tokens' (ART.md).

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::table::animate::SkipAnimations;
use crate::table::fires::FireMark;
use crate::table::visuals::convert::Models;

/// Ember orange: the flames' outside.
const EMBER: Color = Color::srgb(0.98, 0.50, 0.14);
/// The flames' pale core.
const CORE: Color = Color::srgb(1.0, 0.86, 0.60);
/// Smoke: dark soot, see-through.
const SMOKE: Color = Color::srgba(0.14, 0.14, 0.16, 0.7);
/// How long a fire's flare-up lasts, seconds.
const FLARE_SECONDS: f32 = 0.8;

/// A fire's drawn flames and smoke (children of its [`FireMark`]).
#[derive(Component)]
struct Flames;

/// A fire flaring up: its flames grow to their size with a flicker.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct Flare {
    elapsed: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_fires, flare_fires).chain().after(AppSystems::Update),
    );
}

/// Builds (or rebuilds) the flames of each new or changed fire mark.
fn draw_fires(
    mut commands: Commands,
    fires: Query<(Entity, &FireMark, Option<&Children>), Changed<FireMark>>,
    flames: Query<(), With<Flames>>,
    mut models: Models,
) {
    let ember = models.plain(EMBER, true);
    let core = models.plain(CORE, true);
    let smoke = models.plain(SMOKE, true);
    for (entity, mark, children) in &fires {
        for child in children.into_iter().flatten() {
            if flames.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        let size = mark.size();
        let cone = models.meshes.add(Cone::new(0.3 * size, 1.1 * size));
        let inner = models.meshes.add(Cone::new(0.16 * size, 0.7 * size));
        let puff = models.meshes.add(Sphere::new(0.45 * size));
        let root = commands
            .spawn((
                Flames,
                Transform::default(),
                Visibility::default(),
                Pickable::IGNORE,
            ))
            .with_children(|parent| {
                for (dx, dz, h) in cluster(mark.spread) {
                    let at = Vec3::new(dx, 0.4 * size * h, dz);
                    let tall = Transform::from_translation(at).with_scale(Vec3::new(1.0, h, 1.0));
                    parent.spawn((
                        Mesh3d(cone.clone()),
                        MeshMaterial3d(ember.clone()),
                        tall,
                        Pickable::IGNORE,
                    ));
                    let low = tall.with_translation(at - Vec3::Y * 0.12 * size * h);
                    parent.spawn((
                        Mesh3d(inner.clone()),
                        MeshMaterial3d(core.clone()),
                        low,
                        Pickable::IGNORE,
                    ));
                }
                for k in 0..3 {
                    let up = 1.1 * size + k as f32 * 0.55 * size;
                    let drift = Vec3::new(0.15 * k as f32, up, -0.1 * k as f32);
                    let grow = Vec3::splat(1.0 + 0.35 * k as f32);
                    parent.spawn((
                        Mesh3d(puff.clone()),
                        MeshMaterial3d(smoke.clone()),
                        Transform::from_translation(drift).with_scale(grow),
                        Pickable::IGNORE,
                    ));
                }
            })
            .id();
        commands
            .entity(entity)
            .add_child(root)
            .insert(Flare { elapsed: 0.0 });
    }
}

/// Where a fire's cones stand over a part `spread` inches across, and how tall each is:
/// a tall one in the middle, smaller ones around it.
fn cluster(spread: f32) -> Vec<(f32, f32, f32)> {
    let r = spread * 0.35;
    let mut out = vec![(0.0, 0.0, 1.2)];
    for k in 0..5 {
        let a = k as f32 * std::f32::consts::TAU / 5.0 + 0.4;
        let h = 0.65 + 0.25 * ((k * 7 % 5) as f32 / 4.0);
        out.push((r * a.cos(), r * a.sin(), h));
    }
    out
}

/// Plays each flare: the flames rise from small to full with a flicker, asking for frames;
/// a skip ends them all at once.
fn flare_fires(
    mut commands: Commands,
    time: Res<Time>,
    mut skip: MessageReader<SkipAnimations>,
    mut fires: Query<(Entity, &mut Flare, &Children)>,
    mut flames: Query<&mut Transform, With<Flames>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let skipped = skip.read().count() > 0;
    for (entity, mut flare, children) in &mut fires {
        flare.elapsed += time.delta_secs().min(0.05);
        let done = skipped || flare.elapsed >= FLARE_SECONDS;
        let t = (flare.elapsed / FLARE_SECONDS).clamp(0.0, 1.0);
        let flicker = 1.0 + 0.12 * (flare.elapsed * 40.0).sin() * (1.0 - t);
        let scale = if done {
            1.0
        } else {
            (0.25 + 0.75 * t) * flicker
        };
        for child in children {
            if let Ok(mut transform) = flames.get_mut(*child) {
                transform.scale = Vec3::new(1.0, scale, 1.0);
            }
        }
        if done {
            commands.entity(entity).remove::<Flare>();
        } else {
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}
