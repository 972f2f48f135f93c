//! A campaign team in a one-off game (CAMP-4, CAMP-5).

use redline_content::Catalog;
use redline_content::schema::ObjectiveKind;
use redline_content::team::{TeamRules, TeamSpec, check_team};

use crate::campaign::Campaign;
use crate::dice::CampaignDice;
use crate::error::{CampaignError, refuse};

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
        let t = &self.teams[team];
        let objectives: Vec<String> = t.completed.iter().map(|o| o.id.clone()).collect();
        let bonus_eb: u32 = t
            .completed
            .iter()
            .filter(|o| o.kind == ObjectiveKind::Ongoing)
            .filter_map(|o| catalog.objectives.get(&o.id))
            .map(|o| u32::from(o.reward.eb))
            .sum();
        let objective_stars: u32 = t
            .completed
            .iter()
            .filter_map(|o| catalog.objectives.get(&o.id))
            .map(|o| u32::from(o.reward.stars))
            .sum();
        let rules = TeamRules {
            bonus_eb,
            bonus_street_cred: u8::try_from(objective_stars).unwrap_or(u8::MAX),
            earned_gear: t
                .completed
                .iter()
                .filter(|o| o.kind == ObjectiveKind::Cybergear)
                .filter_map(|o| catalog.objectives.get(&o.id))
                .filter_map(|o| o.reward.gear.clone())
                .collect(),
            ..TeamRules::one_off(eb_limit)
        };
        if let Err(errors) = check_team(catalog, spec, &rules) {
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return refuse("CAMP-4", all.join("; "));
        }
        let mut deck: Vec<String> = catalog
            .objective_deck(opponent_faction)
            .into_iter()
            .map(|o| o.id.clone())
            .collect();
        let mut dice = CampaignDice {
            seed,
            ..CampaignDice::default()
        };
        dice.shuffle(&mut deck);
        deck.truncate(objectives.len());
        Ok(OneOffEntry {
            rules,
            objectives,
            opponent_objectives: deck,
        })
    }
}
