//! MOD-1 on the Setup screen, headless: the players turn optional rule modules on for one
//! game, the match is set up with them, a module the scenario forbids can't be turned on
//! (the refusal names MOD-1), and one the scenario requires is on whatever they choose;
//! during the game the top bar names the modules on, and none in the core game.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::game::describe;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::screen::Screen;
use redline_rules::{Module, Modules};

use crate::driver::{
    data_dir, new_app, screen, send, start_with_an_ashfall_quick_team,
    street_claim_against_easy_tidewater,
};

/// The starter pack with Street Claim requiring Damaging scenery and forbidding Security.
fn street_claim_with_module_rules() -> Content {
    Content(crate::edited_starter::starter_edited(|path, text| {
        if path == "scenarios.ron" {
            text.replacen(
                "id: \"street_claim\",",
                "id: \"street_claim\", modules: (require: [Terr], forbid: [Sec]),",
                1,
            )
        } else {
            text.to_owned()
        }
    }))
}

fn chosen(app: &App) -> Modules {
    app.world().resource::<NewGame>().modules.clone()
}

#[test]
fn mod_1_modules_chosen_on_the_setup_screen_are_on_in_the_match() {
    let dir = data_dir("game-modules");
    let mut app = new_app(&dir);
    app.world_mut()
        .insert_resource(street_claim_with_module_rules());
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    street_claim_against_easy_tidewater(&mut app);
    let on = |module| SetupIntent::Module { module, on: true };
    send(&mut app, on(Module::Fire));
    send(&mut app, on(Module::Aid));
    send(
        &mut app,
        SetupIntent::Module {
            module: Module::Aid,
            on: false,
        },
    );
    assert_eq!(chosen(&app), [Module::Fire].into());
    // MOD-1: Street Claim here forbids Security: refused, with the reason.
    send(&mut app, on(Module::Sec));
    assert_eq!(chosen(&app), [Module::Fire].into());
    let said = app.world().resource::<Notice>().text.clone();
    assert!(said.contains("MOD-1") && said.contains("sec"), "{said}");

    start_with_an_ashfall_quick_team(&mut app);
    assert_eq!(screen(&app), Screen::Battle);
    // The chosen module and the scenario's required one are on in the game.
    let game = app.world().resource::<Match>().game().clone();
    let expected: Modules = [Module::Terr, Module::Fire].into();
    assert_eq!(game.modules(), &expected);
    assert_eq!(
        app.world().resource::<Match>().replay().setup.modules,
        expected
    );
    // During the game the top bar names them.
    assert_eq!(
        describe::modules_on(&game).as_deref(),
        Some("Optional rules: Damaging scenery, Fire")
    );
}

#[test]
fn mod_2_the_core_game_names_no_optional_rules() {
    let dir = data_dir("game-modules-none");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    street_claim_against_easy_tidewater(&mut app);
    start_with_an_ashfall_quick_team(&mut app);
    assert_eq!(screen(&app), Screen::Battle);
    let game = app.world().resource::<Match>().game().clone();
    assert!(game.modules().is_empty());
    assert_eq!(describe::modules_on(&game), None);
}

#[test]
fn bot_13_the_team_builder_reads_the_games_modules() {
    let dir = data_dir("game-modules-teams");
    let mut app = new_app(&dir);
    app.world_mut()
        .insert_resource(street_claim_with_module_rules());
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    street_claim_against_easy_tidewater(&mut app);
    send(
        &mut app,
        SetupIntent::Module {
            module: Module::Bot,
            on: true,
        },
    );
    let catalog = app.world().resource::<Content>().0.clone();
    let rules = app.world().resource::<NewGame>().team_rules(&catalog);
    // MOD-1: the scenario's required module and the players' choice; BOT-13 reads them.
    let expected: Modules = [Module::Terr, Module::Bot].into();
    assert_eq!(rules.modules, expected);
}

/// COOP-1: the Setup screen's scenarios for four players are crews against crews; a co-op
/// sheet, whose computer seats no player sits in, is never offered there.
#[test]
fn coop_1_the_setup_screen_offers_no_co_op_sheet() {
    let catalog = redline_content::starter();
    let mut game = NewGame::new(&catalog);
    game.players = 4;
    let offered: Vec<&str> = game
        .scenarios(&catalog)
        .iter()
        .map(|s| s.id.as_str())
        .collect();
    assert!(offered.contains(&"alliance_night"), "{offered:?}");
    assert!(catalog.scenarios.iter().any(|s| s.coop.is_some()));
    for s in catalog.scenarios.iter().filter(|s| s.coop.is_some()) {
        assert!(!offered.contains(&s.id.as_str()), "{} offered", s.id);
    }
}
