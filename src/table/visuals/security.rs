//! Security's marks on the table (SEC): a sentry's 90° arc as a faint wedge in its crew's
//! colour out to GREEN, fainter while Spent; chain-link fences as posts with a rail and a
//! see-through mesh, razor wire as coils on low stakes; a padlock in each door or window
//! whose lock the viewing seat knows, with one notch per grade under it. Shapes first, in
//! muted steel and the crew's colour, never the rules' colours (ART.md).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use redline_battlespace::{GREEN, SceneryId, SceneryShape, bearing_direction};
use redline_rules::security::FenceKind;

use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::security::{FenceMark, LockMark, SentryArc};
use crate::table::spawn::{Miniature, Teams};
use crate::table::visuals::convert::Models;
use crate::table::visuals::miniature::FacesCamera;

/// Galvanised steel: fence posts, rails and wire.
const STEEL: Color = Color::srgb(0.58, 0.61, 0.64);
/// The chain-link mesh: dark steel, mostly see-through.
const LINK: Color = Color::srgba(0.55, 0.58, 0.62, 0.5);
/// The padlock: pale, cool steel that stands out from brick and asphalt.
const LOCK: Color = Color::srgb(0.78, 0.88, 0.94);
/// The dark backing that outlines the padlock against a pale wall.
const BACKING: Color = Color::srgb(0.08, 0.08, 0.10);
/// How see-through a Loaded sentry's wedge is, and a Spent one's.
const ARC_ALPHA: [f32; 2] = [0.26, 0.1];
/// Distance between fence posts, inches.
const POST_EVERY: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_arcs,
            draw_fences,
            draw_locks,
            crate::table::security::draw_placing,
        )
            .after(AppSystems::Update),
    );
}

/// The turn about the vertical that points −z along the compass bearing `deg`, by the
/// geometry's own reading of a bearing.
pub(super) fn yaw_of(deg: f32) -> Quat {
    let [x, z] = bearing_direction(deg);
    Quat::from_rotation_y((-x).atan2(-z))
}

/// The world turn that lays a flat shape (drawn in the xy plane) on the table with its +y
/// along the compass bearing `deg`.
fn bearing(deg: f32) -> Quat {
    yaw_of(deg) * Quat::from_rotation_x(-FRAC_PI_2)
}

/// A wedge of the sentry's arc, flat on the table, in its crew's colour.
fn draw_arcs(
    mut commands: Commands,
    arcs: Query<(Entity, &SentryArc), Added<SentryArc>>,
    miniatures: Query<&Miniature>,
    teams: Res<Teams>,
    mut models: Models,
) {
    for (entity, arc) in &arcs {
        let crew = miniatures
            .iter()
            .find(|m| m.model == arc.model)
            .and_then(|m| teams.0.get(m.team))
            .map_or(Color::WHITE, |t| t.colour);
        let alpha = ARC_ALPHA[usize::from(!arc.loaded)];
        let half = redline_rules::security::SENTRY_ARC_DEG.to_radians() / 2.0;
        let wedge = models.meshes.add(CircularSector::new(GREEN, half));
        let edge = models.meshes.add(Cuboid::new(0.08, GREEN, 0.01));
        let fill = models.plain(crew.with_alpha(alpha), true);
        let line = models.plain(crew.with_alpha((alpha * 3.0).min(0.8)), true);
        commands.entity(entity).with_children(|parent| {
            parent.spawn((
                Mesh3d(wedge),
                MeshMaterial3d(fill),
                Transform::from_xyz(0.0, 0.05, 0.0).with_rotation(bearing(arc.facing_deg)),
                Pickable::IGNORE,
            ));
            for side in [-half, half] {
                let turn = bearing(arc.facing_deg) * Quat::from_rotation_z(side);
                let mid = turn * Vec3::new(0.0, GREEN / 2.0, 0.0);
                parent.spawn((
                    Mesh3d(edge.clone()),
                    MeshMaterial3d(line.clone()),
                    Transform::from_translation(mid + Vec3::Y * 0.06).with_rotation(turn),
                    Pickable::IGNORE,
                ));
            }
        });
    }
}

