//! The book's first and second gameplay examples (EX-1..EX-10) and the Difficult and
//! Unskilled examples (EX-26, EX-27), replayed with loaded dice and our own model names.

mod common;

use std::sync::Arc;

use common::*;
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::dice::Die;
use redline_rules::{
    Command, DecisionKind, Event, LegKind, PlayerSetup, RouteLeg, Seat, Setup, Target, basic,
};

fn profile(name: &str, tokens: Vec<Colour>, skills: Skills) -> ModelProfile {
    ModelProfile {
        tokens,
        skills,
        ..character(name)
    }
}

fn luck_offer_seat(g: &redline_rules::Game) -> Seat {
    match g.decision().unwrap().kind {
        DecisionKind::OfferLuck { .. } => g.decision().unwrap().seat,
        ref d => panic!("expected a Luck offer, got {d:?}"),
    }
}

const Y: Die = Die::Action(Colour::Yellow);
const G: Die = Die::Action(Colour::Green);

/// First example. Seat 0: the Boss (0), a Gonk Recruit (1). Seat 1: Lieutenant (2),
/// Bruiser (3), a Gonk Runner (4). Three Luck each.
fn first_example() -> Setup {
    let boss = profile(
        "Boss",
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
        Skills {
            ranged: 1,
            ..Skills::default()
        },
    );
    let lieutenant = profile(
        "Lieutenant",
        vec![Colour::Yellow, Colour::Green],
        Skills {
            reflexes: 2,
            ..Skills::default()
        },
    );
    let bruiser = profile(
        "Bruiser",
        vec![Colour::Yellow, Colour::Yellow],
        Skills {
            melee: 2,
            ..Skills::default()
        },
    );
    let recruit = ModelProfile {
        skills: Skills {
            melee: 1,
            ..Skills::default()
        },
        ..gonk("Recruit")
    };
    Setup {
        players: vec![
            PlayerSetup {
                luck: Some(3),
                ..player(0)
            },
            PlayerSetup {
                luck: Some(3),
                ..player(1)
            },
        ],
        models: vec![
            model(boss, 0, [4.0, 0.0, 2.0]),
            model(recruit, 0, [12.0, 0.0, 14.0]),
            model(lieutenant, 1, [4.0, 0.0, 19.0]),
            model(bruiser, 1, [12.0, 0.0, 22.0]),
            model(gonk("Runner"), 1, [20.0, 0.0, 22.0]),
        ],
        ..baseline()
    }
}

