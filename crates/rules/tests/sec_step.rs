//! SEC, the security step before deployment: the defender buys security out of its budget
//! (SEC-1) and places it (SEC-2): locks on doors and windows, sentries wholly in its half
//! (SEC-9), fence sections 4" long that leave every gap a gate (SEC-14). Refusals name the
//! rule and change nothing; locks stay hidden from rivals (MOPEN-8); the placements are
//! commands in the replay and in the state hash (MOD-3).

mod common;

use common::*;
use redline_battlespace::{Opening, OpeningKind, SceneryKind, SceneryPiece, SceneryShape};
use redline_rules::card::{ModelProfile, Skills};
use redline_rules::scenario::{DeploymentZone, Edge, ScenarioRules, SeatZone};
use redline_rules::security::{
    FenceKind, LockGrade, LockPlan, SecurityPlacement, SecurityPlan, SecurityRules,
};
use redline_rules::{
    Command, DecisionKind, Entry, Event, Game, LockKnowledge, ModelSetup, Module, Replay, Rule,
    SecurityStepEvent, Setup,
};

/// A brick wall along z = 12 from x = 14 to x = 22, with a door at x = 18.
fn wall_with_door() -> SceneryPiece {
    SceneryPiece::new(
        0,
        "Back Wall",
        SceneryKind::Barrier,
        SceneryShape::Wall {
            from: [14.0, 12.0],
            to: [22.0, 12.0],
            thickness: 0.5,
            height: 3.0,
        },
    )
    .with_opening(Opening {
        kind: OpeningKind::Door,
        along: 4.0,
        width: 1.5,
        bottom: 0.0,
        top: 2.5,
    })
}

/// A character with Tech `tech`.
fn tech(name: &str, tech: i8) -> ModelProfile {
    ModelProfile {
        skills: Skills {
            tech,
            reflexes: 1,
            ..Skills::default()
        },
        ..character(name)
    }
}

/// A model of `seat` left for the deployment.
fn to_deploy(profile: ModelProfile, seat: u8) -> ModelSetup {
    ModelSetup {
        entry: Entry::Deploy,
        ..model(profile, seat, [0.0; 3])
    }
}

/// Seat 1 defends the east half with a 20 EB budget and `techs` Tech characters (one more
/// without Tech); seat 0 deploys along the west edge. Nothing is placed yet.
fn site(techs: usize, plan: SecurityPlan) -> Setup {
    let mut models = vec![to_deploy(character("Raider"), 0)];
    models.extend((0..techs).map(|k| to_deploy(tech(&format!("Tech {k}"), 1), 1)));
    models.push(to_deploy(tech("Guard", 0), 1));
    let edge = |edge| DeploymentZone::Edge {
        edge,
        distance: 4.0,
    };
    Setup {
        battlespace: table(vec![wall_with_door()]),
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            deployment: vec![
                SeatZone {
                    seat: P0,
                    zone: edge(Edge::West),
                },
                SeatZone {
                    seat: P1,
                    zone: edge(Edge::East),
                },
            ],
            security: Some(SecurityRules {
                budget_eb: 20,
                plan,
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(models)
    }
}

fn place(p: SecurityPlacement) -> Command {
    Command::PlaceSecurity(p)
}

fn lock(opening: u8, grade: LockGrade) -> Command {
    place(SecurityPlacement::Lock {
        piece: 0,
        opening,
        grade,
    })
}

fn sentry(x: f32, z: f32, rapid: bool, optics: bool) -> Command {
    place(SecurityPlacement::Sentry {
        at: [x, 0.0, z],
        facing_deg: 270.0,
        rapid,
        optics,
    })
}

fn fence(from: [f32; 2], to: [f32; 2]) -> Command {
    place(SecurityPlacement::Fence {
        kind: FenceKind::ChainLink,
        from,
        to,
    })
}

/// The command is refused with `rule`, and the game is as it was.
fn refused(g: &mut Game, cmd: Command, rule: Rule) {
    let hash = g.state_hash();
    assert_eq!(refusal(g.apply(cmd.clone())), rule, "{cmd:?}");
    assert_eq!(g.state_hash(), hash, "a refusal changes nothing: {cmd:?}");
}

#[test]
fn sec_2_the_defender_places_security_after_the_scenery_and_before_deployment() {
    let mut g = start(site(2, SecurityPlan::default()));
    assert_eq!(g.placing_security(), Some(P1));
    let d = g.decision().expect("a decision").clone();
    assert_eq!(d.seat, P1);
    assert_eq!(
        d.kind,
        DecisionKind::PlaceSecurity {
            budget: 20,
            most_sentries: 2, // SEC-9: one per Tech character
            openings: vec![(0, 0)],
        }
    );
    assert!(g.legal_commands().contains(&Command::EndSecurity));
    assert!(g.legal_commands().contains(&lock(0, LockGrade::Security)));
    // Nobody deploys before the security is placed.
    refused(
        &mut g,
        Command::Deploy {
            model: m(0),
            at: [2.0, 0.0, 2.0],
        },
        Rule::Sec2,
    );
    let events = ok(&mut g, Command::EndSecurity);
    assert!(events.contains(&Event::SecurityStep(SecurityStepEvent::Ended { seat: P1 })));
    assert_eq!(g.placing_security(), None);
    assert!(matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::DeployTeam { .. })
    ));
}

