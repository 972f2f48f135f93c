//! Tokens on the table besides the miniatures: Impact tokens (KW-4, KW-9), the scenario's
//! objective markers and Body tokens (WOUND-9, kept by `sync`). Impact tokens come and go
//! with the engine's events; objective markers are read from the state after every answer.
//! A model's own states (Hacked, carrying a marker, …) show once, as icons on its plate
//! (`look`). `visuals` gives the tokens meshes.

use bevy::prelude::*;
use redline_rules::Event;

use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchEvents;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// An Impact token where a Blast will go off (KW-4).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ImpactMarker;

/// A scenario's objective marker (the engine's marker index).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjectiveMarker {
    /// Index in `Game::markers`.
    pub index: u8,
    /// Already searched (it may still be carried).
    pub searched: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (place_impacts, sync_markers.run_if(resource_exists::<Match>))
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

fn place_impacts(
    mut commands: Commands,
    mut batches: MessageReader<MatchEvents>,
    mut impacts: Query<(Entity, &mut Transform), With<ImpactMarker>>,
) {
    // An undo never crosses a roll and a Blast always rolls, so undo can't strand a token.
    for MatchEvents(events) in batches.read() {
        for event in events {
            match event {
                Event::ImpactPlaced { at, .. } => {
                    commands.spawn((
                        Name::new("Impact token"),
                        ImpactMarker,
                        Transform::from_translation(Vec3::from_array(*at)),
                        Visibility::default(),
                        DespawnOnExit(Screen::Battle),
                    ));
                }
                Event::ImpactMoved { from, to } => {
                    let from = Vec3::from_array(*from);
                    if let Some((_, mut t)) = impacts.iter_mut().min_by(|a, b| {
                        a.1.translation
                            .distance(from)
                            .total_cmp(&b.1.translation.distance(from))
                    }) {
                        t.translation = Vec3::from_array(*to);
                    }
                }
                Event::ImpactRemoved { at } => {
                    let at = Vec3::from_array(*at);
                    if let Some((entity, _)) = impacts.iter().min_by(|a, b| {
                        a.1.translation
                            .distance(at)
                            .total_cmp(&b.1.translation.distance(at))
                    }) {
                        commands.entity(entity).despawn();
                    }
                }
                _ => {}
            }
        }
    }
}

/// One entity per objective marker, where the engine says it is: on the table; hidden
/// while a model carries it (its carrier's plate shows the Carrying icon) and once carried
/// off the table.
fn sync_markers(
    mut commands: Commands,
    current: Res<Match>,
    mut markers: Query<(&mut ObjectiveMarker, &mut Transform, &mut Visibility)>,
) {
    if !current.is_changed() {
        return;
    }
    let game = current.game();
    for (i, marker) in game.markers().iter().enumerate() {
        let index = i as u8;
        let at = Vec3::from_array(game.marker_position(index));
        let shown = if marker.carried_off_by.is_some() || marker.carrier.is_some() {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        let state = ObjectiveMarker {
            index,
            searched: marker.searched,
        };
        match markers.iter_mut().find(|(m, _, _)| m.index == index) {
            Some((mut m, mut t, mut v)) => {
                if *m != state {
                    *m = state;
                }
                if t.translation != at {
                    t.translation = at;
                }
                if *v != shown {
                    *v = shown;
                }
            }
            None => {
                commands.spawn((
                    Name::new(format!("Objective marker {}", i + 1)),
                    state,
                    Transform::from_translation(at),
                    shown,
                    DespawnOnExit(Screen::Battle),
                ));
            }
        }
    }
}
