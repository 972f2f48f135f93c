//! OPEN-37: the character who makes a team's Medical save is the one most likely to succeed,
//! weighing its die and its Medical Skill together.

mod common;

use common::*;
use redline_campaign::{Medic, Phase, Step};
use redline_content::Catalog;
use redline_content::team::{MemberSpec, TeamSpec};
use redline_rules::card::Colour;

/// The starter pack plus two Ashfall medics: Medical 2 on RED tokens only, and Medical 1
/// with a GREEN token.
fn catalog_with_two_medics() -> Catalog {
    const MANIFEST: &str =
        r#"PackManifest(id: "medics", name: "Medics", version: 1, files: ["characters.ron"])"#;
    const CHARACTERS: &str = r#"[
        Character(id: "ash_test_sawbones", name: "Test Sawbones", faction: "ashfall",
            cost: 8, tokens: [Red, Red], skills: (medical: 2), text: "Test card."),
        Character(id: "ash_test_nurse", name: "Test Nurse", faction: "ashfall",
            cost: 8, tokens: [Green, Red], skills: (medical: 1), text: "Test card."),
    ]"#;
    redline_content::load(&[
        redline_content::load::starter_source(),
        redline_content::PackSource::from_memory(MANIFEST, &[("characters.ron", CHARACTERS)]),
    ])
    .unwrap()
    .catalog
}

fn medic(medical: i8, die: Colour) -> Medic {
    Medic {
        card: "m".into(),
        medical,
        die,
    }
}

#[test]
fn open_37_camp_31_the_save_chance_weighs_the_die_and_the_skill() {
    let green_1 = medic(1, Colour::Green);
    let red_2 = medic(2, Colour::Red);
    assert!(green_1.save_chance() > red_2.save_chance()); // OPEN-37
    assert!(green_1.better_than(&red_2));
    assert!(!red_2.better_than(&green_1));
    // On the same die, more Medical is better.
    assert!(medic(3, Colour::Yellow).better_than(&medic(2, Colour::Yellow)));
}

#[test]
fn open_37_camp_31_the_post_game_picks_the_medic_most_likely_to_save() {
    let catalog = catalog_with_two_medics();
    let mut c = campaign(&catalog, 5);
    to_build(&catalog, &mut c, Some("street_claim"));
    let leader = leader_only(&catalog, &c, 0).members[0].card.clone();
    let spec = TeamSpec::new("ashfall")
        .with(MemberSpec::new(&leader))
        .with(MemberSpec::new("ash_test_sawbones"))
        .with(MemberSpec::new("ash_test_nurse"));
    c.apply(&catalog, Step::BuildTeam { team: 0, spec })
        .unwrap();
    let rival = leader_only(&catalog, &c, 1);
    c.apply(&catalog, build_team(1, &rival)).unwrap();
    assert_eq!(c.phase, Phase::Play);
    play(&catalog, &mut c, 5);
    let chosen = c.pending.as_ref().unwrap().medics[0].clone().unwrap();
    // OPEN-37: Medical 1 on a GREEN die beats Medical 2 on a RED one.
    assert_eq!(chosen.card, "ash_test_nurse");
    assert_eq!((chosen.medical, chosen.die), (1, Colour::Green));
}
