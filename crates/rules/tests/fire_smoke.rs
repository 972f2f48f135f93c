//! FIRE, smoke and crossing fire: each burning part or compartment on a Path of Attack adds
//! +1 to the target's Opposed Roll (FIRE-12), and a model that meets a fire while it moves
//! faces a Hazard of that fire's colour (FIRE-11); MEX-8 played with loaded dice. Fires a
//! scenario places at setup burn from the start, with the lighter it names (FIRE-15).

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece};
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::decision::DecisionKind;
use redline_rules::{
    Command, Event, Fire, FirePlace, Game, HazardSource, Module, ScenarioRules, Setup,
};

/// The hedge, part 0: Soft, Fuel 1, 4" wide and 1" tall across the table at z = 13.8.
fn hedge() -> SceneryPiece {
    let mut h = scenery_box(
        0,
        "hedge",
        SceneryKind::Obstacle,
        [10.0, 13.8],
        [4.0, 1.0, 0.5],
    );
    h.fuel = Some(1); // FIRE-4: hedges
    h
}

/// A RED fire on `place` lit by seat 0, as a scenario places it (FIRE-15).
fn red_fire(place: FirePlace) -> Fire {
    Fire {
        place,
        colour: Colour::Red,
        lighter: P0,
    }
}

/// MEX-8: shooter S (seat 0, Ranged 1) at (10, 0, 10.5), the burning hedge 3" from it, and
/// target T (seat 1, GREEN and YELLOW tokens, Reflexes 1) at (10, 0, 16.5).
fn mex_8(modules: &[Module], faces: &[u8]) -> Game {
    let s = ModelProfile {
        skills: Skills {
            ranged: 1,
            ..character("S").skills
        },
        ..character("S")
    };
    let t = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        ..character("T")
    };
    let base = no_luck_with(vec![
        model(s, 0, [10.0, 0.0, 10.3]),
        model(t, 1, [10.0, 0.0, 16.5]),
    ]);
    let setup = Setup {
        battlespace: table(vec![hedge()]),
        modules: modules.iter().copied().collect(),
        scenario: ScenarioRules {
            fires: vec![red_fire(FirePlace::Part(0))],
            ..base.scenario.clone()
        },
        ..base
    };
    start_active(setup, faces, m(0))
}

/// S shoots T with its YELLOW token; T defends with GREEN. Returns the events.
fn shoot(g: &mut Game) -> Vec<Event> {
    let mut events = ok(g, ranged_attack(m(0), 1, m(1)));
    if matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::ChooseDefence { .. })
    ) {
        events.extend(ok(g, defend(Some(0))));
    }
    events
}

#[test]
fn mex_8_fire_12_smoke_adds_one_and_the_shot_ties_and_misses() {
    // YELLOW 6 + 1 = 7 against T's GREEN 4 + 1 + 1 (hedge) + 1 (smoke) = 7: a tie, a miss.
    let mut g = mex_8(&[Module::Fire], &[6, 4]);
    assert_eq!(g.smoke(m(0), m(1)), vec![FirePlace::Part(0)]); // FIRE-12
    let events = shoot(&mut g);
    let dice = rolled(&events);
    assert_eq!(dice[0].total, 7);
    assert_eq!(dice[1].total, 7, "{dice:?}"); // FIRE-12: +1 on top of POA-5's +1
    assert!(!events.iter().any(|e| matches!(e, Event::Wounded { .. })));
}

#[test]
fn mod_2_with_fire_off_the_scenario_fire_never_burns_and_gives_no_smoke() {
    let mut g = mex_8(&[], &[6, 4]);
    assert!(g.fires().is_empty()); // MOD-2
    assert!(g.smoke(m(0), m(1)).is_empty());
    let events = shoot(&mut g);
    assert_eq!(rolled(&events)[1].total, 6); // the hedge's +1 only: 7 beats 6
}

#[test]
fn fire_15_a_scenario_fire_burns_from_the_start_with_its_lighter() {
    let g = mex_8(&[Module::Fire], &[]);
    let fire = g.fire_at(FirePlace::Part(0)).expect("the hedge burns");
    assert_eq!((fire.colour, fire.lighter), (Colour::Red, P0)); // FIRE-15
}

