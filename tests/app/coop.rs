//! "New co-op game" in the app, headless (COOP-1..COOP-6): from the main menu's intent to
//! the co-op Setup screen, a game for two people against the computer started through
//! content's co-op builder, the people's seats played hot-seat by the scripted player (the
//! screen handed over between them), the computer's by its bot, to the scenario's end and
//! the result screen; the log's line when a wave comes in, and the scenario's briefing.

use bevy::prelude::*;
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::coop::{CoopCrew, CoopIntent, CoopSetup, briefing, coop_match};
use redline::headless::flow::menu::MenuIntent;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::describe::{self, outcome_line};
use redline::headless::game::ending::end_reason;
use redline::headless::game::feed::log_of_replay;
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::rosters::Rosters;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_rules::{Command, EndReason, Event, ModelId, Outcome, Seat, TeamId, WinCondition};

use crate::driver::{data_dir, new_app, screen, send};
use crate::hot_seat::take_screen;

/// The co-op scenario the app's game plays: the computer goes for the pump at once, so the
/// game is short.
const SCENARIO: &str = "pumphouse_holdout";

fn error(app: &App) -> bool {
    app.world().resource::<Notice>().error
}

/// From the main menu to the co-op Setup screen, a few refusals on the way, then Pumphouse
/// Holdout for two people (Ashfall and Tidewater quick teams) against the Normal computer.
fn set_up_pumphouse(app: &mut App) {
    send(app, MenuIntent::NewCoop);
    app.update();
    assert_eq!(screen(app), Screen::CoopSetup);
    send(app, CoopIntent::Scenario("street_claim".into()));
    assert!(error(app), "a scenario with no computer side is not co-op");
    send(app, CoopIntent::Scenario(SCENARIO.into()));
    send(app, CoopIntent::People(5));
    assert_eq!(app.world().resource::<CoopSetup>().people, 3, "3 at most");
    send(app, CoopIntent::People(2));
    for (person, faction) in [(0, "ashfall"), (1, "tidewater")] {
        let crew = CoopCrew::Quick(faction.into());
        send(app, CoopIntent::Crew { person, crew });
    }
    send(app, CoopIntent::Level(AiLevel::Normal));
    send(app, CoopIntent::Seed(3));
    let setup = app.world().resource::<CoopSetup>().clone();
    assert_eq!((setup.scenario.as_str(), setup.people), (SCENARIO, 2));
    assert_eq!(setup.level, AiLevel::Normal);
    send(app, CoopIntent::Start);
    app.update();
    assert_eq!(screen(app), Screen::Battle);
}

/// COOP-1, COOP-5: the computer takes the first seat (team 0), the two people the seats
/// after it as one team (team 1), named as the people; only the computer's seat has a bot.
#[test]
fn coop_1_new_co_op_game_seats_the_computer_first_and_the_people_as_one_side() {
    let dir = data_dir("coop-seats");
    let mut app = new_app(&dir);
    set_up_pumphouse(&mut app);
    let m = app.world().resource::<Match>().clone();
    let game = m.game();
    assert_eq!(
        game.setup().players.len(),
        3,
        "COOP-5: two people, three seats"
    );
    assert_eq!(game.setup().scenario.computer, vec![Seat(0)]);
    assert_eq!(game.team_of(Seat(0)), TeamId(0));
    assert_eq!(game.team_of(Seat(1)), TeamId(1));
    assert_eq!(game.team_of(Seat(2)), TeamId(1));
    assert_eq!(m.meta.computer_seats(), vec![Seat(0)]);
    assert_eq!(m.meta.seat_name(Seat(0)), "Computer 1 (Normal)");
    assert_eq!(m.meta.seat_name(Seat(1)), "Player 1");
    assert_eq!(m.meta.seat_name(Seat(2)), "Player 2");
    assert_eq!(m.meta.seats[1].faction, "ashfall");
    assert_eq!(m.meta.seats[2].faction, "tidewater");
    assert!(m.meta.hand_over, "two people hand the screen over");
    assert!(
        !game.setup().scenario.waves.is_empty(),
        "COOP-2: the computer's waves wait in Reserve"
    );
}