#[test]
fn sec_1_the_budget_is_spent_and_never_exceeded() {
    let mut g = start(site(2, SecurityPlan::default()));
    assert_eq!(g.security_budget_left(P1), Some(20));
    ok(&mut g, lock(0, LockGrade::Security)); // 6 EB (SEC-5)
    ok(&mut g, sentry(20.0, 4.0, true, true)); // 6 + 4 + 2 EB (SEC-9)
    assert_eq!(g.security_budget_left(P1), Some(2));
    refused(&mut g, sentry(20.0, 20.0, false, false), Rule::Sec1); // 6 EB
    ok(&mut g, fence([16.0, 16.0], [16.0, 20.0])); // 1 EB (SEC-14)
    ok(&mut g, fence([16.0, 20.0], [20.0, 20.0]));
    assert_eq!(g.security_budget_left(P1), Some(0));
    refused(&mut g, fence([20.0, 20.0], [20.0, 16.0]), Rule::Sec1);
    // MOPEN-8: a rival is never told what the defender has left, nor spent on locks.
    assert_eq!(g.security_budget_left(P0), None);
}

#[test]
fn sec_1_the_budget_is_a_share_of_the_eb_limit_paid_like_cards() {
    let rules = SecurityRules::new(P1);
    assert_eq!(rules.budget_for(150, 60), 37); // 25% of 150, rounded down
    assert_eq!(rules.budget_for(150, 10), 10); // only what the team left unspent
}

#[test]
fn sec_1_no_step_without_a_tech_character_or_a_budget_or_when_the_plan_came_with_the_setup() {
    let no_tech = start(site(0, SecurityPlan::default()));
    assert_eq!(no_tech.placing_security(), None);
    let mut no_budget = site(2, SecurityPlan::default());
    if let Some(s) = no_budget.scenario.security.as_mut() {
        s.budget_eb = 0;
    }
    assert_eq!(start(no_budget).placing_security(), None);
    let given = site(
        2,
        SecurityPlan {
            locks: vec![LockPlan {
                piece: 0,
                opening: 0,
                grade: LockGrade::Internal,
            }],
            ..SecurityPlan::default()
        },
    );
    let g = start(given);
    assert_eq!(g.placing_security(), None);
    assert_eq!(g.lock_in_force(0, 0), Some(LockGrade::Internal));
    // MOD-2: with SEC off there is no step either.
    let off = Setup {
        modules: Default::default(),
        ..site(2, SecurityPlan::default())
    };
    assert_eq!(start(off).placing_security(), None);
}

