//! A campaign through the app's own systems, headless: the Campaigns screen → a new
//! campaign (a person against the Easy computer) → the hub's pre-game steps (scenario,
//! Objectives, the team from the HQ) → the game on the table through the match flow →
//! Results → the guided post-game sequence, the campaign file rewritten after every step;
//! and a crash in the middle of the post-game sequence, after which the campaign reopens at
//! the last completed step.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline::battle::animate::SkipAnimations;
use redline::campaign::{
    CampaignIntent, CampaignSession, DraftChange, NewCampaign, NewSeat, campaigns_dir,
    list_campaigns,
};
use redline::persist::data_dir::DataDir;
use redline::play::autoplay::scripted_answer;
use redline::play::flow::BattleIntent;
use redline::play::match_state::Match;
use redline::play::solo::AiLevel;
use redline::play::{Content, Notice};
use redline::screens::Screen;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_rules::{Game, Seat};

use crate::driver::{data_dir, new_app, screen};

/// Sends an intent and runs two frames: the step, then what the computer does after it.
fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    app.update();
    app.update();
}

fn session(app: &App) -> CampaignSession {
    app.world().resource::<CampaignSession>().clone()
}

fn phase(app: &App) -> Phase {
    session(app).campaign.phase
}

/// The campaign as its file says, which must be what the hub shows: saved after every step.
fn on_disk(app: &App) -> Campaign {
    save::load(&session(app).path).expect("the campaign file reads back")
}

fn notice(app: &App) -> Notice {
    app.world().resource::<Notice>().clone()
}

