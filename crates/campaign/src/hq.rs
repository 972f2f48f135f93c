//! What a campaign team's HQ lets it do: the cards it may field (CAMP-9, CAMP-16, CAMP-39),
//! the characters it may promote (CAMP-21) and the Mercs it may hire instead (CAMP-23).
//! The checks of those steps and every screen that lists the choices ask these.

use std::collections::BTreeSet;

use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_content::team::{Addition, TeamSpec};

use crate::campaign::{Campaign, name_of};
use crate::error::{CampaignError, refuse};

/// The cards a campaign team may field in its next game (CAMP-9).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fieldable {
    /// Character cards in the HQ.
    pub characters: BTreeSet<String>,
    /// Gonk cards in the HQ.
    pub gonks: BTreeSet<String>,
    /// Gear a member may carry: the HQ's, then Cybergear earned by Objectives (CAMP-16)
    /// and, with a Shared Market, the Loot the team kept (CAMP-39, CAMP-43), each once.
    pub gear: Vec<String>,
    /// Programs in the HQ.
    pub programs: BTreeSet<String>,
}

impl Fieldable {
    /// Whether the team may add what `addition` adds.
    pub fn allows(&self, addition: &Addition) -> bool {
        match addition {
            Addition::Character { card, .. } => self.characters.contains(card),
            Addition::Gonk { card, .. } => self.gonks.contains(card),
            Addition::Gear { gear, .. } => self.gear.contains(gear),
            Addition::Program { program, .. } => self.programs.contains(program),
        }
    }
}

impl Campaign {
    /// The cards `team` may field from its HQ (CAMP-9), with the Gear it earned (CAMP-16)
    /// or keeps from a Shared Market (CAMP-39). Empty for a team that does not exist.
    pub fn fieldable(&self, catalog: &Catalog, team: usize) -> Fieldable {
        let Some(t) = self.teams.get(team) else {
            return Fieldable::default();
        };
        let rules = self.team_rules(catalog, team, &TeamSpec::new(&t.faction));
        let kept_loot = t.loot.iter().filter(|_| self.shared_market);
        let mut gear: Vec<String> = t.hq.gear.iter().cloned().collect();
        for g in rules.earned_gear.iter().chain(kept_loot) {
            if !gear.contains(g) {
                gear.push(g.clone());
            }
        }
        // BOT-14: a construct left unserviced sits out the next game.
        let mut characters = t.hq.characters.clone();
        characters.retain(|c| !t.unserviced.contains(c));
        Fieldable {
            characters,
            gonks: t.hq.gonks.clone(),
            gear,
            programs: t.hq.programs.clone(),
        }
    }

    /// Refuses a faction other than `team`'s own: a campaign team plays its faction (CAMP-9).
    pub fn check_faction(&self, team: usize, faction: &str) -> Result<(), CampaignError> {
        match self.teams.get(team) {
            Some(t) if t.faction != faction => refuse(
                "CAMP-9",
                format!("{} plays {}, not {faction}", t.player, t.faction),
            ),
            _ => Ok(()),
        }
    }

    /// Refuses to add a card `team`'s HQ does not hold: a campaign team fields only what
    /// [`Campaign::fieldable`] lists (CAMP-9).
    pub fn check_addition(
        &self,
        catalog: &Catalog,
        team: usize,
        addition: &Addition,
    ) -> Result<(), CampaignError> {
        if self.fieldable(catalog, team).allows(addition) {
            return Ok(());
        }
        let card = match addition {
            Addition::Character { card, .. } | Addition::Gonk { card, .. } => card,
            Addition::Gear { gear, .. } => gear,
            Addition::Program { program, .. } => program,
        };
        let player = self.teams.get(team).map_or("", |t| t.player.as_str());
        refuse(
            "CAMP-9",
            format!(
                "{} is not in {player}'s HQ: a campaign team fields only what its HQ holds",
                name_of(catalog, card)
            ),
        )
    }

    /// The Veteran card `card` of `team`'s HQ is promoted to: the same character with one
    /// more star, waiting in the team's Supply (CAMP-21).
    pub fn next_veteran(&self, catalog: &Catalog, team: usize, card: &str) -> Option<String> {
        let t = self.teams.get(team)?;
        let current = catalog.characters.get(card)?;
        catalog
            .characters
            .iter()
            .find(|c| {
                c.basic_id() == current.basic_id()
                    && c.stars == current.stars + 1
                    && t.supply.characters.contains(&c.id)
            })
            .map(|c| c.id.clone())
    }

    /// The HQ characters of `team` a win lets it promote (CAMP-21), its Leader first.
    pub fn promotable(&self, catalog: &Catalog, team: usize) -> Vec<String> {
        let Some(t) = self.teams.get(team) else {
            return Vec::new();
        };
        let leader = |id: &String| {
            catalog
                .characters
                .get(id)
                .is_some_and(|c| c.has(CardKeyword::Leader))
        };
        let mut hq: Vec<&String> = t.hq.characters.iter().collect();
        hq.sort_by_key(|c| !leader(c));
        hq.into_iter()
            .filter(|card| self.next_veteran(catalog, team, card).is_some())
            .cloned()
            .collect()
    }

    /// The Mercs of `team`'s Supply a win lets it hire instead of promoting (CAMP-23): at
    /// one star at most, and not a character the HQ already holds a version of.
    pub fn hireable_mercs(&self, catalog: &Catalog, team: usize) -> Vec<String> {
        let Some(t) = self.teams.get(team) else {
            return Vec::new();
        };
        let in_hq = |basic: &str| {
            t.hq.characters.iter().any(|h| {
                catalog
                    .characters
                    .get(h)
                    .is_some_and(|h| h.basic_id() == basic)
            })
        };
        t.supply
            .characters
            .iter()
            .filter(|id| {
                catalog.characters.get(id).is_some_and(|c| {
                    c.has(CardKeyword::Merc) && c.stars <= 1 && !in_hq(c.basic_id())
                })
            })
            .cloned()
            .collect()
    }
}
