//! The new-game settings (the Setup screen): how many players, which scenario (it says
//! free-for-all or 2 vs 2, and its EB limit), the game size (100, 150 or 200 EB, FIELD-1: it
//! sets the teams' EB limit and the table, by `redline_content::game_size`), which table
//! layout, hand-over screens on or off, and the dice seed, and which seats the computer plays
//! (its level and faction). The size chosen is remembered in the data folder.
//! "Start" opens the team builder for the first seat a person plays. Instead of one of the
//! scenario's tables, a layout saved in the planner can be played; instead of building a
//! team, a seat may bring a player's team from a saved campaign (CAMP-4, CAMP-5).

use std::path::PathBuf;

use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::game_size::{GameSize, layout_for_size};
use redline_content::schema::{Layout, Scenario, TeamFormat};
use redline_content::team::TeamRules;
use redline_rules::{Module, Modules, Seat};

use crate::headless::content::Content;
use crate::headless::flow::builder::TeamBuilder;
use crate::headless::flow::computer_team::AiSeat;
use crate::headless::flow::hand_over::HandOver;
use crate::headless::flow::one_off::{CampaignChoices, CampaignPick, campaign_choices};
use crate::headless::notice::Notice;
use crate::headless::persist::data_dir::DataDir;
use crate::headless::persist::layouts::load_layout;
use crate::headless::persist::settings::{GameSettings, remember_size};
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The settings of the game being set up.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct NewGame {
    /// Players at the table, 2 to 4.
    pub players: u8,
    /// Scenario id.
    pub scenario: String,
    /// The game size (FIELD-1, TEAM-5): the teams' EB limit and the table; `None` plays the
    /// scenario at its own EB limit on its own tables.
    pub size: Option<GameSize>,
    /// Layout id.
    pub layout: String,
    /// A table from the planner, played instead of the scenario's layout `layout`.
    pub planned: Option<Layout>,
    /// Hide the table between players.
    pub hand_over: bool,
    /// Seed of the game's dice.
    pub seed: u64,
    /// For each of the 4 possible seats, the computer player if the computer plays it.
    pub computer: Vec<Option<AiSeat>>,
    /// For each of the 4 possible seats, the campaign team it brings instead of building
    /// one (CAMP-4, CAMP-5).
    pub campaign_teams: Vec<Option<CampaignPick>>,
    /// Optional rule modules the players turn on for this game, besides those the scenario
    /// requires (MOD-1).
    pub modules: Modules,
    /// The third force switched on for this game (THIRD-1), by its id in the packs.
    pub third_force: Option<String>,
}

impl NewGame {
    /// The first scenario for two players on its first layout, with a seed from the clock.
    pub fn new(catalog: &Catalog) -> NewGame {
        let seed = crate::headless::clock::since_epoch().map_or(1, |d| d.as_nanos() as u64);
        let mut game = NewGame {
            players: 2,
            scenario: String::new(),
            size: None,
            layout: String::new(),
            planned: None,
            hand_over: true,
            seed,
            computer: vec![None; 4],
            campaign_teams: vec![None; 4],
            modules: Modules::new(),
            third_force: None,
        };
        game.fix(catalog);
        game
    }

    /// A solo game: seat 2 is the Easy computer, picking its own faction; no hand-over.
    pub fn solo(catalog: &Catalog) -> NewGame {
        let mut game = NewGame::new(catalog);
        game.computer[1] = Some(AiSeat::default());
        game.hand_over = false;
        game
    }

    /// The same settings at the game size last chosen (`settings`), if one was.
    pub fn with_settings(mut self, catalog: &Catalog, settings: &GameSettings) -> NewGame {
        self.size = settings.size();
        self.fix(catalog);
        self
    }

    /// The team-building rules of the game (TEAM-5): one-off rules at the size's EB limit,
    /// else at the scenario's, with the game's modules (the scenario's required ones plus
    /// the players', MOD-1), which BOT-13 reads.
    pub fn team_rules(&self, catalog: &Catalog) -> TeamRules {
        let scenario = catalog.scenarios.get(&self.scenario);
        let mut rules = match self.size {
            Some(size) => size.team_rules(),
            None => TeamRules::one_off(scenario.map_or(0, |s| s.eb_limit)),
        };
        rules.modules = scenario
            .and_then(|s| s.modules.one_off(&self.modules).ok())
            .unwrap_or_else(|| self.modules.clone());
        rules
    }

