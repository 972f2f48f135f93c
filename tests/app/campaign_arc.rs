//! A co-op campaign arc through the app, headless (COOP-1, COOP-7): the Campaigns screen →
//! a new campaign playing The Chrome Run for two people against the Easy computer → the
//! hub's steps before the game → the arc's first game on the table, the computer's seats
//! played by the bot at the arc's level and the people's by the scripted player → the
//! post-game sequence → the hub with the arc's second game next.

use bevy::prelude::*;
use redline::headless::campaign::arc::{NewArc, arc_line};
use redline::headless::campaign::computer;
use redline::headless::campaign::{
    CampaignIntent, CampaignSession, NewCampaign, NewSeat, list_campaigns,
};
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::autoplay::scripted_answer;
use redline::headless::game::match_state::Match;
use redline::headless::notice::Notice;
use redline::headless::persist::data_dir::DataDir;
use redline::headless::screen::Screen;
use redline::table::animate::SkipAnimations;
use redline_campaign::{Campaign, Phase, Step, save};
use redline_rules::{Command, Seat};

use crate::driver::{data_dir, new_app, screen, send, send_and_settle};
use crate::hot_seat::take_screen;

fn campaign(app: &App) -> Campaign {
    app.world().resource::<CampaignSession>().campaign.clone()
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

fn person(name: &str, faction: &str) -> NewSeat {
    NewSeat {
        name: name.into(),
        faction: faction.into(),
        computer: None,
    }
}

/// Plays the match on the table to its end: the computer's seats by themselves, the people
/// with the scripted player (each ending their deployment where they were offered).
fn play_to_the_end(app: &mut App) {
    for _ in 0..200_000 {
        while take_screen(app) {}
        let current = app.world().resource::<Match>();
        let game = current.game().clone();
        let Some(decision) = game.decision() else {
            return;
        };
        if current.meta.is_computer(decision.seat) {
            send(app, SkipAnimations);
            continue;
        }
        let command = match game.deploying() {
            Some(_) => Command::EndDeployment,
            None => scripted_answer(&game).expect("a decision has an answer"),
        };
        send(app, BattleIntent::Answer(command));
    }
    panic!("the arc's game did not end");
}

/// The people's steps after the game, through the hub, until the next game's scenario.
fn through_the_post_game_sequence(app: &mut App) {
    let people = vec![true; campaign(app).teams.len()];
    for _ in 0..64 {
        let c = campaign(app);
        let catalog = app.world().resource::<Content>().0.clone();
        let step = match c.phase {
            Phase::ChooseScenario => return,
            Phase::Recovery => Step::RollRecovery,
            Phase::CleanUp => Step::CleanUp,
            _ => computer::next_step(&catalog, &c, &people).expect("a person's step"),
        };
        send_and_settle(app, CampaignIntent::Step(step));
        assert!(!notice(app).error, "{:?}", notice(app));
    }
    panic!(
        "the post-game sequence did not end: {:?}",
        campaign(app).phase
    );
}

#[test]
fn coop_7_the_chrome_run_from_the_campaigns_screen_to_its_second_game() {
    let dir = data_dir("campaign-arc");
    let mut app = new_app(&dir);
    send_and_settle(&mut app, CampaignIntent::ToList);
    let catalog = app.world().resource::<Content>().0.clone();
    let new = NewCampaign {
        name: "Chrome".into(),
        seed: 3,
        players: vec![person("Ana", "choir"), person("Bo", "lantern")],
        arc: Some(NewArc {
            arc: "chrome_run".into(),
            computer: AiLevel::Easy,
        }),
        ..NewCampaign::new(&catalog)
    };
    // COOP-1: an arc is for two or three people.
    let alone = NewCampaign {
        name: "Alone".into(),
        players: vec![person("Ana", "choir")],
        ..new.clone()
    };
    send_and_settle(&mut app, CampaignIntent::Create(alone));
    assert!(notice(&app).text.contains("COOP-1"), "{:?}", notice(&app));
    send_and_settle(&mut app, CampaignIntent::Create(new));
    assert_eq!(screen(&app), Screen::CampaignHub, "{:?}", notice(&app));
    let c = campaign(&app);
    assert_eq!(c.arc.as_ref().unwrap().computer, "easy");
    let listed = list_campaigns(app.world().resource::<DataDir>());
    assert!(
        listed[0]
            .summary
            .starts_with("Chrome — Ana + Bo against the computer — 0 game(s)"),
        "{}",
        listed[0].summary
    );

    // Before the game: the arc's first game (COOP-7), no Objectives (COOP-8), the crews.
    let (first, game) = c.arc_next(&catalog).expect("the arc's first game");
    assert_eq!(first, 0);
    send_and_settle(
        &mut app,
        CampaignIntent::Step(Step::ChooseScenario {
            agreed: Some(game.scenario.clone()),
        }),
    );
    assert_eq!(
        campaign(&app).phase,
        Phase::BuildTeams,
        "{:?}",
        notice(&app)
    );
    for team in 0..2 {
        send_and_settle(&mut app, CampaignIntent::Ready { team });
    }
    assert_eq!(campaign(&app).phase, Phase::Play, "{:?}", notice(&app));

    // The game on the table: the computer's seats first, at the arc's level (COOP-1).
    send_and_settle(&mut app, CampaignIntent::PlayGame);
    assert!(!notice(&app).error, "{:?}", notice(&app));
    assert_eq!(screen(&app), Screen::Battle);
    let started = app.world().resource::<Match>().clone();
    let computer_seats = campaign(&app).computer_seats(&catalog);
    assert!(computer_seats > 0);
    let seats = &started.meta.seats;
    assert_eq!(seats.len(), computer_seats + 2);
    assert!(
        seats[..computer_seats]
            .iter()
            .all(|s| s.ai == Some(AiLevel::Easy))
    );
    let people = Seat(computer_seats as u8);
    assert_eq!(started.meta.seat_name(people), "Ana");
    assert_eq!(started.meta.seat_name(Seat(people.0 + 1)), "Bo");
    assert!(!started.meta.is_computer(people));
    assert!(started.meta.hand_over, "two people share the screen");
    play_to_the_end(&mut app);
    assert!(app.world().resource::<Match>().game().outcome().is_some());
    send_and_settle(&mut app, BattleIntent::ShowResults);
    assert_eq!(screen(&app), Screen::Results);

    // The campaign recorded the game as the arc's first (COOP-7), on disk too.
    let after = campaign(&app);
    assert_eq!(after.arc.as_ref().unwrap().results.len(), 1);
    let path = app.world().resource::<CampaignSession>().path.clone();
    assert_eq!(save::load(&path).unwrap().arc, after.arc);
    send_and_settle(&mut app, CampaignIntent::ToHub);
    assert_eq!(screen(&app), Screen::CampaignHub);
    through_the_post_game_sequence(&mut app);

    // The hub shows the arc's second game next.
    let c = campaign(&app);
    let (next, second) = c.arc_next(&catalog).expect("the arc goes on");
    assert_eq!(next, 1);
    let line = arc_line(&catalog, &c).unwrap();
    assert!(
        line.starts_with("Co-op arc The Chrome Run against the computer (Easy)")
            && line.ends_with(&format!("next: game 2, {}", second.title)),
        "{line}"
    );
    assert!(!c.is_over(&catalog));
}
