//! The tasks a drone's program may give it (DRONE-2): gathering scrap from a Body token
//! (`Effect::Scavenge`) and self-destructing (`Effect::SelfDestruct`, DRONE-7).

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{
    ActionDef, Colour, Effect, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills, TargetKind,
};
use redline_rules::{Command, DecisionKind, Event, Game, ModelId, Target, basic};

/// A drone placed at setup (it acts at each Inspire, DRONE-3) with `actions`.
fn drone(name: &str, actions: Vec<ActionDef>) -> ModelProfile {
    ModelProfile {
        keywords: vec![ModelKeyword::Drone],
        tokens: Vec::new(),
        gonk_colour: Some(Colour::Yellow),
        skills: Skills {
            melee: 2,
            ..Skills::default()
        },
        actions,
        ..character(name)
    }
}

fn strip_for_scrap() -> ActionDef {
    ActionDef {
        id: "strip".into(),
        name: "Strip for Scrap".into(),
        skill: None,
        range: Some(RangeSpec::REACH),
        target: TargetKind::BodyToken,
        attack: false,
        keywords: Vec::new(),
        effects: vec![Effect::Scavenge(1)],
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

const SCRAP_DRONE: ModelId = ModelId(3);

/// The Killer (0) takes the Victim (1) out, leaving a Body at x = 8.0; seat 0's scrap
/// drone (3) stands at `drone_x`; seat 1's Boss (2) activates and ends, and seat 0 Inspires:
/// the drone is asked to act.
fn body_and_drone_at(drone_x: f32) -> Game {
    let setup = no_luck_with(vec![
        model(character("Killer"), 0, [8.0, 0.0, 7.0]),
        model(
            ModelProfile {
                tokens: vec![Colour::Red],
                ..character("Victim")
            },
            1,
            [8.0, 0.0, 8.3],
        ),
        model(character("Boss"), 1, [20.0, 0.0, 20.0]),
        model(
            drone("Hound", vec![strip_for_scrap()]),
            0,
            [drone_x, 0.0, 8.3],
        ),
    ]);
    let mut g = start_loaded(setup, &[9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, melee_attack(m(0), 1, m(1)));
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        ok(&mut g, defend(Some(0)));
    }
    assert!(!g.in_play(m(1)));
    inspire_after_rival(&mut g, m(2));
    g
}

/// The Body beside the drone, within its reach.
fn body_beside_the_drone() -> Game {
    body_and_drone_at(9.3)
}

#[test]
fn drone_2_a_scrap_drone_strips_a_body_token_and_its_team_gains_luck() {
    let mut g = body_beside_the_drone();
    let (body, _, _) = g.bodies()[0];
    assert_eq!(g.luck(P0), 0);
    let events = ok(
        &mut g,
        act(SCRAP_DRONE, basic::COUNT, None, Target::Body(body)),
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::BodyScavenged { by, .. } if *by == SCRAP_DRONE)),
        "{events:?}"
    );
    // DRONE-2: the program's task; the Luck is its team's.
    assert_eq!(g.luck(P0), 1);
    // BASIC-15: the token is gone, so nobody loots it afterwards: not even the Killer
    // standing within reach of where it lay, once seat 0 has Control again.
    assert!(g.bodies().is_empty());
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    let again = g.check(&act(m(0), basic::LOOT_GOODS, Some(0), Target::Body(body)));
    assert_eq!(refusal(again), Rule::Basic15);
}

#[test]
fn basic_12_a_scrap_drone_only_reaches_a_body_within_reach() {
    let g = body_and_drone_at(11.0);
    let (body, _, _) = g.bodies()[0];
    let far = g.check(&act(SCRAP_DRONE, basic::COUNT, None, Target::Body(body)));
    assert_eq!(refusal(far), Rule::Basic12);
    assert_eq!(g.luck(P0), 0, "a refused command changes nothing");
}

fn detonate() -> ActionDef {
    let mut def = attack_action("Detonate", Skill::Melee, RangeSpec::RED);
    def.effects.push(Effect::SelfDestruct);
    def
}

const MITE: ModelId = ModelId(2);

/// Seat 0's Handler (0) far off, seat 1's Rival (1) beside seat 0's mite drone (2); seat 0
/// Inspires so the mite acts, with `faces` loaded for its roll.
fn mite_beside_a_rival(faces: &[u8]) -> Game {
    let setup = no_luck_with(vec![
        model(character("Handler"), 0, [2.0, 0.0, 2.0]),
        model(character("Rival"), 1, [8.0, 0.0, 10.0]),
        model(drone("Mite", vec![detonate()]), 0, [8.0, 0.0, 8.6]),
    ]);
    let mut g = start_loaded(setup, &[]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [2.0, 0.0, 3.0]));
    inspire_after_rival(&mut g, m(1));
    g.load_dice(faces);
    g
}

fn strike(g: &mut Game) -> Vec<Event> {
    let mut events = ok(g, act(MITE, basic::COUNT, None, Target::Model(m(1))));
    while let Some(DecisionKind::ChooseDefence { .. }) = g.decision().map(|d| d.kind.clone()) {
        events.extend(ok(g, defend(Some(0))));
    }
    events
}

#[test]
fn drone_7_a_self_destructing_drone_is_taken_out_after_its_hit_with_no_body() {
    let mut g = mite_beside_a_rival(&[7, 1]);
    let events = strike(&mut g);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Wounded { model, .. } if *model == m(1))),
        "the hit lands first: {events:?}"
    );
    assert!(!g.in_play(MITE), "DRONE-2: the drone's task ends it");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DroneTakenOut { model, .. } if *model == MITE))
    );
    assert!(g.bodies().is_empty(), "DRONE-7: no Body token");
}

#[test]
fn drone_7_a_self_destructing_drone_goes_even_when_it_misses() {
    let mut g = mite_beside_a_rival(&[2, 7]);
    let events = strike(&mut g);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Wounded { model, .. } if *model == m(1))),
        "{events:?}"
    );
    assert!(!g.in_play(MITE));
    assert!(g.bodies().is_empty(), "DRONE-7: no Body token");
}

#[test]
fn drone_2_only_a_drone_self_destructs() {
    // The same action on a character's card deals its wound and leaves the character be.
    let setup = no_luck_with(vec![
        model(
            ModelProfile {
                actions: vec![detonate()],
                ..character("Sapper")
            },
            0,
            [8.0, 0.0, 8.6],
        ),
        model(character("Rival"), 1, [8.0, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[7, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    while let Some(DecisionKind::ChooseDefence { .. }) = g.decision().map(|d| d.kind.clone()) {
        ok(&mut g, defend(Some(0)));
    }
    assert!(g.in_play(m(0)));
}
