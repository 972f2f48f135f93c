//! The table follows security's and constructs' state (SEC, BOT): with both modules on, the
//! defender's door is locked and its sentry watches the approach. The rival seat sees no
//! lock until it tries the door, then sees it with its grade; the defender always sees its
//! own. The sentry fires once the rival's action ends, and its turret and arc turn Spent.
//! A model Snared on razor wire shows it, and its card says SNARED.

use std::sync::Arc;

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::{MatchMeta, ModelKit};
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline::table::look::FigureLook;
use redline::table::module_card::ModuleCard;
use redline::table::security::{FenceMark, LockMark, SentryArc, security_marks, viewing_seat};
use redline::table::spawn::Miniature;
use redline_battlespace::{
    Battlespace, Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape,
};
use redline_content::skirmish::{quick_team, skirmish_with_rules};
use redline_content::team::TeamRules;
use redline_rules::scenario::Entry;
use redline_rules::security::{
    FenceKind, FencePlan, LockGrade, LockPlan, SecurityPlan, SecurityRules, SentryPlan,
    sentry_profile,
};
use redline_rules::{
    Command, DecisionKind, FORCE_THE_DOOR, Game, LockKnowledge, ModelId, ModelSetup, Module,
    PICK_THE_LOCK, SHOOT_THE_LOCK, Seat, Setup, TRY_IT, Target,
};

use crate::driver::{data_dir, new_app_with_visuals, screen, send};

/// The locked door: opening 0 of the wall, piece 0.
const DOOR: Target = Target::Opening {
    piece: 0,
    opening: 0,
};

/// Who the test is about.
pub(crate) struct Cast {
    defender: Seat,
    rival_seat: Seat,
    /// The rival's character that tries the door, in the sentry's arc.
    runner: ModelId,
    sentry: ModelId,
}

/// A wall across the middle of the table (along z) with a door in its middle.
fn wall(width: f32, depth: f32) -> SceneryPiece {
    let x = width / 2.0;
    SceneryPiece::new(
        0,
        "Yard Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [x, depth / 2.0 - 6.0],
            to: [x, depth / 2.0 + 6.0],
            thickness: 0.5,
            height: 3.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Door,
        along: 6.0,
        width: 1.5,
        bottom: 0.0,
        top: 2.5,
    })
}

/// The quick skirmish's crews with SEC and BOT on, on a bare table with the walled door.
fn crews(name: &str) -> (Setup, MatchMeta) {
    let app = new_app_with_visuals(&data_dir(&format!("{name}-crews")));
    let catalog = app.world().resource::<Content>().0.clone();
    drop(app);
    let mut rules = TeamRules::one_off(250);
    rules.modules = [Module::Sec, Module::Bot].into();
    let teams: Vec<_> = ["ashfall", "tidewater"]
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    let placed = skirmish_with_rules(
        &catalog,
        "street_claim",
        Some("tenement_yard"),
        &teams,
        &[rules.clone(), rules.clone()],
    )
    .unwrap()
    .with_modules(&rules.modules)
    .unwrap();
    let meta = MatchMeta::of_skirmish(&catalog, &placed, &teams, false);
    (placed.setup, meta)
}

