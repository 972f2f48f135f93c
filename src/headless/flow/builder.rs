//! The team builder, one seat after another: faction, Leader, characters, Veterans,
//! Gonks, Gear and programs. What can be added comes from
//! `redline_content::team::available_additions`, every violation from `check_team`, both
//! after each change; a team with violations can't be confirmed. Misclicks are undone
//! step by step. Teams can be saved as rosters and picked again. Seats the computer plays
//! get their team without the builder (`computer_team`) and are skipped. A seat that
//! brings a campaign team (`one_off`) starts from it and may only add what its HQ holds.

use bevy::prelude::*;
use redline_campaign::{Fieldable, equalising_draw, one_off_rules};
use redline_content::Catalog;
use redline_content::schema::Scenario;
use redline_content::skirmish::{quick_team, quick_team_rules};
use redline_content::team::{
    Addition, MemberSpec, TeamError, TeamRules, TeamSpec, TeamSummary, check_team,
};

use crate::headless::flow::computer_team::{AiSeat, computer_team};
use crate::headless::flow::one_off::CampaignPick;
use crate::headless::persist::rosters::Roster;

/// The teams being built.
#[derive(Resource, Debug, Clone)]
pub struct TeamBuilder {
    /// The seat building now (0-based).
    pub seat: usize,
    /// Each seat's team so far.
    pub teams: Vec<TeamSpec>,
    /// The rules they are built under (one-off game at the game size's EB limit, else the
    /// scenario's).
    pub rules: TeamRules,
    /// Each seat's campaign team, where it brings one (CAMP-4, CAMP-5).
    pub campaign: Vec<Option<CampaignPick>>,
    /// The Objectives each seat counts as completed: a campaign team's own, and those the
    /// others draw to match (CAMP-5). Empty when no seat brings a campaign team.
    pub counted: Vec<Vec<String>>,
    /// Each seat's rules: `rules` with the bonuses of its counted Objectives.
    pub seat_rules: Vec<TeamRules>,
    /// Seed of the equalising draws.
    seed: u64,
    /// Scenario id.
    pub scenario: String,
    /// Each seat's computer player (`None` for people).
    pub computer: Vec<Option<AiSeat>>,
    /// Earlier versions of the current seat's team, for undo.
    history: Vec<TeamSpec>,
}

/// What comes off the current team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Removal {
    /// A member, with its Gear and programs.
    Member(usize),
    /// One of a member's Gear cards, by its index in the member's list.
    Gear {
        /// Member index.
        member: usize,
        /// Index in its Gear.
        index: usize,
    },
    /// One of a member's programs.
    Program {
        /// Member index.
        member: usize,
        /// Index in its programs.
        index: usize,
    },
}

impl TeamBuilder {
    /// Empty teams for `players` seats, each of a different faction where possible, built
    /// under `rules` (the game size's one-off rules, or the scenario's EB limit).
    pub fn new(
        catalog: &Catalog,
        scenario: &Scenario,
        players: u8,
        rules: TeamRules,
    ) -> TeamBuilder {
        let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
        let teams = (0..usize::from(players))
            .map(|seat| TeamSpec::new(factions.get(seat % factions.len().max(1)).unwrap_or(&"")))
            .collect();
        TeamBuilder {
            seat: 0,
            teams,
            seat_rules: vec![rules.clone(); usize::from(players)],
            rules,
            campaign: vec![None; usize::from(players)],
            counted: vec![Vec::new(); usize::from(players)],
            seed: 0,
            scenario: scenario.id.clone(),
            computer: vec![None; usize::from(players)],
            history: Vec::new(),
        }
    }

    /// Seats bringing a campaign team (`picks[i]`) start from the team the player fielded
    /// last, narrowed to the HQ (CAMP-9) and fitted to one-off rules (CAMP-4); every seat
    /// then counts its Objectives (CAMP-5). `seed` draws the equalising Objectives.
    pub fn with_campaigns(
        mut self,
        catalog: &Catalog,
        picks: &[Option<CampaignPick>],
        seed: u64,
    ) -> Result<TeamBuilder, String> {
        self.seed = seed;
        for (i, pick) in picks.iter().enumerate().take(self.teams.len()) {
            if let Some(pick) = pick {
                self.teams[i] = pick
                    .campaign
                    .one_off_team(catalog, pick.team, self.rules.eb_limit)
                    .map_err(|e| format!("{}: {e}", pick.label()))?;
                self.campaign[i] = Some(pick.clone());
            }
        }
        self.count_objectives(catalog);
        Ok(self)
    }

