//! Fires on the table (FIRE), as the engine has them: one [`FireMark`] entity where each
//! fire shows — on a burning part's top; over a burning room's footprint only, on top of its
//! storey (a storey with no rooms is one room, MOD-9) — sized by the
//! fire's colour and bigger in an Inferno (FIRE-8). Read from `Game::fires` whenever the
//! match changes; a fire that goes out takes its marks with it. `visuals` draws the flames
//! and the smoke.

use bevy::prelude::*;
use redline_battlespace::{Battlespace, Compartment, SceneryId, SceneryShape};
use redline_rules::card::Colour;
use redline_rules::{Fire, FirePlace, Game};

use crate::headless::game::match_state::Match;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// Where a fire shows on the table: one per burning part, a few over a burning room.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FireMark {
    /// What burns.
    pub place: FirePlace,
    /// The scenery part the flames sit on; for a room, which of its marks this is.
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
    let inferno = game.in_inferno(fire.place);
    let mark = |part: u32, spread: f32| FireMark {
        place: fire.place,
        part,
        colour: fire.colour,
        inferno,
        spread,
    };
    match fire.place {
        FirePlace::Part(p) => space
            .piece(SceneryId(p))
            .map(|part| {
                let [x, z] = part.centre();
                let at = Vec3::new(x, part.top(), z);
                (mark(p, spread_of(&part.shape)), at)
            })
            .into_iter()
            .collect(),
        FirePlace::Compartment {
            building,
            storey,
            room,
        } => {
            let room = Compartment {
                building,
                storey,
                room,
            };
            room_spots(space, room)
                .into_iter()
                .enumerate()
                .map(|(k, (at, spread))| (mark(k as u32, spread), at))
                .collect()
        }
    }
}

/// Where a burning room's flames stand, and how far each spreads: over the room's own
/// footprint only (MOD-9). On the top storey they stand on its roof, one in the room's
/// middle and one halfway to each of (at most four of) its corners; under another storey
/// (whose floor would hide them) they lick out of the room's outside walls, halfway up.
pub fn room_spots(space: &Battlespace, room: Compartment) -> Vec<(Vec3, f32)> {
    let footprint = space.compartment_footprint(room);
    let parts = space.storey_parts(room.building, room.storey);
    if footprint.is_empty() || parts.is_empty() {
        return Vec::new();
    }
    let top = parts.iter().map(|p| p.top()).fold(f32::MIN, f32::max);
    let base = parts.iter().map(|p| p.base).fold(f32::MAX, f32::min);
    let corners: Vec<Vec2> = footprint.iter().map(|p| Vec2::from(*p)).collect();
    let middle = corners.iter().sum::<Vec2>() / corners.len() as f32;
    let across = corners
        .iter()
        .map(|c| c.distance(middle))
        .fold(0.0, f32::max);
    let spread = (across * 0.5).clamp(0.4, 2.0);
    let above = !space
        .storey_parts(room.building, room.storey.saturating_add(1))
        .is_empty();
    let spots: Vec<Vec3> = if above {
        let storey = space.storey_footprint(room.building, room.storey);
        outside_walls(&corners, &storey, middle)
            .into_iter()
            .map(|p| Vec3::new(p.x, (base + top) / 2.0, p.y))
            .collect()
    } else {
        let every = corners.len().div_ceil(4);
        std::iter::once(middle)
            .chain(corners.iter().step_by(every).map(|c| middle.lerp(*c, 0.5)))
            .map(|p| Vec3::new(p.x, top, p.y))
            .collect()
    };
    spots.into_iter().map(|at| (at, spread)).collect()
}

/// Just outside the middle of each of a room's sides that is an outside wall of its
/// storey (the point 0.6" out from it lies outside the storey's footprint).
fn outside_walls(room: &[Vec2], storey: &[[f32; 2]], middle: Vec2) -> Vec<Vec2> {
    let storey: Vec<Vec2> = storey.iter().map(|p| Vec2::from(*p)).collect();
    (0..room.len())
        .map(|i| (room[i] + room[(i + 1) % room.len()]) / 2.0)
        .map(|side| side + (side - middle).normalize_or_zero() * 0.6)
        .filter(|p| !inside_convex(&storey, *p))
        .collect()
}

/// Whether a point lies inside a convex footprint, either way round.
fn inside_convex(footprint: &[Vec2], p: Vec2) -> bool {
    let sides: Vec<f32> = (0..footprint.len())
        .map(|i| {
            let (a, b) = (footprint[i], footprint[(i + 1) % footprint.len()]);
            (b - a).perp_dot(p - a)
        })
        .collect();
    !sides.is_empty() && (sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0))
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
