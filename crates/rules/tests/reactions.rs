//! REACT: [RE]actions after being wounded by an attack.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::Colour;
use redline_rules::{Command, DecisionKind, Event, Game, Setup, Target, basic};

/// Shooter (0) wounds the target (1), which opposed with its GREEN token (0).
fn wounded(extra: &[u8]) -> Game {
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
        model(character("Bystander"), 0, [20.0, 0.0, 7.0]),
    ]);
    let mut faces = vec![9, 2];
    faces.extend_from_slice(extra);
    let mut g = start_loaded(setup, &faces);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(0)));
    g
}

#[test]
fn react_1_a_wounded_character_is_offered_a_reaction() {
    let g = wounded(&[]);
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert_eq!(
        d.kind,
        DecisionKind::OfferReaction {
            model: m(1),
            wounded_by: m(0)
        }
    );
}

#[test]
fn react_2_react_15_react_with_another_ready_token_after_resolution() {
    let mut g = wounded(&[9, 2]);
    let ev = ok(
        &mut g,
        react(m(1), basic::RANGED, Some(1), Target::Model(m(0))),
    );
    assert_eq!(
        ev[0],
        Event::ActionTaken {
            model: m(1),
            action: basic::RANGED,
            name: "Basic Ranged Attack".into(),
            colour: Colour::Yellow,
            reaction: true
        }
    );
    assert!(!g.tokens(m(1))[1].ready);
}

#[test]
fn react_7_an_attack_reaction_must_target_the_wounding_model() {
    let mut g = wounded(&[]);
    assert_eq!(
        refusal(g.apply(react(m(1), basic::RANGED, Some(1), Target::Model(m(2))))),
        Rule::React7
    );
}

#[test]
fn react_5_react_8_no_reaction_to_a_reaction_and_control_stays() {
    let mut g = wounded(&[9, 2]);
    ok(
        &mut g,
        react(m(1), basic::RANGED, Some(1), Target::Model(m(0))),
    );
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::Wounded {
        model: m(0),
        token: 1,
        by: Some(m(1))
    }));
    // REACT-5: the shooter gets no offer; REACT-8: it carries on as the Active Model.
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
    assert_eq!(g.control(), P0);
}

