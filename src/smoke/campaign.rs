//! The campaign smoke scenes (and the one-off game with a campaign team, below;
//! `campaign-pairs`: four players choosing a scenario, the team game naming its pairs): `campaign-hub` (a campaign two games in, a person against the
//! computer, building the next team from the HQ) and `campaign-injury` (the post-game
//! sequence right after the recovery rolls of a game where Veterans were hurt). The
//! campaigns are played by the scripted player, saved in the data folder and opened
//! through the hub like any other.

use bevy::prelude::*;
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;

use crate::headless::campaign::scripted::{play_next_game, steps_for_all, until_recovery_rolls};
use crate::headless::campaign::{CampaignIntent, CampaignSeats, write_seats};
use crate::headless::content::Content;
use crate::headless::flow::menu::MenuIntent;
use crate::headless::flow::new_game::SetupIntent;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::screen::Screen;
use crate::smoke::SmokeRun;

/// Whether a scene is one of these.
pub(super) fn is_campaign_scene(scene: &str) -> bool {
    matches!(scene, "campaign-hub" | "campaign-injury" | "campaign-pairs")
}

/// The one-off scenes: `one-off-setup` (the Setup screen of a solo game with seat 1 bringing
/// Ana's team from the `campaign-hub` campaign, and what the entry gives) and
/// `one-off-builder` (the team builder that follows, the team from her HQ).
pub(super) fn is_one_off_scene(scene: &str) -> bool {
    matches!(scene, "one-off-setup" | "one-off-builder")
}

/// The screen a one-off scene is shot on.
pub(super) fn one_off_screen(scene: &str) -> Screen {
    if scene == "one-off-builder" {
        Screen::TeamBuilder
    } else {
        Screen::Setup
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        drive.in_set(crate::headless::schedule::AppSystems::RecordInput),
    );
}

#[allow(clippy::too_many_arguments)]
fn drive(
    run: Res<SmokeRun>,
    content: Res<Content>,
    dir: Res<DataDir>,
    screen: Res<State<Screen>>,
    mut out: MessageWriter<CampaignIntent>,
    mut menu: MessageWriter<MenuIntent>,
    mut setup: MessageWriter<SetupIntent>,
    mut exit: MessageWriter<AppExit>,
    mut hub_since: Local<Option<u32>>,
    mut one_off: Local<Option<std::path::PathBuf>>,
) {
    if is_one_off_scene(&run.scene) {
        match run.frames {
            3 => match prepare(&content.0, &dir, "campaign-hub") {
                Ok(path) => {
                    *one_off = Some(path);
                    menu.write(MenuIntent::NewSolo);
                }
                Err(e) => {
                    error!(
                        "redline --smoke: scene {} could not be set up: {e}",
                        run.scene
                    );
                    exit.write(AppExit::from_code(1));
                }
            },
            6 => {
                setup.write(SetupIntent::CampaignTeam {
                    seat: 0,
                    pick: one_off.clone().map(|path| (path, 0)),
                });
            }
            8 if run.scene == "one-off-builder" => {
                setup.write(SetupIntent::Start);
            }
            _ => {}
        }
        return;
    }
    if !is_campaign_scene(&run.scene) {
        return;
    }
    if run.frames == 3 {
        match prepare(&content.0, &dir, &run.scene) {
            Ok(path) => {
                out.write(CampaignIntent::Open(path));
            }
            Err(e) => {
                error!(
                    "redline --smoke: scene {} could not be set up: {e}",
                    run.scene
                );
                exit.write(AppExit::from_code(1));
            }
        }
    }
    if *screen.get() == Screen::CampaignHub {
        let since = *hub_since.get_or_insert(run.frames);
        if run.scene == "campaign-injury" && run.frames == since + 3 {
            out.write(CampaignIntent::Step(Step::RollRecovery));
        }
    }
}

/// The frame of the shot, once the hub is up (the post-game rolls made before it).
pub(super) const SHOT_AFTER_HUB: u32 = 14;

fn prepare(catalog: &Catalog, dir: &DataDir, scene: &str) -> Result<std::path::PathBuf, String> {
    let players = [
        NewPlayer::new("Ana", "ashfall"),
        NewPlayer::new("Bo", "tidewater"),
    ];
    let mut seats = CampaignSeats {
        computer: vec![None, None],
    };
    let campaign = if scene == "campaign-pairs" {
        // Four players choosing the next scenario: the team game names its pairs (CTRL-20).
        let four = [
            NewPlayer::new("Ana", "ashfall"),
            NewPlayer::new("Bo", "tidewater"),
            NewPlayer::new("Cy", "choir"),
            NewPlayer::new("Di", "glasswork"),
        ];
        seats.computer = vec![None; 4];
        Campaign::new(catalog, "Four Pacts", 4, &four, false).map_err(|e| e.to_string())?
    } else if scene == "campaign-hub" {
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
