//! BRAWL: who is Brawling, targeting limits, escaping, outnumbering, shooting into a Brawl
//! and dragging models.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::{
    Command, DecisionKind, Event, Game, LegKind, OpposerReason, RouteLeg, Target, basic,
};

/// Fighter (0, seat 0) and Thug (1, seat 1) in base contact; extras after them.
fn brawl(extra: Vec<redline_rules::ModelSetup>, faces: &[u8]) -> Game {
    let mut models = vec![
        model(character("Fighter"), 0, [8.0, 0.0, 10.0]),
        model(character("Thug"), 1, [8.0, 0.0, 11.1]),
    ];
    models.extend(extra);
    start_active(no_luck_with(models), faces, m(0))
}

#[test]
fn brawl_1_rivals_in_reach_brawl_friends_do_not() {
    let g = brawl(vec![model(character("Pal"), 0, [9.2, 0.0, 10.0])], &[]);
    assert_eq!(g.brawling_with(m(0)), vec![m(1)]);
    assert!(!g.brawling_with(m(0)).contains(&m(2)));
}

#[test]
fn brawl_1_a_taken_out_model_is_in_no_brawl() {
    // A hit the Thug opposes on its RED token takes it out (WOUND-6).
    let mut g = brawl(Vec::new(), &[9, 1]);
    ok(&mut g, melee_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(2)));
    assert!(g.taken_out(m(1)));
    // BRAWL-1: its figure still lies in reach, but neither model is Brawling.
    assert!(g.brawling_with(m(1)).is_empty());
    assert!(g.brawling_with(m(0)).is_empty());
}

#[test]
fn brawl_2_brawl_3_targeted_actions_only_at_brawl_rivals_and_no_ranged() {
    let g = brawl(
        vec![
            model(character("Other"), 1, [8.0, 0.0, 13.0]),
            model(character("Hurt"), 0, [9.2, 0.0, 10.0]),
        ],
        &[],
    );
    // Melee on the Brawl rival is fine; melee on another rival in RED is not.
    assert!(g.check(&melee_attack(m(0), 0, m(1))).is_ok());
    assert_eq!(refusal(g.check(&melee_attack(m(0), 0, m(2)))), Rule::Brawl2);
    // BRAWL-3: no Basic Ranged Attack, no Command on a friend.
    assert_eq!(
        refusal(g.check(&ranged_attack(m(0), 0, m(2)))),
        Rule::Brawl2
    );
    assert_eq!(
        refusal(g.check(&act(m(0), basic::COMMAND, Some(0), Target::Model(m(3))))),
        Rule::Brawl2
    );
}

#[test]
fn brawl_4_a_move_must_end_in_reach_of_the_brawl_rival_or_escape() {
    let mut g = brawl(Vec::new(), &[2, 9]);
    // BRAWL-5: moving away needs an escape roll against the Thug's Reflexes.
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::MoveStopped {
        model: m(0),
        reason: redline_rules::StopReason::Escape(m(1))
    }));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 10.0]);
    assert!(!g.tokens(m(0))[0].ready);
}

#[test]
fn brawl_5_a_won_escape_moves_normally() {
    let mut g = brawl(Vec::new(), &[9, 2]);
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::BrawlLeft {
        model: m(0),
        outnumbered: false
    }));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 4.0]);
    assert!(g.brawling_with(m(0)).is_empty());
}

#[test]
fn brawl_5_the_opponent_picks_which_rival_opposes_the_escape() {
    let mut g = brawl(
        vec![model(character("Thug2"), 1, [9.1, 0.0, 10.6])],
        &[9, 2],
    );
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert_eq!(
        d.kind,
        DecisionKind::ChooseOpposer {
            mover: m(0),
            reason: OpposerReason::Escape,
            options: vec![m(1), m(2)]
        }
    );
}

