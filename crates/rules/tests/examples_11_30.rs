//! Worked examples EX-11..EX-21 and EX-30, replayed with loaded dice and our own models.

mod common;

use common::*;
use redline_battlespace::{SceneryKind, SceneryPiece};
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, RangeSpec, Skill};
use redline_rules::{
    Command, DecisionKind, Defence, DefenceBonus, Event, Game, Setup, Target, basic,
};

fn block(id: u32, x: f32, z: f32, size: [f32; 3]) -> SceneryPiece {
    scenery_box(
        id,
        &format!("Block{id}"),
        SceneryKind::Barrier,
        [x, z],
        size,
    )
    .elevated()
}

fn colours(g: &Game, model: u16) -> Vec<(Colour, bool)> {
    g.tokens(m(model))
        .iter()
        .map(|t| (t.colour, t.ready))
        .collect()
}

fn attack(name: &str, keywords: Vec<Keyword>) -> ActionDef {
    ActionDef {
        id: name.to_lowercase(),
        keywords,
        ..attack_action(name, Skill::Ranged, RangeSpec::YELLOW_GREEN)
    }
}

#[test]
fn ex_11_a_ready_yellow_defence_becomes_a_ready_red_token() {
    let mut g = start_loaded(duel(), &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(1)));
    assert_eq!(
        colours(&g, 1),
        vec![
            (Colour::Green, true),
            (Colour::Red, true),
            (Colour::Red, true)
        ]
    );
}

#[test]
fn ex_12_a_used_green_defence_becomes_a_used_red_token() {
    // Seat 1 spends the target's GREEN token on a move first, then seat 0 shoots it.
    let setup = Setup {
        first_control: P1,
        ..duel()
    };
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, move_to(m(1), 0, [8.0, 0.0, 18.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 0,
        by: Some(m(0))
    }));
    assert_eq!(colours(&g, 1)[0], (Colour::Red, false));
}

#[test]
fn ex_13_ex_18_a_failed_jump_falls_in_green_and_reddens_the_jump_token() {
    // Two 8" tall roofs with a 2" gap between them (z 12..14).
    let setup = alone_with_scenery(
        "Jumper",
        [8.0, 8.0, 11.0],
        vec![
            block(1, 8.0, 8.0, [8.0, 8.0, 8.0]),
            block(2, 8.0, 18.0, [8.0, 8.0, 8.0]),
        ],
    );
    let mut g = start_loaded(setup, &[2, 9]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, move_to(m(0), 1, [8.0, 8.0, 16.0]));
    assert_failed_climb(&ev, m(0), 8.0, 1);
    assert_eq!(g.position(m(0))[1], 0.0);
    assert_eq!(colours(&g, 0)[1], (Colour::Red, false));
}

#[test]
fn ex_14_a_dangerous_fumble_reddens_the_spent_green_token() {
    let shooter = ModelProfile {
        actions: vec![attack("Hot Pistol", vec![Keyword::Dangerous])],
        ..character("Shooter")
    };
    let setup = no_luck_with(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[1, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::Wounded {
        model: m(0),
        token: 0,
        by: None
    }));
    assert_eq!(colours(&g, 0)[0], (Colour::Red, false));
    assert_eq!(g.tokens(m(1))[1].colour, Colour::Yellow);
}

#[test]
fn ex_15_open_16_a_deadly_hit_the_controller_places_the_second_wound() {
    let shooter = ModelProfile {
        actions: vec![attack("Heavy Rifle", vec![Keyword::Deadly])],
        ..character("Shooter")
    };
    let target = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Yellow],
        ..character("Target")
    };
    let setup = no_luck_with(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(target, 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    ok(&mut g, defend(Some(1)));
    let d = g.decision().unwrap().clone();
    assert_eq!(d.seat, P1);
    // OPEN-16: only non-RED tokens may take the extra wound.
    assert_eq!(
        d.kind,
        DecisionKind::AllocateWound {
            model: m(1),
            wounds_left: 1,
            options: vec![0, 2]
        }
    );
    let ev = ok(&mut g, Command::AllocateWound { token: 2 });
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 2,
        by: Some(m(0))
    }));
    let c: Vec<Colour> = g.tokens(m(1)).iter().map(|t| t.colour).collect();
    assert_eq!(c, vec![Colour::Green, Colour::Red, Colour::Red]);
}

fn building_climber(faces: &[u8]) -> Game {
    // A 4" building (z 10..16); the climber at its foot.
    let setup = alone_with_scenery(
        "Climber",
        [8.0, 0.0, 9.45],
        vec![block(1, 8.0, 13.0, [8.0, 4.0, 6.0])],
    );
    start_active(setup, faces, m(0))
}

