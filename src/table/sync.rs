//! Keeps the battle's entities true to the game: `Moved` events become walks along the
//! route the engine resolved (carried in the event), pushes and falls join the walk, an
//! attack (the defender's `DefenceChosen` after the actor's `ActionTaken`) becomes a shot
//! along the engine's Path of Attack or a swing, a wound flips its token. Tokens,
//! Luck, who is in play and where each model finally stands are read from the state after
//! every answer (and after an undo), so a model placed in the deployment appears, or
//! jumps, where the engine set it down.

use bevy::prelude::*;
use redline_rules::card::Skill;
use redline_rules::{Event, Game, LegKind, ModelId, RouteLeg, Seat};

use crate::headless::game::match_state::Match;
use crate::headless::game::messages::MatchEvents;
use crate::headless::game::messages::MatchRewound;
use crate::headless::game::probe::poa_view;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;
use crate::table::animate::{Strike, StrikeKind, TokenFlip, Walk, WalkLeg};
use crate::table::haywire::Haywire;
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
        (
            crate::table::haywire::note_haywire,
            animate_moves,
            sync_with_game,
        )
            .chain()
            .run_if(resource_exists::<Match>)
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

fn to_vec(p: [f32; 3]) -> Vec3 {
    Vec3::from_array(p)
}

/// The stretches of the route the engine says a model walked from `from`.
fn walk_route(from: Vec3, route: &[RouteLeg]) -> Vec<WalkLeg> {
    let mut at = from;
    route
        .iter()
        .map(|leg| {
            let to = to_vec(leg.to);
            let walked = WalkLeg::new(at, to, leg.kind);
            at = to;
            walked
        })
        .collect()
}

/// A straight stretch: a slide, or a drop when it goes mostly down.
fn straight(from: Vec3, to: Vec3) -> WalkLeg {
    let down = from.y - to.y;
    let kind = if down > 0.5 && down > from.with_y(0.0).distance(to.with_y(0.0)) {
        LegKind::Drop
    } else {
        LegKind::Walk
    };
    WalkLeg::new(from, to, kind)
}

/// A fall of `height` ending where the walk ends: its last stretch when that already goes
/// down as far, else a short rise (the climb that failed) and the drop.
fn fall(walk: &mut Walk, height: f32, at: Vec3) {
    let end = walk.end().unwrap_or(at);
    if let Some(last) = walk.legs.last_mut()
        && last.from.y - last.to.y >= height - 0.05
    {
        *last = WalkLeg::new(last.from, last.to, LegKind::Drop);
        return;
    }
    let top = end + Vec3::Y * height;
    walk.then(vec![
        WalkLeg::new(end, top, LegKind::Climb),
        WalkLeg::new(top, end, LegKind::Drop),
    ]);
}

/// What the events of one answer start on the table.
#[derive(Default)]
struct Motions {
    walks: Vec<(ModelId, Walk)>,
    /// The tokens each model had wounded.
    flips: Vec<(ModelId, Vec<u8>)>,
}

impl Motions {
    /// The walk of `model` this answer extends: one started earlier in the batch, else a
    /// copy of the one it is playing.
    fn walk_of(&mut self, model: ModelId, playing: Option<&Walk>) -> &mut Walk {
        let i = match self.walks.iter().position(|(m, _)| *m == model) {
            Some(i) => i,
            None => {
                let walk = playing.cloned().unwrap_or_else(|| Walk::new(Vec::new()));
                self.walks.push((model, walk));
                self.walks.len() - 1
            }
        };
        &mut self.walks[i].1
    }
}

/// The miniatures as `animate_moves` reads them.
type Animated<'a> = (Entity, &'a Miniature, Option<&'a Walk>);

