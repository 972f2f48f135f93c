//! ACT: the anatomy of an action (Skill, Range, Result) and its resolution steps.

mod common;

use common::*;
use redline_rules::card::{Colour, Effect, ModelProfile, RangeSpec, Skill, Skills};
use redline_rules::{
    Command, DecisionKind, Defence, DefenceBonus, Event, Setup, StopReason, Target, basic,
};

/// Shooter (0) and target (1) `gap` inches apart along z.
fn apart(gap: f32) -> Setup {
    no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 2.0]),
        model(character("Target"), 1, [8.0, 0.0, 2.0 + gap]),
    ])
}

fn shoot_at(action: u16, setup: Setup) -> Result<Vec<Event>, redline_rules::RuleError> {
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    g.apply(act(m(0), action, Some(1), Target::Model(m(1))))
}

#[test]
fn act_1_act_2_an_action_has_skill_range_and_result() {
    let g = start(duel());
    let ranged = g.action(m(0), basic::RANGED).unwrap();
    assert_eq!(ranged.skill, Some(Skill::Ranged));
    assert_eq!(ranged.range, Some(RangeSpec::YELLOW_GREEN));
    assert_eq!(ranged.effects, vec![Effect::Wound(1)]);
    assert!(!ranged.is_easy());
    // ACT-2: no Skill icon means Easy.
    assert!(g.action(m(0), basic::LOOT_GOODS).unwrap().is_easy());
}

#[test]
fn act_3_act_8_any_coloured_band_and_the_token_does_not_set_range() {
    // YELLOW token, targets in YELLOW (5") and GREEN (11") bands.
    assert!(shoot_at(basic::RANGED, apart(5.0)).is_ok());
    assert!(shoot_at(basic::RANGED, apart(11.0)).is_ok());
}

#[test]
fn act_5_nothing_beyond_the_limiter_without_long_range() {
    assert_eq!(refusal(shoot_at(basic::RANGED, apart(14.0))), Rule::Act5);
}

#[test]
fn act_4_long_range_reaches_past_green() {
    let rifle = attack_action(
        "Rifle",
        Skill::Ranged,
        RangeSpec {
            long: true,
            ..RangeSpec::YELLOW_GREEN
        },
    );
    let mut setup = apart(18.0);
    setup.models[0].profile = std::sync::Arc::new(ModelProfile {
        actions: vec![rifle],
        ..character("Sniper")
    });
    assert!(shoot_at(basic::COUNT, setup).is_ok());
}

#[test]
fn act_6_a_range_can_leave_out_red() {
    // 3" between centres leaves 1.9" between the bases: inside RED, not touching (no Brawl).
    assert_eq!(refusal(shoot_at(basic::RANGED, apart(3.0))), Rule::Act6);
}

#[test]
fn act_7_an_action_without_range_says_whom_it_affects() {
    // Basic Move affects only the mover: it takes a route, not a model.
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.apply(act(m(0), basic::MOVE, Some(0), Target::Model(m(1))))),
        Rule::Act7
    );
}

#[test]
fn act_9_act_16_the_target_must_be_in_range_and_is_the_one_affected() {
    let mut g = start_loaded(duel(), &[9, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    let ev = ok(&mut g, defend(Some(1)));
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 1,
        by: Some(m(0))
    }));
    assert_eq!(g.tokens(m(0))[1].colour, Colour::Yellow);
}

#[test]
fn act_10_act_11_rival_picks_any_token_colour_and_both_dice_roll_together() {
    let mut g = start_loaded(duel(), &[4, 6]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence {
            defender,
            can_wound,
            options,
            ..
        } => {
            assert_eq!(*defender, m(1));
            assert!(*can_wound);
            let tokens: Vec<_> = options.iter().map(|d| d.token).collect();
            assert_eq!(tokens, vec![Some(0), Some(1), Some(2)]);
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(g.decision().unwrap().seat, P1);
    let ev = ok(&mut g, defend(Some(2)));
    assert_eq!(
        ev,
        vec![
            Event::DefenceChosen {
                model: m(1),
                token: Some(2),
                colour: Colour::Red,
                bonus: DefenceBonus::Skill
            },
            Event::Rolled {
                dice: vec![
                    die_result(
                        Some(m(0)),
                        P0,
                        redline_rules::dice::Die::Action(Colour::Green),
                        4,
                        2
                    ),
                    die_result(
                        Some(m(1)),
                        P1,
                        redline_rules::dice::Die::Action(Colour::Red),
                        6,
                        1
                    ),
                ]
            },
            Event::RollDecided {
                actor_won: vec![false]
            },
        ]
    );
}

#[test]
fn act_12_act_13_the_chosen_token_turns_red_and_is_not_spent() {
    let mut g = start_loaded(duel(), &[9, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(0)));
    let t = g.tokens(m(1))[0];
    assert_eq!(
        (t.colour, t.original, t.ready),
        (Colour::Red, Colour::Green, true)
    );
}

#[test]
fn act_14_a_gonk_opposes_with_its_card_colour() {
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(gonk("Goon"), 1, [8.0, 0.0, 17.0]),
        model(character("Chief"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[2, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, ranged_attack(m(0), 0, m(1)));
    assert!(ev.contains(&Event::DefenceChosen {
        model: m(1),
        token: None,
        colour: Colour::Yellow,
        bonus: DefenceBonus::Skill
    }));
}

#[test]
fn act_15_melee_is_opposed_by_melee_and_ranged_by_reflexes() {
    let brawler = ModelProfile {
        skills: Skills {
            reflexes: 1,
            melee: 3,
            ..Skills::default()
        },
        ..character("Brawler")
    };
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(brawler, 1, [8.0, 0.0, 9.0]),
    ]);
    let mut g = start_loaded(setup, &[2, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, melee_attack(m(0), 0, m(1)));
    let ev = ok(&mut g, defend(Some(0)));
    let dice = rolled(&ev);
    assert_eq!((dice[0].modifier, dice[1].modifier), (1, 3));
}

#[test]
fn act_17_blocking_a_move_cant_wound_and_the_blocker_picks_any_colour() {
    let mut g = start_loaded(duel(), &[2, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 19.0]));
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { can_wound, .. } => assert!(!*can_wound),
        d => panic!("{d:?}"),
    }
    let ev = ok(
        &mut g,
        Command::Defend(Defence {
            token: Some(2),
            bonus: DefenceBonus::Skill,
        }),
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoveStopped { model, reason: StopReason::Rival(r) } if *model == m(0) && *r == m(1)
    )));
    assert!(!ev.iter().any(|e| matches!(e, Event::Wounded { .. })));
    assert!(
        g.tokens(m(1))
            .iter()
            .all(|t| t.ready && t.colour == t.original)
    );
}
