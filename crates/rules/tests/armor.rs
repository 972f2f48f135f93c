//! ARM: Gear Armor, card Armor and Pierce against the defender's Opposed Roll.

mod common;

use common::*;
use redline_rules::card::{ActionDef, Keyword, ModelProfile, RangeSpec, Skill};
use redline_rules::cards::{CardId, CardStatus};
use redline_rules::{Command, DecisionKind, Defence, DefenceBonus, Event, Game, Target, basic};

fn armored(card_armor: u8, gear: &[u8]) -> ModelProfile {
    ModelProfile {
        card_armor,
        cards: gear
            .iter()
            .map(|&a| armor_card(&format!("Vest{a}"), a))
            .collect(),
        ..character("Target")
    }
}

/// The target's Armor cards come after the shooter's (none): card numbers 0, 1, ...
const VEST: CardId = CardId(0);

fn duel_with(target: ModelProfile, shooter: ModelProfile, faces: &[u8]) -> Game {
    let setup = no_luck_with(vec![
        model(shooter, 0, [8.0, 0.0, 7.0]),
        model(target, 1, [8.0, 0.0, 17.0]),
    ]);
    start_loaded(setup, faces)
}

fn shoot(g: &mut Game, action: u16) {
    ok(g, Command::Activate { model: m(0) });
    ok(g, act(m(0), action, Some(0), Target::Model(m(1))));
}

fn defence_options(g: &Game) -> Vec<Defence> {
    match &g.decision().unwrap().kind {
        DecisionKind::ChooseDefence { options, .. } => options.clone(),
        d => panic!("{d:?}"),
    }
}

/// The bonuses offered with the defending token `token`.
fn bonuses_with_token(g: &Game, token: u8) -> Vec<DefenceBonus> {
    defence_options(g)
        .into_iter()
        .filter(|d| d.token == Some(token))
        .map(|d| d.bonus)
        .collect()
}

fn armor_defence(bonus: DefenceBonus) -> Command {
    Command::Defend(Defence {
        token: Some(1),
        bonus,
    })
}

fn rolled_modifiers(ev: &[Event]) -> Vec<i16> {
    ev.iter()
        .find_map(|e| match e {
            Event::Rolled { dice } => Some(dice.iter().map(|d| d.modifier).collect()),
            _ => None,
        })
        .unwrap()
}

#[test]
fn arm_2_gear_armor_replaces_the_skill_on_the_opposed_roll() {
    let mut g = duel_with(armored(0, &[3]), character("Shooter"), &[9, 3]);
    shoot(&mut g, basic::RANGED);
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    // Shooter Ranged 2; defender Armor 3 instead of Reflexes 1.
    assert_eq!(rolled_modifiers(&ev), vec![2, 3]);
}

#[test]
fn arm_3_arm_7_only_one_armor_source_is_offered_per_defence() {
    let mut g = duel_with(armored(2, &[3, 4]), character("Shooter"), &[9, 3]);
    shoot(&mut g, basic::RANGED);
    let bonuses = bonuses_with_token(&g, 1);
    assert_eq!(
        bonuses,
        vec![
            DefenceBonus::Skill,
            DefenceBonus::CardArmor,
            DefenceBonus::GearArmor(VEST),
            DefenceBonus::GearArmor(CardId(1))
        ]
    );
    // ARM-3: the best single piece counts alone (4, not 3 + 4).
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(CardId(1))));
    assert_eq!(rolled_modifiers(&ev), vec![2, 4]);
}

#[test]
fn arm_4_a_successful_attack_discards_the_gear_instead_of_wounding() {
    let mut g = duel_with(armored(0, &[3]), character("Shooter"), &[9, 2]);
    shoot(&mut g, basic::RANGED);
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    assert!(ev.contains(&Event::ArmorDiscarded {
        model: m(1),
        card: VEST
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Wounded { .. })));
    assert_eq!(g.card(VEST).status, CardStatus::Discarded);
    assert!(g.tokens(m(1)).iter().all(|t| t.colour == t.original));
    // OPEN-18: the Armor took the whole attack, so no wound landed and no [RE]action is
    // offered: the shooter simply goes on with its activation.
    assert_eq!(
        g.decision().unwrap().kind,
        DecisionKind::NextAction { model: m(0) }
    );
}

