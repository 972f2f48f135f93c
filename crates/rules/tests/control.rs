//! CTRL: Control, Activate or Inspire, Gonk actions during Inspire, passing Control.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{ActionDef, Colour, Effect, ModelProfile, TargetKind};
use redline_rules::{
    Command, DecisionKind, EndReason, Event, LegKind, Outcome, RouteLeg, Setup, Target, TeamId,
    WinCondition, basic,
};

/// Seat 0: a character (0) and a Gonk (1); seat 1: a character (2) and a Gonk (3).
fn crews() -> Setup {
    no_luck_with(vec![
        model(character("Boss"), 0, [8.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [12.0, 0.0, 4.0]),
        model(character("Chief"), 1, [8.0, 0.0, 20.0]),
        model(gonk("Goon"), 1, [12.0, 0.0, 20.0]),
    ])
}

#[test]
fn ctrl_1_ctrl_15_the_scenario_picks_first_control_and_only_that_player_activates() {
    let g = start(Setup {
        first_control: P1,
        ..crews()
    });
    assert_eq!(g.control(), P1);
    assert_eq!(g.decision().unwrap().seat, P1);
    let mut g = start(crews());
    assert_eq!(
        refusal(g.apply(Command::Activate { model: m(2) })),
        Rule::Ctrl1
    );
}

#[test]
fn ctrl_2_ctrl_4_activate_makes_the_active_model() {
    let mut g = start(crews());
    let ev = ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        ev,
        vec![
            Event::ControlTaken { seat: P0 },
            Event::Activated { model: m(0) }
        ]
    );
    assert_eq!(g.active_model(), Some(m(0)));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model } if model == m(0)
    ));
}