#[test]
fn brawl_6_outnumbering_leaves_without_a_roll() {
    let mut g = brawl(
        vec![
            model(character("Pal"), 0, [6.9, 0.0, 10.0]),
            model(character("Pal2"), 0, [9.1, 0.0, 10.0]),
        ],
        &[],
    );
    let ev = ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    assert!(ev.contains(&Event::BrawlLeft {
        model: m(0),
        outnumbered: true
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 4.0]);
}

/// A shooter (2, seat 0) outside the Brawl at 8" from the Thug.
fn shooting_into(faces: &[u8]) -> Game {
    let setup = no_luck_with(vec![
        model(character("Fighter"), 0, [8.0, 0.0, 10.0]),
        model(character("Thug"), 1, [8.0, 0.0, 11.1]),
        model(character("Gunner"), 0, [14.0, 0.0, 11.1]),
    ]);
    start_active(setup, faces, m(2))
}

#[test]
fn brawl_7_brawl_8_brawl_9_shooting_into_a_brawl_hits_the_lowest_defence() {
    // Gunner rolls 9 (+2); Thug 6 (+1); Fighter 2 (+1): only the Fighter is hit.
    let mut g = shooting_into(&[9, 6, 2]);
    ok(&mut g, ranged_attack(m(2), 0, m(1)));
    let mut ev = Vec::new();
    while let Some(DecisionKind::ChooseDefence { .. }) = g.decision().map(|d| d.kind.clone()) {
        ev.extend(ok(&mut g, defend(Some(1))));
    }
    let rolled: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice } => Some(dice.len()),
            _ => None,
        })
        .collect();
    // BRAWL-8: one roll, the actor's die and both defenders' dice.
    assert_eq!(rolled, vec![3]);
    let wounds = only(&ev, |e| matches!(e, Event::Wounded { .. }));
    assert_eq!(
        wounds,
        vec![Event::Wounded {
            model: m(0),
            token: 1,
            by: Some(m(2))
        }]
    );
}

#[test]
fn brawl_9_open_21_a_tie_for_lowest_is_broken_by_the_targets_controller() {
    let mut g = shooting_into(&[9, 3, 3]);
    ok(&mut g, ranged_attack(m(2), 0, m(1)));
    while let Some(DecisionKind::ChooseDefence { .. }) = g.decision().map(|d| d.kind.clone()) {
        ok(&mut g, defend(Some(1)));
    }
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert!(matches!(
        &d.kind,
        DecisionKind::BreakBrawlTie { target, options } if *target == m(1) && options.len() == 2
    ));
}

#[test]
fn brawl_11_brawl_12_brawl_13_dragging_a_friend_out_of_a_brawl() {
    let setup = no_luck_with(vec![
        model(character("Dragger"), 0, [6.0, 0.0, 10.0]),
        model(character("Pal"), 0, [7.1, 0.0, 10.0]),
        model(character("Thug"), 1, [8.2, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(
            m(0),
            basic::DRAG,
            Some(0),
            Target::Drag {
                model: m(1),
                route: vec![[4.0, 0.0, 10.0]],
                drop: [5.0, 0.0, 11.0],
            },
        ),
    );
    // BRAWL-12: the Pal is Brawling, so the Thug's Reflexes oppose.
    let d = g.decision().unwrap().clone();
    assert!(matches!(d.kind, DecisionKind::ChooseDefence { defender, .. } if defender == m(2)));
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::Moved {
        model: m(0),
        from: [6.0, 0.0, 10.0],
        to: [4.0, 0.0, 10.0],
        route: vec![RouteLeg {
            to: [4.0, 0.0, 10.0],
            kind: LegKind::Walk
        }]
    }));
    assert!(ev.contains(&Event::Moved {
        model: m(1),
        from: [7.1, 0.0, 10.0],
        to: [5.0, 0.0, 11.0],
        // MOVE-16: the dragged model is set down, not walked.
        route: Vec::new()
    }));
}

#[test]
fn brawl_11_a_friend_is_dragged_only_from_within_reach() {
    let drag_from = |gap: f32| {
        // Centres a base's width (27 mm) plus `gap` apart.
        let x = 6.0 + 2.0 * redline_battlespace::BASE_27MM_RADIUS + gap;
        let setup = no_luck_with(vec![
            model(character("Dragger"), 0, [6.0, 0.0, 10.0]),
            model(character("Pal"), 0, [x, 0.0, 10.0]),
            model(character("Far"), 1, [22.0, 0.0, 22.0]),
        ]);
        let mut g = start(setup);
        ok(&mut g, Command::Activate { model: m(0) });
        g.check(&act(
            m(0),
            basic::DRAG,
            Some(0),
            Target::Drag {
                model: m(1),
                route: vec![[6.0, 0.0, 12.0]],
                drop: [x, 0.0, 12.0],
            },
        ))
    };
    assert_eq!(refusal(drag_from(1.5)), Rule::Brawl11);
    assert!(drag_from(0.5).is_ok(), "{:?}", drag_from(0.5));
}

#[test]
fn brawl_13_a_drag_moves_at_most_red() {
    let setup = no_luck_with(vec![
        model(character("Dragger"), 0, [6.0, 0.0, 10.0]),
        model(character("Pal"), 0, [7.1, 0.0, 10.0]),
        model(character("Far"), 1, [22.0, 0.0, 22.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    let drag = |to: f32| {
        act(
            m(0),
            basic::DRAG,
            Some(0),
            Target::Drag {
                model: m(1),
                route: vec![[6.0, 0.0, to]],
                drop: [7.3, 0.0, to],
            },
        )
    };
    assert_eq!(refusal(g.check(&drag(15.0))), Rule::Move1);
    assert!(g.check(&drag(12.5)).is_ok());
}

#[test]
fn brawl_6_open_20_one_friend_against_one_rival_does_not_outnumber() {
    let mut g = brawl(vec![model(character("Pal"), 0, [6.9, 0.0, 10.0])], &[9, 2]);
    let ev = ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 4.0]));
    assert!(!ev.iter().any(|e| matches!(e, Event::BrawlLeft { .. })));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { defender, .. } if defender == m(1)
    ));
}