#[test]
fn fire_12_burning_scenery_within_reach_of_the_shooter_gives_no_smoke() {
    // POA-9: S steps up to the hedge; the hedge and its smoke are ignored.
    let mut g = mex_8(&[Module::Fire], &[]);
    ok(&mut g, move_to(m(0), 0, [10.0, 0.0, 12.5]));
    assert!(g.smoke(m(0), m(1)).is_empty()); // FIRE-12, POA-9
}

/// MEX-8 up to T's move: the shot misses, S ends, T activates and spends its YELLOW token
/// on a move across the hedge to (10, 0, 12.2); returns the move's events.
fn cross_the_hedge(modules: &[Module], faces: &[u8]) -> (Game, Vec<Event>) {
    let mut g = mex_8(modules, faces);
    shoot(&mut g);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    let events = ok(&mut g, move_to(m(1), 1, [10.0, 0.0, 12.2]));
    (g, events)
}

#[test]
fn mex_8_fire_11_crossing_the_burning_hedge_brings_a_red_hazard() {
    // The shot: 6, 4. The crossing roll: YELLOW 5 + 1 = 6 against Obstacle 3. The Hazard:
    // RED 6 (a Crit) against T's Used YELLOW token, 7 + 1 = 8: the Crit wins.
    let (mut g, events) = cross_the_hedge(&[Module::Fire], &[6, 4, 5, 3, 6, 7]);
    assert!(
        events.iter().any(|e| matches!(e, Event::Crossed { .. })),
        "{events:?}"
    );
    let d = g.decision().expect("T's Hazard").clone();
    let DecisionKind::FaceHazard { colour, source, .. } = d.kind else {
        panic!("expected a Hazard, got {d:?}");
    };
    assert_eq!((colour, source), (Colour::Red, HazardSource::Fire)); // FIRE-11, MOD-4
    let events = ok(
        &mut g,
        Command::FaceHazard {
            model: m(1),
            token: Some(1),
        },
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Wounded { model, token: 1, .. } if *model == m(1)
        )),
        "{events:?}"
    );
    assert_eq!(g.tokens(m(1))[1].colour, Colour::Red); // WOUND-2: a Used RED token
    // FIRE-11: losing the Hazard doesn't stop the move; T stands past the hedge.
    assert!((g.position(m(1))[2] - 12.2).abs() < 1e-3);
}

#[test]
fn fire_11_a_failed_crossing_roll_meets_no_fire() {
    // The crossing roll: YELLOW 2 + 1 = 3 against Obstacle 9: T stops at the hedge.
    let (g, events) = cross_the_hedge(&[Module::Fire], &[6, 4, 2, 9]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MoveStopped { .. })),
        "{events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::HazardFaced { .. })),
        "{events:?}"
    ); // FIRE-11: after any roll needed to cross it succeeds
    assert!(g.decision().is_some());
}

#[test]
fn mod_2_with_fire_off_crossing_the_hedge_brings_no_hazard() {
    // S misses (YELLOW 2 + 1 against 4 + 1 + 1), T crosses (5 + 1 against 3).
    let (_, events) = cross_the_hedge(&[], &[2, 4, 5, 3]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::HazardFaced { .. })),
        "{events:?}"
    );
}

/// A wall of building 0's one storey, Fuel 1, `height` tall.
fn storey_wall(id: u32, from: [f32; 2], to: [f32; 2], height: f32) -> SceneryPiece {
    burning_wall(id, (0, 1), from, to, height)
}

/// A roofless one-storey hut, building 0, walls 3.5" tall, open to the south (high z):
/// side walls at x = 4 and x = 12, back wall at z = 20.2.
fn hut() -> Vec<SceneryPiece> {
    vec![
        storey_wall(0, [4.0, 14.0], [4.0, 20.2], 3.5),
        storey_wall(1, [4.0, 20.2], [12.0, 20.2], 3.5),
        storey_wall(2, [12.0, 20.2], [12.0, 14.0], 3.5),
    ]
}

