//! The campaign and its steps: a state machine driven by [`Step`]s. A refused step leaves
//! the campaign untouched (it is applied to a copy that replaces the campaign only on
//! success).

use std::collections::BTreeSet;

use redline_content::Catalog;
use redline_content::schema::CardKeyword;
use redline_content::team::TeamSpec;
use redline_rules::{Command, Modules};
use serde::{Deserialize, Serialize};

use crate::dice::{CampaignDice, mix};
use crate::error::{CampaignError, refuse};
use crate::state::{CampaignTeam, CardGroup, NextGame, PendingGame, Phase, PlayedGame};

/// A player joining a new campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPlayer {
    /// Player name.
    pub name: String,
    /// Faction id.
    pub faction: String,
    /// Up to two basic Mercs hired for the first game, which join the HQ (TEAM-14, OPEN-38).
    pub mercs: Vec<String>,
}

impl NewPlayer {
    /// A player of a faction with no Mercs.
    pub fn new(name: &str, faction: &str) -> NewPlayer {
        NewPlayer {
            name: name.to_owned(),
            faction: faction.to_owned(),
            mercs: Vec::new(),
        }
    }
}

/// One step of a campaign. Team numbers are campaign team indices (0-based, in the order
/// the players joined).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Choose the next scenario: `Some(id)` if the players agree on one, `None` for a random
    /// one (FIELD-5). Prove Your Worth is forced at 10 Street Cred (CAMP-36, CAMP-37).
    ChooseScenario {
        /// The agreed scenario.
        agreed: Option<String>,
    },
    /// Discard one of the four Objectives drawn, keeping three hidden (CAMP-10, OPEN-12).
    DiscardObjective {
        /// Campaign team.
        team: usize,
        /// The Objective discarded.
        objective: String,
    },
    /// The team for this game, built from the HQ only (CAMP-9).
    BuildTeam {
        /// Campaign team.
        team: usize,
        /// The team.
        spec: TeamSpec,
    },
    /// The players deployed (FIELD-7): where each model of the set-up stands, in set-up
    /// order (models off the table keep their set-up entry). Once per game, before it is
    /// played; a game recorded without it starts where the skirmish set-up put the models.
    Deploy {
        /// Base centre of every model, inches.
        positions: Vec<[f32; 3]>,
    },
    /// The game was played: its command log, replayed by the campaign to find the result
    /// and the completed Objectives.
    RecordGame {
        /// Every command applied, in order.
        commands: Vec<Command>,
    },
    /// Promote one character to its Veteran card with one more star (CAMP-21).
    Promote {
        /// Campaign team (the winner).
        team: usize,
        /// The character card in the HQ.
        card: String,
    },
    /// Hire a Merc into the HQ instead of promoting (CAMP-23).
    HireMerc {
        /// Campaign team (the winner).
        team: usize,
        /// The Merc card (basic or one-star).
        card: String,
    },
    /// Decline a promotion or a Market offer.
    Pass {
        /// Campaign team.
        team: usize,
    },
    /// Roll recovery for every wounded or taken-out Veteran (CAMP-27..CAMP-33).
    RollRecovery,
    /// Take one card of the Market offer in front of the team (CAMP-41).
    MarketPick {
        /// Campaign team.
        team: usize,
        /// The Gear card taken.
        card: String,
    },
    /// Spend kept Loot cards to draw Market cards, one per Loot card (CAMP-42).
    SpendLoot {
        /// Campaign team.
        team: usize,
        /// Loot card ids spent.
        loot: Vec<String>,
    },
    /// Clean up after the game (CAMP-34).
    CleanUp,
}

