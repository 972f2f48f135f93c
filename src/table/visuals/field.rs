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
use crate::table::visuals::batch::{Batcher, Batching};
use crate::table::visuals::convert::{Models, Paint, to_bevy};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, dress_objectives.after(AppSystems::Update));
}

/// One hatched zone per seat the scenario gives one, in the seat's team colour: its name,
/// mesh and material, to spawn as children of the table.
pub(super) fn zone_hatches(
    game: &Game,
    scene: &BattleScene,
    models: &mut Models,
) -> Vec<(String, Handle<Mesh>, Handle<StandardMaterial>)> {
    let table = game.setup().battlespace.table();
    let mut out = Vec::new();
    for zone in &game.setup().scenario.deployment {
        let Some(team) = scene.teams.get(usize::from(zone.seat.0)) else {
            continue;
        };
        let hatch = zone_hatch(table, zone.zone);
        if hatch.is_empty() {
            continue;
        }
        out.push((
            format!("{} deployment zone", team.name),
            models.meshes.add(to_bevy(&hatch)),
            models.plain(team.colour.with_alpha(0.35), true),
        ));
    }
    out
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
        let parts = Batcher::of(
            &beacon(marker.searched),
            Paint::default(),
            Batching::Scenery,
        )
        .build(&mut models);
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
