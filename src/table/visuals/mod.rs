//! Meshes and materials for the battle's entities: the table, scenery, miniatures, the
//! Limiter and the lights. Each file decorates entities that `battle` spawned as data.

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;

mod batch;
mod convert;
mod grid_mesh;
mod lighting;
mod limiter;
mod miniature;
mod overlay;
mod scenery;
mod table;
pub(crate) mod toggles;
mod tokens;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<convert::SurfaceMaterials>();
    app.insert_resource(ClearColor(Color::srgb(0.035, 0.045, 0.07)));
    app.add_plugins((
        toggles::plugin,
        lighting::plugin,
        table::plugin,
        scenery::plugin,
        miniature::plugin,
        limiter::plugin,
        overlay::plugin,
        tokens::plugin,
        redraw_while_busy,
    ));
}

/// A turn-based table redraws only on input; animations and the aim overlay ask for
/// frames while they last.
fn redraw_while_busy(app: &mut App) {
    app.add_systems(
        Update,
        (request_frames.after(AppSystems::Update), draw_strikes),
    );
}

/// An attack's streak: a thin, bright rod from the actor's chest to the defender's.
fn draw_strikes(
    mut commands: Commands,
    strikes: Query<(Entity, &crate::table::animate::Strike), Added<crate::table::animate::Strike>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (entity, strike) in &strikes {
        let length = strike.from.distance(strike.to);
        if length < 1e-3 {
            continue;
        }
        let middle = (strike.from + strike.to) / 2.0;
        let along = (strike.to - strike.from) / length;
        // `try_insert`: a skip may have ended the streak already.
        commands.entity(entity).try_insert((
            Mesh3d(meshes.add(Cylinder::new(0.05, length))),
            MeshMaterial3d(marking(&mut materials, Color::srgb(1.0, 0.55, 0.2))),
            Transform::from_translation(middle)
                .with_rotation(Quat::from_rotation_arc(Vec3::Y, along)),
            bevy::picking::Pickable::IGNORE,
        ));
    }
}

fn request_frames(
    strikes: Query<(), With<crate::table::animate::Strike>>,
    tweens: Query<(), With<crate::table::animate::Tween>>,
    preview: Res<crate::headless::flow::aim::AimPreview>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if !tweens.is_empty() || !strikes.is_empty() || preview.is_changed() {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// A matte material: tabletop paint, no shine.
fn matte(materials: &mut Assets<StandardMaterial>, colour: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: colour,
        perceptual_roughness: 0.85,
        reflectance: 0.2,
        ..default()
    })
}

/// A flat, unlit material for markings that must read the same under any light.
fn marking(materials: &mut Assets<StandardMaterial>, colour: Color) -> Handle<StandardMaterial> {
    let alpha_mode = if colour.alpha() < 1.0 {
        AlphaMode::Blend
    } else {
        AlphaMode::Opaque
    };
    materials.add(StandardMaterial {
        base_color: colour,
        unlit: true,
        alpha_mode,
        ..default()
    })
}
