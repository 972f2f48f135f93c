//! The scenario on the mat, as the engine has it: each seat's deployment zone hatched in
//! its team's colour (`redline_meshes::markers::zone_hatch`, which asks the engine's
//! `Table::in_zone`), and each objective marker a beacon
//! (`redline_meshes::markers::objective_beacon`; a searched one keeps only its disc).

use bevy::prelude::*;
use redline_meshes::Model;
use redline_meshes::Surface;
use redline_meshes::markers::{objective_beacon, zone_hatch};
use redline_rules::Game;

use crate::headless::schedule::AppSystems;
use crate::table::scene::BattleScene;
use crate::table::tokens::ObjectiveMarker;
use crate::table::visuals::convert::{Models, Paint, to_bevy};
use crate::table::visuals::marking;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, dress_objectives.after(AppSystems::Update));
}

/// One hatched zone per seat the scenario gives one, in the seat's team colour, as
/// children of the table.
pub(super) fn hatch_zones(
    parent: &mut ChildSpawnerCommands,
    game: &Game,
    scene: &BattleScene,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) {
    let table = game.setup().battlespace.table();
    for zone in &game.setup().scenario.deployment {
        let Some(team) = scene.teams.get(usize::from(zone.seat.0)) else {
            continue;
        };
        let hatch = zone_hatch(table, zone.zone);
        if hatch.is_empty() {
            continue;
        }
        parent.spawn((
            Name::new(format!("{} deployment zone", team.name)),
            Mesh3d(meshes.add(to_bevy(&hatch))),
            MeshMaterial3d(marking(materials, team.colour.with_alpha(0.35))),
            Pickable::IGNORE,
        ));
    }
}

/// The beacon of an objective marker; once searched, only its disc.
fn beacon(searched: bool) -> Model {
    let full = objective_beacon();
    if !searched {
        return full;
    }
    let mut disc = Model::new();
    for (surface, mesh) in full.parts().filter(|(s, _)| *s != Surface::Beacon) {
        disc.add(surface, mesh);
    }
    disc
}

/// Gives each objective marker its beacon, rebuilt when it is searched.
fn dress_objectives(
    mut commands: Commands,
    markers: Query<(Entity, &ObjectiveMarker), Changed<ObjectiveMarker>>,
    mut models: Models,
) {
    for (entity, marker) in &markers {
        let parts = models.parts(&beacon(marker.searched), Paint::default());
        commands
            .entity(entity)
            .despawn_related::<Children>()
            .insert(Pickable::IGNORE)
            .with_children(|parent| {
                for (mesh, material) in parts {
                    parent.spawn((mesh, material, Transform::IDENTITY, Pickable::IGNORE));
                }
            });
    }
}