/// The fence's run: its two ends at the foot, its height and thickness.
fn fence_run(shape: &SceneryShape) -> Option<(Vec3, Vec3, f32)> {
    match *shape {
        SceneryShape::Box {
            centre,
            size,
            yaw_degrees,
        } => {
            let long = size[0].max(size[2]) / 2.0;
            // The geometry turns a box's x toward its z as the yaw grows.
            let (s, c) = yaw_degrees.to_radians().sin_cos();
            let along = if size[0] >= size[2] {
                Vec3::new(c, 0.0, s)
            } else {
                Vec3::new(-s, 0.0, c)
            };
            let mid = Vec3::new(centre[0], 0.0, centre[1]);
            Some((mid - along * long, mid + along * long, size[1]))
        }
        SceneryShape::Wall {
            from, to, height, ..
        } => Some((
            Vec3::new(from[0], 0.0, from[1]),
            Vec3::new(to[0], 0.0, to[1]),
            height,
        )),
        SceneryShape::Cylinder { .. } | SceneryShape::Hull { .. } => None,
    }
}

/// Posts with a top rail and a see-through mesh (chain-link), or coils on low stakes
/// (razor wire), along the fence's piece.
fn draw_fences(
    mut commands: Commands,
    fences: Query<(Entity, &FenceMark), Added<FenceMark>>,
    current: Option<Res<Match>>,
    mut models: Models,
) {
    let Some(current) = current else {
        return;
    };
    for (entity, fence) in &fences {
        let space = current.game().battlespace();
        let Some(piece) = space.piece(SceneryId(fence.piece)) else {
            continue;
        };
        let Some((from, to, height)) = fence_run(&piece.shape) else {
            continue;
        };
        let base = Vec3::Y * piece.base;
        let parts = match fence.kind {
            FenceKind::ChainLink => chain_link(&mut models, from + base, to + base, height),
            FenceKind::RazorWire => razor_wire(&mut models, from + base, to + base, height),
        };
        commands.entity(entity).with_children(|parent| {
            for part in parts {
                parent.spawn((part, Pickable::IGNORE));
            }
        });
    }
}

type Part = (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform);

/// Where posts stand along a run, one every [`POST_EVERY`] inches, both ends included.
fn posts(from: Vec3, to: Vec3) -> Vec<Vec3> {
    let n = (from.distance(to) / POST_EVERY).ceil().max(1.0) as usize;
    (0..=n)
        .map(|i| from.lerp(to, i as f32 / n as f32))
        .collect()
}

fn chain_link(models: &mut Models, from: Vec3, to: Vec3, height: f32) -> Vec<Part> {
    let steel = models.plain(STEEL, false);
    let link = models.plain(LINK, true);
    let post = models.meshes.add(Cylinder::new(0.05, height));
    let length = from.distance(to);
    let turn = Quat::from_rotation_arc(Vec3::X, (to - from).normalize_or(Vec3::X));
    let mid = (from + to) / 2.0;
    let mut out: Vec<Part> = posts(from, to)
        .into_iter()
        .map(|p| {
            let at = Transform::from_translation(p + Vec3::Y * height / 2.0);
            (Mesh3d(post.clone()), MeshMaterial3d(steel.clone()), at)
        })
        .collect();
    let rail = models.meshes.add(Cuboid::new(length, 0.06, 0.06));
    for y in [height - 0.04, 0.12] {
        let at = Transform::from_translation(mid + Vec3::Y * y).with_rotation(turn);
        out.push((Mesh3d(rail.clone()), MeshMaterial3d(steel.clone()), at));
    }
    let mesh = models.meshes.add(Cuboid::new(length, height - 0.1, 0.02));
    let at = Transform::from_translation(mid + Vec3::Y * height / 2.0).with_rotation(turn);
    out.push((Mesh3d(mesh), MeshMaterial3d(link), at));
    // Diagonal wires across the mesh, so it reads as links and not as glass.
    let diagonal = models.meshes.add(Cuboid::new(0.02, height * 1.3, 0.025));
    let n = (length / 0.35).floor() as usize;
    for i in 0..n {
        let p = from.lerp(to, (i as f32 + 0.5) / n as f32) + Vec3::Y * height / 2.0;
        let lean = if i % 2 == 0 { 0.7 } else { -0.7 };
        let at = Transform::from_translation(p).with_rotation(turn * Quat::from_rotation_z(lean));
        out.push((Mesh3d(diagonal.clone()), MeshMaterial3d(steel.clone()), at));
    }
    out
}

