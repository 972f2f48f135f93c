//! TOK: action tokens, Ready/Used, Difficult, Easy, Free, Unskilled, Complex, Gonks.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{ActionDef, Colour, Effect, Keyword, ModelProfile, Skill, TargetKind};
use redline_rules::{Command, DecisionKind, Event, LegKind, RouteLeg, Setup, Target, basic};

fn card_action(id: &str, skill: Option<Skill>, keywords: Vec<Keyword>) -> ActionDef {
    ActionDef {
        id: id.into(),
        name: id.into(),
        skill,
        range: None,
        target: TargetKind::SelfOnly,
        attack: false,
        keywords,
        effects: vec![Effect::GainLuck(1)],
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

/// Model 0 (seat 0) carries `actions` on its card; model 1 is a rival far away.
fn with_card(actions: Vec<ActionDef>) -> Setup {
    no_luck_with(vec![
        model(
            ModelProfile {
                actions,
                ..character("Carrier")
            },
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ])
}

const CARD: u16 = basic::COUNT;

#[test]
fn tok_1_tok_2_a_character_starts_with_its_card_tokens_all_ready() {
    let g = start(duel());
    let t = g.tokens(m(0));
    assert_eq!(
        t.iter().map(|t| (t.colour, t.ready)).collect::<Vec<_>>(),
        vec![
            (Colour::Green, true),
            (Colour::Yellow, true),
            (Colour::Red, true)
        ]
    );
}

#[test]
fn tok_3_an_action_flips_a_ready_token_to_used_and_a_used_token_cant_pay() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    let route = Target::Route(vec![[8.0, 0.0, 8.0]]);
    let ev = ok(&mut g, act(m(0), basic::MOVE, Some(1), route.clone()));
    assert_eq!(
        ev[..2],
        [
            Event::ActionTaken {
                model: m(0),
                action: basic::MOVE,
                name: "Basic Move".into(),
                colour: Colour::Yellow,
                reaction: false
            },
            Event::TokenFlipped {
                model: m(0),
                token: 1,
                ready: false
            }
        ]
    );
    assert!(!g.tokens(m(0))[1].ready);
    assert_eq!(
        refusal(g.apply(act(m(0), basic::MOVE, Some(1), route))),
        Rule::Tok3
    );
}

#[test]
fn tok_4_opposing_spends_nothing_and_a_used_token_may_defend() {
    let mut g = start_loaded(duel(), &[2, 5, 2, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    ok(&mut g, defend(Some(1)));
    assert!(g.tokens(m(1)).iter().all(|t| t.ready));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, move_to(m(1), 0, [8.0, 0.0, 16.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 1, m(1)));
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { options, .. } => {
            assert!(options.iter().any(|d| d.token == Some(0)))
        }
        d => panic!("{d:?}"),
    }
    ok(&mut g, defend(Some(0)));
}

#[test]
fn tok_5_an_exhausted_card_has_no_text_until_it_refreshes_at_inspire() {
    use redline_rules::cards::{Ability, CardDef, CardId, CardKind, CardStatus};
    // A Gear card whose action exhausts it, and which grants +1 Ranged while Ready.
    let scope = CardDef {
        abilities: vec![Ability::SkillBonus(Skill::Ranged, 1)],
        ..card_with(
            "Scope",
            CardKind::Gear,
            vec![card_action("overclock", None, vec![Keyword::Exhaust])],
        )
    };
    let setup = no_luck_with(vec![
        model(carrying("Carrier", vec![scope]), 0, [8.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    let card = CardId(0);
    let overclock = g.card_action(card, 0);
    assert_eq!(g.skill(m(0), Skill::Ranged), 3, "Ranged 2 + the Scope's 1");
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), overclock, Some(0), Target::None));
    assert!(ev.contains(&Event::CardExhausted {
        model: m(0),
        card: Some(card)
    }));
    // Face down: no abilities and no actions (TOK-5).
    assert_eq!(g.card(card).status, CardStatus::Exhausted);
    assert_eq!(g.skill(m(0), Skill::Ranged), 2);
    let err = g
        .check(&act(m(0), overclock, Some(1), Target::None))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Tok5);
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    // CTRL-12: Inspire refreshes it.
    let ev = ok(&mut g, Command::Inspire { seat: P0 });
    assert!(ev.contains(&Event::CardRefreshed {
        model: m(0),
        card: Some(card)
    }));
    assert_eq!(g.card(card).status, CardStatus::Ready);
    assert_eq!(g.skill(m(0), Skill::Ranged), 3);
}

#[test]
fn tok_12_gen_9_a_model_uses_its_gear_actions_and_gets_its_passive_abilities() {
    use redline_rules::cards::{Ability, CardDef, CardId, CardKind};
    let kit = CardDef {
        abilities: vec![Ability::Defense(Skill::Reflexes, 2)],
        ..card_with(
            "Kit",
            CardKind::Gear,
            vec![card_action("flare", None, Vec::new())],
        )
    };
    let setup = no_luck_with(vec![
        model(carrying("Carrier", vec![kit]), 0, [8.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]);
    let g = start(setup);
    let flare = g.card_action(CardId(0), 0);
    assert!(g.actions_of(m(0)).contains(&flare));
    assert!(
        !g.actions_of(m(1)).contains(&flare),
        "only its holder has it"
    );
    assert_eq!(g.defense_bonus(m(0), Skill::Reflexes), 2, "GEN-9: passive");
    let mut g = g;
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), flare, Some(0), Target::None));
    assert!(ev.contains(&Event::LuckReturned { seat: P0, left: 1 }));
    // Another model can't use a card it does not hold.
    let err = g
        .check(&act(m(1), flare, Some(0), Target::None))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Ctrl4);
}

#[test]
fn kw_18_a_discard_card_goes_after_its_action_whether_it_succeeds_or_fails() {
    use redline_rules::cards::{CardId, CardKind, CardStatus};
    let one_shot = ActionDef {
        keywords: vec![Keyword::Discard],
        ..ActionDef::attack(
            "one_shot",
            "one_shot",
            Skill::Ranged,
            redline_rules::card::RangeSpec::YELLOW_GREEN,
        )
    };
    let setup = no_luck_with(vec![
        model(
            carrying(
                "Carrier",
                vec![card_with("Derringer", CardKind::Loot, vec![one_shot])],
            ),
            0,
            [8.0, 0.0, 7.0],
        ),
        model(character("Rival"), 1, [8.0, 0.0, 17.0]),
    ]);
    // A miss (2 against 9): the card is discarded all the same.
    let mut g = start_loaded(setup, &[2, 9]);
    let shot = g.card_action(CardId(0), 0);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), shot, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::CardDiscarded {
        model: m(0),
        card: CardId(0)
    }));
    assert_eq!(g.card(CardId(0)).status, CardStatus::Discarded);
    let err = g
        .check(&act(m(0), shot, Some(1), Target::Model(m(1))))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Kw18);
}

