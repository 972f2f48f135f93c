//! Smoke mode (`--smoke <out.png> [--scene NAME]`): with no user input, play a scripted
//! scene, capture the window, refuse a blank image, write the PNG and exit 0. The scenes
//! are a registry ([`scene::Scene`]), each one small function played frame by frame on a
//! [`stage::Stage`] (`menus`, `battle`, `campaign`, `online`; the matches behind them in
//! `scenes`).
//! `--scene frame-time` prints the median and worst frame time over 600 frames instead.
//! Any error exits non-zero; a run that takes longer than its [`Scene::time_limit`] exits 2
//! (and a watchdog thread kills a frozen one).

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::headless::options::LaunchOptions;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::camera::TableCamera;
use crate::table::spawn::Miniature;
use run::{SELECT_FRAME, SmokeRun};
use scene::Scene;
use stage::Stage;

mod battle;
mod campaign;
mod capture;
mod coop_scene;
mod costs;
mod menus;
mod modules_scene;
mod online;
mod run;
mod scene;
mod scenes;
mod security_scene;
mod stage;

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<LaunchOptions>().clone();
    let path = options
        .smoke
        .clone()
        .expect("smoke::plugin is only added with --smoke");
    let name = options.scene.unwrap_or_else(|| "battle".to_string());
    let Some(scene) = Scene::named(&name) else {
        error!("redline --smoke: unknown scene '{name}'");
        app.add_systems(Update, |mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::from_code(2));
        });
        return;
    };
    let limit = scene.time_limit();
    std::thread::spawn(move || {
        std::thread::sleep(limit + Duration::from_secs(15));
        eprintln!("redline --smoke: frozen for {limit:?}, aborting");
        std::process::exit(3);
    });
    app.insert_resource(SmokeRun::new(path, scene));
    app.add_plugins(costs::plugin);
    app.add_systems(
        Update,
        (
            watch_clock,
            drive_scene.in_set(AppSystems::RecordInput),
            click_a_miniature.after(drive_scene),
        ),
    );
}

fn watch_clock(run: Res<SmokeRun>, mut exit: MessageWriter<AppExit>) {
    let limit = run.scene.time_limit();
    if run.started.elapsed() > limit {
        error!("redline --smoke: no screenshot after {limit:?}");
        exit.write(AppExit::from_code(2));
    }
}

/// Counts the frame (and its time) and plays it in the scene.
fn drive_scene(mut run: ResMut<SmokeRun>, mut stage: Stage) {
    // Frames count from the end of the Loading screen: a scene set up earlier would dress
    // its table before the textures are in.
    if stage.on(Screen::Loading) {
        return;
    }
    run.frames += 1;
    let now = Instant::now();
    if let Some(last) = run.last {
        run.frame_times.push(now.duration_since(last));
    }
    run.last = Some(now);
    let (scene, frame) = (run.scene, run.frames);
    play(scene, &mut run, &mut stage, frame);
}

/// Plays this frame of the scene: each scene is one function of `menus`, `battle`,
/// `campaign` or `online`.
fn play(scene: Scene, run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match scene {
        Scene::Battle => battle::battle(run, stage, frame),
        Scene::FrameTime | Scene::FrameTimeOpened => battle::frame_time(run, stage, frame),
        Scene::ClickToSelect => battle::click_to_select(run, stage, frame),
        Scene::MainMenu => menus::main_menu(run, stage, frame),
        Scene::SoloSetup => menus::solo_setup(run, stage, frame),
        Scene::TeamBuilder => menus::team_builder(run, stage, frame),
        Scene::Deployment => menus::deployment(run, stage, frame),
        Scene::TwoVsTwo => menus::two_vs_two(run, stage, frame),
        Scene::Planner => menus::planner(run, stage, frame),
        Scene::Planner3d => menus::planner_3d(run, stage, frame),
        Scene::Brawl => battle::brawl(run, stage, frame),
        Scene::RoutePreview => battle::route_preview(run, stage, frame),
        Scene::PathOfAttack => battle::path_of_attack(run, stage, frame),
        Scene::MidMove => battle::mid_move(run, stage, frame),
        Scene::Eye => battle::eye(run, stage, frame),
        Scene::LuckPrompt => battle::luck_prompt(run, stage, frame),
        Scene::ReactionPrompt => battle::reaction_prompt(run, stage, frame),
        Scene::Results => battle::results(run, stage, frame),
        Scene::Coach => battle::coach(run, stage, frame),
        Scene::CampaignHub => campaign::campaign_hub(run, stage, frame),
        Scene::CampaignInjury => campaign::campaign_injury(run, stage, frame),
        Scene::CampaignPairs => campaign::campaign_pairs(run, stage, frame),
        Scene::OneOffSetup => campaign::one_off_setup(run, stage, frame),
        Scene::OneOffBuilder => campaign::one_off_builder(run, stage, frame),
        Scene::Lobby => online::lobby(run, stage, frame),
        Scene::OnlineMatch => online::online_match(run, stage, frame),
        Scene::Modules => modules_scene::modules(run, stage, frame),
        Scene::Security => security_scene::security(run, stage, frame),
        Scene::Coop => coop_scene::coop(run, stage, frame),
    }
}

/// `click-to-select`: the mouse pointer moves over a front-row miniature and clicks it, as a
/// player would; the Rapier picking backend finds the model's collider and the click
/// selects it (the shot shows its card and the Limiter).
fn click_a_miniature(
    run: Res<SmokeRun>,
    miniatures: Query<(&Miniature, &GlobalTransform)>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut pointer: MessageWriter<bevy::picking::pointer::PointerInput>,
) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
    if run.scene != Scene::ClickToSelect {
        return;
    }
    let Some(start) = run.shot_at else { return };
    let step = run.frames.saturating_sub(start + SELECT_FRAME);
    if run.frames < start + SELECT_FRAME || step > 2 {
        return;
    }
    let (Ok((cam, cam_at)), Ok(window)) = (camera.single(), window.single()) else {
        return;
    };
    // The miniature nearest the camera's edge of the table: nothing stands in front of it.
    let Some((_, at)) = miniatures
        .iter()
        .max_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z))
    else {
        return;
    };
    // Aim at the figure's chest, inside the model's collider.
    let Ok(in_view) = cam.world_to_viewport(cam_at, at.translation() + Vec3::Y * 0.6) else {
        return;
    };
    // The camera draws in the area the panels leave free; the pointer is in window space.
    let position = in_view + cam.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min);
    let Some(window_ref) = bevy::window::WindowRef::Primary.normalize(Some(window)) else {
        return;
    };
    let location = Location {
        target: NormalizedRenderTarget::Window(window_ref),
        position,
    };
    let action = match step {
        0 => PointerAction::Move { delta: Vec2::ZERO },
        1 => PointerAction::Press(PointerButton::Primary),
        _ => PointerAction::Release(PointerButton::Primary),
    };
    pointer.write(PointerInput::new(PointerId::Mouse, location, action));
}
