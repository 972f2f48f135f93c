//! Miniatures' look: the card's figure from `redline-meshes` in its pose, team colour on the
//! base rim and clothing, a plate of token pips and the state icons facing the camera, the
//! active model's ring and a ring around the selected model. Clicking a model selects it.

use bevy::prelude::*;
use redline_rules::Command;

use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::camera::TableCamera;
use crate::table::look::{Figure, FigureLook};
use crate::table::selection::{SelectModel, SelectedModel};
use crate::table::spawn::{Miniature, Teams};
use crate::table::visuals::convert::{Models, Paint};
use crate::table::visuals::marking;
use bevy::window::PrimaryWindow;
use redline_meshes::Pose;
use redline_meshes::markers;
use redline_rules::card::Colour;

/// The ring drawn around the selected model.
#[derive(Component)]
struct SelectionRing;

/// A part of a miniature's dressing (figure, plate, pips, icons, active ring): rebuilt
/// whenever its [`FigureLook`] changes.
#[derive(Component)]
struct Dressing;

/// A marker that turns to face the camera (the token plate and the state icons).
#[derive(Component)]
struct FacesCamera;

/// Height of the token plate's centre over the base's underside, inches.
const PLATE_HEIGHT: f32 = 1.75;
/// Height of the state icons' row, inches.
const ICON_HEIGHT: f32 = 2.15;
/// Distance between icons in a row, inches.
const ICON_SPACING: f32 = 0.42;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            hook_miniatures,
            dress_miniatures,
            face_the_camera,
            ring_selected.run_if(resource_changed::<SelectedModel>),
        )
            .chain()
            .after(AppSystems::Update),
    );
}

/// Clicks, hovers and drags on any part of the figure reach the miniature.
fn hook_miniatures(mut commands: Commands, miniatures: Query<Entity, Added<Miniature>>) {
    for entity in &miniatures {
        commands
            .entity(entity)
            .observe(select_on_click)
            .observe(hover_on)
            .observe(hover_off)
            .observe(drop_after_drag);
    }
}

/// The token colour of a pip.
fn token_paint(colour: Colour) -> Color {
    super::limiter::band_colour(colour)
}

/// A miniature whose look is drawn.
type LookedAt<'a> = (
    Entity,
    &'a Miniature,
    &'a Figure,
    &'a FigureLook,
    Option<&'a Children>,
);

/// Builds (or rebuilds) each miniature's figure in its pose, its plate of pips, its state
/// icons and the active ring from its [`FigureLook`].
fn dress_miniatures(
    mut commands: Commands,
    miniatures: Query<LookedAt, Changed<FigureLook>>,
    dressings: Query<(), With<Dressing>>,
    teams: Res<Teams>,
    mut models: Models,
) {
    for (entity, miniature, figure, look, children) in &miniatures {
        for child in children.into_iter().flatten() {
            if dressings.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        let team = teams
            .0
            .get(miniature.team)
            .map_or(Color::WHITE, |team| team.colour);
        let paint = Paint { team, ..default() };
        let mut parts: Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform, bool)> =
            Vec::new();
        let body = redline_meshes::figure(&figure.0, look.pose);
        for (mesh, material) in models.parts(&body, paint) {
            parts.push((mesh, material, Transform::IDENTITY, true));
        }
        if look.active {
            let ring = markers::active_ring(figure.0.base_radius);
            for (mesh, material) in models.parts(&ring, paint) {
                parts.push((mesh, material, Transform::IDENTITY, false));
            }
        }
        commands.entity(entity).with_children(|parent| {
            for (mesh, material, transform, pickable) in parts {
                let mut part = parent.spawn((Dressing, mesh, material, transform));
                if !pickable {
                    part.insert(Pickable::IGNORE);
                }
            }
        });
        if look.pose != Pose::Lying {
            let plate = plate(&mut models, look, paint);
            let icons = icons(&mut models, look, paint);
            commands.entity(entity).with_children(|parent| {
                for (height, parts) in [(PLATE_HEIGHT, plate), (ICON_HEIGHT, icons)] {
                    if parts.is_empty() {
                        continue;
                    }
                    parent
                        .spawn((
                            Dressing,
                            FacesCamera,
                            Transform::from_xyz(0.0, height, 0.0),
                            Visibility::default(),
                            Pickable::IGNORE,
                        ))
                        .with_children(|marker| {
                            for (mesh, material, at) in parts {
                                marker.spawn((mesh, material, at, Pickable::IGNORE));
                            }
                        });
                }
            });
        }
    }
}

type Placed = Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform)>;