#[test]
fn open_18_gear_armor_cancels_only_the_first_wound_of_a_deadly_hit() {
    let rifle = ActionDef {
        keywords: vec![Keyword::Deadly],
        ..attack_action("Heavy Rifle", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let shooter = ModelProfile {
        actions: vec![rifle],
        ..character("Shooter")
    };
    // 9 + 2 beats 2 + 3: a Deadly hit, two wounds.
    let mut g = duel_with(armored(0, &[3]), shooter, &[9, 2]);
    shoot(&mut g, basic::COUNT);
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    assert!(ev.contains(&Event::ArmorDiscarded {
        model: m(1),
        card: VEST
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Wounded { .. })));
    // The second wound is not absorbed: its owner places it under WOUND-7.
    assert!(matches!(
        g.decision().unwrap().kind,
        DecisionKind::AllocateWound {
            model,
            wounds_left: 1,
            ..
        } if model == m(1)
    ));
    let ev = ok(&mut g, Command::AllocateWound { token: 0 });
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 0,
        by: Some(m(0))
    }));
}

#[test]
fn arm_5_a_failed_attack_leaves_model_and_gear_alone() {
    let mut g = duel_with(armored(0, &[3]), character("Shooter"), &[3, 5]);
    shoot(&mut g, basic::RANGED);
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::ArmorDiscarded { .. } | Event::Wounded { .. }))
    );
    assert_eq!(g.card(VEST).status, CardStatus::Ready);
}

#[test]
fn arm_6_card_armor_is_never_lost_and_the_model_is_wounded_as_normal() {
    let mut g = duel_with(armored(2, &[]), character("Shooter"), &[9, 3]);
    shoot(&mut g, basic::RANGED);
    let ev = ok(&mut g, armor_defence(DefenceBonus::CardArmor));
    assert_eq!(rolled_modifiers(&ev), vec![2, 2]);
    assert!(ev.contains(&Event::Wounded {
        model: m(1),
        token: 1,
        by: Some(m(0))
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::ArmorDiscarded { .. })));
}

#[test]
fn open_19_armor_works_against_a_melee_attack() {
    let setup = no_luck_with(vec![
        model(character("Brawler"), 0, [8.0, 0.0, 7.0]),
        model(armored(2, &[3]), 1, [8.0, 0.0, 8.3]),
    ]);
    let mut g = start_loaded(setup, &[9, 3]);
    shoot(&mut g, basic::MELEE);
    let bonuses = bonuses_with_token(&g, 1);
    assert_eq!(
        bonuses,
        vec![
            DefenceBonus::Skill,
            DefenceBonus::CardArmor,
            DefenceBonus::GearArmor(VEST)
        ]
    );
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    // Melee 1 against Armor 3.
    assert_eq!(rolled_modifiers(&ev), vec![1, 3]);
}

#[test]
fn arm_1_open_19_armor_does_not_work_against_a_tech_attack() {
    let zap = attack_action("Zap", Skill::Tech, RangeSpec::YELLOW_GREEN);
    let netrunner = ModelProfile {
        actions: vec![zap],
        ..character("Runner")
    };
    let mut g = duel_with(armored(2, &[3]), netrunner, &[9, 3]);
    shoot(&mut g, basic::COUNT);
    assert!(
        defence_options(&g)
            .iter()
            .all(|d| d.bonus == DefenceBonus::Skill)
    );
}

#[test]
fn arm_8_pierce_lowers_armor_and_removes_it_at_zero() {
    let gun = |pierce| ActionDef {
        keywords: vec![Keyword::Pierce(pierce)],
        ..attack_action("AP Gun", Skill::Ranged, RangeSpec::YELLOW_GREEN)
    };
    let shooter = |pierce| ModelProfile {
        actions: vec![gun(pierce)],
        ..character("Shooter")
    };
    // Pierce 1 against Armor 3: the defender adds 2.
    let mut g = duel_with(armored(0, &[3]), shooter(1), &[9, 3]);
    shoot(&mut g, basic::COUNT);
    let ev = ok(&mut g, armor_defence(DefenceBonus::GearArmor(VEST)));
    assert_eq!(rolled_modifiers(&ev), vec![2, 2]);
    // Pierce 3 against Armor 3: that Armor can't be chosen.
    let mut g = duel_with(armored(3, &[3]), shooter(3), &[9, 3]);
    shoot(&mut g, basic::COUNT);
    assert!(
        defence_options(&g)
            .iter()
            .all(|d| d.bonus == DefenceBonus::Skill)
    );
}
