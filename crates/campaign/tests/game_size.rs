//! The size of a campaign game (FIELD-1, CAMP-19): the scenario's own EB limit and layout,
//! never resized; the teams are built within that limit.

mod common;

use common::*;
use redline_content::game_size::GameSize;

#[test]
fn field_1_camp_19_a_campaign_game_keeps_its_scenarios_size_and_table() {
    let catalog = catalog();
    for (seed, scenario) in [(1, Some("street_claim")), (2, None), (3, None), (4, None)] {
        let mut c = campaign(&catalog, seed);
        assert_eq!(c.game_size(&catalog), None, "no game prepared yet");
        to_build(&catalog, &mut c, scenario);
        let pending = c.pending.as_ref().unwrap().scenario.clone();
        let played = catalog.scenarios.get(&pending).unwrap();
        let size = c.game_size(&catalog).expect("a standard size");
        assert_eq!(size.eb(), played.eb_limit, "{pending}");
        let spec = hq_team(&catalog, &c, 0);
        assert_eq!(c.team_rules(&catalog, 0, &spec).eb_limit, size.eb()); // CAMP-19
        build(&catalog, &mut c);
        let setup = c.game_setup(&catalog).unwrap();
        let table = setup.battlespace.table();
        let layout = catalog.layouts.get(&played.setup.layouts[0]).unwrap();
        assert_eq!([table.width, table.depth], layout.size, "{pending}"); // its own layout
        assert!(
            size.fits(layout),
            "{pending}: {size:?} on {:?}",
            layout.size
        ); // FIELD-1
    }
}

#[test]
fn field_1_the_starter_campaigns_two_player_games_are_100_eb_on_30_by_22() {
    let catalog = catalog();
    let mut c = campaign(&catalog, 9);
    to_build(&catalog, &mut c, Some("street_claim"));
    assert_eq!(c.game_size(&catalog), Some(GameSize::Eb100));
    assert_eq!(GameSize::Eb100.table(), [30.0, 22.0]);
}