    /// The EB limit every team is built within.
    pub fn eb_limit(&self, catalog: &Catalog) -> u32 {
        self.team_rules(catalog).eb_limit
    }

    /// The tables the game may be played on ([`layouts_of_size`]).
    pub fn layouts(&self, catalog: &Catalog) -> Vec<String> {
        catalog
            .scenarios
            .get(&self.scenario)
            .map(|s| layouts_of_size(catalog, s, self.size))
            .unwrap_or_default()
    }

    /// Whether the game can be set up at its size on its table, in content's words when not:
    /// a size no table of the scenario is of, or a planner's table of another size.
    pub fn check_size(&self, catalog: &Catalog) -> Result<(), String> {
        let Some(size) = self.size else {
            return Ok(());
        };
        let catalog = self.catalog_for(catalog);
        let Some(scenario) = catalog.scenarios.get(&self.scenario) else {
            return Err(format!("No scenario for {} players", self.players));
        };
        let layout = Some(self.layout_id()).filter(|l| !l.is_empty());
        layout_for_size(&catalog, scenario, size, layout)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// A table from the planner changes a size chosen that is not of its table to the first
    /// size whose table it is (content's [`GameSize::fits`]), else to no size.
    fn size_to_planned(&mut self) {
        if let (Some(layout), Some(size)) = (&self.planned, self.size)
            && !size.fits(layout)
        {
            self.size = GameSize::ALL.into_iter().find(|s| s.fits(layout));
        }
    }

    /// The computer players of the seats at the table (`None` for people).
    pub fn seats(&self) -> Vec<Option<AiSeat>> {
        (0..usize::from(self.players))
            .map(|i| self.computer.get(i).cloned().flatten())
            .collect()
    }

    /// A game on a table from the planner with `scenario`'s rules and zones (its number of
    /// players); `solo` makes seat 2 the computer.
    pub fn on_planned(catalog: &Catalog, scenario: &str, layout: Layout, solo: bool) -> NewGame {
        let mut game = if solo {
            NewGame::solo(catalog)
        } else {
            NewGame::new(catalog)
        };
        if let Some(s) = catalog.scenarios.get(scenario) {
            game.scenario = s.id.clone();
            game.players = s.players;
        }
        game.planned = Some(layout);
        game.fix(catalog);
        game
    }

    /// The catalog the game is set up from: with the planned table added to the scenario
    /// when there is one.
    pub fn catalog_for(&self, catalog: &Catalog) -> Catalog {
        match &self.planned {
            Some(layout) => catalog.with_planned_layout(&self.scenario, layout.clone()),
            None => catalog.clone(),
        }
    }

    /// The id of the table played: the planned layout's, else the scenario layout chosen.
    pub fn layout_id(&self) -> &str {
        self.planned.as_ref().map_or(&self.layout, |l| &l.id)
    }

    /// The campaign teams of the seats at the table (`None` where a team is built).
    pub fn campaign_seats(&self) -> Vec<Option<CampaignPick>> {
        (0..usize::from(self.players))
            .map(|i| self.campaign_teams.get(i).cloned().flatten())
            .collect()
    }

    /// How many seats people play.
    pub fn people(&self) -> usize {
        self.seats().iter().filter(|s| s.is_none()).count()
    }

    /// Scenarios for the chosen number of players: those where every seat is a crew of its
    /// own; a co-op sheet (COOP-1), where some seats are the computer's, is not one.
    pub fn scenarios<'a>(&self, catalog: &'a Catalog) -> Vec<&'a Scenario> {
        catalog
            .scenarios
            .iter()
            .filter(|s| s.players == self.players && s.coop.is_none())
            .collect()
    }

    /// Keeps the choice consistent: a scenario for this many players, one of its layouts of
    /// the game's size.
    fn fix(&mut self, catalog: &Catalog) {
        let scenarios = self.scenarios(catalog);
        if !scenarios.iter().any(|s| s.id == self.scenario) {
            self.scenario = scenarios.first().map_or_else(String::new, |s| s.id.clone());
        }
        let layouts = self.layouts(catalog);
        if !layouts.contains(&self.layout) {
            self.layout = layouts.first().cloned().unwrap_or_default();
        }
    }
}

