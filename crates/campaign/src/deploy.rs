//! Deployment in a campaign game (FIELD-7): the players move their models inside their
//! zones, as in a one-off game, and the campaign keeps where each model stands so the game
//! it replays afterwards (and the history's replay) starts from the same table.

use redline_battlespace::ModelBase;
use redline_content::Catalog;
use redline_rules::Setup;
use redline_rules::scenario::Entry;

use crate::campaign::Campaign;
use crate::error::{CampaignError, refuse};

impl Campaign {
    /// Checks and keeps the deployed positions of the pending game's models.
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
        check_deployment(&setup, &positions)?;
        pending.deployed = positions;
        Ok(vec!["The teams have deployed (FIELD-7).".to_owned()])
    }
}

/// The base of model `i` standing at `at`.
fn base_at(setup: &Setup, i: usize, at: [f32; 3]) -> ModelBase {
    let m = &setup.models[i];
    ModelBase::new(i as u32, m.owner.0, at).with_radius(m.profile.base_mm / 25.4 / 2.0)
}

/// Every model on the table wholly inside its seat's zone, standing on a surface clear of
/// scenery, overlapping no other base; models off the table stay where the set-up put them
/// (they enter during play, FIELD-8).
fn check_deployment(setup: &Setup, positions: &[[f32; 3]]) -> Result<(), CampaignError> {
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
    let on_table: Vec<usize> = (0..setup.models.len())
        .filter(|&i| setup.models[i].entry == Entry::Table)
        .collect();
    let space = &setup.battlespace;
    for (i, m) in setup.models.iter().enumerate() {
        let name = &m.profile.name;
        let at = positions[i];
        if m.entry != Entry::Table {
            if at != m.position {
                return refuse(
                    "FIELD-8",
                    format!("{name} waits off the table and enters during play"),
                );
            }
            continue;
        }
        if !at.iter().all(|v| v.is_finite()) {
            return refuse(
                "FIELD-7",
                format!("{name} is not put anywhere on the table"),
            );
        }
        let base = base_at(setup, i, at);
        if let Some(zone) = setup.scenario.zone_of(m.owner)
            && !space.table().in_zone(&base, zone)
        {
            return refuse(
                "FIELD-7",
                format!("{name} must be wholly inside its player's deployment zone"),
            );
        }
        let others: Vec<ModelBase> = on_table
            .iter()
            .filter(|&&j| j != i)
            .map(|&j| base_at(setup, j, positions[j]))
            .collect();
        if others.iter().any(|o| o.overlaps(&base)) {
            return refuse(
                "MOVE-4",
                format!("{name} would overlap another model's base"),
            );
        }
        if !space.can_place(&base, &others) {
            return refuse(
                "FIELD-7",
                format!("{name} can't stand there: scenery is in the way or it is off the table"),
            );
        }
    }
    Ok(())
}
