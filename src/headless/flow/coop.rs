//! "New co-op game" (COOP-1..COOP-6): two or three people share one side against crews the
//! computer plays. The co-op Setup screen chooses the scenario (its story and what each side
//! wins by, from the pack), how many people play, each person's crew (a faction's quick
//! team or a saved roster), the computer's level, hand-over screens and the dice seed.
//! "Start" asks content for the game (`redline_content::coop::coop_skirmish`) and opens it
//! on its deployment; the computer's seats are played as in a solo game, the people's
//! hot-seat. Nothing here implements a rule.

use bevy::prelude::*;
use redline_content::Catalog;
use redline_content::coop::{CoopGame, coop_scenarios, coop_skirmish};
use redline_content::scenario_rules::scenario_rules;
use redline_content::schema::{MAX_PEOPLE, MIN_PEOPLE, Scenario};
use redline_content::skirmish::{quick_team, quick_team_rules};
use redline_content::team::{TeamRules, TeamSpec};
use redline_rules::Seat;

use crate::headless::content::Content;
use crate::headless::flow::start::begin_match;
use crate::headless::game::ai_level::AiLevel;
use crate::headless::game::ending::aim;
use crate::headless::game::log::BattleLog;
use crate::headless::game::match_state::Match;
use crate::headless::game::meta::MatchMeta;
use crate::headless::notice::Notice;
use crate::headless::persist::rosters::Rosters;
use crate::headless::schedule::PlaySystems;
use crate::headless::screen::Screen;

/// The crew one person brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoopCrew {
    /// The faction's quick team at the scenario's EB limit, by faction id.
    Quick(String),
    /// A saved roster, by name.
    Roster(String),
}

/// The settings of the co-op game being set up.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CoopSetup {
    /// Scenario id: one of [`coop_scenarios`].
    pub scenario: String,
    /// How many people play, 2 or 3 (COOP-5).
    pub people: u8,
    /// Each person's crew, for up to three people; the first `people` play.
    pub crews: Vec<CoopCrew>,
    /// The bot that plays the computer's crews.
    pub level: AiLevel,
    /// Hide the table between the people.
    pub hand_over: bool,
    /// Seed of the game's dice.
    pub seed: u64,
}

impl CoopSetup {
    /// The first co-op scenario for two people, each on a different faction's quick team,
    /// against the Normal computer; a seed from the clock.
    pub fn new(catalog: &Catalog) -> CoopSetup {
        let seed = crate::headless::clock::since_epoch().map_or(1, |d| d.as_nanos() as u64);
        let scenario = coop_scenarios(catalog)
            .first()
            .map_or_else(String::new, |s| s.id.clone());
        let factions: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
        let crews = (0..usize::from(MAX_PEOPLE))
            .map(|i| {
                let f = factions.get(i % factions.len().max(1)).unwrap_or(&"");
                CoopCrew::Quick((*f).to_string())
            })
            .collect();
        CoopSetup {
            scenario,
            people: MIN_PEOPLE,
            crews,
            level: AiLevel::Normal,
            hand_over: true,
            seed,
        }
    }

    /// The chosen scenario, if the packs hold it.
    pub fn scenario<'a>(&self, catalog: &'a Catalog) -> Option<&'a Scenario> {
        catalog.scenarios.get(&self.scenario)
    }

    /// The crews of the people who play, as teams: quick teams under the scenario's
    /// one-off rules (COOP-4), rosters as saved.
    pub fn teams(&self, catalog: &Catalog, rosters: &Rosters) -> Result<Vec<TeamSpec>, String> {
        let scenario = self
            .scenario(catalog)
            .ok_or_else(|| format!("No co-op scenario '{}'", self.scenario))?;
        let first = scenario.coop.as_ref().map_or(0, |c| c.computer_seats());
        let rules = TeamRules::one_off(scenario.eb_limit);
        self.crews
            .iter()
            .take(usize::from(self.people))
            .enumerate()
            .map(|(i, crew)| match crew {
                CoopCrew::Quick(faction) => {
                    let seat = usize::from(first) + i;
                    let rules = quick_team_rules(&rules, scenario, seat);
                    quick_team(catalog, faction, &rules).map_err(|e| e.to_string())
                }
                CoopCrew::Roster(name) => rosters
                    .list
                    .iter()
                    .find(|r| r.name == *name)
                    .map(|r| r.team.clone())
                    .ok_or_else(|| format!("No roster '{name}'")),
            })
            .collect()
    }
}

