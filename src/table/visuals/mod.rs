//! Meshes and materials for the battle's entities: the table, scenery, miniatures, the
//! Limiter and the lights. Each file decorates entities that `battle` spawned as data.

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::animate::{DiceTumble, Strike, StrikeKind, TokenFlip, Walk};

mod batch;
mod convert;
mod field;
mod fires;
pub(crate) mod flat_mat;
mod grid_mesh;
mod lighting;
mod limiter;
mod marks;
mod miniature;
mod overlay;
mod ruins;
mod scenery;
mod security;
mod sentry;
mod table;
pub(crate) mod toggles;
mod tokens;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<convert::SurfaceMaterials>();
    app.add_systems(OnExit(Screen::Loading), convert::build_materials);
    app.insert_resource(ClearColor(Color::srgb(0.035, 0.045, 0.07)));
    app.add_plugins((
        toggles::plugin,
        lighting::plugin,
        table::plugin,
        scenery::plugin,
        ruins::plugin,
        miniature::plugin,
        marks::plugin,
        fires::plugin,
        security::plugin,
        limiter::plugin,
        overlay::plugin,
        tokens::plugin,
        field::plugin,
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

/// A shot: a thin, bright tracer along the Path of Attack with a flash at the muzzle. A
/// swing draws nothing: the attacker lunges (`animate`).
fn draw_strikes(
    mut commands: Commands,
    strikes: Query<(Entity, &Strike), Added<Strike>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (entity, strike) in &strikes {
        let length = strike.from.distance(strike.to);
        if strike.kind != StrikeKind::Shot || length < 1e-3 {
            continue;
        }
        let middle = (strike.from + strike.to) / 2.0;
        let along = (strike.to - strike.from) / length;
        let hot = marking(&mut materials, Color::srgb(1.0, 0.8, 0.45));
        // `try_insert`: a skip may have ended the shot already.
        commands
            .entity(entity)
            .try_insert((
                Mesh3d(meshes.add(Cylinder::new(0.03, length))),
                MeshMaterial3d(hot.clone()),
                Transform::from_translation(middle)
                    .with_rotation(Quat::from_rotation_arc(Vec3::Y, along)),
                bevy::picking::Pickable::IGNORE,
            ))
            .with_child((
                Mesh3d(meshes.add(Sphere::new(0.14))),
                MeshMaterial3d(hot),
                Transform::from_xyz(0.0, -length / 2.0 + 0.2, 0.0),
                bevy::picking::Pickable::IGNORE,
            ));
    }
}

/// Asks for a frame while a move, an attack or a wound's flip plays, the dice tumble or
/// the aimed route changes: the table's one source of its pace (`table::pace`).
fn request_frames(
    strikes: Query<(), With<Strike>>,
    walks: Query<(), With<Walk>>,
    flips: Query<(), With<TokenFlip>>,
    tumble: Res<DiceTumble>,
    preview: Res<crate::headless::flow::aim::AimPreview>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let moving = !walks.is_empty() || !strikes.is_empty() || !flips.is_empty();
    if moving || tumble.rolling || preview.is_changed() {
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