#[test]
fn ex_16_climb_4_then_move_3_on_top_with_yellow() {
    let mut g = building_climber(&[9, 2]);
    // 0.55" to the wall, 4" up, then on along the roof: the whole route within 7".
    ok(&mut g, move_to(m(0), 1, [8.0, 4.0, 12.4]));
    assert_eq!(g.position(m(0)), [8.0, 4.0, 12.4]);
    // One inch further is more than YELLOW allows.
    let g = building_climber(&[9, 2]);
    assert_eq!(
        refusal(g.check(&move_to(m(0), 1, [8.0, 4.0, 14.5]))),
        Rule::Move1
    );
}

#[test]
fn ex_16_a_failed_climb_is_a_4_inch_fall_one_wound() {
    let mut g = building_climber(&[2, 9]);
    let ev = ok(&mut g, move_to(m(0), 1, [8.0, 4.0, 12.4]));
    assert!(ev.contains(&Event::Fell {
        model: m(0),
        height: 4.0
    }));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.45]);
    assert_eq!(colours(&g, 0)[1], (Colour::Red, false));
}

#[test]
fn ex_17_a_rival_opposes_a_move_with_a_used_green_token_unchanged() {
    let setup = Setup {
        first_control: P1,
        ..duel()
    };
    let mut g = start_loaded(setup, &[7, 3]);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, move_to(m(1), 0, [8.0, 0.0, 16.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 18.5]));
    let ev = ok(
        &mut g,
        Command::Defend(Defence {
            token: Some(0),
            bonus: DefenceBonus::Skill,
        }),
    );
    let dice = rolled(&ev);
    assert_eq!(
        dice[1].die,
        redline_rules::dice::Die::Action(Colour::Green),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Crossed { model, .. } if *model == m(0)))
    );
    assert_eq!(colours(&g, 1)[0], (Colour::Green, false));
}

#[test]
fn ex_19_an_obstacle_needs_a_roll_a_curved_route_does_not() {
    let container = scenery_box(
        1,
        "Container",
        SceneryKind::Obstacle,
        [8.0, 11.0],
        [3.0, 2.0, 1.0],
    );
    let setup = alone_with_scenery("Runner", [8.0, 0.0, 7.0], vec![container]);
    let mut g = start_loaded(setup.clone(), &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let straight = ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 15.0]));
    assert!(straight.iter().any(|e| matches!(e, Event::Rolled { .. })));
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    let curved = ok(
        &mut g,
        act(
            m(0),
            basic::MOVE,
            Some(0),
            Target::Route(vec![[11.0, 0.0, 9.0], [11.0, 0.0, 13.0], [8.0, 0.0, 14.0]]),
        ),
    );
    assert!(!curved.iter().any(|e| matches!(e, Event::Rolled { .. })));
}

#[test]
fn ex_20_react_by_moving_away_with_the_new_red_token() {
    let setup = no_luck_with(vec![
        model(character("Ganger"), 0, [8.0, 0.0, 10.0]),
        model(character("Fighter"), 1, [8.0, 0.0, 11.1]),
    ]);
    // Melee hit, then the escape roll of the [RE]action move.
    let mut g = start_loaded(setup, &[9, 2, 7, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, melee_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(1)));
    assert_eq!(colours(&g, 1)[1], (Colour::Red, true));
    ok(
        &mut g,
        react(
            m(1),
            basic::MOVE,
            Some(1),
            Target::Route(vec![[8.0, 0.0, 13.5]]),
        ),
    );
    ok(&mut g, defend(Some(2)));
    assert_eq!(g.position(m(1)), [8.0, 0.0, 13.5]);
    assert_eq!(colours(&g, 1)[1], (Colour::Red, false));
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn ex_21_three_in_a_brawl_leaving_needs_a_roll_against_the_opponents_choice() {
    let setup = no_luck_with(vec![
        model(character("Leader"), 0, [8.0, 0.0, 10.0]),
        model(character("RivalA"), 1, [8.0, 0.0, 11.1]),
        model(character("RivalB"), 1, [9.1, 0.0, 10.5]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    assert_eq!(g.brawling_with(m(0)), vec![m(1), m(2)]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    assert_eq!(g.decision().unwrap().seat, P1);
    ok(&mut g, Command::ChooseOpposer { model: m(2) });
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { defender, .. } => assert_eq!(*defender, m(2)),
        d => panic!("{d:?}"),
    }
}

#[test]
fn ex_30_card_armor_2_is_added_every_time() {
    let armored = ModelProfile {
        tokens: vec![Colour::Yellow, Colour::Yellow],
        card_armor: 2,
        ..character("Armored")
    };
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(armored, 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[3, 5, 3, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    for token in [0u8, 1] {
        ok(
            &mut g,
            act(m(0), basic::RANGED, Some(token), Target::Model(m(1))),
        );
        let ev = ok(
            &mut g,
            Command::Defend(Defence {
                token: Some(0),
                bonus: DefenceBonus::CardArmor,
            }),
        );
        let dice = rolled(&ev);
        assert_eq!(dice[1].modifier, 2);
    }
}
