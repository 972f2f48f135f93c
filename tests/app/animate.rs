//! Motion from the engine's events, headless: a move walks the route the engine's geometry
//! resolves for the answer and ends where the engine put the model; an attack shows a shot
//! along the engine's Path of Attack or a swing; a wound flips its token; the dice tray
//! tumbles and lands on the engine's faces; "skip" ends everything at once, and the match
//! never waits on any of it.

use std::time::Duration;

use crate::driver::{data_dir, new_app, send};
use crate::hot_seat::take_screen;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::feed::DiceTray;
use redline::headless::game::match_state::Match;
use redline::headless::game::probe::{bases_in_play, poa_view};
use redline::table::animate::{DiceTumble, SkipAnimations, Strike, StrikeKind, TokenFlip, Walk};
use redline::table::look::FigureLook;
use redline::table::spawn::Miniature;
use redline::table::sync::BodyMarker;
use redline_ai::Bot;
use redline_meshes::Pose;
use redline_rules::card::Skill;
use redline_rules::{Command, Event, Game, ModelId, Target};

/// A quick skirmish on the table, with time stepping 20 ms a frame.
fn skirmish(name: &str) -> App {
    let mut app = new_app(&data_dir(name));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    app
}

/// One answer of the scripted player, as a player gives it: the game before, the command
/// and the events it made (the engine is deterministic, so a copy of the game shows them).
fn answer(app: &mut App) -> Option<(Game, Command, Vec<Event>)> {
    answer_with(app, &mut scripted_answer)
}

/// [`answer`], with the answer chosen by `choose`.
fn answer_with(
    app: &mut App,
    choose: &mut dyn FnMut(&Game) -> Option<Command>,
) -> Option<(Game, Command, Vec<Event>)> {
    while take_screen(app) {}
    let game = app.world().resource::<Match>().game().clone();
    let command = choose(&game)?;
    let events = game.clone().apply(command.clone()).expect("a legal answer");
    let before = app.world().resource::<Match>().replay().steps.len();
    send(app, BattleIntent::Answer(command.clone()));
    assert_eq!(
        app.world().resource::<Match>().replay().steps.len(),
        before + 1,
        "the match takes the answer at once"
    );
    Some((game, command, events))
}

fn walk_of(app: &mut App, model: ModelId) -> Option<Walk> {
    let world = app.world_mut();
    let mut q = world.query::<(&Miniature, &Walk)>();
    q.iter(world)
        .find(|(m, _)| m.model == model)
        .map(|(_, w)| w.clone())
}

fn transform_of(app: &mut App, model: ModelId) -> Transform {
    let world = app.world_mut();
    let mut q = world.query::<(&Miniature, &Transform)>();
    q.iter(world)
        .find(|(m, _)| m.model == model)
        .map(|(_, t)| *t)
        .expect("a miniature per model")
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

/// Every miniature in play stands where the game has it.
fn all_where_the_game_has_them(app: &mut App) {
    let game = app.world().resource::<Match>().game().clone();
    let mut minis = app.world_mut().query::<(&Miniature, &Transform)>();
    for (m, t) in minis.iter(app.world()) {
        if game.in_play(m.model) {
            let at = Vec3::from_array(game.position(m.model));
            assert!(t.translation.distance(at) < 1e-3, "{:?}", m.model);
        }
    }
}

fn distance_to_path(p: Vec3, path: &[Vec3]) -> f32 {
    path.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = ((p - a).dot(ab) / ab.length_squared().max(1e-9)).clamp(0.0, 1.0);
            p.distance(a + ab * t)
        })
        .fold(f32::INFINITY, f32::min)
}

