//! The table's entities, headless: the Limiter bends along an aimed route (GEN-6, MOVE-2)
//! and lies straight again when the aim is cleared.

use crate::driver::{aim_a_shot, data_dir, new_app, quick_skirmish_to_an_activation, send};
use crate::hot_seat::take_screen;
use bevy::prelude::*;
use redline::headless::flow::aim::{AimIntent, AimPreview};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::table::eye::{EyeView, ToggleEyeView};
use redline::table::haywire::Haywire;
use redline::table::limiter::{Limiter, LimiterBand, LimiterBend};
use redline::table::look::{FigureLook, figure_look};
use redline::table::selection::{SelectModel, SelectedModel};
use redline::table::spawn::Miniature;
use redline_meshes::Pose;
use redline_meshes::markers::PipState;
use redline_rules::{ActionCommand, Command, Target};

#[test]
fn gen_6_the_limiter_bends_along_the_aimed_route() {
    let mut app = new_app(&data_dir("table"));
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();

    // Answer until the scripted player wants to move somewhere.
    let (action, route) = loop {
        if take_screen(&mut app) {
            continue;
        }
        let game = app.world().resource::<Match>().game().clone();
        let command = scripted_answer(&game).expect("the game goes on");
        if let Command::Act(a) = &command
            && let Target::Route(route) = &a.target
            && !route.is_empty()
        {
            break (a.clone(), route.clone());
        }
        send(&mut app, BattleIntent::Answer(command));
    };
    let AimPreview::Route(Ok(preview)) = aim_move(&mut app, &action, &route) else {
        panic!("the scripted move previews");
    };
    let start = Vec3::from_array(preview.path[0]);

    let world = app.world_mut();
    let mut limiters = world.query::<(&Limiter, &Children)>();
    let (_, children) = limiters.single(world).expect("one Limiter");
    let children: Vec<Entity> = children.iter().collect();
    let mut bands = world.query::<(&LimiterBand, &LimiterBend)>();
    let mut laid: Vec<(LimiterBand, LimiterBend)> = children
        .iter()
        .filter_map(|c| bands.get(world, *c).ok())
        .map(|(b, l)| (*b, l.clone()))
        .collect();
    assert_eq!(laid.len(), 3, "RED, YELLOW and GREEN follow the route");
    laid.sort_by(|a, b| a.0.start.total_cmp(&b.0.start));
    let first = laid[0].1.0[0];
    assert!(
        first.xz().distance(start.xz()) < 1e-3,
        "it starts at the model"
    );
    // Each band is as long as its stretch of the Limiter, bent or not.
    for (band, LimiterBend(line)) in &laid {
        let length: f32 = line.windows(2).map(|w| w[0].xz().distance(w[1].xz())).sum();
        assert!((length - band.length()).abs() < 0.05, "{band:?}: {length}");
    }
    // The bands join end to end.
    assert!(laid[0].1.0.last().unwrap().distance(laid[1].1.0[0]) < 1e-3);

    send(&mut app, AimIntent::Clear);
    app.update();
    let world = app.world_mut();
    let mut bent = world.query::<&LimiterBend>();
    assert_eq!(
        bent.iter(world).count(),
        0,
        "cleared: the Limiter lies straight"
    );
}

/// Every miniature and scenery solid gets a picking collider from the rules' shapes, and a
/// ray cast like the pointer's finds the miniature it points at.
#[test]
fn picking_colliders_are_the_rules_shapes() {
    use bevy_rapier3d::prelude::Collider;
    use redline::table::colliders::MatSurface;
    use redline::table::spawn::{Miniature, ScenerySolid};

    let mut app = new_app(&data_dir("pick"));
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    app.update();
    let game = app.world().resource::<Match>().game().clone();
    let world = app.world_mut();
    let mut minis = world.query::<(&Miniature, &Transform, Option<&Collider>)>();
    let mut count = 0;
    for (mini, transform, collider) in minis.iter(world) {
        let collider = collider.expect("every miniature can be clicked");
        count += 1;
        // A ray straight down onto the model's base centre hits its cylinder at the top:
        // the geometry crate's model height.
        let top = Vec3::from_array(game.position(mini.model)) + Vec3::Y * 10.0;
        let hit = collider
            .raw
            .cast_ray(&rapier_pose(transform), &ray(top, -Vec3::Y), 100.0, true);
        let toi = hit.expect("the ray hits the model");
        assert!(
            (10.0 - toi - redline_battlespace::MODEL_HEIGHT).abs() < 1e-3,
            "{}: {toi}",
            mini.name
        );
    }
    assert_eq!(count, game.model_count());
    let mut solids = world.query::<(&ScenerySolid, Option<&Collider>)>();
    assert!(solids.iter(world).count() >= 10);
    assert!(solids.iter(world).all(|(_, c)| c.is_some()));
    let mut mats = world.query::<(&MatSurface, &Collider)>();
    assert_eq!(mats.iter(world).count(), 1);
    // Objective markers stand where the engine has them.
    let mut markers = world.query::<(&redline::table::tokens::ObjectiveMarker, &Transform)>();
    assert_eq!(markers.iter(world).count(), game.markers().len());
    for (m, t) in markers.iter(world) {
        let at = Vec3::from_array(game.marker_position(m.index));
        assert!(
            t.translation.distance(at) < 1e-4
                || game.markers()[usize::from(m.index)].carrier.is_some()
        );
    }
}

