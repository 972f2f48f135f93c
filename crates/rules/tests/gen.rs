//! GEN: models, bases, friendly and rival, the Limiter, cards, Skills and keywords.

mod common;

use common::*;
use redline_rules::card::{
    ActionDef, Band, Colour, ModelKeyword, ModelProfile, RangeSpec, Skill, Skills,
};
use redline_rules::{Command, Event, Game, PlayerSetup, Setup, SetupError, Target, TeamId, basic};

fn point_blank() -> ActionDef {
    attack_action("Point Blank", Skill::Ranged, RangeSpec::RED)
}

#[test]
fn gen_1_a_game_needs_opposing_teams() {
    let setup = Setup {
        players: vec![
            player(0),
            PlayerSetup {
                team: TeamId(0),
                ..player(1)
            },
        ],
        ..duel()
    };
    assert!(matches!(
        Game::new(setup, 1),
        Err(SetupError::TooFewTeams { teams: 1 })
    ));
}

#[test]
fn gen_2_a_card_can_grant_what_the_core_rules_forbid() {
    // A ranged attack within RED: Basic Ranged can't, a card action saying so can.
    let mut setup = duel();
    setup.models[1].position = [8.0, 0.0, 9.0];
    setup.models[0].profile = std::sync::Arc::new(ModelProfile {
        actions: vec![point_blank()],
        ..character("Gunslinger")
    });
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    assert_eq!(refusal(g.apply(ranged_attack(m(0), 0, m(1)))), Rule::Brawl3);
    ok(
        &mut g,
        act(m(0), basic::COUNT, Some(0), Target::Model(m(1))),
    );
}

#[test]
fn gen_3_distances_are_measured_from_the_base() {
    let small = start(duel());
    let mut setup = duel();
    setup.models[1].profile = std::sync::Arc::new(ModelProfile {
        base_mm: 50.0,
        ..character("Big")
    });
    let big = start(setup);
    assert!(big.distance(m(0), m(1)) < small.distance(m(0), m(1)));
    assert!(small.distance(m(0), m(1)) < 10.0);
}

#[test]
fn gen_4_own_models_are_friendly_others_rival() {
    let setup = no_luck_with(vec![
        model(character("A"), 0, [4.0, 0.0, 4.0]),
        model(character("B"), 0, [8.0, 0.0, 4.0]),
        model(character("C"), 1, [4.0, 0.0, 20.0]),
    ]);
    let g = start(setup);
    assert!(!g.rivals(m(0), m(1)));
    assert!(g.rivals(m(0), m(2)));
}

