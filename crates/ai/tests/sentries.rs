//! The bots and a rival's sentries (SEC-9..SEC-13): a model that can end its move within
//! reach of a Loaded sentry from outside its arc overruns it (SEC-13) rather than draw its
//! fire (SEC-12); what a move does is the engine's answer, read off a copy of the game. A
//! sentry threatens only the points it would fire at (`Game::sentry_would_fire_at`), so
//! Normal closes in on one round its arc.

mod common;

use redline_ai::{Bot, EasyBot, NormalBot};
use redline_rules::card::Skills;
use redline_rules::event::{Event, SecEvent};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{SecurityPlan, SecurityRules, SentryPlan, sentry_profile};
use redline_rules::{Command, DecisionKind, Game, ModelId, Module, Seat, Target};

const RUNNER: ModelId = ModelId(0);
const SENTRY: ModelId = ModelId(2);

/// Seat 1 defends with a Tech 1 guard in the far corner and a sentry at (12, 4) facing
/// South (its arc opens toward +z); seat 0's runner stands at `at`, active. SEC on.
fn game(at: [f32; 3]) -> Game {
    let mut guard = common::profile("Guard", Vec::new());
    guard.skills = Skills {
        tech: 1,
        ..guard.skills
    };
    let mut setup = common::open_setup(
        vec![
            common::place(common::profile("Runner", Vec::new()), 0, at),
            common::place(guard, 1, [2.0, 0.0, 28.0]),
            common::place(sentry_profile(false, false), 1, [12.0, 0.0, 4.0]),
        ],
        0,
    );
    setup.scenario = ScenarioRules {
        security: Some(SecurityRules {
            plan: SecurityPlan {
                sentries: vec![SentryPlan {
                    model: SENTRY.0,
                    facing_deg: 180.0,
                }],
                ..SecurityPlan::default()
            },
            ..SecurityRules::new(Seat(1))
        }),
        ..ScenarioRules::default()
    };
    setup.modules = [Module::Sec].into_iter().collect();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: RUNNER })
        .expect("may activate");
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::NextAction { .. })
    ));
    g
}

/// What the sentry does once `c` has been played on a copy: (fired at the runner, overrun
/// by it).
fn sentry_after(g: &Game, c: &Command) -> (bool, bool) {
    let mut copy = g.clone();
    let events = copy.apply(c.clone()).expect("a legal answer");
    let fired = events.iter().any(
        |e| matches!(e, Event::Sec(SecEvent::SentryFired { target, .. }) if *target == RUNNER),
    );
    let overrun = events
        .iter()
        .any(|e| matches!(e, Event::Sec(SecEvent::SentryOverrun { by, .. }) if *by == RUNNER));
    (fired, overrun)
}

/// The runner stands 4" east of the sentry and a little behind it: outside its arc.
const BESIDE_THE_SENTRY: [f32; 3] = [16.0, 0.0, 3.5];

#[test]
fn sec_13_normal_overruns_the_sentry_from_outside_its_arc() {
    let g = game(BESIDE_THE_SENTRY);
    assert!(g.sentry_loaded(SENTRY), "SEC-11: Loaded at the start");
    let chosen = NormalBot::new().choose(&g);
    assert_eq!(sentry_after(&g, &chosen), (false, true), "{chosen:?}");
}

#[test]
fn sec_12_sec_13_easy_takes_the_sentry_out_of_the_way_without_drawing_its_fire() {
    let g = game(BESIDE_THE_SENTRY);
    let mut bot = EasyBot::new(7);
    let chosen = bot.choose(&g);
    let (fired, overrun) = sentry_after(&g, &chosen);
    assert!(!fired, "SEC-12: no move into the arc: {chosen:?}");
    // The Aggressive card's attacks come before its moves: the sentry is a model like a
    // Gonk to them; else the move toward it overruns it (SEC-13).
    let attacked = matches!(&chosen, Command::Act(a) if a.target == Target::Model(SENTRY));
    assert!(overrun || attacked, "{chosen:?}: {:?}", bot.explain());
}

/// Seat 1 defends with a Tech 1 guard at `guard` and a sentry at `sentry` facing
/// `facing_deg` (0 North, 90 East, 180 South); seat 0's runner stands at `at`, active. SEC
/// on.
fn watched(at: [f32; 3], guard: [f32; 3], sentry: [f32; 3], facing_deg: f32) -> Game {
    let mut guard_card = common::profile("Guard", Vec::new());
    guard_card.skills = Skills {
        tech: 1,
        ..guard_card.skills
    };
    let mut setup = common::open_setup(
        vec![
            common::place(common::profile("Runner", Vec::new()), 0, at),
            common::place(guard_card, 1, guard),
            common::place(sentry_profile(false, false), 1, sentry),
        ],
        0,
    );
    setup.scenario = ScenarioRules {
        security: Some(SecurityRules {
            plan: SecurityPlan {
                sentries: vec![SentryPlan {
                    model: SENTRY.0,
                    facing_deg,
                }],
                ..SecurityPlan::default()
            },
            ..SecurityRules::new(Seat(1))
        }),
        ..ScenarioRules::default()
    };
    setup.modules = [Module::Sec].into_iter().collect();
    let mut g = Game::new(setup, 3).expect("a valid setup");
    g.apply(Command::Activate { model: RUNNER })
        .expect("may activate");
    g
}

/// The runner 15" south of a sentry that faces `facing_deg`, the guard far north of it.
fn sentry_ahead(facing_deg: f32) -> Game {
    watched(
        [15.0, 0.0, 27.0],
        [15.0, 0.0, 2.0],
        [15.0, 0.0, 12.0],
        facing_deg,
    )
}

/// Where a move command ends, if it is one.
fn end_of(c: &Command) -> Option<[f32; 3]> {
    match c {
        Command::Act(a) => match &a.target {
            Target::Route(route) => route.last().copied(),
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn sec_12_a_sentry_threatens_only_the_points_in_its_arc() {
    // 6" south of the sentry: in its arc when it faces South, behind it when it faces North.
    // Every other rival and every distance are the same.
    let at = [15.0, 0.0, 18.0];
    let facing = sentry_ahead(180.0);
    let away = sentry_ahead(0.0);
    assert!(facing.sentry_would_fire_at(SENTRY, RUNNER, at));
    assert!(!away.sentry_would_fire_at(SENTRY, RUNNER, at));
    let exposed = redline_ai::normal::position_value(&facing, RUNNER, at, true);
    let behind = redline_ai::normal::position_value(&away, RUNNER, at, true);
    assert!(behind > exposed + 0.03, "{behind} vs {exposed}");
}

#[test]
fn sec_12_normal_approaches_a_sentry_from_its_flank() {
    // The sentry faces the runner 15" away: Normal closes in, but round its arc.
    let g = sentry_ahead(180.0);
    let chosen = NormalBot::new().choose(&g);
    let end = end_of(&chosen).unwrap_or_else(|| panic!("a move, not {chosen:?}"));
    assert!(!g.sentry_would_fire_at(SENTRY, RUNNER, end), "{end:?}");
    let base = g.model_base(RUNNER).at(end);
    let near = base.distance_to(&g.model_base(SENTRY));
    assert!(near <= 12.0, "within GREEN of the sentry: {near}");
}
