//! BOT-14 in a campaign: after each game every construct in the HQ is serviced by its own
//! HQ character with Tech 1 or more; one left unserviced sits out the next game. Without
//! BOT nothing is serviced (MOD-2).

mod common;

use redline_campaign::Campaign;
use redline_content::Catalog;
use redline_rules::{Module, Modules};

/// A campaign whose first team's HQ also holds the six construct cards (the Scrap Hound,
/// Tech 0, and the Slag Hauler, Tech 1, with their Veterans): more than its mechanics.
fn yard(catalog: &Catalog, modules: Modules) -> Campaign {
    let mut c = common::campaign(catalog, 3).with_modules(modules).unwrap();
    for card in [
        "ash_scrap_hound",
        "ash_scrap_hound_v",
        "ash_scrap_hound_v2",
        "ash_slag_hauler",
        "ash_slag_hauler_v",
        "ash_slag_hauler_v2",
    ] {
        c.teams[0].hq.characters.insert(card.to_owned());
        c.teams[0].supply.characters.remove(card);
    }
    c
}

#[test]
fn bot_14_each_construct_needs_its_own_mechanic_who_is_no_construct() {
    let catalog = common::catalog();
    let c = yard(&catalog, [Module::Bot].into());
    let plan = c.servicing(&catalog, 0);
    let hound = plan
        .iter()
        .find(|s| s.construct == "ash_scrap_hound")
        .unwrap();
    let hauler = plan
        .iter()
        .find(|s| s.construct == "ash_slag_hauler")
        .unwrap();
    // BOT-14: the Hauler's Tech 1 services no construct, as for BOT-13.
    for s in [hound, hauler] {
        assert!(!s.by.as_deref().is_some_and(|b| c.is_construct(&catalog, b)));
    }
    let mechanics: Vec<_> = plan.iter().filter_map(|s| s.by.clone()).collect();
    let mut once = mechanics.clone();
    once.dedup();
    assert_eq!(mechanics, once); // BOT-14: a different character for each
}

#[test]
fn bot_14_a_construct_left_unserviced_sits_out_the_next_game() {
    let catalog = common::catalog();
    let mut c = yard(&catalog, [Module::Bot].into());
    let unserviced: Vec<String> = c
        .servicing(&catalog, 0)
        .into_iter()
        .filter(|s| s.by.is_none())
        .map(|s| s.construct)
        .collect();
    // BOT-14: six constructs outnumber the HQ's characters with Tech.
    assert!(!unserviced.is_empty());
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    let log = common::play(&catalog, &mut c, 5);
    assert!(log.iter().any(|l| l.contains("(BOT-14)")), "{log:?}");
    let card = &unserviced[0];
    assert!(c.teams[0].unserviced.contains(card)); // BOT-14
    assert!(!c.fieldable(&catalog, 0).characters.contains(card));
    let e = c.check_serviced(0, card).unwrap_err();
    assert_eq!(e.rule(), Some("BOT-14"), "{e}");
}

#[test]
fn mod_2_without_bot_no_construct_is_serviced() {
    let catalog = common::catalog();
    let c = yard(&catalog, Modules::new());
    assert!(c.servicing(&catalog, 0).is_empty()); // MOD-2
    assert!(c.check_serviced(0, "ash_slag_hauler").is_ok());
}