#[test]
fn tok_6_the_same_action_may_be_taken_again_in_one_activation() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 8.0]));
    ok(&mut g, move_to(m(0), 1, [8.0, 0.0, 9.0]));
    assert_eq!(g.position(m(0)), [8.0, 0.0, 9.0]);
}

#[test]
fn tok_7_a_difficult_action_is_used_once_until_the_next_inspire() {
    // OPEN-15: the marker is a note on the action, not one of the model's tokens.
    let mut g = start(with_card(vec![card_action(
        "stim",
        None,
        vec![Keyword::Difficult],
    )]));
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::None));
    assert!(ev.contains(&Event::DifficultMarked {
        model: m(0),
        action: CARD
    }));
    assert_eq!(
        refusal(g.apply(act(m(0), CARD, Some(1), Target::None))),
        Rule::Tok7
    );
    let ev = inspire_after_rival(&mut g, m(1));
    assert!(ev.contains(&Event::DifficultCleared { model: m(0) }));
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::None));
}

#[test]
fn tok_8_an_easy_action_rolls_nothing_but_costs_a_token() {
    let mut g = start(with_card(vec![card_action("stim", None, Vec::new())]));
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(2), Target::None));
    assert_eq!(
        ev,
        vec![
            Event::ActionTaken {
                model: m(0),
                action: CARD,
                name: "stim".into(),
                colour: Colour::Red,
                reaction: false
            },
            Event::TokenFlipped {
                model: m(0),
                token: 2,
                ready: false
            },
            Event::LuckReturned { seat: P0, left: 1 },
        ]
    );
}

