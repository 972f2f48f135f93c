//! SEC-15: a Snared model isn't moved by drags or Push. A razor-wire Fumble (SEC-14) snares
//! the runner; the defender's brute then tries to move it.

mod common;

use common::*;
use redline_rules::card::{ActionDef, Keyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::scenario::ScenarioRules;
use redline_rules::security::{FenceKind, FencePlan, SecurityPlan, SecurityRules};
use redline_rules::{Command, Event, Game, Module, Rule, SecEvent, Setup, Target, basic};

/// The brute's card attack: Melee at RED, with Push (KW-22).
const RAM: u16 = basic::COUNT;

/// The defender's brute: Tech 1 (so it may buy the fence, SEC-1) and a Push attack.
fn brute() -> ModelProfile {
    let ram = ActionDef {
        keywords: vec![Keyword::Push],
        ..attack_action("Ram", Skill::Melee, RangeSpec::RED)
    };
    ModelProfile {
        actions: vec![ram],
        skills: Skills {
            tech: 1,
            melee: 1,
            reflexes: 1,
            ..Skills::default()
        },
        ..character("Brute")
    }
}

/// Razor wire along x = 12 from z = 8 to z = 16; the runner (model 0, seat 0) west of it,
/// the defender's brute (model 1) where the runner will stop, within its reach.
fn wired() -> Setup {
    let fence = scenery_box(
        0,
        "Fence",
        redline_battlespace::SceneryKind::Obstacle,
        [12.0, 12.0],
        [0.3, 1.5, 8.0],
    );
    Setup {
        battlespace: table(vec![fence]),
        modules: [Module::Sec].into(),
        scenario: ScenarioRules {
            security: Some(SecurityRules {
                plan: SecurityPlan {
                    fences: vec![FencePlan {
                        piece: 0,
                        kind: FenceKind::RazorWire,
                    }],
                    ..SecurityPlan::default()
                },
                ..SecurityRules::new(P1)
            }),
            ..ScenarioRules::default()
        },
        ..no_luck_with(vec![
            model(character("Runner"), 0, [9.0, 0.0, 13.0]),
            model(brute(), 1, [11.0, 0.0, 14.7]),
        ])
    }
}

/// The runner Fumbles the crossing (1 against the Obstacle die's 3) and is Snared; then the
/// brute is active.
fn snared_runner(faces: &[u8]) -> Game {
    let mut all = vec![1, 3];
    all.extend_from_slice(faces);
    let mut g = start_active(wired(), &all, m(0));
    let events = ok(&mut g, move_to(m(0), 1, [16.0, 0.0, 13.0]));
    assert!(events.contains(&Event::Sec(SecEvent::Snared { model: m(0) })));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    assert!(g.within(m(1), m(0), 1.0), "the brute stands within reach");
    g
}

#[test]
fn sec_15_a_push_that_lands_leaves_a_snared_model_where_it_stands() {
    // The Ram: GREEN 7 + Melee 1 = 8 against the runner's GREEN 2 + Reflexes 1 = 3.
    let mut g = snared_runner(&[7, 2]);
    let at = g.position(m(0));
    ok(&mut g, melee_card(0));
    let events = ok(&mut g, defend(Some(0)));
    let dice = rolled(&events);
    assert_eq!((dice[0].total, dice[1].total), (8, 3));
    // The attack still lands (a wound), but the Push moves nothing.
    assert_eq!(g.tokens(m(0))[0].colour, redline_rules::card::Colour::Red);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Pushed { .. })),
        "SEC-15: a Snared model isn't pushed"
    );
    assert_eq!(g.position(m(0)), at);
    assert!(g.is_snared(m(0)));
}

#[test]
fn sec_15_a_snared_model_is_not_dragged() {
    let g = snared_runner(&[]);
    let at = g.position(m(0));
    let drag = act(
        m(1),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(0),
            route: vec![[10.0, 0.0, 15.5]],
            drop: [10.0, 0.0, 14.0],
        },
    );
    assert_eq!(refusal(g.check(&drag)), Rule::Sec15);
    let offered = g.legal_commands().into_iter().any(|c| {
        matches!(c, Command::Act(redline_rules::ActionCommand { target: Target::Drag { model, .. }, .. })
            if model == m(0))
    });
    assert!(!offered, "SEC-15: no drag of it among the options");
    assert_eq!(g.position(m(0)), at);
}

/// The brute's Ram at the runner, on its GREEN token.
fn melee_card(token: u8) -> Command {
    act(m(1), RAM, Some(token), Target::Model(m(0)))
}
