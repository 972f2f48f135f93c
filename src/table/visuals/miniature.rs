//! Miniatures' look: the card's figure from `redline-meshes` in its pose, team colour on the
//! base rim and clothing, a plate of token pips and the state icons facing the camera, the
//! active model's ring and a ring around the selected model. Clicking a model selects it.

use bevy::prelude::*;
use redline_rules::Command;

use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::animate::TokenFlip;
use crate::table::camera::TableCamera;
use crate::table::look::{Figure, FigureLook, FigureMesh};
use crate::table::selection::{SelectModel, SelectedModel};
use crate::table::spawn::{Miniature, Teams};
use crate::table::visuals::batch::{Batcher, Batching};
use crate::table::visuals::convert::{Models, Paint};
use bevy::math::Affine3A;
use bevy::platform::collections::HashMap;
use bevy::window::PrimaryWindow;
use redline_meshes::Pose;
use redline_meshes::markers;
use redline_rules::card::Colour;

/// The ring drawn around the selected model.
#[derive(Component)]
struct SelectionRing;

/// A part of a miniature's dressing, rebuilt when the part of its [`FigureLook`] it shows
/// changes.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Dressing {
    /// The figure in its pose.
    Body,
    /// The Active Model's ring.
    Ring,
    /// The token plate with its pips and the state icons over it.
    Plate,
}

/// The look a miniature's dressing shows, to rebuild only what changed.
#[derive(Component, Debug, Clone, PartialEq)]
struct Dressed(FigureLook);

/// Figure meshes made so far, by card figure, pose and team colour: miniatures that look
/// alike share their meshes (and so draw as instances).
#[derive(Resource, Default)]
struct FigureMeshes(HashMap<String, Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>)>>);
/// A marker that turns to face the camera (the token plate and the state icons).
#[derive(Component)]
pub(super) struct FacesCamera;

/// Height of the token plate's centre over the base's underside, inches.
const PLATE_HEIGHT: f32 = 1.75;
/// Height of the state icons' row, inches.
const ICON_HEIGHT: f32 = 2.15;
/// Distance between icons in a row, inches.
const ICON_SPACING: f32 = 0.42;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FigureMeshes>();
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
    &'a Transform,
    &'a Miniature,
    &'a Figure,
    &'a FigureLook,
    Option<&'a Dressed>,
    Option<&'a Children>,
);

/// What a miniature's dressing needs rebuilt.
fn stale(old: Option<&FigureLook>, new: &FigureLook) -> Vec<Dressing> {
    let Some(old) = old else {
        return vec![Dressing::Body, Dressing::Ring, Dressing::Plate];
    };
    let mut parts = Vec::new();
    let body = |l: &FigureLook| (l.pose, l.marks.sentry, l.marks.toppled);
    if body(old) != body(new) {
        parts.push(Dressing::Body);
    }
    if old.active != new.active {
        parts.push(Dressing::Ring);
    }
    if old.pose != new.pose || old.pips != new.pips || old.icons != new.icons {
        parts.push(Dressing::Plate);
    }
    parts
}