/// A campaign: its teams, the game in progress and the history (CAMP-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    /// Name shown in lists and used for the save file.
    pub name: String,
    /// The campaign's dice (seed and draws made).
    pub dice: CampaignDice,
    /// Shared Market mode (CAMP-39..CAMP-43).
    pub shared_market: bool,
    /// The Market deck, top first (CAMP-40).
    pub market: Vec<String>,
    /// The players' teams.
    pub teams: Vec<CampaignTeam>,
    /// The next step.
    pub phase: Phase,
    /// The game being prepared or followed up.
    pub pending: Option<PendingGame>,
    /// Finished games.
    pub history: Vec<PlayedGame>,
    /// The team that won its Prove Your Worth scenario (CAMP-38).
    pub winner: Option<usize>,
    /// The optional rule modules the campaign plays with, fixed when it starts (MOD-1): each
    /// game adds its scenario's required modules and drops those it forbids. Left out of the
    /// file when empty, so a campaign without modules reads and writes as before.
    #[serde(default, skip_serializing_if = "Modules::is_empty")]
    pub modules: Modules,
    /// The co-op arc the campaign plays (COOP-7); `None` for an ordinary campaign, and then
    /// left out of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arc: Option<crate::arc::ArcState>,
}

impl Campaign {
    /// Starts a campaign of two to four players (CAMP-6, CAMP-7, CTRL-16): each HQ holds the faction's basic characters and
    /// Gonks, the Gear and programs without a Street Cred requirement, and the Mercs hired
    /// for game one (OPEN-38); each Supply holds the Veterans, the other Mercs, the starred
    /// Gear and the Objective deck. With a Shared Market, the starred Gear of every team goes
    /// into one shuffled Market deck instead (CAMP-40).
    pub fn new(
        catalog: &Catalog,
        name: &str,
        seed: u64,
        players: &[NewPlayer],
        shared_market: bool,
    ) -> Result<Campaign, CampaignError> {
        if !(2..=4).contains(&players.len()) {
            return refuse(
                "CTRL-16",
                format!(
                    "a campaign is played by two to four players, not {}",
                    players.len()
                ),
            );
        }
        let mut teams = Vec::new();
        for player in players {
            teams.push(starting_team(catalog, player, shared_market)?);
        }
        // CAMP-40: every Gear card no team put in its HQ is shuffled into the Market deck
        // (Gear of any faction: CAMP-43 waives the faction requirement).
        let market: BTreeSet<String> = if shared_market {
            catalog
                .gear
                .iter()
                .filter(|g| !g.reward_only && !teams.iter().any(|t| t.hq.gear.contains(&g.id)))
                .map(|g| g.id.clone())
                .collect()
        } else {
            BTreeSet::new()
        };
        let mut campaign = Campaign {
            name: name.to_owned(),
            dice: CampaignDice {
                seed,
                ..CampaignDice::default()
            },
            shared_market,
            market: market.into_iter().collect(),
            teams,
            phase: Phase::ChooseScenario,
            pending: None,
            history: Vec::new(),
            winner: None,
            modules: Modules::new(),
            arc: None,
        };
        let mut deck = std::mem::take(&mut campaign.market);
        campaign.dice.shuffle(&mut deck);
        campaign.market = deck;
        Ok(campaign)
    }

    /// The campaign with its module list (MOD-1), set as it starts: once a game has been
    /// prepared the list is fixed and a change is refused.
    pub fn with_modules(mut self, modules: Modules) -> Result<Campaign, CampaignError> {
        if self.pending.is_some() || !self.history.is_empty() {
            return refuse(
                "MOD-1",
                "a campaign fixes its modules when it starts; this one has begun its games",
            );
        }
        self.modules = modules;
        Ok(self)
    }

    /// Applies a step. On success returns what happened, in sentences; on refusal the
    /// campaign is unchanged.
    pub fn apply(&mut self, catalog: &Catalog, step: Step) -> Result<Vec<String>, CampaignError> {
        let mut next = self.clone();
        let notes = next.apply_to_copy(catalog, step)?;
        *self = next;
        Ok(notes)
    }

