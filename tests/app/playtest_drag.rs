//! Dragging in the planner's play-test (MOVE-14..MOVE-16 for a scenery piece, BRAWL-11 for a
//! model): a layout with a draggable crate beside the person's hauler and another far off,
//! played with "Play this layout". The prompt offers the engine's legal drags, and on the
//! table the Drag is aimed, the piece (or model) clicked, and a click near where it should
//! go sends the engine's drag that ends nearest it, shown with the engine's chance of its
//! drag roll (`Game::drag_odds`); a piece or model out of reach is not picked, and the
//! engine's refusal says why.

use std::path::PathBuf;

use bevy::prelude::*;
use redline::headless::flow::aim::{Aim, AimIntent, AimPreview, DragOffers, Dragged, drag_choices};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::drag::chance_line;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::planner::PlannerIntent;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline::table::drag_aim::DragHighlight;
use redline::table::spawn::{Miniature, Scenery};
use redline_battlespace::SceneryId;
use redline_rules::{Command, DecisionKind, ModelId, Rule, Seat, Target, basic};

use crate::driver::{
    data_dir, deploying, first_ready, new_app, screen, send, until_deployment_over,
};
use crate::planner::until_checked;

/// Where the crate beside the hauler stands: inside the first seat's deployment zone of
/// Street Claim (within RED of the north edge, z = 0).
const CRATE_AT: [f32; 2] = [8.0, 1.8];
/// A second crate, far out of the hauler's reach.
const FAR_CRATE_AT: [f32; 2] = [20.0, 1.8];
/// Where the hauler is set down: beside the crate, within reach of it.
const HAULER_AT: [f32; 3] = [6.6, 0.0, 1.8];
/// A friend of the hauler's within its reach (BRAWL-11).
const FRIEND_AT: [f32; 3] = [5.2, 0.0, 1.8];
/// A friend out of the hauler's reach.
const FAR_FRIEND_AT: [f32; 3] = [14.0, 0.0, 1.8];
/// Faces loaded for the drag roll: the dragger's die wins (MOVE-14), and so does it after
/// the rival spends Luck on a re-roll (LUCK-4).
const WIN: [u8; 4] = [u8::MAX, 1, 1, 1];

