//! A campaign played by the app's scripted player on both sides, headless: the smoke
//! scenes use it to reach a hub with a history, or a post-game sequence with Veterans to
//! roll for, without a person at the table.

use redline_campaign::{Campaign, Phase, Step};
use redline_content::Catalog;
use redline_rules::Game;

use crate::headless::campaign::computer;

/// Takes the computer's steps for every team until the campaign waits on the game or on
/// the scenario choice.
pub fn steps_for_all(catalog: &Catalog, campaign: &mut Campaign) -> Result<(), String> {
    let all = vec![true; campaign.teams.len()];
    for _ in 0..64 {
        let step = match campaign.phase {
            Phase::Recovery => Some(Step::RollRecovery),
            Phase::CleanUp => Some(Step::CleanUp),
            _ => computer::next_step(catalog, campaign, &all),
        };
        let Some(step) = step else {
            return Ok(());
        };
        campaign.apply(catalog, step).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// From the scenario choice, prepares the next game (random scenario), plays it with the
/// scripted player on every seat and records it; the campaign is then at its post-game
/// sequence.
pub fn play_next_game(catalog: &Catalog, campaign: &mut Campaign) -> Result<(), String> {
    campaign
        .apply(catalog, Step::ChooseScenario { agreed: None })
        .map_err(|e| e.to_string())?;
    steps_for_all(catalog, campaign)?;
    let setup = campaign.game_setup(catalog).map_err(|e| e.to_string())?;
    let seed = campaign.pending.as_ref().map_or(0, |p| p.seed);
    let mut game = Game::new(setup, seed).map_err(|e| e.to_string())?;
    let mut commands = Vec::new();
    for _ in 0..20_000 {
        let Some(command) = crate::headless::game::autoplay::scripted_answer(&game) else {
            break;
        };
        game.apply(command.clone()).map_err(|e| e.to_string())?;
        commands.push(command);
    }
    campaign
        .apply(catalog, Step::RecordGame { commands })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Plays games until one ends with Veterans to roll for: the campaign is left at its
/// recovery step (after the winner's promotion). `None` if `games` games bring none.
pub fn until_recovery_rolls(
    catalog: &Catalog,
    campaign: &mut Campaign,
    games: usize,
) -> Option<()> {
    let all = vec![true; campaign.teams.len()];
    for _ in 0..games {
        play_next_game(catalog, campaign).ok()?;
        while campaign.phase == Phase::Promotion {
            let step = computer::next_step(catalog, campaign, &all)?;
            campaign.apply(catalog, step).ok()?;
        }
        if campaign
            .pending
            .as_ref()
            .is_some_and(|p| !p.casualties.is_empty())
        {
            return Some(());
        }
        steps_for_all(catalog, campaign).ok()?;
    }
    None
}
