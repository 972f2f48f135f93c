//! The match behind the `security` smoke scene: the quick skirmish's crews on the Tenement
//! Yard with SEC and BOT on, in the defender's security step (SEC-2). The defender (the
//! second crew, or the first if only it has a Tech character, SEC-1) has placed a sentry
//! facing the table's middle, two chain-link fence sections and as many locks on the
//! tenement's doors and windows as its budget buys, every one a `Command::PlaceSecurity`
//! the engine took; the security panel is open, a second sentry's spot is picked and its
//! arc is drawn as its bearing turns toward the tenement.

use bevy::prelude::*;
use redline_battlespace::{OpeningKind, SceneryId};
use redline_content::Catalog;
use redline_content::skirmish::{quick_team, skirmish_with_rules};
use redline_content::team::TeamRules;
use redline_rules::security::{FenceKind, LockGrade, SecurityPlacement, SecurityRules, bearing};
use redline_rules::{Command, Event, Game, ModelId, Module, Seat};

use super::battle::{AIM_FRAME, set_up};
use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::flow::security::{SecurityPick, SecurityTool};
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::game::quick::{QUICK_FACTIONS, QUICK_SCENARIO};
use crate::table::camera::TableCamera;

/// The layout with the tenement.
const LAYOUT: &str = "tenement_yard";
/// What the defender may spend in the scene, EB (SEC-1).
const BUDGET: u16 = 30;
/// The frame the scene is photographed.
const SECURITY_SHOT: u32 = 30;

/// The defender's security step, part placed, with the events of its last placement.
pub fn security_step(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    let (mut m, defender) = in_the_step(catalog)?;
    let mut events = Vec::new();
    let centre = tenement_centre(m.game());
    let spot = nearest_spot(m.game(), centre, 0)?;
    let middle = table_middle(m.game());
    events.extend(place(&mut m, sentry(spot, bearing(spot, middle))));
    for _ in 0..2 {
        if let Some(section) = fence_near(m.game(), spot) {
            events.extend(place(&mut m, section));
        }
    }
    for (piece, opening, kind) in openings(m.game()) {
        let grade = match kind {
            OpeningKind::Door => LockGrade::External,
            OpeningKind::Window => LockGrade::Reinforced,
        };
        let lock = SecurityPlacement::Lock {
            piece,
            opening,
            grade,
        };
        events.extend(place(&mut m, lock));
    }
    (m.game().placing_security() == Some(defender)).then_some((m, events))
}

/// The skirmish with SEC and BOT on, a defender with a Tech character and a budget, before
/// anything is placed.
fn in_the_step(catalog: &Catalog) -> Option<(Match, Seat)> {
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
    [Seat(1), Seat(0)].into_iter().find_map(|defender| {
        let mut setup = table.setup.clone();
        setup.scenario.security = Some(SecurityRules {
            budget_eb: BUDGET,
            ..SecurityRules::new(defender)
        });
        let m = Match::new(setup, 1, meta.clone()).ok()?;
        (m.game().placing_security() == Some(defender)).then_some((m, defender))
    })
}

/// Places one piece of security through the engine; its events (none when refused).
fn place(m: &mut Match, placement: SecurityPlacement) -> Vec<Event> {
    m.answer(Command::PlaceSecurity(placement))
        .unwrap_or_default()
}

/// A plain sentry at `at` facing `facing_deg`.
fn sentry(at: [f32; 3], facing_deg: f32) -> SecurityPlacement {
    SecurityPlacement::Sentry {
        at,
        facing_deg,
        rapid: false,
        optics: false,
    }
}

/// Every door and window on the table, doors first.
fn openings(game: &Game) -> Vec<(u32, u8, OpeningKind)> {
    let mut all: Vec<(u32, u8, OpeningKind)> = game
        .battlespace()
        .pieces()
        .iter()
        .flat_map(|p| (p.openings.iter().enumerate()).map(|(k, o)| (p.id.0, k as u8, o.kind)))
        .collect();
    all.sort_by_key(|o| o.2 != OpeningKind::Door);
    all
}

/// The middle of the walls with doors and windows (the tenement), or of the table when
/// there are none.
fn tenement_centre(game: &Game) -> [f32; 3] {
    let walls: Vec<Vec2> = game
        .battlespace()
        .pieces()
        .iter()
        .filter(|p| !p.openings.is_empty())
        .map(|p| Vec2::from(p.centre()))
        .collect();
    if walls.is_empty() {
        return table_middle(game);
    }
    let c = walls.iter().sum::<Vec2>() / walls.len() as f32;
    [c.x, 0.0, c.y]
}

/// The table's middle.
fn table_middle(game: &Game) -> [f32; 3] {
    let t = game.battlespace().table();
    [t.width / 2.0, 0.0, t.depth / 2.0]
}

/// The `nth` nearest to `to` of the spots the engine offers a sentry now.
fn nearest_spot(game: &Game, to: [f32; 3], nth: usize) -> Option<[f32; 3]> {
    let to = Vec2::new(to[0], to[2]);
    let mut spots = game.sentry_spots();
    spots.sort_by(|a, b| {
        let d = |p: &[f32; 3]| Vec2::new(p[0], p[2]).distance(to);
        d(a).total_cmp(&d(b))
    });
    spots.get(nth).copied()
}

/// A 4" chain-link section the engine takes, on a ring round `near`, along the ring.
fn fence_near(game: &Game, near: [f32; 3]) -> Option<SecurityPlacement> {
    let centre = Vec2::new(near[0], near[2]);
    [2.5, 3.5, 5.0].into_iter().find_map(|r: f32| {
        (0..24).find_map(|k| {
            let out = Vec2::from_angle(k as f32 * 0.2618);
            let along = out.perp();
            let middle = centre + out * r;
            let section = SecurityPlacement::Fence {
                kind: FenceKind::ChainLink,
                from: (middle - along * 2.0).to_array(),
                to: (middle + along * 2.0).to_array(),
            };
            game.check(&Command::PlaceSecurity(section))
                .is_ok()
                .then_some(section)
        })
    })
}

/// The tool mid-placement: a second sentry's spot picked near the tenement, turning toward
/// it.
fn picking_a_sentry(game: &Game) -> Option<SecurityTool> {
    let centre = tenement_centre(game);
    let at = nearest_spot(game, centre, 0)?;
    Some(SecurityTool {
        pick: Some(SecurityPick::Sentry {
            rapid: true,
            optics: false,
        }),
        sentry_at: Some(at),
        bearing_deg: bearing(at, centre),
        fence_from: None,
        pointer: Some(centre),
    })
}

/// `security`: the defender's security step, the panel open and a sentry's arc turning.
pub(super) fn security(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, security_here) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(tool) = stage
            .current
            .as_deref()
            .and_then(|m| picking_a_sentry(m.game()))
    {
        stage.commands.insert_resource(tool);
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
    stage.shoot(run, frame, SECURITY_SHOT);
}

/// The scene's match.
fn security_here(stage: &mut Stage) -> Option<(Match, Vec<Event>)> {
    security_step(&stage.content.0)
}

/// A camera behind the defender's sentries and fences, looking past them at the tenement:
/// the arcs fan out toward it and its locked doors face the camera.
fn over_the_site(game: &Game) -> TableCamera {
    let [cx, _, cz] = tenement_centre(game);
    let centre = Vec2::new(cx, cz);
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
        distance: 28.0,
        top_down: false,
        user_moved: true,
    }
}
