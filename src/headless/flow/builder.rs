//! The team builder, one seat after another: faction, Leader, characters, Veterans,
//! Gonks, Gear and programs. What can be added comes from
//! `redline_content::team::available_additions`, every violation from `check_team`, both
//! after each change; a team with violations can't be confirmed. Misclicks are undone
//! step by step. Teams can be saved as rosters and picked again. Seats the computer plays
//! get their team without the builder (`solo::computer_team`) and are skipped. A seat that
//! brings a campaign team (`one_off`) starts from it and may only add what its HQ holds.

use bevy::prelude::*;
use redline_campaign::{Fieldable, equalising_draw, one_off_rules};
use redline_content::Catalog;
use redline_content::schema::Scenario;
use redline_content::skirmish::{quick_team, skirmish};
use redline_content::team::{
    Addition, MemberSpec, TeamError, TeamRules, TeamSpec, TeamSummary, check_team,
};

use crate::headless::content::Content;
use crate::headless::flow::decider::Decider;
use crate::headless::flow::deploy::Deployment;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::flow::new_game::NewGame;
use crate::headless::flow::one_off::CampaignPick;
use crate::headless::flow::solo::{AiSeat, computer_team};
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::rosters::{Roster, Rosters};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The teams being built.
#[derive(Resource, Debug, Clone)]
pub struct TeamBuilder {
    /// The seat building now (0-based).
    pub seat: usize,
    /// Each seat's team so far.
    pub teams: Vec<TeamSpec>,
    /// The rules they are built under (the scenario's EB limit, one-off game).
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

impl TeamBuilder {
    /// Empty teams for `players` seats, each of a different faction where possible.
    pub fn new(catalog: &Catalog, scenario: &Scenario, players: u8) -> TeamBuilder {
        let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
        let teams = (0..usize::from(players))
            .map(|seat| TeamSpec::new(factions.get(seat % factions.len().max(1)).unwrap_or(&"")))
            .collect();
        TeamBuilder {
            seat: 0,
            teams,
            rules: TeamRules::one_off(scenario.eb_limit),
            campaign: vec![None; usize::from(players)],
            counted: vec![Vec::new(); usize::from(players)],
            seat_rules: vec![TeamRules::one_off(scenario.eb_limit); usize::from(players)],
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
                let team = computer_team(catalog, ai, &taken, &self.rules, seed ^ i as u64)
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

    fn change(&mut self, f: impl FnOnce(&mut TeamSpec)) {
        let before = self.team().clone();
        f(&mut self.teams[self.seat]);
        if *self.team() != before {
            self.history.push(before);
        }
    }
}

/// A change in the team builder.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum BuilderIntent {
    /// Start over with a faction.
    Faction(String),
    /// Add a card (listed by `available_additions`, or any card when showing all).
    Add(Addition),
    /// Remove a member (and its Gear and programs).
    Remove(usize),
    /// Remove one of a member's Gear cards, by its index in the member's list.
    RemoveGear {
        /// Member index.
        member: usize,
        /// Index in its Gear.
        index: usize,
    },
    /// Uninstall one of a member's programs.
    RemoveProgram {
        /// Member index.
        member: usize,
        /// Index in its programs.
        index: usize,
    },
    /// Take the last change back.
    Undo,
    /// Fill in the faction's quick team.
    QuickTeam,
    /// Save the team as a roster under this name.
    SaveRoster(String),
    /// Replace the team with a saved roster.
    UseRoster(String),
    /// This team is done: next seat, or on to deployment.
    Done,
    /// Back to the game settings.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BuilderIntent>();
    app.add_systems(
        Update,
        apply_builder
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::TeamBuilder).and_then(resource_exists::<TeamBuilder>)),
    );
}