/// The walk's points are the engine's route for the answer (the geometry's 3D path
/// with its vertical steps), every frame of it stays on that route, and it ends where the
/// engine's `Moved` event put the model.
#[test]
fn a_move_walks_the_engines_route_and_ends_at_the_engines_position() {
    let mut app = skirmish("walk");
    for _ in 0..400 {
        let Some((before, command, events)) = answer(&mut app) else {
            break;
        };
        let (
            Command::Act(act),
            Some(Event::Moved {
                model, from, to, ..
            }),
        ) = (
            &command,
            events.iter().find(|e| matches!(e, Event::Moved { .. })),
        )
        else {
            continue;
        };
        let Target::Route(route) = &act.target else {
            continue;
        };
        let band = before
            .move_band(act.model, act.action, act.token)
            .expect("a move has a band");
        let plan = before
            .setup()
            .battlespace
            .check_move(
                &before.model_base(act.model),
                route,
                band.move_inches(),
                &bases_in_play(&before),
            )
            .expect("the engine took this route");
        if plan.end != *to {
            continue; // stopped at a crossing: another test's business
        }
        let walk = walk_of(&mut app, *model).expect("the move is walked");
        let engine: Vec<Vec3> = plan.path.iter().map(|p| Vec3::from_array(*p)).collect();
        assert_eq!(walk.points().len(), engine.len());
        for (shown, want) in walk.points().iter().zip(&engine) {
            assert!(shown.distance(*want) < 1e-4, "{shown} is not {want}");
        }
        assert!(walk.points()[0].distance(Vec3::from_array(*from)) < 1e-4);
        // Frame by frame it stays on the route, and ends where the engine put it.
        let mut frames = 0;
        while let Some(w) = walk_of(&mut app, *model) {
            let on = w.at().expect("a walk has legs");
            assert!(distance_to_path(on, &engine) < 0.7, "{on} off the route");
            app.update();
            frames += 1;
            assert!(frames < 2000, "the walk ends");
        }
        assert!(frames > 1, "the move is seen, not jumped");
        let end = transform_of(&mut app, *model).translation;
        assert!(end.distance(Vec3::from_array(*to)) < 1e-4);
        return;
    }
    panic!("no open move in 400 answers");
}

/// The match never waits on an animation: the next answer is taken while a model walks.
#[test]
fn the_game_takes_the_next_answer_while_a_model_walks() {
    let mut app = skirmish("walk-on");
    for _ in 0..400 {
        let Some((_, _, events)) = answer(&mut app) else {
            break;
        };
        let Some(Event::Moved { model, .. }) =
            events.iter().find(|e| matches!(e, Event::Moved { .. }))
        else {
            continue;
        };
        assert!(walk_of(&mut app, *model).is_some(), "the model walks");
        // `answer` checks the match took it at once.
        answer(&mut app).expect("the game goes on");
        return;
    }
    panic!("no move in 400 answers");
}

/// An attack shows as a shot along the engine's Path of Attack, or a swing for a Melee
/// action; a wound flips its token; "skip" ends every animation with every model where
/// the game has it.
#[test]
fn an_attack_shows_a_shot_or_swing_a_wound_flips_and_skip_ends_it_all() {
    let mut app = skirmish("animate");
    let (mut struck, mut flipped, mut skipped) = (false, false, false);
    let mut attack: Option<(ModelId, u16)> = None;
    for _ in 0..600 {
        let Some((before, _, events)) = answer(&mut app) else {
            break;
        };
        for e in &events {
            if let Event::ActionTaken { model, action, .. } = e {
                attack = Some((*model, *action));
            }
            if let (
                Event::DefenceChosen {
                    model: defender, ..
                },
                Some((actor, action)),
            ) = (e, attack)
                && actor != *defender
            {
                let strikes: Vec<Strike> = app
                    .world_mut()
                    .query::<&Strike>()
                    .iter(app.world())
                    .copied()
                    .filter(|s| s.actor == actor)
                    .collect();
                let strike = strikes.last().expect("the defence shows the attack");
                let melee = before
                    .action(actor, action)
                    .is_some_and(|a| a.skill == Some(Skill::Melee));
                if melee {
                    assert_eq!(strike.kind, StrikeKind::Swing);
                } else {
                    let poa = poa_view(&before, actor, *defender, action);
                    assert_eq!(strike.kind, StrikeKind::Shot);
                    assert_eq!((strike.from, strike.to), (poa.from, poa.to));
                }
                struck = true;
            }
            if let Event::Wounded { model, token, .. } = e {
                let world = app.world_mut();
                let mut q = world.query::<(&Miniature, &TokenFlip)>();
                let flip = q
                    .iter(world)
                    .find(|(m, _)| m.model == *model)
                    .map(|(_, f)| f.clone())
                    .expect("the wound flips a token");
                assert!(flip.tokens.contains(token));
                flipped = true;
            }
        }
        if count::<Walk>(&mut app) + count::<Strike>(&mut app) > 0 && struck {
            send(&mut app, SkipAnimations);
            assert_eq!(count::<Walk>(&mut app), 0, "skip ends the walks");
            assert_eq!(count::<Strike>(&mut app), 0, "skip ends the attacks");
            assert_eq!(count::<TokenFlip>(&mut app), 0, "skip ends the flips");
            all_where_the_game_has_them(&mut app);
            skipped = true;
        }
        if struck && flipped && skipped {
            return;
        }
    }
    panic!("struck {struck}, flipped {flipped}, skipped {skipped} in 600 answers");
}