/// The dragger (0, seat 0) and a rival (1, seat 1) on a 5" roof (x 4..12, z 4..12); a
/// friend (2) of the dragger on the ground at `below`. Both characters the rival and the
/// friend are have two YELLOW tokens, so their wounds need no choice.
fn on_a_roof(below: [f32; 3]) -> Game {
    use redline_rules::card::{Colour, ModelProfile};
    let twin = |name: &str| ModelProfile {
        tokens: vec![Colour::Yellow, Colour::Yellow],
        ..character(name)
    };
    let roof = scenery_box(
        1,
        "Roof",
        redline_battlespace::SceneryKind::Barrier,
        [8.0, 8.0],
        [8.0, 5.0, 8.0],
    )
    .elevated();
    let setup = redline_rules::Setup {
        battlespace: table(vec![roof]),
        ..no_luck_with(vec![
            model(character("Dragger"), 0, [8.0, 5.0, 10.0]),
            model(twin("Rival"), 1, [8.0, 5.0, 11.2]),
            model(twin("Below"), 0, below),
        ])
    };
    // GREEN 9 + Reflexes 1 against the rival's 2 + 1: the drag succeeds.
    start_active(setup, &[9, 2], m(0))
}

fn drag_to_edge(drop: [f32; 3]) -> Command {
    act(
        m(0),
        basic::DRAG,
        Some(0),
        Target::Drag {
            model: m(1),
            route: vec![[8.0, 5.0, 11.4]],
            drop,
        },
    )
}

#[test]
fn move_16_move_21_a_model_dragged_off_a_roof_falls_onto_the_model_below() {
    let mut g = on_a_roof([8.0, 0.0, 13.0]);
    // The rival's two YELLOW tokens are alike: its defence needs no choice (BRAWL-12).
    let ev = ok(&mut g, drag_to_edge([8.0, 5.0, 12.8]));
    // MOVE-16: dropped off the roof, it falls 5" (MOVE-19: one wound) ...
    assert!(ev.contains(&Event::Fell {
        model: m(1),
        height: 5.0
    }));
    // ... onto the friend below, which takes the same (MOVE-21) ...
    assert!(ev.contains(&Event::Fell {
        model: m(2),
        height: 5.0
    }));
    for w in [m(1), m(2)] {
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Wounded { model, by: None, .. } if *model == w)),
            "{ev:?}"
        );
    }
    // ... and it ends on the ground in base contact with it.
    let (a, b) = (g.position(m(1)), g.position(m(2)));
    assert_eq!(a[1], 0.0, "{a:?}");
    let centres = (a[0] - b[0]).hypot(a[2] - b[2]);
    let touching = 2.0 * redline_battlespace::BASE_27MM_RADIUS;
    assert!(
        centres >= touching - 1e-3 && centres < touching + 0.05,
        "{a:?} {b:?}"
    );
}

#[test]
fn move_16_move_19_a_model_dropped_off_a_roof_falls_to_the_ground() {
    let mut g = on_a_roof([20.0, 0.0, 20.0]);
    let ev = ok(&mut g, drag_to_edge([8.0, 5.0, 12.8]));
    assert!(ev.contains(&Event::Fell {
        model: m(1),
        height: 5.0
    }));
    assert_eq!(g.position(m(1)), [8.0, 0.0, 12.8]);
    // A drop into the roof's solid side is no place to put a model (MOVE-16).
    let g = on_a_roof([20.0, 0.0, 20.0]);
    let err = g.check(&drag_to_edge([6.5, 4.5, 11.0])).unwrap_err();
    assert_eq!(err.rule, Rule::Move16);
}
