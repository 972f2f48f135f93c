//! The table's look: the harbour mat (`redline-meshes`: asphalt, lane paint, the quay and a
//! wooden frame), the 1" grid, a centre mark (FIELD-4) and the scenario's deployment zones
//! hatched in team colours (`field`). Clicking the mat clears the selection.

use bevy::prelude::*;
use redline_rules::Command;

use crate::headless::flow::aim::{Aim, AimIntent};
use crate::headless::flow::battle::BattleIntent;
use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::table::colliders::MatSurface;
use crate::table::planner_scene::TableZones;
use crate::table::render_quality::RenderQuality;
use crate::table::scene::BattleScene;
use crate::table::selection::{SelectModel, SelectedModel};
use crate::table::spawn::{Miniature, Scenery, ScenerySolid, Table};
use crate::table::visuals::batch::{Batcher, Batching};
use crate::table::visuals::convert::{Models, Paint};
use crate::table::visuals::field::zone_hatches;
use crate::table::visuals::flat_mat::FlatMat;
use crate::table::visuals::grid_mesh::{Strip, grid_strips, strips_mesh};
use crate::table::visuals::lighting::on_level_ground;
use crate::table::visuals::toggles::ViewToggles;

/// Marks the grid mesh so the G key can hide it.
#[derive(Component)]
struct TableGrid;

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

/// At Low, where the flat mat's shader draws the mat (needs the asset server).
type FlatMats<'w> = Option<ResMut<'w, Assets<FlatMat>>>;

fn dress_table(
    mut commands: Commands,
    tables: Query<(Entity, &Table, Option<&TableZones>), Added<Table>>,
    scene: Res<BattleScene>,
    current: Option<Res<Match>>,
    mut models: Models,
    toggles: Res<ViewToggles>,
    (quality, mut flat): (Res<RenderQuality>, FlatMats),
) {
    for (entity, table, own_zones) in &tables {
        let (w, d) = (table.width, table.depth);
        let mat = redline_meshes::mat::mat(w, d);
        let lit_parts = Batcher::of(&mat, Paint::default(), Batching::Scenery).build(&mut models);
        let low = *quality == RenderQuality::Low;
        let (mut parts, mut flat_parts) = (Vec::new(), Vec::new());
        for (mesh, material) in lit_parts {
            let lit = models.materials.get(&material.0);
            match (flat.as_mut(), lit) {
                (Some(flat), Some(lit))
                    if low && !lit.unlit && lit.alpha_mode == AlphaMode::Opaque =>
                {
                    let made = flat.add(FlatMat::of(lit, on_level_ground()));
                    flat_parts.push((mesh, MeshMaterial3d(made)));
                }
                _ => parts.push((mesh, material)),
            }
        }
        let grid = models.plain(Color::srgba(0.75, 0.85, 0.8, 0.16), true);
        let centre = models.plain(Color::srgba(0.9, 0.9, 0.85, 0.7), true);
        let zones = zone_marks(own_zones, current.as_deref(), &scene, &mut models);
        let meshes = &mut models.meshes;
        commands.entity(entity).with_children(|parent| {
            for (mesh, material) in parts {
                parent.spawn((Name::new("Mat"), mesh, material, Transform::IDENTITY));
            }
            for (mesh, material) in flat_parts {
                parent.spawn((Name::new("Mat"), mesh, material, Transform::IDENTITY));
            }
            parent.spawn((
                Name::new("Grid"),
                TableGrid,
                Mesh3d(meshes.add(strips_mesh(&grid_strips(w, d, 1.0, 0.035, 6), 0.002))),
                MeshMaterial3d(grid),
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
                MeshMaterial3d(centre),
                Pickable::IGNORE,
            ));
            for (name, mesh, material) in zones {
                parent.spawn((
                    Name::new(name),
                    Mesh3d(mesh),
                    MeshMaterial3d(material),
                    Pickable::IGNORE,
                ));
            }
        });
    }
}

