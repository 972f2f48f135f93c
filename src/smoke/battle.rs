//! The smoke scenes of the battle: the quick battle (photographed, timed, or clicked), and
//! the scenes set up from a match played ahead by the scripted player (a route aimed, an
//! attack aimed across two obstacles and seen from the attacker's eyes, a model mid-move, a
//! Luck or [RE]action prompt, the result, the coach).

use bevy::prelude::*;
use redline_rules::{Command, DecisionKind, Event, Target, basic};

use super::run::{SELECT_FRAME, SHOT_FRAME, SmokeRun};
use super::scene::Scene;
use super::scenes;
use super::stage::Stage;
use crate::headless::flow::aim::AimIntent;
use crate::headless::flow::battle::BattleIntent;
use crate::headless::flow::coach::Coach;
use crate::headless::flow::start::begin_match;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::feed::{DiceTray, log_of_replay};
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::screen::Screen;
use crate::table::camera::TableCamera;
use crate::table::eye::ToggleEyeView;
use crate::table::limiter::Limiter;

/// Frames measured by `--scene frame-time`.
const FRAME_TIME_FRAMES: u32 = 600;
/// The frame a prompt scene's match is put on the table.
const SET_UP_FRAME: u32 = 3;
/// The frame a prompt scene aims its action (the table is up by then).
pub(super) const AIM_FRAME: u32 = 8;
/// The frame a prompt scene is photographed.
const PROMPT_SHOT: u32 = 20;

/// The frame the quick battle appeared on, once it has.
fn battle_start(run: &mut SmokeRun, stage: &Stage, frame: u32) -> Option<u32> {
    stage
        .on(Screen::Battle)
        .then(|| *run.shot_at.get_or_insert(frame))
}

/// `battle`: the quick battle with its first model selected.
pub(super) fn battle(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let Some(start) = battle_start(run, stage, frame) else {
        return;
    };
    if frame == start + SELECT_FRAME {
        stage.select_first();
    }
    stage.shoot(run, frame, start + SHOT_FRAME);
}

/// `click-to-select`: the quick battle; `click_a_miniature` clicks a model on screen.
pub(super) fn click_to_select(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if let Some(start) = battle_start(run, stage, frame) {
        stage.shoot(run, frame, start + SHOT_FRAME);
    }
}

/// `frame-time`: the median and worst frame time of the quick battle over 600 frames, its
/// first model selected; `frame-time-opened`: the same with nothing selected, the table as
/// the browser test times it (docs/web.md).
pub(super) fn frame_time(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let Some(start) = battle_start(run, stage, frame) else {
        return;
    };
    if frame == start + SELECT_FRAME && run.scene == Scene::FrameTime {
        stage.select_first();
    }
    if frame == start + SHOT_FRAME {
        run.frame_times.clear();
        stage.costs.clear();
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
        println!(
            "per frame (median): Update {:.2} ms, PostUpdate {:.2} ms; meshes drawn: {} ({} triangles)",
            super::costs::median_ms(&stage.costs.update),
            super::costs::median_ms(&stage.costs.post_update),
            stage.costs.meshes_drawn,
            stage.costs.triangles_drawn
        );
        stage.send.exit.write(AppExit::Success);
    }
}

/// A match a prompt scene starts from, played ahead by the engine, with the events of its
/// last answer.
pub(super) type SceneMatch = Option<(Match, Vec<Event>)>;

/// The Luck offer on a failing roll of a model.
fn luck_offer(stage: &mut Stage) -> SceneMatch {
    scenes::play_until(&stage.content.0, |d| {
        matches!(
            d,
            DecisionKind::OfferLuck {
                model: Some(_),
                actor_winning: false,
                ..
            }
        )
    })
}

/// A [RE]action offer.
fn reaction_offer(stage: &mut Stage) -> SceneMatch {
    scenes::play_until(&stage.content.0, |d| {
        matches!(d, DecisionKind::OfferReaction { .. })
    })
}

/// A whole game, played to its end.
fn game_over(stage: &mut Stage) -> SceneMatch {
    scenes::play_to_the_end(&stage.content.0)
}

/// The scripted player about to move.
fn about_to_move(stage: &mut Stage) -> SceneMatch {
    scenes::about_to_move(&stage.content.0)
}

/// The scripted player about to make a move with no roll on the way.
fn about_to_walk(stage: &mut Stage) -> SceneMatch {
    scenes::about_to_walk(&stage.content.0)
}

