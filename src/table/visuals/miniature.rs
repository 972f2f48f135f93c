//! Miniatures' look: a 27 mm base in team colour with a white facing notch, a stylised
//! figure (body, head, a weapon arm and a visor pointing where it faces) and a ring
//! around the selected model. Clicking a model selects it.

use bevy::prelude::*;
use redline_rules::Command;

use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::camera::TableCamera;
use crate::table::selection::{SelectModel, SelectedModel};
use crate::table::spawn::{Miniature, Teams};
use crate::table::visuals::{marking, matte};
use bevy::window::PrimaryWindow;

/// The ring drawn around the selected model.
#[derive(Component)]
struct SelectionRing;

const BASE_HEIGHT: f32 = 0.125;
const BODY_RADIUS: f32 = 0.19;
const BODY_LENGTH: f32 = 0.42;
const HEAD_RADIUS: f32 = 0.15;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            dress_miniatures,
            ring_selected.run_if(resource_changed::<SelectedModel>),
        )
            .chain()
            .after(AppSystems::Update),
    );
}

fn dress_miniatures(
    mut commands: Commands,
    miniatures: Query<(Entity, &Miniature), Added<Miniature>>,
    teams: Res<Teams>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for (entity, miniature) in &miniatures {
        let team = teams
            .0
            .get(miniature.team)
            .map_or(Color::WHITE, |team| team.colour);
        let radius = miniature.base_diameter / 2.0;
        let base = matte(&mut materials, team);
        let body = matte(&mut materials, team.darker(0.22));
        let skin = matte(&mut materials, Color::srgb(0.82, 0.79, 0.74));
        let gear = matte(&mut materials, Color::srgb(0.12, 0.12, 0.14));
        let light = marking(&mut materials, Color::srgb(0.95, 0.97, 1.0));
        let body_centre = BASE_HEIGHT + BODY_RADIUS + BODY_LENGTH / 2.0;
        let head_y = BASE_HEIGHT + 2.0 * BODY_RADIUS + BODY_LENGTH + HEAD_RADIUS * 0.8;
        let parts = [
            (
                Cylinder::new(radius, BASE_HEIGHT)
                    .mesh()
                    .resolution(32)
                    .into(),
                base,
                Transform::from_xyz(0.0, BASE_HEIGHT / 2.0, 0.0),
            ),
            // The facing notch on the base's front edge.
            (
                Cuboid::new(0.16, 0.02, 0.3).into(),
                light.clone(),
                Transform::from_xyz(0.0, BASE_HEIGHT + 0.01, -(radius - 0.17)),
            ),
            (
                Capsule3d::new(BODY_RADIUS, BODY_LENGTH).into(),
                body,
                Transform::from_xyz(0.0, body_centre, 0.0),
            ),
            (
                Sphere::new(HEAD_RADIUS).mesh().uv(16, 10),
                skin,
                Transform::from_xyz(0.0, head_y, 0.0),
            ),
            (
                Cuboid::new(0.2, 0.05, 0.06).into(),
                light,
                Transform::from_xyz(0.0, head_y + 0.02, -HEAD_RADIUS * 0.9),
            ),
            // A weapon arm held forward.
            (
                Cuboid::new(0.09, 0.09, 0.5).into(),
                gear,
                Transform::from_xyz(BODY_RADIUS * 0.9, body_centre + 0.12, -0.22),
            ),
        ];
        commands
            .entity(entity)
            .with_children(|parent| {
                for (mesh, material, transform) in parts {
                    parent.spawn((
                        Mesh3d(meshes.add(mesh)),
                        MeshMaterial3d(material),
                        transform,
                    ));
                }
            })
            .observe(select_on_click)
            .observe(hover_on)
            .observe(hover_off)
            .observe(drop_after_drag);
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
