//! KW: action keywords in play — Accurate, Blast, Torrent, Push, Rapid with walking fire,
//! Stun, Refresh, Defense, Crit effects, Unwieldy — with loaded dice.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{ActionDef, Colour, Keyword, ModelProfile, RangeSpec, Skill, TargetKind};
use redline_rules::{Command, DecisionKind, Event, Game, Setup, Target, basic};

const CARD: u16 = basic::COUNT;

/// A card attack with the given keywords.
fn attack(skill: Skill, range: RangeSpec, keywords: Vec<Keyword>) -> ActionDef {
    ActionDef {
        keywords,
        ..attack_action("Special", skill, range)
    }
}

fn armed(action: ActionDef) -> ModelProfile {
    ModelProfile {
        actions: vec![action],
        ..character("Shooter")
    }
}

fn kinds(ev: &[Event], keep: impl Fn(&Event) -> bool) -> usize {
    ev.iter().filter(|e| keep(e)).count()
}

#[test]
fn kw_3_luck_3_accurate_gives_the_actor_one_free_reroll_even_without_luck() {
    let shooter = armed(attack(
        Skill::Ranged,
        RangeSpec::YELLOW_GREEN,
        vec![Keyword::Accurate],
    ));
    let setup = no_luck_with(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[3, 9, 12]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(0)));
    // 3 + 2 loses to 9 + 1: the actor's player is offered its free re-roll.
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P0);
    assert!(matches!(
        d.kind,
        DecisionKind::OfferLuck {
            accurate: true,
            luck: 0,
            ..
        }
    ));
    let ev = ok(&mut g, Command::Reroll);
    assert!(ev.contains(&Event::AccurateReroll { model: m(0) }));
    assert_eq!(kinds(&ev, |e| matches!(e, Event::LuckSpent { .. })), 0);
    // LUCK-5 is for Luck tokens only: a Crit on the Accurate re-roll returns nothing.
    assert_eq!(kinds(&ev, |e| matches!(e, Event::LuckReturned { .. })), 0);
    assert_eq!(g.luck(P0), 0);
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 0,
        by: Some(m(0))
    }));
}

#[test]
fn kw_3_the_accurate_die_is_never_offered_twice() {
    let shooter = armed(attack(
        Skill::Ranged,
        RangeSpec::YELLOW_GREEN,
        vec![Keyword::Accurate],
    ));
    let setup = with_models(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[3, 9, 4]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(0)));
    ok(&mut g, Command::Reroll);
    // Next offer is the defender's (LUCK-4 step 2), never the actor's die again (LUCK-3).
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    ok(&mut g, Command::KeepRoll);
    assert!(!matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferLuck { model: Some(x), .. } if x == m(0)
    ));
}

/// Shooter (0) and three rivals in a line 2.5" apart, 10" away.
fn rapid_range(keywords: Vec<Keyword>) -> Setup {
    no_luck_with(vec![
        model(
            armed(attack(Skill::Ranged, RangeSpec::YELLOW_GREEN, keywords)),
            0,
            [8.5, 0.0, 4.0],
        ),
        model(character("One"), 1, [6.0, 0.0, 14.0]),
        model(character("Two"), 1, [8.5, 0.0, 14.0]),
        model(character("Three"), 1, [11.0, 0.0, 14.0]),
        model(character("Far"), 1, [16.0, 0.0, 14.0]),
    ])
}

fn actor_modifier(ev: &[Event]) -> i16 {
    ev.iter()
        .find_map(|e| match e {
            Event::Rolled { dice } => Some(dice[0].modifier),
            _ => None,
        })
        .expect("a roll")
}

#[test]
fn kw_24_kw_25_kw_26_kw_27_ex_24_rapid_3_walking_fire_then_reactions_in_wound_order() {
    let mut g = start_loaded(rapid_range(vec![Keyword::Rapid(3)]), &[10, 2, 10, 2, 10, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    assert!(ev.contains(&Event::Repetition {
        model: m(0),
        number: 1,
        of: 3,
        target: m(1),
        penalty: 0
    }));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(actor_modifier(&ev), 2); // target 1 at ±0
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::NextRepetition { number: 2, of: 3, last_target, .. } if last_target == m(1)
    ));
    // KW-26: the far model is not within RED of the one shot just before.
    let err = g.apply(Command::Repeat { target: m(4) }).unwrap_err();
    assert_eq!(err.rule, Rule::Kw26);
    ok(&mut g, Command::Repeat { target: m(2) });
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(actor_modifier(&ev), 1); // target 2 at −1
    ok(&mut g, Command::Repeat { target: m(3) });
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(actor_modifier(&ev), 0); // target 3 at −2
    // REACT-13: every repetition first, then the [RE]actions in the order wounds were dealt.
    for t in [1, 2, 3] {
        assert_eq!(
            g.decision().unwrap().kind,
            DecisionKind::OfferReaction {
                model: m(t),
                wounded_by: m(0)
            }
        );
        ok(&mut g, Command::DeclineReaction);
    }
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
    // KW-24: one token paid for all three attacks.
    assert_eq!(g.tokens(m(0)).iter().filter(|t| !t.ready).count(), 1);
}

