//! A solo match through the app's own systems, headless: main menu → "new solo game" →
//! settings (seat 2 is the Easy computer) → the person builds a team while the computer
//! builds its own → deployment (the computer deploys itself) → battle, where the computer's
//! bot answers on the async compute pool → result → main menu.

use crate::driver::{
    data_dir, deploying, end_deployment, new_app, results_then_menu, screen, send,
    street_claim_against_easy_tidewater, until_deployment_over,
};

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::builder::TeamBuilder;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::computer_team::AiSeat;
use redline::headless::flow::decider::Decider;
use redline::headless::flow::hand_over::HandOver;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::flow::solo::Computer;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_rules::Seat;

fn steps(app: &App) -> usize {
    app.world().resource::<Match>().replay().steps.len()
}

#[test]
fn a_solo_match_against_the_easy_computer_from_the_menu_to_the_end() {
    let dir = data_dir("solo");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    let settings = app.world().resource::<NewGame>().clone();
    assert_eq!(settings.seats(), vec![None, Some(AiSeat::default())]);
    // The computer plays Tidewater at Easy.
    street_claim_against_easy_tidewater(&mut app);
    send(&mut app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(&app), Screen::TeamBuilder);

    // Only the person builds; the computer's team is already legal for the budget.
    let catalog = app.world().resource::<Content>().0.clone();
    let builder = app.world().resource::<TeamBuilder>().clone();
    assert_eq!(builder.seat, 0);
    assert_eq!(builder.teams[1].faction, "tidewater");
    let computer_rules = builder.rules.clone();
    assert!(
        redline_content::team::check_team(&catalog, &builder.teams[1], &computer_rules).is_ok()
    );
    assert_eq!(
        app.world()
            .resource::<HandOver>()
            .pending(*app.world().resource::<Decider>()),
        None,
        "one person at the table: no hand-over"
    );
    send(&mut app, BuilderIntent::Faction("ashfall".into()));
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);

    // The person deploys; the computer deploys its own team.
    assert_eq!(deploying(&app), Some(Seat(0)));
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let current = app.world().resource::<Match>().clone();
    assert!(current.meta.is_computer(Seat(1)));
    assert!(!current.meta.is_computer(Seat(0)));
    assert_eq!(current.meta.seat_name(Seat(1)), "Computer 2 (Easy)");

    // The battle: the person answers with the scripted player, the computer by itself.
    let mut person = 0;
    let mut computer = 0;
    let mut refused = false;
    for _ in 0..200_000 {
        let game = app.world().resource::<Match>().game().clone();
        let Some(decision) = game.decision() else {
            break;
        };
        let before = steps(&app);
        if decision.seat == Seat(1) {
            // A person's answer for the computer's seat is refused.
            if !refused && let Some(c) = scripted_answer(&game) {
                send(&mut app, BattleIntent::Answer(c));
                // Unless the computer's own answer came in on that frame first (then the
                // person's answer met another decision, and the check waits for the next).
                if steps(&app) == before {
                    let notice = app.world().resource::<Notice>().clone();
                    assert!(notice.error, "the computer decides its own seat");
                    assert_eq!(notice.text, "The computer is deciding this one.");
                    refused = true;
                }
            }
            // Skip animations and wait for the bot on the task pool.
            send(&mut app, SkipAnimations);
            if steps(&app) > before {
                computer += 1;
            }
            continue;
        }
        let command = scripted_answer(&game).expect("a decision has an answer");
        send(&mut app, BattleIntent::Answer(command.clone()));
        assert_eq!(steps(&app), before + 1, "{command:?} refused");
        person += 1;
    }
    let current = app.world().resource::<Match>().clone();
    let outcome = current.game().outcome().cloned();
    assert!(
        outcome.is_some(),
        "the game ends ({person} answers from the person, {computer} from the computer)"
    );
    assert!(computer > 20, "the computer played its part: {computer}");
    assert!(refused);
    assert!(app.world().resource::<Computer>().thinking(0.0).is_none());
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Computer 2 (Easy) thinks: ") && l.contains(" card")),
        "the computer's behaviour cards and rules are in the log"
    );

    results_then_menu(&mut app);
}

#[test]
fn a_computer_seat_is_resumed_from_the_autosave() {
    let dir = data_dir("solo-resume");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    send(&mut app, SetupIntent::Seed(9));
    send(&mut app, SetupIntent::Start);
    app.update();
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    end_deployment(&mut app);
    until_deployment_over(&mut app);
    let started = app.world().resource::<Match>().clone();
    assert_eq!(started.meta.computer_seats(), vec![Seat(1)]);
    drop(app);

    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    let resumed = app.world().resource::<Match>().clone();
    assert_eq!(resumed.game().state_hash(), started.game().state_hash());
    assert_eq!(resumed.meta.computer_seats(), vec![Seat(1)]);
    assert!(app.world().resource::<Computer>().plays(Seat(1)));
    assert!(!app.world().resource::<Computer>().plays(Seat(0)));
    assert_eq!(
        app.world().resource::<HandOver>().computer,
        vec![Seat(1)],
        "no hand-over to the computer after loading"
    );
}

#[test]
fn field_7_the_person_starts_at_the_offered_spots_and_undo_takes_back_only_their_own_moves() {
    let dir = data_dir("solo-deploy-undo");
    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::NewSolo);
    app.update();
    send(&mut app, SetupIntent::Start);
    app.update();
    send(&mut app, BuilderIntent::QuickTeam);
    send(&mut app, BuilderIntent::Done);
    app.update();
    assert_eq!(deploying(&app), Some(Seat(0)));
    let offered = app.world().resource::<Match>().clone();
    let game = offered.game();
    let first = (0..game.model_count() as u16)
        .map(redline_rules::ModelId)
        .find(|&m| game.owner(m) == Seat(0))
        .expect("the person has models");
    assert!(game.in_play(first), "set down at its offered spot");
    assert!(
        !offered.can_undo(),
        "the offered spots are the start, not a move"
    );
    let spot = *game
        .deployment_spots(first)
        .iter()
        .rev()
        .find(|&&at| at != game.position(first))
        .expect("the zone has room");
    send(
        &mut app,
        BattleIntent::Answer(redline_rules::Command::Deploy {
            model: first,
            at: spot,
        }),
    );
    let moved = app.world().resource::<Match>().clone();
    assert_eq!(moved.game().position(first), spot);
    assert!(moved.can_undo());
    send(&mut app, BattleIntent::Undo);
    app.update();
    let undone = app.world().resource::<Match>();
    assert_eq!(undone.game().position(first), game.position(first));
    assert!(!undone.can_undo());
    assert_eq!(deploying(&app), Some(Seat(0)));
}
