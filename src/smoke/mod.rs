//! Smoke mode (`--smoke <out.png> [--scene NAME]`): with no user input, play a scripted
//! scene (the quick battle with a model selected, the main menu, the team builder with a
//! violation, deployment, a Path of Attack with its odds, a Luck prompt, a [RE]action
//! prompt, the result, deployment of a 2 vs 2 game, the terrain planner with its heat map, the coach panel in a solo match), capture the window, refuse a blank image, write the PNG and exit 0.
//! `--scene frame-time` prints the median and worst frame time over 600 frames instead. Any error exits non-zero; a run that
//! takes longer than [`TIMEOUT`] exits 2 (and a watchdog thread kills a frozen one).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use redline_rules::{DecisionKind, Event};

use crate::headless::content::Content;
use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::{BattleIntent, begin_match};
use crate::headless::flow::builder::BuilderIntent;
use crate::headless::flow::coach::Coach;
use crate::headless::flow::hand_over::HandOverReady;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::new_game::SetupIntent;
use crate::headless::game::feed::{DiceTray, log_of_replay};
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::options::LaunchOptions;
use crate::headless::schedule::AppSystems;
use crate::headless::screen::Screen;
use crate::table::selection::SelectModel;
use crate::table::spawn::Miniature;

mod campaign;
mod scenes;

/// How long a smoke run may take before it fails.
pub const TIMEOUT: Duration = Duration::from_secs(120);
/// Battle frame on which the first model is selected.
const SELECT_FRAME: u32 = 3;
/// Battle frame on which the screenshot is taken: panels laid out, camera framed.
const SHOT_FRAME: u32 = 10;
/// A rendered table has far more colours than this; fewer means a blank or broken frame.
const MIN_COLOURS: usize = 9;

#[derive(Resource, Debug)]
struct SmokeRun {
    path: PathBuf,
    started: Instant,
    frames: u32,
    scene: String,
    /// The frame the battle appeared on.
    shot_at: Option<u32>,
    frame_times: Vec<Duration>,
    last: Option<Instant>,
}

/// Frames measured by `--scene frame-time`.
const FRAME_TIME_FRAMES: u32 = 600;

/// Why a smoke screenshot failed.
#[derive(Debug, thiserror::Error)]
enum SmokeError {
    #[error("cannot read the captured frame: {0}")]
    Convert(String),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("the frame looks blank: only {colours} distinct colours (written anyway for a look)")]
    Blank { colours: usize },
}

pub(super) fn plugin(app: &mut App) {
    let options = app.world().resource::<LaunchOptions>().clone();
    let path = options
        .smoke
        .clone()
        .expect("smoke::plugin is only added with --smoke");
    let scene = options
        .scene
        .clone()
        .unwrap_or_else(|| "battle".to_string());
    let started = Instant::now();
    let limit = time_limit(&scene);
    std::thread::spawn(move || {
        std::thread::sleep(limit + Duration::from_secs(15));
        eprintln!("redline --smoke: frozen for {limit:?}, aborting");
        std::process::exit(3);
    });
    app.insert_resource(SmokeRun {
        path,
        started,
        frames: 0,
        scene,
        shot_at: None,
        frame_times: Vec::new(),
        last: None,
    });
    app.add_systems(
        Update,
        (
            watch_clock,
            drive_scene.in_set(AppSystems::RecordInput),
            click_a_miniature.after(drive_scene),
        ),
    );
    app.add_plugins(campaign::plugin);
}

/// How long a scene may take: measuring 600 frames on a CPU rasteriser takes minutes.
fn time_limit(scene: &str) -> Duration {
    if scene == "frame-time" {
        TIMEOUT * 8
    } else {
        TIMEOUT
    }
}

fn watch_clock(run: Res<SmokeRun>, mut exit: MessageWriter<AppExit>) {
    let limit = time_limit(&run.scene);
    if run.started.elapsed() > limit {
        error!("redline --smoke: no screenshot after {limit:?}");
        exit.write(AppExit::from_code(2));
    }
}

