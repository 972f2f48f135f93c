//! The coach panel's report in a solo match, headless: after the person's answer to an
//! action decision the Normal AI's ratings of the options arrive from the task pool, with
//! the person's answer and Normal's own pick marked.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::coach::{Coach, ToggleCoach};
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::SetupIntent;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::describe;
use redline::headless::game::match_state::Match;
use redline::table::animate::SkipAnimations;
use redline_ai::NormalBot;
use redline_rules::{Command, DecisionKind, Seat};

use crate::driver::{data_dir, end_deployment, new_app, send, until_deployment_over};

fn steps(app: &App) -> usize {
    app.world().resource::<Match>().replay().steps.len()
}

/// A solo match against the Easy computer, in battle.
fn solo_battle(app: &mut App) {
    send(app, MenuIntent::NewSolo);
    app.update();
    send(app, SetupIntent::Seed(4));
    send(app, SetupIntent::Start);
    app.update();
    send(app, BuilderIntent::QuickTeam);
    send(app, BuilderIntent::Done);
    app.update();
    end_deployment(app);
    until_deployment_over(app);
}

/// Plays on (the person with the scripted player) until the person must choose an action;
/// the person's answers so far are counted in the return value.
fn to_the_persons_action(app: &mut App) -> usize {
    let mut answered = 0;
    for _ in 0..20_000 {
        let game = app.world().resource::<Match>().game().clone();
        let decision = game.decision().expect("the game goes on").clone();
        if decision.seat == Seat(1) {
            send(app, SkipAnimations);
            continue;
        }
        if matches!(decision.kind, DecisionKind::NextAction { .. }) {
            return answered;
        }
        let command = scripted_answer(&game).expect("an answer");
        send(app, BattleIntent::Answer(command));
        answered += 1;
    }
    panic!("the person never had an action to choose");
}

fn wait_for_report(app: &mut App) {
    let start = Instant::now();
    while app.world().resource::<Coach>().working() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the coach never answered"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

#[test]
fn the_coach_rates_the_persons_last_options_after_an_answer() {
    let dir = data_dir("coach");
    let mut app = new_app(&dir);
    solo_battle(&mut app);

    // Closed, the coach does no work.
    let answered = to_the_persons_action(&mut app);
    assert!(answered > 0, "the person answered Take Control first");
    assert!(app.world().resource::<Coach>().report.is_none());
    assert!(!app.world().resource::<Coach>().working());

    send(&mut app, ToggleCoach);
    assert!(app.world().resource::<Coach>().open);
    let before = app.world().resource::<Match>().game().clone();
    let legal = before.legal_commands();
    // The person moves if a move is on offer (a rated option), else takes the first answer.
    let command = legal
        .iter()
        .find(
            |c| matches!(c, Command::Act(a) if matches!(a.target, redline_rules::Target::Route(_))),
        )
        .or(legal.first())
        .cloned()
        .expect("legal answers");
    let at = steps(&app);
    send(&mut app, BattleIntent::Answer(command.clone()));
    assert_eq!(steps(&app), at + 1, "the answer was taken");
    wait_for_report(&mut app);

    let report = app
        .world()
        .resource::<Coach>()
        .report
        .clone()
        .expect("the coach reported");
    assert_eq!(report.legal, legal.len());
    let chosen: Vec<_> = report.options.iter().filter(|o| o.chosen).collect();
    assert_eq!(chosen.len(), 1, "exactly the person's answer is marked");
    assert_eq!(chosen[0].label, describe::command(&before, &command));
    let pick = NormalBot::new().decide(&before);
    let picked: Vec<_> = report.options.iter().filter(|o| o.normal_pick).collect();
    assert_eq!(picked.len(), 1, "Normal's pick is listed");
    assert_eq!(picked[0].label, describe::command(&before, &pick.command));
    assert!(report.normal.contains(&pick.why));
    assert_eq!(report.agreed, pick.command == command);
    assert!(
        report.options.iter().any(|o| o.rating.is_some()),
        "an action decision has rated options: {report:?}"
    );
    // Rated options come best first.
    let ratings: Vec<f64> = report.options.iter().filter_map(|o| o.rating).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    if matches!(&command, Command::Act(a) if matches!(a.target, redline_rules::Target::Route(_))) {
        assert!(chosen[0].rating.is_some(), "a move is rated");
        assert!(chosen[0].reason.starts_with("position "));
    }
}
