//! The match behind the `modules` smoke scene: the quick skirmish's crews on the Tenement
//! Yard with TERR, FIRE, AID and BOT on. The first crew's Leader carries a Breaching Charge
//! and starts against the tenement's blank ground-floor wall; another of its characters
//! carries a Pitch Jar, placed where the engine lets it hurl the jar at a rival standing in
//! the tenement. The match is played with the engine's legal commands: the jar flies, the
//! Leader holes the wall, the crew attacks the rival, and the scripted player answers
//! everything else, until a wall is holed, a storey burns and a model lies Downed.

use bevy::prelude::*;
use redline_battlespace::{SceneryId, SceneryPiece, SceneryShape};
use redline_content::Catalog;
use redline_content::skirmish::{quick_team, skirmish_with_rules};
use redline_content::team::{TeamRules, TeamSpec};
use redline_rules::{
    ActionCommand, Command, Event, FirePlace, Game, ModelId, Module, Seat, Setup, Target, ignite_of,
};

use super::battle::{AIM_FRAME, set_up};
use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::flow::breach_aim::aimed_section;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::game::quick::{QUICK_FACTIONS, QUICK_SCENARIO};
use crate::table::camera::TableCamera;

/// The layout with the tenement.
const LAYOUT: &str = "tenement_yard";
/// Seeds tried before giving up.
const SEEDS: u64 = 12;
/// Answers played per seed before giving up.
const ANSWERS: usize = 400;
/// The team budget: the two Gear cards on top of the quick team's.
const EB_LIMIT: u32 = 250;

/// Who the scene is about: the Leader with the charge, the thrower with the jar, their
/// rival in the tenement, the wall the Leader breaches.
#[derive(Clone, Copy)]
struct Cast {
    leader: ModelId,
    thrower: ModelId,
    rival: ModelId,
    wall: u32,
}

/// The match with a wall holed, a storey burning and a model Downed, and the events of its
/// last answer.
pub fn modules_in_play(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let (setup, meta, cast) = staged(catalog)?;
    for seed in 1..=SEEDS {
        let mut m = Match::new(setup.clone(), seed, meta.clone()).ok()?;
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            if done(m.game(), cast) {
                return Some((m, events));
            }
            let Some(command) = direct(m.game(), cast).or_else(|| scripted_answer(m.game())) else {
                break;
            };
            events = m.answer(command).ok()?;
        }
    }
    None
}

/// The teams: the Leader with the charge, the first other member that may carry it with
/// the jar; and the skirmish set up with the modules on.
fn teams_and_table(
    catalog: &Catalog,
) -> Option<(Vec<TeamSpec>, redline_content::skirmish::Skirmish, usize)> {
    let mut rules = TeamRules::one_off(EB_LIMIT);
    rules.modules = [Module::Terr, Module::Fire, Module::Aid, Module::Bot].into();
    let mut teams = QUICK_FACTIONS
        .iter()
        .map(|f| quick_team(catalog, f, &rules))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    teams[0].members.first_mut()?.gear = vec!["gear_breaching_charge".into()];
    let seat_rules = [rules.clone(), rules.clone()];
    (1..teams[0].members.len()).find_map(|j| {
        let mut tried = teams.clone();
        tried[0].members[j].gear = vec!["gear_pitch_jar".into()];
        let table = skirmish_with_rules(catalog, QUICK_SCENARIO, Some(LAYOUT), &tried, &seat_rules)
            .ok()?
            .with_modules(&rules.modules)
            .ok()?;
        Some((tried, table, j))
    })
}

/// The set-up: modules on, the Gear carried, the Leader by the blank wall and the thrower
/// and the rival where the engine lets the jar fly.
fn staged(catalog: &Catalog) -> Option<(Setup, MatchMeta, Cast)> {
    let (teams, table, j) = teams_and_table(catalog)?;
    let meta = MatchMeta::of_skirmish(catalog, &table, &teams, false);
    let mut setup = table.setup;
    let crew: Vec<usize> = (0..setup.models.len())
        .filter(|&i| setup.models[i].owner == Seat(0))
        .collect();
    let (leader, thrower) = (ModelId(crew[0] as u16), ModelId(*crew.get(j)? as u16));
    let rival = ModelId(setup.models.iter().position(|m| {
        m.owner == Seat(1) && m.profile.gonk_colour.is_none() && m.profile.construct.is_none()
    })? as u16);
    let space = setup.battlespace.clone();
    let wall = blank_ground_wall(space.pieces())?;
    let centre = storey_centre(space.pieces())?;
    let outside = beside(wall, centre);
    setup.models[leader.index()].position = [outside[0], 0.0, outside[1]];
    let (at_thrower, at_rival) = jar_spots(&setup, thrower, rival, centre)?;
    setup.models[thrower.index()].position = at_thrower;
    setup.models[rival.index()].position = at_rival;
    let cast = Cast {
        leader,
        thrower,
        rival,
        wall: wall.id.0,
    };
    Some((setup, meta, cast))
}