/// Sets a scene's match up straight away (the engine is played with the scripted player
/// up to the moment the scene shows).
fn scene_match(catalog: &redline_content::Catalog, scene: &str) -> Option<(Match, Vec<Event>)> {
    match scene {
        "path-of-attack" => scenes::path_of_attack(catalog),
        "luck-prompt" => scenes::play_until(catalog, |d| {
            matches!(
                d,
                DecisionKind::OfferLuck {
                    model: Some(_),
                    actor_winning: false,
                    ..
                }
            )
        }),
        "reaction-prompt" => {
            scenes::play_until(catalog, |d| matches!(d, DecisionKind::OfferReaction { .. }))
        }
        "results" => scenes::play_to_the_end(catalog),
        "route-preview" => scenes::about_to_move(catalog),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn drive_scene(
    mut commands: Commands,
    mut run: ResMut<SmokeRun>,
    screen: Res<State<Screen>>,
    content: Res<Content>,
    miniatures: Query<(Entity, &Miniature)>,
    mut select: MessageWriter<SelectModel>,
    mut menu: MessageWriter<MenuIntent>,
    mut setup: MessageWriter<SetupIntent>,
    mut build: MessageWriter<BuilderIntent>,
    mut ready: MessageWriter<HandOverReady>,
    mut aim: MessageWriter<AimIntent>,
    mut battle: MessageWriter<BattleIntent>,
    mut exit: MessageWriter<AppExit>,
    current: Option<Res<Match>>,
    mut plan: MessageWriter<crate::headless::planner::PlannerIntent>,
) {
    run.frames += 1;
    let frame = run.frames;
    let scene = run.scene.clone();
    let now = Instant::now();
    if let Some(last) = run.last {
        run.frame_times.push(now.duration_since(last));
    }
    run.last = Some(now);
    let shoot = |run: &mut SmokeRun, commands: &mut Commands, at: u32| {
        if frame == at {
            info!(
                "redline --smoke: capturing {} after {:?}",
                run.scene,
                run.started.elapsed()
            );
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_and_exit);
        }
    };
    match scene.as_str() {
        "battle" | "frame-time" | "click-to-select" => {
            if *screen.get() != Screen::Battle {
                return;
            }
            run.shot_at.get_or_insert(frame);
            let start = run.shot_at.unwrap_or(frame);
            if frame == start + SELECT_FRAME && scene != "click-to-select" {
                let first = miniatures
                    .iter()
                    .min_by_key(|(_, m)| m.model)
                    .map(|(e, _)| e);
                select.write(SelectModel(first));
            }
            if scene == "frame-time" {
                if frame == start + SHOT_FRAME {
                    run.frame_times.clear();
                }
                if frame == start + SHOT_FRAME + FRAME_TIME_FRAMES {
                    let mut times: Vec<f64> = run
                        .frame_times
                        .iter()
                        .map(|d| d.as_secs_f64() * 1000.0)
                        .collect();
                    times.sort_by(f64::total_cmp);
                    let median = times[times.len() / 2];
                    let worst = times.last().copied().unwrap_or(0.0);
                    println!(
                        "frame time over {} frames at 1280x720: median {median:.1} ms, worst {worst:.1} ms",
                        times.len()
                    );
                    exit.write(AppExit::Success);
                }
            } else {
                shoot(&mut run, &mut commands, start + SHOT_FRAME);
            }
        }
        "main-menu" => {
            if *screen.get() == Screen::MainMenu {
                shoot(&mut run, &mut commands, 14);
            }
        }
        "team-builder" => match frame {
            3 => {
                menu.write(MenuIntent::NewGame);
            }
            6 => {
                setup.write(SetupIntent::Start);
            }
            9 => {
                ready.write(HandOverReady);
            }
            11 => {
                build.write(BuilderIntent::QuickTeam);
            }
            13 => {
                // A misclick: the Leader taken out, so the TEAM-3 violation shows.
                build.write(BuilderIntent::Remove(0));
            }
            _ => shoot(&mut run, &mut commands, 20),
        },
        "deployment" => match frame {
            3 => {
                menu.write(MenuIntent::NewGame);
            }
            6 => {
                setup.write(SetupIntent::Start);
            }
            9 | 15 | 21 => {
                ready.write(HandOverReady);
            }
            11 | 17 => {
                build.write(BuilderIntent::QuickTeam);
            }
            13 | 19 => {
                build.write(BuilderIntent::Done);
            }
            25 => {
                let first = miniatures
                    .iter()
                    .min_by_key(|(_, m)| m.model)
                    .map(|(e, _)| e);
                select.write(SelectModel(first));
            }
            _ => shoot(&mut run, &mut commands, 34),
        },
        "two-vs-two" => match frame {
            // Four seats of the 2 vs 2 scenario: each builds its quick team after the
            // hand-over, then the first seat deploys (four teams in the top bar).
            3 => {
                menu.write(MenuIntent::NewGame);
            }
            6 => {
                setup.write(SetupIntent::Scenario("alliance_night".into()));
            }
            7 => {
                setup.write(SetupIntent::Start);
            }
            9..=32 => match (frame - 9) % 6 {
                0 => {
                    ready.write(HandOverReady);
                }
                2 => {
                    build.write(BuilderIntent::QuickTeam);
                }
                4 => {
                    build.write(BuilderIntent::Done);
                }
                _ => {}
            },
            35 => {
                ready.write(HandOverReady);
            }
            38 => {
                let first = miniatures
                    .iter()
                    .min_by_key(|(_, m)| m.model)
                    .map(|(e, _)| e);
                select.write(SelectModel(first));
            }
            _ => shoot(&mut run, &mut commands, 48),
        },
        "planner" => {
            use crate::headless::planner::PlannerIntent;
            match frame {
                3 => {
                    menu.write(MenuIntent::Planner);
                }
                6 => {
                    // A generated, mirrored table with its heat map and climbing routes,
                    // the rulebook's tags agreed, one piece selected (its tags shown) and a
                    // Path of Attack checked across the middle.
                    plan.write(PlannerIntent::Generate {
                        seed: 7,
                        symmetry: redline_planner::Symmetry::Mirror,
                    });
                    plan.write(PlannerIntent::HeatMap(true));
                    plan.write(PlannerIntent::Climbs(true));
                    // The players take the rulebook's suggestion for every piece (the
                    // water tanks become elevated, POA-10), so routes up are drawn.
                    plan.write(PlannerIntent::SelectOnly((0..32).collect()));
                    plan.write(PlannerIntent::SuggestTags);
                    plan.write(PlannerIntent::Select {
                        index: Some(0),
                        add: false,
                    });
                    plan.write(PlannerIntent::PoaPoint([5.0, 9.0]));
                    plan.write(PlannerIntent::PoaPoint([20.0, 13.0]));
                }
                _ => shoot(&mut run, &mut commands, 16),
            }
        }
        "solo-setup" => match frame {
            3 => {
                menu.write(MenuIntent::NewSolo);
            }
            _ => shoot(&mut run, &mut commands, 12),
        },
        "path-of-attack" | "luck-prompt" | "reaction-prompt" | "results" | "route-preview"
        | "coach" => {
            if frame == 3 {
                let found = if scene == "coach" {
                    scenes::coach(&content.0).map(|(m, events, report)| {
                        commands.queue(move |world: &mut World| {
                            let mut coach = world.resource_mut::<Coach>();
                            coach.open = true;
                            coach.report = Some(report);
                        });
                        (m, events)
                    })
                } else {
                    scene_match(&content.0, &scene)
                };
                match found {
                    Some((m, events)) => {
                        let mut log = BattleLog::default();
                        for line in log_of_replay(m.replay(), &m.meta) {
                            log.push(line);
                        }
                        let mut tray = DiceTray::default();
                        tray.take(m.game(), &events);
                        commands.insert_resource(tray);
                        commands.insert_resource(log);
                        begin_match(&mut commands, m, true);
                    }
                    None => {
                        error!("redline --smoke: scene {scene} could not be set up");
                        exit.write(AppExit::from_code(1));
                    }
                }
                return;
            }
            if scene == "route-preview"
                && frame == 8
                && let Some(m) = current.as_deref()
                && let Some(redline_rules::Command::Act(a)) =
                    crate::headless::game::autoplay::scripted_answer(m.game())
                && let redline_rules::Target::Route(route) = &a.target
                && let Some(goal) = route.last()
            {
                aim.write(AimIntent::Action {
                    model: a.model,
                    action: a.action,
                    token: a.token,
                    reaction: false,
                });
                aim.write(AimIntent::Ground(*goal));
                let e = miniatures
                    .iter()
                    .find(|(_, mm)| mm.model == a.model)
                    .map(|(e, _)| e);
                select.write(SelectModel(e));
            }
            if scene == "results" && frame == 8 {
                battle.write(BattleIntent::ShowResults);
            }
            if scene == "path-of-attack"
                && frame == 8
                && let Some(m) = current.as_deref()
                && let Some((attacker, target)) = scenes::poa_pair(m.game())
            {
                {
                    let token = m
                        .game()
                        .tokens(attacker)
                        .iter()
                        .position(|t| t.ready)
                        .map(|t| t as u8);
                    aim.write(AimIntent::Action {
                        model: attacker,
                        action: redline_rules::basic::RANGED,
                        token,
                        reaction: false,
                    });
                    aim.write(AimIntent::Model(target));
                    let e = miniatures
                        .iter()
                        .find(|(_, mm)| mm.model == attacker)
                        .map(|(e, _)| e);
                    select.write(SelectModel(e));
                }
            }
            shoot(&mut run, &mut commands, 20);
        }
        other if campaign::is_one_off_scene(other) => {
            if *screen.get() == campaign::one_off_screen(other) {
                run.shot_at.get_or_insert(frame);
                let start = run.shot_at.unwrap_or(frame);
                shoot(&mut run, &mut commands, start.max(9) + 6);
            }
        }
        other if campaign::is_campaign_scene(other) => {
            if *screen.get() == Screen::CampaignHub {
                run.shot_at.get_or_insert(frame);
                let start = run.shot_at.unwrap_or(frame);
                shoot(&mut run, &mut commands, start + campaign::SHOT_AFTER_HUB);
            }
        }
        other => {
            error!("redline --smoke: unknown scene '{other}'");
            exit.write(AppExit::from_code(2));
        }
    }
}

/// `click-to-select`: the mouse pointer moves over a front-row miniature and clicks it, as a
/// player would; the Rapier picking backend finds the model's collider and the click
/// selects it (the shot shows its card and the Limiter).
fn click_a_miniature(
    run: Res<SmokeRun>,
    miniatures: Query<(&Miniature, &GlobalTransform)>,
    camera: Query<(&Camera, &GlobalTransform), With<crate::table::camera::TableCamera>>,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut pointer: MessageWriter<bevy::picking::pointer::PointerInput>,
) {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
    if run.scene != "click-to-select" {
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

fn save_and_exit(
    captured: On<ScreenshotCaptured>,
    run: Res<SmokeRun>,
    mut exit: MessageWriter<AppExit>,
) {
    match save_png(captured.image.clone(), &run.path) {
        Ok(colours) => {
            info!(
                "redline --smoke: wrote {} ({colours} colours) in {:?}",
                run.path.display(),
                run.started.elapsed()
            );
            exit.write(AppExit::Success);
        }
        Err(error) => {
            error!("redline --smoke: {error}");
            exit.write(AppExit::from_code(1));
        }
    }
}

/// Writes the frame as a PNG (through a temporary file, so a reader never sees half a
/// file) and returns its number of distinct colours.
fn save_png(image: Image, path: &Path) -> Result<usize, SmokeError> {
    let rgb = image
        .try_into_dynamic()
        .map_err(|e| SmokeError::Convert(e.to_string()))?
        .to_rgb8();
    let colours = distinct_colours(rgb.as_raw(), MIN_COLOURS * 1000);
    let write_error = |source: Box<dyn std::error::Error + Send + Sync>| SmokeError::Write {
        path: path.to_owned(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| write_error(e.into()))?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    rgb.save_with_format(&temporary, image::ImageFormat::Png)
        .map_err(|e| write_error(e.into()))?;
    std::fs::rename(&temporary, path).map_err(|e| write_error(e.into()))?;
    if colours < MIN_COLOURS {
        return Err(SmokeError::Blank { colours });
    }
    Ok(colours)
}

/// Distinct RGB colours in packed pixels, counting no further than `cap`.
fn distinct_colours(rgb: &[u8], cap: usize) -> usize {
    let mut seen = HashSet::new();
    for pixel in rgb.chunks_exact(3) {
        seen.insert([pixel[0], pixel[1], pixel[2]]);
        if seen.len() >= cap {
            break;
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_frame_counts_one_colour() {
        let frame = [10u8, 20, 30].repeat(100);
        assert_eq!(distinct_colours(&frame, 100), 1);
    }

    #[test]
    fn counting_stops_at_the_cap() {
        let frame: Vec<u8> = (0..=255u8).flat_map(|v| [v, 0, 0]).collect();
        assert_eq!(distinct_colours(&frame, 256), 256);
        assert_eq!(distinct_colours(&frame, 50), 50);
    }
}