/// COOP-1..COOP-6: a co-op game from the menu played to its end: both people's seats
/// answered hot-seat (the screen handed over between them), the computer's by its bot, and
/// the result screen with the scenario's ending.
#[test]
fn coop_2_a_co_op_game_from_the_menu_is_played_to_the_result_screen() {
    let dir = data_dir("coop-game");
    let mut app = new_app(&dir);
    set_up_pumphouse(&mut app);
    let (mut handed, mut answered) = (0, [0usize; 3]);
    for _ in 0..100_000 {
        if take_screen(&mut app) {
            handed += 1;
        }
        let game = app.world().resource::<Match>().game().clone();
        let Some(decision) = game.decision() else {
            break;
        };
        if decision.seat == Seat(0) {
            send(&mut app, SkipAnimations);
            continue;
        }
        answered[usize::from(decision.seat.0)] += 1;
        let command = match game.deploying() {
            // Each person ends their deployment where the standard deployment put them.
            Some(_) => Command::EndDeployment,
            None => scripted_answer(&game).expect("a decision has an answer"),
        };
        send(&mut app, BattleIntent::Answer(command));
    }
    let m = app.world().resource::<Match>().clone();
    let outcome = m.game().outcome().cloned().expect("the game ends");
    assert!(answered[1] > 0 && answered[2] > 0, "both people played");
    assert!(handed >= 2, "the screen went from one person to the other");
    let log = app.world().resource::<BattleLog>().entries().to_vec();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Computer 1 (Normal) Inspires")),
        "the computer's turns are in the log"
    );
    send(&mut app, BattleIntent::ShowResults);
    app.update();
    assert_eq!(screen(&app), Screen::Results);
    // Pumphouse Holdout's endings: the people hold out to the computer's last round, or the
    // computer holds the pump at an Inspire or takes every one of them out.
    let Outcome::Win { seats, why, .. } = &outcome else {
        panic!("a co-op game has a winner: {outcome:?}");
    };
    let line = outcome_line(&m.meta, &outcome);
    match why {
        EndReason::Condition(WinCondition::HoldOut) => {
            assert_eq!(seats, &vec![Seat(1), Seat(2)]);
            assert!(
                line.starts_with("Player 1 (") && line.ends_with(" win!"),
                "{line}"
            );
        }
        EndReason::Condition(WinCondition::HoldMarkers(1)) | EndReason::OnlyTeamLeft => {
            assert_eq!(seats, &vec![Seat(0)]);
            assert!(
                line.starts_with("Computer 1 (Normal) (") && line.ends_with(" wins!"),
                "{line}"
            );
        }
        other => panic!("not one of Pumphouse Holdout's endings: {other:?}"),
    }
    assert!(!end_reason(&outcome).is_empty());
    send(&mut app, MenuIntent::ToMenu);
    app.update();
    assert_eq!(screen(&app), Screen::MainMenu);
}

/// COOP-6: the co-op Setup screen's briefing, from the pack: the story, what each side wins
/// by, and that the round limit is the computer's.
#[test]
fn coop_6_the_briefing_names_both_sides_goals_and_the_computers_rounds() {
    let dir = data_dir("coop-briefing");
    let app = new_app(&dir);
    let catalog = app.world().resource::<Content>().0.clone();
    let witness = catalog.scenarios.get("witness_run").expect("in the pack");
    let lines = briefing(witness);
    assert_eq!(lines[0], witness.story);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Your side wins if you carry 1 marker(s) off the south edge")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("The computer wins if it can hold out to the last round")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("after the computer's 14th Inspire")),
        "{lines:?}"
    );
}

/// COOP-2, COOP-3: when a wave comes in, the log says so. The co-op match the Setup screen
/// starts, every seat answered by the scripted player, a Gonk brought in as soon as it may
/// be, read back as the log panel shows it.
#[test]
fn coop_3_the_log_says_when_a_wave_of_reinforcements_comes_in() {
    let catalog = redline_content::starter();
    let mut setup = CoopSetup::new(&catalog);
    setup.scenario = "glass_vault".into();
    setup.seed = 3;
    let mut m = coop_match(&catalog, &setup, &Rosters::default()).expect("the game starts");
    let waves: Vec<ModelId> = (m.game().setup().scenario.waves.iter())
        .flat_map(|w| w.models.clone())
        .collect();
    let mut entered = None;
    for _ in 0..20_000 {
        let Some(scripted) = scripted_answer(m.game()) else {
            break;
        };
        // A Gonk the computer may bring in is brought in.
        let legal = m.game().legal_commands();
        let enter = legal
            .into_iter()
            .find(|c| matches!(c, Command::Deploy { .. }));
        let command = match m.game().deploying() {
            None => enter.unwrap_or(scripted),
            Some(_) => scripted,
        };
        let events = m.answer(command).expect("a legal answer");
        let inspires = m.game().inspires(Seat(0));
        entered = events.iter().find_map(|e| match e {
            Event::Deployed { model, .. } if waves.contains(model) => Some((*model, inspires)),
            _ => None,
        });
        if entered.is_some() {
            break;
        }
    }
    let (model, inspires) = entered.expect("a wave comes in");
    assert!(
        inspires >= 3,
        "COOP-2: not before the computer's 3rd Inspire"
    );
    let log = log_of_replay(m.replay(), &m.meta);
    let name = describe::model(m.game(), model);
    let line = format!("Reinforcements! {name} comes in with a wave at (");
    assert!(
        log.iter().any(|l| l.starts_with(&line)),
        "{line}: {:?}",
        log.iter().rev().take(6).collect::<Vec<_>>()
    );
}