/// Two Leaders with two obstacles between them.
fn across_two_obstacles(stage: &mut Stage) -> SceneMatch {
    scenes::path_of_attack(&stage.content.0)
}

/// A solo match with the coach's report of the person's last decision, the coach open.
fn coached(stage: &mut Stage) -> SceneMatch {
    let (m, events, report) = scenes::coach(&stage.content.0)?;
    stage.commands.queue(move |world: &mut World| {
        let mut coach = world.resource_mut::<Coach>();
        coach.open = true;
        coach.report = Some(report);
    });
    Some((m, events))
}

/// On the set-up frame, puts the scene's match on the table, its log and dice tray as if
/// played here; whether this was that frame.
pub(super) fn set_up(
    run: &SmokeRun,
    stage: &mut Stage,
    frame: u32,
    build: fn(&mut Stage) -> SceneMatch,
) -> bool {
    if frame != SET_UP_FRAME {
        return false;
    }
    let Some((m, events)) = build(stage) else {
        stage.fail(run, "no match reaches it");
        return true;
    };
    let mut log = BattleLog::default();
    for line in log_of_replay(m.replay(), &m.meta) {
        log.push(line);
    }
    let mut tray = DiceTray::default();
    tray.take(m.game(), &events);
    stage.commands.insert_resource(tray);
    stage.commands.insert_resource(log);
    begin_match(&mut stage.commands, m, None);
    true
}

/// `luck-prompt`: a Luck offer on a failing roll.
pub(super) fn luck_prompt(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if !set_up(run, stage, frame, luck_offer) {
        stage.shoot(run, frame, PROMPT_SHOT);
    }
}

/// `reaction-prompt`: a [RE]action offer.
pub(super) fn reaction_prompt(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if !set_up(run, stage, frame, reaction_offer) {
        stage.shoot(run, frame, PROMPT_SHOT);
    }
}

/// `coach`: the coach's report in a solo match.
pub(super) fn coach(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if !set_up(run, stage, frame, coached) {
        stage.shoot(run, frame, PROMPT_SHOT);
    }
}

/// `results`: a whole game played, its result shown.
pub(super) fn results(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, game_over) {
        return;
    }
    if frame == AIM_FRAME {
        stage.send.battle.write(BattleIntent::ShowResults);
    }
    stage.shoot(run, frame, PROMPT_SHOT);
}

/// `route-preview`: the scripted player's next move aimed with the action tool.
pub(super) fn route_preview(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, about_to_move) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some(Command::Act(a)) = scripted_answer(m.game())
        && let Target::Route(route) = &a.target
        && let Some(goal) = route.last()
    {
        stage.send.aim.write(AimIntent::Action {
            model: a.model,
            action: a.action,
            token: a.token,
            reaction: false,
        });
        stage.send.aim.write(AimIntent::Ground(*goal));
        stage.select_model(a.model);
    }
    stage.shoot(run, frame, PROMPT_SHOT);
}

/// The frame `mid-move` is photographed: a few frames into the walk (each frame steps
/// the animation by at most 50 ms).
const MID_MOVE_SHOT: u32 = AIM_FRAME + 9;

/// `mid-move`: the scripted player's next move made, the model photographed on its way.
pub(super) fn mid_move(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, about_to_walk) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some(command) = scripted_answer(m.game())
        && let Command::Act(a) = &command
    {
        let events = m.game().clone().apply(command.clone()).unwrap_or_default();
        stage.select_model(a.model);
        // The camera closes in on the middle of the walk, as a player zooming in would.
        if let Some(Event::Moved { from, to, .. }) =
            events.iter().find(|e| matches!(e, Event::Moved { .. }))
        {
            let middle = (Vec3::from_array(*from) + Vec3::from_array(*to)) / 2.0;
            stage.commands.queue(move |world: &mut World| {
                let mut cameras = world.query::<&mut TableCamera>();
                for mut camera in cameras.iter_mut(world) {
                    camera.focus = middle.with_y(0.0);
                    camera.distance = 13.0;
                    camera.pitch = 0.7;
                    camera.user_moved = true;
                }
            });
        }
        stage
            .send
            .battle
            .write(BattleIntent::Answer(command.clone()));
    }
    stage.shoot(run, frame, MID_MOVE_SHOT);
}

