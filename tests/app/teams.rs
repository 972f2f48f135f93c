//! Three and four players at one screen: the Setup screen's player count, a team built
//! for every seat with a hand-over before each, every seat deploying, and the battle
//! played to its end — free-for-all with three seats, 2 vs 2 with four, where the
//! winning side is a pair of seats (seats 1+3 against 2+4).

use crate::driver::{data_dir, deploying, end_deployment, new_app, screen, send};
use crate::hot_seat::{notice, play, take_screen};

use bevy::prelude::*;
use redline::headless::flow::builder::TeamBuilder;
use redline::headless::flow::builder_intents::BuilderIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::new_game::{NewGame, SetupIntent};
use redline::headless::game::log::BattleLog;
use redline::headless::game::match_state::Match;
use redline::headless::screen::Screen;
use redline::table::spawn::Teams;
use redline_rules::{Outcome, Seat};

const FACTIONS: [&str; 4] = ["ashfall", "choir", "tidewater", "glasswork"];

/// From the menu to the first answer of the battle: `players` seats of `scenario`, each
/// seat's quick team built after its hand-over, each seat deploying after its hand-over.
fn set_up(app: &mut App, players: u8, scenario: &str, seed: u64) {
    send(app, MenuIntent::NewGame);
    app.update();
    assert_eq!(screen(app), Screen::Setup);
    send(app, SetupIntent::Players(players));
    send(app, SetupIntent::Scenario(scenario.into()));
    send(app, SetupIntent::Seed(seed));
    let settings = app.world().resource::<NewGame>().clone();
    assert_eq!(
        (settings.players, settings.scenario.as_str()),
        (players, scenario)
    );
    send(app, SetupIntent::Start);
    app.update();
    assert_eq!(screen(app), Screen::TeamBuilder);
    for (seat, faction) in FACTIONS.iter().enumerate().take(usize::from(players)) {
        assert_eq!(app.world().resource::<TeamBuilder>().seat, seat);
        assert!(
            take_screen(app),
            "seat {} takes the screen to build",
            seat + 1
        );
        send(app, BuilderIntent::Faction((*faction).into()));
        send(app, BuilderIntent::QuickTeam);
        send(app, BuilderIntent::Done);
        assert!(!notice(app).error, "{:?}", notice(app));
    }
    app.update();
    assert_eq!(screen(app), Screen::Battle);
    assert_eq!(
        app.world().resource::<Teams>().0.len(),
        usize::from(players)
    );
    for seat in 0..usize::from(players) {
        assert_eq!(deploying(app), Some(Seat(seat as u8)));
        assert!(
            take_screen(app),
            "seat {} takes the screen to deploy",
            seat + 1
        );
        end_deployment(app);
    }
    app.update();
    assert_eq!(deploying(app), None);
    assert_eq!(
        app.world().resource::<Match>().meta.seats.len(),
        usize::from(players)
    );
}

/// The outcome after playing to the end, and the log's last line.
fn play_out(app: &mut App) -> (Outcome, String) {
    let answers = play(app, 20_000, 4);
    let m = app.world().resource::<Match>().clone();
    let outcome = m
        .game()
        .outcome()
        .cloned()
        .unwrap_or_else(|| panic!("no result after {answers} answers"));
    let last = app
        .world()
        .resource::<BattleLog>()
        .entries()
        .last()
        .cloned();
    (outcome, last.unwrap_or_default())
}

#[test]
fn two_vs_two_hot_seat_match_is_won_by_a_pair_of_seats() {
    let dir = data_dir("two-vs-two");
    let mut app = new_app(&dir);
    set_up(&mut app, 4, "alliance_night", 5);
    let (outcome, last) = play_out(&mut app);
    let m = app.world().resource::<Match>().clone();
    let Outcome::Win { seats, .. } = &outcome else {
        panic!("this seed's 2 vs 2 ends with a winning pair, got {outcome:?}");
    };
    // Seats 1+3 (index 0, 2) play against 2+4 (index 1, 3).
    let mut won: Vec<u8> = seats.iter().map(|s| s.0).collect();
    won.sort_unstable();
    assert!(won == [0, 2] || won == [1, 3], "winners {won:?}");
    let names: Vec<String> = seats.iter().map(|s| m.meta.seat_label(*s)).collect();
    assert_eq!(last, format!("{} win!", names.join(" and ")));
    send(
        &mut app,
        redline::headless::flow::battle::BattleIntent::ShowResults,
    );
    app.update();
    assert_eq!(screen(&app), Screen::Results);
}

#[test]
fn three_player_free_for_all_is_played_to_one_winner() {
    let dir = data_dir("three-players");
    let mut app = new_app(&dir);
    set_up(&mut app, 3, "three_way_scramble", 9);
    let (outcome, last) = play_out(&mut app);
    let m = app.world().resource::<Match>().clone();
    let Outcome::Win { seats, .. } = &outcome else {
        panic!("this seed's free-for-all ends with a winner, got {outcome:?}");
    };
    assert_eq!(seats.len(), 1, "free for all: one seat wins");
    assert_eq!(last, format!("{} wins!", m.meta.seat_label(seats[0])));
}
