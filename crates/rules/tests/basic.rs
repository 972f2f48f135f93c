//! BASIC: the six basic actions and the two loot actions.

mod common;

use common::*;
use redline_rules::card::{ModelProfile, Skill, Skills};
use redline_rules::cards::{CardId, CardKind};
use redline_rules::{Command, Event, Game, ModelSetup, Setup, Target, basic};

fn game(models: Vec<ModelSetup>, faces: &[u8]) -> Game {
    start_active(no_luck_with(models), faces, m(0))
}

#[test]
fn basic_1_every_character_has_the_six_basic_actions() {
    let g = start(duel());
    let skills: Vec<Option<Skill>> = (0..6).map(|i| g.action(m(0), i).unwrap().skill).collect();
    assert_eq!(
        skills,
        vec![
            Some(Skill::Reflexes),
            Some(Skill::Ranged),
            Some(Skill::Melee),
            Some(Skill::Medical),
            Some(Skill::Tech),
            Some(Skill::Influence)
        ]
    );
}

#[test]
fn basic_1_ctrl_9_a_gonk_cant_use_basic_command() {
    let setup = no_luck_with(vec![
        model(gonk("Goon"), 0, [8.0, 0.0, 7.0]),
        model(gonk("Goon2"), 0, [9.2, 0.0, 7.0]),
        model(character("Far"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Inspire { seat: P0 });
    assert_eq!(
        refusal(g.check(&act(m(0), basic::COMMAND, None, Target::Model(m(1))))),
        Rule::Ctrl9
    );
    assert!(g.check(&gonk_move(m(0), [8.0, 0.0, 10.0])).is_ok());
}

#[test]
fn basic_4_basic_5_ranged_reaches_yellow_green_not_red_and_reflexes_oppose() {
    let g = game(
        vec![
            model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
            model(character("Close"), 1, [8.0, 0.0, 10.0]),
            model(character("Far"), 1, [8.0, 0.0, 17.0]),
        ],
        &[],
    );
    assert_eq!(refusal(g.check(&ranged_attack(m(0), 0, m(1)))), Rule::Act6);
    assert!(g.check(&ranged_attack(m(0), 0, m(2))).is_ok());
    let mut g = start_loaded(duel(), &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    let ev = ok(&mut g, defend(Some(0)));
    // Ranged 2 vs Reflexes 1.
    assert_eq!(
        rolled(&ev).iter().map(|d| d.modifier).collect::<Vec<_>>(),
        vec![2, 1]
    );
}

#[test]
fn basic_3_attacks_may_only_target_rivals() {
    let g = game(
        vec![
            model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
            model(character("Pal"), 0, [8.0, 0.0, 17.0]),
            model(character("Far"), 1, [20.0, 0.0, 20.0]),
        ],
        &[],
    );
    assert_eq!(
        refusal(g.check(&ranged_attack(m(0), 0, m(1)))),
        Rule::Basic3
    );
}

#[test]
fn basic_6_melee_is_within_red_only() {
    let g = game(
        vec![
            model(character("Fighter"), 0, [8.0, 0.0, 7.0]),
            model(character("Near"), 1, [8.0, 0.0, 9.5]),
            model(character("Yellow"), 1, [8.0, 0.0, 13.0]),
        ],
        &[],
    );
    assert!(g.check(&melee_attack(m(0), 0, m(1))).is_ok());
    assert_eq!(refusal(g.check(&melee_attack(m(0), 0, m(2)))), Rule::Act5);
}

#[test]
fn basic_7_triage_needs_a_red_lined_other_friend() {
    let g = game(
        vec![
            model(character("Medic"), 0, [8.0, 0.0, 7.0]),
            model(character("Healthy"), 0, [9.2, 0.0, 7.0]),
            model(character("Far"), 1, [20.0, 0.0, 20.0]),
        ],
        &[],
    );
    assert_eq!(
        refusal(g.check(&act(m(0), basic::TRIAGE, Some(0), Target::Model(m(1))))),
        Rule::Basic7
    );
    assert_eq!(
        refusal(g.check(&act(m(0), basic::TRIAGE, Some(0), Target::Model(m(0))))),
        Rule::Basic7
    );
}

#[test]
fn basic_8_basic_9_firewall_defender_removes_a_hacked_token_against_the_obstacle_die() {
    let tech = ModelProfile {
        skills: Skills {
            tech: 2,
            ..Skills::default()
        },
        ..character("Tech")
    };
    let hacked = ModelSetup {
        hacked: 2,
        ..model(character("Hacked"), 0, [9.2, 0.0, 7.0])
    };
    let mut g = game(
        vec![
            model(tech, 0, [8.0, 0.0, 7.0]),
            hacked,
            model(character("Far"), 1, [20.0, 0.0, 20.0]),
        ],
        &[9, 1],
    );
    assert_eq!(g.hacked(m(1)), 2);
    let ev = ok(
        &mut g,
        act(m(0), basic::FIREWALL, Some(0), Target::Model(m(1))),
    );
    assert_eq!(rolled(&ev)[1].model, None);
    assert!(ev.contains(&Event::HackedRemoved { model: m(1) }));
    assert_eq!(g.hacked(m(1)), 1);
}

#[test]
fn basic_10_basic_command_activates_a_friend_within_red() {
    let boss = ModelProfile {
        skills: Skills {
            influence: 2,
            ..Skills::default()
        },
        ..character("Boss")
    };
    let mut g = game(
        vec![
            model(boss, 0, [8.0, 0.0, 7.0]),
            model(character("Pal"), 0, [9.5, 0.0, 7.0]),
            model(character("Distant"), 0, [8.0, 0.0, 15.0]),
            model(character("Far"), 1, [20.0, 0.0, 20.0]),
        ],
        &[9, 1],
    );
    assert_eq!(
        refusal(g.check(&act(m(0), basic::COMMAND, Some(0), Target::Model(m(2))))),
        Rule::Act5
    );
    let ev = ok(
        &mut g,
        act(m(0), basic::COMMAND, Some(0), Target::Model(m(1))),
    );
    assert_eq!(rolled(&ev)[1].model, None);
    assert!(ev.contains(&Event::Activated { model: m(1) }));
}

#[test]
fn basic_11_react_11_command_as_a_reaction_seizes_control() {
    let boss = ModelProfile {
        skills: Skills {
            influence: 2,
            ..Skills::default()
        },
        ..character("Boss")
    };
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(boss, 1, [8.0, 0.0, 17.0]),
        model(character("Pal"), 1, [9.5, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2, 9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(0)));
    let ev = ok(
        &mut g,
        react(m(1), basic::COMMAND, Some(1), Target::Model(m(2))),
    );
    assert!(ev.contains(&Event::Activated { model: m(2) }));
    assert_eq!(g.control(), P1);
}

/// A looter (0) beside the Body of a taken-out rival Gonk with a loot deck of one card.
fn looter(rival_near: bool, faces: &[u8]) -> Game {
    let mut models = vec![
        model(character("Looter"), 0, [8.0, 0.0, 7.0]),
        model(gonk("Victim"), 1, [8.0, 0.0, 8.3]),
        model(character("Boss"), 1, [20.0, 0.0, 20.0]),
    ];
    if rival_near {
        models.push(model(character("Guard"), 1, [10.5, 0.0, 7.0]));
    }
    let setup = Setup {
        models,
        loot_deck: vec![card_with("Stim", CardKind::Loot, Vec::new())],
        ..no_luck()
    };
    let mut all = vec![9, 1];
    all.extend_from_slice(faces);
    let mut g = start_loaded(setup, &all);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, melee_attack(m(0), 1, m(1)));
    assert!(!g.in_play(m(1)));
    g
}

#[test]
fn basic_14_basic_15_loot_goods_needs_no_roll_and_removes_the_body() {
    let mut g = looter(false, &[]);
    let body = g.bodies()[0].0;
    let ev = ok(
        &mut g,
        act(m(0), basic::LOOT_GOODS, Some(0), Target::Body(body)),
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert!(ev.contains(&Event::BodyLooted { body, by: m(0) }));
    assert!(g.bodies().is_empty());
    assert!(ev.contains(&Event::LootDrawn {
        by: m(0),
        card: Some(CardId(0))
    }));
}

#[test]
fn basic_12_looting_is_complex_no_rival_within_red() {
    let g = looter(true, &[]);
    let body = g.bodies()[0].0;
    assert_eq!(
        refusal(g.check(&act(m(0), basic::LOOT_GOODS, Some(0), Target::Body(body)))),
        Rule::Basic12
    );
}

#[test]
fn basic_13_loot_gear_is_a_tech_roll_against_the_obstacle_die() {
    let mut g = looter(false, &[9, 1]);
    let body = g.bodies()[0].0;
    let ev = ok(
        &mut g,
        act(m(0), basic::LOOT_GEAR, Some(0), Target::Body(body)),
    );
    let dice = rolled(&ev);
    assert_eq!(dice[1].model, None);
    assert!(ev.contains(&Event::BodyLooted { body, by: m(0) }));
    // BASIC-15: the same body can't be looted twice.
    assert_eq!(
        refusal(g.check(&act(m(0), basic::LOOT_GOODS, Some(2), Target::Body(body)))),
        Rule::Basic15
    );
}

#[test]
fn open_35_a_failed_loot_gear_roll_spends_the_token_and_leaves_the_body() {
    // Tech 0: GREEN 2 against the Obstacle die's 9 fails.
    let mut g = looter(false, &[2, 9]);
    let body = g.bodies()[0].0;
    let ev = ok(
        &mut g,
        act(m(0), basic::LOOT_GEAR, Some(0), Target::Body(body)),
    );
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![false]
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::BodyLooted { .. })));
    assert!(!g.tokens(m(0))[0].ready, "the token is spent");
    assert_eq!(g.bodies().len(), 1, "the Body token stays on the table");
    assert_eq!(g.bodies()[0].0, body);
    // The body may be looted again with another token.
    assert!(
        g.check(&act(m(0), basic::LOOT_GOODS, Some(2), Target::Body(body)))
            .is_ok()
    );
}