/// A pen of low walls (0.8"), building 0, from (4, 14) to (12, 20.2): a path over it
/// enters it without being blocked (POA-7).
fn pen() -> Vec<SceneryPiece> {
    vec![
        storey_wall(0, [4.0, 14.0], [4.0, 20.2], 0.8),
        storey_wall(1, [4.0, 20.2], [12.0, 20.2], 0.8),
        storey_wall(2, [12.0, 20.2], [12.0, 14.0], 0.8),
        storey_wall(3, [12.0, 14.0], [4.0, 14.0], 0.8),
    ]
}

const HUT: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 0,
};

/// The burning hut; S (seat 0) at `s`, T (seat 1) at `t`.
fn at_the_hut(s: [f32; 3], t: [f32; 3], faces: &[u8]) -> Game {
    burning(hut(), s, t, faces)
}

/// Building 0 of `pieces` burning RED (lit by seat 0); S (seat 0) at `s`, T (seat 1) at
/// `t`, S active.
fn burning(pieces: Vec<SceneryPiece>, s: [f32; 3], t: [f32; 3], faces: &[u8]) -> Game {
    let base = no_luck_with(vec![
        model(character("S"), 0, s),
        model(character("T"), 1, t),
    ]);
    let setup = Setup {
        battlespace: table(pieces),
        modules: [Module::Fire].into_iter().collect(),
        scenario: ScenarioRules {
            fires: vec![red_fire(HUT)],
            ..base.scenario.clone()
        },
        ..base
    };
    start_active(setup, faces, m(0))
}

#[test]
fn fire_12_the_targets_own_burning_compartment_always_counts() {
    let g = at_the_hut([8.0, 0.0, 8.0], [8.0, 0.0, 17.0], &[]);
    assert_eq!(g.smoke(m(0), m(1)), vec![HUT]); // FIRE-12
}

#[test]
fn fire_12_a_path_over_a_burning_compartment_counts_once() {
    // S west of the pen, T east of it: the path runs over both low walls and the floor.
    let g = burning(pen(), [2.0, 0.0, 17.0], [14.0, 0.0, 17.0], &[]);
    assert!(
        g.path_of_attack(m(0), m(1), redline_rules::basic::RANGED)
            .visible()
    );
    assert_eq!(g.smoke(m(0), m(1)), vec![HUT]); // FIRE-12: one +1 for the compartment
    // A path that passes the pen by adds nothing.
    let by = burning(pen(), [2.0, 0.0, 10.0], [14.0, 0.0, 10.0], &[]);
    assert!(by.smoke(m(0), m(1)).is_empty());
}

#[test]
fn fire_12_a_shooter_in_the_burning_compartment_ignores_it() {
    // POA-9: S stands in the hut; T outside, in front of it.
    let g = at_the_hut([8.0, 0.0, 17.0], [8.0, 0.0, 8.0], &[]);
    assert!(g.smoke(m(0), m(1)).is_empty()); // FIRE-12, POA-9
}

#[test]
fn fire_11_walking_into_a_burning_compartment_brings_a_hazard() {
    // T walks into the hut through its open side: one RED Hazard (FIRE-11).
    let mut g = at_the_hut([20.0, 0.0, 4.0], [8.0, 0.0, 10.0], &[]);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    assert_eq!(
        g.fires_met(m(1), &[[8.0, 0.0, 17.0]]),
        vec![(HUT, Colour::Red)]
    ); // FIRE-11
    let events = ok(&mut g, move_to(m(1), 1, [8.0, 0.0, 17.0]));
    let faced = events.iter().any(|e| {
        matches!(
            e,
            Event::HazardFaced {
                source: HazardSource::Fire,
                ..
            }
        )
    });
    let asked = matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::FaceHazard { .. })
    );
    assert!(faced || asked, "{events:?}"); // FIRE-11
    // Walking about inside it enters nothing new.
    assert!(g.fires_met(m(1), &[[9.0, 0.0, 18.0]]).is_empty());
}