    fn apply_to_copy(
        &mut self,
        catalog: &Catalog,
        step: Step,
    ) -> Result<Vec<String>, CampaignError> {
        let expected = self.phase;
        let wrong = |what: &str| {
            refuse(
                "CAMP-1",
                format!("{what} is not the next step: the campaign is at {expected:?}"),
            )
        };
        match step {
            Step::ChooseScenario { agreed } if expected == Phase::ChooseScenario => {
                self.choose_scenario(catalog, agreed)
            }
            Step::DiscardObjective { team, objective } if expected == Phase::Objectives => {
                self.discard_objective(team, &objective)
            }
            Step::BuildTeam { team, spec } if expected == Phase::BuildTeams => {
                self.build_team(catalog, team, spec)
            }
            Step::Deploy { positions } if expected == Phase::Play => {
                self.deploy(catalog, positions)
            }
            Step::RecordGame { commands } if expected == Phase::Play => {
                self.record_game(catalog, commands)
            }
            Step::Promote { team, card } if expected == Phase::Promotion => {
                self.promote(catalog, team, &card)
            }
            Step::HireMerc { team, card } if expected == Phase::Promotion => {
                self.hire_merc(catalog, team, &card)
            }
            Step::Pass { team } if matches!(expected, Phase::Promotion | Phase::Market) => {
                self.pass(catalog, team)
            }
            Step::RollRecovery if expected == Phase::Recovery => self.roll_recovery(catalog),
            Step::MarketPick { team, card } if expected == Phase::Market => {
                self.market_pick(catalog, team, Some(&card))
            }
            Step::SpendLoot { team, loot } if expected == Phase::Market => {
                self.spend_loot(team, &loot)
            }
            Step::CleanUp if expected == Phase::CleanUp => self.clean_up(catalog),
            other => wrong(step_name(&other)),
        }
    }

    /// The game being prepared or followed up.
    pub(crate) fn pending_mut(&mut self) -> Result<&mut PendingGame, CampaignError> {
        match self.pending.as_mut() {
            Some(p) => Ok(p),
            None => refuse("CAMP-1", "no game is being prepared"),
        }
    }

    /// Checks a campaign team index.
    pub(crate) fn team_index(&self, team: usize) -> Result<usize, CampaignError> {
        if team < self.teams.len() {
            Ok(team)
        } else {
            refuse(
                "CAMP-1",
                format!("there is no team {team} in this campaign"),
            )
        }
    }

    /// The dice seed of game `number`.
    pub(crate) fn game_seed(&self, number: u32) -> u64 {
        mix(self.dice.seed ^ 0x5EED_6A3E, u64::from(number))
    }

    /// CAMP-25 Gearing up: every Supply Gear (and program) whose Street Cred requirement the
    /// team now meets moves to the HQ. Not in Shared Market mode, where Gear comes from the
    /// Market (CAMP-40).
    pub(crate) fn gear_up(&mut self, catalog: &Catalog, team: usize) -> Vec<String> {
        if self.shared_market {
            return Vec::new();
        }
        let cred = self.teams[team].street_cred(catalog);
        let t = &mut self.teams[team];
        let mut notes = Vec::new();
        let gear: Vec<String> = t
            .supply
            .gear
            .iter()
            .filter(|g| {
                catalog
                    .gear
                    .get(g)
                    .is_some_and(|g| u32::from(g.street_cred) <= cred)
            })
            .cloned()
            .collect();
        for g in gear {
            t.supply.gear.remove(&g);
            notes.push(format!(
                "{} unlocks {} (CAMP-25).",
                t.player,
                name_of(catalog, &g)
            ));
            t.hq.gear.insert(g);
        }
        let programs: Vec<String> = t
            .supply
            .programs
            .iter()
            .filter(|p| {
                catalog
                    .programs
                    .get(p)
                    .is_some_and(|p| u32::from(p.street_cred) <= cred)
            })
            .cloned()
            .collect();
        for p in programs {
            t.supply.programs.remove(&p);
            notes.push(format!(
                "{} unlocks {} (CAMP-25).",
                t.player,
                name_of(catalog, &p)
            ));
            t.hq.programs.insert(p);
        }
        notes
    }
}

/// A card's name for messages (characters with their stars), or its id if unknown.
pub fn card_name(catalog: &Catalog, id: &str) -> String {
    name_of(catalog, id)
}

