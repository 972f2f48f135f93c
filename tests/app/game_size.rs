//! The game size on the settings screen, headless (FIELD-1, TEAM-5): a 200 EB game chosen on
//! the Setup screen is built within 200 EB (the computer's team too) and played on the
//! 44" × 30" table the engine reports; at 100 EB the team builder shows the limit and
//! refuses an over-limit team in content's words; the size chosen is remembered, and a
//! settings file without a size starts games as before.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::builder::TeamBuilder;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::refusals::Refusals;
use redline::headless::persist::rosters::{Roster, Rosters};
use redline::headless::persist::settings::{GameSettings, read_settings};
use redline::headless::screen::Screen;
use redline::table::scene::BattleScene;
use redline_content::game_size::GameSize;
use redline_content::skirmish::quick_team;
use redline_content::team::check_team;

use crate::driver::{
    data_dir, deploying, end_deployment, new_app, screen, send,
    street_claim_against_easy_tidewater, until_deployment_over,
};

fn new_game(app: &App) -> &NewGame {
    app.world().resource::<NewGame>()
}

fn builder(app: &App) -> &TeamBuilder {
    app.world().resource::<TeamBuilder>()
}

#[test]
fn field_1_a_200_eb_game_from_the_settings_screen_is_played_on_44_by_30() {
    let dir = data_dir("size-200");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    street_claim_against_easy_tidewater(&mut app);
    assert_eq!(new_game(&app).size, None, "no size chosen yet");
    send(&mut app, SetupIntent::Size(Some(GameSize::Eb200)));
    // FIELD-1: the table offered is one of the size's, as content picks it.
    let catalog = app.world().resource::<Content>().0.clone();
    let layouts = new_game(&app).layouts(&catalog);
    assert!(!layouts.is_empty());
    for id in &layouts {
        assert!(
            GameSize::Eb200.fits(catalog.layouts.get(id).unwrap()),
            "{id}"
        );
    }
    assert_eq!(new_game(&app).layout, layouts[0]);
    assert_eq!(new_game(&app).eb_limit(&catalog), 200); // TEAM-5

    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder, "{}", notice(&app));
    // TEAM-5: the builder works to the size's limit, and so did the computer.
    assert_eq!(builder(&app).current_rules().eb_limit, 200);
    let computer = builder(&app).teams[1].clone();
    let rules = GameSize::Eb200.team_rules();
    let summary = check_team(&catalog, &computer, &rules).expect("a legal 200 EB team");
    assert!(summary.cost <= 200);
    assert!(
        check_team(&catalog, &computer, &GameSize::Eb100.team_rules()).is_err(),
        "the computer used the bigger budget"
    );

    send(&mut app, BuilderIntent::Faction("ashfall".into()));
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle, "{}", notice(&app));
    assert!(deploying(&app).is_some());
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    // FIELD-1: the engine's table is 44" × 30", and the table drawn follows it.
    let game = app.world().resource::<Match>().game();
    let table = *game.setup().battlespace.table();
    assert_eq!((table.width, table.depth), (44.0, 30.0));
    let scene = app.world().resource::<BattleScene>();
    assert_eq!((scene.table.width, scene.table.depth), (44.0, 30.0));
    assert_eq!(app.world().resource::<Match>().meta.layout, layouts[0]);

    // The size chosen is remembered: the next new game starts at 200 EB.
    let saved = read_settings(app.world().resource::<DataDir>(), &mut Refusals::default());
    assert_eq!(saved.size(), Some(GameSize::Eb200));
    drop(app);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewGame);
    assert_eq!(new_game(&app).size, Some(GameSize::Eb200));
    let _ = std::fs::remove_dir_all(&dir);
}

fn notice(app: &App) -> String {
    app.world().resource::<Notice>().text.clone()
}

