//! Dragging a scenery piece in the planner's play-test (MOVE-14..MOVE-16): a draggable crate
//! laid out in the planner, played with "Play this layout", is offered to the Drag action
//! of a model beside it exactly as the engine's legal commands have it, and the drag picked
//! is played by the engine.

use bevy::prelude::*;
use redline::headless::flow::aim::{Aim, AimIntent, drag_choices};
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::planner::PlannerIntent;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_rules::{Command, DecisionKind, ModelId, Seat, Target, basic};

use crate::driver::{data_dir, deploying, new_app, screen, send, until_deployment_over};
use crate::planner::until_checked;

/// Where the crate stands: inside the first seat's deployment zone of Street Claim (within
/// RED of the north edge, z = 0).
const CRATE_AT: [f32; 2] = [8.0, 1.8];
/// Where the hauler is set down: beside the crate, within reach of it.
const HAULER_AT: [f32; 3] = [6.6, 0.0, 1.8];

fn current(app: &App) -> &Match {
    app.world().resource::<Match>()
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

#[test]
fn move_14_the_play_test_offers_dragging_a_draggable_crate_and_the_engine_plays_it() {
    let dir = data_dir("playtest-drag");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Planner);
    app.update();
    until_checked(&mut app);
    send(&mut app, PlannerIntent::New);
    send(&mut app, PlannerIntent::Scenario("street_claim".into()));
    // The pack's Cargo Crate is draggable (MOVE-14).
    send(
        &mut app,
        PlannerIntent::Place {
            piece: "crate".into(),
            at: CRATE_AT,
        },
    );
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

    // The person sets its first model down beside the crate.
    let game = current(&app).game();
    let hauler = (0..game.model_count() as u16)
        .map(ModelId)
        .find(|&m| game.owner(m) == Seat(0) && !game.profile(m).is_gonk())
        .expect("a character of the first seat");
    let crate_id = game
        .battlespace()
        .pieces()
        .iter()
        .find(|p| p.draggable)
        .expect("the crate is draggable in play")
        .id
        .0;
    let deploy = Command::Deploy {
        model: hauler,
        at: HAULER_AT,
    };
    send(&mut app, BattleIntent::Answer(deploy));
    assert_eq!(
        current(&app).game().position(hauler),
        HAULER_AT,
        "{:?}",
        current(&app).last_refusal
    );
    send(&mut app, BattleIntent::Answer(Command::EndDeployment));
    until_deployment_over(&mut app);
    until_the_hauler_may_act(&mut app, hauler);

    // The Drag action, aimed: the prompt offers the engine's drags of the crate.
    let token = (0..current(&app).game().tokens(hauler).len() as u8)
        .find(|&t| current(&app).game().tokens(hauler)[usize::from(t)].ready);
    send(
        &mut app,
        AimIntent::Action {
            model: hauler,
            action: basic::DRAG,
            token,
            reaction: false,
        },
    );
    let legal = current(&app).game().legal_commands();
    let choices = drag_choices(&legal, app.world().resource::<Aim>());
    let crate_drags: Vec<&Command> = choices
        .iter()
        .filter(|c| {
            matches!(c, Command::Act(a) if matches!(a.target, Target::DragObject { object, .. } if object == crate_id))
        })
        .collect();
    assert!(!crate_drags.is_empty(), "the crate within reach is offered");
    assert!(
        choices.iter().all(|c| legal.contains(c)),
        "only legal drags"
    );
    let picked = crate_drags[0].clone();
    let steps = current(&app).replay().steps.len();
    send(&mut app, BattleIntent::Answer(picked.clone()));
    let replay = current(&app).replay();
    assert!(replay.steps.len() > steps, "the engine took the drag");
    assert_eq!(replay.steps[steps].command, picked);
    let _ = std::fs::remove_dir_all(&dir);
}
