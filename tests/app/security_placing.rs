//! The security step pointed at on the table (SEC-1, SEC-2, SEC-5, SEC-9, SEC-14): a person
//! defending the Strongroom picks from the security panel and clicks the table, through
//! the same intents the panel and the table's pointer send. A lock goes on the door clicked,
//! a sentry on the spot clicked facing where the pointer went, a 4" fence section from the
//! first click toward the second. A sentry in the rival's half and a lock past the budget are
//! refused with their rule IDs, and nothing is placed. Ending the step starts deployment.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::security::{SecurityIntent, SecurityPick, SecurityTool};
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::MatchMeta;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline::table::security::{FenceMark, LockMark, SentryArc};
use redline_battlespace::{SceneryId, SceneryShape};
use redline_content::skirmish::{quick_team, quick_team_rules, skirmish_with_rules};
use redline_content::team::TeamRules;
use redline_rules::security::{FenceKind, LockGrade, SecurityPlacement, SecurityPlan, bearing};
use redline_rules::{Command, Game, Module};

use crate::driver::{data_dir, new_app_with_visuals, screen, send};

/// The scenario with a defender (SEC-1).
const STRONGROOM: &str = "strongroom";

/// The Strongroom with SEC on, each seat a quick team, models still to deploy; the factions
/// in the first order whose defender has a Tech character (so it may buy security, SEC-1).
fn strongroom(app: &App) -> Match {
    let catalog = app.world().resource::<Content>().0.clone();
    let scenario = catalog.scenarios.get(STRONGROOM).expect("the Strongroom");
    let mut rules = TeamRules::one_off(scenario.eb_limit);
    rules.modules = [Module::Sec].into();
    for factions in [["ashfall", "tidewater"], ["tidewater", "ashfall"]] {
        let teams: Vec<_> = factions
            .iter()
            .enumerate()
            .map(|(seat, f)| quick_team(&catalog, f, &quick_team_rules(&rules, scenario, seat)))
            .collect::<Result<_, _>>()
            .unwrap();
        let table = skirmish_with_rules(
            &catalog,
            STRONGROOM,
            None,
            &teams,
            &[rules.clone(), rules.clone()],
        )
        .unwrap()
        .with_modules(&rules.modules)
        .unwrap();
        let (setup, plan) = table.to_deploy();
        let meta = MatchMeta::of_skirmish(&catalog, &table, &teams, false).with_deployment(plan);
        let m = Match::new(setup, 5, meta).unwrap();
        if m.game().placing_security().is_some() {
            return m;
        }
    }
    panic!("SEC-1: no defender with a Tech character");
}

/// The Strongroom on the table of an app with the visuals, in its security step.
fn strongroom_app(name: &str) -> App {
    let dir = data_dir(name);
    let app = new_app_with_visuals(&dir);
    let started = strongroom(&app);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    saves::save_match(&autosave, &started).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    app
}

fn game(app: &App) -> Game {
    app.world().resource::<Match>().game().clone()
}

fn plan(app: &App) -> SecurityPlan {
    game(app).security_rules().expect("SEC on").plan.clone()
}

fn notice(app: &App) -> String {
    app.world().resource::<Notice>().text.clone()
}

fn tool(app: &App) -> SecurityTool {
    app.world().resource::<SecurityTool>().clone()
}

fn budget_left(app: &App) -> u16 {
    let g = game(app);
    g.security_budget_left(g.placing_security().unwrap())
        .unwrap()
}

/// A click on the table at `at` (on `piece`), as the table's pointer sends it.
fn click(app: &mut App, at: [f32; 3], piece: Option<u32>) {
    send(app, SecurityIntent::Click { at, piece });
}

fn count<C: Component>(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<&C>().iter(world).count()
}

/// Every door and window: (piece, opening) and its middle at the sill.
fn openings(g: &Game) -> Vec<((u32, u8), [f32; 3])> {
    let space = g.battlespace();
    space
        .pieces()
        .iter()
        .flat_map(|p| (0..p.openings.len() as u8).map(move |k| (p.id.0, k)))
        .filter_map(|(p, k)| Some(((p, k), space.opening_place(SceneryId(p), k)?.sill)))
        .collect()
}

/// A spot on the table where the engine refuses a sentry for standing outside the
/// defender's half (SEC-2).
fn rival_half_spot(g: &Game) -> [f32; 3] {
    let t = *g.battlespace().table();
    let mut spots = Vec::new();
    for i in 1..t.width as i32 {
        for j in 1..t.depth as i32 {
            spots.push([i as f32, 0.0, j as f32]);
        }
    }
    spots
        .into_iter()
        .find(|&at| {
            let sentry = SecurityPlacement::Sentry {
                at,
                facing_deg: 0.0,
                rapid: false,
                optics: false,
            };
            g.check(&Command::PlaceSecurity(sentry))
                .is_err_and(|e| e.rule.to_string() == "SEC-2")
        })
        .expect("a spot in the rival's half")
}

/// A start and a direction for a 4" fence section the engine takes.
fn fence_run(g: &Game) -> ([f32; 2], [f32; 2]) {
    let t = *g.battlespace().table();
    for i in 1..t.width as i32 {
        for j in 1..t.depth as i32 {
            let from = [i as f32, j as f32];
            for dir in [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]] {
                let to = [from[0] + 4.0 * dir[0], from[1] + 4.0 * dir[1]];
                let fence = SecurityPlacement::Fence {
                    kind: FenceKind::ChainLink,
                    from,
                    to,
                };
                if g.check(&Command::PlaceSecurity(fence)).is_ok() {
                    return (from, dir);
                }
            }
        }
    }
    panic!("no open ground for a fence");
}

