//! The table's look: the mat, a dark frame around its edges, the 1" grid, a centre mark
//! (FIELD-4) and the deployment zones tinted in team colours. Clicking the mat clears the
//! selection.

use bevy::prelude::*;
use redline_rules::Command;

use crate::headless::flow::aim::{Aim, AimIntent};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::colliders::MatSurface;
use crate::table::scene::BattleScene;
use crate::table::selection::{SelectModel, SelectedModel};
use crate::table::spawn::{Miniature, ScenerySolid, Table};
use crate::table::visuals::grid_mesh::{Strip, grid_strips, strips_mesh};
use crate::table::visuals::toggles::ViewToggles;
use crate::table::visuals::{marking, matte};

/// Marks the grid mesh so the G key can hide it.
#[derive(Component)]
struct TableGrid;

const MAT_THICKNESS: f32 = 0.4;
const FRAME_WIDTH: f32 = 0.6;
const FRAME_RISE: f32 = 0.15;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            dress_table,
            listen_to_the_table,
            show_grid.run_if(resource_changed::<ViewToggles>),
        )
            .after(AppSystems::Update),
    );
}

fn dress_table(
    mut commands: Commands,
    tables: Query<(Entity, &Table), Added<Table>>,
    scene: Res<BattleScene>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    toggles: Res<ViewToggles>,
) {
    for (entity, table) in &tables {
        let (w, d) = (table.width, table.depth);
        let mat = commands
            .spawn((
                Name::new("Mat"),
                Mesh3d(meshes.add(Cuboid::new(w, MAT_THICKNESS, d))),
                MeshMaterial3d(matte(&mut materials, Color::srgb(0.19, 0.22, 0.21))),
                Transform::from_xyz(w / 2.0, -MAT_THICKNESS / 2.0, d / 2.0),
            ))
            .id();
        commands.entity(entity).add_child(mat);

        let frame = matte(&mut materials, Color::srgb(0.08, 0.08, 0.09));
        let height = MAT_THICKNESS + FRAME_RISE;
        let y = FRAME_RISE - height / 2.0;
        let long = meshes.add(Cuboid::new(w + 2.0 * FRAME_WIDTH, height, FRAME_WIDTH));
        let short = meshes.add(Cuboid::new(FRAME_WIDTH, height, d));
        let sides = [
            (long.clone(), Vec3::new(w / 2.0, y, -FRAME_WIDTH / 2.0)),
            (long, Vec3::new(w / 2.0, y, d + FRAME_WIDTH / 2.0)),
            (short.clone(), Vec3::new(-FRAME_WIDTH / 2.0, y, d / 2.0)),
            (short, Vec3::new(w + FRAME_WIDTH / 2.0, y, d / 2.0)),
        ];
        commands.entity(entity).with_children(|parent| {
            for (mesh, at) in sides {
                parent.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(frame.clone()),
                    Transform::from_translation(at),
                ));
            }
            parent.spawn((
                Name::new("Grid"),
                TableGrid,
                Mesh3d(meshes.add(strips_mesh(&grid_strips(w, d, 1.0, 0.035, 6), 0.002))),
                MeshMaterial3d(marking(&mut materials, Color::srgba(0.75, 0.85, 0.8, 0.16))),
                grid_visibility(toggles.grid),
                Pickable::IGNORE,
            ));
            let (cx, cz) = (w / 2.0, d / 2.0);
            let centre_mark = [
                Strip {
                    min: Vec2::new(cx - 0.5, cz - 0.05),
                    max: Vec2::new(cx + 0.5, cz + 0.05),
                },
                Strip {
                    min: Vec2::new(cx - 0.05, cz - 0.5),
                    max: Vec2::new(cx + 0.05, cz + 0.5),
                },
            ];
            parent.spawn((
                Name::new("Centre mark"),
                Mesh3d(meshes.add(strips_mesh(&centre_mark, 0.004))),
                MeshMaterial3d(marking(&mut materials, Color::srgba(0.9, 0.9, 0.85, 0.7))),
                Pickable::IGNORE,
            ));
            for zone in &scene.table.zones {
                let Some(team) = scene.teams.get(zone.team) else {
                    continue;
                };
                let tint = team.colour.with_alpha(0.22);
                parent.spawn((
                    Name::new(format!("{} deployment zone", team.name)),
                    Mesh3d(meshes.add(strips_mesh(
                        &[Strip {
                            min: zone.min,
                            max: zone.max,
                        }],
                        0.003,
                    ))),
                    MeshMaterial3d(marking(&mut materials, tint)),
                    Pickable::IGNORE,
                ));
            }
        });
    }
}

fn grid_visibility(shown: bool) -> Visibility {
    if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

fn show_grid(toggles: Res<ViewToggles>, mut grids: Query<&mut Visibility, With<TableGrid>>) {
    for mut visibility in &mut grids {
        *visibility = grid_visibility(toggles.grid);
    }
}

/// Newly spawned table surfaces: the mat's slab and scenery solids.
type NewSurfaces<'w, 's> = Query<'w, 's, Entity, Or<(Added<MatSurface>, Added<ScenerySolid>)>>;

/// Clicks on the mat's and the scenery's colliders are points on the table.
fn listen_to_the_table(mut commands: Commands, surfaces: NewSurfaces) {
    for entity in &surfaces {
        commands.entity(entity).observe(clear_selection_on_click);
    }
}

/// What a click on the table asks for.
#[derive(bevy::ecs::system::SystemParam)]
struct TableClicks<'w> {
    select: MessageWriter<'w, SelectModel>,
    aim: MessageWriter<'w, AimIntent>,
    place: MessageWriter<'w, BattleIntent>,
}

/// A click on the mat or on scenery: in deployment it puts the selected model there; with a
/// move aimed it is the destination; otherwise it clears the selection.
fn clear_selection_on_click(
    click: On<Pointer<Click>>,
    out: TableClicks,
    current: Option<Res<Match>>,
    selected: Res<SelectedModel>,
    miniatures: Query<&Miniature>,
    aim: Res<Aim>,
) {
    let TableClicks {
        mut select,
        aim: mut aim_out,
        mut place,
    } = out;
    if click.button != PointerButton::Primary {
        return;
    }
    let Some(at) = click.hit.position else {
        return;
    };
    if let Some(current) = current.filter(|c| c.game().deploying().is_some()) {
        if let Some(m) = selected.0.and_then(|e| miniatures.get(e).ok()) {
            place.write(BattleIntent::Answer(Command::Deploy {
                model: m.model,
                at: current.table_spot([at.x, at.z]),
            }));
        }
        return;
    }
    if aim.action.is_some() {
        // On a scenery top the point keeps its height: the move's goal is up there.
        aim_out.write(AimIntent::Ground([at.x, at.y.max(0.0), at.z]));
    } else {
        select.write(SelectModel(None));
    }
}