#[allow(clippy::too_many_arguments)]
fn apply_builder(
    mut commands: Commands,
    mut intents: MessageReader<BuilderIntent>,
    mut builder: ResMut<TeamBuilder>,
    content: Res<Content>,
    new_game: Option<Res<NewGame>>,
    mut rosters: ResMut<Rosters>,
    dir: Res<DataDir>,
    hand_over: Res<HandOver>,
    decider: Res<Decider>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let catalog = &content.0;
    for intent in intents.read() {
        if !hand_over.clear(*decider) && *intent != BuilderIntent::Back {
            continue;
        }
        match intent {
            BuilderIntent::Faction(f) if catalog.factions.contains(f) => {
                if let Some(pick) = builder.current_campaign() {
                    notice.error(format!(
                        "{} comes from a campaign and plays its own faction (CAMP-9)",
                        pick.label()
                    ));
                    continue;
                }
                builder.change(|t| *t = TeamSpec::new(f));
                builder.count_objectives(catalog);
            }
            BuilderIntent::Faction(f) => notice.error(format!("No faction '{f}'")),
            BuilderIntent::Add(addition) if !builder.allows(catalog, addition) => {
                notice.error(
                    "That card is not in the campaign team's HQ: a campaign team fields only \
                     what its HQ holds (CAMP-9)",
                );
            }
            BuilderIntent::Add(addition) => add(&mut builder, addition),
            BuilderIntent::Remove(member) => builder.change(|t| {
                if *member < t.members.len() {
                    t.members.remove(*member);
                }
            }),
            BuilderIntent::RemoveGear { member, index } => builder.change(|t| {
                if let Some(m) = t.members.get_mut(*member)
                    && *index < m.gear.len()
                {
                    m.gear.remove(*index);
                }
            }),
            BuilderIntent::RemoveProgram { member, index } => builder.change(|t| {
                if let Some(m) = t.members.get_mut(*member)
                    && *index < m.programs.len()
                {
                    m.programs.remove(*index);
                }
            }),
            BuilderIntent::Undo => {
                if let Some(previous) = builder.history.pop() {
                    let seat = builder.seat;
                    builder.teams[seat] = previous;
                }
            }
            BuilderIntent::QuickTeam => {
                let faction = builder.team().faction.clone();
                match quick_team(catalog, &faction, builder.current_rules()) {
                    Ok(mut team) => {
                        if let Some(pick) = builder.current_campaign() {
                            pick.campaign.narrow_to_hq(catalog, pick.team, &mut team);
                        }
                        builder.change(|t| *t = team);
                    }
                    Err(e) => notice.error(e.to_string()),
                }
            }
            BuilderIntent::SaveRoster(name) => {
                let name = name.trim();
                if name.is_empty() {
                    notice.error("Give the roster a name first");
                    continue;
                }
                rosters.put(Roster {
                    name: name.to_string(),
                    eb_limit: builder.rules.eb_limit,
                    team: builder.team().clone(),
                });
                match rosters.write(&dir) {
                    Ok(()) => notice.info(format!("Roster '{name}' saved")),
                    Err(e) => notice.error(e.to_string()),
                }
            }
            BuilderIntent::UseRoster(name) => match rosters.list.iter().find(|r| r.name == *name) {
                Some(roster) => {
                    let mut team = roster.team.clone();
                    if let Some(pick) = builder.current_campaign() {
                        if team.faction != pick.faction() {
                            notice
                                .error(format!("{} plays its own faction (CAMP-9)", pick.label()));
                            continue;
                        }
                        pick.campaign.narrow_to_hq(catalog, pick.team, &mut team);
                    }
                    builder.change(|t| *t = team);
                    builder.count_objectives(catalog);
                }
                None => notice.error(format!("No roster '{name}'")),
            },
            BuilderIntent::Done => {
                let errors = builder.violations(catalog);
                if !errors.is_empty() {
                    notice.error(format!(
                        "The team can't play yet: {}",
                        errors
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("; ")
                    ));
                    continue;
                }
                if let Some(pick) = builder.current_campaign()
                    && let Err(e) = pick
                        .campaign
                        .check_from_hq(catalog, pick.team, builder.team())
                {
                    notice.error(format!("The team can't play yet: {e}"));
                    continue;
                }
                *notice = Notice::default();
                if let Some(next_seat) = builder.next_person(builder.seat + 1) {
                    builder.seat = next_seat;
                    builder.history.clear();
                    continue;
                }
                let Some(settings) = new_game.as_deref() else {
                    continue;
                };
                match deploy_teams(catalog, &builder, settings) {
                    Ok(deployment) => {
                        commands.insert_resource(HandOver {
                            enabled: deployment.meta.hand_over,
                            viewer: hand_over.viewer,
                            computer: deployment.meta.computer_seats(),
                        });
                        commands.insert_resource(deployment);
                        next.set(Screen::Battle);
                    }
                    Err(e) => notice.error(e),
                }
            }
            BuilderIntent::Back => {
                next.set(Screen::Setup);
            }
        }
    }
}

fn add(builder: &mut TeamBuilder, addition: &Addition) {
    builder.change(|t| match addition {
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
}

/// Sets the skirmish up with the built teams: every model placed in its zone as a start,
/// to be moved in deployment.
fn deploy_teams(
    catalog: &Catalog,
    builder: &TeamBuilder,
    settings: &NewGame,
) -> Result<Deployment, String> {
    // A planned table joins the scenario's layouts in a copy of the catalog.
    let catalog = &settings.catalog_for(catalog);
    let layout = settings.layout_id();
    let layout = (!layout.is_empty()).then_some(layout);
    let set_up = skirmish(
        catalog,
        &builder.scenario,
        layout,
        &builder.teams,
        settings.seed,
    )
    .map_err(|e| e.to_string())?;
    // With one person at the table there is nobody to hide the screen from.
    let hand_over = settings.hand_over && settings.people() > 1;
    let levels: Vec<_> = builder
        .computer
        .iter()
        .map(|c| c.as_ref().map(|c| c.level))
        .collect();
    let mut meta =
        MatchMeta::of_skirmish(catalog, &set_up, &builder.teams, hand_over).with_computer(&levels);
    // A person's campaign team plays under the player's name from the campaign.
    for (seat, pick) in meta.seats.iter_mut().zip(&builder.campaign) {
        if let Some(pick) = pick
            && seat.ai.is_none()
        {
            seat.name = pick.campaign.teams[pick.team].player.clone();
        }
    }
    Ok(Deployment::new(set_up, meta, settings.seed))
}
