//! The match behind the `security` smoke scene: the quick skirmish's crews on the Tenement
//! Yard with SEC and BOT on. The defender (the second crew, or the first if only it has a
//! Tech character, SEC-1) has locked the tenement's doors and windows, placed two sentries
//! round it facing the table's middle and run a chain-link fence and a coil of razor wire
//! across its half. Every placement is checked by the engine (`Game::new` refuses what breaks
//! SEC-1, SEC-2, SEC-9 or SEC-14). The scripted player then plays until a sentry has fired
//! and the defender decides, so its locks show on the table.

use std::sync::Arc;

use bevy::prelude::*;
use redline_battlespace::{Battlespace, SceneryId, SceneryKind, SceneryPiece, SceneryShape};
use redline_content::Catalog;
use redline_content::skirmish::{quick_team, skirmish_with_rules};
use redline_content::team::TeamRules;
use redline_rules::scenario::Entry;
use redline_rules::security::{
    FenceKind, FencePlan, LockGrade, LockPlan, SecurityPlan, SecurityRules, SentryPlan,
    sentry_profile,
};
use redline_rules::{Event, Game, ModelId, ModelSetup, Module, Seat, Setup};

use super::battle::{AIM_FRAME, set_up};
use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::{MatchMeta, ModelKit};
use crate::headless::game::quick::{QUICK_FACTIONS, QUICK_SCENARIO};
use crate::table::camera::TableCamera;

/// The layout with the tenement.
const LAYOUT: &str = "tenement_yard";
/// Seeds tried before giving up.
const SEEDS: u64 = 12;
/// Answers played per seed before giving up.
const ANSWERS: usize = 300;
/// The frame the scene is photographed.
const SECURITY_SHOT: u32 = 30;

/// The secured match, a sentry Spent and the defender deciding, with its last events.
pub fn security_in_play(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let (setup, meta) = secured(catalog)?;
    let defender = setup.scenario.security.as_ref()?.defender;
    for seed in 1..=SEEDS {
        let Ok(mut m) = Match::new(setup.clone(), seed, meta.clone()) else {
            continue;
        };
        let mut events = Vec::new();
        for _ in 0..ANSWERS {
            let game = m.game();
            let spent = (0..game.model_count() as u16)
                .map(ModelId)
                .any(|s| game.is_sentry(s) && !game.sentry_loaded(s) && game.in_play(s));
            if spent && game.decision().is_some_and(|d| d.seat == defender) {
                return Some((m, events));
            }
            let Some(command) = scripted_answer(game) else {
                break;
            };
            events = m.answer(command).ok()?;
        }
    }
    None
}

/// The skirmish with SEC and BOT on and the defender's security placed.
fn secured(catalog: &Catalog) -> Option<(Setup, MatchMeta)> {
    let mut rules = TeamRules::one_off(250);
    rules.modules = [Module::Sec, Module::Bot].into();
    let teams = QUICK_FACTIONS
        .iter()
        .map(|f| quick_team(catalog, f, &rules))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    let table = skirmish_with_rules(
        catalog,
        QUICK_SCENARIO,
        Some(LAYOUT),
        &teams,
        &[rules.clone(), rules.clone()],
    )
    .ok()?
    .with_modules(&rules.modules)
    .ok()?;
    let meta = MatchMeta::of_skirmish(catalog, &table, &teams, false);
    [Seat(1), Seat(0)]
        .into_iter()
        .find_map(|defender| place_security(&table.setup, &meta, defender))
}

/// The setup with the tenement locked, two fences and two sentries for `defender`, if the
/// engine accepts it.
fn place_security(setup: &Setup, meta: &MatchMeta, defender: Seat) -> Option<(Setup, MatchMeta)> {
    let mut setup = setup.clone();
    let mut meta = meta.clone();
    let mut plan = SecurityPlan {
        locks: tenement_locks(setup.battlespace.pieces()),
        ..SecurityPlan::default()
    };
    setup.scenario.security = Some(SecurityRules {
        plan: plan.clone(),
        ..SecurityRules::new(defender)
    });
    Game::new(setup.clone(), 1).ok()?;
    for _ in 0..2 {
        add_sentry(&mut setup, &mut meta, &mut plan, defender)?;
    }
    let posts = sentry_middle(&setup, &plan);
    add_fences(&mut setup, &mut plan, defender, posts)?;
    Game::new(setup.clone(), 1).ok()?;
    Some((setup, meta))
}