#[test]
fn tok_9_a_missing_skill_counts_as_zero() {
    // Firewall Defender on itself with Tech 0: the die's modifier is 0.
    let mut g = start_loaded(duel(), &[4, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::FIREWALL, Some(0), Target::Model(m(0))),
    );
    let dice = rolled(&ev);
    assert_eq!(dice[0].modifier, 0);
    assert!(ev.contains(&Event::RollDecided {
        actor_won: vec![true]
    }));
}

#[test]
fn tok_10_a_free_action_spends_no_token_and_may_take_a_used_tokens_colour() {
    let mut g = start(with_card(vec![card_action(
        "stim",
        None,
        vec![Keyword::Free],
    )]));
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::None));
    assert_eq!(
        ev,
        vec![
            Event::ActionTaken {
                model: m(0),
                action: CARD,
                name: "stim".into(),
                colour: Colour::Green,
                reaction: false
            },
            Event::LuckReturned { seat: P0, left: 1 },
        ]
    );
    assert!(g.tokens(m(0))[1].ready && g.tokens(m(0))[2].ready);
}

#[test]
fn tok_11_an_action_finishes_before_the_next_starts() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    // The defence is still pending: no new action may start.
    let mv = move_to(m(0), 1, [8.0, 0.0, 8.0]);
    assert_eq!(refusal(g.apply(mv)), Rule::Act10);
}

#[test]
fn tok_12_a_character_uses_its_card_actions_and_the_basic_ones_only() {
    let mut g = start(with_card(vec![card_action("stim", None, Vec::new())]));
    assert_eq!(g.action_count(m(0)), basic::COUNT + 1);
    assert_eq!(g.action_count(m(1)), basic::COUNT);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(
        refusal(g.apply(act(m(0), CARD + 1, Some(0), Target::None))),
        Rule::Tok12
    );
    ok(&mut g, act(m(0), CARD, Some(0), Target::None));
}

