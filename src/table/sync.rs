//! Keeps the battle's entities true to the game: moves from `Moved` events become
//! animations, and so does an attack (the defender's `DefenceChosen` after the actor's
//! `ActionTaken`); tokens, Luck, who is in play and where each model finally stands are read
//! from the state after every answer (and after an undo), so a model placed in the
//! deployment appears, or jumps, where the engine set it down.

use bevy::prelude::*;
use redline_rules::{Event, ModelId, Seat};

use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchEvents;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::animate::{Strike, Tween};
use crate::table::look::{FigureLook, figure_look};
use crate::table::spawn::{ActionToken, ActionTokens, Miniature, Teams};

/// A Body token on the table (WOUND-9).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct BodyMarker {
    /// Whose body.
    pub model: ModelId,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (animate_moves, sync_with_game)
            .chain()
            .run_if(resource_exists::<Match>)
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

fn to_vec(p: [f32; 3]) -> Vec3 {
    Vec3::from_array(p)
}

fn face_along(transform: &mut Transform, from: Vec3, to: Vec3) {
    let dir = (to - from).with_y(0.0);
    if dir.length_squared() > 1e-4 {
        transform.look_to(dir.normalize(), Vec3::Y);
    }
}

/// Height of a figure's chest above its base, where an attack's streak starts and ends.
const CHEST: f32 = 0.6;

fn animate_moves(
    mut commands: Commands,
    mut batches: MessageReader<MatchEvents>,
    mut miniatures: Query<(Entity, &Miniature, &mut Transform, Option<&Tween>)>,
    mut actor: Local<Option<ModelId>>,
) {
    for MatchEvents(events) in batches.read() {
        for event in events {
            if let Event::ActionTaken { model, .. } = event {
                *actor = Some(*model);
            }
            // The defence is chosen in a later answer than the action (after a hand-over).
            if let Event::DefenceChosen {
                model: defender, ..
            } = event
                && let Some(attacker) = *actor
                && attacker != *defender
            {
                let chest = |m: ModelId| {
                    miniatures
                        .iter()
                        .find(|(_, mini, _, _)| mini.model == m)
                        .map(|(_, _, t, tween)| tween.map_or(t.translation, |t| t.to))
                        .map(|at| at + Vec3::Y * CHEST)
                };
                if let (Some(from), Some(to)) = (chest(attacker), chest(*defender)) {
                    commands.spawn((
                        Name::new("Attack streak"),
                        Strike::new(from, to),
                        Transform::default(),
                        Visibility::default(),
                        DespawnOnExit(Screen::Battle),
                    ));
                }
            }
            let Event::Moved { model, from, to } = event else {
                continue;
            };
            for (entity, miniature, mut transform, tween) in &mut miniatures {
                if miniature.model != *model {
                    continue;
                }
                // A move right after another starts where the first one ends.
                let start = tween.map_or(to_vec(*from), |t| t.to);
                face_along(&mut transform, start, to_vec(*to));
                commands
                    .entity(entity)
                    .insert(Tween::new(start, to_vec(*to)));
            }
        }
    }
}

/// What `sync_with_game` keeps true on each miniature.
type SyncedMiniature<'a> = (
    &'a Miniature,
    &'a mut ActionTokens,
    &'a mut FigureLook,
    &'a mut Transform,
    &'a mut Visibility,
    Option<&'a Tween>,
);

/// Tokens, Luck, Body tokens, who is in play and, for models not animating, where they
/// stand: all read from the game whenever the match changes.
fn sync_with_game(
    mut commands: Commands,
    current: Res<Match>,
    mut miniatures: Query<SyncedMiniature>,
    bodies: Query<(Entity, &BodyMarker)>,
    mut teams: ResMut<Teams>,
) {
    if !current.is_changed() {
        return;
    }
    let game = current.game();
    for (miniature, mut tokens, mut look, mut transform, mut visibility, tween) in &mut miniatures {
        let m = miniature.model;
        if m.index() >= game.model_count() {
            continue;
        }
        let now: Vec<ActionToken> = game
            .tokens(m)
            .iter()
            .map(|t| ActionToken {
                colour: t.colour,
                ready: t.ready,
            })
            .collect();
        if tokens.0 != now {
            tokens.0 = now;
        }
        let seen = figure_look(game, m);
        if *look != seen {
            *look = seen;
        }
        // A taken-out model lies where it fell, beside its Body token.
        let shown = if game.in_play(m) || game.taken_out(m) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != shown {
            *visibility = shown;
        }
        let at = to_vec(game.position(m));
        if tween.is_none() && transform.translation.distance(at) > 1e-4 {
            transform.translation = at;
        }
    }
    for (i, team) in teams.0.iter_mut().enumerate() {
        if i < game.setup().players.len() {
            let luck = game.luck(Seat(i as u8));
            if team.luck != luck {
                team.luck = luck;
            }
        }
    }
    let on_table = game.bodies();
    for (entity, body) in &bodies {
        if !on_table.iter().any(|(_, m, _)| *m == body.model) {
            commands.entity(entity).despawn();
        }
    }
    for (_, model, at) in on_table {
        if !bodies.iter().any(|(_, b)| b.model == model) {
            commands.spawn((
                Name::new("Body token"),
                BodyMarker { model },
                Transform::from_translation(to_vec(at)),
                Visibility::default(),
                DespawnOnExit(Screen::Battle),
            ));
        }
    }
}
