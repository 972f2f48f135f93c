//! BASIC-13..BASIC-16 with the card layer: looted Gear moves to the looter and works for
//! it, GEN-13 on looting, Loot Goods draws a random card with the seeded dice, one-shot
//! Loot is discarded on use and ongoing Loot keeps working.

mod common;

use common::*;
use redline_rules::Rule;
use redline_rules::card::{ActionDef, Effect, Keyword, ModelProfile, Skill, TargetKind};
use redline_rules::cards::{Ability, CardDef, CardId, CardKind, CardStatus};
use redline_rules::{Command, DecisionKind, DefenceBonus, Event, Game, Setup, Target, basic};

fn lucky(id: &str) -> ActionDef {
    ActionDef {
        id: id.into(),
        name: id.into(),
        skill: None,
        range: None,
        target: TargetKind::SelfOnly,
        attack: false,
        keywords: vec![Keyword::Easy, Keyword::Discard],
        effects: vec![Effect::GainLuck(1)],
        command: false,
        characters_only: false,
        works_on_drones: false,
    }
}

/// Looter (0) with `own` cards beside the victim (1, carrying `victim` cards), taken out by
/// a melee hit; a far rival boss (2). The victim's cards come after the looter's.
fn looted(own: Vec<CardDef>, victim: Vec<CardDef>, deck: Vec<CardDef>, seed: u64) -> Game {
    let mut g = Game::new(looted_setup(own, victim, deck), seed).expect("setup");
    take_out_victim(&mut g);
    g
}

/// The setup of [`looted`], before the hit.
fn looted_setup(own: Vec<CardDef>, victim: Vec<CardDef>, deck: Vec<CardDef>) -> Setup {
    Setup {
        models: vec![
            model(
                ModelProfile {
                    cards: own,
                    ..character("Looter")
                },
                0,
                [8.0, 0.0, 7.0],
            ),
            model(
                ModelProfile {
                    cards: victim,
                    tokens: vec![redline_rules::card::Colour::Red],
                    ..character("Victim")
                },
                1,
                [8.0, 0.0, 8.3],
            ),
            model(character("Boss"), 1, [20.0, 0.0, 20.0]),
        ],
        loot_deck: deck,
        loaded_dice: vec![9, 1],
        ..no_luck()
    }
}

/// The looter activates and takes the victim out with a melee hit (loaded 9 against 1).
fn take_out_victim(g: &mut Game) {
    ok(g, Command::Activate { model: m(0) });
    ok(g, melee_attack(m(0), 1, m(1)));
    if matches!(
        g.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        ok(g, defend(Some(0)));
    }
    assert!(!g.in_play(m(1)));
}

#[test]
fn basic_13_looted_gear_moves_to_the_looter_and_its_armor_and_actions_work_for_it() {
    let vest = CardDef {
        actions: vec![lucky("flare")],
        ..armor_card("Vest", 2)
    };
    let mut g = looted(Vec::new(), vec![vest], Vec::new(), 1);
    let body = g.bodies()[0].0;
    g.load_dice(&[9, 1]);
    let ev = ok(
        &mut g,
        act(m(0), basic::LOOT_GEAR, Some(0), Target::Body(body)),
    );
    assert!(ev.contains(&Event::CardTaken {
        by: m(0),
        from: m(1),
        card: CardId(0)
    }));
    assert_eq!(g.card(CardId(0)).holder, Some(m(0)));
    // The looter now uses the card's action (TOK-12) ...
    let flare = g.card_action(CardId(0), 0);
    assert!(g.actions_of(m(0)).contains(&flare));
    // ... and its Armor when attacked (ARM-2, ARM-4).
    ok(&mut g, Command::EndActivation);
    ok(&mut g, Command::Activate { model: m(2) });
    ok(&mut g, move_to(m(2), 0, [10.0, 0.0, 15.0]));
    g.load_dice(&[9, 2]);
    ok(&mut g, ranged_attack(m(2), 1, m(0)));
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { options, .. } => assert!(
            options
                .iter()
                .any(|d| d.bonus == DefenceBonus::GearArmor(CardId(0)))
        ),
        d => panic!("{d:?}"),
    }
    let ev = ok(
        &mut g,
        Command::Defend(redline_rules::Defence {
            token: Some(0),
            bonus: DefenceBonus::GearArmor(CardId(0)),
        }),
    );
    assert!(ev.contains(&Event::ArmorDiscarded {
        model: m(0),
        card: CardId(0)
    }));
}

