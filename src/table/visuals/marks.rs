//! The optional modules' marks on a miniature, from its [`FigureLook`]'s [`ModuleMarks`]: a
//! Downed model (AID-1) lies inside a pale broken ring with a pale cross over it; a
//! construct with damaged systems (BOT-1) shows a steel cog beside its plate with one bar
//! under it per damaged system; a Haywire construct (BOT-5) shows the cog in neon magenta
//! ringed by spikes; a construct Under Repair (BOT-9) a wrench across the plate from it; a
//! Snared model (SEC-15) loops of wire round its base. Shapes first, so each reads in
//! greyscale; no rules colour (ART.md).

use bevy::prelude::*;

use crate::headless::schedule::AppSystems;
use crate::table::look::{FigureLook, ModuleMarks};
use crate::table::spawn::Miniature;
use crate::table::visuals::convert::Models;
use crate::table::visuals::miniature::FacesCamera;

/// Bone white: the Downed ring and cross.
const BONE: Color = Color::srgb(0.93, 0.92, 0.86);
/// The dark backing that outlines a mark against a pale table.
const BACKING: Color = Color::srgb(0.08, 0.08, 0.10);
/// Brushed steel: a construct's damaged-systems cog.
const STEEL: Color = Color::srgb(0.66, 0.72, 0.78);
/// Neon magenta: Haywire.
const HAYWIRE: Color = Color::srgb(0.92, 0.30, 0.86);
/// Pale cyan: a construct Under Repair's wrench.
const REPAIR: Color = Color::srgb(0.45, 0.86, 0.95);
/// Bright steel wire: a Snared model's coils.
const WIRE: Color = Color::srgb(0.80, 0.82, 0.85);
/// Where the Under Repair wrench floats: beside the plate, across from the cog.
const WRENCH_AT: Vec3 = Vec3::new(-0.95, 1.75, 0.0);
/// Height of a Downed model's cross over the table, inches.
const CROSS_HEIGHT: f32 = 1.1;
/// Where a construct's cog floats: beside the token plate.
const COG_AT: Vec3 = Vec3::new(0.95, 1.75, 0.0);

/// One entity of a miniature's module marks (a child of the miniature).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModuleMark;

/// The marks drawn now on a miniature.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
struct MarksShown(ModuleMarks);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mark_miniatures.after(AppSystems::Update));
}

/// The marks' meshes, in the mark's own plane (x right, y up, facing +z).
struct Pieces<'a, 'w> {
    models: &'a mut Models<'w>,
    out: Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform)>,
}

impl Pieces<'_, '_> {
    fn add(&mut self, mesh: impl Into<Mesh>, colour: Color, at: Transform) {
        let mesh = Mesh3d(self.models.meshes.add(mesh.into()));
        let material = MeshMaterial3d(self.models.plain(colour, true));
        self.out.push((mesh, material, at));
    }

    /// A bar of `w` × `h` at (x, y), turned `angle` about the facing axis, on its backing.
    fn bar(&mut self, (x, y): (f32, f32), (w, h): (f32, f32), angle: f32, colour: Color) {
        let turn = Quat::from_rotation_z(angle);
        let at = Transform::from_xyz(x, y, 0.0).with_rotation(turn);
        self.add(Cuboid::new(w + 0.05, h + 0.05, 0.02), BACKING, at);
        self.add(
            Cuboid::new(w, h, 0.03),
            colour,
            at.with_translation(at.translation + Vec3::Z * 0.01),
        );
    }

    /// A cog of radius `r` centred on the origin: a ring with six teeth.
    fn cog(&mut self, r: f32, colour: Color) {
        let face = Transform::from_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
        self.add(Torus::new(r * 0.45, r * 0.8), colour, face);
        for k in 0..6 {
            let a = k as f32 * std::f32::consts::TAU / 6.0;
            let at = Vec2::from_angle(a) * r * 0.85;
            self.bar((at.x, at.y), (r * 0.3, r * 0.35), a, colour);
        }
    }
}

/// A miniature as its marks read it.
type Marked<'a> = (
    Entity,
    &'a Miniature,
    &'a FigureLook,
    Option<&'a MarksShown>,
    Option<&'a Children>,
);

/// Rebuilds a miniature's module marks when its look's marks change.
fn mark_miniatures(
    mut commands: Commands,
    miniatures: Query<Marked, Changed<FigureLook>>,
    marks: Query<(), With<ModuleMark>>,
    mut models: Models,
) {
    for (entity, miniature, look, shown, children) in &miniatures {
        if shown.is_some_and(|s| s.0 == look.marks) {
            continue;
        }
        for child in children.into_iter().flatten() {
            if marks.contains(*child) {
                commands.entity(*child).despawn();
            }
        }
        commands.entity(entity).insert(MarksShown(look.marks));
        let radius = miniature.base_diameter / 2.0;
        if look.marks.downed {
            downed(&mut commands, entity, radius, &mut models);
        }
        if look.marks.damaged_systems > 0 || look.marks.haywire {
            construct(&mut commands, entity, look.marks, &mut models);
        }
        if look.marks.under_repair {
            under_repair(&mut commands, entity, &mut models);
        }
        if look.marks.snared {
            snared(&mut commands, entity, radius, &mut models);
        }
    }
}