/// A lock on every door and window on the table: External on doors, Reinforced on windows.
fn tenement_locks(pieces: &[SceneryPiece]) -> Vec<LockPlan> {
    pieces
        .iter()
        .flat_map(|p| {
            p.openings.iter().enumerate().map(|(k, o)| LockPlan {
                piece: p.id.0,
                opening: k as u8,
                grade: match o.kind {
                    redline_battlespace::OpeningKind::Door => LockGrade::External,
                    redline_battlespace::OpeningKind::Window => LockGrade::Reinforced,
                },
            })
        })
        .collect()
}

/// The middle of the walls with doors and windows (the tenement), or of the table when
/// there are none.
fn tenement_centre(setup: &Setup) -> Vec2 {
    let walls: Vec<Vec2> = setup
        .battlespace
        .pieces()
        .iter()
        .filter(|p| !p.openings.is_empty())
        .map(|p| Vec2::from(p.centre()))
        .collect();
    if walls.is_empty() {
        let t = setup.battlespace.table();
        return Vec2::new(t.width / 2.0, t.depth / 2.0);
    }
    walls.iter().sum::<Vec2>() / walls.len() as f32
}

/// Whether a spot is bare table for `radius` round it: no scenery across it (at a model's
/// knee height) and no model there.
fn clear(setup: &Setup, at: Vec2, radius: f32) -> bool {
    let space = &setup.battlespace;
    let t = space.table();
    let inside = at.x > radius && at.y > radius && at.x < t.width - radius;
    let inside = inside && at.y < t.depth - radius;
    let bare = (0..4).all(|k| {
        let d = Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_4) * radius;
        let (a, b) = (at - d, at + d);
        space.length_inside_scenery([a.x, 0.3, a.y], [b.x, 0.3, b.y]) <= 0.0
    });
    let free = setup.models.iter().all(|m| {
        m.entry != Entry::Table
            || at.distance(Vec2::new(m.position[0], m.position[2])) > radius + 1.0
    });
    inside && bare && free
}

/// Candidate spots in rings round the tenement.
fn rings(centre: Vec2, radii: &[f32]) -> Vec<Vec2> {
    radii
        .iter()
        .flat_map(|&r| (0..24).map(move |k| centre + Vec2::from_angle(k as f32 * 0.2618) * r))
        .collect()
}

/// The middle of the sentries placed (x, z).
fn sentry_middle(setup: &Setup, plan: &SecurityPlan) -> Vec2 {
    let at: Vec<Vec2> = plan
        .sentries
        .iter()
        .map(|s| {
            let [x, _, z] = setup.models[usize::from(s.model)].position;
            Vec2::new(x, z)
        })
        .collect();
    at.iter().sum::<Vec2>() / at.len().max(1) as f32
}

/// A chain-link fence and a run of razor wire, 5" each, on bare table near the sentries'
/// posts (`centre`), that the engine accepts.
fn add_fences(
    setup: &mut Setup,
    plan: &mut SecurityPlan,
    defender: Seat,
    centre: Vec2,
) -> Option<()> {
    for (kind, height, name) in [
        (FenceKind::ChainLink, 1.4, "Chain-link Fence"),
        (FenceKind::RazorWire, 0.8, "Razor Wire"),
    ] {
        let spot = rings(centre, &[3.5, 5.0, 6.5, 8.0])
            .into_iter()
            .find_map(|at| {
                let out = (at - centre).normalize_or_zero();
                let along = Vec2::new(-out.y, out.x);
                let ends = [at - along * 2.5, at, at + along * 2.5];
                if !ends.iter().all(|e| clear(setup, *e, 0.6)) {
                    return None;
                }
                let yaw = along.y.atan2(along.x);
                let mut tried = setup.clone();
                let mut pieces = tried.battlespace.pieces().to_vec();
                let id = pieces.len() as u32;
                pieces.push(SceneryPiece::new(
                    id,
                    name,
                    SceneryKind::Obstacle,
                    SceneryShape::Box {
                        centre: at.to_array(),
                        size: [5.0, height, 0.25],
                        yaw_degrees: yaw.to_degrees(),
                    },
                ));
                tried.battlespace = Battlespace::new(*tried.battlespace.table(), pieces).ok()?;
                let mut tried_plan = plan.clone();
                tried_plan.fences.push(FencePlan { piece: id, kind });
                tried.scenario.security = Some(SecurityRules {
                    plan: tried_plan.clone(),
                    ..SecurityRules::new(defender)
                });
                Game::new(tried.clone(), 1).ok()?;
                Some((tried, tried_plan))
            })?;
        (*setup, *plan) = spot;
    }
    Some(())
}

