//! DRONE-4: a drone is immune to non-attack actions unless the action says it works on
//! drones ([`ActionDef::works_on_drones`]).

mod common;

use common::*;
use redline_rules::card::{ActionDef, Effect, ModelProfile, RangeSpec, Skill, TargetKind};
use redline_rules::{Command, Event, Game, Rule, Target, basic};

/// A Command action on the leader's card (CMD-1) that may or may not work on drones.
fn order(works_on_drones: bool) -> ActionDef {
    ActionDef {
        id: "order".into(),
        name: "Order".into(),
        skill: Some(Skill::Influence),
        range: Some(RangeSpec {
            red: true,
            yellow: true,
            ..RangeSpec::default()
        }),
        target: TargetKind::OtherFriendly,
        attack: false,
        keywords: Vec::new(),
        effects: vec![Effect::Activate],
        command: true,
        characters_only: false,
        works_on_drones,
    }
}

/// The leader (0) with the order and a friendly drone (1) 4" away for seat 0; a rival (2)
/// far off. The leader is active; the order's roll is loaded to succeed.
fn leader_beside_a_drone(works_on_drones: bool) -> Game {
    let leader = ModelProfile {
        actions: vec![order(works_on_drones)],
        ..character("Leader")
    };
    let setup = no_luck_with(vec![
        model(leader, 0, [8.0, 0.0, 8.0]),
        model(drone("Hawk"), 0, [8.0, 0.0, 12.0]),
        model(character("Rival"), 1, [20.0, 0.0, 22.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    g
}

fn order_the_drone() -> Command {
    act(m(0), basic::COUNT, Some(0), Target::Model(m(1)))
}

#[test]
fn drone_4_an_action_that_does_not_say_it_works_on_drones_is_refused() {
    let mut g = leader_beside_a_drone(false);
    let before = g.state_hash();
    let err = g.apply(order_the_drone()).unwrap_err();
    assert_eq!(err.rule, Rule::Drone4, "{err:?}");
    assert_eq!(
        g.state_hash(),
        before,
        "a refused command leaves the game untouched"
    );
    // The basic Command card's action says nothing about drones either.
    let err = g
        .check(&act(m(0), basic::COMMAND, Some(0), Target::Model(m(1))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Drone4);
}

#[test]
fn drone_4_an_action_that_says_it_works_on_drones_may_target_one() {
    let mut g = leader_beside_a_drone(true);
    let events = ok(&mut g, order_the_drone());
    assert!(
        events.contains(&Event::Activated { model: m(1) }),
        "DRONE-4: the order reaches the drone: {events:?}"
    );
    assert_eq!(g.active_model(), Some(m(1)));
    // The drone now acts as any commanded model does.
    ok(&mut g, gonk_move(m(1), [8.0, 0.0, 14.0]));
}