/// The scenario's briefing for the co-op Setup screen: its story, the table, what the
/// people's side and the computer's win by, and when the game ends (COOP-6).
pub fn briefing(scenario: &Scenario) -> Vec<String> {
    let mut lines = vec![scenario.story.clone(), scenario.setup.scenery.clone()];
    let (rules, _) = scenario_rules(scenario);
    let computer = scenario.coop.as_ref().map_or(1, |c| c.computer_seats());
    let wins = |people: bool| -> String {
        let side = rules
            .sides
            .iter()
            .find(|s| (s.seat.0 >= computer) == people);
        let goals = side.map_or(&rules.win, |s| &s.win);
        let mut aims: Vec<String> = goals.iter().map(aim).collect();
        aims.push("take out every rival model".to_string());
        aims.dedup();
        aims.join(", or ")
    };
    lines.push(format!("Your side wins if you {}.", wins(true)));
    lines.push(format!("The computer wins if it can {}.", wins(false)));
    if let Some(n) = rules.inspire_limit() {
        lines.push(format!(
            "The game ends after the computer's {n}th Inspire, however many of you play."
        ));
    }
    lines
}

/// A change on the co-op Setup screen.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum CoopIntent {
    /// The scenario, by id.
    Scenario(String),
    /// How many people play (2 or 3).
    People(u8),
    /// One person's crew (0-based among the people).
    Crew {
        /// The person.
        person: u8,
        /// Their crew.
        crew: CoopCrew,
    },
    /// The computer's level.
    Level(AiLevel),
    /// Hand-over screens on or off.
    HandOver(bool),
    /// The dice seed.
    Seed(u64),
    /// Start the game.
    Start,
    /// Back to the main menu.
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CoopIntent>();
    app.add_systems(
        Update,
        apply_coop
            .in_set(PlaySystems::Apply)
            .run_if(in_state(Screen::CoopSetup).and_then(resource_exists::<CoopSetup>)),
    );
}

fn apply_coop(
    mut commands: Commands,
    mut intents: MessageReader<CoopIntent>,
    mut setup: ResMut<CoopSetup>,
    (content, rosters): (Res<Content>, Res<Rosters>),
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
) {
    let catalog = &content.0;
    for intent in intents.read() {
        match intent {
            CoopIntent::Scenario(id) if coop_scenarios(catalog).iter().any(|s| s.id == *id) => {
                setup.scenario = id.clone();
            }
            CoopIntent::Scenario(id) => notice.error(format!("No co-op scenario '{id}'")),
            CoopIntent::People(n) => setup.people = (*n).clamp(MIN_PEOPLE, MAX_PEOPLE),
            CoopIntent::Crew { person, crew } => {
                if let CoopCrew::Quick(f) = crew
                    && !catalog.factions.contains(f)
                {
                    notice.error(format!("No faction '{f}'"));
                    continue;
                }
                if let Some(slot) = setup.crews.get_mut(usize::from(*person)) {
                    *slot = crew.clone();
                }
            }
            CoopIntent::Level(level) => setup.level = *level,
            CoopIntent::HandOver(on) => setup.hand_over = *on,
            CoopIntent::Seed(seed) => setup.seed = *seed,
            CoopIntent::Start => match coop_match(catalog, &setup, &rosters) {
                Ok(started) => {
                    *notice = Notice::default();
                    commands.insert_resource(BattleLog::default());
                    begin_match(&mut commands, started, None);
                }
                Err(e) => notice.error(e),
            },
            CoopIntent::Back => next.set(Screen::MainMenu),
        }
    }
}

/// The co-op match of `setup`: content's game for the people's crews, opened on its
/// deployment (FIELD-7), the computer's seats at the level chosen and named as one side
/// ("Computer 1 (Normal)"), the people's "Player 1".. in the order they were given.
pub fn coop_match(
    catalog: &Catalog,
    setup: &CoopSetup,
    rosters: &Rosters,
) -> Result<Match, String> {
    let people = setup.teams(catalog, rosters)?;
    let game = coop_skirmish(catalog, &setup.scenario, None, &people).map_err(|e| e.to_string())?;
    let meta = coop_meta(catalog, &game, setup);
    let (deploy, plan) = game.skirmish.to_deploy();
    let meta = meta.with_deployment(plan);
    Match::new(deploy, setup.seed, meta).map_err(|e| format!("The game can't start: {e}"))
}

/// The app's record of a co-op game: the computer's seats marked and named, the people
/// numbered from one.
fn coop_meta(catalog: &Catalog, game: &CoopGame, setup: &CoopSetup) -> MatchMeta {
    let levels: Vec<Option<AiLevel>> = (0..game.teams.len() as u8)
        .map(|s| game.is_computer(Seat(s)).then_some(setup.level))
        .collect();
    let mut meta = MatchMeta::of_skirmish(catalog, &game.skirmish, &game.teams, setup.hand_over)
        .with_computer(&levels);
    for (n, seat) in game.people_seats.iter().enumerate() {
        if let Some(s) = meta.seats.get_mut(usize::from(seat.0)) {
            s.name = format!("Player {}", n + 1);
        }
    }
    meta
}