/// The crews in rows along the table's short edges, the runner by the door, and the
/// defender's sentry facing it from its own half: the first arrangement the engine accepts
/// (SEC-1, SEC-2).
pub(crate) fn secured(name: &str) -> Option<(Setup, MatchMeta, Cast)> {
    let (base, mut meta) = crews(name);
    let t = *base.battlespace.table();
    let mut setup = base.clone();
    setup.battlespace = Battlespace::new(t, vec![wall(t.width, t.depth)]).ok()?;
    let mut row = [0usize; 2];
    for m in &mut setup.models {
        let seat = usize::from(m.owner.0);
        let x = if seat == 0 { 1.5 } else { t.width - 1.5 };
        m.position = [x, 0.0, 1.5 + 2.2 * row[seat] as f32];
        m.entry = Entry::Table;
        row[seat] += 1;
    }
    meta.models.push(ModelKit::default());
    for defender in [Seat(1), Seat(0)] {
        let rival_seat = Seat(1 - defender.0);
        let runner = setup.models.iter().position(|m| {
            m.owner == rival_seat
                && m.profile.gonk_colour.is_none()
                && m.profile.construct.is_none()
        })?;
        // The runner stands by the door on the rival's side of the wall.
        let side = if rival_seat == Seat(0) { -1.0 } else { 1.0 };
        let door = [t.width / 2.0 + side * 1.0, 0.0, t.depth / 2.0];
        // Its own side of the wall, or the far side looking through the door.
        let spots = [
            (3.0, 5.0),
            (3.0, -5.0),
            (-8.0, 0.0),
            (-8.0, 3.0),
            (-8.0, -3.0),
        ];
        for (dx, dz) in spots {
            let mut tried = setup.clone();
            tried.models[runner].position = door;
            let at = [door[0] + side * dx, 0.0, door[2] + dz];
            let look = [door[0] - at[0], door[2] - at[2]];
            let facing_deg = look[0].atan2(-look[1]).to_degrees().rem_euclid(360.0);
            let sentry = tried.models.len() as u16;
            tried.models.push(ModelSetup {
                profile: Arc::new(sentry_profile(false, false)),
                owner: defender,
                position: at,
                hacked: 0,
                entry: Entry::Table,
            });
            tried.scenario.security = Some(SecurityRules {
                plan: SecurityPlan {
                    locks: vec![LockPlan {
                        piece: 0,
                        opening: 0,
                        grade: LockGrade::External,
                    }],
                    sentries: vec![SentryPlan {
                        model: sentry,
                        facing_deg,
                    }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(defender)
            });
            if Game::new(tried.clone(), 5).is_ok() {
                let cast = Cast {
                    defender,
                    rival_seat,
                    runner: ModelId(runner as u16),
                    sentry: ModelId(sentry),
                };
                return Some((tried, meta, cast));
            }
        }
    }
    None
}

/// The secured match on the table of an app with the visuals, in data folder `name`.
fn secured_app(name: &str) -> (App, Cast) {
    let (setup, meta, cast) = secured(name).expect("an arrangement the engine accepts");
    let dir = data_dir(name);
    let app = new_app_with_visuals(&dir);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    let started = Match::new(setup, 5, meta).unwrap();
    saves::save_match(&autosave, &started).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    (app, cast)
}

pub(crate) fn game(app: &App) -> Game {
    app.world().resource::<Match>().game().clone()
}

fn answer(app: &mut App, command: Command) {
    app.world_mut()
        .resource_mut::<Match>()
        .answer(command)
        .expect("a legal answer");
    app.update();
}

/// The lock marks on the table.
fn locks_on_table(app: &mut App) -> Vec<LockMark> {
    let world = app.world_mut();
    let mut q = world.query::<&LockMark>();
    q.iter(world).copied().collect()
}

/// The sentry arcs on the table.
fn arcs_on_table(app: &mut App) -> Vec<SentryArc> {
    let world = app.world_mut();
    let mut q = world.query::<&SentryArc>();
    q.iter(world).copied().collect()
}

/// A miniature's look.
pub(crate) fn look_of(app: &mut App, model: ModelId) -> FigureLook {
    let world = app.world_mut();
    let mut q = world.query::<(&Miniature, &FigureLook)>();
    q.iter(world)
        .find(|(m, _)| m.model == model)
        .map(|(_, l)| l.clone())
        .expect("the miniature")
}

/// The table's locks are exactly those the viewing seat knows (SEC-7, MOPEN-8).
fn locks_follow(app: &mut App) -> Vec<LockMark> {
    let g = game(app);
    let wanted: Vec<LockMark> = security_marks(&g, viewing_seat(&g, None))
        .locks
        .into_iter()
        .map(|l| l.0)
        .collect();
    let shown = locks_on_table(app);
    assert_eq!(
        shown, wanted,
        "SEC-7: the lock marks are the viewing seat's"
    );
    shown
}

#[test]
fn sec_7_sec_8_mopen_8_a_lock_shows_to_the_defender_and_to_the_rival_once_found_with_its_odds() {
    let (mut app, cast) = secured_app("security-locks");
    let g = game(&app);
    // SEC-7: the defender knows its lock; the rival doesn't.
    let own = security_marks(&g, cast.defender).locks;
    assert_eq!(own.len(), 1, "SEC-7: the defender sees its own lock");
    assert_eq!(own[0].0.grade, LockGrade::External);
    assert!(
        security_marks(&g, cast.rival_seat).locks.is_empty(),
        "SEC-7"
    );
    locks_follow(&mut app);
    let first = Command::GiveFirstControl {
        seat: cast.rival_seat,
    };
    if g.legal_commands().contains(&first) {
        answer(&mut app, first);
    }
    answer(&mut app, Command::Activate { model: cast.runner });
    assert_eq!(game(&app).decision().map(|d| d.seat), Some(cast.rival_seat));
    assert!(
        locks_follow(&mut app).is_empty(),
        "MOPEN-8: the rival's turn shows no hidden lock"
    );
    let try_it = game(&app)
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Act(a) if a.action == TRY_IT && a.target == DOOR))
        .expect("SEC-7: Try It on the door within reach");
    answer(&mut app, try_it);
    let g = game(&app);
    assert_eq!(
        g.lock_known_to(cast.rival_seat, 0, 0),
        LockKnowledge::Locked(LockGrade::External)
    );
    assert_eq!(
        security_marks(&g, cast.rival_seat).locks.len(),
        1,
        "SEC-7: found, the lock shows to the rival too"
    );
    locks_follow(&mut app);
    // SEC-8: back at the runner's next action, its card prices each way to open the lock
    // with the engine's odds.
    for _ in 0..12 {
        let g = game(&app);
        let runner_acts = g.decision().is_some_and(
            |d| matches!(d.kind, DecisionKind::NextAction { model } if model == cast.runner),
        );
        if runner_acts {
            let card = ModuleCard::of(&g, cast.runner, None);
            let line = card
                .security
                .locks
                .first()
                .expect("SEC-8: the lock within reach");
            assert_eq!(line.grade, LockGrade::External);
            for (name, p) in &line.odds {
                let action = match *name {
                    "Pick the Lock" => PICK_THE_LOCK,
                    "Shoot the Lock" => SHOOT_THE_LOCK,
                    _ => FORCE_THE_DOOR,
                };
                let best = (0..g.tokens(cast.runner).len() as u8)
                    .filter_map(|t| {
                        let cmd = redline_rules::ActionCommand {
                            model: cast.runner,
                            action,
                            token: Some(t),
                            target: DOOR,
                        };
                        g.lock_odds(&cmd).ok().map(|o| o.success)
                    })
                    .fold(0.0, f64::max);
                assert_eq!(*p, best, "SEC-8: {name}");
            }
            return;
        }
        let Some(next) = scripted_answer(&g) else {
            break;
        };
        answer(&mut app, next);
    }
    panic!("the runner acts again after Try It");
}

