//! MOD-1 in a campaign: the module list is fixed when the campaign starts, each game plays
//! with it (plus the scenario's required modules, minus its forbidden ones), and it is kept
//! in the campaign file; a campaign without modules writes its file as before.

mod common;

use redline_campaign::{Campaign, save};
use redline_rules::{Module, Modules};

fn terr_and_aid() -> Modules {
    [Module::Terr, Module::Aid].into()
}

#[test]
fn mod_1_each_game_of_a_campaign_plays_with_the_campaigns_modules() {
    let catalog = common::catalog();
    let mut c = common::campaign(&catalog, 3)
        .with_modules(terr_and_aid())
        .unwrap();
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    let pending = c.pending.as_ref().unwrap();
    let scenario = catalog.scenarios.get(&pending.scenario).unwrap();
    let expected = scenario.modules.campaign_game(&terr_and_aid()).unwrap();
    assert!(expected.contains(&Module::Terr) || scenario.modules.forbid.contains(&Module::Terr));
    assert_eq!(c.game_setup(&catalog).unwrap().modules, expected);
    assert_eq!(c.game_start(&catalog).unwrap().0.modules, expected);
    // The game's log replays under the same modules when the campaign records it.
    common::play(&catalog, &mut c, 5);
}

#[test]
fn mod_1_a_campaign_without_modules_plays_the_core_game() {
    let catalog = common::catalog();
    let mut c = common::campaign(&catalog, 3);
    common::to_build(&catalog, &mut c, None);
    common::build(&catalog, &mut c);
    let pending = c.pending.as_ref().unwrap();
    let scenario = catalog.scenarios.get(&pending.scenario).unwrap();
    assert_eq!(
        c.game_setup(&catalog).unwrap().modules,
        scenario.modules.require
    );
}

#[test]
fn mod_1_the_list_is_fixed_once_the_campaign_has_begun() {
    let catalog = common::catalog();
    let mut c = common::campaign(&catalog, 3);
    common::to_build(&catalog, &mut c, None);
    let e = c.clone().with_modules(terr_and_aid()).unwrap_err();
    assert_eq!(e.rule(), Some("MOD-1"), "{e}");
}

#[test]
fn mod_1_mod_3_the_modules_are_kept_in_the_campaign_file() {
    let catalog = common::catalog();
    let dir = std::env::temp_dir().join(format!("redline-campaign-modules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let with = common::campaign(&catalog, 3)
        .with_modules(terr_and_aid())
        .unwrap();
    let path = dir.join("with.campaign.ron");
    save::save(&path, &with).unwrap();
    let loaded: Campaign = save::load(&path).unwrap();
    assert_eq!(loaded.modules, terr_and_aid());
    assert_eq!(loaded, with);
    // MOD-2: without modules the file has no such field, as before modules existed.
    let without = common::campaign(&catalog, 3);
    let path = dir.join("without.campaign.ron");
    save::save(&path, &without).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("modules"), "{text}");
    assert_eq!(save::load(&path).unwrap(), without);
    std::fs::remove_dir_all(&dir).unwrap();
}