#[test]
fn gen_5_a_characters_only_rule_cant_be_used_by_a_gonk() {
    let setup = no_luck_with(vec![
        model(character("Boss"), 0, [4.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [8.0, 0.0, 4.0]),
        model(character("Aide"), 0, [9.5, 0.0, 4.0]),
        model(character("Rival"), 1, [4.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [4.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(3));
    assert_eq!(
        refusal(g.apply(act(m(1), basic::COMMAND, None, Target::Model(m(2))))),
        Rule::Ctrl9
    );
}

#[test]
fn gen_6_the_limiter_bands_are_3_7_and_12_inches() {
    assert_eq!(Colour::Red.move_inches(), 3.0);
    assert_eq!(Colour::Yellow.move_inches(), 7.0);
    assert_eq!(Colour::Green.move_inches(), 12.0);
    assert_eq!(Band::of_distance(3.0), Band::Red);
    assert_eq!(Band::of_distance(7.0), Band::Yellow);
    assert_eq!(Band::of_distance(12.0), Band::Green);
    assert_eq!(Band::of_distance(12.1), Band::Long);
}

#[test]
fn gen_7_reach_is_one_inch() {
    assert_eq!(RangeSpec::REACH.max_inches(), 1.0);
    assert!(RangeSpec::REACH.allows(1.0));
    assert!(!RangeSpec::REACH.allows(1.1));
}

#[test]
fn gen_8_gen_14_the_card_sets_tokens_and_veteran_stars_count_as_street_cred() {
    let veteran = ModelProfile {
        tokens: vec![Colour::Green, Colour::Green],
        stars: 1,
        ..character("Veteran")
    };
    let setup = Setup {
        players: vec![player(0), player(1)],
        models: vec![
            model(veteran, 0, [4.0, 0.0, 4.0]),
            model(character("Rookie"), 1, [4.0, 0.0, 20.0]),
        ],
        ..baseline()
    };
    let g = start(setup);
    assert_eq!(g.tokens(m(0)).len(), 2);
    assert!(g.tokens(m(0)).iter().all(|t| t.colour == Colour::Green));
    assert_eq!((g.luck(P0), g.luck(P1)), (3, 4));
}

#[test]
fn gen_9_a_card_action_with_a_skill_icon_costs_a_token_and_rolls() {
    let mut setup = duel();
    setup.models[1].position = [8.0, 0.0, 9.0];
    setup.models[0].profile = std::sync::Arc::new(ModelProfile {
        actions: vec![point_blank()],
        ..character("Gunslinger")
    });
    let mut g = start_loaded(setup, &[5, 5]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::COUNT, Some(2), Target::Model(m(1))),
    );
    assert!(ev.contains(&Event::TokenFlipped {
        model: m(0),
        token: 2,
        ready: false
    }));
}

#[test]
fn gen_10_every_gonk_of_a_type_shares_one_card() {
    let grunt = gonk("Grunt");
    let setup = no_luck_with(vec![
        model(character("Boss"), 0, [4.0, 0.0, 4.0]),
        model(grunt.clone(), 0, [8.0, 0.0, 4.0]),
        model(grunt, 0, [12.0, 0.0, 4.0]),
        model(character("Rival"), 1, [4.0, 0.0, 20.0]),
    ]);
    let mut g = start(setup);
    assert!(g.profile(m(1)).has_keyword(&ModelKeyword::Gonk));
    assert_eq!(g.profile(m(1)), g.profile(m(2)));
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, move_to(m(0), 0, [4.0, 0.0, 5.0]));
    inspire_after_rival(&mut g, m(3));
    ok(&mut g, gonk_move(m(1), [8.0, 0.0, 6.0]));
    ok(&mut g, gonk_move(m(2), [12.0, 0.0, 6.0]));
    assert_eq!(g.inspiring(), None);
}

#[test]
fn gen_11_gen_12_the_skill_is_added_and_each_skill_has_its_opposer() {
    let medic = ModelProfile {
        skills: Skills {
            medical: 3,
            tech: 2,
            ..Skills::default()
        },
        ..character("Tinker")
    };
    let mut setup = duel();
    setup.models[0].profile = std::sync::Arc::new(medic);
    let mut g = start_loaded(setup, &[4, 3]);
    ok(&mut g, Command::Activate { model: m(0) });
    let ev = ok(
        &mut g,
        act(m(0), basic::FIREWALL, Some(0), Target::Model(m(0))),
    );
    assert!(ev.iter().any(
        |e| matches!(e, Event::Rolled { dice } if dice[0].modifier == 2 && dice[0].total == 6)
    ));
    assert_eq!(Skill::Ranged.opposed_by(), Skill::Reflexes);
    assert_eq!(Skill::Reflexes.opposed_by(), Skill::Reflexes);
    assert_eq!(Skill::Melee.opposed_by(), Skill::Melee);
    assert_eq!(Skill::Medical.opposed_by(), Skill::Medical);
    assert_eq!(Skill::Tech.opposed_by(), Skill::Tech);
    assert_eq!(Skill::Influence.opposed_by(), Skill::Influence);
}

#[test]
fn gen_13_a_model_cant_equip_two_gear_cards_with_one_name() {
    // At team building the content crate refuses it; in play, looting can't do it either:
    // the body's only card is a Knife and the looter already carries one.
    use redline_rules::cards::{CardDef, CardId, CardKind};
    let knife = || CardDef::new("knife", "Knife", CardKind::Gear);
    let setup = no_luck_with(vec![
        model(carrying("Looter", vec![knife()]), 0, [8.0, 0.0, 7.0]),
        model(
            redline_rules::card::ModelProfile {
                cards: vec![knife()],
                tokens: vec![redline_rules::card::Colour::Red],
                ..character("Victim")
            },
            1,
            [8.0, 0.0, 8.3],
        ),
        model(character("Boss"), 1, [20.0, 0.0, 20.0]),
    ]);
    let mut g = start_loaded(setup, &[9, 1, 9, 1]);
    ok(&mut g, Command::Activate { model: m(0) });
    ok(&mut g, melee_attack(m(0), 1, m(1)));
    let body = g.bodies()[0].0;
    let ev = ok(
        &mut g,
        act(m(0), basic::LOOT_GEAR, Some(0), Target::Body(body)),
    );
    assert!(ev.contains(&Event::BodyLooted { body, by: m(0) }));
    assert!(!ev.iter().any(|e| matches!(e, Event::CardTaken { .. })));
    assert_eq!(g.card(CardId(1)).holder, Some(m(1)));
}

#[test]
fn gen_15_keywords_are_tags_rules_refer_to() {
    // The Gonk keyword alone makes a model a Gonk (no tokens, card colour).
    let g = start(no_luck_with(vec![
        model(character("Boss"), 0, [4.0, 0.0, 4.0]),
        model(gonk("Grunt"), 0, [8.0, 0.0, 4.0]),
        model(character("Rival"), 1, [4.0, 0.0, 20.0]),
    ]));
    assert!(g.profile(m(1)).is_gonk());
    assert!(!g.profile(m(0)).is_gonk());
    assert!(g.tokens(m(1)).is_empty());
}
