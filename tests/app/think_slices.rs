//! The computer thinking in slices on the app's own thread, as in the browser (a page has
//! one thread): a Hard seat's turns complete a little each frame, and every answer is the one
//! the same bot gives thinking at once.

use crate::driver::{
    data_dir, end_deployment, new_app, send, street_claim_against_easy_tidewater,
    until_deployment_over,
};

use std::time::Duration;

use bevy::prelude::*;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::flow::solo::{Computer, ThinkInSlices};
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::table::animate::SkipAnimations;
use redline_ai::{Bot, HardBot, HardBudget};
use redline_rules::Seat;

/// A budget small enough for the debug profile, with a time cap no test machine reaches,
/// so the work alone decides.
const SMALL: HardBudget = HardBudget {
    work: 1500,
    turn_ms: 600_000,
};

#[test]
fn a_hard_seat_thinking_in_slices_answers_as_it_would_at_once() {
    let dir = data_dir("think-slices");
    let mut app = new_app(&dir);
    // One slice of one unit of work per frame: a play-out a frame.
    app.insert_resource(ThinkInSlices {
        on: true,
        slice: 1,
        per_frame: Duration::ZERO,
    });
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    street_claim_against_easy_tidewater(&mut app);
    send(&mut app, SetupIntent::Start);
    app.update();
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let hard = || Box::new(HardBot::with_budget(3, SMALL));
    assert!(
        app.world_mut()
            .resource_mut::<Computer>()
            .set_bot(Seat(1), hard())
    );
    // The same bot thinking at once, asked every decision the seat is asked.
    let mut at_once = hard();
    let (mut answers, mut longest) = (0, 0);
    while answers < 8 {
        let game = app.world().resource::<Match>().game().clone();
        let decision = game.decision().expect("the game goes on");
        let before = app.world().resource::<Match>().replay().steps.len();
        if decision.seat == Seat(0) {
            let command = scripted_answer(&game).expect("an answer");
            send(&mut app, BattleIntent::Answer(command));
            continue;
        }
        let expected = at_once.choose(&game);
        let mut frames = 0;
        while app.world().resource::<Match>().replay().steps.len() == before {
            send(&mut app, SkipAnimations);
            frames += 1;
            assert!(frames < 5000, "the computer's turn never completed");
        }
        let steps = &app.world().resource::<Match>().replay().steps;
        assert_eq!(steps[before].command, expected, "answer {answers}");
        answers += 1;
        longest = longest.max(frames);
    }
    assert!(longest >= 3, "a search took {longest} frames at most");
    assert!(app.world().resource::<Computer>().thinking(0.0).is_none());
}
