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

use super::SmokeRun;
use super::scene::Scene;
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

/// A campaign scene: the campaign opened in the hub; `campaign-injury` rolls for its
/// Veterans once the hub is up; the shot once the hub has settled.
pub(super) fn hub(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    if frame == PREPARE_FRAME {
        match prepare(&stage.content.0, &stage.dir, run.scene) {
            Ok(path) => {
                stage.send.campaign.write(CampaignIntent::Open(path));
            }
            Err(e) => stage.fail(run, &e),
        }
    }
    if !stage.on(Screen::CampaignHub) {
        return;
    }
    let since = *run.shot_at.get_or_insert(frame);
    if run.scene == Scene::CampaignInjury && frame == since + 3 {
        stage
            .send
            .campaign
            .write(CampaignIntent::Step(Step::RollRecovery));
    }
    stage.shoot(run, frame, since + SHOT_AFTER_HUB);
}

/// A one-off scene: a solo game whose first seat brings Ana's campaign team; the team
/// builder opened for `one-off-builder`; the shot once the screen has settled.
pub(super) fn one_off(run: &mut SmokeRun, stage: &mut Stage, frame: u32) {
    match frame {
        PREPARE_FRAME => match prepare(&stage.content.0, &stage.dir, Scene::CampaignHub) {
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
        8 if run.scene == Scene::OneOffBuilder => {
            stage.send.setup.write(SetupIntent::Start);
        }
        _ => {}
    }
    let screen = if run.scene == Scene::OneOffBuilder {
        Screen::TeamBuilder
    } else {
        Screen::Setup
    };
    if stage.on(screen) {
        let start = *run.shot_at.get_or_insert(frame);
        stage.shoot(run, frame, start.max(9) + 6);
    }
}

/// The frame of the shot, once the hub is up (the post-game rolls made before it).
const SHOT_AFTER_HUB: u32 = 14;

/// The campaign a scene opens, played by the scripted player and saved in the data folder.
fn prepare(catalog: &Catalog, dir: &DataDir, scene: Scene) -> Result<PathBuf, String> {
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut seats = CampaignSeats {
        computer: vec![None, None],
    };
    let campaign = if scene == Scene::CampaignPairs {
        // Four players choosing the next scenario: the team game names its pairs (CTRL-20).
        let four = [
            NewPlayer::new("Ana", "ashfall"),
            NewPlayer::new("Bo", "tidewater"),
            NewPlayer::new("Cy", "choir"),
            NewPlayer::new("Di", "glasswork"),
        ];
        seats.computer = vec![None; 4];
        Campaign::new(catalog, "Four Pacts", 4, &four, false).map_err(|e| e.to_string())?
    } else if scene == Scene::CampaignHub {
        let mut c = Campaign::new(catalog, "Harbour Wars", 11, &players, false)
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
        seats.computer[1] = Some(AiLevel::Normal);
        c
    } else {
        let mut found = None;
        for seed in 1..=8 {
            let mut c = Campaign::new(catalog, "Bloody Harbour", seed, &players, false)
                .map_err(|e| e.to_string())?;
            if until_recovery_rolls(catalog, &mut c, 6).is_some() {
                found = Some(c);
                break;
            }
        }
        let c = found.ok_or("no campaign reached a recovery roll")?;
        debug_assert_eq!(c.phase, Phase::Recovery);
        c
    };
    let path = save::path_in(&dir.campaigns(), &campaign.name);
    save::save(&path, &campaign).map_err(|e| e.to_string())?;
    write_seats(&path, &seats)?;
    Ok(path)
}