/// The tray's new roll tumbles, then shows exactly the faces the engine rolled;
/// skip lands it at once.
#[test]
fn the_dice_tray_lands_on_the_engines_faces() {
    let mut app = skirmish("dice");
    let (mut landed, mut skipped) = (false, false);
    for _ in 0..600 {
        let Some((_, _, events)) = answer(&mut app) else {
            break;
        };
        let rolls: Vec<Vec<u8>> = events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { dice } => Some(dice.iter().map(|d| d.face).collect()),
                _ => None,
            })
            .collect();
        let Some(faces) = rolls.last() else { continue };
        if events.iter().any(|e| matches!(e, Event::Rerolled { .. })) {
            continue;
        }
        assert!(app.world().resource::<DiceTumble>().rolling, "it tumbles");
        let shown = |app: &App| {
            let tray = app.world().resource::<DiceTray>();
            app.world()
                .resource::<DiceTumble>()
                .shown(tray)
                .last()
                .cloned()
        };
        if skipped {
            for _ in 0..80 {
                app.update();
            }
            assert!(!app.world().resource::<DiceTumble>().rolling);
            landed = true;
        } else {
            send(&mut app, SkipAnimations);
            skipped = true;
        }
        assert_eq!(shown(&app).as_ref(), Some(faces), "the engine's faces");
        if landed {
            return;
        }
    }
    panic!("landed {landed}, skipped {skipped} in 600 answers");
}

/// WOUND-5, WOUND-9: reached through play, a Red-lined model kneels and a taken-out one
/// lies down where it fell, its Body token beside it where the engine placed it.
#[test]
fn wound_5_wound_9_a_red_lined_model_kneels_and_a_taken_out_one_lies_by_its_body() {
    let (mut kneeled, mut lay) = (false, false);
    // Matches played by the computer's Easy players, a few seeds until both are seen.
    for seed in 0..12u64 {
        let mut app = skirmish(&format!("kneel-{seed}"));
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..2)
            .map(|seat| AiLevel::Easy.bot_as(seed * 2 + seat, &redline_ai::Persona::generic()))
            .collect();
        let mut choose = |g: &Game| {
            let seat = g.decision()?.seat;
            Some(bots[usize::from(seat.0)].choose(g))
        };
        for _ in 0..3000 {
            let Some((_, _, events)) = answer_with(&mut app, &mut choose) else {
                break;
            };
            let game = app.world().resource::<Match>().game().clone();
            for e in &events {
                match e {
                    Event::RedLined { model } if game.in_play(*model) && game.red_lined(*model) => {
                        assert_eq!(pose_of(&mut app, *model), Pose::Kneeling); // WOUND-5
                        kneeled = true;
                    }
                    Event::TakenOut { model, at, .. } => {
                        assert_eq!(pose_of(&mut app, *model), Pose::Lying); // WOUND-9
                        let world = app.world_mut();
                        let mut bodies = world.query::<(&BodyMarker, &Transform)>();
                        let (_, t) = bodies
                            .iter(world)
                            .find(|(b, _)| b.model == *model)
                            .expect("its Body token is on the table");
                        assert!(t.translation.distance(Vec3::from_array(*at)) < 1e-4);
                        lay = true;
                    }
                    _ => {}
                }
            }
            if kneeled && lay {
                return;
            }
        }
    }
    panic!("kneeled {kneeled}, lay {lay}");
}

fn pose_of(app: &mut App, model: ModelId) -> Pose {
    let world = app.world_mut();
    let mut q = world.query::<(&Miniature, &FigureLook)>();
    q.iter(world)
        .find(|(m, _)| m.model == model)
        .map(|(_, l)| l.pose)
        .expect("a miniature per model")
}
