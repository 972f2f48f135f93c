//! The match behind the `coop` smoke scene: a co-op game of Pumphouse Holdout for three
//! people (Tidewater, Choir and Lantern crews round the pump) against the computer's Ashfall
//! raiders, set up as the co-op Setup screen sets it up (COOP-1..COOP-5), played by the
//! scripted player until the computer's first wave has come over the north edge (COOP-2,
//! COOP-3) and a person is about to take Control.

use bevy::prelude::*;
use redline_content::Catalog;
use redline_rules::{Command, DecisionKind, Event, ModelId};

use super::battle::{AIM_FRAME, set_up};
use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::flow::coop::{CoopCrew, CoopSetup, coop_match};
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::autoplay::scripted_answer;
use crate::headless::game::match_state::Match;
use crate::headless::persist::rosters::Rosters;
use crate::table::camera::TableCamera;

/// The scenario shown.
const SCENARIO: &str = "pumphouse_holdout";
/// The people's crews, by faction.
const CREWS: [&str; 3] = ["tidewater", "choir", "lantern"];
/// Seeds tried before giving up.
const SEEDS: u64 = 20;
/// Answers played per seed before giving up.
const ANSWERS: usize = 4000;
/// The frame the scene is photographed.
const COOP_SHOT: u32 = 24;

/// The co-op game after its first wave came in, at a person's Take Control, with the
/// events of the last answers.
pub fn after_a_wave(catalog: &Catalog) -> Option<(Match, Vec<Event>)> {
    (1..=SEEDS).find_map(|seed| played(catalog, seed))
}

/// One seed's game, played to a person's Take Control after a wave came in.
fn played(catalog: &Catalog, seed: u64) -> Option<(Match, Vec<Event>)> {
    let mut setup = CoopSetup::new(catalog);
    setup.scenario = SCENARIO.into();
    setup.people = 3;
    setup.crews = CREWS.iter().map(|f| CoopCrew::Quick((*f).into())).collect();
    setup.level = AiLevel::Normal;
    setup.hand_over = false;
    setup.seed = seed;
    let mut m = coop_match(catalog, &setup, &Rosters::default()).ok()?;
    m.deploy_as_planned().ok()?;
    let mut events: Vec<Event> = Vec::new();
    let mut wave_in = false;
    for _ in 0..ANSWERS {
        let decision = m.game().decision()?;
        let person = !m.meta.is_computer(decision.seat);
        if wave_in && person && matches!(decision.kind, DecisionKind::TakeControl { .. }) {
            return Some((m, events));
        }
        // The computer brings its Gonks in as soon as it may.
        let enter = (!person)
            .then(|| m.game().legal_commands())
            .and_then(|legal| {
                legal
                    .into_iter()
                    .find(|c| matches!(c, Command::Deploy { .. }))
            });
        let command = enter.or_else(|| scripted_answer(m.game()))?;
        let answered = m.answer(command).ok()?;
        let waves = &m.game().setup().scenario.waves;
        wave_in |= answered.iter().any(|e| {
            matches!(e, Event::Deployed { model, from_reserve: true, .. }
                if waves.iter().any(|w| w.models.contains(model)))
        });
        events.extend(answered);
        let keep = events.len().saturating_sub(40);
        events.drain(..keep);
    }
    None
}

/// `coop`: three people and the computer's crews mid-game, a wave just in; the camera
/// looks across the people's crews toward the raiders, and the first character Player 1 may
/// activate is selected (its card shows).
pub(super) fn coop(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if set_up(run, stage, frame, coop_here) {
        return;
    }
    if frame == AIM_FRAME
        && let Some(model) = stage.current.as_deref().and_then(|m| {
            // The first character the person may activate: its tokens are Ready.
            m.game().legal_commands().into_iter().find_map(|c| match c {
                Command::Activate { model } => Some(model),
                _ => None,
            })
        })
    {
        stage.select_model(model);
    }
    if (frame == AIM_FRAME + 1 || frame == COOP_SHOT - 2)
        && let Some(camera) = stage.current.as_deref().map(over_the_people)
    {
        stage.commands.queue(move |world: &mut World| {
            let mut cameras = world.query::<&mut TableCamera>();
            for mut c in cameras.iter_mut(world) {
                *c = camera;
            }
        });
    }
    stage.shoot(run, frame, COOP_SHOT);
}

/// A camera south-east of the people's crews, looking past them toward the west edge and
/// the pump, the raiders between it and the camera.
fn over_the_people(m: &Match) -> TableCamera {
    let game = m.game();
    let people: Vec<Vec2> = (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&x| game.in_play(x) && !m.meta.is_computer(game.owner(x)))
        .map(|x| {
            let [x, _, z] = game.position(x);
            Vec2::new(x, z)
        })
        .collect();
    let focus = people.iter().sum::<Vec2>() / people.len().max(1) as f32;
    let out = Vec2::new(1.0, 0.55).normalize();
    TableCamera {
        focus: Vec3::new(focus.x + 3.0, 0.5, focus.y),
        yaw: out.x.atan2(out.y),
        pitch: 0.95,
        distance: 60.0,
        top_down: false,
        user_moved: true,
    }
}

/// The scene's match.
fn coop_here(stage: &mut Stage) -> Option<(Match, Vec<Event>)> {
    after_a_wave(&stage.content.0)
}