/// `path-of-attack`: the first Leader's Basic Ranged Attack aimed at the other's.
pub(super) fn path_of_attack(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    aim_across_two_obstacles(run, stage, frame);
    stage.shoot(run, frame, PROMPT_SHOT);
}

/// `eye`: the same attack seen from the attacker's eyes, its cover outlined.
pub(super) fn eye(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    aim_across_two_obstacles(run, stage, frame);
    if frame == AIM_FRAME + 1 {
        stage.send.eye.write(ToggleEyeView);
    }
    stage.shoot(run, frame, PROMPT_SHOT);
}

/// Sets up the two Leaders across two obstacles and aims the first one's Basic Ranged
/// Attack at the other.
fn aim_across_two_obstacles(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, across_two_obstacles) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some((attacker, target)) = scenes::poa_pair(m.game())
    {
        let token = m
            .game()
            .tokens(attacker)
            .iter()
            .position(|t| t.ready)
            .map(|t| t as u8);
        stage.send.aim.write(AimIntent::Action {
            model: attacker,
            action: basic::RANGED,
            token,
            reaction: false,
        });
        stage.send.aim.write(AimIntent::Model(target));
        stage.select_model(attacker);
    }
}

/// Two models in a Brawl, played ahead; the camera is set close over them.
fn brawling(stage: &mut Stage) -> SceneMatch {
    let (m, events, pair) = scenes::in_a_brawl(&stage.content.0)?;
    let [a, b] = pair.map(|model| Vec3::from(m.game().position(model)));
    let across = (b - a).xz();
    // Look across the pair from the side, so both figures show, from the side where the
    // scenery hides least of them.
    let side_on = across.y.atan2(-across.x);
    let camera = clearest_view(m.game().battlespace(), [a, b], side_on);
    stage.commands.queue(move |world: &mut World| {
        let mut cameras = world.query::<&mut TableCamera>();
        for mut c in cameras.iter_mut(world) {
            *c = camera;
        }
    });
    Some((m, events))
}

/// The close camera over the pair `figures` that sees them best: of sixteen headings, the
/// one whose sight lines to their chests run least through scenery (the nearest to
/// `side_on` among equals).
fn clearest_view(
    space: &redline_battlespace::Battlespace,
    figures: [Vec3; 2],
    side_on: f32,
) -> TableCamera {
    let view = |yaw: f32| TableCamera {
        focus: (figures[0] + figures[1]) / 2.0,
        yaw,
        pitch: 0.7,
        distance: 15.0,
        top_down: false,
        user_moved: true,
    };
    let hidden = |camera: &TableCamera| -> f32 {
        let eye = camera.transform().translation.to_array();
        figures
            .iter()
            .map(|f| space.length_inside_scenery((*f + Vec3::Y * 0.8).to_array(), eye))
            .sum()
    };
    let turn = std::f32::consts::TAU / 16.0;
    (0..16)
        .map(|i: i32| {
            // 0, +1, -1, +2, -2, ... steps from side on.
            let step = if i % 2 == 0 { -(i / 2) } else { i / 2 + 1 };
            view(side_on + step as f32 * turn)
        })
        .map(|c| (hidden(&c), c))
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map_or_else(|| view(side_on), |(_, c)| c)
}

/// `brawl`: a close-up of two crews' models in a Brawl, one of them selected (its card
/// shown); its Limiter, which would run across the close-up, is put away.
pub(super) fn brawl(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, brawling) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(m) = stage.current.as_deref()
        && let Some(model) = (0..m.game().model_count())
            .map(|i| redline_rules::ModelId(i as u16))
            .find(|&model| !m.game().brawling_with(model).is_empty())
    {
        stage.select_model(model);
    }
    // The selection lays the Limiter within a frame; hide it before the picture.
    if frame > AIM_FRAME && frame < PROMPT_SHOT {
        stage.commands.queue(|world: &mut World| {
            let mut limiters = world.query_filtered::<&mut Visibility, With<Limiter>>();
            for mut visibility in limiters.iter_mut(world) {
                if *visibility != Visibility::Hidden {
                    *visibility = Visibility::Hidden;
                }
            }
        });
    }
    // The dice of the last roll land before the picture.
    if frame == PROMPT_SHOT - 3 {
        stage.commands.queue(|world: &mut World| {
            world.write_message(crate::table::animate::SkipAnimations);
        });
    }
    stage.shoot(run, frame, PROMPT_SHOT);
}