    /// CAMP-5: with campaign teams at the table, every seat holding fewer completed
    /// Objectives than the most any campaign team brings draws from its own faction's deck
    /// until it matches, and counts them as completed; the bonuses go into its rules.
    /// Redone when a seat changes faction (a different deck).
    fn count_objectives(&mut self, catalog: &Catalog) {
        let most = self
            .campaign
            .iter()
            .flatten()
            .map(|p| p.objectives().len())
            .max()
            .unwrap_or(0);
        for seat in 0..self.teams.len() {
            let own = self.campaign[seat]
                .as_ref()
                .map(CampaignPick::objectives)
                .unwrap_or_default();
            let drawn = equalising_draw(
                catalog,
                &self.teams[seat].faction,
                &own,
                most,
                self.seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            self.counted[seat] = own.into_iter().chain(drawn).collect();
            self.seat_rules[seat] =
                one_off_rules(catalog, &self.counted[seat], self.rules.eb_limit);
        }
    }

    /// The rules the seat building now is under.
    pub fn current_rules(&self) -> &TeamRules {
        &self.seat_rules[self.seat]
    }

    /// The campaign team of the seat building now, if it brings one.
    pub fn current_campaign(&self) -> Option<&CampaignPick> {
        self.campaign.get(self.seat).and_then(Option::as_ref)
    }

    /// What the seat building now may field: anything for a built team (`None`), only what
    /// its HQ holds for a campaign team (CAMP-9).
    pub fn fieldable(&self, catalog: &Catalog) -> Option<Fieldable> {
        self.current_campaign().map(|p| p.fieldable(catalog))
    }

    /// Whether the seat building now may add `addition` (see [`TeamBuilder::fieldable`]).
    pub fn allows(&self, catalog: &Catalog, addition: &Addition) -> bool {
        self.fieldable(catalog).is_none_or(|f| f.allows(addition))
    }

    /// The computer builds the teams of the seats it plays (`seats[i]`), and building
    /// starts at the first seat a person plays.
    pub fn with_computer(
        mut self,
        catalog: &Catalog,
        seats: &[Option<AiSeat>],
        seed: u64,
    ) -> Result<TeamBuilder, String> {
        self.computer = (0..self.teams.len())
            .map(|i| seats.get(i).cloned().flatten())
            .collect();
        let mut taken = Vec::new();
        for (i, seat) in self.computer.iter().enumerate() {
            if let Some(ai) = seat {
                let rules = self.quick_rules(catalog, i, &self.rules);
                let team = computer_team(catalog, ai, &taken, &rules, seed ^ i as u64)
                    .map_err(|e| format!("The computer can't build a team: {e}"))?;
                taken.push(team.faction.clone());
                self.teams[i] = team;
            }
        }
        self.seat = self.next_person(0).unwrap_or(0);
        Ok(self)
    }

    /// The first seat from `from` on that a person plays.
    fn next_person(&self, from: usize) -> Option<usize> {
        (from..self.teams.len()).find(|&i| self.computer.get(i).is_none_or(Option::is_none))
    }

    /// Whether the seat building now is the last a person builds (the computer's come
    /// ready-made).
    pub fn last_person(&self) -> bool {
        self.next_person(self.seat + 1).is_none()
    }

    /// The team of the seat building now.
    pub fn team(&self) -> &TeamSpec {
        &self.teams[self.seat]
    }

    /// Every violation of the current team (empty when it is legal).
    pub fn violations(&self, catalog: &Catalog) -> Vec<TeamError> {
        check_team(catalog, self.team(), self.current_rules())
            .err()
            .unwrap_or_default()
    }

    /// The current team's figures when legal.
    pub fn summary(&self, catalog: &Catalog) -> Option<TeamSummary> {
        check_team(catalog, self.team(), self.current_rules()).ok()
    }

    /// The EB the current team costs, from the checker even while the team breaks rules:
    /// checked against a limit of 0, any team that costs something reports its cost in the
    /// over-budget violation (TEAM-5).
    pub fn cost(&self, catalog: &Catalog) -> u32 {
        let zero = TeamRules {
            eb_limit: 0,
            bonus_eb: 0,
            ..self.current_rules().clone()
        };
        match check_team(catalog, self.team(), &zero) {
            Ok(summary) => summary.cost,
            Err(errors) => errors
                .iter()
                .find_map(|e| match e {
                    TeamError::OverBudget { cost, .. } => Some(*cost),
                    _ => None,
                })
                .unwrap_or(0),
        }
    }

    /// Whether there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Starts the current seat over with `faction`; a campaign team keeps its own (CAMP-9).
    pub(super) fn choose_faction(
        &mut self,
        catalog: &Catalog,
        faction: &str,
    ) -> Result<(), String> {
        if !catalog.factions.contains(faction) {
            return Err(format!("No faction '{faction}'"));
        }
        if let Some(pick) = self.current_campaign() {
            let refused = pick.campaign.check_faction(pick.team, faction);
            refused.map_err(|e| format!("{}: {e}", pick.label()))?;
        }
        self.change(|t| *t = TeamSpec::new(faction));
        self.count_objectives(catalog);
        Ok(())
    }

    /// Adds a card to the current team; a campaign team only what its HQ holds (CAMP-9).
    pub(super) fn add(&mut self, catalog: &Catalog, addition: &Addition) -> Result<(), String> {
        if let Some(pick) = self.current_campaign() {
            let refused = pick.campaign.check_addition(catalog, pick.team, addition);
            refused.map_err(|e| e.to_string())?;
        }
        self.change(|t| match addition {
            Addition::Character { card, .. } | Addition::Gonk { card, .. } => {
                t.members.push(MemberSpec::new(card));
            }
            Addition::Gear { member, gear, .. } => {
                if let Some(m) = t.members.get_mut(*member) {
                    m.gear.push(gear.clone());
                }
            }
            Addition::Program {
                member, program, ..
            } => {
                if let Some(m) = t.members.get_mut(*member) {
                    m.programs.push(program.clone());
                }
            }
        });
        Ok(())
    }

    /// Takes a member, or one of its Gear cards or programs, off the current team.
    pub(super) fn remove(&mut self, what: Removal) {
        self.change(|t| match what {
            Removal::Member(member) if member < t.members.len() => {
                t.members.remove(member);
            }
            Removal::Member(_) => {}
            Removal::Gear { member, index } => {
                if let Some(m) = t.members.get_mut(member)
                    && index < m.gear.len()
                {
                    m.gear.remove(index);
                }
            }
            Removal::Program { member, index } => {
                if let Some(m) = t.members.get_mut(member)
                    && index < m.programs.len()
                {
                    m.programs.remove(index);
                }
            }
        });
    }

    /// Takes the last change of the current seat back.
    pub(super) fn undo(&mut self) {
        if let Some(previous) = self.history.pop() {
            let seat = self.seat;
            self.teams[seat] = previous;
        }
    }

    /// The rules `seat`'s quick team is built under: `rules`, the defender's leaving its
    /// security budget unspent (SEC-1, content's `quick_team_rules`).
    fn quick_rules(&self, catalog: &Catalog, seat: usize, rules: &TeamRules) -> TeamRules {
        catalog
            .scenarios
            .get(&self.scenario)
            .map_or_else(|| rules.clone(), |s| quick_team_rules(rules, s, seat))
    }

    /// Fills the current seat with its faction's quick team (a campaign team's narrowed to
    /// its HQ, CAMP-9).
    pub(super) fn quick_team(&mut self, catalog: &Catalog) -> Result<(), String> {
        let faction = self.team().faction.clone();
        let rules = self.quick_rules(catalog, self.seat, self.current_rules());
        let mut team = quick_team(catalog, &faction, &rules).map_err(|e| e.to_string())?;
        if let Some(pick) = self.current_campaign() {
            pick.campaign.narrow_to_hq(catalog, pick.team, &mut team);
        }
        self.change(|t| *t = team);
        Ok(())
    }

    /// Replaces the current team with a saved roster (a campaign team's of its own faction,
    /// narrowed to its HQ, CAMP-9).
    pub(super) fn use_roster(&mut self, catalog: &Catalog, roster: &Roster) -> Result<(), String> {
        let mut team = roster.team.clone();
        if let Some(pick) = self.current_campaign() {
            let refused = pick.campaign.check_faction(pick.team, &team.faction);
            refused.map_err(|e| format!("{}: {e}", pick.label()))?;
            pick.campaign.narrow_to_hq(catalog, pick.team, &mut team);
        }
        self.change(|t| *t = team);
        self.count_objectives(catalog);
        Ok(())
    }

    /// Refuses the current team while it breaks a rule (a campaign team also any card from
    /// outside its HQ, CAMP-9).
    pub(super) fn check_done(&self, catalog: &Catalog) -> Result<(), String> {
        let errors = self.violations(catalog);
        if !errors.is_empty() {
            let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(format!("The team can't play yet: {}", all.join("; ")));
        }
        if let Some(pick) = self.current_campaign() {
            let checked = pick.campaign.check_from_hq(catalog, pick.team, self.team());
            checked.map_err(|e| format!("The team can't play yet: {e}"))?;
        }
        Ok(())
    }

    /// Moves on to the next seat a person builds for; false when every team is built.
    pub(super) fn next_seat(&mut self) -> bool {
        match self.next_person(self.seat + 1) {
            Some(seat) => {
                self.seat = seat;
                self.history.clear();
                true
            }
            None => false,
        }
    }

    fn change(&mut self, f: impl FnOnce(&mut TeamSpec)) {
        let before = self.team().clone();
        f(&mut self.teams[self.seat]);
        if *self.team() != before {
            self.history.push(before);
        }
    }
}
