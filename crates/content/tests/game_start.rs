//! A rules `Game` started from the starter pack: two compiled teams deployed in a
//! scenario's zones on one of its layouts.

use std::sync::Arc;

use redline_battlespace::{Battlespace, ModelBase};
use redline_content::convert::to_battlespace_layout;
use redline_content::starter;
use redline_content::team::{MemberSpec, TeamRules, TeamSpec, compile_team};
use redline_rules::{Game, ModelSetup, PlayerSetup, Seat, Setup, TeamId, Victory};

#[test]
fn a_game_starts_from_starter_teams_on_a_scenario_layout() {
    let catalog = starter();
    let scenario = catalog.scenarios.get("street_claim").unwrap();
    let layout = to_battlespace_layout(&catalog, &scenario.setup.layouts[0]).unwrap();
    let space = Battlespace::from_layout(layout).unwrap();

    let rules = TeamRules::one_off(scenario.eb_limit);
    let ashfall = TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_scrapper").gear("ash_firebomb"))
        .with(MemberSpec::new("ash_flue_rat").program("prog_snoop"))
        .with_gonks("ash_cinderling", 2);
    let tidewater = TeamSpec::new("tidewater")
        .with(MemberSpec::new("tide_harbour_queen"))
        .with(MemberSpec::new("tide_hookman").gear("tide_boat_hook"))
        .with_gonks("tide_dockhand", 2);

    let mut models = Vec::new();
    for (seat, spec) in [ashfall, tidewater].iter().enumerate() {
        let team = compile_team(&catalog, spec, &rules).unwrap();
        let zone = scenario.deployment[seat].zone.to_battlespace();
        // North edge is z = 0, South is z = depth; deploy in a row 1.5" in from the edge.
        let z = if seat == 0 {
            1.5
        } else {
            space.table().depth - 1.5
        };
        for (i, model) in team.models.into_iter().enumerate() {
            let position = [12.0 + 2.0 * i as f32, 0.0, z];
            let base = ModelBase::new(0, seat as u8, position);
            assert!(
                space.table().in_zone(&base, zone),
                "model {i} of seat {seat} outside its zone"
            );
            models.push(ModelSetup {
                profile: Arc::new(model.profile),
                owner: Seat(seat as u8),
                position,
                hacked: 0,
                entry: Default::default(),
            });
        }
    }
    let players = (0..2)
        .map(|seat| PlayerSetup {
            name: format!("Player {}", seat + 1),
            team: TeamId(seat),
            luck: None,
        })
        .collect();
    let setup = Setup {
        battlespace: space,
        players,
        models,
        first_control: Seat(0),
        victory: Victory::default(),
        loot_deck: redline_content::team::compile_loot_deck(&catalog),
        loaded_dice: Vec::new(),
        modules: Default::default(),
        scenario: Default::default(),
        third_force: None,
    };
    let game = match Game::new(setup, 7) {
        Ok(game) => game,
        Err(err) => panic!("{err}"),
    };
    assert!(game.decision().is_some());
    assert!(game.outcome().is_none());
}