#[test]
fn sec_11_sec_12_the_sentry_turns_spent_after_it_fires() {
    let (mut app, cast) = secured_app("security-sentry");
    let arcs = arcs_on_table(&mut app);
    assert_eq!(arcs.len(), 1, "SEC-10: one arc per sentry");
    assert!(arcs[0].loaded, "SEC-11: a sentry starts Loaded");
    let turret = look_of(&mut app, cast.sentry)
        .marks
        .sentry
        .expect("a turret");
    assert!(turret.loaded);
    let g = game(&app);
    let first = Command::GiveFirstControl {
        seat: cast.rival_seat,
    };
    if g.legal_commands().contains(&first) {
        answer(&mut app, first);
    }
    answer(&mut app, Command::Activate { model: cast.runner });
    let try_it = game(&app)
        .legal_commands()
        .into_iter()
        .find(|c| matches!(c, Command::Act(a) if a.action == TRY_IT && a.target == DOOR))
        .expect("Try It on the door");
    answer(&mut app, try_it);
    // The sentry's shot: the runner defends; the scripted player answers what follows.
    for _ in 0..12 {
        let g = game(&app);
        let look = look_of(&mut app, cast.sentry)
            .marks
            .sentry
            .expect("a turret");
        assert_eq!(look.loaded, g.sentry_loaded(cast.sentry), "SEC-11");
        let arc = arcs_on_table(&mut app);
        assert_eq!(arc.len(), 1);
        assert_eq!(arc[0].loaded, g.sentry_loaded(cast.sentry), "SEC-11");
        if !g.sentry_loaded(cast.sentry) {
            // SEC-11: the card says Spent.
            let card = ModuleCard::of(&g, cast.sentry, None);
            assert_eq!(card.security.sentry, Some(false));
            return;
        }
        let Some(next) = scripted_answer(&g) else {
            break;
        };
        answer(&mut app, next);
    }
    panic!("SEC-12: the sentry fired at the runner in its arc");
}