#[test]
fn open_28_react_3_shooting_a_target_again_keeps_its_index_and_gives_one_reaction() {
    let mut g = start_loaded(rapid_range(vec![Keyword::Rapid(3)]), &[10, 2, 10, 2, 10, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(1)));
    ok(&mut g, Command::Repeat { target: m(2) });
    ok(&mut g, defend(Some(0)));
    // Back to target 1: it keeps index 1, so ±0 (OPEN-28).
    ok(&mut g, Command::Repeat { target: m(1) });
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(actor_modifier(&ev), 2);
    // REACT-3: target 1 was wounded twice but [RE]acts once.
    let mut offered = Vec::new();
    while let DecisionKind::OfferReaction { model, .. } = g.decision().unwrap().kind {
        offered.push(model);
        ok(&mut g, Command::DeclineReaction);
    }
    assert_eq!(offered, vec![m(1), m(2)]);
}

#[test]
fn kw_24_the_actor_may_stop_repeating() {
    let mut g = start_loaded(rapid_range(vec![Keyword::Rapid(2)]), &[2, 9]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(0)));
    assert!(g.legal_commands().contains(&Command::EndRepetitions));
    ok(&mut g, Command::EndRepetitions);
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

/// Thrower (0) 6" from the target (1); another rival (2) beside the target; a bystander far.
fn blast_setup(keywords: Vec<Keyword>) -> Setup {
    let mut kw = vec![Keyword::Blast];
    kw.extend(keywords);
    no_luck_with(vec![
        model(
            armed(attack(Skill::Reflexes, RED_YELLOW, kw)),
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Target"), 1, [8.0, 0.0, 11.0]),
        model(character("Beside"), 1, [10.0, 0.0, 11.0]),
        model(character("Far"), 1, [20.0, 0.0, 20.0]),
    ])
}

#[test]
fn kw_4_kw_5_kw_6_kw_7_kw_8_ex_23_open_26_a_blast_hit_then_its_area() {
    let mut g = start_loaded(blast_setup(Vec::new()), &[11, 2, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    // KW-4: the Impact token touches the target, on the thrower's side.
    let at = ev
        .iter()
        .find_map(|e| match e {
            Event::ImpactPlaced { at, touching } if *touching == m(1) => Some(*at),
            _ => None,
        })
        .expect("impact placed");
    assert!(at[2] < 11.0);
    let ev = ok(&mut g, defend(Some(1)));
    // KW-5: the target is hit on its defending token.
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 1,
        by: Some(m(0))
    }));
    // KW-6: the target and the model beside it are caught; the far one is not.
    assert!(ev.contains(&Event::BlastArea {
        at,
        caught: vec![m(1), m(2)],
        sheltered: vec![]
    }));
    assert_eq!(g.decision().unwrap().seat, P1);
    let DecisionKind::BlastEscape { models, .. } = g.decision().unwrap().kind.clone() else {
        panic!("{:?}", g.decision());
    };
    assert_eq!(models, vec![m(1), m(2)]);
    // KW-8: the target stays and rolls Reflexes against 11 + 1: it is affected again.
    ok(&mut g, Command::FaceBlast { model: m(1) });
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 0,
        by: Some(m(0))
    }));
    // KW-7: an escape must end more than RED from the token.
    let short = Command::EscapeBlast {
        model: m(2),
        token: 2,
        route: vec![[11.5, 0.0, 11.0]],
    };
    assert_eq!(g.check(&short).unwrap_err().rule, Rule::Kw7);
    let ev = ok(
        &mut g,
        Command::EscapeBlast {
            model: m(2),
            token: 0,
            route: vec![[20.0, 0.0, 11.0]],
        },
    );
    assert!(ev.contains(&Event::BlastEscaped {
        model: m(2),
        clear: true
    }));
    assert!(ev.contains(&Event::ImpactRemoved { at }));
    assert!(!g.tokens(m(2))[0].ready);
    // REACT-2: the twice-wounded target may [RE]act once the Blast is over.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction { model, .. } if model == m(1)
    ));
}