#[test]
fn ctrl_3_all_tokens_ready_forces_activate() {
    let mut g = start(crews());
    match &g.decision().unwrap().kind {
        DecisionKind::TakeControl {
            may_activate,
            may_inspire,
        } => {
            assert_eq!(may_activate, &vec![m(0)]);
            assert!(may_inspire.is_empty());
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(refusal(g.apply(Command::Inspire { seat: P0 })), Rule::Ctrl3);
}

#[test]
fn ctrl_3_no_ready_token_forces_inspire_and_without_gonks_it_only_refreshes() {
    let setup = no_luck_with(vec![
        model(
            redline_rules::card::ModelProfile {
                tokens: vec![Colour::Yellow],
                ..character("Solo")
            },
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Chief"), 1, [8.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    // CTRL-5: no Ready token left, Control passes on its own.
    assert_eq!(g.control(), P1);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    match &g.decision().unwrap().kind {
        DecisionKind::TakeControl {
            may_activate,
            may_inspire,
        } => {
            assert!(may_activate.is_empty());
            assert_eq!(may_inspire, &vec![P0]);
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(
        refusal(g.apply(Command::Activate { model: m(0) })),
        Rule::Ctrl3
    );
    let ev = ok(&mut g, Command::Inspire { seat: P0 });
    assert_eq!(
        ev,
        vec![
            Event::ControlTaken { seat: P0 },
            Event::InspireStarted { seat: P0 },
            Event::TokenFlipped {
                model: m(0),
                token: 0,
                ready: true
            },
            Event::InspireEnded { seat: P0 },
            Event::ControlPassed { from: P0, to: P1 },
        ]
    );
}

#[test]
fn ctrl_5_ctrl_6_ending_an_activation_passes_control_and_the_model_may_come_back() {
    let mut g = start(crews());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    let ev = ok(&mut g, Command::EndActivation);
    assert_eq!(
        ev,
        vec![
            Event::ActivationEnded { model: m(0) },
            Event::ControlPassed { from: P0, to: P1 }
        ]
    );
    assert_eq!(g.control(), P1);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    // Same character again, with its two Ready tokens left.
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(g.active_model(), Some(m(0)));
}

#[test]
fn ctrl_8_ctrl_10_ctrl_11_ctrl_13_inspire_gonks_act_once_then_tokens_refresh() {
    let mut g = start(crews());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    inspire_after_rival(&mut g, m(2));
    assert_eq!(g.inspiring(), Some(P0));
    assert!(matches!(
        &g.decision().unwrap().kind,
        DecisionKind::InspireGonks { gonks } if gonks == &vec![m(1)]
    ));
    // CTRL-9: a Gonk may not take Basic Command.
    assert_eq!(
        refusal(g.apply(act(m(1), basic::COMMAND, None, Target::Model(m(0))))),
        Rule::Ctrl9
    );
    let ev = ok(&mut g, gonk_move(m(1), [12.0, 0.0, 9.0]));
    assert_eq!(
        ev,
        vec![
            Event::ActionTaken {
                model: m(1),
                action: basic::MOVE,
                name: "Basic Move".into(),
                colour: Colour::Yellow,
                reaction: false
            },
            Event::Moved {
                model: m(1),
                from: [12.0, 0.0, 4.0],
                to: [12.0, 0.0, 9.0],
                route: vec![RouteLeg {
                    to: [12.0, 0.0, 9.0],
                    kind: LegKind::Walk
                }]
            },
            Event::TokenFlipped {
                model: m(0),
                token: 0,
                ready: true
            },
            Event::InspireEnded { seat: P0 },
            Event::ControlPassed { from: P0, to: P1 },
        ]
    );
    assert!(g.tokens(m(0)).iter().all(|t| t.ready));
    assert_eq!(g.control(), P1);
}

#[test]
fn ctrl_9_a_gonk_moves_its_card_colour_length() {
    // YELLOW Gonk: 7" is fine, 8" is too far (MOVE-1).
    let mut g = start(crews());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 2, [8.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(2));
    assert_eq!(
        refusal(g.apply(gonk_move(m(1), [12.0, 0.0, 12.5]))),
        Rule::Move1
    );
    ok(&mut g, gonk_move(m(1), [12.0, 0.0, 10.5]));
}

#[test]
fn ctrl_14_no_command_reaction_during_an_opponents_inspire() {
    // A Gonk's attack during Inspire wounds a character, which may [RE]act, but not with
    // Basic Command (OPEN-45).
    let mut g = chief_wounded_during_inspire();
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { model, .. } if model == m(2)
    ));
    let command = react(m(2), basic::COMMAND, Some(1), Target::Model(m(3)));
    assert_eq!(refusal(g.apply(command)), Rule::Open45);
    // REACT-11: a Move [RE]action is still allowed.
    let step = react(
        m(2),
        basic::MOVE,
        Some(1),
        Target::Route(vec![[12.0, 0.0, 22.0]]),
    );
    assert!(g.check(&step).is_ok(), "{:?}", g.check(&step));
    ok(&mut g, Command::DeclineReaction);
    assert_eq!(g.control(), P1);
}

#[test]
fn ctrl_16_ctrl_17_multiplayer_control_goes_clockwise() {
    let setup = Setup {
        players: vec![player(0), player(1), player(2)],
        models: vec![
            model(character("A"), 0, [4.0, 0.0, 4.0]),
            model(character("B"), 1, [12.0, 0.0, 20.0]),
            model(character("C"), 2, [20.0, 0.0, 4.0]),
        ],
        ..no_luck()
    };
    let mut g = start(Setup {
        players: setup
            .players
            .iter()
            .cloned()
            .map(|p| redline_rules::PlayerSetup { luck: Some(0), ..p })
            .collect(),
        ..setup
    });
    for (who, next) in [(0, 1), (1, 2), (2, 0)] {
        ok(&mut g, Command::Activate { model: m(who) });
        let ev = ok(&mut g, Command::EndActivation);
        assert_eq!(
            ev.last(),
            Some(&Event::ControlPassed {
                from: redline_rules::Seat(who as u8),
                to: redline_rules::Seat(next)
            })
        );
    }
}

#[test]
fn ctrl_18_ctrl_19_ctrl_20_team_games_alternate_between_teams_and_inspire_is_per_player() {
    let mut players = vec![player(0), player(1), player(2), player(3)];
    players[1].team = TeamId(0); // seats 0 and 1 are team A, 2 and 3 team B
    players[2].team = TeamId(1);
    players[3].team = TeamId(1);
    for p in &mut players {
        p.luck = Some(0);
    }
    let setup = Setup {
        players,
        models: vec![
            model(character("A0"), 0, [4.0, 0.0, 4.0]),
            model(character("A1"), 1, [8.0, 0.0, 4.0]),
            model(character("B0"), 2, [4.0, 0.0, 20.0]),
            model(character("B1"), 3, [8.0, 0.0, 20.0]),
        ],
        ..baseline()
    };
    let mut g = start(setup);
    // CTRL-20: the teammate's model is friendly.
    assert!(!g.rivals(m(0), m(1)));
    assert!(g.rivals(m(0), m(2)));
    // Team A may activate either teammate's character.
    match &g.decision().unwrap().kind {
        DecisionKind::TakeControl { may_activate, .. } => {
            assert_eq!(may_activate, &vec![m(0), m(1)])
        }
        d => panic!("{d:?}"),
    }
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, move_to(m(1), 0, [8.0, 0.0, 5.0]));
    ok(&mut g, Command::EndActivation);
    assert_eq!(g.team_of(g.control()), TeamId(1));
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, Command::EndActivation);
    assert_eq!(g.team_of(g.control()), TeamId(0));
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [4.0, 0.0, 5.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, Command::EndActivation);
    // CTRL-19: Inspire names one player; the teammate's tokens are not refreshed by it.
    assert_eq!(
        refusal(g.apply(Command::Inspire {
            seat: redline_rules::Seat(2)
        })),
        Rule::Ctrl19
    );
    ok(&mut g, Command::Inspire { seat: P0 });
    assert!(g.tokens(m(0))[0].ready);
    assert!(!g.tokens(m(1))[0].ready);
    assert_eq!(g.team_of(g.control()), TeamId(1));
}

#[test]
fn ctrl_21_play_ends_when_one_side_is_left() {
    let setup = boss_against_a_lone_goon();
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert!(g.decision().is_none());
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Win {
            team: TeamId(0),
            seats: vec![P0],
            why: EndReason::Condition(WinCondition::LastStanding),
        })
    );
}

#[test]
fn ctrl_12_inspire_clears_one_hacked_token_per_character() {
    let mut setup = crews();
    setup.models[0].hacked = 2;
    setup.models.remove(1); // no Gonk: the Inspire only refreshes
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    let ev = inspire_after_rival(&mut g, m(1));
    assert_eq!(
        only(&ev, |e| matches!(e, Event::HackedRemoved { .. })),
        vec![Event::HackedRemoved { model: m(0) }]
    );
    assert_eq!(g.hacked(m(0)), 1);
}

#[test]
fn open_14_an_inspired_gonk_may_use_its_card_action_but_not_the_characters_only_ones() {
    let rally = ActionDef {
        id: "rally".into(),
        name: "Rally".into(),
        skill: None,
        range: None,
        target: TargetKind::SelfOnly,
        attack: false,
        keywords: Vec::new(),
        effects: vec![Effect::GainLuck(1)],
        command: false,
        characters_only: false,
        works_on_drones: false,
    };
    let mut setup = crews();
    setup.models[1].profile = std::sync::Arc::new(ModelProfile {
        actions: vec![rally],
        ..(*setup.models[1].profile).clone()
    });
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 6.0]));
    inspire_after_rival(&mut g, m(2));
    // The characters-only actions stay closed to the Gonk: Loot Gear, Loot Goods, Command.
    for (action, rule) in [
        (basic::LOOT_GEAR, Rule::Basic12),
        (basic::LOOT_GOODS, Rule::Basic12),
        (basic::COMMAND, Rule::Ctrl9),
    ] {
        let err = g
            .apply(act(m(1), action, None, Target::None))
            .expect_err("characters only");
        assert_eq!(err.rule, rule);
    }
    // Its own card action is a legal Inspire action, taken with its card colour.
    let ev = ok(&mut g, act(m(1), basic::COUNT, None, Target::None));
    assert_eq!(
        ev[0],
        Event::ActionTaken {
            model: m(1),
            action: basic::COUNT,
            name: "Rally".into(),
            colour: Colour::Yellow,
            reaction: false
        }
    );
    assert_eq!(g.luck(P0), 1);
    assert!(ev.contains(&Event::InspireEnded { seat: P0 }));
}
