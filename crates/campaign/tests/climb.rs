//! The starred Gear and programs along a campaign's Street Cred climb: each reaches the HQ
//! when the team's Street Cred meets its requirement (CAMP-25), is fielded under TEAM-15 and
//! CAMP-20, and the computer's team building takes it up once it is there.

mod common;

use common::{build, campaign, catalog, to_build};
use redline_campaign::{Campaign, Phase, Step, sim};
use redline_content::Catalog;
use redline_content::skirmish::quick_team;
use redline_content::team::{GameMode, TeamRules, check_team};

/// Ashfall's cards that need any Street Cred, with their requirement.
fn starred(catalog: &Catalog) -> Vec<(String, u8)> {
    let gear = catalog
        .gear_for("ashfall")
        .into_iter()
        .filter(|g| !g.reward_only && g.street_cred > 0)
        .map(|g| (g.id.clone(), g.street_cred));
    let programs = catalog
        .programs
        .iter()
        .filter(|p| p.faction.as_deref().is_none_or(|f| f == "ashfall") && p.street_cred > 0)
        .map(|p| (p.id.clone(), p.street_cred));
    gear.chain(programs).collect()
}

/// Ashfall (team 0) has won a game and promotes its Torchhand, reaching `cred` Street Cred.
fn promoted_to(catalog: &Catalog, cred: u32) -> Campaign {
    let mut c = campaign(catalog, 21);
    to_build(catalog, &mut c, Some("street_claim"));
    build(catalog, &mut c);
    c.pending.as_mut().unwrap().winners = vec![0];
    c.phase = Phase::Promotion;
    let before = c.teams[0].street_cred(catalog);
    assert!(before < cred, "{before} Street Cred already");
    let extra = u8::try_from(cred - before - 1).unwrap();
    c.teams[0].scenario_stars += extra;
    c.apply(
        catalog,
        Step::Promote {
            team: 0,
            card: "ash_torchhand".into(),
        },
    )
    .unwrap();
    assert_eq!(c.teams[0].street_cred(catalog), cred);
    c
}

#[test]
fn camp_25_each_starred_card_moves_to_the_hq_when_street_cred_meets_it() {
    let catalog = catalog();
    let cards = starred(&catalog);
    assert!(cards.iter().any(|(_, need)| *need == 10), "{cards:?}");
    for cred in [5, 10] {
        let c = promoted_to(&catalog, cred);
        let t = &c.teams[0];
        for (card, need) in &cards {
            let in_hq = t.hq.gear.contains(card) || t.hq.programs.contains(card);
            let in_supply = t.supply.gear.contains(card) || t.supply.programs.contains(card);
            // CAMP-25: unlocked once met, waiting in the Supply until then.
            assert_eq!(
                (in_hq, in_supply),
                (u32::from(*need) <= cred, u32::from(*need) > cred),
                "{card} needs {need}, the team has {cred}"
            );
        }
    }
}

#[test]
fn camp_20_the_computers_team_building_takes_up_what_the_climb_unlocked() {
    // The bot's team is the quick team under the campaign's rules (`sim::bot_team`): the
    // dearest kit that fits, so a bigger game at 10 Street Cred fields the climb's cards and
    // one at 1 Street Cred none of them (TEAM-15, CAMP-20).
    let catalog = catalog();
    let need = |id: &String| {
        catalog
            .gear
            .get(id)
            .map(|g| g.street_cred)
            .or_else(|| catalog.programs.get(id).map(|p| p.street_cred))
            .unwrap_or(0)
    };
    let kit = |cred: u8| -> Vec<String> {
        let rules = TeamRules {
            eb_limit: 150,
            mode: GameMode::Campaign { first_game: false },
            bonus_street_cred: cred,
            ..TeamRules::default()
        };
        let spec = quick_team(&catalog, "ashfall", &rules).unwrap();
        check_team(&catalog, &spec, &rules).expect("CAMP-20: a legal team");
        spec.members
            .iter()
            .flat_map(|m| m.gear.iter().chain(m.programs.iter()).cloned())
            .collect()
    };
    let low = kit(1);
    assert!(low.iter().all(|g| need(g) <= 1), "{low:?}");
    let high = kit(10);
    let climb: Vec<_> = high.iter().filter(|g| need(g) > 2).collect();
    assert!(climb.len() >= 2, "{high:?}");
    // The bot's own call builds the same way from its HQ once the climb has unlocked it.
    let c = promoted_to(&catalog, 10);
    assert!(sim::bot_team(&catalog, &c, 0).is_ok());
}