/// The tables `scenario` may be played on at `size`, as content's [`layout_for_size`]
/// allows them: its own layouts of the size's table, else the packs' ready layouts of that
/// table. With no size chosen, the scenario's own layouts.
pub fn layouts_of_size(
    catalog: &Catalog,
    scenario: &Scenario,
    size: Option<GameSize>,
) -> Vec<String> {
    let Some(size) = size else {
        return scenario.setup.layouts.clone();
    };
    let mut candidates = scenario.setup.layouts.clone();
    for id in size.layouts(catalog) {
        if !candidates.contains(&id) {
            candidates.push(id);
        }
    }
    candidates.retain(|id| layout_for_size(catalog, scenario, size, Some(id)).is_ok());
    candidates
}

/// The id a planned layout is played under: kept apart from the packs' layout ids.
pub fn planned_id(name: &str) -> String {
    format!(
        "planner:{}",
        crate::headless::persist::data_dir::file_stem(name)
    )
}

/// "Free for all", "2 vs 2" or "Co-op".
pub fn format_name(format: TeamFormat) -> &'static str {
    match format {
        TeamFormat::FreeForAll => "Free for all",
        TeamFormat::TwoVsTwo => "2 vs 2 (seats 1+3 against 2+4)",
        TeamFormat::Coop => "Co-op against the computer",
    }
}

/// A change on the Setup screen.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum SetupIntent {
    /// Players at the table.
    Players(u8),
    /// Scenario id.
    Scenario(String),
    /// Layout id (one of the scenario's tables; forgets a planned one).
    Layout(String),
    /// A layout saved in the planner, by its file; `None` goes back to the scenario's tables.
    SavedLayout(Option<PathBuf>),
    /// The game size; `None` plays the scenario at its own EB limit (FIELD-1, TEAM-5).
    Size(Option<GameSize>),
    /// Hand-over screens on or off.
    HandOver(bool),
    /// The dice seed.
    Seed(u64),
    /// Who plays a seat (0-based): a person (`None`) or the computer.
    Seat {
        /// The seat.
        seat: u8,
        /// The computer player, or `None` for a person.
        computer: Option<AiSeat>,
    },
    /// The team a seat (0-based) brings from a saved campaign: the campaign file and the
    /// player's index in it; `None` to build a team (CAMP-4, CAMP-5).
    CampaignTeam {
        /// The seat.
        seat: u8,
        /// The campaign file and player, or `None`.
        pick: Option<(PathBuf, usize)>,
    },
    /// Turn an optional rule module on or off for this game (MOD-1).
    Module {
        /// The module.
        module: Module,
        /// On or off.
        on: bool,
    },
    /// Switch a third force on (by its id) or off for this game (THIRD-1).
    ThirdForce(Option<String>),
    /// Go on to the team builder.
    Start,
    /// Back to the main menu.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SetupIntent>();
    app.init_resource::<CampaignChoices>();
    app.add_systems(OnEnter(Screen::Setup), read_campaign_choices);
    app.add_systems(
        Update,
        apply_setup
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::Setup).and_then(resource_exists::<NewGame>)),
    );
}

/// The campaigns a seat can take a team from, read once as the screen opens.
fn read_campaign_choices(mut commands: Commands, dir: Option<Res<DataDir>>) {
    if let Some(dir) = dir {
        commands.insert_resource(campaign_choices(&dir));
    }
}