#[test]
fn sec_2_a_lock_goes_on_a_door_or_window_once() {
    let mut g = start(site(1, SecurityPlan::default()));
    refused(&mut g, lock(1, LockGrade::Internal), Rule::Sec2); // no opening 1
    refused(
        &mut g,
        place(SecurityPlacement::Lock {
            piece: 7,
            opening: 0,
            grade: LockGrade::Internal,
        }),
        Rule::Sec2,
    );
    ok(&mut g, lock(0, LockGrade::Internal));
    refused(&mut g, lock(0, LockGrade::External), Rule::Sec2);
}

#[test]
fn mopen_8_a_placed_lock_stays_hidden_from_rivals() {
    let mut g = start(site(1, SecurityPlan::default()));
    let before = g.decision().cloned();
    let events = ok(&mut g, lock(0, LockGrade::Reinforced));
    // The event every seat sees names no opening and no grade (SEC-7).
    assert_eq!(
        events,
        vec![Event::SecurityStep(SecurityStepEvent::LockPlaced)]
    );
    // The decision still lists every door and window, locked or not.
    assert_eq!(g.decision().cloned(), before);
    assert_eq!(g.lock_known_to(P0, 0, 0), LockKnowledge::Unknown);
    assert_eq!(
        g.lock_known_to(P1, 0, 0),
        LockKnowledge::Locked(LockGrade::Reinforced)
    );
    assert_eq!(g.lock_in_force(0, 0), Some(LockGrade::Reinforced));
}

#[test]
fn sec_2_a_sentry_stands_wholly_in_the_defenders_half() {
    let mut g = start(site(2, SecurityPlan::default()));
    // The base (32 mm, 0.63" across half) crosses the middle line at x = 12.
    refused(&mut g, sentry(12.3, 4.0, false, false), Rule::Sec2);
    refused(&mut g, sentry(4.0, 4.0, false, false), Rule::Sec2);
    refused(&mut g, sentry(23.8, 4.0, false, false), Rule::Field7); // off the table
    refused(&mut g, sentry(15.0, 12.0, false, false), Rule::Field7); // in the wall
    ok(&mut g, sentry(13.0, 4.0, false, false));
    refused(&mut g, sentry(13.5, 4.0, false, false), Rule::Move4); // on the first
}

#[test]
fn sec_9_no_more_sentries_than_tech_characters() {
    let mut g = start(site(1, SecurityPlan::default()));
    ok(&mut g, sentry(20.0, 4.0, false, false));
    refused(&mut g, sentry(20.0, 20.0, false, false), Rule::Sec9);
    assert!(
        !g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::PlaceSecurity(SecurityPlacement::Sentry { .. })))
    );
}

#[test]
fn sec_10_a_placed_sentry_is_a_model_that_is_placed_not_deployed_nor_activated() {
    let mut g = start(site(2, SecurityPlan::default()));
    let n = g.setup().models.len();
    let events = ok(&mut g, sentry(20.0, 4.0, true, false));
    let s = m(n as u16);
    assert_eq!(
        events,
        vec![Event::SecurityStep(SecurityStepEvent::SentryPlaced {
            sentry: s,
            at: [20.0, 0.0, 4.0],
            facing_deg: 270.0,
            rapid: true,
            optics: false,
        })]
    );
    assert!(g.is_sentry(s) && g.in_play(s) && g.sentry_loaded(s));
    assert_eq!(g.position(s), [20.0, 0.0, 4.0]);
    ok(&mut g, Command::EndSecurity);
    // FIELD-7: the deployment places the teams around it, not the sentry.
    while let Some(DecisionKind::DeployTeam {
        to_place, placed, ..
    }) = g.decision().map(|d| d.kind.clone())
    {
        assert!(!to_place.contains(&s) && !placed.contains(&s));
        let cmd = g.legal_commands().remove(0);
        ok(&mut g, cmd);
    }
    if let Some(DecisionKind::ChooseFirstControl { .. }) = g.decision().map(|d| &d.kind) {
        let cmd = g.legal_commands().remove(0);
        ok(&mut g, cmd);
    }
    // SEC-10: never activated.
    match g.decision().map(|d| d.kind.clone()) {
        Some(DecisionKind::TakeControl { may_activate, .. }) => {
            assert!(!may_activate.contains(&s))
        }
        other => panic!("expected Control to be taken, got {other:?}"),
    }
}

