//! The starter pack's card pool along a campaign's climb: starred Gear and programs for
//! every faction from 1 to 10 Street Cred (TEAM-15), Veterans of one and two stars for every
//! character (GEN-14, CAMP-21) and a choice of Gonk types for every faction (GEN-10).

use std::collections::BTreeSet;

use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_content::team::{
    Addition, MemberSpec, TeamError, TeamRules, TeamSpec, available_additions, check_team,
};

const FACTIONS: [&str; 5] = ["ashfall", "choir", "tidewater", "glasswork", "lantern"];

/// A faction's Gear and programs that need Street Cred, with the requirement.
fn starred(catalog: &Catalog, faction: &str) -> Vec<(String, u8, bool)> {
    let gear = catalog
        .gear_for(faction)
        .into_iter()
        .filter(|g| g.faction.as_deref() == Some(faction) && g.street_cred > 0)
        .map(|g| (g.id.clone(), g.street_cred, false));
    let programs = catalog
        .programs
        .iter()
        .filter(|p| p.faction.as_deref() == Some(faction) && p.street_cred > 0)
        .map(|p| (p.id.clone(), p.street_cred, true));
    gear.chain(programs).collect()
}

/// One of each basic character of the faction: every kind of carrier for a card.
fn everyone(catalog: &Catalog, faction: &str) -> TeamSpec {
    catalog
        .characters
        .iter()
        .filter(|c| c.faction.as_deref() == Some(faction) && c.veteran_of.is_none())
        .fold(TeamSpec::new(faction), |spec, c| {
            spec.with(MemberSpec::new(&c.id))
        })
}

fn rules(cred: u8) -> TeamRules {
    TeamRules {
        bonus_street_cred: cred,
        ..TeamRules::one_off(400)
    }
}

fn offered(catalog: &Catalog, spec: &TeamSpec, cred: u8, card: &str) -> Vec<usize> {
    available_additions(catalog, spec, &rules(cred))
        .into_iter()
        .filter_map(|a| match a {
            Addition::Gear { member, gear, .. } if gear == card => Some(member),
            Addition::Program {
                member, program, ..
            } if program == card => Some(member),
            _ => None,
        })
        .collect()
}

#[test]
fn team_15_every_starter_faction_has_starred_cards_along_the_climb_to_10() {
    let catalog = redline_content::starter();
    let mut levels = BTreeSet::new();
    for faction in FACTIONS {
        let cards = starred(&catalog, faction);
        let own: BTreeSet<u8> = cards.iter().map(|c| c.1).collect();
        assert!(own.len() >= 5, "{faction}: {own:?}");
        assert_eq!(own.last(), Some(&10), "{faction} reaches 10");
        assert!(own.iter().any(|&n| n <= 2), "{faction} starts low");
        assert!(cards.iter().any(|c| c.2), "{faction} has a starred program");
        levels.extend(own);
    }
    assert_eq!(levels, (1..=10).collect(), "TEAM-15: the climb is covered");
}

#[test]
fn team_15_each_starred_card_is_offered_at_its_street_cred_and_refused_below() {
    let catalog = redline_content::starter();
    for faction in FACTIONS {
        let spec = everyone(&catalog, faction);
        for (card, need, program) in starred(&catalog, faction) {
            let at = offered(&catalog, &spec, need, &card);
            assert!(!at.is_empty(), "{card} offered at {need}");
            assert!(
                offered(&catalog, &spec, need - 1, &card).is_empty(),
                "{card} not offered at {}",
                need - 1
            );
            let mut with = spec.clone();
            let m = &mut with.members[at[0]];
            if program {
                m.programs.push(card.clone());
            } else {
                m.gear.push(card.clone());
            }
            assert!(check_team(&catalog, &with, &rules(need)).is_ok(), "{card}");
            let errors = check_team(&catalog, &with, &rules(need - 1)).unwrap_err();
            assert!(
                errors.iter().any(|e| matches!(
                    e,
                    TeamError::StreetCredTooLow { required, .. } if *required == need
                ) && e.to_string().contains("TEAM-15")),
                "{card}: {errors:?}"
            );
        }
    }
}

#[test]
fn gen_14_camp_21_every_character_has_a_one_and_a_two_star_veteran() {
    let catalog = redline_content::starter();
    let basics: Vec<_> = catalog
        .characters
        .iter()
        .filter(|c| c.veteran_of.is_none())
        .collect();
    assert!(basics.len() >= 20);
    for basic in basics {
        let stars: BTreeSet<u8> = catalog
            .characters
            .iter()
            .filter(|c| c.veteran_of.as_deref() == Some(basic.id.as_str()))
            .map(|c| c.stars)
            .collect();
        assert_eq!(stars, BTreeSet::from([1, 2]), "{}", basic.id);
        for v in catalog
            .characters
            .iter()
            .filter(|c| c.veteran_of.as_deref() == Some(basic.id.as_str()))
        {
            // A Veteran keeps its basic card's keywords and costs more than it.
            assert_eq!(v.keywords, basic.keywords, "{}", v.id);
            assert!(v.cost > basic.cost, "{}", v.id);
            assert!(v.has(CardKeyword::Leader) == basic.has(CardKeyword::Leader));
        }
    }
}

#[test]
fn gen_10_every_starter_faction_offers_a_choice_of_gonk_types() {
    let catalog = redline_content::starter();
    for faction in FACTIONS {
        let gonks: Vec<_> = catalog
            .gonks
            .iter()
            .filter(|g| g.faction.as_deref() == Some(faction))
            .collect();
        assert!(gonks.len() >= 2, "{faction}");
    }
}
