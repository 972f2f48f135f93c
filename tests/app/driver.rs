//! What every app test does to drive the headless app: a fresh data folder, the real
//! match layer and table under `MinimalPlugins`, sending an intent and reading the screen, setting
//! up a solo game and playing a match against the computer.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use redline::headless::flow::aim::AimIntent;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::computer_team::AiSeat;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::options::LaunchOptions;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_rules::{Command, Game, ModelId, Seat, basic};

/// An empty data folder of this test process, named after the test.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("redline-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The app's core on a data folder, not yet updated: the real match layer and table under
/// `MinimalPlugins`.
pub fn core_app(dir: &Path) -> App {
    let mut app = App::new();
    app.insert_resource(LaunchOptions {
        data_dir: Some(dir.to_owned()),
        ..default()
    });
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        redline::headless::plugin,
        redline::table::plugin,
    ));
    app
}

/// The app on a data folder, updated twice so the loading screen has opened the menu.
pub fn new_app(dir: &Path) -> App {
    let mut app = core_app(dir);
    app.update();
    app.update();
    app
}

/// [`new_app`] with the table's visuals too (`redline::table::visuals_plugin`): meshes and
/// materials go to asset stores, nothing is drawn, and the redraws they ask for pace it.
pub fn new_app_with_visuals(dir: &Path) -> App {
    let mut app = core_app(dir);
    app.add_plugins((
        AssetPlugin::default(),
        // The view toggles' keys, and the overlay's lines.
        bevy::input::InputPlugin,
        bevy::gizmos::GizmoPlugin,
        redline::table::visuals_plugin,
    ));
    app.init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>();
    app.update();
    app.update();
    app
}

/// The screen the app shows.
pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Sends one intent, as a click on a screen does, and runs a frame.
pub fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
}

/// Sends one intent and runs two frames: the step, then what the computer does after it.
pub fn send_and_settle<M: Message>(app: &mut App, message: M) {
    send(app, message);
    app.update();
}

/// The seat deploying in the match on the table (FIELD-7), if it is in its deployment.
pub fn deploying(app: &App) -> Option<Seat> {
    app.world()
        .get_resource::<Match>()
        .and_then(|m| m.game().deploying())
}

/// The person deploying ends the deployment, the models where the standard deployment set
/// them down.
pub fn end_deployment(app: &mut App) {
    send(app, BattleIntent::Answer(Command::EndDeployment));
}

/// Runs frames until the deployment is over: a computer seat places its models one answer
/// at a time.
pub fn until_deployment_over(app: &mut App) {
    for _ in 0..500 {
        if app.world().contains_resource::<Match>() && deploying(app).is_none() {
            return;
        }
        app.update();
    }
    panic!("the deployment did not end: {:?}", deploying(app));
}

/// On the Setup screen: Street Claim with seed 5, the second seat the Easy computer
/// playing Tidewater.
pub fn street_claim_against_easy_tidewater(app: &mut App) {
    send(app, SetupIntent::Scenario("street_claim".into()));
    send(app, SetupIntent::Seed(5));
    send(
        app,
        SetupIntent::Seat {
            seat: 1,
            computer: Some(AiSeat {
                level: AiLevel::Easy,
                faction: Some("tidewater".into()),
            }),
        },
    );
}

/// Plays the match on the table, the person (first seat) with the scripted player and the
/// computer (second seat) by itself, with animations skipped, until `stop` holds or the
/// game ends.
pub fn play_against_the_computer(app: &mut App, stop: impl Fn(&Match) -> bool) {
    for _ in 0..200_000 {
        let current = app.world().resource::<Match>();
        if stop(current) {
            return;
        }
        let game = current.game().clone();
        let Some(decision) = game.decision() else {
            return;
        };
        if decision.seat == Seat(1) {
            send(app, SkipAnimations);
        } else {
            let command = scripted_answer(&game).expect("a decision has an answer");
            send(app, BattleIntent::Answer(command));
        }
    }
}

/// Answers with the scripted player (handing the screen over when asked) until a player may
/// take Control by activating a character (CTRL-4); the first character offered.
pub fn until_an_activation(app: &mut App) -> ModelId {
    loop {
        while crate::hot_seat::take_screen(app) {}
        let game = app.world().resource::<Match>().game().clone();
        if let Some(m) = game.legal_commands().into_iter().find_map(|c| match c {
            Command::Activate { model } => Some(model),
            _ => None,
        }) {
            return m;
        }
        let command = scripted_answer(&game).expect("the game goes on");
        send(app, BattleIntent::Answer(command));
    }
}

/// Opens the quick skirmish and plays it to the first character a player may activate.
pub fn quick_skirmish_to_an_activation(app: &mut App) -> ModelId {
    send(app, MenuIntent::QuickSkirmish);
    app.update();
    until_an_activation(app)
}

/// The first Ready token of `model`, the one an action aimed now spends.
pub fn first_ready(game: &Game, model: ModelId) -> Option<u8> {
    let tokens = game.tokens(model);
    tokens.iter().position(|t| t.ready).map(|t| t as u8)
}

/// Aims `shooter`'s Basic Ranged Attack (with its first Ready token) at `target`, as the
/// prompt's button and then a click on the model do.
pub fn aim_a_shot(app: &mut App, shooter: ModelId, target: ModelId) {
    let token = first_ready(app.world().resource::<Match>().game(), shooter);
    let action = AimIntent::Action {
        model: shooter,
        action: basic::RANGED,
        token,
        reaction: false,
    };
    send(app, action);
    send(app, AimIntent::Model(target));
    app.update();
}

/// From a finished game: the result screen, then back to the main menu.
pub fn results_then_menu(app: &mut App) {
    send(app, BattleIntent::ShowResults);
    app.update();
    assert_eq!(screen(app), Screen::Results);
    send(app, MenuIntent::ToMenu);
    app.update();
    assert_eq!(screen(app), Screen::MainMenu);
}

/// From the Setup screen: start, and the person's seat takes Ashfall's quick team, so the
/// match opens on the table.
pub fn start_with_an_ashfall_quick_team(app: &mut App) {
    send(app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(app), Screen::TeamBuilder);
    send(app, BuilderIntent::Faction("ashfall".into()));
    send(app, BuilderIntent::QuickTeam);
    send(app, BuilderIntent::Done);
    app.update();
}
