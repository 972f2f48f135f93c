//! Games written before the deployment was the engine's phase (FIELD-7) — a table set up
//! with every model already placed, no standard deployment in the match record — load and
//! play on: a one-off game's autosave, and a campaign whose players had deployed through
//! the campaign's own `Deploy` step.

use std::path::Path;

use bevy::prelude::*;
use redline::headless::campaign::computer::team_from_hq;
use redline::headless::campaign::{CampaignIntent, CampaignSeats, CampaignSession, write_seats};
use redline::headless::content::Content;
use redline::headless::flow::battle::BattleIntent;
use redline::headless::flow::menu::MenuIntent;
use redline::headless::flow::solo::Computer;
use redline::headless::game::ai_level::AiLevel;
use redline::headless::game::match_state::Match;
use redline::headless::game::meta::MatchMeta;
use redline::headless::game::quick::{QUICK_FACTIONS, QUICK_SCENARIO};
use redline::headless::persist::data_dir::DataDir;
use redline::headless::persist::saves;
use redline::headless::screen::Screen;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::TeamRules;
use redline_rules::{Command, Seat};

use crate::driver::{data_dir, deploying, new_app, play_against_the_computer, screen, send};

/// The quick skirmish's table as the skirmish places it (seed 3), every model already
/// placed and no standard deployment in the record, the second seat the Easy computer:
/// saved as the autosave of the data folder `dir`, as a build before the deployment phase
/// started a match.
pub fn autosave_a_placed_quick_skirmish(dir: &Path) -> Match {
    let app = new_app(dir);
    let catalog = app.world().resource::<Content>().0.clone();
    let autosave = app.world().resource::<DataDir>().autosave();
    drop(app);
    let rules = TeamRules::one_off(catalog.scenarios.get(QUICK_SCENARIO).unwrap().eb_limit);
    let teams: Vec<_> = QUICK_FACTIONS
        .iter()
        .map(|f| quick_team(&catalog, f, &rules).unwrap())
        .collect();
    let placed = skirmish(&catalog, QUICK_SCENARIO, None, &teams, 3).unwrap();
    let meta = MatchMeta::of_skirmish(&catalog, &placed, &teams, false)
        .with_computer(&[None, Some(AiLevel::Easy)]);
    let started = Match::new(placed.setup, 3, meta).unwrap();
    saves::save_match(&autosave, &started).unwrap();
    started
}

#[test]
fn field_7_a_one_off_save_of_a_table_placed_before_the_deployment_phase_plays_on() {
    let dir = data_dir("older-save");
    // The match as the older build started it: the skirmish's placed table, no deployment.
    let older = autosave_a_placed_quick_skirmish(&dir);
    assert_eq!(older.game().deploying(), None);
    assert!(
        older.meta.deployment.is_empty(),
        "no standard deployment, as before"
    );

    let mut app = new_app(&dir);
    send(&mut app, MenuIntent::Continue);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    let resumed = app.world().resource::<Match>().clone();
    assert_eq!(resumed.game().state_hash(), older.game().state_hash());
    assert_eq!(deploying(&app), None, "no deployment to play again");
    assert!(app.world().resource::<Computer>().plays(Seat(1)));
    play_against_the_computer(&mut app, |m| m.replay().steps.len() >= 20);
    assert!(app.world().resource::<Match>().replay().steps.len() >= 20);
}

#[test]
fn field_7_a_campaign_deployed_by_its_own_step_plays_its_game_from_that_table() {
    let dir = data_dir("older-campaign");
    let app = new_app(&dir);
    let catalog = app.world().resource::<Content>().0.clone();
    let campaigns = app.world().resource::<DataDir>().campaigns();
    drop(app);
    // A campaign at its game, the teams built and deployed through the campaign's Deploy
    // step, as the older build left it.
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut c = Campaign::new(&catalog, "Older", 3, &players, false).unwrap();
    let agreed = Some("street_claim".to_owned());
    c.apply(&catalog, Step::ChooseScenario { agreed }).unwrap();
    for team in 0..2 {
        let objective = c.pending.as_ref().unwrap().drawn[team][0].clone();
        c.apply(&catalog, Step::DiscardObjective { team, objective })
            .unwrap();
    }
    for team in 0..2 {
        let spec = team_from_hq(&catalog, &c, team).unwrap();
        c.apply(&catalog, Step::BuildTeam { team, spec }).unwrap();
    }
    let positions = c
        .game_setup(&catalog)
        .unwrap()
        .models
        .iter()
        .map(|m| m.position)
        .collect();
    c.apply(&catalog, Step::Deploy { positions }).unwrap();
    let path = save::path_in(&campaigns, "Older");
    save::save(&path, &c).unwrap();
    let seats = CampaignSeats {
        computer: vec![None, Some(AiLevel::Easy)],
    };
    write_seats(&path, &seats).unwrap();

    let mut app = new_app(&dir);
    send(&mut app, CampaignIntent::Open(path.clone()));
    send(&mut app, CampaignIntent::PlayGame);
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    let started = app.world().resource::<Match>().clone();
    assert_eq!(
        deploying(&app),
        None,
        "the campaign's table is deployed already"
    );
    assert_eq!(
        started.game().setup().models,
        c.game_setup(&catalog).unwrap().models
    );
    play_against_the_computer(&mut app, |m| m.game().outcome().is_some());
    send(&mut app, BattleIntent::ShowResults);
    let session = app.world().resource::<CampaignSession>().clone();
    assert_ne!(session.campaign.phase, Phase::Play, "the game was recorded");
    let recorded = session.campaign.pending.unwrap().commands;
    // No deployment was played again: nothing is set down before the first Take Control
    // (a model entering from Reserve later is set down by a Deploy too, FIELD-9).
    let first_control = recorded
        .iter()
        .position(|c| matches!(c, Command::Activate { .. } | Command::Inspire { .. }))
        .expect("the game was played");
    assert!(
        !recorded[..first_control]
            .iter()
            .any(|c| matches!(c, Command::Deploy { .. }))
    );
    assert!(!recorded.contains(&Command::EndDeployment));
}
