//! WOUND: wounds turning tokens RED, Red-lined, taken out, bodies and healing.

mod common;

use common::*;
use redline_rules::card::{Colour, ModelProfile, Skills};
use redline_rules::{Command, DecisionKind, Event, Game, Setup, Target, basic};

/// Shooter (0) hits the target (1), which opposes with `token`; no reaction taken.
fn hit(target: ModelProfile, token: u8) -> (Game, Vec<Event>) {
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(target, 1, [8.0, 0.0, 17.0]),
        model(character("Spare"), 1, [20.0, 0.0, 22.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let mut ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    // A Gonk or a one-token character has only one way to defend (ACT-14).
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        ev = ok(&mut g, defend(Some(token)));
    }
    (g, ev)
}

#[test]
fn wound_1_wound_2_a_successful_attack_turns_the_opposing_token_red() {
    let (g, ev) = hit(character("Target"), 1);
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 1,
        by: Some(m(0))
    }));
    let colours: Vec<Colour> = g.tokens(m(1)).iter().map(|t| t.colour).collect();
    assert_eq!(colours, vec![Colour::Green, Colour::Red, Colour::Red]);
}

#[test]
fn wound_3_the_red_token_keeps_the_ready_state() {
    let (g, _) = hit(character("Target"), 0);
    let t = g.tokens(m(1))[0];
    assert_eq!(
        (t.colour, t.original, t.ready),
        (Colour::Red, Colour::Green, true)
    );
}

#[test]
fn wound_5_red_lined_when_every_token_is_red() {
    let two = ModelProfile {
        tokens: vec![Colour::Yellow, Colour::Red],
        ..character("Target")
    };
    let (g, ev) = hit(two, 0);
    assert!(ev.contains(&Event::RedLined { model: m(1) }));
    assert!(g.red_lined(m(1)));
}

#[test]
fn wound_6_wound_9_opposing_with_red_and_losing_takes_the_model_out() {
    let (g, ev) = hit(character("Target"), 2);
    let body = g.bodies();
    assert_eq!(body.len(), 1);
    assert_eq!(body[0].1, m(1));
    assert!(ev.contains(&Event::TakenOut {
        model: m(1),
        body: body[0].0,
        at: [8.0, 0.0, 17.0],
        by: Some(m(0)),
    }));
    assert!(!g.in_play(m(1)));
    // REACT-6: no [RE]action offer for a taken-out model.
    assert!(!matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { .. }
    ));
}

#[test]
fn wound_11_any_wound_takes_a_gonk_out_with_a_body() {
    let (g, ev) = hit(gonk("Goon"), 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(1)))
    );
    assert_eq!(g.bodies().len(), 1);
}

/// A medic with Medical 2 and these actions on its card.
fn medic(actions: Vec<redline_rules::card::ActionDef>) -> ModelProfile {
    ModelProfile {
        skills: Skills {
            medical: 2,
            ..Skills::default()
        },
        actions,
        ..character("Medic")
    }
}

/// Seat 1 shoots seat 0's patient (1) down to Red-lined, then seat 0's `medic` (0) acts.
fn patient_red_lined(medic: ModelProfile, faces: &[u8]) -> Game {
    let patient = ModelProfile {
        tokens: vec![Colour::Green],
        ..character("Patient")
    };
    let setup = Setup {
        models: vec![
            model(medic, 0, [8.0, 0.0, 7.0]),
            model(patient, 0, [9.5, 0.0, 7.0]),
            model(character("Shooter"), 1, [8.0, 0.0, 17.0]),
        ],
        first_control: P1,
        ..no_luck()
    };
    let mut faces_all = vec![9, 2];
    faces_all.extend_from_slice(faces);
    let mut g = start_loaded(setup, &faces_all);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, ranged_attack(m(2), 0, m(1)));
    // One token: the defence is chosen for it (ACT-14).
    assert!(g.red_lined(m(1)));
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { .. }
    ) {
        ok(&mut g, Command::DeclineReaction);
    }
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    g
}