fn rapier_pose(t: &Transform) -> bevy_rapier3d::rapier::math::Pose {
    bevy_rapier3d::rapier::math::Pose::from_parts(t.translation, t.rotation)
}

fn ray(origin: Vec3, dir: Vec3) -> bevy_rapier3d::rapier::geometry::Ray {
    bevy_rapier3d::rapier::geometry::Ray::new(origin, dir)
}

/// The miniature entity of a model, and the model of the selected miniature.
fn entity_of(app: &mut App, model: redline_rules::ModelId) -> Entity {
    let world = app.world_mut();
    let mut minis = world.query::<(Entity, &Miniature)>();
    minis
        .iter(world)
        .find(|(_, m)| m.model == model)
        .map(|(e, _)| e)
        .expect("a miniature per model")
}

fn selected_model(app: &mut App) -> Option<redline_rules::ModelId> {
    let selected = app.world().resource::<SelectedModel>().0?;
    app.world().get::<Miniature>(selected).map(|m| m.model)
}

/// Picks the move `action` in the action tool and clicks the table at the route's end, as
/// a player aims a move; the preview the app shows for it.
fn aim_move(app: &mut App, action: &ActionCommand, route: &[[f32; 3]]) -> AimPreview {
    send(
        app,
        AimIntent::Action {
            model: action.model,
            action: action.action,
            token: action.token,
            reaction: false,
        },
    );
    send(
        app,
        AimIntent::Ground(*route.last().expect("a route has a point")),
    );
    app.update();
    app.world().resource::<AimPreview>().clone()
}

#[test]
fn ctrl_4_the_view_follows_the_activated_model_not_the_clicked_rival() {
    let mut app = new_app(&data_dir("follow"));
    // Answer until a player takes Control by activating a character (CTRL-4).
    let own = quick_skirmish_to_an_activation(&mut app);
    let game = app.world().resource::<Match>().game().clone();
    let rival = (0..game.model_count() as u16)
        .map(redline_rules::ModelId)
        .find(|m| game.owner(*m) != game.owner(own) && game.in_play(*m))
        .expect("a rival on the table");

    // The player looks at a rival, then activates their own character.
    let rival_entity = entity_of(&mut app, rival);
    send(&mut app, SelectModel(Some(rival_entity)));
    assert_eq!(selected_model(&mut app), Some(rival));
    send(
        &mut app,
        BattleIntent::Answer(Command::Activate { model: own }),
    );
    app.update();
    assert_eq!(
        app.world().resource::<Match>().game().active_model(),
        Some(own)
    );
    assert_eq!(
        selected_model(&mut app),
        Some(own),
        "the card and ring move to it"
    );
    let own_entity = entity_of(&mut app, own);
    let world = app.world_mut();
    let mut limiters = world.query::<&Limiter>();
    let limiter = limiters.single(world).expect("one Limiter");
    assert_eq!(limiter.model, own_entity, "the Limiter moves to it");

    // A look at the rival again, then the move button: a click on the table aims the
    // active model's move, and the view is back on it.
    send(&mut app, SelectModel(Some(rival_entity)));
    let game = app.world().resource::<Match>().game().clone();
    let (action, route) = game
        .legal_commands()
        .into_iter()
        .chain(scripted_answer(&game))
        .find_map(|c| match c {
            Command::Act(a) => match &a.target {
                Target::Route(r) if !r.is_empty() => Some((a.clone(), r.clone())),
                _ => None,
            },
            _ => None,
        })
        .expect("the active model can move");
    let AimPreview::Route(Ok(preview)) = aim_move(&mut app, &action, &route) else {
        panic!("the move previews");
    };
    let Command::Act(aimed) = &preview.command else {
        panic!("a move is an action");
    };
    assert_eq!(aimed.model, own, "the click aims the active model's move");
    assert_eq!(selected_model(&mut app), Some(own));
}

