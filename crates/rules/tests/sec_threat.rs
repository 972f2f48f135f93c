//! Where a sentry would fire (SEC-10..SEC-12): `Game::sentry_would_fire_at` answers for a
//! model standing at any point what `Game::sentry_targets` answers for it where it stands:
//! in the arc, within GREEN, with a Path of Attack, not Brawling with the sentry's friend.

mod common;

use common::*;
use redline_battlespace::SceneryKind;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{SecurityPlan, SecurityRules, SentryPlan, sentry_profile};
use redline_rules::{Event, Game, Module, SecEvent, Setup};

/// The runner, seat 0.
const RUNNER: u16 = 0;
/// The defender's Tech 1 guard, seat 1.
const GUARD: u16 = 1;
/// The defender's sentry at (12, 4), facing South: its arc opens toward +z.
const SENTRY: u16 = 2;

/// Straight ahead of the sentry, 8" off, behind the wall.
const BEHIND_THE_WALL: [f32; 3] = [12.0, 0.0, 13.0];
/// In the arc, 8" off, the wall beside the Path of Attack.
const IN_THE_ARC: [f32; 3] = [8.5, 0.0, 12.0];
/// Beside the sentry and behind its facing: out of the arc (MEX-11's R1).
const OUT_OF_THE_ARC: [f32; 3] = [5.5, 0.0, 8.0];
/// In the arc, past GREEN.
const PAST_GREEN: [f32; 3] = [5.0, 0.0, 18.0];
/// In the arc, within reach of the guard.
const BY_THE_GUARD: [f32; 3] = [8.5, 0.0, 13.2];

/// A runner at `at`, the guard at (8.5, 14.5) and the sentry; a wall 2" wide and 3" tall
/// across the sentry's line straight ahead at z = 9. SEC on unless `sec` is false.
fn setup(at: [f32; 3], sec: bool) -> Setup {
    let wall = scenery_box(
        0,
        "Wall",
        SceneryKind::Barrier,
        [12.0, 9.0],
        [2.0, 3.0, 0.4],
    );
    let guard = ModelProfile {
        skills: Skills {
            tech: 1,
            ..Skills::default()
        },
        ..character("Guard")
    };
    let runner = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        ..character("Runner")
    };
    let modules = if sec {
        [Module::Sec].into()
    } else {
        Default::default()
    };
    Setup {
        battlespace: table(vec![wall]),
        modules,
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    sentries: vec![SentryPlan {
                        model: SENTRY,
                        facing_deg: 180.0,
                    }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(runner, 0, at),
            model(guard, 1, [8.5, 0.0, 14.5]),
            model(sentry_profile(false, false), 1, [12.0, 0.0, 4.0]),
        ])
    }
}

/// The runner stands out of the arc; the query asks about it standing at `at`.
fn would_fire(at: [f32; 3]) -> bool {
    start(setup(OUT_OF_THE_ARC, true)).sentry_would_fire_at(m(SENTRY), m(RUNNER), at)
}

/// Whether the sentry may shoot the runner standing at `at` (SEC-12, the engine's own list).
fn targets_where_it_stands(at: [f32; 3]) -> bool {
    start(setup(at, true))
        .sentry_targets(m(SENTRY))
        .contains(&m(RUNNER))
}

#[test]
fn sec_12_a_point_in_the_arc_within_green_with_a_clear_path_is_under_fire() {
    assert!(would_fire(IN_THE_ARC));
}

#[test]
fn sec_10_sec_12_a_point_out_of_the_arc_is_not() {
    assert!(!would_fire(OUT_OF_THE_ARC));
    // Behind the sentry, however near.
    assert!(!would_fire([12.0, 0.0, 1.5]));
}

#[test]
fn sec_12_a_point_past_green_is_not() {
    assert!(!would_fire(PAST_GREEN));
}

#[test]
fn sec_12_poa_8_a_point_behind_a_barrier_is_not() {
    assert!(would_fire([12.0, 0.0, 7.0]), "in front of the wall");
    assert!(!would_fire(BEHIND_THE_WALL));
}

#[test]
fn sec_12_a_point_within_reach_of_the_sentrys_friend_is_not() {
    // The runner would be Brawling with the guard there.
    assert!(!would_fire(BY_THE_GUARD));
}

#[test]
fn sec_12_the_query_agrees_with_the_sentrys_targets_where_the_runner_stands() {
    for at in [
        IN_THE_ARC,
        OUT_OF_THE_ARC,
        PAST_GREEN,
        BEHIND_THE_WALL,
        BY_THE_GUARD,
        [15.0, 0.0, 10.0],
        [20.0, 0.0, 10.0],
        [12.0, 0.0, 6.0],
    ] {
        assert_eq!(would_fire(at), targets_where_it_stands(at), "at {at:?}");
    }
}

#[test]
fn sec_11_a_spent_sentry_still_covers_its_arc() {
    // The runner walks into the arc and draws the shot: YELLOW Fumble 1 against GREEN 10.
    let mut g = start_active(setup(OUT_OF_THE_ARC, true), &[1, 10], m(RUNNER));
    let events = ok(&mut g, move_to(m(RUNNER), 1, IN_THE_ARC));
    assert!(events.contains(&Event::Sec(SecEvent::SentryFired {
        sentry: m(SENTRY),
        target: m(RUNNER),
    })));
    ok(&mut g, defend(Some(0)));
    assert!(!g.sentry_loaded(m(SENTRY))); // SEC-11: Spent
    assert!(g.sentry_would_fire_at(m(SENTRY), m(RUNNER), IN_THE_ARC));
}

#[test]
fn sec_10_mod_2_only_a_sentry_with_sec_on_covers_anything() {
    let g = start(setup(OUT_OF_THE_ARC, true));
    assert!(!g.sentry_would_fire_at(m(GUARD), m(RUNNER), IN_THE_ARC));
    let off: Game = start(setup(OUT_OF_THE_ARC, false));
    assert!(!off.sentry_would_fire_at(m(SENTRY), m(RUNNER), IN_THE_ARC)); // MOD-2
}