#[test]
fn tok_13_complex_actions_are_barred_with_an_enemy_within_red() {
    // A Gonk body 1" from the looter, a rival 2.5" away.
    let setup = no_luck_with(vec![
        model(character("Looter"), 0, [8.0, 0.0, 8.0]),
        model(gonk("Victim"), 1, [8.0, 0.0, 15.0]),
        model(character("Guard"), 1, [11.0, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    let (body, _, at) = g.bodies()[0];
    ok(
        &mut g,
        act(
            m(0),
            basic::MOVE,
            Some(1),
            Target::Route(vec![[at[0], 0.0, at[2] - 1.2]]),
        ),
    );
    ok(&mut g, Command::EndActivation);
    // The Guard comes within RED.
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, move_to(m(2), 1, [10.5, 0.0, 15.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    let err = g
        .apply(act(m(0), basic::LOOT_GOODS, Some(2), Target::Body(body)))
        .unwrap_err();
    // Looting is the book's Complex example (BASIC-12 cites TOK-13).
    assert_eq!(err.rule, Rule::Basic12);
    assert!(err.message.contains("Complex"), "{err:?}");
}

#[test]
fn tok_14_inspire_refreshes_used_tokens() {
    let mut g = start(duel());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(1));
    assert!(g.tokens(m(0)).iter().all(|t| t.ready));
}

#[test]
fn tok_15_a_gonk_has_no_tokens_and_takes_one_action() {
    let setup = no_luck_with(vec![
        model(character("Boss"), 0, [8.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [12.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    assert!(g.tokens(m(1)).is_empty());
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(2));
    ok(&mut g, gonk_move(m(1), [12.0, 0.0, 6.0]));
    // Its one action done, the Inspire is over.
    assert_eq!(g.inspiring(), None);
}

#[test]
fn tok_14_kw_23_refresh_x_flips_used_tokens_back_to_ready_the_owner_choosing() {
    let pep = ActionDef {
        effects: Vec::new(),
        ..card_action("pep", None, vec![Keyword::Refresh(1)])
    };
    let mut g = start(with_card(vec![pep]));
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    ok(&mut g, act(m(0), CARD, Some(1), Target::None));
    // Two different Used tokens: the owner picks which one comes back.
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P0);
    assert_eq!(
        d.kind,
        DecisionKind::ChooseRefreshedToken {
            model: m(0),
            left: 1,
            options: vec![0, 1]
        }
    );
    assert_eq!(
        g.check(&Command::RefreshToken { token: 2 })
            .unwrap_err()
            .rule,
        Rule::Kw23
    );
    let ev = ok(&mut g, Command::RefreshToken { token: 0 });
    assert!(ev.contains(&Event::Refreshed {
        model: m(0),
        token: 0
    }));
    assert!(g.tokens(m(0))[0].ready);
    assert!(!g.tokens(m(0))[1].ready);
}

#[test]
fn kw_23_a_refresh_with_one_used_token_needs_no_choice() {
    let pep = ActionDef {
        effects: Vec::new(),
        ..card_action("pep", None, vec![Keyword::Refresh(2), Keyword::Free])
    };
    let mut g = start(with_card(vec![pep]));
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    // Free: no token spent; the one Used token flips back at once.
    let ev = ok(&mut g, act(m(0), CARD, Some(1), Target::None));
    assert!(ev.contains(&Event::Refreshed {
        model: m(0),
        token: 0
    }));
    assert!(g.tokens(m(0)).iter().all(|t| t.ready));
}

#[test]
fn open_25_a_free_move_with_no_colour_goes_as_far_as_the_chosen_tokens_colour() {
    let dash = ActionDef {
        effects: vec![Effect::Move { colour: None }],
        ..card_action("dash", None, vec![Keyword::Free])
    };
    let mut g = start(with_card(vec![dash]));
    ok(&mut g, Command::Activate { model: m(0) });
    // RED token: 3", so 5" is too far.
    let err = g
        .apply(act(
            m(0),
            CARD,
            Some(2),
            Target::Route(vec![[8.0, 0.0, 9.0]]),
        ))
        .expect_err("too far for RED");
    assert_eq!(err.rule, Rule::Move1);
    ok(
        &mut g,
        act(m(0), CARD, Some(2), Target::Route(vec![[8.0, 0.0, 6.5]])),
    );
    // GREEN token: 12", so 10" is fine; no token is spent either way (TOK-10).
    let ev = ok(
        &mut g,
        act(m(0), CARD, Some(0), Target::Route(vec![[18.0, 0.0, 6.5]])),
    );
    assert!(ev.contains(&Event::Moved {
        model: m(0),
        from: [8.0, 0.0, 6.5],
        to: [18.0, 0.0, 6.5],
        route: vec![RouteLeg {
            to: [18.0, 0.0, 6.5],
            kind: LegKind::Walk
        }]
    }));
    assert!(g.tokens(m(0)).iter().all(|t| t.ready));
}

#[test]
fn open_25_a_dangerous_fumble_in_a_free_action_wounds_the_chosen_token() {
    let blast = ActionDef {
        keywords: vec![Keyword::Free, Keyword::Dangerous],
        ..ActionDef::attack(
            "overcharge",
            "overcharge",
            Skill::Ranged,
            redline_rules::card::RangeSpec::YELLOW_GREEN,
        )
    };
    let mut setup = with_card(vec![blast]);
    setup.models[1].position = [8.0, 0.0, 10.0];
    let mut g = start_loaded(setup, &[1, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(1), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::Wounded {
        model: m(0),
        token: 1,
        by: None
    }));
    assert_eq!(g.tokens(m(0))[1].colour, Colour::Red);
}

/// The Stim Injector's dose (starter Gear): Free, Refresh 1, the card exhausts.
fn stim_injector() -> redline_rules::cards::CardDef {
    let dose = ActionDef {
        effects: Vec::new(),
        ..card_action(
            "adrenal_dose",
            None,
            vec![Keyword::Free, Keyword::Refresh(1), Keyword::Exhaust],
        )
    };
    card_with(
        "Stim Injector",
        redline_rules::cards::CardKind::Gear,
        vec![dose],
    )
}

/// The Riot Shield's Brace (starter Gear): Free, Difficult, Defense (Reflexes 1).
fn riot_shield() -> redline_rules::cards::CardDef {
    let brace = ActionDef {
        effects: Vec::new(),
        ..card_action(
            "brace",
            None,
            vec![
                Keyword::Defense(Skill::Reflexes, 1),
                Keyword::Free,
                Keyword::Difficult,
            ],
        )
    };
    card_with(
        "Riot Shield",
        redline_rules::cards::CardKind::Gear,
        vec![brace],
    )
}

/// Model 0 (seat 0) carries `cards`, is active and has spent all three tokens on short
/// moves; model 1 is a rival far away.
fn all_tokens_spent(cards: Vec<redline_rules::cards::CardDef>) -> redline_rules::Game {
    let mut g = start(no_luck_with(vec![
        model(carrying("Carrier", cards), 0, [8.0, 0.0, 4.0]),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]));
    ok(&mut g, Command::Activate { model: m(0) });
    for t in 0..3u8 {
        let to = [8.0, 0.0, 5.0 + f32::from(t)];
        ok(&mut g, move_to(m(0), t, to));
    }
    assert!(g.tokens(m(0)).iter().all(|t| !t.ready));
    g
}

#[test]
fn tok_10_ctrl_5_a_free_refresh_keeps_the_activation_open_after_the_last_ready_token() {
    use redline_rules::cards::CardId;
    let mut g = all_tokens_spent(vec![stim_injector()]);
    let dose = g.card_action(CardId(0), 0);
    // CTRL-5: the model can still take the Free dose (TOK-10), so Control stays.
    assert_eq!(g.control(), P0);
    assert_eq!(g.active_model(), Some(m(0)));
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
    let legal = g.legal_commands();
    assert!(
        legal.contains(&act(m(0), dose, Some(0), Target::None)),
        "{legal:?}"
    );
    assert!(legal.contains(&Command::EndActivation));
    // The dose takes a Used token's colour and flips one Used token back (KW-23).
    ok(&mut g, act(m(0), dose, Some(2), Target::None));
    ok(&mut g, Command::RefreshToken { token: 0 });
    assert!(g.tokens(m(0))[0].ready);
    // One more action with the refreshed token; the card is exhausted now (TOK-5), so
    // nothing more can be taken and Control passes at once (CTRL-5).
    let ev = ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 9.0]));
    assert!(
        ev.contains(&Event::ActivationEnded { model: m(0) }),
        "{ev:?}"
    );
    assert_eq!(g.control(), P1);
}

#[test]
fn tok_10_ctrl_5_a_free_brace_keeps_the_activation_open_until_it_is_used() {
    use redline_rules::cards::CardId;
    let mut g = all_tokens_spent(vec![riot_shield()]);
    let brace = g.card_action(CardId(0), 0);
    assert_eq!(
        g.active_model(),
        Some(m(0)),
        "the Free Brace can still be taken"
    );
    let ev = ok(&mut g, act(m(0), brace, Some(1), Target::None));
    // Difficult (TOK-7): used once, so nothing is left to take and Control passes (CTRL-5).
    assert!(
        ev.contains(&Event::ActivationEnded { model: m(0) }),
        "{ev:?}"
    );
    assert_eq!(g.control(), P1);
}

#[test]
fn ctrl_5_control_passes_at_once_when_no_free_action_can_be_taken() {
    use redline_rules::cards::{CardId, CardStatus};
    // The dose is spent before the last token: after that token nothing is possible.
    let mut g = start(no_luck_with(vec![
        model(
            carrying("Carrier", vec![stim_injector()]),
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Rival"), 1, [8.0, 0.0, 20.0]),
    ]));
    let dose = g.card_action(CardId(0), 0);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [8.0, 0.0, 5.0]));
    ok(&mut g, act(m(0), dose, Some(0), Target::None));
    assert_eq!(g.card(CardId(0)).status, CardStatus::Exhausted);
    for t in 0..2u8 {
        ok(&mut g, move_to(m(0), t, [8.0, 0.0, 6.0 + f32::from(t)]));
    }
    let ev = ok(&mut g, move_to(m(0), 2, [8.0, 0.0, 8.0]));
    assert!(
        ev.contains(&Event::ActivationEnded { model: m(0) }),
        "{ev:?}"
    );
    assert_eq!(g.control(), P1);
}
