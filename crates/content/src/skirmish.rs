//! Quick skirmishes: a rules [`Setup`] from a scenario, one of its layouts and a team per
//! seat, with every model set down in its seat's deployment zone (FIELD-4, FIELD-7) or
//! kept in Reserve (FIELD-8), and the scenario's rules (first Control, Reserves entry,
//! markers, special rules, win conditions) carried in [`Setup::scenario`] so the engine
//! plays the scenario from set-up to a winner (GEN-1).
//!
//! Where the skirmish sets each model down is its standard deployment: a plan.
//! [`Skirmish::to_deploy`] gives the setup with those models left for the engine's
//! deployment before the game and the plan's placements as commands, so a game deploys
//! through the engine (every spot checked, every placement in its replay) and stands exactly
//! where [`Skirmish::setup`] puts it.
//!
//! This is what the app's "quick skirmish", the smoke run, `redline-cli sim` and the AI's
//! random-play tests start from. [`quick_team`] picks a legal team for a faction and a
//! budget when a player (or a bot) has not built one.

use std::sync::Arc;

use redline_battlespace::{Battlespace, DeploymentZone, ModelBase, inches_from_mm};
use redline_rules::card::ModelProfile;
use redline_rules::modules::{ModuleError, Modules};
use redline_rules::{Command, Entry, ModelSetup, PlayerSetup, Seat, Setup, TeamId, Victory};

use crate::convert::{
    ConvertError, ModuleData, module_data, to_battlespace_layout, with_module_data,
};
use crate::load::Catalog;
use crate::scenario_rules::scenario_rules;
use crate::schema::{CardKeyword, Reserves, Scenario, TeamFormat};
use crate::team::{
    Addition, CompiledTeam, MemberSpec, TeamError, TeamRules, TeamSpec, available_additions,
    check_team, compile_team,
};

/// Grid step, in inches, of the candidate deployment spots.
const DEPLOY_STEP: f32 = 0.5;

