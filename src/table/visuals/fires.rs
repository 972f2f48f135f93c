//! Flames and smoke on each [`FireMark`], as a fire on a miniature table reads: a glowing
//! bed of embers, then tongues of flame in three layers (a deep orange skin, an amber body,
//! a pale hot core), each tongue leaning its own way, with a warm light that throws the
//! fire's glow on the walls round it, and above it a column of smoke puffs that rise,
//! widen and thin out. All as big as the fire's colour and an Inferno make them. A fire
//! that catches or grows flares up for under a second with a flicker (and asks for frames
//! while it does); then it holds still, so an idle table draws nothing. "Skip" ends the
//! flare. Fire's own oranges and soot only: the rules' colours stay the tokens' (ART.md).

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::table::animate::SkipAnimations;
use crate::table::fires::FireMark;
use crate::table::render_quality::RenderQuality;
use crate::table::visuals::convert::Models;

/// The flames' layers, outside in: colour, glow (linear, over 1 blooms) and opacity.
const LAYERS: [(Color, [f32; 3], f32); 3] = [
    (Color::srgb(0.85, 0.22, 0.04), [2.4, 0.45, 0.05], 0.72),
    (Color::srgb(1.0, 0.52, 0.10), [3.2, 1.2, 0.15], 0.9),
    (Color::srgb(1.0, 0.88, 0.62), [3.5, 2.8, 1.5], 1.0),
];
/// Each layer's width and height against the outer skin's.
const LAYER_SCALE: [(f32, f32); 3] = [(1.0, 1.0), (0.72, 0.8), (0.42, 0.55)];
/// The ember bed: a dull glowing red-orange.
const EMBERS: (Color, [f32; 3]) = (Color::srgb(0.55, 0.12, 0.03), [1.6, 0.25, 0.02]);
/// Smoke: soot grey, its opacity at the bottom puff; each puff up is thinner.
const SMOKE: [f32; 3] = [0.36, 0.36, 0.39];
/// The smoke's opacity from the lowest puff up.
const SMOKE_ALPHA: [f32; 4] = [0.7, 0.5, 0.32, 0.16];
/// The fire's light: warm orange.
const GLOW: Color = Color::srgb(1.0, 0.55, 0.2);
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

/// A glowing material: its colour lit by the table, plus its own light.
fn glowing(
    models: &mut Models,
    colour: Color,
    glow: [f32; 3],
    alpha: f32,
) -> Handle<StandardMaterial> {
    models.materials.add(StandardMaterial {
        base_color: colour.with_alpha(alpha),
        emissive: LinearRgba::rgb(glow[0], glow[1], glow[2]),
        alpha_mode: if alpha < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        },
        perceptual_roughness: 1.0,
        ..default()
    })
}

/// One mesh of a fire, placed under its [`Flames`] root.
type FirePart = (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform);

/// Builds (or rebuilds) the flames of each new or changed fire mark.
fn draw_fires(
    mut commands: Commands,
    fires: Query<(Entity, &FireMark, Option<&Children>), Changed<FireMark>>,
    flames: Query<(), With<Flames>>,
    mut models: Models,
    quality: Res<RenderQuality>,
) {
    for (entity, mark, children) in &fires {
        for child in children.into_iter().flatten() {
            if flames.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        let size = mark.size();
        let mut parts = tongues(&mut models, mark.spread, size);
        parts.extend(smoke(&mut models, size));
        let root = commands
            .spawn((
                Flames,
                Transform::default(),
                Visibility::default(),
                Pickable::IGNORE,
            ))
            .with_children(|parent| {
                for part in parts {
                    parent.spawn((part, Pickable::IGNORE));
                }
                // The fire's own glow, like the lamps, only at High quality.
                if *quality != RenderQuality::High {
                    return;
                }
                parent.spawn((
                    PointLight {
                        color: GLOW,
                        intensity: 60_000.0 * size,
                        range: 6.0 * size,
                        shadow_maps_enabled: false,
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.6 * size, 0.0),
                ));
            })
            .id();
        commands
            .entity(entity)
            .add_child(root)
            .insert(Flare { elapsed: 0.0 });
    }
}

/// The ember bed and the tongues of flame over a part `spread` inches across.
fn tongues(models: &mut Models, spread: f32, size: f32) -> Vec<FirePart> {
    let layers: Vec<Handle<StandardMaterial>> = LAYERS
        .iter()
        .map(|&(colour, glow, alpha)| glowing(models, colour, glow, alpha))
        .collect();
    let embers = glowing(models, EMBERS.0, EMBERS.1, 1.0);
    let bed = models.meshes.add(Sphere::new(1.0));
    let flame = models.meshes.add(Cone::new(0.2 * size, 1.5 * size));
    let bed_r = (spread * 0.45).max(0.3 * size);
    let mut out = vec![(
        Mesh3d(bed),
        MeshMaterial3d(embers),
        Transform::from_xyz(0.0, 0.02, 0.0).with_scale(Vec3::new(bed_r, 0.08 * size, bed_r)),
    )];
    for (dx, dz, h, lean) in cluster(spread) {
        let tilt = Quat::from_rotation_z(lean.0) * Quat::from_rotation_x(lean.1);
        for (k, material) in layers.iter().enumerate() {
            let (w, tall) = LAYER_SCALE[k];
            let height = h * tall;
            // A cone's middle is its origin: lift it so its foot sits in the embers.
            let lift = tilt * Vec3::Y * (0.75 * size * height);
            let at = Transform::from_translation(Vec3::new(dx, 0.0, dz) + lift)
                .with_rotation(tilt)
                .with_scale(Vec3::new(w, height, w));
            out.push((Mesh3d(flame.clone()), MeshMaterial3d(material.clone()), at));
        }
    }
    out
}

/// Smoke over the flames: puffs that rise, drift, widen and thin out.
fn smoke(models: &mut Models, size: f32) -> Vec<FirePart> {
    let puff = models.meshes.add(Sphere::new(0.42 * size));
    SMOKE_ALPHA
        .iter()
        .enumerate()
        .map(|(k, &alpha)| {
            let [r, g, b] = SMOKE;
            let material = models.plain(Color::srgba(r, g, b, alpha), true);
            let k = k as f32;
            let up = 1.9 * size + k * (0.6 + 0.12 * k) * size;
            let drift = Vec3::new(0.18 * k * size, up, -0.12 * k * size);
            let grow = Vec3::new(1.0 + 0.45 * k, 0.8 + 0.3 * k, 1.0 + 0.45 * k);
            (
                Mesh3d(puff.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(drift).with_scale(grow),
            )
        })
        .collect()
}

/// Where a fire's tongues stand over a part `spread` inches across, how tall each is and
/// how it leans (about z, about x): a tall one in the middle, smaller ones round it
/// leaning out, and a few low licks between them.
fn cluster(spread: f32) -> Vec<(f32, f32, f32, (f32, f32))> {
    let r = spread * 0.35;
    let mut out = vec![(0.0, 0.0, 1.25, (0.05, -0.04))];
    for k in 0..5 {
        let a = k as f32 * std::f32::consts::TAU / 5.0 + 0.4;
        let h = 0.65 + 0.3 * ((k * 7 % 5) as f32 / 4.0);
        let (s, c) = a.sin_cos();
        out.push((r * c, r * s, h, (-0.22 * c, 0.22 * s)));
    }
    for k in 0..4 {
        let a = k as f32 * std::f32::consts::TAU / 4.0 + 1.1;
        let (s, c) = a.sin_cos();
        out.push((r * 0.55 * c, r * 0.55 * s, 0.45, (-0.35 * c, 0.35 * s)));
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