/// A sentry on bare table round the tenement, facing the table's middle, that the engine
/// accepts (SEC-2: wholly in the defender's half).
fn add_sentry(
    setup: &mut Setup,
    meta: &mut MatchMeta,
    plan: &mut SecurityPlan,
    defender: Seat,
) -> Option<()> {
    let centre = tenement_centre(setup);
    let t = *setup.battlespace.table();
    let middle = Vec2::new(t.width / 2.0, t.depth / 2.0);
    let found = rings(centre, &[5.5, 6.5, 8.0]).into_iter().find_map(|at| {
        if !clear(setup, at, 0.8) {
            return None;
        }
        let look = middle - at;
        let facing_deg = look.x.atan2(-look.y).to_degrees().rem_euclid(360.0);
        let mut tried = setup.clone();
        let model = tried.models.len() as u16;
        tried.models.push(ModelSetup {
            profile: Arc::new(sentry_profile(false, false)),
            owner: defender,
            position: [at.x, 0.0, at.y],
            hacked: 0,
            entry: Entry::Table,
        });
        let mut tried_plan = plan.clone();
        tried_plan.sentries.push(SentryPlan { model, facing_deg });
        tried.scenario.security = Some(SecurityRules {
            plan: tried_plan.clone(),
            ..SecurityRules::new(defender)
        });
        Game::new(tried.clone(), 1).ok()?;
        Some((tried, tried_plan))
    })?;
    (*setup, *plan) = found;
    meta.models.push(ModelKit::default());
    Some(())
}

/// `security`: the secured match, the camera over the tenement from the defender's
/// sentries, and a Spent sentry's card open.
pub(super) fn security(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, security_here) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some(spent) = (0..m.game().model_count() as u16)
            .map(ModelId)
            .find(|&s| m.game().is_sentry(s) && !m.game().sentry_loaded(s))
    {
        stage.select_model(spent);
    }
    if (frame == AIM_FRAME + 1 || frame == SECURITY_SHOT - 2)
        && let Some(camera) = stage.current.as_deref().map(|m| over_the_site(m.game()))
    {
        stage.commands.queue(move |world: &mut World| {
            let mut cameras = world.query::<&mut TableCamera>();
            for mut c in cameras.iter_mut(world) {
                *c = camera;
            }
        });
    }
    if frame == SECURITY_SHOT - 3 {
        stage.commands.queue(|world: &mut World| {
            world.write_message(crate::table::animate::SkipAnimations);
        });
    }
    stage.shoot(run, frame, SECURITY_SHOT);
}

/// The scene's match, played ahead.
fn security_here(stage: &mut Stage) -> Option<(Match, Vec<Event>)> {
    security_in_play(&stage.content.0)
}

/// A camera behind the defender's sentries and fences, looking past them at the tenement:
/// the arcs fan out toward it and its locked doors face the camera.
fn over_the_site(game: &Game) -> TableCamera {
    let centre = tenement_centre(game.setup());
    let rules = game.security_rules();
    let mut spots: Vec<Vec2> = rules
        .iter()
        .flat_map(|r| r.plan.sentries.iter())
        .map(|s| {
            let [x, _, z] = game.model_base(ModelId(s.model)).position;
            Vec2::new(x, z)
        })
        .collect();
    spots.extend(
        rules
            .iter()
            .flat_map(|r| r.plan.fences.iter())
            .filter_map(|f| game.battlespace().piece(SceneryId(f.piece)))
            .map(|p| Vec2::from(p.centre())),
    );
    let site = spots.iter().sum::<Vec2>() / spots.len().max(1) as f32;
    let focus = site.lerp(centre, 0.35);
    let out = (site - centre).normalize_or(Vec2::Y);
    TableCamera {
        focus: Vec3::new(focus.x, 0.5, focus.y),
        // A little off the line from the tenement, so the fences show their length.
        yaw: out.x.atan2(out.y) + 0.45,
        pitch: 0.9,
        distance: 32.0,
        top_down: false,
        user_moved: true,
    }
}
