//! Fires on the table (FIRE), as the engine has them: one [`FireMark`] entity where each
//! fire shows — on a burning part's top, on each part of a burning storey — sized by the
//! fire's colour and bigger in an Inferno (FIRE-8). Read from `Game::fires` whenever the
//! match changes; a fire that goes out takes its marks with it. `visuals` draws the flames
//! and the smoke.

use bevy::prelude::*;
use redline_battlespace::{Battlespace, SceneryId, SceneryPiece, SceneryShape};
use redline_rules::card::Colour;
use redline_rules::{Fire, FirePlace, Game};

use crate::headless::game::match_state::Match;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// Where a fire shows on the table: one per burning part, one per part of a burning storey.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FireMark {
    /// What burns.
    pub place: FirePlace,
    /// The scenery part the flames sit on.
    pub part: u32,
    /// The fire's colour (FIRE-5): RED small, YELLOW larger, GREEN largest.
    pub colour: Colour,
    /// The building is an Inferno (FIRE-8): the flames are bigger still.
    pub inferno: bool,
    /// How far the flames spread over the part, inches.
    pub spread: f32,
}

impl FireMark {
    /// How big the flames are: 1 for a YELLOW fire, less for RED, more for GREEN, and half
    /// again in an Inferno.
    pub fn size(&self) -> f32 {
        let by_colour = match self.colour {
            Colour::Red => 0.7,
            Colour::Yellow => 1.0,
            Colour::Green => 1.3,
        };
        if self.inferno {
            by_colour * 1.5
        } else {
            by_colour
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    // A match put on the table before the Battle screen opens is followed from its first
    // frame there.
    app.add_systems(
        OnEnter(Screen::Battle),
        follow_fires.run_if(resource_exists::<Match>),
    );
    app.add_systems(
        Update,
        follow_fires
            .run_if(resource_exists_and_changed::<Match>)
            .in_set(PlaySystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Every fire mark the game's fires call for, each with where it sits.
pub fn fire_marks(game: &Game) -> Vec<(FireMark, Vec3)> {
    let space = game.battlespace();
    game.fires()
        .iter()
        .flat_map(|fire| marks_of(game, space, fire))
        .collect()
}

fn marks_of(game: &Game, space: &Battlespace, fire: &Fire) -> Vec<(FireMark, Vec3)> {
    let parts: Vec<&SceneryPiece> = match fire.place {
        FirePlace::Part(p) => space.piece(SceneryId(p)).into_iter().collect(),
        FirePlace::Compartment {
            building, storey, ..
        } => space
            .storey_parts(building, storey)
            .into_iter()
            // The walls show it: a slab's flames would hide in the storey above.
            .filter(|p| p.storey.is_some_and(|s| !s.slab))
            .collect(),
    };
    let inferno = game.in_inferno(fire.place);
    let middle =
        parts.iter().map(|p| Vec2::from(p.centre())).sum::<Vec2>() / parts.len().max(1) as f32;
    parts
        .into_iter()
        .map(|part| {
            let centre = Vec2::from(part.centre());
            let (at, y) = match fire.place {
                FirePlace::Part(_) => (centre, part.top()),
                // Flames licking up the outside of each of the storey's walls, halfway up.
                FirePlace::Compartment { .. } => {
                    let out = (centre - middle).normalize_or_zero();
                    (centre + out * 0.6, part.base + part.shape.height() * 0.5)
                }
            };
            let [x, z] = at.to_array();
            let mark = FireMark {
                place: fire.place,
                part: part.id.0,
                colour: fire.colour,
                inferno,
                spread: spread_of(&part.shape),
            };
            (mark, Vec3::new(x, y, z))
        })
        .collect()
}

/// How far over a part the flames spread: about its footprint, kept to a readable size.
fn spread_of(shape: &SceneryShape) -> f32 {
    let across = match shape {
        SceneryShape::Box { size, .. } => size[0].max(size[2]),
        SceneryShape::Cylinder { radius, .. } => radius * 2.0,
        SceneryShape::Hull { footprint, .. } => {
            let xs = footprint.iter().map(|p| p[0]);
            let zs = footprint.iter().map(|p| p[1]);
            let span = |v: Vec<f32>| {
                v.iter().copied().fold(f32::MIN, f32::max)
                    - v.iter().copied().fold(f32::MAX, f32::min)
            };
            span(xs.collect()).max(span(zs.collect()))
        }
        SceneryShape::Wall { from, to, .. } => Vec2::from(*from).distance(Vec2::from(*to)),
    };
    (across * 0.5).clamp(0.4, 2.0)
}

/// Keeps one [`FireMark`] per place the fires show, spawning new ones, updating a fire
/// that changed colour or became an Inferno and removing those that went out.
fn follow_fires(
    mut commands: Commands,
    current: Res<Match>,
    mut marks: Query<(Entity, &mut FireMark, &mut Transform)>,
) {
    let mut wanted = fire_marks(current.game());
    for (entity, mut mark, mut transform) in &mut marks {
        let same = |(m, _): &(FireMark, Vec3)| m.place == mark.place && m.part == mark.part;
        match wanted.iter().position(same) {
            Some(i) => {
                let (now, at) = wanted.swap_remove(i);
                if *mark != now {
                    *mark = now;
                }
                if transform.translation != at {
                    transform.translation = at;
                }
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for (mark, at) in wanted {
        commands.spawn((
            Name::new("Fire"),
            mark,
            Transform::from_translation(at),
            Visibility::default(),
            DespawnOnExit(Screen::Battle),
        ));
    }
}