/// The deployment zones on the mat: the table's own (the planner's), else the engine's
/// hatched once a match is on, else the battle scene's tinted in its teams' colours.
fn zone_marks(
    own: Option<&TableZones>,
    current: Option<&Match>,
    scene: &BattleScene,
    models: &mut Models,
) -> Vec<(String, Handle<Mesh>, Handle<StandardMaterial>)> {
    if own.is_none()
        && let Some(current) = current
    {
        return zone_hatches(current.game(), scene, models);
    }
    let zones: Vec<_> = match own {
        Some(TableZones(zones)) => zones.clone(),
        None => (scene.table.zones.iter())
            .filter_map(|zone| {
                let team = scene.teams.get(zone.team)?;
                Some((*zone, team.colour.with_alpha(0.22)))
            })
            .collect(),
    };
    zones
        .into_iter()
        .map(|(zone, tint)| {
            let strip = Strip {
                min: zone.min,
                max: zone.max,
            };
            (
                format!("Deployment zone {}", zone.team + 1),
                models.meshes.add(strips_mesh(&[strip], 0.003)),
                models.plain(tint, true),
            )
        })
        .collect()
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

/// Clicks on the mat's and the scenery's colliders are points on the table; while an
/// action is aimed, so is the pointer over them.
fn listen_to_the_table(mut commands: Commands, surfaces: NewSurfaces) {
    for entity in &surfaces {
        commands
            .entity(entity)
            .observe(clear_selection_on_click)
            .observe(point_on_the_table)
            .observe(point_off_the_table);
    }
}

/// The pointer over the mat or a scenery piece while an action is aimed (a picked drag
/// follows it).
fn point_on_the_table(
    moved: On<Pointer<Move>>,
    aim: Res<Aim>,
    (solids, pieces): (PieceOf, Query<&Scenery>),
    mut out: MessageWriter<AimIntent>,
) {
    let (Some(at), true) = (moved.hit.position, aim.action.is_some()) else {
        return;
    };
    out.write(AimIntent::Pointer {
        at: Some([at.x, at.y.max(0.0), at.z]),
        piece: piece_of(moved.entity, &solids, &pieces),
    });
}

/// The pointer left the mat or a piece.
fn point_off_the_table(_out: On<Pointer<Out>>, aim: Res<Aim>, mut out: MessageWriter<AimIntent>) {
    if aim.pointer.is_some() || aim.pointed_piece.is_some() {
        out.write(AimIntent::Pointer {
            at: None,
            piece: None,
        });
    }
}

/// What a click on the table asks for.
#[derive(bevy::ecs::system::SystemParam)]
struct TableClicks<'w> {
    select: MessageWriter<'w, SelectModel>,
    aim: MessageWriter<'w, AimIntent>,
    place: MessageWriter<'w, BattleIntent>,
}

/// The scenery piece a solid's collider belongs to.
type PieceOf<'w, 's> = Query<'w, 's, &'static ChildOf, With<ScenerySolid>>;

/// The engine's id of the piece `entity` (a solid's collider) belongs to; `None` for the mat.
fn piece_of(entity: Entity, solids: &PieceOf, pieces: &Query<&Scenery>) -> Option<u32> {
    let parent = solids.get(entity).ok()?.parent();
    pieces.get(parent).ok().map(|s| s.id.0)
}

/// A click on the mat or on scenery: in deployment it puts the selected model there; with a
/// move aimed it is the destination; with a Drag aimed it picks the piece clicked or is where
/// the picked thing goes; otherwise it clears the selection.
fn clear_selection_on_click(
    click: On<Pointer<Click>>,
    out: TableClicks,
    current: Option<Res<Match>>,
    selected: Res<SelectedModel>,
    (miniatures, solids, pieces): (Query<&Miniature>, PieceOf, Query<&Scenery>),
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
        let at = [at.x, at.y.max(0.0), at.z];
        aim_out.write(match piece_of(click.entity, &solids, &pieces) {
            Some(piece) => AimIntent::Scenery { piece, at },
            None => AimIntent::Ground(at),
        });
    } else {
        select.write(SelectModel(None));
    }
}
