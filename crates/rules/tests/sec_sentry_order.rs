//! SEC-12: a sentry shoots at its nearest eligible target; on a tie its owner picks, and
//! when several sentries may fire their owner picks the order
//! ([`DecisionKind::SentryShot`], answered by [`Command::SentryFires`]).

mod common;

use common::*;
use redline_rules::card::{ModelProfile, Skills};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{SecurityPlan, SecurityRules, SentryPlan, sentry_profile};
use redline_rules::{Command, DecisionKind, Event, Game, Module, Rule, SecEvent, Setup};

/// A defender's guard with Tech 1: each one allows a sentry (SEC-9).
fn guard(name: &str) -> ModelProfile {
    ModelProfile {
        skills: Skills {
            tech: 1,
            reflexes: 1,
            ..Skills::default()
        },
        ..character(name)
    }
}

/// Seat 0's rivals R1 (model 0) and R2 (model 1), and runner R3 (model 2), out of every
/// arc; seat 1's guards (models 3, 4) and its sentries (models 5 on), each at (x, 4)
/// facing South.
fn sentries_at(xs: &[f32], r1: [f32; 3], r2: [f32; 3]) -> Setup {
    let mut models = vec![
        model(character("R1"), 0, r1),
        model(character("R2"), 0, r2),
        model(character("R3"), 0, [2.0, 0.0, 22.0]),
        model(guard("Guard A"), 1, [1.5, 0.0, 1.5]),
        model(guard("Guard B"), 1, [22.5, 0.0, 1.5]),
    ];
    let mut sentries = Vec::new();
    for (k, &x) in xs.iter().enumerate() {
        models.push(model(sentry_profile(false, false), 1, [x, 0.0, 4.0]));
        sentries.push(SentryPlan {
            model: 5 + k as u16,
            facing_deg: 180.0,
        });
    }
    Setup {
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    sentries,
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(models)
    }
}

const SENTRY: u16 = 5;

/// R3 takes a step, out of every arc: the action that sets the sentries off (SEC-12).
fn r3_steps(g: &mut Game) -> Vec<Event> {
    ok(g, move_to(m(2), 0, [3.0, 0.0, 22.0]))
}

fn fired(events: &[Event]) -> Vec<(u16, u16)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Sec(SecEvent::SentryFired { sentry, target }) => Some((sentry.0, target.0)),
            _ => None,
        })
        .collect()
}

fn shots(g: &Game) -> Vec<(u16, u16)> {
    match g.decision().map(|d| &d.kind) {
        Some(DecisionKind::SentryShot { shots }) => shots.iter().map(|(s, t)| (s.0, t.0)).collect(),
        other => panic!("expected the sentries' owner to pick a shot, got {other:?}"),
    }
}

fn sentry_fires(sentry: u16, target: u16) -> Command {
    Command::SentryFires {
        sentry: m(sentry),
        target: m(target),
    }
}

#[test]
fn sec_12_equally_near_targets_are_the_owners_pick() {
    // R1 and R2 stand mirrored about the sentry's facing: exactly as near.
    let setup = sentries_at(&[12.0], [10.0, 0.0, 10.0], [14.0, 0.0, 10.0]);
    let mut g = start_active(setup, &[2, 9], m(2));
    let events = r3_steps(&mut g);
    assert!(fired(&events).is_empty(), "SEC-12: the owner picks first");
    assert_eq!(shots(&g), vec![(SENTRY, 0), (SENTRY, 1)]);
    assert_eq!(g.decision().map(|d| d.seat), Some(P1));
    assert_eq!(
        g.legal_commands(),
        vec![sentry_fires(SENTRY, 0), sentry_fires(SENTRY, 1)]
    );
    let events = ok(&mut g, sentry_fires(SENTRY, 1));
    assert_eq!(fired(&events), vec![(SENTRY, 1)]);
    assert!(!g.sentry_loaded(m(SENTRY))); // SEC-11
}

#[test]
fn sec_12_a_shot_at_anyone_but_a_nearest_target_is_refused() {
    // R2 is farther than R1: only R1 may be shot. R3 and the guard are no targets at all.
    let tie = sentries_at(&[12.0], [10.0, 0.0, 10.0], [14.0, 0.0, 10.0]);
    let mut g = start_active(tie, &[], m(2));
    r3_steps(&mut g);
    let before = g.state_hash();
    for wrong in [sentry_fires(SENTRY, 2), sentry_fires(SENTRY, 3)] {
        assert_eq!(refusal(g.check(&wrong)), Rule::Sec12);
        assert!(g.apply(wrong).is_err());
        assert_eq!(
            g.state_hash(),
            before,
            "a refusal leaves the state untouched"
        );
    }
    // Not a sentry, or another command: refused with SEC-12 too.
    assert_eq!(refusal(g.check(&sentry_fires(0, 1))), Rule::Sec12);
    assert_eq!(refusal(g.check(&Command::EndActivation)), Rule::Sec12);
    assert_eq!(g.state_hash(), before);
}

#[test]
fn sec_12_a_single_nearest_target_is_shot_with_no_choice() {
    // R1 is nearer than R2: the sentry fires at once, as it always did.
    let setup = sentries_at(&[12.0], [11.0, 0.0, 9.0], [14.0, 0.0, 10.0]);
    let mut g = start_active(setup, &[2, 9], m(2));
    let events = r3_steps(&mut g);
    assert_eq!(fired(&events), vec![(SENTRY, 0)]);
    assert!(!matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::SentryShot { .. })
    ));
}

#[test]
fn sec_12_with_two_sentries_ready_their_owner_picks_the_order() {
    // R1 in both arcs; R2 out of play's way, beyond GREEN. Each shot misses: YELLOW 2 + 1
    // against R1's GREEN 9 + 1.
    let setup = sentries_at(&[8.0, 16.0], [12.0, 0.0, 10.0], [12.0, 0.0, 23.0]);
    let mut g = start_active(setup, &[2, 9, 2, 9], m(2));
    let events = r3_steps(&mut g);
    assert!(fired(&events).is_empty());
    assert_eq!(shots(&g), vec![(SENTRY, 0), (SENTRY + 1, 0)]);
    // The second-placed sentry first.
    let events = ok(&mut g, sentry_fires(SENTRY + 1, 0));
    assert_eq!(fired(&events), vec![(SENTRY + 1, 0)]);
    // Its shot resolves; then the other, now the only one that may fire, fires at once.
    let events = ok(&mut g, defend(Some(0)));
    assert_eq!(fired(&events), vec![(SENTRY, 0)]);
    ok(&mut g, defend(Some(0)));
    assert!(!g.sentry_loaded(m(SENTRY)));
    assert!(!g.sentry_loaded(m(SENTRY + 1)));
    assert!(g.in_play(m(0)));
}