#[test]
fn wound_12_wound_14_wound_16_triage_heals_against_the_obstacle_die() {
    let mut g = patient_red_lined(medic(Vec::new()), &[9, 1]);
    let ev = ok(
        &mut g,
        act(m(0), basic::TRIAGE, Some(0), Target::Model(m(1))),
    );
    let rolled = rolled(&ev);
    // WOUND-14: opposed by the Obstacle die.
    assert_eq!(rolled[1].model, None);
    assert!(ev.contains(&Event::Healed {
        model: m(1),
        token: 0,
        colour: Colour::Green
    }));
    assert!(!g.red_lined(m(1)));
    // WOUND-16: the healed token keeps the Ready state it had.
    assert!(g.tokens(m(1))[0].ready);
}

#[test]
fn wound_13_healing_never_gives_more_than_the_card_started_with() {
    let mut g = patient_red_lined(medic(Vec::new()), &[9, 1]);
    ok(
        &mut g,
        act(m(0), basic::TRIAGE, Some(0), Target::Model(m(1))),
    );
    assert_eq!(g.tokens(m(1)).len(), 1);
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Green);
}

#[test]
fn wound_15_a_taken_out_model_cant_be_healed() {
    let (mut g, _) = hit(character("Target"), 2);
    assert!(!g.in_play(m(1)));
    assert_eq!(
        refusal(g.apply(act(m(0), basic::TRIAGE, Some(1), Target::Model(m(1))))),
        Rule::Wound10
    );
}