/// The token plate and one pip per token on it, facing +Z.
fn plate(models: &mut Models, look: &FigureLook, paint: Paint) -> Placed {
    if look.pips.is_empty() {
        return Vec::new();
    }
    let mut placed: Placed = models
        .parts(&markers::token_plate(look.pips.len()), paint)
        .into_iter()
        .map(|(mesh, material)| (mesh, material, Transform::IDENTITY))
        .collect();
    let slots = markers::pip_slots(look.pips.len());
    for (pip, slot) in look.pips.iter().zip(slots) {
        let paint = Paint {
            token: token_paint(pip.colour),
            ..paint
        };
        for (mesh, material) in models.parts(&markers::pip(pip.state), paint) {
            placed.push((
                mesh,
                material,
                Transform::from_translation(Vec3::from(slot)),
            ));
        }
    }
    placed
}

/// The state icons in a row, facing +Z.
fn icons(models: &mut Models, look: &FigureLook, paint: Paint) -> Placed {
    let w = look.icons.len().saturating_sub(1) as f32 * ICON_SPACING;
    let mut placed = Placed::new();
    for (i, icon) in look.icons.iter().enumerate() {
        let at = Transform::from_xyz(-w / 2.0 + i as f32 * ICON_SPACING, 0.0, 0.0);
        for (mesh, material) in models.parts(&markers::state_icon(*icon), paint) {
            placed.push((mesh, material, at));
        }
    }
    placed
}

/// Plates and icons turn with the camera, so their faces always look at it.
fn face_the_camera(
    camera: Query<&Transform, (With<TableCamera>, Without<FacesCamera>)>,
    parents: Query<&Transform, (With<Miniature>, Without<FacesCamera>)>,
    mut markers: Query<(&ChildOf, &mut Transform), With<FacesCamera>>,
) {
    let Ok(camera) = camera.single() else {
        return;
    };
    for (child_of, mut transform) in &mut markers {
        let parent = parents
            .get(child_of.parent())
            .map_or(Quat::IDENTITY, |t| t.rotation);
        let rotation = parent.inverse() * camera.rotation;
        if transform.rotation.angle_between(rotation) > 1e-3 {
            transform.rotation = rotation;
        }
    }
}

/// Clicks on any part of the figure bubble up to the miniature's entity: it is selected,
/// and offered to the action being aimed as its target.
fn select_on_click(
    mut click: On<Pointer<Click>>,
    miniatures: Query<&Miniature>,
    mut select: MessageWriter<SelectModel>,
    mut aim: MessageWriter<AimIntent>,
) {
    if click.button == PointerButton::Primary {
        select.write(SelectModel(Some(click.entity)));
        if let Ok(m) = miniatures.get(click.entity) {
            aim.write(AimIntent::Model(m.model));
        }
        click.propagate(false);
    }
}

fn hover_on(
    over: On<Pointer<Over>>,
    miniatures: Query<&Miniature>,
    mut aim: MessageWriter<AimIntent>,
) {
    if let Ok(m) = miniatures.get(over.entity) {
        aim.write(AimIntent::Hover(Some(m.model)));
    }
}

fn hover_off(
    out: On<Pointer<Out>>,
    miniatures: Query<&Miniature>,
    mut aim: MessageWriter<AimIntent>,
) {
    if miniatures.contains(out.entity) {
        aim.write(AimIntent::Hover(None));
    }
}

/// Deployment by dragging: the model is set down where the pointer leaves it on the table,
/// an answer to the engine's deployment (FIELD-7) that the engine checks.
fn drop_after_drag(
    drag: On<Pointer<DragEnd>>,
    miniatures: Query<&Miniature>,
    current: Option<Res<Match>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut answers: MessageWriter<BattleIntent>,
) {
    let (Some(current), Ok(m), Some(cursor), Ok((cam, at))) = (
        current.filter(|c| c.game().deploying().is_some()),
        miniatures.get(drag.entity),
        window.cursor_position(),
        camera.single(),
    ) else {
        return;
    };
    let Ok(ray) = cam.viewport_to_world(at, cursor) else {
        return;
    };
    if let Some(d) = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y)) {
        let p = ray.get_point(d);
        answers.write(BattleIntent::Answer(Command::Deploy {
            model: m.model,
            at: current.table_spot([p.x, p.z]),
        }));
    }
}

fn ring_selected(
    mut commands: Commands,
    selected: Res<SelectedModel>,
    rings: Query<Entity, With<SelectionRing>>,
    miniatures: Query<&Miniature>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for ring in &rings {
        commands.entity(ring).despawn();
    }
    let Some((entity, miniature)) = selected.0.and_then(|e| Some((e, miniatures.get(e).ok()?)))
    else {
        return;
    };
    let radius = miniature.base_diameter / 2.0;
    commands.entity(entity).with_child((
        SelectionRing,
        Mesh3d(meshes.add(Torus::new(radius + 0.04, radius + 0.16))),
        MeshMaterial3d(marking(&mut materials, Color::srgb(1.0, 0.97, 0.75))),
        Transform::from_xyz(0.0, 0.05, 0.0),
        Pickable::IGNORE,
    ));
}
