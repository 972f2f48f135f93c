//! The terrain planner's 3D scene: while the planner's 3D view is open
//! ([`PlannerView::three_d`]), a [`Table`] of the layout's size with the planner's
//! deployment zones, and one [`DressedScenery`] per placed piece where the layout puts it,
//! drawn by `visuals` exactly as the battle's pieces are. Rebuilt after every edit, gone when
//! the view closes.

use bevy::prelude::*;
use redline_meshes::scenery::SceneryVisual;

use crate::headless::content::Content;
use crate::headless::planner::Planner;
use crate::headless::planner::view3d::PlannerView;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::scene::{DeploymentZone, DressedPiece};
use crate::table::set_table::zone_rect;
use crate::table::spawn::{DressedScenery, Table};

/// Deployment zone tints by seat in the 3D view: colour-blind-safe, none of the rules'
/// green, yellow or red.
const SEAT_TINTS: [[u8; 3]; 4] = [
    [0xE6, 0x9F, 0x00],
    [0x56, 0xB4, 0xE9],
    [0x00, 0x9E, 0x73],
    [0xCC, 0x79, 0xA7],
];

/// The planner's table in the 3D view.
#[derive(Component, Debug, Clone, Copy)]
pub struct PlannerTable;

/// A placed piece in the 3D view: its index in the layout.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannerPiece(pub usize);

/// Deployment zones a table shows in place of the battle's, each with its tint.
#[derive(Component, Debug, Clone, Default)]
pub struct TableZones(pub Vec<(DeploymentZone, Color)>);

/// What the 3D scene was last built from: the layout's revision and the scenario.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
struct Built(Option<(u64, String)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Built>();
    app.add_systems(
        Update,
        build_scene
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Planner).and_then(resource_exists::<Planner>)),
    );
    app.add_systems(OnExit(Screen::Planner), |mut built: ResMut<Built>| {
        *built = Built::default();
    });
}

/// The entities of the planner's 3D scene.
type PlannerScene<'w, 's> = Query<'w, 's, Entity, Or<(With<PlannerTable>, With<PlannerPiece>)>>;

/// The 3D scene follows the layout: rebuilt when the view opens and after every edit,
/// gone when it closes.
fn build_scene(
    mut commands: Commands,
    view: Res<PlannerView>,
    planner: Res<Planner>,
    content: Res<Content>,
    mut built: ResMut<Built>,
    old: PlannerScene,
) {
    let wanted = view
        .three_d
        .then(|| (planner.editor.revision(), planner.scenario.clone()));
    if built.0 == wanted {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    built.0 = wanted;
    if !view.three_d {
        return;
    }
    let layout = planner.layout();
    let [w, d] = layout.size;
    let zones = planner
        .checks
        .space
        .as_ref()
        .map(|space| {
            planner
                .checks
                .zones
                .iter()
                .map(|z| {
                    let seat = usize::from(z.seat);
                    let [r, g, b] = SEAT_TINTS[seat % SEAT_TINTS.len()];
                    let tint = Color::srgba_u8(r, g, b, 56);
                    (zone_rect(seat, z.zone, *space.table()), tint)
                })
                .collect()
        })
        .unwrap_or_default();
    commands.spawn((
        Name::new("Planner table"),
        PlannerTable,
        Table { width: w, depth: d },
        TableZones(zones),
        Transform::IDENTITY,
        Visibility::default(),
        DespawnOnExit(Screen::Planner),
    ));
    let mut first_part = 0;
    for (index, placed) in layout.pieces.iter().enumerate() {
        let Some(piece) = content.0.scenery.get(&placed.piece) else {
            continue;
        };
        let dressed = DressedPiece {
            visual: SceneryVisual::for_piece(piece, None),
            piece: piece.clone(),
            at: Vec3::new(placed.at[0], placed.elevation, placed.at[1]),
            rotation_deg: placed.rotation_deg,
            first_part,
        };
        first_part += piece.parts.len() as u32;
        commands.spawn((
            Name::new(piece.name.clone()),
            PlannerPiece(index),
            Transform::from_translation(dressed.at)
                .with_rotation(Quat::from_rotation_y(dressed.rotation_deg.to_radians())),
            DressedScenery(dressed),
            Visibility::default(),
            DespawnOnExit(Screen::Planner),
        ));
    }
}
