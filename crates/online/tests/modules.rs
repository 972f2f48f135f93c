//! The optional rule modules in an online lobby (MOD-1): the owner turns them on with the
//! scenario's required ones, every seat's team is built under them (BOT-13), and the game
//! is set up with them; a lobby without modules is the core game (MOD-2).

mod common;

use redline_content::team::{MemberSpec, TeamSpec};
use redline_online::lobby::SeatKind;
use redline_online::refusal::Reason;
use redline_rules::Module;

/// Two constructs and one technician besides them (Furnace Mother has Tech 0).
fn two_constructs() -> TeamSpec {
    TeamSpec::new("ashfall")
        .with(MemberSpec::new("ash_furnace_mother"))
        .with(MemberSpec::new("ash_torchhand"))
        .with(MemberSpec::new("ash_slag_hauler"))
        .with(MemberSpec::new("ash_scrap_hound"))
}

#[test]
fn bot_13_a_lobby_with_bot_on_refuses_a_team_with_too_many_constructs() {
    let catalog = redline_content::starter();
    let mut setup = common::lobby(vec![SeatKind::Remote, SeatKind::Remote]);
    setup.modules = [Module::Bot].into_iter().collect();
    let checked = setup.check(&catalog).expect("a lobby with BOT on");
    assert_eq!(checked.team_rules().modules, setup.modules); // MOD-1
    let Err(Reason::Team { problems }) = checked.check_team(&catalog, &two_constructs()) else {
        panic!("two constructs with one technician accepted with BOT on");
    };
    assert!(
        problems.iter().any(|p| p.contains("BOT-13")),
        "{problems:?}"
    );
    // MOD-2: the same team is legal in a lobby without modules.
    let core = common::lobby(vec![SeatKind::Remote, SeatKind::Remote])
        .check(&catalog)
        .expect("a core lobby");
    assert!(core.check_team(&catalog, &two_constructs()).is_ok());
}

#[test]
fn mod_1_the_online_game_is_set_up_with_the_lobbys_modules() {
    let catalog = redline_content::starter();
    let mut setup = common::lobby(vec![SeatKind::Remote, SeatKind::Remote]);
    setup.modules = [Module::Terr, Module::Aid].into_iter().collect();
    let checked = setup.check(&catalog).expect("a lobby with TERR and AID");
    let teams: Vec<TeamSpec> = ["ashfall", "tidewater"]
        .iter()
        .map(|f| checked.computer_team(&catalog, f).expect("a quick team"))
        .collect();
    let game = checked.game_setup(&catalog, &teams).expect("the setup");
    assert_eq!(game.modules, setup.modules); // MOD-1
    let core = common::lobby(vec![SeatKind::Remote, SeatKind::Remote])
        .check(&catalog)
        .expect("a core lobby");
    assert!(
        core.game_setup(&catalog, &teams)
            .expect("setup")
            .modules
            .is_empty()
    ); // MOD-2
}

#[test]
fn mod_2_a_lobby_without_modules_serialises_as_before() {
    let setup = common::lobby(vec![SeatKind::Remote, SeatKind::Local]);
    let text = serde_json::to_string(&setup).expect("serialises");
    assert!(!text.contains("modules"), "{text}");
    let mut with = setup.clone();
    with.modules = [Module::Fire].into_iter().collect();
    let back: redline_online::lobby::LobbySetup =
        serde_json::from_str(&serde_json::to_string(&with).expect("serialises"))
            .expect("reads back");
    assert_eq!(back, with);
}