#[test]
fn sec_14_fences_go_up_in_4_inch_sections_on_open_ground() {
    let mut g = start(site(1, SecurityPlan::default()));
    refused(&mut g, fence([16.0, 16.0], [16.0, 19.0]), Rule::Sec14); // 3"
    refused(&mut g, fence([15.0, 10.0], [15.0, 14.0]), Rule::Sec2); // through the wall
    let events = ok(&mut g, fence([16.0, 16.0], [16.0, 20.0]));
    let Some(Event::SecurityStep(SecurityStepEvent::FencePlaced { piece, .. })) =
        events.first().cloned()
    else {
        panic!("a fence section was placed: {events:?}");
    };
    let section = g.battlespace().piece(redline_battlespace::SceneryId(piece));
    assert_eq!(section.map(|p| p.kind), Some(SceneryKind::Obstacle));
    let plan = &g.setup().scenario.security.as_ref().expect("security").plan;
    assert_eq!(plan.fences.len(), 1);
    assert_eq!(plan.fences[0].piece, piece);
}

#[test]
fn sec_2_every_gap_is_a_gate_and_every_fenced_area_has_one() {
    let mut g = start(site(1, SecurityPlan::default()));
    ok(&mut g, fence([14.0, 16.0], [14.0, 20.0]));
    // A gap under 1.5" between sections is no gate.
    refused(&mut g, fence([15.0, 16.0], [15.0, 20.0]), Rule::Sec2);
    // Crossing a section.
    refused(&mut g, fence([12.5, 18.0], [16.5, 18.0]), Rule::Sec2);
    // Joined end to end, three sides of a square.
    ok(&mut g, fence([14.0, 20.0], [18.0, 20.0]));
    ok(&mut g, fence([18.0, 20.0], [18.0, 16.0]));
    // The fourth side would close the square with no gate.
    refused(&mut g, fence([18.0, 16.0], [14.0, 16.0]), Rule::Sec2);
    // A gate of 1.5" or more is fine.
    ok(
        &mut g,
        fence([18.0, 16.0], [18.0 - 4.0 * 0.6, 16.0 - 4.0 * 0.8]),
    );
}

#[test]
fn mod_3_the_security_step_is_in_the_replay_and_the_hash() {
    let mut g = start(site(2, SecurityPlan::default()));
    let mut replay = Replay::start(&g, "security step");
    let start_hash = g.state_hash();
    let steps = [
        lock(0, LockGrade::External),
        sentry(20.0, 4.0, false, true),
        fence([16.0, 16.0], [16.0, 20.0]),
        Command::EndSecurity,
    ];
    for cmd in steps {
        let before = g.state_hash();
        ok(&mut g, cmd.clone());
        assert_ne!(g.state_hash(), before, "{cmd:?} changes the hash");
        replay.record(cmd, &g);
    }
    assert_ne!(g.state_hash(), start_hash);
    let again = replay.verify().expect("the replay plays back");
    assert_eq!(again.state_hash(), g.state_hash());
    // The setup as secured starts a game with the same security and no step.
    let secured = start(g.setup().clone());
    assert_eq!(secured.placing_security(), None);
    assert_eq!(secured.lock_in_force(0, 0), Some(LockGrade::External));
    assert_eq!(secured.setup().models.len(), g.setup().models.len());
}