#[test]
fn a_campaign_game_from_the_menu_through_the_post_game_sequence() {
    let dir = data_dir("campaign");
    let mut app = new_app(&dir);
    send(&mut app, CampaignIntent::ToList);
    assert_eq!(screen(&app), Screen::Campaigns);
    let catalog = app.world().resource::<Content>().0.clone();
    let new = NewCampaign {
        name: "Harbour Wars".into(),
        seed: 7,
        players: vec![
            NewSeat {
                name: "Ana".into(),
                faction: "ashfall".into(),
                computer: None,
            },
            NewSeat {
                name: "Bo".into(),
                faction: "tidewater".into(),
                computer: Some(AiLevel::Easy),
            },
        ],
        shared_market: false,
    };
    send(&mut app, CampaignIntent::Create(new.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    assert_eq!(phase(&app), Phase::ChooseScenario);
    // A second campaign of the same name is refused; the list shows the first.
    send(&mut app, CampaignIntent::Create(new));
    assert!(notice(&app).text.contains("already a campaign"));
    let dir_res = app.world().resource::<DataDir>().clone();
    let listed = list_campaigns(&dir_res);
    assert_eq!(listed.len(), 1);
    assert!(
        listed[0]
            .summary
            .starts_with("Harbour Wars — Ana vs Bo — 0 game(s)")
    );

    // Before the game: the scenario, agreed.
    send(
        &mut app,
        CampaignIntent::Step(Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        }),
    );
    // The computer discards its Objective by itself; the person's step for it is refused.
    assert_eq!(phase(&app), Phase::Objectives);
    let pending = session(&app).campaign.pending.clone().unwrap();
    assert!(pending.kept[1].is_some(), "the computer kept three");
    assert!(pending.kept[0].is_none());
    assert_eq!(pending.drawn[0].len(), 4, "CAMP-10: four drawn");
    send(
        &mut app,
        CampaignIntent::Step(Step::DiscardObjective {
            team: 0,
            objective: pending.drawn[0][0].clone(),
        }),
    );
    assert_eq!(
        on_disk(&app).pending.unwrap().kept[0]
            .as_ref()
            .unwrap()
            .len(),
        3
    );

    // The team from the HQ only: a Veteran still in the Supply is refused (CAMP-9).
    assert_eq!(phase(&app), Phase::BuildTeams);
    let s = session(&app);
    let draft = s.drafts[0]
        .clone()
        .expect("the person's draft starts from the quick team");
    assert!(s.campaign.check_from_hq(&catalog, 0, &draft).is_ok());
    let veteran = s.campaign.teams[0]
        .supply
        .characters
        .iter()
        .find(|id| catalog.characters.get(id).is_some_and(|c| c.stars > 0))
        .cloned()
        .expect("a Veteran waits in the Supply");
    send(
        &mut app,
        CampaignIntent::Draft {
            team: 0,
            change: DraftChange::Add(veteran),
        },
    );
    send(&mut app, CampaignIntent::Ready { team: 0 });
    let refused = notice(&app);
    assert!(
        refused.error && refused.text.contains("CAMP-9"),
        "{refused:?}"
    );
    assert_eq!(phase(&app), Phase::BuildTeams, "nothing changed");
    send(
        &mut app,
        CampaignIntent::Draft {
            team: 0,
            change: DraftChange::Reset,
        },
    );
    send(&mut app, CampaignIntent::Ready { team: 0 });
    assert_eq!(phase(&app), Phase::Play, "{:?}", notice(&app));
    assert_eq!(on_disk(&app).phase, Phase::Play);

    // The game, on the table: the person answers with the scripted player, the computer
    // by itself.
    send(&mut app, CampaignIntent::PlayGame);
    assert_eq!(screen(&app), Screen::Battle);
    let started = app.world().resource::<Match>().clone();
    let expected = session(&app).campaign.game_setup(&catalog).unwrap();
    assert_eq!(
        started.game().state_hash(),
        Game::new(expected, started.game().seed())
            .unwrap()
            .state_hash(),
        "the match starts from the campaign's own set-up"
    );
    assert_eq!(started.meta.seat_name(Seat(0)), "Ana");
    assert!(started.meta.is_computer(Seat(1)));
    for _ in 0..200_000 {
        let game = app.world().resource::<Match>().game().clone();
        let Some(decision) = game.decision() else {
            break;
        };
        if decision.seat == Seat(1) {
            app.world_mut().write_message(SkipAnimations);
            app.update();
            continue;
        }
        let command = scripted_answer(&game).expect("a decision has an answer");
        app.world_mut().write_message(BattleIntent::Answer(command));
        app.update();
    }
    let played = app.world().resource::<Match>().clone();
    assert!(played.game().outcome().is_some(), "the game ends");
    send(&mut app, BattleIntent::ShowResults);
    assert_eq!(screen(&app), Screen::Results);

    // On the Results screen the game is already in the campaign, and on disk.
    let after = session(&app).campaign;
    assert!(matches!(after.phase, Phase::Promotion | Phase::Recovery));
    let commands: Vec<_> = played
        .replay()
        .steps
        .iter()
        .map(|s| s.command.clone())
        .collect();
    assert_eq!(after.pending.as_ref().unwrap().commands, commands);
    assert_eq!(on_disk(&app).phase, after.phase);

    // The post-game sequence, one step at a time, saved after each.
    send(&mut app, CampaignIntent::ToHub);
    assert_eq!(screen(&app), Screen::CampaignHub);
    let winner = after.pending.as_ref().unwrap().winner;
    if phase(&app) == Phase::Promotion {
        assert_eq!(winner, Some(0), "the computer promotes by itself");
        send(&mut app, CampaignIntent::Step(Step::Pass { team: 0 }));
    }
    assert_eq!(phase(&app), Phase::Recovery);
    assert_eq!(on_disk(&app).phase, Phase::Recovery);
    // Clean-up before the recovery rolls is refused with the rule.
    send(&mut app, CampaignIntent::Step(Step::CleanUp));
    assert!(notice(&app).error && notice(&app).text.contains("CAMP-1"));
    send(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(phase(&app), Phase::CleanUp);
    assert_eq!(on_disk(&app).phase, Phase::CleanUp);
    send(&mut app, CampaignIntent::Step(Step::CleanUp));
    let done = on_disk(&app);
    assert_eq!(done.phase, Phase::ChooseScenario);
    assert_eq!(done.history.len(), 1);
    assert_eq!(done.history[0].commands, commands, "the replay is kept");
    assert_eq!(done.history[0].winner, winner);

    // Export, then import under the campaigns folder (the same campaign comes back).
    send(&mut app, CampaignIntent::Export);
    let exported = save::path_in(&dir.join("exports"), "Harbour Wars");
    assert!(exported.exists(), "{:?}", notice(&app));
    std::fs::remove_file(save::path_in(&campaigns_dir(&dir_res), "Harbour Wars")).unwrap();
    send(&mut app, CampaignIntent::Import(exported));
    assert_eq!(session(&app).campaign, done);
}

/// A campaign that has just recorded its first game (played by the scripted player on
/// both sides), saved in the app's campaigns folder with both teams played by people.
fn campaign_after_a_game(dir: &Path) -> PathBuf {
    let catalog = redline_content::starter();
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut c = Campaign::new(&catalog, "Crash Test", 3, &players, false).unwrap();
    c.apply(
        &catalog,
        Step::ChooseScenario {
            agreed: Some("street_claim".into()),
        },
    )
    .unwrap();
    for team in 0..2 {
        let objective = c.pending.as_ref().unwrap().drawn[team][0].clone();
        c.apply(&catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    for team in 0..2 {
        let spec = redline::campaign::computer::team_from_hq(&catalog, &c, team).unwrap();
        c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    let setup = c.game_setup(&catalog).unwrap();
    let mut game = Game::new(setup, c.pending.as_ref().unwrap().seed).unwrap();
    let mut commands = Vec::new();
    while let Some(command) = scripted_answer(&game) {
        game.apply(command.clone()).unwrap();
        commands.push(command);
    }
    c.apply(&catalog, Step::RecordGame { commands }).unwrap();
    let path = save::path_in(&dir.join("campaigns"), "Crash Test");
    save::save(&path, &c).unwrap();
    path
}

#[test]
fn a_crash_mid_post_game_reopens_at_the_last_completed_step() {
    let dir = data_dir("campaign-crash");
    let path = campaign_after_a_game(&dir);
    let mut app = new_app(&dir);
    send(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    // The first post-game steps, through the hub.
    if phase(&app) == Phase::Promotion {
        let team = session(&app).campaign.pending.unwrap().winner.unwrap();
        send(&mut app, CampaignIntent::Step(Step::Pass { team }));
    }
    assert_eq!(phase(&app), Phase::Recovery);
    send(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(phase(&app), Phase::CleanUp);
    let completed = session(&app).campaign;
    // The next step is being written when the app dies: its text is staged beside the file
    // but never moved into place.
    let catalog = redline_content::starter();
    let mut cleaned = completed.clone();
    cleaned.apply(&catalog, Step::CleanUp).unwrap();
    drop(save::stage(&path, &cleaned).unwrap());
    drop(app);

    let mut app = new_app(&dir);
    send(&mut app, CampaignIntent::ToList);
    send(&mut app, CampaignIntent::Open(path.clone()));
    assert_eq!(screen(&app), Screen::CampaignHub);
    assert_eq!(
        session(&app).campaign,
        completed,
        "back at the last completed step"
    );

    // A file torn mid-write opens from its previous copy: the step before.
    drop(app);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let mut app = new_app(&dir);
    send(&mut app, CampaignIntent::Open(path.clone()));
    let reopened = session(&app);
    assert!(
        reopened.notes[0].contains("previous copy"),
        "{:?}",
        reopened.notes
    );
    assert_eq!(reopened.campaign.phase, Phase::Recovery);
    // And the sequence goes on from there, with the same dice.
    send(&mut app, CampaignIntent::Step(Step::RollRecovery));
    assert_eq!(session(&app).campaign, completed);
    assert_eq!(save::load(&path).unwrap(), completed);
    send(&mut app, CampaignIntent::Step(Step::CleanUp));
    assert_eq!(save::load(&path).unwrap(), cleaned);
}