fn razor_wire(models: &mut Models, from: Vec3, to: Vec3, height: f32) -> Vec<Part> {
    let steel = models.plain(STEEL, false);
    let r = (height * 0.4).clamp(0.2, 0.45);
    let coil = models.meshes.add(Torus::new(r - 0.025, r + 0.025));
    let stake = models.meshes.add(Cylinder::new(0.035, r * 2.2));
    let along = (to - from).normalize_or(Vec3::X);
    // A loop stands across the run: its axis along it.
    let upright = Quat::from_rotation_arc(Vec3::Y, along);
    let n = (from.distance(to) / (r * 0.55)).ceil().max(1.0) as usize;
    let mut out = Vec::new();
    for i in 0..=n {
        let p = from.lerp(to, i as f32 / n as f32) + Vec3::Y * r;
        let wobble = Quat::from_axis_angle(along, i as f32 * 0.9) * Quat::from_rotation_x(0.25);
        let at = Transform::from_translation(p).with_rotation(upright * wobble);
        out.push((Mesh3d(coil.clone()), MeshMaterial3d(steel.clone()), at));
    }
    for p in posts(from, to).into_iter().step_by(2) {
        let at = Transform::from_translation(p + Vec3::Y * r * 1.1);
        out.push((Mesh3d(stake.clone()), MeshMaterial3d(steel.clone()), at));
    }
    out
}

/// A padlock in the opening, facing the camera, with one notch per grade under it.
fn draw_locks(
    mut commands: Commands,
    locks: Query<(Entity, &LockMark), Added<LockMark>>,
    mut models: Models,
) {
    for (entity, lock) in &locks {
        let lock_mat = models.plain(LOCK, true);
        let dark = models.plain(BACKING, true);
        let body = models.meshes.add(Cuboid::new(0.34, 0.28, 0.05));
        let backing = models.meshes.add(Cuboid::new(0.42, 0.36, 0.03));
        let shackle = models.meshes.add(Torus::new(0.08, 0.13));
        let hole = models.meshes.add(Cylinder::new(0.035, 0.07));
        let notch = models.meshes.add(Cuboid::new(0.06, 0.12, 0.05));
        let face = Quat::from_rotation_x(FRAC_PI_2);
        let mut parts: Vec<Part> = vec![
            (
                Mesh3d(backing),
                MeshMaterial3d(dark.clone()),
                Transform::from_xyz(0.0, 0.0, -0.02),
            ),
            (
                Mesh3d(shackle),
                MeshMaterial3d(lock_mat.clone()),
                Transform::from_xyz(0.0, 0.16, 0.0).with_rotation(face),
            ),
            (
                Mesh3d(body),
                MeshMaterial3d(lock_mat.clone()),
                Transform::IDENTITY,
            ),
            (
                Mesh3d(hole),
                MeshMaterial3d(dark.clone()),
                Transform::from_xyz(0.0, -0.02, 0.03).with_rotation(face),
            ),
        ];
        let n = lock.grade.number();
        for i in 0..n {
            let x = (f32::from(i) - f32::from(n - 1) / 2.0) * 0.11;
            let at = Transform::from_xyz(x, -0.28, 0.0);
            parts.push((Mesh3d(notch.clone()), MeshMaterial3d(lock_mat.clone()), at));
        }
        commands.entity(entity).with_children(|parent| {
            parent
                .spawn((
                    FacesCamera,
                    Transform::from_scale(Vec3::splat(1.7)),
                    Visibility::default(),
                    Pickable::IGNORE,
                ))
                .with_children(|icon| {
                    for part in parts {
                        icon.spawn((part, Pickable::IGNORE));
                    }
                });
        });
    }
}
