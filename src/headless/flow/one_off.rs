//! Campaign teams in one-off games (CAMP-4, CAMP-5): a seat on the Setup screen may bring
//! a player's team from any saved campaign instead of building one. The campaign file is
//! read, never written: the game is an ordinary one-off game, and nothing a player built in
//! the campaign can be lost in it. The rules are `redline_campaign`'s (`one_off_team`,
//! `one_off_rules`, `equalising_draw`); this module lists the choices and says in words
//! what an entry gives.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use redline_campaign::{Campaign, Fieldable, card_name, one_off_rules, save};
use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_content::team::{EB_PER_STAR, TeamRules};

use crate::headless::persist::data_dir::DataDir;

/// A player's team taken from a saved campaign for a one-off game.
#[derive(Debug, Clone, PartialEq)]
pub struct CampaignPick {
    /// The campaign file it was read from.
    pub path: PathBuf,
    /// The campaign team (player) index.
    pub team: usize,
    /// The campaign as read: a copy, never saved back.
    pub campaign: Campaign,
}

impl CampaignPick {
    /// Reads `team` of the campaign at `path` (or its previous copy if the file is broken).
    pub fn read(path: &Path, team: usize) -> Result<CampaignPick, String> {
        let (campaign, _) = save::load_or_previous(path).map_err(|e| e.to_string())?;
        if team >= campaign.teams.len() {
            return Err(format!("'{}' has no player {}", campaign.name, team + 1));
        }
        Ok(CampaignPick {
            path: path.to_owned(),
            team,
            campaign,
        })
    }

    /// "Ana (Harbour Wars)".
    pub fn label(&self) -> String {
        format!(
            "{} ({})",
            self.campaign.teams[self.team].player, self.campaign.name
        )
    }

    /// The faction the team plays.
    pub fn faction(&self) -> &str {
        &self.campaign.teams[self.team].faction
    }

    /// Its completed Objectives, which it brings to the game (CAMP-5).
    pub fn objectives(&self) -> Vec<String> {
        self.campaign.completed_ids(self.team)
    }

    /// What the team may field from its HQ (CAMP-9): the campaign's own answer, the one
    /// its check of the finished team uses.
    pub fn fieldable(&self, catalog: &Catalog) -> Fieldable {
        self.campaign.fieldable(catalog, self.team)
    }

    /// What the entry gives, in sentences for the Setup screen (CAMP-4, CAMP-5).
    pub fn describe(&self, catalog: &Catalog) -> Vec<String> {
        let t = &self.campaign.teams[self.team];
        let faction = catalog
            .factions
            .get(&t.faction)
            .map_or(t.faction.as_str(), |f| f.name.as_str());
        let mut lines = vec![format!(
            "{}'s {faction} team from '{}': Street Cred {}, built from its HQ only.",
            t.player,
            self.campaign.name,
            t.street_cred(catalog)
        )];
        let stars: u32 =
            t.hq.characters
                .iter()
                .filter_map(|c| catalog.characters.get(c))
                .map(|c| u32::from(c.stars))
                .sum();
        let mercs =
            t.hq.characters
                .iter()
                .filter_map(|c| catalog.characters.get(c))
                .filter(|c| c.has(CardKeyword::Merc))
                .count();
        let most_mercs = TeamRules::one_off(0).merc_limit().unwrap_or(usize::MAX);
        lines.push(format!(
            "One-off rules: each Veteran star costs +{EB_PER_STAR} EB (the HQ's Veterans have \
             {stars} star(s)); at most {most_mercs} Mercs (the HQ has {mercs})."
        ));
        let objectives = self.objectives();
        if objectives.is_empty() {
            lines.push("It brings no completed Objectives, so nobody draws any.".into());
            return lines;
        }
        let names: Vec<String> = objectives.iter().map(|o| card_name(catalog, o)).collect();
        lines.push(format!(
            "It brings {} completed Objective(s): {} — {}.",
            objectives.len(),
            names.join(", "),
            rewards_text(catalog, &objectives)
        ));
        lines.push(format!(
            "Equalisation: every team with fewer draws Objectives from its own deck \
             until it holds {} and counts them as completed for this game.",
            objectives.len()
        ));
        lines
    }
}

/// What counting `objectives` as completed gives a team in a one-off game, in words:
/// "+5 EB, +1 Street Cred, Cybergear: …" (CAMP-5).
pub fn rewards_text(catalog: &Catalog, objectives: &[String]) -> String {
    let rules = one_off_rules(catalog, objectives, 0);
    let mut gives = Vec::new();
    if rules.bonus_eb > 0 {
        gives.push(format!("+{} EB", rules.bonus_eb));
    }
    if rules.bonus_street_cred > 0 {
        gives.push(format!("+{} Street Cred", rules.bonus_street_cred));
    }
    if !rules.earned_gear.is_empty() {
        let gear: Vec<String> = rules
            .earned_gear
            .iter()
            .map(|g| card_name(catalog, g))
            .collect();
        gives.push(format!("Cybergear: {}", gear.join(", ")));
    }
    if gives.is_empty() {
        "nothing for team building".to_owned()
    } else {
        gives.join(", ")
    }
}

/// A campaign in the Setup screen's list: its file, name and players.
#[derive(Debug, Clone, PartialEq)]
pub struct CampaignChoice {
    /// The campaign file.
    pub path: PathBuf,
    /// The campaign's name.
    pub name: String,
    /// Each player's name and faction id, by campaign team index.
    pub players: Vec<(String, String)>,
}

/// The saved campaigns a seat can take a team from, read when the Setup screen opens.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct CampaignChoices(pub Vec<CampaignChoice>);

/// Every readable campaign in the data folder, sorted by file name.
pub fn campaign_choices(dir: &DataDir) -> CampaignChoices {
    CampaignChoices(
        save::list(&dir.campaigns())
            .into_iter()
            .filter_map(|path| {
                let (c, _) = save::load_or_previous(&path).ok()?;
                Some(CampaignChoice {
                    name: c.name.clone(),
                    players: c
                        .teams
                        .iter()
                        .map(|t| (t.player.clone(), t.faction.clone()))
                        .collect(),
                    path,
                })
            })
            .collect(),
    )
}
