//! Compiling a team built in code into engine profiles: card + Gear → tokens, Skills,
//! Armor, actions, defenses and keywords.

use redline_content::starter;
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, compile_drone, compile_team};
use redline_rules::card::{Colour, ModelKeyword, Skill};
use redline_rules::cards::Ability;

#[test]
fn a_team_built_in_code_compiles_to_model_profiles() {
    let catalog = starter();
    let spec = TeamSpec::new("glasswork")
        .with(MemberSpec::new("glass_commander_v").gear("gear_vest"))
        .with(MemberSpec::new("glass_breacher").gear("glass_stim_injector"))
        .with(
            MemberSpec::new("glass_handler")
                .program("prog_crawler")
                .program("prog_patch_tunnel"),
        )
        .with(MemberSpec::new("merc_kestrel"))
        .with_gonks("glass_guard", 2);
    let team = compile_team(&catalog, &spec, &TeamRules::one_off(150)).unwrap();
    assert_eq!(team.models.len(), 6);
    assert_eq!(team.summary.street_cred, 1);

    let commander = &team.models[0].profile;
    assert_eq!(commander.card_id, "glass_commander_v");
    assert_eq!(commander.name, "Shift Commander");
    assert_eq!(
        commander.tokens,
        vec![Colour::Green, Colour::Green, Colour::Yellow]
    );
    assert_eq!(
        (commander.skills.ranged, commander.skills.influence),
        (3, 2)
    );
    assert_eq!(commander.card_armor, 1);
    // Gear becomes engine cards: the vest is a Gear card with Armor 2 (ARM-2).
    assert_eq!(commander.cards.len(), 1);
    assert_eq!(
        (commander.cards[0].id.as_str(), commander.cards[0].armor),
        ("gear_vest", 2)
    );
    assert_eq!(commander.stars, 1);
    assert!(commander.has_keyword(&ModelKeyword::Leader));
    assert!(commander.has_keyword(&ModelKeyword::Faction("glasswork".into())));
    assert_eq!(commander.actions[0].id, "coordinated_advance");

    // Printed Gear and bought Cybergear are both cards carrying their actions (TOK-12);
    // Cybergear makes a Cyber-Character.
    let breacher = &team.models[1].profile;
    let cards: Vec<(&str, &str)> = breacher
        .cards
        .iter()
        .map(|c| (c.id.as_str(), c.actions[0].id.as_str()))
        .collect();
    assert_eq!(
        cards,
        vec![
            ("glass_breach_ram", "ram"),
            ("glass_stim_injector", "adrenal_dose")
        ]
    );
    assert!(breacher.cards[0].bulky);
    assert!(breacher.has_keyword(&ModelKeyword::CyberCharacter));
    assert!(breacher.has_keyword(&ModelKeyword::Specialist));

    let handler = &team.models[2];
    assert!(handler.profile.has_keyword(&ModelKeyword::Netrunner));
    let programs: Vec<&str> = handler.programs.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(programs, vec!["prog_crawler", "prog_patch_tunnel"]);
    // The engine's programs carry the drone they deploy (DRONE-2).
    let engine: Vec<&str> = handler
        .profile
        .programs
        .iter()
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(engine, programs);
    let crawler = handler.profile.programs[0].drone.as_ref().unwrap();
    assert_eq!(crawler.card_id, "drone_crawler");
    assert!(handler.profile.programs[1].drone.is_none());

    let kestrel = &team.models[3].profile;
    assert!(kestrel.has_keyword(&ModelKeyword::Merc));
    assert!(
        !kestrel
            .keywords
            .iter()
            .any(|k| matches!(k, ModelKeyword::Faction(_)))
    );

    let guard = &team.models[4].profile;
    assert!(guard.is_gonk());
    assert!(guard.tokens.is_empty());
    assert_eq!(guard.gonk_colour, Some(Colour::Yellow));
    assert_eq!(guard.card_armor, 1);
}

#[test]
fn passives_become_card_abilities_luck_and_reserve() {
    let catalog = starter();
    let spec = TeamSpec::new("tidewater")
        .with(
            MemberSpec::new("tide_harbour_queen")
                .gear("gear_smartlink")
                .gear("tide_gill_lungs"),
        )
        .with(MemberSpec::new("tide_diver"));
    let rules = TeamRules {
        bonus_street_cred: 1,
        ..TeamRules::one_off(100)
    };
    let team = compile_team(&catalog, &spec, &rules).unwrap();
    let queen = &team.models[0];
    // Gear passives stay on the Gear card (GEN-9), so they follow it when it is looted.
    assert_eq!(queen.profile.skills.ranged, 2, "the card's own Ranged");
    assert_eq!(
        queen.profile.cards[0].abilities,
        vec![Ability::SkillBonus(Skill::Ranged, 1)]
    );
    assert_eq!(
        queen.profile.cards[1].abilities,
        vec![Ability::Defense(Skill::Reflexes, 1)]
    );
    assert_eq!(queen.profile.luck, 1, "the Harbour Queen's luck");
    assert_eq!(team.extra_luck, 1, "the Harbour Queen's luck");
    assert!(!queen.reserve);
    assert!(team.models[1].reserve, "the Bilge Diver starts in Reserve");
}

#[test]
fn an_illegal_team_does_not_compile() {
    let catalog = starter();
    let spec = TeamSpec::new("glasswork").with(MemberSpec::new("glass_officer"));
    assert!(compile_team(&catalog, &spec, &TeamRules::one_off(100)).is_err());
}

#[test]
fn drones_compile_with_the_drone_keyword_and_their_colour() {
    let catalog = starter();
    let crawler = compile_drone(catalog.drones.get("drone_crawler").unwrap());
    assert!(crawler.is_drone() && !crawler.is_character());
    assert_eq!(crawler.gonk_colour, Some(Colour::Red));
    assert_eq!(crawler.base_mm, 40.0);
    assert_eq!(crawler.actions[0].id, "prod");
    let kitehawk = compile_drone(catalog.drones.get("drone_kitehawk").unwrap());
    assert!(kitehawk.has_keyword(&ModelKeyword::Flying));
    assert!(!crawler.has_keyword(&ModelKeyword::Flying));
}
