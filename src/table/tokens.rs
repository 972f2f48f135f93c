//! Tokens on the table besides the miniatures: Impact tokens (KW-4, KW-9), Hacked tokens
//! (NET-14), the scenario's objective markers and Body tokens (WOUND-9, kept by `sync`).
//! Impact tokens come and go with the engine's events; Hacked tokens and objective markers
//! are read from the state after every answer (a Hacked stack rides on its miniature as a
//! child entity; a carried marker floats over its carrier). `visuals::tokens` gives them
//! meshes.

use bevy::prelude::*;
use redline_rules::Event;

use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchEvents;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::spawn::Miniature;

/// An Impact token where a Blast will go off (KW-4).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ImpactMarker;

/// Hacked tokens on a miniature (NET-14); a child of the miniature's entity.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HackedMarker {
    /// How many.
    pub count: u8,
}

/// A scenario's objective marker (the engine's marker index).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjectiveMarker {
    /// Index in `Game::markers`.
    pub index: u8,
    /// Already searched (it may still be carried).
    pub searched: bool,
}

/// How high a carried marker floats over its carrier's base, inches.
pub const CARRIED_HEIGHT: f32 = 1.8;

/// How high over a miniature's base its Hacked tokens float, inches.
pub const HACKED_HEIGHT: f32 = 1.45;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            place_impacts,
            (sync_hacked, sync_markers).run_if(resource_exists::<Match>),
        )
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

/// Each miniature carries a [`HackedMarker`] child while it has Hacked tokens.
fn sync_hacked(
    mut commands: Commands,
    current: Res<Match>,
    miniatures: Query<(Entity, &Miniature, Option<&Children>)>,
    mut markers: Query<&mut HackedMarker>,
) {
    if !current.is_changed() {
        return;
    }
    let game = current.game();
    for (entity, miniature, children) in &miniatures {
        if miniature.model.index() >= game.model_count() {
            continue;
        }
        let count = game.hacked(miniature.model);
        let existing = children
            .into_iter()
            .flatten()
            .copied()
            .find(|c| markers.contains(*c));
        match (existing, count) {
            (Some(marker), 0) => commands.entity(marker).despawn(),
            (Some(marker), n) => {
                if let Ok(mut m) = markers.get_mut(marker)
                    && m.count != n
                {
                    m.count = n;
                }
            }
            (None, 0) => {}
            (None, n) => {
                commands.entity(entity).with_child((
                    Name::new("Hacked tokens"),
                    HackedMarker { count: n },
                    Transform::from_xyz(0.0, HACKED_HEIGHT, 0.0),
                    Visibility::default(),
                ));
            }
        }
    }
}

/// One entity per objective marker, where the engine says it is: on the table, over its
/// carrier, or hidden once carried off the table.
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
        let mut at = Vec3::from_array(game.marker_position(index));
        if marker.carrier.is_some() {
            at.y += CARRIED_HEIGHT;
        }
        let shown = if marker.carried_off_by.is_some() {
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