#[test]
fn ex_1_to_ex_4_first_gameplay_example() {
    let mut g = start_loaded(first_example(), &[7, 6, 5, 4, 6, 7, 2, 6]);

    // EX-1: GREEN move (open path, no roll), YELLOW shot at GREEN range (ACT-8).
    // OPEN-44: the tied roll (7 + 1 vs 6 + 2) belongs to the attack, not the move: the move
    // rolls nothing and the attack's Rolled event carries exactly those dice.
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, move_to(m(0), 0, [4.0, 0.0, 10.0]));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    ok(&mut g, ranged_attack(m(0), 1, m(2)));
    let ev = ok(&mut g, defend(Some(1)));
    assert_eq!(
        rolled(&ev),
        vec![
            die_result(Some(m(0)), P0, Y, 7, 1),
            die_result(Some(m(2)), P1, G, 6, 2)
        ]
    );
    assert_eq!(luck_offer_seat(&g), P0);
    ok(&mut g, Command::KeepRoll);
    assert_eq!(luck_offer_seat(&g), P1);
    let ev = ok(&mut g, Command::KeepRoll);
    // 8 vs 8: the defender wins the tie.
    assert_eq!(
        ev,
        vec![Event::RollDecided {
            actor_won: vec![false]
        }]
    );
    let ev = ok(&mut g, Command::EndActivation);
    assert_eq!(
        ev,
        vec![
            Event::ActivationEnded { model: m(0) },
            Event::ControlPassed { from: P0, to: P1 }
        ]
    );
    assert!(g.tokens(m(0))[2].ready);

    // EX-2: the Bruiser moves into reach of the Recruit and attacks it in melee.
    ok(&mut g, Command::Activate { model: m(3) });
    ok(&mut g, move_to(m(3), 0, [12.0, 0.0, 15.5]));
    let ev = ok(&mut g, melee_attack(m(3), 1, m(1)));
    assert_eq!(
        rolled(&ev),
        vec![
            die_result(Some(m(3)), P1, Y, 5, 2),
            die_result(Some(m(1)), P0, Y, 4, 1)
        ]
    );
    // LUCK-4: Control player first (winning, passes), then the opponent re-rolls...
    assert_eq!(luck_offer_seat(&g), P1);
    ok(&mut g, Command::KeepRoll);
    assert_eq!(luck_offer_seat(&g), P0);
    let ev = ok(&mut g, Command::Reroll);
    assert_eq!(
        ev,
        vec![
            Event::LuckSpent { seat: P0, left: 2 },
            Event::Rerolled {
                die: die_result(Some(m(1)), P0, Y, 6, 1),
                old_face: 4
            }
        ]
    );
    // ...and the Control player may now re-roll after seeing it.
    assert_eq!(luck_offer_seat(&g), P1);
    let ev = ok(&mut g, Command::Reroll);
    assert_eq!(
        ev[..3],
        [
            Event::LuckSpent { seat: P1, left: 2 },
            Event::Rerolled {
                die: die_result(Some(m(3)), P1, Y, 7, 2),
                old_face: 5
            },
            Event::RollDecided {
                actor_won: vec![true]
            },
        ]
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TakenOut { model, .. } if *model == m(1)))
    );
    assert!(!g.in_play(m(1)));
    assert_eq!(g.bodies().len(), 1);
    // No Ready token left: Control passes to seat 0.
    assert!(ev.ends_with(&[
        Event::ActivationEnded { model: m(3) },
        Event::ControlPassed { from: P1, to: P0 }
    ]));

    // EX-3: the Boss's last YELLOW shoots the Bruiser, which defends with a Used token.
    ok(&mut g, Command::Activate { model: m(0) });
    // Both tokens are Used YELLOW, so the one colour there is to pick is picked at once.
    let ev = ok(&mut g, ranged_attack(m(0), 2, m(3)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DefenceChosen { model, token: Some(_), colour: Colour::Yellow, .. } if *model == m(3)
    )));
    ok(&mut g, Command::KeepRoll);
    let ev = ok(&mut g, Command::KeepRoll);
    assert_eq!(
        ev,
        vec![
            Event::RollDecided {
                actor_won: vec![false]
            },
            Event::ActivationEnded { model: m(0) },
            Event::ControlPassed { from: P0, to: P1 }
        ]
    );
    assert!(
        g.tokens(m(3))
            .iter()
            .all(|t| !t.ready && t.colour == Colour::Yellow)
    );

    // EX-4: Inspire: the Runner acts once, then the Bruiser's Used tokens flip to Ready.
    ok(&mut g, Command::Inspire { seat: P1 });
    let ev = ok(&mut g, gonk_move(m(4), [20.0, 0.0, 20.0]));
    assert_eq!(
        ev[1..],
        [
            Event::Moved {
                model: m(4),
                from: [20.0, 0.0, 22.0],
                to: [20.0, 0.0, 20.0],
                route: vec![RouteLeg {
                    to: [20.0, 0.0, 20.0],
                    kind: LegKind::Walk
                }]
            },
            Event::TokenFlipped {
                model: m(3),
                token: 0,
                ready: true
            },
            Event::TokenFlipped {
                model: m(3),
                token: 1,
                ready: true
            },
            Event::InspireEnded { seat: P1 },
            Event::ControlPassed { from: P1, to: P0 },
        ]
    );
}

