//! Shared Market mode (CAMP-39..CAMP-43, OPEN-42).

mod common;

use common::*;
use redline_campaign::{Campaign, NewPlayer, Phase, Step};
use redline_content::Catalog;
use redline_content::team::{MemberSpec, TeamSpec};

fn market(catalog: &Catalog, seed: u64) -> Campaign {
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    Campaign::new(catalog, "market", seed, &players, true).unwrap()
}

/// A market campaign right after recovery, with the Market open.
fn at_market(catalog: &Catalog, seed: u64) -> Campaign {
    let mut c = market(catalog, seed);
    to_build(catalog, &mut c, Some("street_claim"));
    build(catalog, &mut c);
    c.pending.as_mut().unwrap().winners = Vec::new();
    c.phase = Phase::Recovery;
    c.apply(catalog, Step::RollRecovery).unwrap();
    assert_eq!(c.phase, Phase::Market);
    c
}

#[test]
fn camp_40_market_setup_zero_cred_gear_in_hq_rest_in_one_deck() {
    let catalog = catalog();
    let c = market(&catalog, 1);
    for t in &c.teams {
        assert!(t.supply.gear.is_empty());
        assert!(
            t.hq.gear
                .iter()
                .all(|g| catalog.gear.get(g).unwrap().street_cred == 0)
        );
    }
    assert!(c.market.contains(&"ash_burner_rig".to_owned()));
    assert!(c.market.contains(&"gear_smartlink".to_owned()));
    // Every other Gear card, of any faction, is in the deck.
    assert!(c.market.contains(&"choir_deck_amp".to_owned()));
    assert!(!c.market.iter().any(|g| c.teams[0].hq.gear.contains(g)));
}

#[test]
fn camp_41_open_42_draw_three_keep_one_pass_two() {
    let catalog = catalog();
    let mut c = at_market(&catalog, 2);
    let deck = c.market.len() + 6;
    let offers = c.pending.as_ref().unwrap().offers.clone();
    assert_eq!(offers.len(), 2);
    assert!(offers.iter().all(|o| o.cards.len() == 3 && o.pass_on));
    let e = refused(
        &catalog,
        &mut c,
        Step::MarketPick {
            team: 1,
            card: offers[0].cards[0].clone(),
        },
    );
    assert_eq!(e.rule(), Some("CAMP-41"), "team 0 picks first");
    let mine = offers[0].cards[0].clone();
    c.apply(
        &catalog,
        Step::MarketPick {
            team: 0,
            card: mine.clone(),
        },
    )
    .unwrap();
    assert!(c.teams[0].hq.gear.contains(&mine));
    let passed = c.pending.as_ref().unwrap().offers.last().unwrap().clone();
    assert_eq!(
        (passed.team, passed.cards.len(), passed.pass_on),
        (1, 2, false)
    );
    while c.phase == Phase::Market {
        let o = c.pending.as_ref().unwrap().offers[0].clone();
        c.apply(&catalog, Step::Pass { team: o.team }).unwrap();
    }
    // OPEN-42: what nobody took went back into the deck.
    assert_eq!(c.market.len(), deck - 1);
    assert_eq!(c.phase, Phase::CleanUp);
}

#[test]
fn camp_39_camp_42_loot_kept_and_spent_for_market_cards() {
    let catalog = catalog();
    let mut c = at_market(&catalog, 3);
    let loot = catalog.loot.iter().next().unwrap().id.clone();
    c.teams[1].loot = vec![loot.clone(), loot.clone()];
    let e = c
        .apply(
            &catalog,
            Step::SpendLoot {
                team: 0,
                loot: vec![loot.clone()],
            },
        )
        .unwrap_err();
    assert_eq!(e.rule(), Some("CAMP-42"));
    c.apply(
        &catalog,
        Step::SpendLoot {
            team: 1,
            loot: vec![loot.clone()],
        },
    )
    .unwrap();
    assert_eq!(c.teams[1].loot.len(), 1);
    let offer = c.pending.as_ref().unwrap().offers[0].clone();
    assert_eq!(
        (offer.team, offer.cards.len(), offer.pass_on),
        (1, 1, false)
    );
    while c.phase == Phase::Market {
        let o = c.pending.as_ref().unwrap().offers[0].clone();
        c.apply(&catalog, Step::Pass { team: o.team }).unwrap();
    }
    c.apply(&catalog, Step::CleanUp).unwrap();
    assert_eq!(
        c.teams[1].loot,
        vec![loot],
        "CAMP-39: Loot stays from game to game"
    );
}

#[test]
fn camp_43_market_ignores_street_cred_but_only_hq_gear_is_fielded() {
    let catalog = catalog();
    let mut c = market(&catalog, 4);
    to_build(&catalog, &mut c, Some("street_claim"));
    let spec =
        TeamSpec::new("ashfall").with(MemberSpec::new("ash_furnace_mother").gear("gear_smartlink"));
    let e = refused(&catalog, &mut c, build_team(0, &spec));
    assert_eq!(e.rule(), Some("CAMP-9"), "not in the HQ yet");
    c.teams[0].hq.gear.insert("gear_smartlink".into());
    assert_eq!(c.teams[0].street_cred(&catalog), 0);
    c.apply(&catalog, Step::BuildTeam { team: 0, spec })
        .unwrap();
    // Another faction's Gear from the Market can be fielded too.
    c.teams[1].hq.gear.insert("choir_deck_amp".into());
    let leader = leader_only(&catalog, &c, 1).members[0].card.clone();
    let spec = TeamSpec::new("tidewater").with(MemberSpec::new(&leader).gear("choir_deck_amp"));
    c.apply(&catalog, Step::BuildTeam { team: 1, spec })
        .unwrap();
    c.game_setup(&catalog).unwrap();
}