#[test]
fn kw_9_a_missed_blast_is_shifted_up_to_red_by_the_targeted_player() {
    let mut g = start_loaded(blast_setup(Vec::new()), &[2, 9]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let at = ev
        .iter()
        .find_map(|e| match e {
            Event::ImpactPlaced { at, .. } => Some(*at),
            _ => None,
        })
        .unwrap();
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(
        kinds(&ev, |e| matches!(e, Event::Wounded { .. })),
        0,
        "KW-9: the target is not affected by the miss"
    );
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert!(matches!(
        d.kind,
        DecisionKind::PlaceImpact { fumble: false, .. }
    ));
    let far = Command::PlaceImpact {
        at: [at[0], 0.0, at[2] - 4.0],
    };
    assert_eq!(g.check(&far).unwrap_err().rule, Rule::Kw9);
    // Shifted RED toward the thrower: now the thrower is caught, and the Control player
    // resolves its models first (OPEN-26).
    let to = [at[0], 0.0, at[2] - 3.0];
    let ev = ok(&mut g, Command::PlaceImpact { at: to });
    assert!(ev.contains(&Event::ImpactMoved { from: at, to }));
    assert!(ev.iter().any(
        |e| matches!(e, Event::BlastArea { caught, .. } if caught[0] == m(0) && !caught.contains(&m(2)))
    ));
    assert_eq!(g.decision().unwrap().seat, P0);
}

#[test]
fn kw_10_kw_15_open_27_a_fumbled_dangerous_blast_lands_on_the_attacker() {
    let mut g = start_loaded(blast_setup(vec![Keyword::Dangerous]), &[1, 5, 7]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    // KW-15: the Fumble wounds the token spent.
    assert!(ev.contains(&Event::Wounded {
        model: m(0),
        token: 0,
        by: None
    }));
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert!(matches!(
        d.kind,
        DecisionKind::PlaceImpact { fumble: true, .. }
    ));
    let err = g
        .check(&Command::PlaceImpact {
            at: [8.0, 0.0, 8.0],
        })
        .unwrap_err();
    assert_eq!(err.rule, Rule::Kw10);
    let place = g.legal_commands()[0].clone();
    let ev = ok(&mut g, place);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ImpactPlaced { touching, .. } if *touching == m(0)))
    );
    // OPEN-27: a fresh Obstacle die replaces the attack roll.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Rolled { dice } if dice.len() == 1 && dice[0].face == 7
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BlastArea { caught, .. } if caught.contains(&m(0))))
    );
}

