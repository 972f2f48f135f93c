//! Scenery that breaks in play (TERR) drawn as the engine has it now: in a piece with a part
//! destroyed, a wall holed or a storey collapsed, the parts still whole keep their modelled
//! look and the changed ones show their standing solids in weathered stone; rubble lies
//! where parts fell; chalk-pale chips, one per damage marker, sit on top of each damaged
//! part or section (or on the building for a storey's markers). Muted tones only: the
//! rules' colours stay the tokens' (ART.md).

use bevy::prelude::*;
use redline_battlespace::Battlespace;
use redline_meshes::scenery::scenery_part;
use redline_rules::Game;

use crate::headless::game::match_state::Match;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::scene::DressedPiece;
use crate::table::set_table::scenery_piece;
use crate::table::spawn::{DressedScenery, Scenery, solid_transform};
use crate::table::visuals::batch::{Batcher, Batching};
use crate::table::visuals::convert::{Models, Paint};
use crate::table::visuals::scenery::solid_mesh;

/// Standing parts of a broken piece: weathered stone.
const RUIN: Color = Color::srgb(0.50, 0.47, 0.44);
/// Rubble: darker, browner.
const RUBBLE: Color = Color::srgb(0.36, 0.33, 0.30);
/// A damage marker: a chalk-pale chip that reads in greyscale.
const MARKER: Color = Color::srgb(0.86, 0.83, 0.77);
/// A marker chip's radius and thickness, inches.
const CHIP: (f32, f32) = (0.2, 0.08);

/// What the ruins drawn now show: the table's pieces and the markers on them.
#[derive(Resource, Default, PartialEq)]
struct Shown(Option<Signature>);

#[derive(Clone, PartialEq)]
struct Signature {
    pieces: Vec<(u32, usize)>,
    markers: Vec<([f32; 3], u8)>,
}

/// An entity drawn for the changed table.
#[derive(Component)]
struct Ruin;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>();
    app.add_systems(
        Update,
        follow_breaches
            .after(AppSystems::Update)
            .run_if(in_state(Screen::Battle).and_then(resource_exists_and_changed::<Match>)),
    );
    app.add_systems(OnExit(Screen::Battle), |mut shown: ResMut<Shown>| {
        shown.0 = None;
    });
}

fn signature(game: &Game) -> Signature {
    let pieces = game
        .battlespace()
        .pieces()
        .iter()
        .map(|p| (p.id.0, p.openings.len()))
        .collect();
    Signature {
        pieces,
        markers: markers(game),
    }
}

/// Where each damaged part, section or storey shows its markers, and how many.
fn markers(game: &Game) -> Vec<([f32; 3], u8)> {
    let now = game.battlespace();
    let mut out = Vec::new();
    let mut storeys = Vec::new();
    for piece in game.setup().battlespace.pieces() {
        if let Some(s) = piece.storey {
            if !storeys.contains(&(s.building, s.number)) {
                storeys.push((s.building, s.number));
                let n = game.storey_markers(s.building, s.number);
                if n > 0 && !game.storey_collapsed(s.building, s.number) {
                    out.extend(roof_spot(now, s.building).map(|at| (at, n)));
                }
            }
            continue;
        }
        for k in 0..piece.section_count() {
            let n = game.damage_markers(piece.id.0, k);
            if n > 0 && !game.scenery_destroyed(piece.id.0, k) {
                let section = piece.section_piece(k);
                let [x, z] = section.centre();
                out.push(([x, section.top(), z], n));
            }
        }
    }
    out
}

/// The parts of a broken pack piece that are still whole, in their modelled look, where
/// the piece stands.
fn whole_parts(commands: &mut Commands, d: &DressedPiece, changed: &[u32], models: &mut Models) {
    let mut model = redline_meshes::Model::new();
    for i in 0..d.piece.parts.len() {
        if !changed.contains(&(d.first_part + i as u32)) {
            model.merge(&scenery_part(d.visual, &d.piece, i));
        }
    }
    let at = Transform::from_translation(d.at)
        .with_rotation(Quat::from_rotation_y(d.rotation_deg.to_radians()));
    let parts = Batcher::of(&model, Paint::default(), Batching::Scenery).build(models);
    commands
        .spawn((
            Ruin,
            at,
            Visibility::default(),
            DespawnOnExit(Screen::Battle),
        ))
        .with_children(|parent| {
            for (mesh, material) in parts {
                parent.spawn((mesh, material, Transform::IDENTITY));
            }
        });
}

