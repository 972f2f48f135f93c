//! CMD: Command actions activate another model.

mod common;

use common::*;
use redline_rules::card::{ActionDef, Effect, ModelProfile, RangeSpec, Skill, TargetKind};
use redline_rules::{Command, DecisionKind, Event, Setup, Target, basic};

/// Seat 0: Boss (0), Aide (1) within RED, Grunt (2) a Gonk; seat 1: Rival (3) far away.
fn crew() -> Setup {
    no_luck_with(vec![
        model(character("Boss"), 0, [8.0, 0.0, 4.0]),
        model(character("Aide"), 0, [10.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [8.0, 0.0, 6.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ])
}

#[test]
fn cmd_1_cmd_2_cmd_4_a_successful_command_hands_the_activation_over() {
    let mut g = start_loaded(crew(), &[8, 3]);
    assert!(g.action(m(0), basic::COMMAND).unwrap().command);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::COMMAND, Some(1), Target::Model(m(1))),
    );
    assert_eq!(
        ev,
        vec![
            Event::ActionTaken {
                model: m(0),
                action: basic::COMMAND,
                name: "Basic Command".into(),
                colour: redline_rules::card::Colour::Yellow,
                reaction: false
            },
            Event::TokenFlipped {
                model: m(0),
                token: 1,
                ready: false
            },
            Event::Rolled {
                dice: vec![
                    die_result(
                        Some(m(0)),
                        P0,
                        redline_rules::dice::Die::Action(redline_rules::card::Colour::Yellow),
                        8,
                        0
                    ),
                    die_result(None, P1, redline_rules::dice::Die::Obstacle, 3, 0),
                ]
            },
            Event::RollDecided {
                actor_won: vec![true]
            },
            Event::ActivationEnded { model: m(0) },
            Event::Activated { model: m(1) },
        ]
    );
    assert_eq!(g.active_model(), Some(m(1)));
    // CTRL-7: a Command activates another model without handing Control to the rival.
    assert_eq!(g.control(), P0);
}

#[test]
fn cmd_3_a_character_with_no_ready_token_cant_be_commanded() {
    let mut g = start_loaded(crew(), &[8, 3]);
    ok(&mut g, Command::Activate { model: m(1) });
    for t in 0..3 {
        let to = [10.0, 0.0, 4.5 + f32::from(t) * 0.5];
        ok(
            &mut g,
            act(m(1), basic::MOVE, Some(t), Target::Route(vec![to])),
        );
    }
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.apply(act(m(0), basic::COMMAND, Some(0), Target::Model(m(1))))),
        Rule::Cmd3
    );
}

#[test]
fn cmd_5_a_rival_command_is_opposed_by_influence_and_its_owner_plays_it() {
    let puppet = ActionDef {
        id: "puppet".into(),
        name: "Puppet".into(),
        skill: Some(Skill::Influence),
        range: Some(RangeSpec {
            long: true,
            ..RangeSpec::RED
        }),
        target: TargetKind::Rival,
        attack: false,
        keywords: Vec::new(),
        effects: vec![Effect::Activate],
        command: true,
        characters_only: false,
        works_on_drones: false,
    };
    let mut setup = crew();
    setup.models[0].profile = std::sync::Arc::new(ModelProfile {
        actions: vec![puppet],
        ..character("Boss")
    });
    setup.models[3].position = [8.0, 0.0, 6.5];
    // Out of the line of fire, so it gives no cover.
    setup.models[2].position = [14.0, 0.0, 4.0];
    setup.models[3].profile = std::sync::Arc::new(ModelProfile {
        skills: redline_rules::card::Skills {
            influence: 2,
            ..Default::default()
        },
        ..character("Rival")
    });
    let mut g = start_loaded(setup, &[9, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(3))),
    );
    let ev = ok(&mut g, defend(Some(0)));
    let dice = rolled(&ev);
    assert_eq!(dice[1].modifier, 2);
    assert_eq!(g.active_model(), Some(m(3)));
    assert_eq!(g.control(), P1);
    assert_eq!(g.decision().unwrap().seat, P1);
}

#[test]
fn cmd_6_only_the_commanded_model_may_act() {
    let mut g = start_loaded(crew(), &[8, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COMMAND, Some(0), Target::Model(m(1))),
    );
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model } if model == m(1)
    ));
    assert_eq!(refusal(g.apply(Command::Inspire { seat: P0 })), Rule::Ctrl5);
    assert_eq!(
        refusal(g.apply(Command::Activate { model: m(0) })),
        Rule::Ctrl5
    );
    let mv = move_to(m(0), 2, [8.0, 0.0, 3.0]);
    assert_eq!(refusal(g.apply(mv)), Rule::Ctrl4);
}

#[test]
fn cmd_7_a_command_reaction_is_barred_during_an_opponents_inspire() {
    // OPEN-45: even one that would leave Control where it is. Covered with a wounded
    // character in control.rs (CTRL-14); here the reacting model's friend is in reach.
    let mut g = chief_wounded_during_inspire();
    let cmd = react(m(2), basic::COMMAND, Some(1), Target::Model(m(3)));
    assert_eq!(refusal(g.apply(cmd)), Rule::Open45);
    // REACT-11: the same [RE]action with a Move is allowed.
    let step = react(
        m(2),
        basic::MOVE,
        Some(1),
        Target::Route(vec![[12.0, 0.0, 22.0]]),
    );
    assert!(g.check(&step).is_ok(), "{:?}", g.check(&step));
}

#[test]
fn cmd_8_basic_command_cant_activate_a_gonk() {
    // OPEN-13: Basic Command is characters-only, so it targets friendly characters only.
    let mut g = start(crew());
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.apply(act(m(0), basic::COMMAND, Some(0), Target::Model(m(2))))),
        Rule::Open13
    );
    // OPEN-13: nor the commander itself.
    assert_eq!(
        refusal(g.apply(act(m(0), basic::COMMAND, Some(0), Target::Model(m(0))))),
        Rule::Open13
    );
}
