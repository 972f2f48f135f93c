//! MOD-1 from the Campaigns screen: the optional rule modules chosen for a new campaign are
//! fixed in it and in its file, and its first game is set up with them.

use redline::headless::campaign::{CampaignIntent, CampaignSession, NewCampaign};
use redline::headless::content::Content;
use redline_campaign::{Step, save};
use redline_rules::{Module, Modules};

use crate::driver::{data_dir, new_app, send_and_settle};

#[test]
fn mod_1_a_new_campaign_keeps_the_modules_chosen_for_it() {
    let dir = data_dir("campaign-modules");
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::ToList);
    let catalog = app.world().resource::<Content>().0.clone();
    let chosen: Modules = [Module::Terr, Module::Fire].into();
    let new = NewCampaign {
        name: "Burning Docks".into(),
        seed: 9,
        modules: chosen.clone(),
        ..NewCampaign::new(&catalog)
    };
    send_and_settle(&mut app, CampaignIntent::Create(new));
    let session = app.world().resource::<CampaignSession>().clone();
    assert_eq!(session.campaign.modules, chosen);
    assert_eq!(save::load(&session.path).unwrap().modules, chosen);
    // The first game is set up with them (MOD-1: plus the scenario's own list).
    let agreed = Step::ChooseScenario { agreed: None };
    send_and_settle(&mut app, CampaignIntent::Step(agreed));
    let c = app.world().resource::<CampaignSession>().campaign.clone();
    let scenario = catalog
        .scenarios
        .get(&c.pending.as_ref().unwrap().scenario)
        .unwrap();
    let expected = scenario.modules.campaign_game(&chosen).unwrap();
    assert!(!expected.is_empty());
    let mut built = c.clone();
    for team in 0..2 {
        let objective = built.pending.as_ref().unwrap().drawn[team][0].clone();
        built
            .apply(&catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    for team in 0..2 {
        let spec =
            redline::headless::campaign::computer::team_from_hq(&catalog, &built, team).unwrap();
        built
            .apply(&catalog, Step::BuildTeam { team, spec })
            .unwrap();
    }
    assert_eq!(built.game_setup(&catalog).unwrap().modules, expected);
}