/// The top of a building's highest standing part, over its footprint's first corner side.
fn roof_spot(space: &Battlespace, building: u32) -> Option<[f32; 3]> {
    let top = space.top_storey(building);
    let parts = space.storey_parts(building, top);
    let highest = parts.iter().max_by(|a, b| a.top().total_cmp(&b.top()))?;
    let [x, z] = highest.centre();
    Some([x, highest.top(), z])
}

#[allow(clippy::too_many_arguments)]
fn follow_breaches(
    current: Option<Res<Match>>,
    mut shown: ResMut<Shown>,
    ruins: Query<Entity, With<Ruin>>,
    mut dressed: Query<(&DressedScenery, &mut Visibility), Without<Scenery>>,
    mut plain: Query<(&Scenery, &mut Visibility), Without<DressedScenery>>,
    mut commands: Commands,
    mut models: Models,
) {
    let Some(current) = current else {
        return;
    };
    let game = current.game();
    let now = signature(game);
    if shown.0.as_ref() == Some(&now) {
        return;
    }
    let first = shown.0.is_none();
    shown.0 = Some(now.clone());
    let setup = &game.setup().battlespace;
    let space = game.battlespace();
    let changed: Vec<u32> = setup
        .pieces()
        .iter()
        .filter(|p| {
            space
                .piece(p.id)
                .is_none_or(|q| q.openings.len() != p.openings.len())
        })
        .map(|p| p.id.0)
        .collect();
    if first && changed.is_empty() && now.markers.is_empty() {
        return;
    }
    for e in &ruins {
        commands.entity(e).despawn();
    }
    let mut redrawn: Vec<u32> = Vec::new();
    for (DressedScenery(d), mut visibility) in &mut dressed {
        let parts = d.first_part..d.first_part + d.piece.parts.len() as u32;
        let broken = changed.iter().any(|id| parts.contains(id));
        let wanted = if broken {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
        if broken {
            redrawn.extend(parts.filter(|id| changed.contains(id)));
            whole_parts(&mut commands, d, &changed, &mut models);
        }
    }
    for (scenery, mut visibility) in &mut plain {
        if changed.contains(&scenery.id.0) && *visibility != Visibility::Hidden {
            *visibility = Visibility::Hidden;
            redrawn.push(scenery.id.0);
        }
    }
    let stone = models.plain(RUIN, false);
    let rubble = models.plain(RUBBLE, false);
    for piece in space.pieces() {
        let new = setup.piece(piece.id).is_none();
        if !new && !redrawn.contains(&piece.id.0) {
            continue;
        }
        let look = if new { rubble.clone() } else { stone.clone() };
        for solid in scenery_piece(piece).solids {
            let (mesh, _) = solid_mesh(&solid);
            commands.spawn((
                Ruin,
                Mesh3d(models.meshes.add(mesh)),
                MeshMaterial3d(look.clone()),
                solid_transform(&solid),
                DespawnOnExit(Screen::Battle),
            ));
        }
    }
    let chip = models
        .meshes
        .add(Cylinder::new(CHIP.0, CHIP.1).mesh().resolution(12));
    let chalk = models.plain(MARKER, false);
    for (at, n) in &now.markers {
        for i in 0..*n {
            let y = at[1] + CHIP.1 * (f32::from(i) + 0.5) + 0.01;
            commands.spawn((
                Ruin,
                Mesh3d(chip.clone()),
                MeshMaterial3d(chalk.clone()),
                Transform::from_xyz(at[0], y, at[2]),
                DespawnOnExit(Screen::Battle),
            ));
        }
    }
}