/// A spot in the tenement for the rival and one outside for the thrower from which the
/// engine lets the jar fly at it, the first game's opening Control given to the thrower's
/// seat.
fn jar_spots(
    setup: &Setup,
    thrower: ModelId,
    rival: ModelId,
    centre: [f32; 2],
) -> Option<([f32; 3], [f32; 3])> {
    let insides = [(0.0, 0.0), (1.5, 0.0), (-1.5, 0.0)];
    for (dx, dz) in insides {
        let at_rival = [centre[0] + dx, 0.0, centre[1] + dz];
        for k in 0..24 {
            let a = k as f32 * std::f32::consts::TAU / 24.0;
            for r in [5.5f32, 6.5] {
                let at = [centre[0] + r * a.cos(), 0.0, centre[1] + r * a.sin()];
                let mut tried = setup.clone();
                tried.models[thrower.index()].position = at;
                tried.models[rival.index()].position = at_rival;
                if jar_flies(tried, thrower, rival) {
                    return Some((at, at_rival));
                }
            }
        }
    }
    None
}

/// Whether, in a game started from `setup`, the thrower's first activation may hurl the jar
/// at the rival: the engine's check.
fn jar_flies(setup: Setup, thrower: ModelId, rival: ModelId) -> bool {
    let Ok(mut game) = Game::new(setup, 1) else {
        return false;
    };
    let opening = [
        Command::GiveFirstControl { seat: Seat(0) },
        Command::Activate { model: thrower },
    ];
    if opening.into_iter().any(|c| game.apply(c).is_err()) {
        return false;
    }
    let Some(jar) = game
        .actions_of(thrower)
        .into_iter()
        .find(|&i| game.action(thrower, i).and_then(ignite_of).is_some())
    else {
        return false;
    };
    (0..game.tokens(thrower).len() as u8).any(|t| {
        let cmd = ActionCommand {
            model: thrower,
            action: jar,
            token: Some(t),
            target: Target::Model(rival),
        };
        game.check(&Command::Act(cmd)).is_ok()
    })
}

/// The tenement's ground-floor wall with no door or window.
fn blank_ground_wall(pieces: &[SceneryPiece]) -> Option<&SceneryPiece> {
    pieces.iter().find(|p| {
        p.storey.is_some_and(|s| s.number == 1 && !s.slab)
            && p.openings.is_empty()
            && matches!(p.shape, redline_battlespace::SceneryShape::Wall { .. })
    })
}

/// The middle of the tenement's ground floor (x, z).
fn storey_centre(pieces: &[SceneryPiece]) -> Option<[f32; 2]> {
    let walls: Vec<[f32; 2]> = pieces
        .iter()
        .filter(|p| p.storey.is_some_and(|s| s.number == 1))
        .map(SceneryPiece::centre)
        .collect();
    let n = walls.len() as f32;
    (n > 0.0).then(|| {
        let sum = walls
            .iter()
            .fold([0.0, 0.0], |a, c| [a[0] + c[0], a[1] + c[1]]);
        [sum[0] / n, sum[1] / n]
    })
}

/// A spot just outside `wall` (away from `inside`), a quarter of its length from its
/// middle.
fn beside(wall: &SceneryPiece, inside: [f32; 2]) -> [f32; 2] {
    let SceneryShape::Wall {
        from,
        to,
        thickness,
        ..
    } = wall.shape
    else {
        return wall.centre();
    };
    let (from, to) = (glam_v(from), glam_v(to));
    let along = (to - from).normalize_or_zero();
    let mut normal = Vec2::new(-along.y, along.x);
    let middle = (from + to) / 2.0;
    if normal.dot(glam_v(inside) - middle) > 0.0 {
        normal = -normal;
    }
    let foot = middle + along * (to - from).length() * 0.25;
    (foot + normal * (thickness / 2.0 + 0.75)).to_array()
}

fn glam_v(p: [f32; 2]) -> Vec2 {
    Vec2::from_array(p)
}

/// Whether the scene is reached: the wall holed, a storey burning, a model Downed.
fn done(game: &Game, cast: Cast) -> bool {
    holed(game, cast)
        && burning(game)
        && (0..game.model_count() as u16).any(|i| game.is_downed(ModelId(i)))
}