/// A pale ring broken in four on the table round the base, and a pale cross over it.
fn downed(commands: &mut Commands, entity: Entity, radius: f32, models: &mut Models) {
    let mut ring = Pieces {
        models,
        out: Vec::new(),
    };
    for k in 0..4 {
        let a = (k as f32 + 0.5) * std::f32::consts::FRAC_PI_2;
        let at = Vec2::from_angle(a) * (radius + 0.18);
        let turn = Quat::from_rotation_y(-a);
        ring.add(
            Cuboid::new(0.08, 0.03, radius * 1.1),
            BONE,
            Transform::from_xyz(at.x, 0.03, at.y).with_rotation(turn),
        );
    }
    let ring = ring.out;
    let mut cross = Pieces {
        models,
        out: Vec::new(),
    };
    cross.bar((0.0, 0.0), (0.14, 0.5), 0.0, BONE);
    cross.bar((0.0, 0.0), (0.5, 0.14), 0.0, BONE);
    spawn_marks(commands, entity, ring, None);
    spawn_marks(commands, entity, cross.out, Some(Vec3::Y * CROSS_HEIGHT));
}

/// A cog beside the plate, a bar under it per damaged system; magenta with spikes when
/// Haywire.
fn construct(commands: &mut Commands, entity: Entity, marks: ModuleMarks, models: &mut Models) {
    let mut cog = Pieces {
        models,
        out: Vec::new(),
    };
    let colour = if marks.haywire { HAYWIRE } else { STEEL };
    cog.cog(0.16, colour);
    if marks.haywire {
        for k in 0..8 {
            let a = (k as f32 + 0.5) * std::f32::consts::TAU / 8.0;
            let at = Vec2::from_angle(a) * 0.33;
            cog.bar(
                (at.x, at.y),
                (0.04, 0.12),
                a - std::f32::consts::FRAC_PI_2,
                HAYWIRE,
            );
        }
    }
    let n = marks.damaged_systems.min(4);
    for i in 0..n {
        let x = (f32::from(i) - f32::from(n - 1) / 2.0) * 0.12;
        cog.bar((x, -0.32), (0.07, 0.14), 0.0, STEEL);
    }
    spawn_marks(commands, entity, cog.out, Some(COG_AT));
}

/// A wrench on the other side of the plate from the cog: Under Repair (BOT-9).
fn under_repair(commands: &mut Commands, entity: Entity, models: &mut Models) {
    let mut wrench = Pieces {
        models,
        out: Vec::new(),
    };
    let tilt = std::f32::consts::FRAC_PI_4;
    wrench.bar((0.0, 0.0), (0.08, 0.42), tilt, REPAIR);
    let jaw = Vec2::from_angle(tilt + std::f32::consts::FRAC_PI_2) * 0.22;
    let face = Transform::from_xyz(jaw.x, jaw.y, 0.0)
        .with_rotation(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
    wrench.add(
        Torus::new(0.05, 0.12),
        BACKING,
        face.with_scale(Vec3::splat(1.25)),
    );
    wrench.add(Torus::new(0.05, 0.11), REPAIR, face);
    spawn_marks(commands, entity, wrench.out, Some(WRENCH_AT));
}

/// Loops of wire round the base, on the table: Snared (SEC-15).
fn snared(commands: &mut Commands, entity: Entity, radius: f32, models: &mut Models) {
    let mut coil = Pieces {
        models,
        out: Vec::new(),
    };
    for k in 0..3 {
        let lean = Quat::from_rotation_y(k as f32 * 1.05) * Quat::from_rotation_x(0.35);
        let at = Transform::from_xyz(0.0, 0.2 + 0.12 * k as f32, 0.0).with_rotation(lean);
        coil.add(Torus::new(radius + 0.06, radius + 0.11), WIRE, at);
    }
    spawn_marks(commands, entity, coil.out, None);
}

/// The pieces as one mark under the miniature: lying on the table (`None`), or facing the
/// camera at `facing`.
fn spawn_marks(
    commands: &mut Commands,
    entity: Entity,
    pieces: Vec<(Mesh3d, MeshMaterial3d<StandardMaterial>, Transform)>,
    facing: Option<Vec3>,
) {
    commands.entity(entity).with_children(|parent| {
        let mut root = parent.spawn((
            ModuleMark,
            Transform::from_translation(facing.unwrap_or(Vec3::ZERO)),
            Visibility::default(),
            Pickable::IGNORE,
        ));
        if facing.is_some() {
            root.insert(FacesCamera);
        }
        root.with_children(|mark| {
            for (mesh, material, at) in pieces {
                mark.spawn((mesh, material, at, Pickable::IGNORE));
            }
        });
    });
}
