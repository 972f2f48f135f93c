//! Deployment in a campaign game (FIELD-7), through the engine. A game started from
//! [`Campaign::game_start`] opens with the engine's deployment and its command log begins
//! with the placements, so the campaign replays the game (and a game kept mid-deployment is
//! resumed) from the commands alone. A table set up outside the engine and handed over as
//! [`crate::Step::Deploy`] is deployed through the engine too before the campaign keeps it:
//! the engine's refusal, with its rule, is the campaign's.

use redline_content::Catalog;
use redline_rules::scenario::Entry;
use redline_rules::{Command, Game, Setup};

use crate::campaign::Campaign;
use crate::error::{CampaignError, refuse};

impl Campaign {
    /// The pending game as the engine starts it: the setup with the models on the table
    /// left for the deployment before the game (FIELD-7), and the skirmish's standard
    /// placements as a plan ([`Game::deploy_as_planned`], or suggestions for players). Once
    /// a table was handed over as [`crate::Step::Deploy`], the setup with every model there
    /// and no plan.
    pub fn game_start(&self, catalog: &Catalog) -> Result<(Setup, Vec<Command>), CampaignError> {
        let placed = self.game_setup(catalog)?;
        match self.pending.as_ref() {
            Some(p) if !p.deployed.is_empty() => Ok((placed, Vec::new())),
            _ => Ok(placed.unplaced()),
        }
    }

    /// The setup the pending game's command log starts from: the log of a game started
    /// from [`Campaign::game_start`] begins with its deployment; a log recorded from the
    /// table [`Campaign::game_setup`] sets up (a table handed over as
    /// [`crate::Step::Deploy`], or a game recorded before the deployment was the engine's)
    /// does not.
    pub(crate) fn setup_of_log(
        &self,
        catalog: &Catalog,
        commands: &[Command],
    ) -> Result<Setup, CampaignError> {
        let (start, _) = self.game_start(catalog)?;
        let deploys = matches!(
            commands.first(),
            Some(Command::Deploy { .. } | Command::EndDeployment)
        );
        if deploys {
            Ok(start)
        } else {
            self.game_setup(catalog)
        }
    }

    /// Deploys the pending game's models where `positions` puts them (set-up order)
    /// through the engine, seat by seat, and keeps the positions.
    pub(crate) fn deploy(
        &mut self,
        catalog: &Catalog,
        positions: Vec<[f32; 3]>,
    ) -> Result<Vec<String>, CampaignError> {
        let setup = self.skirmish_setup(catalog)?;
        let pending = self.pending_mut()?;
        if !pending.deployed.is_empty() {
            return refuse("FIELD-7", "the teams have already deployed for this game");
        }
        deploy_through_the_engine(&setup, &positions, pending.seed)?;
        pending.deployed = positions;
        Ok(vec!["The teams have deployed (FIELD-7).".to_owned()])
    }
}

/// Deploys every model on the table of `setup` at its position in `positions` through the
/// engine's deployment (FIELD-7, MOVE-4): the first placement it refuses is the refusal.
/// Models off the table keep the position the set-up gave them (they enter during play,
/// FIELD-8).
fn deploy_through_the_engine(
    setup: &Setup,
    positions: &[[f32; 3]],
    seed: u64,
) -> Result<(), CampaignError> {
    if positions.len() != setup.models.len() {
        return refuse(
            "FIELD-7",
            format!(
                "the deployment places {} models but the game has {}",
                positions.len(),
                setup.models.len()
            ),
        );
    }
    let mut table = setup.clone();
    for (m, &at) in table.models.iter_mut().zip(positions) {
        if m.entry != Entry::Table && at != m.position {
            return refuse(
                "FIELD-8",
                format!(
                    "{} waits off the table and enters during play",
                    m.profile.name
                ),
            );
        }
        m.position = at;
    }
    let (to_deploy, plan) = table.unplaced();
    let mut game = match Game::new(to_deploy, seed) {
        Ok(g) => g,
        Err(e) => return refuse("CAMP-1", format!("the game cannot start: {e}")),
    };
    while let Some(cmd) = game.planned_placement(&plan) {
        if let Err(e) = game.apply(cmd.clone()) {
            let who = match cmd {
                Command::Deploy { model, .. } => game.profile(model).name.clone(),
                _ => "the team".to_owned(),
            };
            return refuse(e.rule.id(), format!("{who}: {}", e.message));
        }
    }
    Ok(())
}
