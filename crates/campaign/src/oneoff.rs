//! A campaign team in a one-off game (CAMP-4, CAMP-5). Nothing here changes the campaign:
//! the team is read from its HQ, and whatever happens in the one-off game stays there.

use redline_content::Catalog;
use redline_content::schema::ObjectiveKind;
use redline_content::team::{TeamRules, TeamSpec, check_team};

use crate::campaign::Campaign;
use crate::dice::CampaignDice;
use crate::error::{CampaignError, refuse};
use crate::sim::bot_team;

/// What a campaign team brings to a one-off game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneOffEntry {
    /// The rules the campaign team is built under: one-off (+5 EB per Veteran star, at most
    /// two Mercs; CAMP-4), with the bonuses of its completed Objectives (CAMP-5).
    pub rules: TeamRules,
    /// The completed Objectives it brings.
    pub objectives: Vec<String>,
    /// Objectives drawn at random from the opponent's deck until the numbers match; the
    /// opponent counts them as completed for this game (CAMP-5).
    pub opponent_objectives: Vec<String>,
}

/// The rules of a one-off game at `eb_limit` for a team that counts `objectives` as
/// completed (CAMP-4, CAMP-5): EB from Ongoing ones (CAMP-14), Street Cred from every star
/// (CAMP-17) and the Cybergear they reward (CAMP-16). Unknown ids count for nothing.
pub fn one_off_rules(catalog: &Catalog, objectives: &[String], eb_limit: u32) -> TeamRules {
    let cards: Vec<_> = objectives
        .iter()
        .filter_map(|id| catalog.objectives.get(id))
        .collect();
    let stars: u32 = cards.iter().map(|o| u32::from(o.reward.stars)).sum();
    TeamRules {
        bonus_eb: cards
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Ongoing)
            .map(|o| u32::from(o.reward.eb))
            .sum(),
        bonus_street_cred: u8::try_from(stars).unwrap_or(u8::MAX),
        earned_gear: cards
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Cybergear)
            .filter_map(|o| o.reward.gear.clone())
            .collect(),
        ..TeamRules::one_off(eb_limit)
    }
}

/// CAMP-5: Objectives of `faction`'s deck drawn at random (from `seed`), leaving out those
/// in `holding`, until the team holds `count`; the team counts them as completed for the
/// game. Empty when it already holds as many.
pub fn equalising_draw(
    catalog: &Catalog,
    faction: &str,
    holding: &[String],
    count: usize,
    seed: u64,
) -> Vec<String> {
    let mut deck: Vec<String> = catalog
        .objective_deck(faction)
        .into_iter()
        .map(|o| o.id.clone())
        .filter(|id| !holding.contains(id))
        .collect();
    let mut dice = CampaignDice {
        seed,
        ..CampaignDice::default()
    };
    dice.shuffle(&mut deck);
    deck.truncate(count.saturating_sub(holding.len()));
    deck
}

impl Campaign {
    /// Checks a campaign team for a one-off game against an opponent of `opponent_faction`
    /// at `eb_limit`: the team comes from the HQ (CAMP-9), under one-off rules (CAMP-4),
    /// bringing its completed Objectives and equalising the opponent's (CAMP-5). `seed` draws
    /// the opponent's Objectives. The campaign itself is not changed.
    pub fn one_off_entry(
        &self,
        catalog: &Catalog,
        team: usize,
        spec: &TeamSpec,
        eb_limit: u32,
        opponent_faction: &str,
        seed: u64,
    ) -> Result<OneOffEntry, CampaignError> {
        let team = self.team_index(team)?;
        self.check_from_hq(catalog, team, spec)?;
        let objectives = self.completed_ids(team);
        let rules = one_off_rules(catalog, &objectives, eb_limit);
        if let Err(errors) = check_team(catalog, spec, &rules) {
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return refuse("CAMP-4", all.join("; "));
        }
        let opponent_objectives =
            equalising_draw(catalog, opponent_faction, &[], objectives.len(), seed);
        Ok(OneOffEntry {
            rules,
            objectives,
            opponent_objectives,
        })
    }

    /// The ids of `team`'s completed Objectives, in the order completed (CAMP-12).
    pub fn completed_ids(&self, team: usize) -> Vec<String> {
        self.teams
            .get(team)
            .map(|t| t.completed.iter().map(|o| o.id.clone()).collect())
            .unwrap_or_default()
    }

    /// A first team for `team` in a one-off game at `eb_limit`, to adjust before playing:
    /// the team it fielded last in the campaign, else the computer's pick from its HQ
    /// (CAMP-9), narrowed to the HQ, with members dropped from the end until one-off rules
    /// (CAMP-4) accept it.
    pub fn one_off_team(
        &self,
        catalog: &Catalog,
        team: usize,
        eb_limit: u32,
    ) -> Result<TeamSpec, CampaignError> {
        let team = self.team_index(team)?;
        let last = self.history.iter().rev().find_map(|g| {
            let seat = g.seats.iter().position(|&s| s == team)?;
            g.teams.get(seat).cloned()
        });
        let mut spec = match last {
            Some(spec) => spec,
            None => bot_team(catalog, self, team)?,
        };
        self.narrow_to_hq(catalog, team, &mut spec);
        let rules = one_off_rules(catalog, &self.completed_ids(team), eb_limit);
        while spec.members.len() > 1 && check_team(catalog, &spec, &rules).is_err() {
            spec.members.pop();
        }
        Ok(spec)
    }
}
