//! THIRD-1 in the app, headless: a third force switched on in the Setup screen joins a solo
//! game as the last seat, the engine plays it (no decision of the game is ever its seat's),
//! the game is played to its end, and the log says where the force heads.

use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_rules::Seat;

use crate::driver::{
    data_dir, end_deployment, new_app, screen, send, street_claim_against_easy_tidewater,
    until_deployment_over,
};
use redline::headless::flow::battle::BattleIntent;

#[test]
fn third_1_a_solo_game_with_a_third_force_from_the_setup_screen_to_the_end() {
    let dir = data_dir("third-force");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    street_claim_against_easy_tidewater(&mut app);
    send(
        &mut app,
        SetupIntent::ThirdForce(Some("no_such_force".into())),
    );
    assert!(
        app.world().resource::<Notice>().error,
        "an unknown force is refused"
    );
    assert_eq!(app.world().resource::<NewGame>().third_force, None);
    send(
        &mut app,
        SetupIntent::ThirdForce(Some("tf_saltmarsh_drifters".into())),
    );
    assert_eq!(
        app.world().resource::<NewGame>().third_force.as_deref(),
        Some("tf_saltmarsh_drifters")
    );
    send(&mut app, SetupIntent::Start);
    app.update();
    send(&mut app, BuilderIntent::Faction("ashfall".into()));
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    end_deployment(&mut app);
    until_deployment_over(&mut app);

    let started = app.world().resource::<Match>().clone();
    let force = started
        .game()
        .third_force_seat()
        .expect("the third force is on");
    assert_eq!(force, Seat(2), "it joins as the last seat");
    assert_eq!(started.meta.seat_name(force), "Saltmarsh Drifters");
    assert!(
        !started.meta.is_computer(force),
        "the engine plays it, not a bot"
    );

    let mut person = 0;
    for _ in 0..200_000 {
        let game = app.world().resource::<Match>().game().clone();
        let Some(decision) = game.decision() else {
            break;
        };
        assert_ne!(decision.seat, force, "the engine answers its own seat");
        if decision.seat == Seat(1) {
            send(&mut app, SkipAnimations);
            continue;
        }
        let command = scripted_answer(&game).expect("a decision has an answer");
        send(&mut app, BattleIntent::Answer(command));
        person += 1;
    }
    let game = app.world().resource::<Match>().game().clone();
    assert!(game.outcome().is_some(), "the game ends ({person} answers)");
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Saltmarsh Drifters heads for ")),
        "the log says where the third force heads: {:?}",
        log.iter().rev().take(12).collect::<Vec<_>>()
    );
}