#[test]
fn the_models_eye_view_looks_from_the_selected_model_along_the_engines_path_of_attack() {
    let mut app = new_app(&data_dir("eye"));
    let shooter = quick_skirmish_to_an_activation(&mut app);
    let game = app.world().resource::<Match>().game().clone();
    let rival = (0..game.model_count() as u16)
        .map(redline_rules::ModelId)
        .find(|m| game.owner(*m) != game.owner(shooter) && game.in_play(*m))
        .expect("a rival");
    send(
        &mut app,
        BattleIntent::Answer(Command::Activate { model: shooter }),
    );
    assert_eq!(*app.world().resource::<EyeView>(), EyeView::default());

    // The key (or the button): the camera goes to the shooter's eyes.
    send(&mut app, ToggleEyeView);
    let eye = app.world().resource::<EyeView>().clone();
    assert!(eye.on);
    let shot = eye.shot.expect("a selected model to look from");
    let [x, y, z] = game.position(shooter);
    assert!((shot.eye.x - x).abs() < 1e-4 && (shot.eye.z - z).abs() < 1e-4);
    assert!(shot.eye.y > y && shot.eye.y <= y + redline_battlespace::MODEL_HEIGHT);
    assert!(shot.poa.is_none(), "nothing aimed yet");

    // The model under the cursor is looked at.
    send(&mut app, AimIntent::Hover(Some(rival)));
    app.update();
    let shot = app.world().resource::<EyeView>().shot.clone().unwrap();
    let [rx, _, rz] = game.position(rival);
    assert!((shot.look_at.x - rx).abs() < 1e-4 && (shot.look_at.z - rz).abs() < 1e-4);

    // An attack aimed at it: the engine's Path of Attack, with its cover, drawn from there.
    aim_a_shot(&mut app, shooter, rival);
    let AimPreview::Target(preview) = app.world().resource::<AimPreview>().clone() else {
        panic!("the attack previews");
    };
    let shot = app.world().resource::<EyeView>().shot.clone().unwrap();
    assert_eq!(
        shot.poa, preview.poa,
        "the engine's Path of Attack, not another"
    );
    let poa = shot.poa.expect("a Path of Attack to a rival");
    assert_eq!(shot.look_at, poa.to);

    // Off again: the table camera's own view.
    send(&mut app, ToggleEyeView);
    assert_eq!(*app.world().resource::<EyeView>(), EyeView::default());
}

/// Every miniature's look as the table shows it, beside the game it was read from.
fn looks(app: &mut App) -> Vec<(redline_rules::ModelId, FigureLook, Visibility)> {
    let world = app.world_mut();
    let mut q = world.query::<(&Miniature, &FigureLook, &Visibility)>();
    q.iter(world)
        .map(|(m, look, shown)| (m.model, look.clone(), *shown))
        .collect()
}

/// The table shows each model's state without a click: Used tokens as hollow pips (TOK-1),
/// a Red-lined model kneeling (WOUND-5), a taken-out one lying beside its Body token
/// (WOUND-9), the Active Model marked; each read from the game after every answer.
#[test]
fn tok_1_wound_9_miniatures_show_their_tokens_and_pose() {
    let mut app = new_app(&data_dir("table-look"));
    send(&mut app, MenuIntent::QuickSkirmish);
    app.update();
    let (mut used, mut kneeling, mut lying, mut active) = (false, false, false, false);
    for _ in 0..600 {
        if take_screen(&mut app) {
            continue;
        }
        let game = app.world().resource::<Match>().game().clone();
        let haywire = app.world().resource::<Haywire>().now(&game);
        for (model, look, shown) in looks(&mut app) {
            assert_eq!(
                look,
                figure_look(&game, model, haywire),
                "the look follows the game"
            );
            for (pip, token) in look.pips.iter().zip(game.tokens(model)) {
                // TOK-1
                let state = if token.ready {
                    PipState::Ready
                } else {
                    PipState::Used
                };
                assert_eq!(pip.state, state);
                used |= state == PipState::Used;
            }
            if game.in_play(model) && game.red_lined(model) {
                // WOUND-5
                assert_eq!(look.pose, Pose::Kneeling);
                kneeling = true;
            }
            if game.taken_out(model) {
                // WOUND-9
                assert_eq!(look.pose, Pose::Lying);
                assert_ne!(shown, Visibility::Hidden, "it lies where it fell");
                assert!(game.bodies().iter().any(|(_, m, _)| *m == model));
                lying = true;
            }
            active |= look.active && game.active_model() == Some(model);
        }
        let Some(command) = scripted_answer(&game) else {
            break;
        };
        send(&mut app, BattleIntent::Answer(command));
    }
    // A quick skirmish may end without a Red-lined model; every one seen knelt.
    let _ = kneeling;
    assert!(
        used && lying && active,
        "saw used {used}, lying {lying}, active {active}"
    );
}