pub(crate) fn name_of(catalog: &Catalog, id: &str) -> String {
    if let Some(c) = catalog.characters.get(id) {
        return if c.stars > 0 {
            format!("{} ({}★)", c.name, c.stars)
        } else {
            c.name.clone()
        };
    }
    catalog
        .gear
        .get(id)
        .map(|g| g.name.clone())
        .or_else(|| catalog.programs.get(id).map(|p| p.name.clone()))
        .or_else(|| catalog.objectives.get(id).map(|o| o.name.clone()))
        .or_else(|| catalog.scenarios.get(id).map(|s| s.name.clone()))
        .or_else(|| catalog.loot.get(id).map(|l| l.name.clone()))
        .unwrap_or_else(|| id.to_owned())
}

fn step_name(step: &Step) -> &'static str {
    match step {
        Step::ChooseScenario { .. } => "choosing a scenario",
        Step::DiscardObjective { .. } => "discarding an Objective",
        Step::BuildTeam { .. } => "building a team",
        Step::Deploy { .. } => "deploying",
        Step::RecordGame { .. } => "recording a game",
        Step::Promote { .. } => "a promotion",
        Step::HireMerc { .. } => "hiring a Merc",
        Step::Pass { .. } => "passing",
        Step::RollRecovery => "rolling recovery",
        Step::MarketPick { .. } => "a Market pick",
        Step::SpendLoot { .. } => "spending Loot",
        Step::CleanUp => "clean-up",
    }
}

/// The HQ and Supply of a new team (CAMP-7, OPEN-38); with a Shared Market the Supply holds
/// no Gear (CAMP-40).
fn starting_team(
    catalog: &Catalog,
    player: &NewPlayer,
    shared_market: bool,
) -> Result<CampaignTeam, CampaignError> {
    let faction = player.faction.as_str();
    if !catalog.factions.contains(faction) {
        return refuse("CAMP-7", format!("there is no faction '{faction}'"));
    }
    if player.mercs.len() > 2 {
        return refuse(
            "TEAM-14",
            "at most two Mercs can be hired for the first campaign game",
        );
    }
    let mut hq = CardGroup::default();
    let mut supply = CardGroup::default();
    for c in catalog.characters.iter() {
        let own = c.faction.as_deref() == Some(faction);
        let merc = c.has(CardKeyword::Merc);
        if own && c.stars == 0 {
            hq.characters.insert(c.id.clone());
        } else if own || merc {
            supply.characters.insert(c.id.clone());
        }
    }
    for merc in &player.mercs {
        match catalog.characters.get(merc) {
            Some(c) if c.has(CardKeyword::Merc) && c.stars == 0 => {
                supply.characters.remove(merc);
                hq.characters.insert(merc.clone());
            }
            Some(c) if c.has(CardKeyword::Merc) => {
                return refuse(
                    "TEAM-14",
                    format!(
                        "{} is a Veteran: only basic Mercs can join for the first game",
                        c.name
                    ),
                );
            }
            _ => match catalog.gonks.get(merc) {
                Some(g) if g.merc => {
                    hq.gonks.insert(merc.clone());
                }
                _ => return refuse("TEAM-14", format!("'{merc}' is not a Merc")),
            },
        }
    }
    for g in catalog.gonks.iter() {
        if g.faction.as_deref() == Some(faction) {
            hq.gonks.insert(g.id.clone());
        }
    }
    for g in catalog.gear_for(faction) {
        if g.reward_only {
            continue;
        }
        if g.street_cred == 0 {
            hq.gear.insert(g.id.clone());
        } else if !shared_market {
            supply.gear.insert(g.id.clone());
        }
    }
    for p in catalog.programs.iter() {
        if p.faction.as_deref().is_some_and(|f| f != faction) {
            continue;
        }
        if p.street_cred == 0 {
            hq.programs.insert(p.id.clone());
        } else {
            supply.programs.insert(p.id.clone());
        }
    }
    for o in catalog.objective_deck(faction) {
        supply.objectives.insert(o.id.clone());
    }
    let team = CampaignTeam {
        player: player.name.clone(),
        faction: faction.to_owned(),
        hq,
        supply,
        completed: Vec::new(),
        wounded_leader: false,
        scenario_stars: 0,
        next_game: NextGame::default(),
        unserviced: Vec::new(),
        loot: Vec::new(),
        wins: 0,
    };
    Ok(team)
}