#[test]
fn wound_7_wound_8_open_16_an_extra_wound_on_a_red_lined_model_takes_it_out() {
    use redline_rules::card::{ActionDef, Keyword, RangeSpec, Skill};
    let rifle = ActionDef {
        keywords: vec![Keyword::Deadly],
        ..attack_action("Heavy Rifle", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let setup = no_luck_with(vec![
        model(
            ModelProfile {
                actions: vec![rifle],
                ..character("Shooter")
            },
            0,
            [8.0, 0.0, 7.0],
        ),
        model(
            ModelProfile {
                tokens: vec![Colour::Yellow, Colour::Red],
                ..character("Target")
            },
            1,
            [8.0, 0.0, 17.0],
        ),
        model(character("Spare"), 1, [20.0, 0.0, 22.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    let ev = ok(&mut g, defend(Some(0)));
    let kinds = only(&ev, |e| {
        matches!(
            e,
            Event::Wounded { .. } | Event::RedLined { .. } | Event::TakenOut { .. }
        )
    });
    assert_eq!(
        kinds,
        vec![
            Event::Wounded {
                model: m(1),
                token: 0,
                by: Some(m(0))
            },
            Event::RedLined { model: m(1) },
            Event::TakenOut {
                model: m(1),
                body: g.bodies()[0].0,
                at: [8.0, 0.0, 17.0],
                by: Some(m(0)),
            },
        ]
    );
}

#[test]
fn wound_17_drones_leave_no_body() {
    let drone = drone("Drone");
    let (g, ev) = hit(drone, 0);
    assert!(!g.in_play(m(1)));
    assert!(g.bodies().is_empty(), "{ev:?}");
    assert!(ev.contains(&Event::DroneTakenOut {
        model: m(1),
        by: Some(m(0))
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::TakenOut { .. })));
}

/// A Medical action from a card: Heal 2 on a friendly model within reach.
fn field_surgery() -> redline_rules::card::ActionDef {
    use redline_rules::card::{ActionDef, Keyword, RangeSpec, Skill, TargetKind};
    ActionDef {
        id: "field_surgery".into(),
        name: "Field Surgery".into(),
        skill: Some(Skill::Medical),
        range: Some(RangeSpec::REACH),
        target: TargetKind::OtherFriendly,
        attack: false,
        keywords: vec![Keyword::Heal(2)],
        effects: Vec::new(),
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

/// Answers the decisions that come up between two commands of a test: no [RE]action, and
/// extra wounds on the lowest token offered.
fn settle(g: &mut Game) {
    loop {
        let next = match &g.decision().expect("a decision").kind {
            DecisionKind::OfferReaction { .. } => Command::DeclineReaction,
            DecisionKind::AllocateWound { options, .. } => {
                Command::AllocateWound { token: options[0] }
            }
            _ => return,
        };
        ok(g, next);
    }
}

#[test]
fn kw_19_heal_2_restores_two_red_tokens_and_at_most_the_red_ones() {
    use redline_rules::card::{ActionDef, Keyword, RangeSpec, Skill};
    let rifle = ActionDef {
        keywords: vec![Keyword::Deadly],
        ..attack_action("Heavy Rifle", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let medic = ModelProfile {
        skills: Skills {
            medical: 2,
            ..Skills::default()
        },
        actions: vec![field_surgery()],
        ..character("Medic")
    };
    let patient = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow],
        ..character("Patient")
    };
    let shooter = ModelProfile {
        actions: vec![rifle],
        ..character("Shooter")
    };
    let setup = Setup {
        models: vec![
            model(medic, 0, [8.0, 0.0, 7.0]),
            model(patient, 0, [9.5, 0.0, 7.0]),
            model(shooter, 1, [8.0, 0.0, 17.0]),
        ],
        first_control: P1,
        ..no_luck()
    };
    // The Deadly shot hits (9 vs 2), the surgery succeeds (9 vs the Obstacle die's 1).
    let mut g = start_loaded(setup, &[9, 2, 9, 1]);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(
        &mut g,
        act(m(2), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        ok(&mut g, defend(Some(0)));
    }
    settle(&mut g);
    // Two wounds: both tokens RED, Red-lined but still in play.
    assert!(g.red_lined(m(1)) && g.in_play(m(1)));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    // KW-19, OPEN-17: the owner picks the first token; the second heal has one left.
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseHealedToken { model, options } => {
            assert_eq!((*model, options.clone()), (m(1), vec![0, 1]));
        }
        other => panic!("expected a heal choice, got {other:?}"),
    }
    let ev = ok(&mut g, Command::HealToken { token: 1 });
    let healed = only(&ev, |e| matches!(e, Event::Healed { .. }));
    assert_eq!(
        healed,
        vec![
            Event::Healed {
                model: m(1),
                token: 1,
                colour: Colour::Yellow
            },
            Event::Healed {
                model: m(1),
                token: 0,
                colour: Colour::Green
            },
        ]
    );
    let colours: Vec<Colour> = g.tokens(m(1)).iter().map(|t| t.colour).collect();
    assert_eq!(colours, vec![Colour::Green, Colour::Yellow]);
}

#[test]
fn wound_13_a_token_that_started_red_cant_be_healed() {
    use redline_rules::card::{ActionDef, Keyword, RangeSpec, Skill};
    let rifle = ActionDef {
        keywords: vec![Keyword::Deadly],
        ..attack_action("Heavy Rifle", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    // The patient's third token was RED from the start; the Deadly shot turns the other two.
    let patient = ModelProfile {
        tokens: vec![Colour::Green, Colour::Yellow, Colour::Red],
        ..character("Patient")
    };
    let shooter = ModelProfile {
        actions: vec![rifle],
        ..character("Shooter")
    };
    let setup = Setup {
        models: vec![
            model(medic(vec![field_surgery()]), 0, [8.0, 0.0, 7.0]),
            model(patient, 0, [9.5, 0.0, 7.0]),
            model(shooter, 1, [8.0, 0.0, 17.0]),
        ],
        first_control: P1,
        ..no_luck()
    };
    let mut g = start_loaded(setup, &[9, 2, 9, 1]);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(
        &mut g,
        act(m(2), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        ok(&mut g, defend(Some(0)));
    }
    settle(&mut g);
    assert!(g.red_lined(m(1)));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseHealedToken { options, .. } => assert_eq!(options, &vec![0, 1]),
        other => panic!("expected a heal choice, got {other:?}"),
    }
    // WOUND-13: the token that started RED is refused, and nothing changes.
    let before = g.tokens(m(1)).to_vec();
    assert_eq!(
        refusal(g.apply(Command::HealToken { token: 2 })),
        Rule::Wound13
    );
    assert_eq!(g.tokens(m(1)), before.as_slice());
    ok(&mut g, Command::HealToken { token: 1 });
    let colours: Vec<Colour> = g.tokens(m(1)).iter().map(|t| t.colour).collect();
    assert_eq!(colours, vec![Colour::Green, Colour::Yellow, Colour::Red]);
}

#[test]
fn kw_19_heal_2_on_a_single_red_token_heals_one_and_stops() {
    let mut g = patient_red_lined(medic(vec![field_surgery()]), &[9, 1]);
    // KW-19: "up to" two wounds: the one RED token is healed and the heal ends there.
    let ev = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    assert_eq!(only(&ev, |e| matches!(e, Event::Healed { .. })).len(), 1);
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Green);
    assert!(!g.red_lined(m(1)));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { .. }
    ));
}