#[test]
fn sec_14_sec_15_a_model_snared_on_razor_wire_shows_it_and_its_card_says_so() {
    let (mut setup, meta, cast) = secured("security-snare").expect("a secured table");
    let t = *setup.battlespace.table();
    // Razor wire 2" out from the door on the runner's side, across its way out.
    let side = if cast.rival_seat == Seat(0) {
        -1.0
    } else {
        1.0
    };
    let x = t.width / 2.0 + side * 3.0;
    let wire = SceneryPiece::new(
        1,
        "Razor Wire",
        SceneryKind::Obstacle,
        SceneryShape::Box {
            centre: [x, t.depth / 2.0],
            size: [0.3, 1.0, 6.0],
            yaw_degrees: 0.0,
        },
    );
    let mut pieces = setup.battlespace.pieces().to_vec();
    pieces.push(wire);
    setup.battlespace = Battlespace::new(t, pieces).unwrap();
    if let Some(security) = setup.scenario.security.as_mut() {
        security.plan.fences.push(FencePlan {
            piece: 1,
            kind: FenceKind::RazorWire,
        });
    }
    let dir = data_dir("security-snare");
    let app = new_app_with_visuals(&dir);
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    saves::save_match(&autosave, &Match::new(setup, 5, meta).unwrap()).unwrap();
    let mut app = new_app_with_visuals(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    let world = app.world_mut();
    let fences: Vec<FenceMark> = world.query::<&FenceMark>().iter(world).copied().collect();
    assert_eq!(
        fences,
        vec![FenceMark {
            piece: 1,
            kind: FenceKind::RazorWire
        }],
        "SEC-14: the fence on the table"
    );
    let mut g = game(&app);
    let first = Command::GiveFirstControl {
        seat: cast.rival_seat,
    };
    if g.legal_commands().contains(&first) {
        g.apply(first).unwrap();
    }
    g.apply(Command::Activate { model: cast.runner }).unwrap();
    let over = [t.width / 2.0 + side * 5.0, 0.0, t.depth / 2.0];
    let cross = Command::Act(redline_rules::ActionCommand {
        model: cast.runner,
        action: redline_rules::basic::MOVE,
        token: Some(0),
        target: Target::Route(vec![over]),
    });
    // The crossing roll fumbles (SEC-14).
    g.load_dice(&[1, 3]);
    g.apply(cross).expect("the move over the wire");
    // Nobody re-rolls with Luck.
    while g
        .decision()
        .is_some_and(|d| matches!(d.kind, DecisionKind::OfferLuck { .. }))
    {
        g.apply(Command::KeepRoll).unwrap();
    }
    assert!(
        g.is_snared(cast.runner),
        "SEC-15: a Fumble on razor wire snares"
    );
    app.world_mut().resource_mut::<Match>().mirror(&g);
    app.update();
    assert!(
        look_of(&mut app, cast.runner).marks.snared,
        "SEC-15: the mark"
    );
    let card = ModuleCard::of(&g, cast.runner, None);
    let snared = card.security.snared.expect("SEC-15: the card says SNARED");
    assert!(snared.is_none_or(|p| p > 0.0 && p < 1.0), "{snared:?}");
}
