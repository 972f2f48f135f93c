//! FIRE-11 for moves a model doesn't walk itself: a model dragged (BRAWL-11..13, a Downed
//! one under AID) or pushed (KW-22) into a burning compartment meets that fire and faces a
//! Hazard of its colour (MOD-4), as a model walking in does; with FIRE off it faces none
//! (MOD-2).

mod common;

use common::*;
use redline_battlespace::SceneryPiece;
use redline_rules::card::{Colour, Keyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::decision::DecisionKind;
use redline_rules::{
    Command, Event, Fire, FirePlace, Game, HazardSource, ModelId, Module, ScenarioRules, Setup,
    Target, basic,
};

/// A wall of building 0's one storey, Fuel 1, 3.5" tall.
fn storey_wall(id: u32, from: [f32; 2], to: [f32; 2]) -> SceneryPiece {
    burning_wall(id, (0, 1), from, to, 3.5)
}

/// A roofless one-storey hut, building 0, from x = `x0` to `x1` and z = `z0` to `z0` + 6,
/// open along its low-z side.
fn hut(x0: f32, x1: f32, z0: f32) -> Vec<SceneryPiece> {
    let z1 = z0 + 6.0;
    vec![
        storey_wall(0, [x0, z0], [x0, z1]),
        storey_wall(1, [x0, z1], [x1, z1]),
        storey_wall(2, [x1, z1], [x1, z0]),
    ]
}

const HUT: FirePlace = FirePlace::Compartment {
    building: 0,
    storey: 1,
    room: 0,
};

/// `models` on a table with the hut, which burns RED (lit by seat 0) when FIRE is among
/// `modules`.
fn burning_hut(
    hut: Vec<SceneryPiece>,
    modules: &[Module],
    models: Vec<redline_rules::ModelSetup>,
) -> Setup {
    let base = no_luck_with(models);
    Setup {
        battlespace: table(hut),
        modules: modules.iter().copied().collect(),
        scenario: ScenarioRules {
            fires: vec![Fire {
                place: HUT,
                colour: Colour::Red,
                lighter: P0,
            }],
            ..base.scenario.clone()
        },
        ..base
    }
}

/// Answers every Hazard the game asks about with the first legal answer, and returns the
/// models that faced a fire's Hazard in `events` and in the answers' events, in order.
fn fire_hazards(g: &mut Game, mut events: Vec<Event>) -> Vec<(ModelId, Colour)> {
    for _ in 0..10 {
        let Some(DecisionKind::FaceHazard { options, .. }) = g.decision().map(|d| d.kind.clone())
        else {
            break;
        };
        let (model, token) = options[0];
        events.extend(ok(g, Command::FaceHazard { model, token }));
    }
    events
        .iter()
        .filter_map(|e| match e {
            Event::HazardFaced {
                model,
                colour,
                source: HazardSource::Fire,
            } => Some((*model, *colour)),
            _ => None,
        })
        .collect()
}

/// Dragger D (seat 0) at (8, 12.5) just outside the hut's open side, its friend P beside it
/// at (9.2, 12.5); D steps to (8, 13) and sets P down at (8, 14.8), inside the hut.
fn drag_a_friend_in(modules: &[Module]) -> (Game, Vec<Event>) {
    let setup = burning_hut(
        hut(4.0, 12.0, 14.0),
        modules,
        vec![
            model(character("Dragger"), 0, [8.0, 0.0, 12.5]),
            model(character("Pal"), 0, [9.2, 0.0, 12.5]),
            model(character("Far"), 1, [22.0, 0.0, 2.0]),
        ],
    );
    // BRAWL-12: a friend not Brawling is opposed by the Obstacle die: 9 + 1 against 2.
    let mut g = start_active(setup, &[9, 2, 1, 1, 1, 1], m(0));
    let drag = act(
        m(0),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(1),
            route: vec![[8.0, 0.0, 13.0]],
            drop: [8.0, 0.0, 14.8],
        },
    );
    let events = ok(&mut g, drag);
    (g, events)
}

#[test]
fn fire_11_a_friend_dragged_into_a_burning_compartment_faces_a_hazard() {
    let (mut g, events) = drag_a_friend_in(&[Module::Fire]);
    assert_eq!(g.position(m(1)), [8.0, 0.0, 14.8]); // BRAWL-13: set down in the hut
    // FIRE-11: the dragged model meets the fire; the dragger, still outside, meets none.
    assert_eq!(fire_hazards(&mut g, events), vec![(m(1), Colour::Red)]);
}

#[test]
fn mod_2_with_fire_off_a_dragged_model_faces_no_hazard() {
    let (mut g, events) = drag_a_friend_in(&[]);
    assert_eq!(g.position(m(1)), [8.0, 0.0, 14.8]);
    assert!(fire_hazards(&mut g, events).is_empty()); // MOD-2
}