fn apply_setup(
    mut commands: Commands,
    mut intents: MessageReader<SetupIntent>,
    mut game: ResMut<NewGame>,
    content: Res<Content>,
    kept: (ResMut<GameSettings>, Option<Res<DataDir>>),
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
) {
    let (mut settings, dir) = kept;
    let catalog = &content.0;
    for intent in intents.read() {
        match intent {
            SetupIntent::Players(n) => game.players = (*n).clamp(2, 4),
            SetupIntent::Scenario(id) if catalog.scenarios.contains(id) => {
                game.scenario = id.clone();
                if let Some(s) = catalog.scenarios.get(id) {
                    game.players = s.players;
                    // MOD-1: a module the new scenario forbids is no longer chosen.
                    game.modules.retain(|m| !s.modules.forbid.contains(m));
                }
            }
            SetupIntent::Scenario(id) => notice.error(format!("No scenario '{id}'")),
            SetupIntent::Layout(id) => {
                game.layout = id.clone();
                game.planned = None;
            }
            SetupIntent::SavedLayout(None) => game.planned = None,
            SetupIntent::SavedLayout(Some(path)) => match load_layout(path) {
                Ok((mut layout, refusal)) => {
                    layout.id = planned_id(&layout.name);
                    let kept = refusal.map_or_else(String::new, |r| format!(" {}", r.sentence()));
                    notice.info(format!(
                        "Playing on '{}' from the planner.{kept}",
                        layout.name
                    ));
                    game.planned = Some(layout);
                    game.size_to_planned();
                }
                Err(e) => notice.error(e.to_string()),
            },
            SetupIntent::Size(size) => {
                game.size = *size;
                remember_size(&mut settings, dir.as_deref(), *size);
            }
            SetupIntent::Module { module, on } => {
                choose_module(&mut game, catalog, *module, *on).unwrap_or_else(|e| notice.error(e))
            }
            SetupIntent::ThirdForce(None) => game.third_force = None,
            SetupIntent::ThirdForce(Some(id)) if catalog.third_forces.contains(id) => {
                game.third_force = Some(id.clone());
            }
            SetupIntent::ThirdForce(Some(id)) => notice.error(format!("No third force '{id}'")),
            SetupIntent::HandOver(on) => game.hand_over = *on,
            SetupIntent::Seed(seed) => game.seed = *seed,
            SetupIntent::Seat { seat, computer } => {
                if let Some(slot) = game.computer.get_mut(usize::from(*seat)) {
                    *slot = computer.clone();
                }
            }
            SetupIntent::CampaignTeam { seat, pick } => {
                let picked = match pick {
                    Some((path, team)) => match CampaignPick::read(path, *team) {
                        Ok(pick) => Some(pick),
                        Err(e) => {
                            notice.error(e);
                            continue;
                        }
                    },
                    None => None,
                };
                if let Some(slot) = game.campaign_teams.get_mut(usize::from(*seat)) {
                    *slot = picked;
                }
            }
            SetupIntent::Start => {
                if game.people() == 0 {
                    notice.error("At least one seat must be played by a person.");
                    continue;
                }
                let Some(scenario) = catalog.scenarios.get(&game.scenario) else {
                    notice.error(format!("No scenario for {} players", game.players));
                    continue;
                };
                if let Err(e) = game.check_size(catalog) {
                    notice.error(e);
                    continue;
                }
                if let Err(e) = scenario.modules.one_off(&game.modules) {
                    notice.error(e.to_string());
                    continue;
                }
                let rules = game.team_rules(catalog);
                match TeamBuilder::new(catalog, scenario, game.players, rules)
                    .with_computer(catalog, &game.seats(), game.seed)
                    .and_then(|b| b.with_campaigns(catalog, &game.campaign_seats(), game.seed))
                {
                    Ok(builder) => {
                        // With one person at the table there is nobody to hide it from.
                        commands.insert_resource(HandOver {
                            enabled: game.hand_over && game.people() > 1,
                            viewer: None,
                            computer: game
                                .seats()
                                .iter()
                                .enumerate()
                                .filter(|(_, c)| c.is_some())
                                .map(|(i, _)| Seat(i as u8))
                                .collect(),
                        });
                        commands.insert_resource(builder);
                    }
                    Err(e) => {
                        notice.error(e);
                        continue;
                    }
                }
                next.set(Screen::TeamBuilder);
            }
            SetupIntent::Back => next.set(Screen::MainMenu),
        }
        game.fix(catalog);
    }
}

/// Turns `module` on or off for the game being set up; the scenario's rule decides (MOD-1):
/// a module it forbids can't be turned on, one it requires stays on whatever is chosen.
fn choose_module(
    game: &mut NewGame,
    catalog: &Catalog,
    module: Module,
    on: bool,
) -> Result<(), String> {
    if !on {
        game.modules.remove(&module);
        return Ok(());
    }
    let mut chosen = game.modules.clone();
    chosen.insert(module);
    if let Some(scenario) = catalog.scenarios.get(&game.scenario) {
        scenario
            .modules
            .one_off(&chosen)
            .map_err(|e| e.to_string())?;
    }
    game.modules = chosen;
    Ok(())
}