#[test]
fn sec_2_the_defender_locks_a_door_places_a_sentry_and_a_fence_by_pointing_at_the_table() {
    let mut app = strongroom_app("security-placing");
    let defender = game(&app)
        .placing_security()
        .expect("SEC-2: the security step");
    assert_eq!(game(&app).decision().map(|d| d.seat), Some(defender));
    let budget = budget_left(&app);

    // A lock (SEC-5): the grade from the panel, then a click by the door.
    send(
        &mut app,
        SecurityIntent::Pick(Some(SecurityPick::Lock(LockGrade::External))),
    );
    let ((piece, opening), sill) = openings(&game(&app))[0];
    click(
        &mut app,
        [sill[0] + 0.2, sill[1] + 1.0, sill[2]],
        Some(piece),
    );
    let locks = plan(&app).locks;
    assert_eq!(locks.len(), 1, "SEC-2: {}", notice(&app));
    assert_eq!((locks[0].piece, locks[0].opening), (piece, opening));
    assert_eq!(locks[0].grade, LockGrade::External);
    assert_eq!(
        budget_left(&app),
        budget - LockGrade::External.cost(),
        "SEC-1"
    );
    assert_eq!(
        count::<LockMark>(&mut app),
        1,
        "SEC-7: the defender sees its lock"
    );

    // A sentry (SEC-9): a spot in the rival's half is refused, with SEC-2.
    let sentry = SecurityPick::Sentry {
        rapid: false,
        optics: false,
    };
    send(&mut app, SecurityIntent::Pick(Some(sentry)));
    let far = rival_half_spot(&game(&app));
    click(&mut app, far, None);
    assert!(notice(&app).contains("SEC-2"), "{}", notice(&app));
    assert_eq!(tool(&app).sentry_at, None);
    assert!(plan(&app).sentries.is_empty());
    // A spot in its own half, then the pointer sets the bearing and a click places it.
    let spot = game(&app).sentry_spots()[0];
    click(&mut app, spot, None);
    assert!(tool(&app).sentry_at.is_some(), "{}", notice(&app));
    let toward = [spot[0] + 3.0, 0.0, spot[2] - 3.0];
    send(&mut app, SecurityIntent::Pointer(Some(toward)));
    let facing = tool(&app).bearing_deg;
    assert!((facing - bearing(spot, toward)).abs() < 0.01, "{facing}");
    click(&mut app, toward, None);
    let sentries = plan(&app).sentries;
    assert_eq!(sentries.len(), 1, "SEC-9: {}", notice(&app));
    assert!(
        (sentries[0].facing_deg - facing).abs() < 0.01,
        "SEC-10: its facing"
    );
    assert_eq!(
        count::<SentryArc>(&mut app),
        1,
        "SEC-10: its arc on the table"
    );

    // A fence section (SEC-14): two clicks, the second only says which way it runs.
    send(
        &mut app,
        SecurityIntent::Pick(Some(SecurityPick::Fence(FenceKind::ChainLink))),
    );
    let (from, dir) = fence_run(&game(&app));
    click(&mut app, [from[0], 0.0, from[1]], None);
    let far = [from[0] + 9.0 * dir[0], 0.0, from[1] + 9.0 * dir[1]];
    click(&mut app, far, None);
    let fences = plan(&app).fences;
    assert_eq!(fences.len(), 1, "SEC-14: {}", notice(&app));
    assert_eq!(fences[0].kind, FenceKind::ChainLink);
    let g = game(&app);
    let SceneryShape::Hull { footprint, .. } = &g
        .battlespace()
        .piece(SceneryId(fences[0].piece))
        .unwrap()
        .shape
    else {
        panic!("a fence section");
    };
    let long = Vec2::from(footprint[0]).distance(Vec2::from(footprint[1]));
    assert!((long - 4.0).abs() < 0.01, "SEC-14: 4\" sections, {long}");
    assert_eq!(
        count::<FenceMark>(&mut app),
        1,
        "SEC-14: the fence on the table"
    );

    // Past the budget (SEC-1): Security locks until the engine refuses one.
    send(
        &mut app,
        SecurityIntent::Pick(Some(SecurityPick::Lock(LockGrade::Security))),
    );
    let mut refused = false;
    for (_, sill) in openings(&game(&app)).into_iter().skip(1) {
        let before = plan(&app).locks.len();
        click(&mut app, sill, None);
        if notice(&app).contains("SEC-1") {
            assert_eq!(plan(&app).locks.len(), before, "a refusal places nothing");
            assert!(budget_left(&app) < LockGrade::Security.cost());
            refused = true;
            break;
        }
    }
    assert!(refused, "SEC-1: the budget runs out");

    // Ending the step: deployment begins, the tool is put down.
    send(&mut app, SecurityIntent::End);
    let g = game(&app);
    assert_eq!(g.placing_security(), None);
    assert!(g.deploying().is_some(), "FIELD-7 follows SEC-2");
    assert_eq!(tool(&app), SecurityTool::default());
}