/// Whether the Leader's wall has a hole.
fn holed(game: &Game, cast: Cast) -> bool {
    game.battlespace()
        .piece(SceneryId(cast.wall))
        .is_none_or(|p| !p.openings.is_empty())
}

/// Whether a storey burns.
fn burning(game: &Game) -> bool {
    game.fires()
        .iter()
        .any(|f| matches!(f.place, FirePlace::Compartment { .. }))
}

/// The scene's own choice among the engine's legal commands, when it has one: the thrower
/// activates and hurls the jar at the rival, the Leader activates and breaches the section
/// in front of it, the crew attacks the rival.
fn direct(game: &Game, cast: Cast) -> Option<Command> {
    // Only the first crew's choices are the scene's.
    let decision = game.decision()?;
    let ours = match decision.kind {
        redline_rules::DecisionKind::TakeControl { .. } => decision.seat == Seat(0),
        redline_rules::DecisionKind::NextAction { model } => game.owner(model) == Seat(0),
        _ => false,
    };
    if !ours {
        return None;
    }
    let legal = game.legal_commands();
    let acts = |pick: &dyn Fn(&ActionCommand) -> bool| {
        legal
            .iter()
            .find(|c| matches!(c, Command::Act(a) if pick(a)))
            .cloned()
    };
    let activate = |model| {
        let c = Command::Activate { model };
        legal.contains(&c).then_some(c)
    };
    if !burning(game) && game.in_play(cast.thrower) {
        let is_jar =
            |a: &ActionCommand| game.action(a.model, a.action).and_then(ignite_of).is_some();
        let jar = acts(&|a| {
            a.model == cast.thrower && is_jar(a) && a.target == Target::Model(cast.rival)
        });
        if let Some(c) = jar.or_else(|| activate(cast.thrower)) {
            return Some(c);
        }
    }
    if !holed(game, cast) && game.in_play(cast.leader) {
        let (part, section) = aimed_section(game, cast.wall, game.position(cast.leader));
        let breach =
            acts(&|a| a.model == cast.leader && a.target == Target::Scenery { part, section });
        if let Some(c) = breach.or_else(|| activate(cast.leader)) {
            return Some(c);
        }
    }
    acts(&|a| {
        game.owner(a.model) == Seat(0)
            && a.target == Target::Model(cast.rival)
            && game.action(a.model, a.action).is_some_and(|d| d.attack)
    })
}

/// The frame the `modules` scene is photographed: the flames have flared up by then.
const MODULES_SHOT: u32 = 40;

/// `modules`: the match with a wall holed, a storey burning and a model Downed, the
/// camera over the tenement from its holed side and the Downed model's card open.
pub(super) fn modules(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, modules_in_play_here) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some(downed) = (0..m.game().model_count() as u16)
            .map(ModelId)
            .find(|&d| m.game().is_downed(d))
    {
        stage.select_model(downed);
    }
    // The camera follows each activation: set it over the tenement just before the picture.
    if (frame == AIM_FRAME + 1 || frame == MODULES_SHOT - 2)
        && let Some(camera) = stage
            .current
            .as_deref()
            .and_then(|m| over_the_tenement(m.game()))
    {
        stage.commands.queue(move |world: &mut World| {
            let mut cameras = world.query::<&mut TableCamera>();
            for mut c in cameras.iter_mut(world) {
                *c = camera;
            }
        });
    }
    // The last roll's dice land before the picture; the flames hold still.
    if frame == MODULES_SHOT - 3 {
        stage.commands.queue(|world: &mut World| {
            world.write_message(crate::table::animate::SkipAnimations);
        });
    }
    stage.shoot(run, frame, MODULES_SHOT);
}

/// The scene's match, played ahead.
fn modules_in_play_here(stage: &mut Stage) -> Option<(Match, Vec<Event>)> {
    modules_in_play(&stage.content.0)
}

/// A camera over the tenement, looking from the side of its blank wall.
fn over_the_tenement(game: &Game) -> Option<TableCamera> {
    let pieces = game.setup().battlespace.pieces();
    let wall = blank_ground_wall(pieces)?.centre();
    let inside = storey_centre(pieces)?;
    let out = glam_v(wall) - glam_v(inside);
    Some(TableCamera {
        focus: Vec3::new(inside[0], 1.0, inside[1]),
        yaw: out.x.atan2(out.y),
        pitch: 0.95,
        distance: 30.0,
        top_down: false,
        user_moved: true,
    })
}