#[test]
fn basic_13_gen_13_the_looter_picks_a_card_but_never_a_second_gear_of_the_same_name() {
    let knife = || card_with("Knife", CardKind::Gear, vec![lucky("k")]);
    let pistol = card_with("Pistol", CardKind::Gear, vec![lucky("p")]);
    let chip = card_with("Chip", CardKind::Loot, vec![lucky("c")]);
    // The looter carries a Knife (card 0); the body has a Knife, a Pistol and a Chip.
    let mut g = looted(vec![knife()], vec![knife(), pistol, chip], Vec::new(), 1);
    let body = g.bodies()[0].0;
    g.load_dice(&[9, 1]);
    ok(
        &mut g,
        act(m(0), basic::LOOT_GEAR, Some(0), Target::Body(body)),
    );
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseLootedCard { options, .. } => {
            assert_eq!(options, &vec![CardId(2), CardId(3)])
        }
        d => panic!("{d:?}"),
    }
    assert_eq!(
        g.legal_commands(),
        vec![
            Command::TakeCard { card: CardId(2) },
            Command::TakeCard { card: CardId(3) }
        ]
    );
    let err = g.check(&Command::TakeCard { card: CardId(1) }).unwrap_err();
    assert_eq!(err.rule, Rule::Basic13);
    ok(&mut g, Command::TakeCard { card: CardId(3) });
    assert_eq!(g.card(CardId(3)).holder, Some(m(0)));
    assert_eq!(g.card(CardId(2)).holder, Some(m(1)));
}

#[test]
fn basic_14_loot_goods_draws_a_random_card_from_the_deck_with_the_seeded_dice() {
    let deck: Vec<CardDef> = (0..6)
        .map(|i| card_with(&format!("Loot{i}"), CardKind::Loot, vec![lucky("x")]))
        .collect();
    let draw = |seed| {
        let mut g = looted(Vec::new(), Vec::new(), deck.clone(), seed);
        let body = g.bodies()[0].0;
        let ev = ok(
            &mut g,
            act(m(0), basic::LOOT_GOODS, Some(0), Target::Body(body)),
        );
        ev.iter()
            .find_map(|e| match e {
                Event::LootDrawn { card, .. } => *card,
                _ => None,
            })
            .expect("a card")
    };
    // Deterministic for a seed, and the draw is not simply the top card.
    assert_eq!(draw(3), draw(3));
    let drawn: std::collections::BTreeSet<CardId> = (0..12).map(draw).collect();
    assert!(drawn.len() > 1, "{drawn:?}");
}

#[test]
fn basic_14_a_replica_draws_the_loot_card_the_host_revealed() {
    let deck: Vec<CardDef> = (0..6)
        .map(|i| card_with(&format!("Loot{i}"), CardKind::Loot, vec![lucky("x")]))
        .collect();
    let setup = looted_setup(Vec::new(), Vec::new(), deck);
    let mut host = Game::new(setup.clone(), 11).expect("setup");
    let mut replica = Game::replica(setup, host.last_draws()).expect("setup");
    // Each command on the host, then on the replica with the draws the host revealed.
    fn both(host: &mut Game, replica: &mut Game, cmd: Command) -> usize {
        let host_events = ok(host, cmd.clone());
        replica.reveal_draws(host.last_draws());
        assert_eq!(ok(replica, cmd), host_events);
        assert_eq!(replica.public_hash(), host.public_hash());
        host.last_draws().len()
    }
    both(&mut host, &mut replica, Command::Activate { model: m(0) });
    both(&mut host, &mut replica, melee_attack(m(0), 1, m(1)));
    if matches!(
        host.decision().unwrap().kind,
        DecisionKind::ChooseDefence { .. }
    ) {
        both(&mut host, &mut replica, defend(Some(0)));
    }
    let body = Target::Body(host.bodies()[0].0);
    let loot = act(m(0), basic::LOOT_GOODS, Some(0), body);
    let draws = both(&mut host, &mut replica, loot);
    // The pick among the deck (BASIC-14) is a draw the host revealed.
    assert_eq!(draws, 1);
    assert_eq!(replica.seed(), 0);
}

#[test]
fn basic_16_one_shot_loot_is_discarded_on_use_and_ongoing_loot_keeps_working() {
    let chip = card_with("Chip", CardKind::Loot, vec![lucky("flip")]);
    let plating = CardDef {
        abilities: vec![Ability::Defense(Skill::Melee, 1)],
        ..CardDef::new("plating", "Plating", CardKind::Loot)
    };
    let mut g = looted(Vec::new(), Vec::new(), vec![chip, plating], 5);
    let body = g.bodies()[0].0;
    ok(
        &mut g,
        act(m(0), basic::LOOT_GOODS, Some(0), Target::Body(body)),
    );
    // Hand the other card over too, as a second draw would.
    let held: Vec<CardId> = g.cards_of(m(0)).iter().map(|c| c.id).collect();
    assert_eq!(held.len(), 1);
    let chip_id = CardId(0);
    let plating_id = CardId(1);
    if held[0] == chip_id {
        let flip = g.card_action(chip_id, 0);
        let ev = ok(&mut g, act(m(0), flip, Some(2), Target::None));
        assert!(ev.contains(&Event::LuckReturned { seat: P0, left: 1 }));
        assert!(ev.contains(&Event::CardDiscarded {
            model: m(0),
            card: chip_id
        }));
        assert_eq!(g.card(chip_id).status, CardStatus::Discarded);
    } else {
        assert_eq!(held[0], plating_id);
        assert_eq!(g.defense_bonus(m(0), Skill::Melee), 1);
    }
}