#[test]
fn react_1_declining_returns_to_the_active_model() {
    let mut g = wounded(&[]);
    let ev = ok(&mut g, Command::DeclineReaction);
    assert_eq!(ev, vec![Event::ReactionDeclined { model: m(1) }]);
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn react_1_a_reaction_needs_a_ready_token() {
    let g = wounded(&[]);
    // Token 0 was only chosen to oppose; it is still Ready, so it may be spent.
    assert!(
        g.check(&react(m(1), basic::RANGED, Some(0), Target::Model(m(0))))
            .is_ok()
    );
}

#[test]
fn react_6_gonks_never_react() {
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(gonk("Goon"), 1, [8.0, 0.0, 17.0]),
        model(character("Boss"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(ev.iter().any(|e| matches!(e, Event::TakenOut { .. })));
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn react_9_taking_out_the_active_model_ends_its_control() {
    let setup = no_luck_with(vec![
        model(
            redline_rules::card::ModelProfile {
                tokens: vec![Colour::Red],
                ..character("Shooter")
            },
            0,
            [8.0, 0.0, 7.0],
        ),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
        model(character("Bystander"), 0, [20.0, 0.0, 7.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2, 9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(0)));
    let ev = ok(
        &mut g,
        react(m(1), basic::RANGED, Some(1), Target::Model(m(0))),
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(0)))
    );
    assert_ne!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

fn keyed_attack(keyword: redline_rules::card::Keyword) -> redline_rules::card::ActionDef {
    use redline_rules::card::{ActionDef, RangeSpec, Skill};
    ActionDef {
        keywords: vec![keyword],
        ..attack_action("Special", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    }
}

fn keyed_duel(keyword: redline_rules::card::Keyword, faces: &[u8]) -> Game {
    let shooter = redline_rules::card::ModelProfile {
        actions: vec![keyed_attack(keyword)],
        ..character("Shooter")
    };
    let setup = no_luck_with(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, faces);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    g
}

#[test]
fn react_3_a_later_different_attack_allows_another_reaction() {
    let mut g = wounded(&[9, 2]);
    ok(&mut g, Command::DeclineReaction);
    ok(&mut g, ranged_attack(m(0), 1, m(1)));
    ok(&mut g, defend(Some(1)));
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction {
            model: m(1),
            wounded_by: m(0)
        }
    );
}

#[test]
fn react_3_react_13_one_reaction_after_all_rapid_repetitions() {
    let mut g = keyed_duel(redline_rules::card::Keyword::Rapid(2), &[9, 2, 9, 2]);
    ok(&mut g, defend(Some(0)));
    // REACT-13: no [RE]action between repetitions.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextRepetition { number: 2, .. }
    ));
    ok(&mut g, Command::Repeat { target: m(1) });
    ok(&mut g, defend(Some(1)));
    // REACT-3: wounded twice by one action, one [RE]action.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { .. }
    ));
    ok(&mut g, Command::DeclineReaction);
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn react_14_kw_31_suppression_allows_only_move_reactions() {
    let mut g = keyed_duel(redline_rules::card::Keyword::Suppression, &[9, 2]);
    ok(&mut g, defend(Some(0)));
    let err = g
        .check(&react(m(1), basic::RANGED, Some(1), Target::Model(m(0))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Kw31);
    assert!(
        g.check(&react(
            m(1),
            basic::MOVE,
            Some(1),
            Target::Route(vec![[8.0, 0.0, 19.0]])
        ))
        .is_ok()
    );
}

/// A Silent shot with a third model standing across the Path of Attack.
fn silent_shot(blocker: bool) -> Game {
    let shooter = redline_rules::card::ModelProfile {
        actions: vec![keyed_attack(redline_rules::card::Keyword::Silent)],
        ..character("Shooter")
    };
    let mut models = vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ];
    if blocker {
        models.push(model(character("Between"), 0, [8.0, 0.0, 12.0]));
    }
    let mut g = start_loaded(
        Setup {
            models,
            ..no_luck()
        },
        &[9, 2],
    );
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    ok(&mut g, defend(Some(0)));
    g
}

#[test]
fn react_14_kw_28_open_31_silent_bars_attack_reactions_along_an_obscured_path() {
    let ranged = react(m(1), basic::RANGED, Some(1), Target::Model(m(0)));
    // Clear path: the attack [RE]action is allowed.
    assert!(silent_shot(false).check(&ranged).is_ok());
    // A model crosses the whole path (OPEN-31): no attack [RE]action, but a move is fine.
    let g = silent_shot(true);
    assert_eq!(g.check(&ranged).unwrap_err().rule, Rule::Kw28);
    assert!(
        g.check(&react(
            m(1),
            basic::MOVE,
            Some(1),
            Target::Route(vec![[10.0, 0.0, 19.0]])
        ))
        .is_ok()
    );
}

/// A Silent shot across `pieces` (model 0 at z = 7 shoots model 1 at z = 17).
fn silent_shot_across(pieces: Vec<redline_rules::geometry::SceneryPiece>) -> Game {
    let shooter = redline_rules::card::ModelProfile {
        actions: vec![keyed_attack(redline_rules::card::Keyword::Silent)],
        ..character("Shooter")
    };
    let setup = Setup {
        battlespace: table(pieces),
        ..no_luck_with(vec![
            model(shooter, 0, [8.0, 0.0, 7.0]),
            model(character("Target"), 1, [8.0, 0.0, 17.0]),
        ])
    };
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    ok(&mut g, defend(Some(0)));
    g
}

#[test]
fn kw_28_open_31_open_5_a_waist_high_fence_across_the_path_bars_an_attack_reaction_to_silent() {
    use redline_battlespace::SceneryKind;
    let ranged = react(m(1), basic::RANGED, Some(1), Target::Model(m(0)));
    // A 0.6" fence spans the whole 1" width of the path (OPEN-5): lower than a model, it
    // still crosses the path, so the path back is obscured (OPEN-31).
    let fence = scenery_box(
        1,
        "Fence",
        SceneryKind::Obstacle,
        [8.0, 12.0],
        [6.0, 0.6, 0.2],
    );
    let g = silent_shot_across(vec![fence]);
    // The shot wounds the target through the fence's +1 (POA-5): it is offered a [RE]action.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { model, .. } if model == m(1)
    ));
    assert_eq!(g.check(&ranged).unwrap_err().rule, Rule::Kw28);
    // Non-attack [RE]actions stay allowed (KW-28).
    let away = react(
        m(1),
        basic::MOVE,
        Some(1),
        Target::Route(vec![[10.0, 0.0, 19.0]]),
    );
    assert!(g.check(&away).is_ok());
    // A low barrier across the path obscures it the same way.
    let low_wall = scenery_box(
        2,
        "Low wall",
        SceneryKind::Barrier,
        [8.0, 12.0],
        [6.0, 0.6, 0.2],
    );
    let g = silent_shot_across(vec![low_wall]);
    assert_eq!(g.check(&ranged).unwrap_err().rule, Rule::Kw28);
    // The same fence entering only one side of the path doesn't obscure it.
    let stub = scenery_box(
        3,
        "Stub",
        SceneryKind::Obstacle,
        [9.2, 12.0],
        [1.6, 0.6, 0.2],
    );
    assert!(silent_shot_across(vec![stub]).check(&ranged).is_ok());
}

#[test]
fn react_10_taking_out_a_gonk_during_inspire_leaves_the_inspire_running() {
    let setup = no_luck_with(vec![
        model(gonk("GoonA"), 0, [8.0, 0.0, 7.0]),
        model(gonk("GoonB"), 0, [12.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2, 9, 2]);
    ok(&mut g, Command::Inspire { seat: P0 });
    ok(&mut g, act(m(0), basic::RANGED, None, Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    let ev = ok(
        &mut g,
        react(m(2), basic::RANGED, Some(1), Target::Model(m(0))),
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(0)))
    );
    assert_eq!(g.control(), P0);
    assert_eq!(g.inspiring(), Some(P0));
    assert_eq!(g.decision().unwrap().seat, P0);
}