#[test]
fn team_5_at_100_eb_the_builder_refuses_an_over_limit_team_in_contents_words() {
    let dir = data_dir("size-100");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    send(&mut app, SetupIntent::Scenario("street_claim".into()));
    send(&mut app, SetupIntent::Size(Some(GameSize::Eb100)));
    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder, "{}", notice(&app));
    assert_eq!(builder(&app).current_rules().eb_limit, 100);

    // A team built for 200 EB, brought as a roster.
    let catalog = app.world().resource::<Content>().0.clone();
    let big = quick_team(&catalog, "ashfall", &GameSize::Eb200.team_rules()).unwrap();
    let reason = check_team(&catalog, &big, &GameSize::Eb100.team_rules())
        .expect_err("the 200 EB team is over 100 EB");
    app.world_mut().resource_mut::<Rosters>().put(Roster {
        name: "Big".into(),
        eb_limit: 200,
        team: big,
    });
    send(&mut app, BuilderIntent::UseRoster("Big".into()));
    assert!(builder(&app).cost(&catalog) > 100);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder, "refused, still building");
    assert_eq!(builder(&app).seat, 0);
    let said = notice(&app);
    for r in &reason {
        assert!(said.contains(&r.to_string()), "{said} lacks {r}");
    }
    assert!(said.contains("100"), "{said}"); // TEAM-5: the limit it is over

    // The neighbouring case: the faction's quick team at 100 EB is accepted.
    send(&mut app, BuilderIntent::QuickTeam);
    assert!(builder(&app).cost(&catalog) <= 100);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle, "{}", notice(&app));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_settings_file_without_a_size_starts_games_at_the_scenarios_own_limit() {
    let dir = data_dir("size-old-settings");
    std::fs::create_dir_all(&dir).unwrap();
    // A settings file from before the game size was a setting: its data holds nothing.
    std::fs::write(
        dir.join("settings.ron"),
        "(\n    kind: \"redline-settings\",\n    version: 1,\n    data: (),\n)\n",
    )
    .unwrap();
    let mut app = new_app(&dir);
    assert!(app.world().resource::<Refusals>().0.is_empty());
    assert_eq!(
        *app.world().resource::<GameSettings>(),
        GameSettings::default()
    );
    send(&mut app, MenuIntent::NewGame);
    send(&mut app, SetupIntent::Scenario("street_claim".into()));
    let catalog = app.world().resource::<Content>().0.clone();
    let scenario = catalog.scenarios.get("street_claim").unwrap().clone();
    let game = new_game(&app);
    assert_eq!(game.size, None);
    assert_eq!(game.eb_limit(&catalog), scenario.eb_limit);
    assert_eq!(game.layouts(&catalog), scenario.setup.layouts);
    assert_eq!(game.layout, scenario.setup.layouts[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn field_1_a_size_no_table_of_the_scenario_fits_is_refused_in_contents_words() {
    let dir = data_dir("size-refused");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewGame);
    send(&mut app, SetupIntent::Scenario("street_claim".into()));
    send(&mut app, SetupIntent::Size(Some(GameSize::Eb200)));
    // A 30" × 22" table from the planner is not a 200 EB table: the size follows the table.
    let catalog = app.world().resource::<Content>().0.clone();
    let small = catalog.layouts.get("pier_nine").unwrap().clone();
    let path = redline::headless::persist::layouts::save_layout(
        app.world().resource::<DataDir>(),
        "Small yard",
        &small,
    )
    .unwrap();
    send(&mut app, SetupIntent::SavedLayout(Some(path)));
    assert_eq!(new_game(&app).size, Some(GameSize::Eb100));
    // Chosen again at 200 EB, the start is refused with content's reason.
    send(&mut app, SetupIntent::Size(Some(GameSize::Eb200)));
    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    let said = notice(&app);
    assert!(said.contains("44\" × 30\""), "{said}");
    assert!(!app.world().contains_resource::<Match>());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn field_1_hosting_a_200_eb_match_opens_its_lobby_at_200_eb_on_44_by_30() {
    use redline::headless::online::link::OnlineLink;
    use redline::headless::online::{HostRequest, OnlineIntent};
    use redline_online::lobby::SeatKind;

    let dir = data_dir("size-host");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::HostOnline);
    app.update();
    send(
        &mut app,
        OnlineIntent::Host(HostRequest {
            scenario: "street_claim".into(),
            layout: None,
            seats: vec![SeatKind::Local, SeatKind::Remote],
            turn_limit: None,
            size: Some(GameSize::Eb200),
            modules: Default::default(),
            bind: "127.0.0.1:0".into(),
            name: "ana".into(),
        }),
    );
    let started = std::time::Instant::now();
    let lobby = loop {
        let seen = app
            .world()
            .get_resource::<OnlineLink>()
            .filter(|l| l.joined)
            .and_then(|l| l.lobby().cloned());
        if let Some(lobby) = seen {
            break lobby;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "{}",
            notice(&app)
        );
        app.update();
    };
    // TEAM-5, FIELD-1: the host's lobby builds teams to 200 EB, on a 44" × 30" table.
    assert_eq!(lobby.eb_limit, 200);
    let catalog = app.world().resource::<Content>().0.clone();
    let layout = lobby.layout.expect("the size's table is named");
    assert!(
        GameSize::Eb200.fits(catalog.layouts.get(&layout).unwrap()),
        "{layout}"
    );
    // The size hosted at is remembered like the settings screen's.
    assert_eq!(
        app.world().resource::<GameSettings>().size(),
        Some(GameSize::Eb200)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