/// Turns each answer's events into motion: walks along the routes the engine resolved,
/// falls, pushes, shots and swings, and token flips. The queue plays on its own; the game
/// has already moved on.
fn animate_moves(
    mut commands: Commands,
    current: Res<Match>,
    mut rewound: MessageReader<MatchRewound>,
    mut batches: MessageReader<MatchEvents>,
    miniatures: Query<Animated>,
    // The model whose action is being resolved, and the action.
    mut actor: Local<Option<(ModelId, u16)>>,
) {
    // A step taken back: the models stand where the game now has them (`sync_with_game`).
    if rewound.read().count() > 0 {
        for (entity, _, walk) in &miniatures {
            if walk.is_some() {
                commands.entity(entity).remove::<Walk>();
            }
        }
    }
    let game = current.game();
    for MatchEvents(events) in batches.read() {
        let mut motions = Motions::default();
        let playing = |m: ModelId, q: &Query<Animated>| {
            q.iter()
                .find(|(_, mini, _)| mini.model == m)
                .and_then(|(_, _, w)| w.cloned())
        };
        for event in events {
            match event {
                Event::ActionTaken { model, action, .. } => *actor = Some((*model, *action)),
                Event::DefenceChosen {
                    model: defender, ..
                } => {
                    if let Some((attacker, action)) = *actor
                        && attacker != *defender
                        && attacker.index() < game.model_count()
                    {
                        commands.spawn((
                            Name::new("Attack"),
                            strike(game, attacker, action, *defender),
                            Transform::default(),
                            Visibility::default(),
                            DespawnOnExit(Screen::Battle),
                        ));
                    }
                }
                Event::Moved {
                    model,
                    from,
                    to,
                    route,
                } => {
                    let (from, to) = (to_vec(*from), to_vec(*to));
                    // No route: set down, or left off the route, straight from `from`.
                    let legs = if route.is_empty() {
                        vec![straight(from, to)]
                    } else {
                        walk_route(from, route)
                    };
                    let p = playing(*model, &miniatures);
                    let walk = motions.walk_of(*model, p.as_ref());
                    // A move right after another starts where the first one ends.
                    if let Some(end) = walk.end()
                        && end.distance(from) > 0.05
                    {
                        walk.then(vec![straight(end, from)]);
                    }
                    walk.then(legs);
                }
                Event::Pushed {
                    model, from, to, ..
                } => {
                    let p = playing(*model, &miniatures);
                    let walk = motions.walk_of(*model, p.as_ref());
                    let start = walk.end().unwrap_or(to_vec(*from));
                    walk.then(vec![straight(start, to_vec(*to))]);
                }
                Event::Fell { model, height } => {
                    let at = to_vec(game.position(*model));
                    let p = playing(*model, &miniatures);
                    fall(motions.walk_of(*model, p.as_ref()), *height, at);
                }
                Event::Wounded { model, token, .. } => {
                    match motions.flips.iter_mut().find(|(m, _)| m == model) {
                        Some((_, tokens)) => tokens.push(*token),
                        None => motions.flips.push((*model, vec![*token])),
                    }
                }
                _ => {}
            }
        }
        for (entity, mini, _) in &miniatures {
            let walk = motions
                .walks
                .iter()
                .find(|(m, w)| *m == mini.model && !w.legs.is_empty());
            if let Some((_, walk)) = walk {
                commands.entity(entity).insert(walk.clone());
            }
            if let Some((_, tokens)) = motions.flips.iter().find(|(m, _)| *m == mini.model) {
                commands.entity(entity).insert(TokenFlip {
                    tokens: tokens.clone(),
                    elapsed: 0.0,
                });
            }
        }
    }
}

/// A shot along the engine's Path of Attack, or a swing (a Melee action) from the
/// attacker's base toward the defender's.
fn strike(game: &Game, attacker: ModelId, action: u16, defender: ModelId) -> Strike {
    let melee = game
        .action(attacker, action)
        .is_some_and(|a| a.skill == Some(Skill::Melee));
    let (kind, from, to) = if melee {
        (
            StrikeKind::Swing,
            to_vec(game.position(attacker)),
            to_vec(game.position(defender)),
        )
    } else {
        let poa = poa_view(game, attacker, defender, action);
        (StrikeKind::Shot, poa.from, poa.to)
    };
    Strike {
        actor: attacker,
        kind,
        from,
        to,
        elapsed: 0.0,
    }
}

/// What `sync_with_game` keeps true on each miniature.
type SyncedMiniature<'a> = (
    &'a Miniature,
    &'a mut ActionTokens,
    &'a mut FigureLook,
    &'a mut Transform,
    &'a mut Visibility,
    Option<&'a Walk>,
);

/// Tokens, Luck, Body tokens, who is in play and, for models not animating, where they
/// stand: all read from the game whenever the match changes.
fn sync_with_game(
    mut commands: Commands,
    current: Res<Match>,
    mut miniatures: Query<SyncedMiniature>,
    bodies: Query<(Entity, &BodyMarker)>,
    mut teams: ResMut<Teams>,
    haywire: Res<Haywire>,
) {
    if !current.is_changed() {
        return;
    }
    let game = current.game();
    for (miniature, mut tokens, mut look, mut transform, mut visibility, walk) in &mut miniatures {
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
        let seen = figure_look(game, m, haywire.now(game));
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
        if walk.is_none() && transform.translation.distance(at) > 1e-4 {
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