fn current(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// The play-test of the crate yard with the hauler's Drag aimed.
struct Yard {
    app: App,
    dir: PathBuf,
    hauler: ModelId,
    friend: ModelId,
    far_friend: ModelId,
    near_crate: u32,
    far_crate: u32,
}

impl Drop for Yard {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs the match until the person (first seat) may activate `hauler`; the computer and
/// the person's other decisions answer by themselves.
fn until_the_hauler_may_act(app: &mut App, hauler: ModelId) {
    for _ in 0..20_000 {
        let game = current(app).game().clone();
        let decision = game.decision().expect("the game goes on");
        if decision.seat == Seat(1) {
            send(app, SkipAnimations);
            continue;
        }
        if let DecisionKind::NextAction { model } = decision.kind
            && model == hauler
        {
            return;
        }
        let activate = Command::Activate { model: hauler };
        let answer = if game.check(&activate).is_ok() {
            activate
        } else {
            scripted_answer(&game).expect("an answer")
        };
        send(app, BattleIntent::Answer(answer));
    }
    panic!("the hauler never got to act");
}

/// The draggable crate standing nearest `at`.
fn crate_near(app: &App, at: [f32; 2]) -> u32 {
    let space = current(app).game().battlespace();
    let far = |c: [f32; 2]| (c[0] - at[0]).hypot(c[1] - at[1]);
    (space.pieces().iter().filter(|p| p.draggable))
        .min_by(|a, b| far(a.centre()).total_cmp(&far(b.centre())))
        .expect("the crates are draggable in play")
        .id
        .0
}

/// Deploys `model` at `at` through the engine.
fn deploy(app: &mut App, model: ModelId, at: [f32; 3]) {
    send(app, BattleIntent::Answer(Command::Deploy { model, at }));
    let game = current(app).game();
    assert_eq!(game.position(model), at, "{:?}", current(app).last_refusal);
}

/// Lays out the yard in the planner, plays it, deploys the hauler and its friends, runs
/// the match until the hauler may act and aims its Drag.
fn crate_yard(name: &str) -> Yard {
    let dir = data_dir(name);
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Planner);
    app.update();
    until_checked(&mut app);
    send(&mut app, PlannerIntent::New);
    send(&mut app, PlannerIntent::Scenario("street_claim".into()));
    // The pack's Cargo Crate is draggable (MOVE-14).
    for at in [CRATE_AT, FAR_CRATE_AT] {
        let piece = "crate".into();
        send(&mut app, PlannerIntent::Place { piece, at });
    }
    send(&mut app, PlannerIntent::Rename("Crate yard".into()));
    until_checked(&mut app);
    send(&mut app, PlannerIntent::Play { solo: true });
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    send(&mut app, SetupIntent::Seed(11));
    send(&mut app, SetupIntent::Start);
    app.update();
    send(&mut app, BuilderIntent::Faction("ashfall".into()));
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    let said = app.world().resource::<Notice>().text.clone();
    assert_eq!(screen(&app), Screen::Battle, "{said}");
    assert_eq!(deploying(&app), Some(Seat(0)));

    // The person sets its hauler down beside the crate, one friend beside it, one far off.
    let game = current(&app).game();
    let mine: Vec<ModelId> = (0..game.model_count() as u16)
        .map(ModelId)
        .filter(|&m| game.owner(m) == Seat(0))
        .collect();
    let hauler = *mine
        .iter()
        .find(|&&m| !game.profile(m).is_gonk())
        .expect("a character of the first seat");
    let mut others = mine.iter().copied().filter(|&m| m != hauler);
    let (friend, far_friend) = (others.next().unwrap(), others.next().unwrap());
    let (near_crate, far_crate) = (crate_near(&app, CRATE_AT), crate_near(&app, FAR_CRATE_AT));
    deploy(&mut app, hauler, HAULER_AT);
    deploy(&mut app, friend, FRIEND_AT);
    deploy(&mut app, far_friend, FAR_FRIEND_AT);
    send(&mut app, BattleIntent::Answer(Command::EndDeployment));
    until_deployment_over(&mut app);
    until_the_hauler_may_act(&mut app, hauler);
    let mut yard = Yard {
        app,
        dir,
        hauler,
        friend,
        far_friend,
        near_crate,
        far_crate,
    };
    aim_the_drag(&mut yard);
    yard
}

/// Aims the hauler's Drag action with a Ready token.
fn aim_the_drag(yard: &mut Yard) {
    let game = current(&yard.app).game();
    let token = first_ready(game, yard.hauler);
    let aim = AimIntent::Action {
        model: yard.hauler,
        action: basic::DRAG,
        token,
        reaction: false,
    };
    send(&mut yard.app, aim);
}

fn aim(app: &App) -> &Aim {
    app.world().resource::<Aim>()
}

/// What carries the table's drag highlight: scenery pieces and miniatures.
fn highlighted(app: &mut App) -> Vec<Dragged> {
    let world = app.world_mut();
    let mut pieces = world.query_filtered::<&Scenery, With<DragHighlight>>();
    let mut out: Vec<Dragged> = (pieces.iter(world))
        .map(|s| Dragged::Object(s.id.0))
        .collect();
    let mut models = world.query_filtered::<&Miniature, With<DragHighlight>>();
    out.extend(models.iter(world).map(|m| Dragged::Model(m.model)));
    out
}

/// The refusal the notice shows, checked to name `rule`.
#[track_caller]
fn said_no(app: &App, rule: Rule) -> String {
    let notice = app.world().resource::<Notice>();
    assert!(notice.error, "{notice:?}");
    assert!(notice.text.contains(rule.id()), "{}", notice.text);
    notice.text.clone()
}

/// Loads the drag roll's faces into the match, so the drag is won.
fn load_a_winning_roll(app: &mut App) {
    let m = current(app).clone();
    let mut game = m.game().clone();
    game.load_dice(&WIN);
    let resumed = Match::resumed(game, m.replay().clone(), m.meta.clone());
    app.insert_resource(resumed);
}

/// Where `command` puts the thing it drags down: a model's drop, a piece's centre moved by
/// its shift.
fn end_of(app: &App, command: &Command) -> [f32; 3] {
    let Command::Act(a) = command else {
        panic!("an action")
    };
    match &a.target {
        Target::Drag { drop, .. } => *drop,
        Target::DragObject { object, shift, .. } => {
            let space = current(app).game().battlespace();
            let [x, z] = space.piece(SceneryId(*object)).expect("a piece").centre();
            [x + shift[0], 0.0, z + shift[1]]
        }
        other => panic!("not a drag: {other:?}"),
    }
}

/// Whether the aim shows `chance` for the picked drag: the preview's, or in its words
/// before the pointer is on the table.
fn shows_chance(app: &App, chance: f64) -> bool {
    match app.world().resource::<AimPreview>() {
        AimPreview::Drag(d) => d.success == Some(chance),
        AimPreview::NeedsTarget(text) => text.contains(&chance_line(chance)),
        _ => false,
    }
}

/// Takes one of the engine's offered drags of the picked `dragged`, points on the table
/// near where it puts it down, checks the preview is that drag, then clicks there and
/// checks the engine took it; the drag's target.
fn drag_by_clicking(app: &mut App, dragged: Dragged) -> Target {
    let offers = app.world().resource::<DragOffers>().commands();
    let of_it = |c: &&Command| Dragged::of(c) == Some(dragged);
    let command = offers.iter().rfind(of_it).expect("a drag offered").clone();
    let end = end_of(app, &command);
    let chance = {
        let Command::Act(a) = &command else {
            panic!("an action")
        };
        let game = current(app).game();
        game.drag_odds(a)
            .expect("the engine's odds of its drag")
            .success
    };
    // Picked, the aim already shows the drag roll's chance (BRAWL-12, MOVE-14).
    assert!(
        shows_chance(app, chance),
        "{:?}",
        app.world().resource::<AimPreview>()
    );
    let near = [end[0] + 0.3, end[1], end[2] - 0.2];
    let pointer = AimIntent::Pointer {
        at: Some(near),
        piece: None,
    };
    send(app, pointer);
    app.update();
    match app.world().resource::<AimPreview>() {
        AimPreview::Drag(d) => {
            assert_eq!(d.command, command, "the nearest drag is shown");
            assert_eq!(d.success, Some(chance), "with the engine's chance");
        }
        other => panic!("no drag preview: {other:?}"),
    }
    load_a_winning_roll(app);
    let steps = current(app).replay().steps.len();
    send(app, AimIntent::Ground(near));
    app.update();
    let replay = current(app).replay();
    assert!(
        replay.steps.len() > steps,
        "{:?}",
        current(app).last_refusal
    );
    assert_eq!(replay.steps[steps].command, command, "the engine took it");
    // The person keeps the winning roll rather than spend Luck on it (LUCK-2); the computer
    // answers its own offers as it thinks.
    for _ in 0..1_000 {
        let Some(offer) = current(app).game().decision().cloned() else {
            break;
        };
        match offer.kind {
            DecisionKind::OfferLuck { .. } if offer.seat == Seat(0) => {
                send(app, BattleIntent::Answer(Command::KeepRoll));
            }
            DecisionKind::OfferLuck { .. } => app.update(),
            _ => break,
        }
    }
    let Command::Act(a) = command else {
        unreachable!("checked by end_of")
    };
    a.target
}

#[test]
fn move_14_the_play_test_offers_dragging_a_draggable_crate_and_the_engine_plays_it() {
    let mut yard = crate_yard("playtest-drag");
    let app = &mut yard.app;
    let legal = current(app).game().legal_commands();
    let choices = drag_choices(&legal, aim(app));
    let of_crate = |c: &&Command| Dragged::of(c) == Some(Dragged::Object(yard.near_crate));
    let crate_drags: Vec<&Command> = choices.iter().filter(of_crate).collect();
    assert!(!crate_drags.is_empty(), "the crate within reach is offered");
    assert!(
        choices.iter().all(|c| legal.contains(c)),
        "only legal drags"
    );
    let picked = crate_drags[0].clone();
    let steps = current(app).replay().steps.len();
    send(app, BattleIntent::Answer(picked.clone()));
    let replay = current(app).replay();
    assert!(replay.steps.len() > steps, "the engine took the drag");
    assert_eq!(replay.steps[steps].command, picked);
}

/// The centre of the scenery piece `id` where it stands now.
fn centre(app: &App, id: u32) -> [f32; 2] {
    let space = current(app).game().battlespace();
    space.piece(SceneryId(id)).expect("the piece").centre()
}

/// Points at the scenery piece `id` (on its top), then clicks it; what the table highlighted
/// while the pointer was on it.
fn point_and_click_piece(app: &mut App, id: u32) -> Vec<Dragged> {
    let [x, z] = centre(app, id);
    let at = [x, 1.0, z];
    let piece = Some(id);
    send(
        app,
        AimIntent::Pointer {
            at: Some(at),
            piece,
        },
    );
    let lit = highlighted(app);
    send(app, AimIntent::Scenery { piece: id, at });
    lit
}

/// Points at the model `m`, then clicks it; what the table highlighted meanwhile.
fn point_and_click_model(app: &mut App, m: ModelId) -> Vec<Dragged> {
    send(app, AimIntent::Hover(Some(m)));
    let lit = highlighted(app);
    send(app, AimIntent::Model(m));
    lit
}

#[test]
fn move_14_a_crate_is_dragged_by_clicking_it_and_then_the_table() {
    let mut yard = crate_yard("table-drag-crate");
    let (near, far) = (yard.near_crate, yard.far_crate);
    let app = &mut yard.app;

    // MOVE-14: the far crate is out of reach: pointing at it highlights nothing, clicking
    // it picks nothing and the engine says why.
    assert_eq!(point_and_click_piece(app, far), vec![]);
    assert_eq!(aim(app).dragged, None);
    let why = said_no(app, Rule::Move14);
    assert!(why.contains("within reach"), "{why}");

    // The crate beside the hauler: pointed at, it is highlighted; clicked, it is picked.
    let [cx, cz] = centre(app, near);
    let lit = point_and_click_piece(app, near);
    assert_eq!(lit, vec![Dragged::Object(near)]);
    assert_eq!(aim(app).dragged, Some(Dragged::Object(near)));

    // A click near where one of the engine's drags puts it down sends that drag.
    let Target::DragObject { shift, .. } = drag_by_clicking(app, Dragged::Object(near)) else {
        panic!("a drag of the crate")
    };
    // MOVE-16: the crate stands where the drag put it down.
    let game = current(app).game();
    assert_eq!(game.moved_objects(), &[(near, [shift[0], 0.0, shift[1]])]);
    assert_eq!(centre(app, near), [cx + shift[0], cz + shift[1]]);
}

#[test]
fn brawl_11_a_model_within_reach_is_dragged_by_clicking_it_and_then_the_table() {
    let mut yard = crate_yard("table-drag-model");
    let (friend, far_friend) = (yard.friend, yard.far_friend);
    let app = &mut yard.app;
    let before = current(app).game().clone();

    // BRAWL-11: a model out of reach is not picked, and the engine says why.
    assert_eq!(point_and_click_model(app, far_friend), vec![]);
    assert_eq!(aim(app).dragged, None);
    said_no(app, Rule::Brawl11);
    assert_eq!(current(app).game().state_hash(), before.state_hash());

    // The friend beside the hauler: hovered, it is highlighted; clicked, it is picked.
    let lit = point_and_click_model(app, friend);
    assert_eq!(lit, vec![Dragged::Model(friend)]);
    assert_eq!(aim(app).dragged, Some(Dragged::Model(friend)));

    let Target::Drag { drop, .. } = drag_by_clicking(app, Dragged::Model(friend)) else {
        panic!("a drag of the friend")
    };
    // BRAWL-11: the friend is put down where the drag said.
    assert_eq!(current(app).game().position(friend), drop);
}
