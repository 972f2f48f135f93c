//! SEC-8 with TERR on, TERR-7: a Breach Blast aimed at a locked door. Its Impact token goes
//! down touching the door at its point nearest the actor; the roll is against the Obstacle
//! die plus the lock's Hardness (TERR-3, SEC-5); the area resolves with the door still
//! standing; only then does a success break the lock.

mod common;

use common::*;
use redline_rules::card::{Colour, Keyword, ModelProfile, Skill, Skills};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{LockGrade, LockPlan, SecurityPlan, SecurityRules};
use redline_rules::{Command, DecisionKind, Event, Module, SecEvent, Setup, basic};

/// A sapper with one GREEN token, Ranged 2, Reflexes 1 and a Breaching Charge: Ranged,
/// RED and YELLOW, Breach 1, Blast.
fn sapper() -> ModelProfile {
    let charge = redline_rules::card::ActionDef {
        keywords: vec![Keyword::Breach(1), Keyword::Blast],
        ..attack_action("Breaching Charge", Skill::Ranged, RED_YELLOW)
    };
    ModelProfile {
        tokens: vec![Colour::Green],
        actions: vec![charge],
        ..character("Sapper")
    }
}

/// The door locked at External (Hardness 2); the sapper within reach of it, outside; the
/// defender's guard far off. SEC and TERR on.
fn locked_door() -> Setup {
    let guard = ModelProfile {
        skills: Skills {
            tech: 1,
            reflexes: 1,
            ..Skills::default()
        },
        ..character("Guard")
    };
    Setup {
        battlespace: table(vec![wall_with_door()]),
        modules: [Module::Sec, Module::Terr].into(),
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    locks: vec![LockPlan {
                        piece: 0,
                        opening: 0,
                        grade: LockGrade::External,
                    }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(sapper(), 0, [11.0, 0.0, 12.0]),
            model(guard, 1, [20.0, 0.0, 20.0]),
        ])
    }
}

fn blast_the_door() -> Command {
    act(m(0), basic::COUNT, Some(0), DOOR)
}

fn index_of(events: &[Event], keep: impl Fn(&Event) -> bool) -> usize {
    events
        .iter()
        .position(keep)
        .expect("the event is in the log")
}

fn broken(e: &Event) -> bool {
    matches!(e, Event::Sec(SecEvent::DoorBroken { .. }))
}

#[test]
fn sec_8_terr_7_a_breach_blast_on_a_lock_resolves_its_area_before_the_door_breaks() {
    // GREEN 5 + Ranged 2 + 2 (Large Target) = 9 against the Obstacle die's 3 + the lock's
    // Hardness 2 = 5. The area: the sapper, caught, rolls GREEN 10 + Reflexes 1 = 11
    // against 5 + 2 = 7, the total without the +2 (MOPEN-4).
    let mut g = start_active(locked_door(), &[5, 3, 10], m(0));
    let events = ok(&mut g, blast_the_door());
    let impact = index_of(&events, |e| matches!(e, Event::ImpactOnScenery { .. }));
    let Event::ImpactOnScenery { at, part, .. } = events[impact] else {
        unreachable!()
    };
    assert_eq!(part, 0);
    // TERR-7: touching the door at its point nearest the sapper, on the sapper's side.
    assert!(at[0] < 12.0 - 0.25 && at[0] > 11.0, "token at {at:?}");
    assert!((at[2] - 12.0).abs() < 1e-3);
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (9, 5)); // SEC-5: the lock's Hardness
    assert!(impact < index_of(&events, |e| matches!(e, Event::Rolled { .. })));
    let area = index_of(
        &events,
        |e| matches!(e, Event::BlastArea { caught, .. } if caught.contains(&m(0))),
    );
    // TERR-7: 1. the area, 2. on a success the damage: the lock breaks (SEC-8).
    assert!(area < index_of(&events, broken));
    // Then the area's roll: the fixed total without the +2 (7) against the sapper's 11.
    let all: Vec<i16> = events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice } => Some(dice.iter().map(|d| d.total)),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(all, vec![9, 5, 7, 11]);
    assert!(g.door_broken(0, 0));
    assert_eq!(g.lock_in_force(0, 0), None);
}

#[test]
fn sec_8_terr_7_a_missed_breach_blast_leaves_the_lock_and_the_token_is_the_defenders_to_move() {
    // GREEN 2 + 4 = 6 against 6 + 2 = 8: a miss. The scenery's side (the defender) may move
    // the token (KW-9, MOD-8); the area still resolves; the lock holds.
    let mut g = start_active(locked_door(), &[2, 6, 10], m(0));
    let events = ok(&mut g, blast_the_door());
    assert!(!events.iter().any(broken));
    assert!(!events.iter().any(|e| matches!(e, Event::BlastArea { .. })));
    let Some(DecisionKind::PlaceImpact { at, fumble, .. }) = g.decision().map(|d| d.kind.clone())
    else {
        panic!("the token is the scenery's side's to move");
    };
    assert!(!fumble);
    assert_eq!(g.decision().map(|d| d.seat), Some(P1));
    let events = ok(&mut g, Command::PlaceImpact { at });
    assert!(events.iter().any(|e| matches!(e, Event::BlastArea { .. })));
    assert!(!events.iter().any(broken));
    assert_eq!(g.lock_in_force(0, 0), Some(LockGrade::External));
    assert!(!g.door_broken(0, 0));
}

#[test]
fn sec_8_terr_7_an_easy_breach_blast_on_a_lock_still_resolves_its_area_first() {
    // No Skill: Easy, no roll (TOK-8). The area rolls against a fresh Obstacle die (4); the
    // sapper rolls GREEN 10 + 1 against it; then the lock breaks.
    let mut setup = locked_door();
    let p = std::sync::Arc::make_mut(&mut setup.models[0].profile);
    p.actions[0].skill = None;
    let mut g = start_active(setup, &[4, 10], m(0));
    let events = ok(&mut g, blast_the_door());
    let area = index_of(&events, |e| matches!(e, Event::BlastArea { .. }));
    assert!(area < index_of(&events, broken));
    assert!(g.door_broken(0, 0));
}