/// Second example. Seat 0: Ripper (0), Boss (1). Seat 1 (first Control): Bruiser (2),
/// Lieutenant (3), Medic (4). No Luck.
fn second_example() -> Setup {
    let ripper = profile(
        "Ripper",
        vec![Colour::Green, Colour::Yellow],
        Skills {
            ranged: 1,
            ..Skills::default()
        },
    );
    let boss = profile(
        "Boss",
        vec![Colour::Green, Colour::Yellow, Colour::Yellow],
        Skills {
            ranged: 1,
            ..Skills::default()
        },
    );
    let bruiser = profile(
        "Bruiser",
        vec![Colour::Green, Colour::Yellow],
        Skills::default(),
    );
    let lieutenant = profile(
        "Lieutenant",
        vec![Colour::Yellow, Colour::Green],
        Skills {
            influence: 2,
            ..Skills::default()
        },
    );
    let medic = profile(
        "Medic",
        vec![Colour::Yellow, Colour::Green, Colour::Red],
        Skills::default(),
    );
    Setup {
        models: vec![
            model(ripper, 0, [12.0, 0.0, 4.0]),
            model(boss, 0, [4.0, 0.0, 6.0]),
            model(bruiser, 1, [12.0, 0.0, 12.0]),
            model(lieutenant, 1, [14.0, 0.0, 10.0]),
            model(medic, 1, [16.0, 0.0, 10.0]),
        ],
        first_control: P1,
        ..no_luck()
    }
}

#[test]
fn ex_5_to_ex_10_second_gameplay_example() {
    let (ripper, boss, bruiser, lieutenant, medic) = (m(0), m(1), m(2), m(3), m(4));
    let mut g = start_loaded(second_example(), &[6, 3, 7, 2, 9, 2, 7, 2, 10, 4, 9, 3]);

    // EX-5: YELLOW shot with Ranged 0; the Ripper defends with its Ready GREEN, Reflexes 0.
    ok(&mut g, Command::Activate { model: bruiser });
    ok(&mut g, ranged_attack(bruiser, 1, ripper));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(
        ev,
        vec![
            Event::DefenceChosen {
                model: ripper,
                token: Some(0),
                colour: Colour::Green,
                bonus: redline_rules::DefenceBonus::Skill
            },
            Event::Rolled {
                dice: vec![
                    die_result(Some(bruiser), P1, Y, 6, 0),
                    die_result(Some(ripper), P0, G, 3, 0)
                ]
            },
            Event::RollDecided {
                actor_won: vec![true]
            },
            Event::Wounded {
                model: ripper,
                token: 0,
                by: Some(bruiser)
            },
        ]
    );
    let t = g.tokens(ripper)[0];
    assert_eq!((t.colour, t.ready), (Colour::Red, true));

    // EX-6: the Ripper [RE]acts with its Ready YELLOW at the Bruiser.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { model, wounded_by } if model == ripper && wounded_by == bruiser
    ));
    ok(
        &mut g,
        react(ripper, basic::RANGED, Some(1), Target::Model(bruiser)),
    );
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::Wounded {
        model: bruiser,
        token: 1,
        by: Some(ripper)
    }));
    let t = g.tokens(bruiser)[1];
    assert_eq!((t.colour, t.ready), (Colour::Red, false));

    // EX-7: still Seat 1's Control and the Bruiser's activation; its GREEN moves it, then
    // Control passes.
    assert_eq!(g.control(), P1);
    assert_eq!(g.active_model(), Some(bruiser));
    let ev = ok(&mut g, move_to(bruiser, 0, [12.0, 0.0, 16.0]));
    assert!(ev.ends_with(&[
        Event::ActivationEnded { model: bruiser },
        Event::ControlPassed { from: P1, to: P0 }
    ]));

    // EX-8: the Boss's GREEN shot Red-lines the Bruiser, which can't [RE]act.
    ok(&mut g, Command::Activate { model: boss });
    ok(&mut g, ranged_attack(boss, 0, bruiser));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(
        ev[2..],
        [
            Event::RollDecided {
                actor_won: vec![true]
            },
            Event::Wounded {
                model: bruiser,
                token: 0,
                by: Some(boss)
            },
            Event::RedLined { model: bruiser },
        ]
    );
    assert!(g.red_lined(bruiser));
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model } if model == boss
    ));

    // EX-9: YELLOW shot at the Lieutenant; it [RE]acts with Basic Command on the Medic.
    ok(&mut g, ranged_attack(boss, 1, lieutenant));
    ok(&mut g, defend(Some(0)));
    assert_eq!(g.tokens(lieutenant)[0].colour, Colour::Red);
    let ev = ok(
        &mut g,
        react(lieutenant, basic::COMMAND, Some(1), Target::Model(medic)),
    );
    assert_eq!(
        rolled(&ev),
        vec![
            die_result(Some(lieutenant), P1, G, 10, 2),
            die_result(None, P0, Die::Obstacle, 4, 0)
        ]
    );
    assert!(ev.ends_with(&[
        Event::RollDecided {
            actor_won: vec![true]
        },
        Event::ActivationEnded { model: boss },
        Event::ControlPassed { from: P0, to: P1 },
        Event::Activated { model: medic },
    ]));
    assert!(g.tokens(boss)[2].ready);
    assert_eq!(g.control(), P1);
    assert_eq!(g.active_model(), Some(medic));

    // EX-10: the Medic moves into reach and heals the Bruiser with an unskilled Triage.
    ok(&mut g, move_to(medic, 0, [13.5, 0.0, 16.0]));
    let ev = ok(
        &mut g,
        act(medic, basic::TRIAGE, Some(1), Target::Model(bruiser)),
    );
    assert_eq!(
        rolled(&ev),
        vec![
            die_result(Some(medic), P1, G, 9, 0),
            die_result(None, P0, Die::Obstacle, 3, 0)
        ]
    );
    if let DecisionKind::ChooseHealedToken { options, .. } = &g.decision().unwrap().kind {
        assert_eq!(options, &vec![0, 1]);
        ok(&mut g, Command::HealToken { token: 0 });
    }
    let t = g.tokens(bruiser)[0];
    assert_eq!((t.colour, t.ready), (Colour::Green, false));
    assert_eq!(g.tokens(bruiser)[1].colour, Colour::Red);
}