#[test]
fn fire_11_a_dragger_walking_in_with_its_friend_faces_its_own_hazard_first() {
    let setup = burning_hut(
        hut(4.0, 12.0, 14.0),
        &[Module::Fire],
        vec![
            model(character("Dragger"), 0, [8.0, 0.0, 12.5]),
            model(character("Pal"), 0, [9.2, 0.0, 12.5]),
            model(character("Far"), 1, [22.0, 0.0, 2.0]),
        ],
    );
    let mut g = start_active(setup, &[9, 2, 1, 1, 1, 1], m(0));
    let drag = act(
        m(0),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(1),
            route: vec![[8.0, 0.0, 15.0]],
            drop: [9.2, 0.0, 15.4],
        },
    );
    let events = ok(&mut g, drag);
    // FIRE-11: both enter the burning hut, one Hazard each, the dragger's first.
    assert_eq!(
        fire_hazards(&mut g, events),
        vec![(m(0), Colour::Red), (m(1), Colour::Red)]
    );
}

#[test]
fn fire_11_aid_10_a_downed_model_dragged_into_a_burning_compartment_faces_a_hazard() {
    // A (seat 0) shoots B (seat 1, one RED token) down; medic N (seat 1) then drags B from
    // (16, 10) into the hut, open on its north side at z = 12.5.
    let b = ModelProfile {
        tokens: vec![Colour::Red],
        ..character("B")
    };
    let n = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        ..character("N")
    };
    let setup = burning_hut(
        hut(13.0, 19.0, 12.5),
        &[Module::Fire, Module::Aid],
        vec![
            model(character("A"), 0, [11.0, 0.0, 10.0]),
            model(b, 1, [16.0, 0.0, 10.0]),
            model(n, 1, [16.0, 0.0, 11.3]),
        ],
    );
    // The shot: GREEN 10 + 2 against RED 1 + 1. The drag: GREEN 10 + 1 against the
    // Obstacle die's 1 (AID-10). Then B's Hazard.
    let mut g = start_active(setup, &[10, 1, 10, 1, 1, 1, 1], m(0));
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(g.is_downed(m(1))); // AID-1
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    let drag = act(
        m(2),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(1),
            route: vec![[15.0, 0.0, 11.6]],
            drop: [16.0, 0.0, 13.2],
        },
    );
    let events = ok(&mut g, drag);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Moved { model, to, .. } if *model == m(1) && *to == [16.0, 0.0, 13.2])),
        "{events:?}"
    );
    assert_eq!(fire_hazards(&mut g, events), vec![(m(1), Colour::Red)]); // FIRE-11
}

/// Ram R (seat 0) at (8, 8) with a Melee Push attack; target T (seat 1) at (8, 10), 2"
/// short of the hut's open side at z = 11.
fn push_into_the_hut(modules: &[Module]) -> (Game, Vec<Event>) {
    let mut ram = attack_action("Ram", Skill::Melee, RangeSpec::RED);
    ram.keywords = vec![Keyword::Push];
    let r = ModelProfile {
        actions: vec![ram],
        skills: Skills {
            melee: 1,
            ..Skills::default()
        },
        ..character("R")
    };
    let setup = burning_hut(
        hut(4.0, 12.0, 11.0),
        modules,
        vec![
            model(r, 0, [8.0, 0.0, 8.0]),
            model(character("T"), 1, [8.0, 0.0, 10.0]),
        ],
    );
    // The attack: GREEN 7 + 1 against T's GREEN 2 + 1; then every die shows 1.
    let mut g = start_active(setup, &[7, 2, 1, 1, 1, 1, 1], m(0));
    let mut events = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    if matches!(
        g.decision().map(|d| &d.kind),
        Some(DecisionKind::ChooseDefence { .. })
    ) {
        events.extend(ok(&mut g, defend(Some(0))));
    }
    (g, events)
}

#[test]
fn fire_11_kw_22_a_model_pushed_into_a_burning_compartment_faces_a_hazard() {
    let (mut g, events) = push_into_the_hut(&[Module::Fire]);
    assert!(
        events.contains(&Event::Pushed {
            model: m(1),
            from: [8.0, 0.0, 10.0],
            to: [8.0, 0.0, 13.0],
            stopped: false,
        }),
        "{events:?}"
    ); // KW-22: RED straight away, into the hut
    assert_eq!(fire_hazards(&mut g, events), vec![(m(1), Colour::Red)]); // FIRE-11
}

#[test]
fn mod_2_with_fire_off_a_pushed_model_faces_no_hazard() {
    let (mut g, events) = push_into_the_hut(&[]);
    assert_eq!(g.position(m(1)), [8.0, 0.0, 13.0]);
    assert!(fire_hazards(&mut g, events).is_empty()); // MOD-2
}