#[test]
fn kw_32_poa_12_poa_13_ex_22_open_22_open_30_a_torrent_hits_friend_and_rival_alike() {
    let torch = armed(attack(Skill::Ranged, RED_YELLOW, vec![Keyword::Torrent]));
    let setup = no_luck_with(vec![
        model(torch, 0, [8.0, 0.0, 4.0]),
        model(character("Near"), 1, [8.0, 0.0, 7.0]),
        model(character("Friend"), 0, [8.0, 0.0, 9.5]),
        model(character("Aim"), 1, [8.0, 0.0, 12.0]),
        model(character("Beyond"), 1, [8.0, 0.0, 16.0]),
    ]);
    let mut g = start_loaded(setup, &[10, 2, 2, 11]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(3))));
    // Each target in the corridor within YELLOW chooses its own defence (POA-12).
    let mut seats = Vec::new();
    while let DecisionKind::ChooseDefence { defender, .. } = g.decision().unwrap().kind {
        seats.push(defender);
        ok(&mut g, defend(Some(0)));
    }
    assert_eq!(seats, vec![m(1), m(2), m(3)]);
    // 10 + 2 beats Near (2 + 1) and Friend (2 + 1 + 1 cover), not Aim (11 + 1 + 2).
    assert_eq!(g.tokens(m(3))[0].colour, Colour::Green);
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Red);
    assert_eq!(g.tokens(m(2))[0].colour, Colour::Red);
    assert_eq!(g.tokens(m(4))[0].colour, Colour::Green);
    // OPEN-22: the wounded friend gets no [RE]action against its own side.
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::OfferReaction {
            model: m(1),
            wounded_by: m(0)
        }
    );
    ok(&mut g, Command::DeclineReaction);
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn open_30_torrent_cover_is_counted_per_target() {
    let torch = armed(attack(Skill::Ranged, RED_YELLOW, vec![Keyword::Torrent]));
    let setup = no_luck_with(vec![
        model(torch, 0, [8.0, 0.0, 4.0]),
        model(character("Near"), 1, [8.0, 0.0, 7.0]),
        model(character("Aim"), 1, [8.0, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[5, 3, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(2))));
    ok(&mut g, defend(Some(0)));
    let ev = ok(&mut g, defend(Some(0)));
    let Some(Event::Rolled { dice }) = ev.iter().find(|e| matches!(e, Event::Rolled { .. })) else {
        panic!("no roll");
    };
    assert_eq!(dice[1].modifier, 1); // Reflexes only
    assert_eq!(dice[2].modifier, 2); // Reflexes + the model in front (POA-6)
    // 5 + 2 = 7 beats 3 + 1 = 4 and 3 + 2 = 5: both wounded.
    assert_eq!(g.tokens(m(1))[0].colour, Colour::Red);
    assert_eq!(g.tokens(m(2))[0].colour, Colour::Red);
}

#[test]
fn brawl_10_a_blast_into_a_brawl_is_opposed_by_its_target_alone() {
    let setup = no_luck_with(vec![
        model(
            armed(attack(Skill::Reflexes, RED_YELLOW, vec![Keyword::Blast])),
            0,
            [8.0, 0.0, 4.0],
        ),
        model(character("Target"), 1, [8.0, 0.0, 11.0]),
        model(character("Ally"), 0, [8.0, 0.0, 12.5]),
    ]);
    let mut g = start_loaded(setup, &[11, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    let Some(Event::Rolled { dice }) = ev.iter().find(|e| matches!(e, Event::Rolled { .. })) else {
        panic!("no roll");
    };
    // Not BRAWL-7..9: only the target rolls; the Brawling ally is caught by the area.
    assert_eq!(dice.len(), 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BlastArea { caught, .. } if caught.contains(&m(2))))
    );
}

#[test]
fn kw_22_open_29_a_successful_push_moves_the_target_red_straight_away() {
    let ram = armed(attack(Skill::Melee, RangeSpec::RED, vec![Keyword::Push]));
    let setup = no_luck_with(vec![
        model(ram, 0, [8.0, 0.0, 8.0]),
        model(character("Target"), 1, [8.0, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[7, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert!(ev.contains(&Event::Pushed {
        model: m(1),
        from: [8.0, 0.0, 10.0],
        to: [8.0, 0.0, 13.0],
        stopped: false
    }));
    assert_eq!(g.position(m(1)), [8.0, 0.0, 13.0]);
}

#[test]
fn kw_1_a_failed_push_moves_nobody() {
    let ram = armed(attack(Skill::Melee, RangeSpec::RED, vec![Keyword::Push]));
    let setup = no_luck_with(vec![
        model(ram, 0, [8.0, 0.0, 8.0]),
        model(character("Target"), 1, [8.0, 0.0, 10.0]),
    ]);
    let mut g = start_loaded(setup, &[2, 7]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(kinds(&ev, |e| matches!(e, Event::Pushed { .. })), 0);
}

fn stunner(x: u8) -> ActionDef {
    ActionDef {
        attack: false,
        effects: Vec::new(),
        ..attack(Skill::Influence, RED_YELLOW, vec![Keyword::Stun(x)])
    }
}

fn stun_setup(x: u8, target: ModelProfile) -> Setup {
    no_luck_with(vec![
        model(armed(stunner(x)), 0, [8.0, 0.0, 8.0]),
        model(target, 1, [8.0, 0.0, 13.0]),
        model(character("Boss"), 1, [20.0, 0.0, 20.0]),
    ])
}

#[test]
fn kw_29_kw_2_stun_2_flips_two_ready_tokens_the_target_player_chooses() {
    let mut g = start_loaded(stun_setup(2, character("Target")), &[7, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(0)));
    let d = g.decision().unwrap();
    assert_eq!(d.seat, P1);
    assert_eq!(
        d.kind,
        DecisionKind::ChooseStunnedToken {
            model: m(1),
            left: 2,
            options: vec![0, 1, 2]
        }
    );
    assert_eq!(
        g.check(&Command::StunToken { token: 7 }).unwrap_err().rule,
        Rule::Kw29
    );
    ok(&mut g, Command::StunToken { token: 2 });
    let ev = ok(&mut g, Command::StunToken { token: 1 });
    assert!(ev.contains(&Event::Stunned {
        model: m(1),
        token: Some(1)
    }));
    let ready: Vec<bool> = g.tokens(m(1)).iter().map(|t| t.ready).collect();
    assert_eq!(ready, vec![true, false, false]);
}

#[test]
fn kw_1_a_failed_stun_does_nothing() {
    let mut g = start_loaded(stun_setup(2, character("Target")), &[2, 7]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(kinds(&ev, |e| matches!(e, Event::Stunned { .. })), 0);
    assert!(g.tokens(m(1)).iter().all(|t| t.ready));
}

#[test]
fn kw_30_open_40_a_stunned_gonk_skips_its_owners_next_inspire() {
    let mut g = start_loaded(stun_setup(1, gonk("Goon")), &[7, 2]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    assert!(ev.contains(&Event::Stunned {
        model: m(1),
        token: None
    }));
    ok(&mut g, Command::EndActivation);
    // P1 has no tokens used: it must Activate its Boss first; then Inspire.
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, move_to(m(2), 0, [20.0, 0.0, 21.0]));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, Command::EndActivation);
    let ev = ok(&mut g, Command::Inspire { seat: P1 });
    // The stunned Gonk is not offered an action and its marker comes off at the end.
    assert!(ev.contains(&Event::StunCleared { model: m(1) }));
    assert_eq!(g.inspiring(), None);
}

#[test]
fn kw_17_defense_from_an_action_adds_to_the_skill_when_defending_until_inspire() {
    let brace = ActionDef {
        id: "brace".into(),
        name: "Brace".into(),
        skill: None,
        range: None,
        target: TargetKind::SelfOnly,
        attack: false,
        keywords: vec![
            Keyword::Defense(Skill::Reflexes, 1),
            Keyword::Free,
            Keyword::Difficult,
        ],
        effects: Vec::new(),
        command: false,
        characters_only: false,
        works_on_drones: false,
    };
    let setup = no_luck_with(vec![
        model(
            ModelProfile {
                actions: vec![brace],
                ..character("Shield")
            },
            0,
            [8.0, 0.0, 7.0],
        ),
        model(character("Shooter"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(&mut g, act(m(0), CARD, Some(0), Target::None));
    assert!(ev.contains(&Event::DefenseGained {
        model: m(0),
        skill: Skill::Reflexes,
        by: 1
    }));
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(1) });
    ok(&mut g, ranged_attack(m(1), 0, m(0)));
    let ev = ok(&mut g, defend(Some(0)));
    let Some(Event::Rolled { dice }) = ev.iter().find(|e| matches!(e, Event::Rolled { .. })) else {
        panic!("no roll");
    };
    assert_eq!(dice[1].modifier, 2); // Reflexes 1 + Defense 1
}

#[test]
fn kw_17_passive_defense_works_only_when_opposing_with_that_skill() {
    let setup = no_luck_with(vec![
        model(character("Shooter"), 0, [8.0, 0.0, 7.0]),
        model(
            ModelProfile {
                defenses: vec![(Skill::Melee, 2)],
                ..character("Brawler")
            },
            1,
            [8.0, 0.0, 17.0],
        ),
    ]);
    let mut g = start_loaded(setup, &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, ranged_attack(m(0), 0, m(1)));
    let ev = ok(&mut g, defend(Some(0)));
    let Some(Event::Rolled { dice }) = ev.iter().find(|e| matches!(e, Event::Rolled { .. })) else {
        panic!("no roll");
    };
    assert_eq!(dice[1].modifier, 1); // Reflexes only: Defense Melee doesn't apply
}

#[test]
fn kw_14_kw_16_deadly_crits_add_a_wound_only_on_a_crit() {
    let gun = armed(attack(
        Skill::Ranged,
        RangeSpec::YELLOW_GREEN,
        vec![Keyword::DeadlyCrits],
    ));
    let setup = |gun: ModelProfile| {
        no_luck_with(vec![
            model(gun, 0, [8.0, 0.0, 7.0]),
            model(character("Target"), 1, [8.0, 0.0, 17.0]),
        ])
    };
    let wounds = |faces: &[u8]| {
        let mut g = start_loaded(setup(gun.clone()), faces);
        ok(&mut g, Command::Activate { model: m(0) });
        ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
        ok(&mut g, defend(Some(0)));
        if let DecisionKind::AllocateWound { options, .. } = &g.decision().unwrap().kind {
            let t = options[0];
            ok(&mut g, Command::AllocateWound { token: t });
        }
        g.tokens(m(1))
            .iter()
            .filter(|t| t.colour == Colour::Red && t.original != Colour::Red)
            .count()
    };
    assert_eq!(wounds(&[12, 2]), 2); // Crit: Deadly
    assert_eq!(wounds(&[11, 2]), 1); // a plain hit
}

#[test]
fn kw_33_unwieldy_adds_no_skill() {
    let gun = armed(attack(
        Skill::Ranged,
        RangeSpec::YELLOW_GREEN,
        vec![Keyword::Unwieldy],
    ));
    let setup = no_luck_with(vec![
        model(gun, 0, [8.0, 0.0, 7.0]),
        model(character("Target"), 1, [8.0, 0.0, 17.0]),
    ]);
    let mut g = start_loaded(setup, &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    let ev = ok(&mut g, defend(Some(0)));
    assert_eq!(actor_modifier(&ev), 0);
}

#[test]
fn every_keyword_decision_is_answered_by_legal_commands() {
    // Blast area and Rapid repetitions: the legal answers are all accepted.
    let mut g: Game = start_loaded(blast_setup(Vec::new()), &[11, 2, 3, 3, 3, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
    ok(&mut g, defend(Some(1)));
    let legal = g.legal_commands();
    assert!(legal.contains(&Command::FaceBlast { model: m(1) }));
    assert!(
        legal
            .iter()
            .any(|c| matches!(c, Command::EscapeBlast { model, .. } if *model == m(2)))
    );
    for c in legal {
        assert!(g.check(&c).is_ok());
    }
}

#[test]
fn kw_21_arm_8_pierce_lowers_armor_and_at_zero_it_cant_be_used() {
    use redline_rules::DefenceBonus;
    let armour_options = |pierce: u8| {
        let gun = armed(attack(
            Skill::Ranged,
            RangeSpec::YELLOW_GREEN,
            vec![Keyword::Pierce(pierce)],
        ));
        let setup = no_luck_with(vec![
            model(gun, 0, [8.0, 0.0, 7.0]),
            model(
                ModelProfile {
                    card_armor: 2,
                    ..character("Plated")
                },
                1,
                [8.0, 0.0, 17.0],
            ),
        ]);
        let mut g = start(setup);
        ok(&mut g, Command::Activate { model: m(0) });
        ok(&mut g, act(m(0), CARD, Some(0), Target::Model(m(1))));
        match &g.decision().unwrap().kind {
            DecisionKind::ChooseDefence { options, .. } => options
                .iter()
                .filter(|d| d.bonus == DefenceBonus::CardArmor)
                .count(),
            d => panic!("{d:?}"),
        }
    };
    assert!(armour_options(1) > 0); // Armor 2 − Pierce 1 = 1: still usable
    assert_eq!(armour_options(2), 0); // 0: can't be used
}

#[test]
fn kw_4_a_blast_is_aimed_at_a_model_not_at_a_spot() {
    // A pack action that tries to aim a Blast at a spot is refused, naming KW-4.
    let mut at_spot = attack(Skill::Reflexes, RED_YELLOW, vec![Keyword::Blast]);
    at_spot.target = TargetKind::Point;
    let setup = no_luck_with(vec![
        model(armed(at_spot), 0, [8.0, 0.0, 4.0]),
        model(character("Target"), 1, [8.0, 0.0, 11.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    let before = g.state_hash();
    let err = g
        .check(&act(m(0), CARD, Some(0), Target::Point([8.0, 0.0, 9.0])))
        .unwrap_err();
    assert_eq!(err.rule, Rule::Kw4);
    assert!(err.message.contains("aimed at a model"), "{err}");
    assert_eq!(
        refusal(g.apply(act(m(0), CARD, Some(0), Target::Point([8.0, 0.0, 9.0])))),
        Rule::Kw4
    );
    assert_eq!(g.state_hash(), before);
    assert!(
        !g.legal_commands()
            .iter()
            .any(|c| matches!(c, Command::Act(a) if a.action == CARD))
    );
}