/// Why a skirmish can't be set up.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SkirmishError {
    /// No scenario has this id.
    #[error("no scenario '{0}' in the loaded packs")]
    UnknownScenario(String),
    /// The scenario doesn't list this layout.
    #[error("scenario '{scenario}' is not played on layout '{layout}' (it lists: {allowed})")]
    LayoutNotInScenario {
        /// Scenario id.
        scenario: String,
        /// Layout asked for.
        layout: String,
        /// The scenario's layouts, comma-separated.
        allowed: String,
    },
    /// The layout's table is not the one the game size is played on (FIELD-1).
    #[error("layout '{layout}' is a {table} table; a {size} game is played on {wanted}")]
    LayoutNotOfSize {
        /// Layout asked for.
        layout: String,
        /// The game size, "200 EB".
        size: String,
        /// The layout's table, `30" × 22"`.
        table: String,
        /// The size's table.
        wanted: String,
    },
    /// Neither the scenario nor the packs have a table of the game size (FIELD-1).
    #[error(
        "scenario '{scenario}' can't be played at {size}: it lists no {table} layout and the \
         packs hold none"
    )]
    NoLayoutOfSize {
        /// Scenario id.
        scenario: String,
        /// The game size, "200 EB".
        size: String,
        /// The size's table.
        table: String,
    },
    /// The scenario names no layout and none was given.
    #[error("scenario '{0}' lists no layout; choose one")]
    NoLayout(String),
    /// The layout can't be built.
    #[error(transparent)]
    Layout(#[from] ConvertError),
    /// A scenario's starting fire names no piece of the layout that can burn (FIRE-15).
    #[error(transparent)]
    Fire(#[from] crate::fires::FireError),
    /// The geometry refused the layout.
    #[error("layout '{layout}' is not a valid table: {reason}")]
    BadTable {
        /// Layout id.
        layout: String,
        /// What the geometry said.
        reason: String,
    },
    /// Wrong number of teams for the scenario.
    #[error("scenario '{scenario}' is for {wanted} players, {given} teams were given")]
    PlayerCount {
        /// Scenario id.
        scenario: String,
        /// Players the scenario wants.
        wanted: u8,
        /// Teams given.
        given: usize,
    },
    /// A team breaks the team-building rules.
    #[error("the team of seat {seat} breaks the team rules: {}", list(.errors))]
    Team {
        /// Seat, 0-based.
        seat: usize,
        /// Every violation.
        errors: Vec<TeamError>,
    },
    /// The zone has no room left for a model.
    #[error("no room left in seat {seat}'s deployment zone for {model}")]
    NoRoom {
        /// Seat, 0-based.
        seat: usize,
        /// Card name of the model that didn't fit.
        model: String,
    },
    /// The modules chosen break the scenario's module list (MOD-1).
    #[error(transparent)]
    Modules(#[from] ModuleError),
    /// The scenario's third force, or the one switched on, can't join (THIRD-1).
    #[error(transparent)]
    ThirdForce(#[from] crate::third_force::ThirdForceError),
    /// The scenario is not a co-op scenario (COOP-1).
    #[error("scenario '{0}' is not a co-op scenario")]
    NotCoop(String),
    /// A co-op game is played by two or three people (COOP-1).
    #[error("scenario '{scenario}' is played by 2 or 3 people, {given} crews were given")]
    CoopPeople {
        /// Scenario id.
        scenario: String,
        /// Crews given.
        given: usize,
    },
    /// No legal team can be built for the faction within the budget.
    #[error("no legal {faction} team fits in {budget} EB")]
    NoQuickTeam {
        /// Faction id.
        faction: String,
        /// EB limit.
        budget: u32,
    },
}

fn list(errors: &[TeamError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A skirmish ready to start: the engine's setup plus what the app shows about it.
#[derive(Debug, Clone)]
pub struct Skirmish {
    /// What [`redline_rules::Game::new`] takes, with every model on the table already where
    /// the standard deployment puts it: a game started from it has no deployment. To
    /// deploy through the engine, start from [`Skirmish::to_deploy`].
    pub setup: Setup,
    /// The scenario played.
    pub scenario: Scenario,
    /// Id of the layout played on.
    pub layout: String,
    /// The compiled team of each seat, in seat order.
    pub teams: Vec<CompiledTeam>,
    /// What the modules read of each battlespace piece, in piece order; carried into the
    /// setup's battlespace only while a module that reads it is on (MOD-2).
    pub module_data: Vec<ModuleData>,
    /// The scenario's starting fires on this layout (FIRE-15); carried into the setup only
    /// while FIRE is on (MOD-2).
    pub fires: Vec<redline_rules::Fire>,
}

impl Skirmish {
    /// The setup with every model on the table left for the deployment before the game
    /// (FIELD-7), and the standard deployment as the plan of placements that puts each
    /// where [`Skirmish::setup`] has it, in model order ([`Setup::unplaced`]). Deploy with
    /// [`redline_rules::Game::deploy_as_planned`], or let the players place their models and
    /// take the plan's spots as suggestions.
    pub fn to_deploy(&self) -> (Setup, Vec<Command>) {
        self.setup.unplaced()
    }

    /// The skirmish with the modules the players agreed to turn on for this one game
    /// (MOD-1): the scenario's required modules plus `chosen`. A module the scenario
    /// forbids is refused.
    pub fn with_modules(mut self, chosen: &Modules) -> Result<Skirmish, SkirmishError> {
        self.setup.modules = self.scenario.modules.one_off(chosen)?;
        self.fit_module_data();
        Ok(self)
    }

    /// Puts the scenery data the modules read into the setup's battlespace when a module
    /// that reads it is on, and leaves it out otherwise (MOD-2).
    fn fit_module_data(&mut self) {
        let (space, modules) = (&self.setup.battlespace, &self.setup.modules);
        if let Ok(space) = with_module_data(space, &self.module_data, modules) {
            self.setup.battlespace = space;
        }
        let fire = self.setup.modules.contains(&redline_rules::Module::Fire);
        self.setup.scenario.fires = if fire { self.fires.clone() } else { Vec::new() };
    }

    /// The skirmish with the pack's third force `id` switched on for this one game
    /// (THIRD-1): what the app's settings toggle and the CLI's `--third-force` call. Refused
    /// when the scenario brings its own third force already.
    pub fn with_third_force(
        mut self,
        catalog: &Catalog,
        id: &str,
    ) -> Result<Skirmish, SkirmishError> {
        crate::third_force::add_third_force(catalog, &mut self.setup, id)?;
        Ok(self)
    }

    /// The skirmish as one game of a campaign whose module list is `campaign` (MOD-1): that
    /// list plus the scenario's required modules, minus those it forbids.
    pub fn with_campaign_modules(mut self, campaign: &Modules) -> Result<Skirmish, SkirmishError> {
        self.setup.modules = self.scenario.modules.campaign_game(campaign)?;
        self.fit_module_data();
        Ok(self)
    }
}

/// Sets up `scenario_id` on `layout` (or the scenario's first layout) with one team per
/// seat. Models with a Reserve rule (FIELD-8) start off the table in Reserve, unless the
/// scenario allows no Reserves. First Control follows the scenario (CTRL-15): a roll-off is
/// made by the engine with the game's own dice, so `_seed` is no longer used; it stays so
/// that callers need not change.
pub fn skirmish(
    catalog: &Catalog,
    scenario_id: &str,
    layout: Option<&str>,
    teams: &[TeamSpec],
    _seed: u64,
) -> Result<Skirmish, SkirmishError> {
    if find_scenario(catalog, scenario_id)?.coop.is_some() {
        // COOP-1: the teams given are the people's; the sheet brings the computer's.
        return crate::coop::coop_skirmish(catalog, scenario_id, layout, teams).map(|g| g.skirmish);
    }
    skirmish_with_rules(catalog, scenario_id, layout, teams, &[])
}

/// [`skirmish`] with the team-building rules of each seat, as a campaign game needs
/// (CAMP-19, CAMP-22, TEAM-18). A seat without rules builds under the one-off rules at the
/// scenario's EB limit.
pub fn skirmish_with_rules(
    catalog: &Catalog,
    scenario_id: &str,
    layout: Option<&str>,
    teams: &[TeamSpec],
    seat_rules: &[TeamRules],
) -> Result<Skirmish, SkirmishError> {
    let scenario = find_scenario(catalog, scenario_id)?;
    let layout_id = pick_layout(&scenario, layout)?;
    let rules = TeamRules::one_off(scenario.eb_limit);
    set_up(catalog, scenario, layout_id, teams, seat_rules, &rules)
}

/// The layout a game of `scenario` is played on: `layout` if the scenario lists it (or lists
/// none), else the scenario's first.
pub(crate) fn pick_layout(
    scenario: &Scenario,
    layout: Option<&str>,
) -> Result<String, SkirmishError> {
    Ok(match layout {
        Some(id) if scenario.setup.layouts.iter().any(|l| l == id) => id.to_owned(),
        Some(id) if scenario.setup.layouts.is_empty() => id.to_owned(),
        Some(id) => {
            return Err(SkirmishError::LayoutNotInScenario {
                scenario: scenario.id.clone(),
                layout: id.to_owned(),
                allowed: scenario.setup.layouts.join(", "),
            });
        }
        None => scenario
            .setup
            .layouts
            .first()
            .cloned()
            .ok_or_else(|| SkirmishError::NoLayout(scenario.id.clone()))?,
    })
}

/// The scenario of this id, or [`SkirmishError::UnknownScenario`].
pub(crate) fn find_scenario(
    catalog: &Catalog,
    scenario_id: &str,
) -> Result<Scenario, SkirmishError> {
    catalog
        .scenarios
        .get(scenario_id)
        .cloned()
        .ok_or_else(|| SkirmishError::UnknownScenario(scenario_id.to_owned()))
}

/// Sets `scenario` up on `layout_id` with one team per seat, each built under its seat's
/// rules or `rules`.
pub(crate) fn set_up(
    catalog: &Catalog,
    scenario: Scenario,
    layout_id: String,
    teams: &[TeamSpec],
    seat_rules: &[TeamRules],
    rules: &TeamRules,
) -> Result<Skirmish, SkirmishError> {
    if teams.len() != usize::from(scenario.players) {
        return Err(SkirmishError::PlayerCount {
            scenario: scenario.id.clone(),
            wanted: scenario.players,
            given: teams.len(),
        });
    }
    let space =
        Battlespace::from_layout(to_battlespace_layout(catalog, &layout_id)?).map_err(|e| {
            SkirmishError::BadTable {
                layout: layout_id.clone(),
                reason: e.to_string(),
            }
        })?;
    let mut compiled = Vec::new();
    for (seat, spec) in teams.iter().enumerate() {
        let team = compile_team(catalog, spec, seat_rules.get(seat).unwrap_or(rules))
            .map_err(|errors| SkirmishError::Team { seat, errors })?;
        compiled.push(team);
    }

    let mut models = Vec::new();
    let mut placed: Vec<ModelBase> = Vec::new();
    let reserves_allowed = scenario.reserves != Reserves::NotAllowed;
    for (seat, team) in compiled.iter().enumerate() {
        // A seat with several zones (rivals from every edge, FIELD-7) deals its models out
        // over them in turn.
        let zones: Vec<DeploymentZone> = scenario
            .deployment
            .iter()
            .filter(|d| usize::from(d.seat) == seat)
            .map(|d| d.zone.to_battlespace())
            .collect();
        if zones.is_empty() {
            continue;
        }
        let on_table: Vec<&ModelProfile> = team
            .models
            .iter()
            .filter(|m| !(m.reserve && reserves_allowed))
            .map(|m| &m.profile)
            .collect();
        for (i, profile) in on_table.iter().enumerate() {
            let radius = inches_from_mm(profile.base_mm) / 2.0;
            let (zone, k, n) = zone_turn(&zones, i, on_table.len());
            let spots = space.placements_in_zone(zone, radius, DEPLOY_STEP, &placed);
            // Along an edge the team spreads out; in a corner or round the centre it packs
            // from the anchor outwards, which fits the most bases.
            let spot = match zone {
                DeploymentZone::Edge { .. } => spread_pick(&spots, k, n),
                _ => spots.first().copied(),
            };
            let spot = spot.ok_or_else(|| SkirmishError::NoRoom {
                seat,
                model: profile.name.clone(),
            })?;
            let id = u32::try_from(placed.len()).unwrap_or(u32::MAX);
            placed.push(ModelBase::new(id, seat as u8, spot).with_radius(radius));
            models.push(ModelSetup {
                profile: Arc::new((*profile).clone()),
                owner: Seat(seat as u8),
                position: spot,
                hacked: 0,
                entry: Entry::Table,
            });
        }
    }
    // FIELD-8: Reserves wait off the table; where they enter is the scenario's rule.
    for (seat, team) in compiled.iter().enumerate() {
        for m in team.models.iter().filter(|m| m.reserve && reserves_allowed) {
            models.push(ModelSetup {
                profile: Arc::new(m.profile.clone()),
                owner: Seat(seat as u8),
                position: [0.0; 3],
                hacked: 0,
                entry: Entry::Reserve,
            });
        }
    }

    let players = (0..teams.len())
        .map(|seat| PlayerSetup {
            name: format!("Player {}", seat + 1),
            team: team_of(&scenario, seat),
            luck: None,
        })
        .collect();
    // SEC-1: the defender's security budget, out of what its team left of its EB limit.
    let security_budget = scenario.security.as_deref().map(|sec| {
        let seat = usize::from(sec.defender.0);
        let limit = seat_rules.get(seat).unwrap_or(rules).eb_limit;
        let unspent = compiled
            .get(seat)
            .map_or(0, |t| t.summary.limit.saturating_sub(t.summary.cost));
        sec.budget_for(limit, unspent)
    });
    let (mut rules, first_control) = scenario_rules(&scenario);
    if let (Some(sec), Some(budget)) = (rules.security.as_mut(), security_budget) {
        sec.budget_eb = budget;
    }
    let setup = Setup {
        battlespace: space,
        players,
        models,
        first_control,
        victory: Victory::default(),
        loot_deck: crate::team::compile_loot_deck(catalog),
        loaded_dice: Vec::new(),
        // MOD-1: a scenario's required modules are always on; the players add theirs with
        // [`Skirmish::with_modules`].
        modules: scenario.modules.require.clone(),
        scenario: rules,
        third_force: None,
    };
    let module_data = module_data(catalog, &layout_id)?;
    let fires = match catalog.layouts.get(&layout_id) {
        Some(layout) => crate::fires::scenario_fires(catalog, layout, &scenario)?,
        None => Vec::new(),
    };
    let mut out = Skirmish {
        setup,
        scenario,
        layout: layout_id,
        teams: compiled,
        module_data,
        fires,
    };
    if !out.setup.modules.is_empty() {
        out.fit_module_data();
    }
    // THIRD-1: the third force the scenario names joins every game of it.
    if let Some(force) = out.scenario.third_force.clone() {
        crate::third_force::add_third_force(catalog, &mut out.setup, &force)?;
    }
    Ok(out)
}

/// The team a seat plays for: its own, seats 0+2 and 1+3 together in 2 vs 2 (CTRL-18), or
/// in co-op the computer's seats (team 0) against the people's (team 1, COOP-1).
fn team_of(scenario: &Scenario, seat: usize) -> TeamId {
    match scenario.teams {
        TeamFormat::TwoVsTwo => TeamId((seat % 2) as u8),
        TeamFormat::FreeForAll => TeamId(seat as u8),
        TeamFormat::Coop => {
            let computer = scenario.coop.as_ref().map_or(0, |c| c.computer_seats());
            TeamId(u8::from(seat >= usize::from(computer)))
        }
    }
}

/// Spreads `count` models over the zone: model `i` takes the free spot of the row nearest
/// the zone's anchor that is closest to the `(i + 1)`-th of `count` evenly spaced points
/// along that row. `spots` are sorted nearest the anchor first.
fn spread_pick(spots: &[[f32; 3]], i: usize, count: usize) -> Option<[f32; 3]> {
    let best = *spots.first()?;
    let along_x = spots
        .iter()
        .filter(|s| (s[2] - best[2]).abs() < 1e-3)
        .count()
        >= spots
            .iter()
            .filter(|s| (s[0] - best[0]).abs() < 1e-3)
            .count();
    let key = |s: &[f32; 3]| if along_x { s[0] } else { s[2] };
    let in_row = |s: &&[f32; 3]| {
        if along_x {
            (s[2] - best[2]).abs() < 1e-3
        } else {
            (s[0] - best[0]).abs() < 1e-3
        }
    };
    let row: Vec<[f32; 3]> = spots.iter().filter(in_row).copied().collect();
    let (lo, hi) = row
        .iter()
        .map(key)
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    let target = lo + (hi - lo) * (i + 1) as f32 / (count + 1) as f32;
    row.iter()
        .copied()
        .min_by(|a, b| (key(a) - target).abs().total_cmp(&(key(b) - target).abs()))
}

/// The rules a seat's quick team is built under in `scenario`: `rules`, except that with the
/// security module on the defender's quick team leaves its security budget unspent, since
/// security is paid out of the EB limit (SEC-1). Every other seat, and every game with SEC
/// off, gets `rules` unchanged (MOD-2).
pub fn quick_team_rules(rules: &TeamRules, scenario: &Scenario, seat: usize) -> TeamRules {
    let reserve = scenario
        .security
        .as_deref()
        .filter(|s| usize::from(s.defender.0) == seat)
        .filter(|_| rules.modules.contains(&redline_rules::Module::Sec))
        .map_or(0, |s| u32::from(s.budget_for(rules.eb_limit, u32::MAX)));
    TeamRules {
        eb_limit: rules.eb_limit.saturating_sub(reserve),
        ..rules.clone()
    }
}

/// A legal team of `faction` within `rules`, picked the same way every time: the cheapest
/// basic Leader, then the faction's other characters, costliest first, each with the
/// costliest gear or program that still fits, then Gonks to spend what is left. Mercs are
/// not hired, nor constructs unless the rules turn BOT on (BOT-13 then applies).
pub fn quick_team(
    catalog: &Catalog,
    faction: &str,
    rules: &TeamRules,
) -> Result<TeamSpec, SkirmishError> {
    let no_team = || SkirmishError::NoQuickTeam {
        faction: faction.to_owned(),
        budget: rules.eb_limit,
    };
    let mut spec = TeamSpec::new(faction);
    // Constructs are BOT's cards: the quick team takes them only for games with BOT on, so
    // a core game's quick teams stay as they were (MOD-2).
    let bot = rules.modules.contains(&redline_rules::Module::Bot);
    let is = |card: &str, keyword: CardKeyword| {
        catalog
            .characters
            .get(card)
            .is_some_and(|c| c.has(keyword) && c.veteran_of.is_none())
    };
    let leader = available_additions(catalog, &spec, rules)
        .into_iter()
        .filter_map(|a| match a {
            Addition::Character { card, cost } if is(&card, CardKeyword::Leader) => {
                Some((cost, card))
            }
            _ => None,
        })
        .min()
        .ok_or_else(no_team)?;
    spec = spec.with(MemberSpec::new(&leader.1));

    // Characters first (one of each), then their kit, then Gonks; each round takes the
    // dearest addition of the most wanted kind.
    for _ in 0..64 {
        let additions = available_additions(catalog, &spec, rules);
        let hired = |card: &str| spec.members.iter().any(|m| m.card == card);
        let pick = additions
            .into_iter()
            .filter_map(|a| {
                let rank = match &a {
                    Addition::Character { card, .. }
                        if !hired(card)
                            && !is(card, CardKeyword::Merc)
                            && !is(card, CardKeyword::Leader)
                            && (bot || !is(card, CardKeyword::Construct))
                            && catalog
                                .characters
                                .get(card)
                                .is_some_and(|c| c.veteran_of.is_none()) =>
                    {
                        0
                    }
                    Addition::Program { .. } | Addition::Gear { .. } => 1,
                    Addition::Gonk { .. } => 2,
                    _ => return None,
                };
                let (cost, id) = match &a {
                    Addition::Character { card, cost } | Addition::Gonk { card, cost } => {
                        (*cost, card.clone())
                    }
                    Addition::Gear { gear, cost, .. } => (*cost, gear.clone()),
                    Addition::Program { program, cost, .. } => (*cost, program.clone()),
                };
                Some(((rank, std::cmp::Reverse(cost), id), a))
            })
            .min_by(|a, b| a.0.cmp(&b.0));
        let Some((_, addition)) = pick else { break };
        let mut next = spec.clone();
        match addition {
            Addition::Character { card, .. } | Addition::Gonk { card, .. } => {
                next = next.with(MemberSpec::new(&card));
            }
            Addition::Gear { member, gear, .. } => {
                next.members[member] = next.members[member].clone().gear(&gear);
            }
            Addition::Program {
                member, program, ..
            } => {
                next.members[member] = next.members[member].clone().program(&program);
            }
        }
        if check_team(catalog, &next, rules).is_err() {
            break;
        }
        spec = next;
    }
    check_team(catalog, &spec, rules).map_err(|_| no_team())?;
    Ok(spec)
}

/// The zone the `i`-th of `count` models goes to when a seat has several (in turn), with
/// its place among that zone's models and how many the zone gets.
fn zone_turn(zones: &[DeploymentZone], i: usize, count: usize) -> (DeploymentZone, usize, usize) {
    let z = zones.len().max(1);
    let k = i / z;
    let n = count / z + usize::from(i % z < count % z);
    (zones[i % z], k, n)
}
