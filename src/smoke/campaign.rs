//! The campaign smoke scenes: `campaign-hub` (a campaign two games in, a person against
//! the computer, building the next team from the HQ), `campaign-injury` (the post-game
//! sequence right after the recovery rolls of a game where Veterans were hurt) and
//! `campaign-pairs` (four players choosing a scenario, the team game naming its pairs);
//! and the one-off game with a campaign team: `one-off-setup` (the Setup screen of a solo
//! game with seat 1 bringing Ana's team from the `campaign-hub` campaign, and what the
//! entry gives) and `one-off-builder` (the team builder that follows, the team from her
//! HQ). The campaigns are played by the scripted player, saved in the data folder and
//! opened through the hub like any other.

use std::path::PathBuf;

use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;

use super::run::SmokeRun;
use super::stage::Stage;
use crate::headless::campaign::scripted::{play_next_game, steps_for_all, until_recovery_rolls};
use crate::headless::campaign::{CampaignIntent, CampaignSeats, write_seats};
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::new_game::SetupIntent;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::screen::Screen;

/// The frame a scene prepares its campaign.
const PREPARE_FRAME: u32 = 3;
/// The frame of the shot, once the hub is up (the post-game rolls made before it).
const SHOT_AFTER_HUB: u32 = 14;

/// A campaign a scene opens, with who plays each team.
type Prepared = Result<(Campaign, CampaignSeats), String>;

/// Prepares the scene's campaign and opens it in the hub; the frame the hub appeared on,
/// once it has.
fn open_in_hub(
    run: &mut SmokeRun,
    stage: &mut Stage,
    frame: u32,
    prepare: fn(&Catalog) -> Prepared,
) -> Option<u32> {
    if frame == PREPARE_FRAME {
        match saved(&stage.dir, prepare(&stage.content.0)) {
            Ok(path) => {
                stage.send.campaign.write(CampaignIntent::Open(path));
            }
            Err(e) => stage.fail(run, &e),
        }
    }
    stage
        .on(Screen::CampaignHub)
        .then(|| *run.shot_at.get_or_insert(frame))
}

/// `campaign-hub`: a campaign two games in, a person against the computer, building the
/// next team from the HQ.
pub(super) fn campaign_hub(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if let Some(since) = open_in_hub(run, stage, frame, harbour_wars) {
        stage.shoot(run, frame, since + SHOT_AFTER_HUB);
    }
}

/// `campaign-injury`: the post-game sequence, the recovery rolls made once the hub is up.
pub(super) fn campaign_injury(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    let Some(since) = open_in_hub(run, stage, frame, bloody_harbour) else {
        return;
    };
    if frame == since + 3 {
        stage
            .send
            .campaign
            .write(CampaignIntent::Step(Step::RollRecovery));
    }
    stage.shoot(run, frame, since + SHOT_AFTER_HUB);
}

/// `campaign-pairs`: four players choosing a scenario, the team game naming its pairs.
pub(super) fn campaign_pairs(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if let Some(since) = open_in_hub(run, stage, frame, four_pacts) {
        stage.shoot(run, frame, since + SHOT_AFTER_HUB);
    }
}

/// `one-off-setup`: the Setup screen of a solo game whose first seat brings Ana's team.
pub(super) fn one_off_setup(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    one_off(run, stage, frame, Screen::Setup);
}

/// `one-off-builder`: the team builder of that game, the team from Ana's HQ.
pub(super) fn one_off_builder(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if frame == 8 {
        stage.send.setup.write(SetupIntent::Start);
    }
    one_off(run, stage, frame, Screen::TeamBuilder);
}

/// A one-off game with a campaign team: a solo game whose first seat brings Ana's team
/// from the `campaign-hub` campaign; the shot once `screen` has settled.
fn one_off(run: &mut SmokeRun, stage: &mut Stage, frame: u32, screen: Screen) {
    match frame {
        PREPARE_FRAME => match saved(&stage.dir, harbour_wars(&stage.content.0)) {
            Ok(path) => {
                run.one_off = Some(path);
                stage.send.menu.write(MenuIntent::NewSolo);
            }
            Err(e) => stage.fail(run, &e),
        },
        6 => {
            stage.send.setup.write(SetupIntent::CampaignTeam {
                seat: 0,
                pick: run.one_off.clone().map(|path| (path, 0)),
            });
        }
        _ => {}
    }
    if stage.on(screen) {
        let start = *run.shot_at.get_or_insert(frame);
        stage.shoot(run, frame, start.max(9) + 6);
    }
}

/// Saves a prepared campaign in the data folder, with who plays each team.
fn saved(dir: &DataDir, prepared: Prepared) -> Result<PathBuf, String> {
    let (campaign, seats) = prepared?;
    let path = save::path_in(&dir.campaigns(), &campaign.name);
    save::save(&path, &campaign).map_err(|e| e.to_string())?;
    write_seats(&path, &seats)?;
    Ok(path)
}

/// Ana and Bo, the two players of the two-player campaigns.
fn ana_and_bo() -> [NewPlayer; 2] {
    [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ]
}

/// "Four Pacts": four players choosing the next scenario; the team game names its pairs
/// (CTRL-20).
fn four_pacts(catalog: &Catalog) -> Prepared {
    let four = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
        NewPlayer::new("Cy", "choir"),
        NewPlayer::new("Di", "glasswork"),
    ];
    let c = Campaign::new(catalog, "Four Pacts", 4, &four, false).map_err(|e| e.to_string())?;
    let seats = CampaignSeats {
        computer: vec![None; 4],
    };
    Ok((c, seats))
}

/// "Harbour Wars": two games played by the scripted player, the next scenario chosen and
/// Ana's Objective discarded; Bo is the Normal computer.
fn harbour_wars(catalog: &Catalog) -> Prepared {
    let mut c = Campaign::new(catalog, "Harbour Wars", 11, &ana_and_bo(), false)
        .map_err(|e| e.to_string())?;
    for _ in 0..2 {
        play_next_game(catalog, &mut c)?;
        steps_for_all(catalog, &mut c)?;
    }
    c.apply(catalog, Step::ChooseScenario { agreed: None })
        .map_err(|e| e.to_string())?;
    let drawn = c
        .pending
        .as_ref()
        .map(|p| p.drawn[0][0].clone())
        .unwrap_or_default();
    c.apply(
        catalog,
        Step::DiscardObjective {
            team: 0,
            objective: drawn,
        },
    )
    .map_err(|e| e.to_string())?;
    let seats = CampaignSeats {
        computer: vec![None, Some(AiLevel::Normal)],
    };
    Ok((c, seats))
}

/// "Bloody Harbour": the first campaign (by seed) whose games reach recovery rolls for
/// hurt Veterans, stopped before them.
fn bloody_harbour(catalog: &Catalog) -> Prepared {
    for seed in 1..=8 {
        let mut c = Campaign::new(catalog, "Bloody Harbour", seed, &ana_and_bo(), false)
            .map_err(|e| e.to_string())?;
        if until_recovery_rolls(catalog, &mut c, 6).is_some() {
            debug_assert_eq!(c.phase, Phase::Recovery);
            let seats = CampaignSeats {
                computer: vec![None, None],
            };
            return Ok((c, seats));
        }
    }
    Err("no campaign reached a recovery roll".to_owned())
}
