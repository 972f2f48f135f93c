//! What an HQ lets a team do: the cards it may field, the characters it may promote and the
//! Mercs it may hire, each the same answer the campaign's own steps check against.

mod common;

use common::*;
use redline_campaign::{Campaign, NewPlayer, Step};
use redline_content::team::Addition;

#[test]
fn camp_9_camp_39_a_team_fields_its_hq_and_with_a_shared_market_its_kept_loot() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 3);
    let t = c.teams[0].clone();
    let fieldable = c.fieldable(&catalog, 0);
    assert_eq!(fieldable.characters, t.hq.characters);
    assert!(t.hq.gear.iter().all(|g| fieldable.gear.contains(g)));
    let in_supply = t
        .supply
        .gear
        .iter()
        .next()
        .expect("Gear waits in the Supply")
        .clone();
    let add = |gear: &str| Addition::Gear {
        member: 0,
        gear: gear.into(),
        cost: 0,
    };
    assert!(!fieldable.allows(&add(&in_supply)), "CAMP-9: not in the HQ");
    // Kept Loot counts only with a Shared Market (CAMP-39).
    c.teams[0].loot.push(in_supply.clone());
    assert!(!c.fieldable(&catalog, 0).allows(&add(&in_supply)));
    c.shared_market = true;
    assert!(c.fieldable(&catalog, 0).allows(&add(&in_supply)));
}

#[test]
fn camp_21_the_promotable_characters_are_those_the_promotion_step_accepts() {
    let catalog = catalog();
    let c = campaign(&catalog, 21);
    let promotable = c.promotable(&catalog, 0);
    assert!(!promotable.is_empty());
    for card in &c.teams[0].hq.characters {
        let next = c.next_veteran(&catalog, 0, card);
        assert_eq!(next.is_some(), promotable.contains(card), "{card}");
    }
    assert_eq!(
        c.next_veteran(&catalog, 0, "ash_torchhand").as_deref(),
        Some("ash_torchhand_v")
    );
    // A basic card goes up one star at a time: the two-star Cantor waits.
    let choir = Campaign::new(
        &catalog,
        "c",
        1,
        &[NewPlayer::new("A", "choir"), NewPlayer::new("B", "ashfall")],
        false,
    )
    .unwrap();
    assert_eq!(
        choir.next_veteran(&catalog, 0, "choir_cantor").as_deref(),
        Some("choir_cantor_v")
    );
}

#[test]
fn camp_23_a_merc_is_hired_at_one_star_at_most() {
    let catalog = catalog();
    let c = campaign(&catalog, 21);
    let mercs = c.hireable_mercs(&catalog, 0);
    assert!(mercs.contains(&"merc_tonne_v".to_owned()));
    assert!(
        !mercs.contains(&"merc_tonne_v2".to_owned()),
        "CAMP-23: two stars"
    );
    let step = redline_campaign::sim::promotion(&catalog, &c, 0);
    assert!(matches!(step, Step::Promote { .. }), "{step:?}");
}

#[test]
fn camp_9_a_card_or_faction_from_outside_the_hq_is_refused_with_its_rule() {
    let catalog = catalog();
    let c = campaign(&catalog, 3);
    let in_supply = c.teams[0].supply.gear.iter().next().unwrap().clone();
    let gear = |gear: &str| Addition::Gear {
        member: 0,
        gear: gear.into(),
        cost: 0,
    };
    let e = c
        .check_addition(&catalog, 0, &gear(&in_supply))
        .unwrap_err();
    assert_eq!(e.rule(), Some("CAMP-9"));
    let in_hq = c.teams[0].hq.gear.iter().next().unwrap().clone();
    assert_eq!(c.check_addition(&catalog, 0, &gear(&in_hq)), Ok(()));
    assert_eq!(c.check_faction(0, "ashfall"), Ok(()));
    assert_eq!(
        c.check_faction(0, "tidewater").unwrap_err().rule(),
        Some("CAMP-9")
    );
}