/// Builds (or rebuilds) what changed of each miniature's figure in its pose, its plate of
/// pips with the state icons, and the active ring, from its [`FigureLook`].
fn dress_miniatures(
    mut commands: Commands,
    miniatures: Query<LookedAt, Changed<FigureLook>>,
    dressings: Query<&Dressing>,
    teams: Res<Teams>,
    mut figures: ResMut<FigureMeshes>,
    mut models: Models,
) {
    for (entity, transform, miniature, figure, look, dressed, children) in &miniatures {
        let stale = stale(dressed.map(|d| &d.0), look);
        if stale.is_empty() {
            continue;
        }
        for child in children.into_iter().flatten() {
            if dressings.get(*child).is_ok_and(|d| stale.contains(d)) {
                commands.entity(*child).despawn();
            }
        }
        let team = teams
            .0
            .get(miniature.team)
            .map_or(Color::WHITE, |team| team.colour);
        let paint = Paint { team, ..default() };
        commands.entity(entity).insert(Dressed(look.clone()));
        let mut parts = Vec::new();
        if let (Some(sentry), true) = (look.marks.sentry, stale.contains(&Dressing::Body)) {
            let radius = miniature.base_diameter / 2.0;
            let turret =
                super::sentry::turret(&mut models, sentry, radius, team, transform.rotation);
            commands.entity(entity).with_children(|parent| {
                for part in turret {
                    parent.spawn((Dressing::Body, FigureMesh, Visibility::Inherited, part));
                }
            });
        } else if stale.contains(&Dressing::Body) {
            let key = format!("{:?} {:?} {:?}", figure.0, look.pose, team.to_srgba());
            let meshes = figures.0.entry(key).or_insert_with(|| {
                let body = redline_meshes::figure(&figure.0, look.pose);
                Batcher::of(&body, paint, Batching::Figure).build(&mut models)
            });
            parts.extend(meshes.iter().map(|m| (Dressing::Body, m.clone())));
        }
        if look.active && stale.contains(&Dressing::Ring) {
            let ring = markers::active_ring(figure.0.base_radius);
            for part in Batcher::of(&ring, paint, Batching::Unlit).build(&mut models) {
                parts.push((Dressing::Ring, part));
            }
        }
        commands.entity(entity).with_children(|parent| {
            // A Toppled construct lies on its side (BOT-12), its base standing on edge.
            let body_at = if look.marks.toppled {
                Transform::from_xyz(0.0, miniature.base_diameter / 2.0, 0.0)
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2))
            } else {
                Transform::IDENTITY
            };
            for (dressing, (mesh, material)) in parts {
                let at = if dressing == Dressing::Body {
                    body_at
                } else {
                    Transform::IDENTITY
                };
                let mut part = parent.spawn((dressing, mesh, material, at));
                if dressing == Dressing::Body {
                    // Its own visibility, so the model's-eye view can hide it (`eye`).
                    part.insert((FigureMesh, Visibility::Inherited));
                } else {
                    part.insert(Pickable::IGNORE);
                }
            }
        });
        if look.pose != Pose::Lying && stale.contains(&Dressing::Plate) {
            let plate = plate(look, paint);
            if plate.len() == 0 {
                continue;
            }
            let plate = plate.build(&mut models);
            commands.entity(entity).with_children(|parent| {
                parent
                    .spawn((
                        Dressing::Plate,
                        FacesCamera,
                        Transform::from_xyz(0.0, PLATE_HEIGHT, 0.0),
                        Visibility::default(),
                        Pickable::IGNORE,
                    ))
                    .with_children(|marker| {
                        for (mesh, material) in plate {
                            marker.spawn((mesh, material, Pickable::IGNORE));
                        }
                    });
            });
        }
    }
}

/// The token plate with one pip per token, and the state icons in a row above it, facing
/// +Z: one unlit mesh.
fn plate(look: &FigureLook, paint: Paint) -> Batcher {
    let mut batcher = Batcher::default();
    if !look.pips.is_empty() {
        let plate = markers::token_plate(look.pips.len());
        batcher.add(&plate, paint, Batching::Unlit, &Affine3A::IDENTITY);
        let slots = markers::pip_slots(look.pips.len());
        for (pip, slot) in look.pips.iter().zip(slots) {
            let paint = Paint {
                token: token_paint(pip.colour),
                ..paint
            };
            let at = Affine3A::from_translation(Vec3::from(slot));
            batcher.add(&markers::pip(pip.state), paint, Batching::Unlit, &at);
        }
    }
    let w = look.icons.len().saturating_sub(1) as f32 * ICON_SPACING;
    for (i, icon) in look.icons.iter().enumerate() {
        let at = Affine3A::from_translation(Vec3::new(
            -w / 2.0 + i as f32 * ICON_SPACING,
            ICON_HEIGHT - PLATE_HEIGHT,
            0.0,
        ));
        batcher.add(&markers::state_icon(*icon), paint, Batching::Unlit, &at);
    }
    batcher
}

/// A miniature as its plate's facing reads it: its turn and a flip under way.
type Carrier<'a> = (&'a Transform, Option<&'a TokenFlip>);

/// Plates and icons turn with the camera, so their faces always look at it; a wounded
/// model's plate turns over once about its upright while its [`TokenFlip`] lasts.
fn face_the_camera(
    camera: Query<&Transform, (With<TableCamera>, Without<FacesCamera>)>,
    parents: Query<Carrier, (With<Miniature>, Without<FacesCamera>)>,
    mut markers: Query<(&ChildOf, &mut Transform), With<FacesCamera>>,
) {
    let Ok(camera) = camera.single() else {
        return;
    };
    for (child_of, mut transform) in &mut markers {
        let (parent, flip) = parents
            .get(child_of.parent())
            .map_or((Quat::IDENTITY, None), |(t, f)| (t.rotation, f));
        let turn = flip.map_or(0.0, |f| 2.0 * f.angle());
        let rotation = parent.inverse() * camera.rotation * Quat::from_rotation_y(turn);
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
    mut models: Models,
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
        Mesh3d(models.meshes.add(Torus::new(radius + 0.04, radius + 0.16))),
        MeshMaterial3d(models.plain(Color::srgb(1.0, 0.97, 0.75), true)),
        Transform::from_xyz(0.0, 0.05, 0.0),
        Pickable::IGNORE,
    ));
}
