//! SEC-17: security belongs to one game. A campaign game played with SEC on and the
//! defender's security in place leaves none of it in the HQ, and the next game starts with
//! no security of its own.

mod common;

use redline_battlespace::SceneryKind;
use redline_campaign::Phase;
use redline_content::Catalog;
use redline_content::convert::to_battlespace_layout;
use redline_rules::Module;

/// The scenario given security, on its first layout.
const SCENARIO: &str = "street_claim";
const LAYOUT: &str = "pier_nine";

/// The battlespace id of the first obstacle on the layout: where the defender's fence goes.
fn an_obstacle() -> u32 {
    let starter = redline_content::starter();
    let layout = to_battlespace_layout(&starter, LAYOUT).expect("a starter layout");
    let piece = layout
        .scenery
        .iter()
        .find(|p| p.kind == SceneryKind::Obstacle)
        .expect("an obstacle");
    piece.id.0
}

/// The starter pack with Street Claim defended by seat 0 (Ashfall's crew, with its Tech
/// characters), which has bought a chain-link fence (SEC-1, SEC-14).
fn defended_catalog() -> Catalog {
    let piece = an_obstacle();
    common::edited_starter::starter_edited(|path, text| {
        if path != "scenarios.ron" {
            return text.to_owned();
        }
        let id = format!("id: \"{SCENARIO}\",");
        let security = format!(
            "{id}\n        security: (defender: Seat(0), plan: (fences: [(piece: {piece}, kind: \
             ChainLink)])),"
        );
        text.replacen(&id, &security, 1)
    })
}

#[test]
fn sec_17_security_bought_for_a_game_stays_out_of_the_hq_and_later_games() {
    let catalog = defended_catalog();
    let mut c = common::campaign(&catalog, 3)
        .with_modules([Module::Sec].into())
        .unwrap();
    common::to_build(&catalog, &mut c, Some(SCENARIO));
    common::build(&catalog, &mut c);
    let setup = c.game_setup(&catalog).unwrap();
    assert!(setup.modules.contains(&Module::Sec));
    let security = setup
        .scenario
        .security
        .as_ref()
        .expect("the game is defended");
    assert_eq!(security.plan.fences.len(), 1); // SEC-1: the fence is in this game
    let game = redline_rules::Game::new(setup.clone(), 1).expect("the defended game starts");
    assert_eq!(game.fences().len(), 1);
    let hq_before: Vec<_> = c.teams.iter().map(|t| t.hq.clone()).collect();
    common::play(&catalog, &mut c, 5);
    common::finish(&catalog, &mut c);
    // SEC-17: what the HQs gained came from the campaign's own steps (the Market, loot),
    // every one a card of the pack; nothing of the security.
    for (team, before) in c.teams.iter().zip(&hq_before) {
        for id in team.hq.characters.difference(&before.characters) {
            assert!(catalog.characters.get(id).is_some(), "{id}"); // SEC-17
        }
        for id in team.hq.gear.difference(&before.gear) {
            assert!(catalog.gear.get(id).is_some(), "{id}"); // SEC-17
        }
        assert!(team.hq.gonks.is_superset(&before.gonks));
    }
    // SEC-17: the next game, on a scenario with no defender, has no security at all.
    assert_eq!(c.phase, Phase::ChooseScenario);
    common::to_build(&catalog, &mut c, Some("salvage_run"));
    common::build(&catalog, &mut c);
    let next = c.game_setup(&catalog).unwrap();
    assert!(next.scenario.security.is_none()); // SEC-17
    assert!(
        redline_rules::Game::new(next, 1)
            .unwrap()
            .fences()
            .is_empty()
    );
}