#[test]
fn ex_26_a_difficult_weapon_waits_for_the_next_inspire() {
    let launcher = ActionDef {
        keywords: vec![Keyword::Difficult],
        ..attack_action("Launcher", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let mut setup = duel();
    setup.models[0].profile = Arc::new(ModelProfile {
        actions: vec![launcher],
        ..character("Grenadier")
    });
    let mut g = start_loaded(setup, &[2, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
    assert_eq!(
        ev[..3],
        [
            Event::ActionTaken {
                model: m(0),
                action: basic::COUNT,
                name: "Launcher".into(),
                colour: Colour::Green,
                reaction: false
            },
            Event::TokenFlipped {
                model: m(0),
                token: 0,
                ready: false
            },
            Event::DifficultMarked {
                model: m(0),
                action: basic::COUNT
            },
        ]
    );
    ok(&mut g, defend(Some(0)));
    assert_eq!(
        refusal(g.apply(act(m(0), basic::COUNT, Some(1), Target::Model(m(1))))),
        Rule::Tok7
    );
    let ev = inspire_after_rival(&mut g, m(1));
    assert!(ev.contains(&Event::DifficultCleared { model: m(0) }));
}

#[test]
fn ex_27_an_unskilled_triage_rolls_with_plus_zero() {
    let patient = ModelProfile {
        tokens: vec![Colour::Yellow],
        ..character("Patient")
    };
    let setup = Setup {
        models: vec![
            model(character("Rookie"), 0, [8.0, 0.0, 4.0]),
            model(patient, 0, [9.5, 0.0, 4.0]),
            model(character("Rival"), 1, [9.5, 0.0, 14.0]),
        ],
        first_control: P1,
        ..no_luck()
    };
    // The rival Red-lines the Patient, then the Rookie (Medical 0) heals it.
    let mut g = start_loaded(setup, &[9, 2, 4, 4]);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, ranged_attack(m(2), 0, m(1)));
    assert!(g.red_lined(m(1)));
    ok(&mut g, Command::DeclineReaction);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::TRIAGE, Some(1), Target::Model(m(1))),
    );
    assert_eq!(
        rolled(&ev),
        vec![
            die_result(Some(m(0)), P0, Y, 4, 0),
            die_result(None, P1, Die::Obstacle, 4, 0)
        ]
    );
    // 4 + 0 vs 4: a tie against the Obstacle die fails (DICE-5).
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![false]
    }));
    assert!(g.red_lined(m(1)));
}
