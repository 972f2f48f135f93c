//! Campaigns played by computer players from a script: who plays which faction with which
//! bot, the scenarios the players agree on (FIELD-5), and how each team chooses the
//! Objectives it keeps (CAMP-10). Everything else follows the campaign rules: the bots build
//! their teams from the HQ, play the games, promote or hire after a win, roll recovery and
//! clean up. With `random`, `easy` or `normal` bots a script plays the same campaign for the
//! same seed (`hard` bots think against the clock, so their games may differ).
//!
//! A script is RON:
//!
//! ```ron
//! CampaignScript(
//!     name: "five games",
//!     seed: 4,
//!     players: [
//!         (name: "Ana", faction: "ashfall", bot: "normal"),
//!         (name: "Bo", faction: "tidewater", bot: "easy"),
//!     ],
//!     scenarios: [Some("take_the_head"), None],
//!     discard: FewestStars,
//!     max_games: 5,
//! )
//! ```

use std::str::FromStr;

use redline_ai::{Level, PlayLimits, play_game_refereed};
use redline_content::Catalog;
use redline_content::skirmish::quick_team;
use redline_content::team::{TeamSpec, check_team};
use redline_rules::Modules;
use serde::{Deserialize, Serialize};

use crate::campaign::{Campaign, NewPlayer, Step};
use crate::error::CampaignError;
use crate::state::Phase;

/// One player of a scripted campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptPlayer {
    /// Player name.
    pub name: String,
    /// Faction id.
    pub faction: String,
    /// The bot that plays the team's games: `random`, `easy`, `normal` or `hard`.
    pub bot: String,
    /// Up to two basic Mercs hired for the first game (OPEN-38).
    #[serde(default)]
    pub mercs: Vec<String>,
}

/// Which of the four drawn Objectives a scripted team discards (CAMP-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Discard {
    /// The last card drawn (the draw is already random).
    #[default]
    Last,
    /// The card worth the fewest Street Cred stars (the last drawn of those), so the team
    /// plays for Street Cred (CAMP-13, CAMP-17).
    FewestStars,
}

/// A scripted campaign between bots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignScript {
    /// Campaign name.
    pub name: String,
    /// Campaign seed: scenarios, Objective draws, campaign rolls and every game's dice.
    pub seed: u64,
    /// Two to four players, in seat order.
    pub players: Vec<ScriptPlayer>,
    /// Play with the Shared Market (CAMP-39).
    #[serde(default)]
    pub shared_market: bool,
    /// The scenario the players agree on for each game in turn (FIELD-5); `None`, or a game
    /// past the end of the list, is chosen at random. A team with 10 Street Cred plays its
    /// Prove Your Worth scenario whatever the script says (CAMP-36).
    #[serde(default)]
    pub scenarios: Vec<Option<String>>,
    /// How each team discards one of its four Objectives.
    #[serde(default)]
    pub discard: Discard,
    /// The optional rule modules the campaign plays with (MOD-1).
    #[serde(default)]
    pub modules: Modules,
    /// Stop after this many games even without a winner.
    #[serde(default = "default_max_games")]
    pub max_games: u32,
    /// Most commands in one game before it is stopped (it then counts as a draw).
    #[serde(default = "default_max_steps")]
    pub max_steps: usize,
    /// A co-op arc to play instead of an open campaign (COOP-7): the players are the
    /// people, two or three, on one side against the computer.
    #[serde(default)]
    pub arc: Option<String>,
    /// The bot that plays the computer's seats of an arc (default `normal`).
    #[serde(default)]
    pub computer: Option<String>,
}

fn default_max_games() -> u32 {
    30
}

fn default_max_steps() -> usize {
    20_000
}

impl CampaignScript {
    /// A script for `players` with the default choices: random scenarios, the last drawn
    /// Objective discarded, at most 30 games.
    pub fn new(name: &str, seed: u64, players: Vec<ScriptPlayer>) -> CampaignScript {
        CampaignScript {
            name: name.to_owned(),
            seed,
            players,
            shared_market: false,
            scenarios: Vec::new(),
            discard: Discard::Last,
            modules: Modules::new(),
            max_games: default_max_games(),
            max_steps: default_max_steps(),
            arc: None,
            computer: None,
        }
    }

    /// A script that plays the co-op arc `arc` (COOP-7) with `players` against the computer
    /// played by the bot `computer`.
    pub fn arc(
        name: &str,
        seed: u64,
        arc: &str,
        players: Vec<ScriptPlayer>,
        computer: &str,
    ) -> CampaignScript {
        CampaignScript {
            arc: Some(arc.to_owned()),
            computer: Some(computer.to_owned()),
            ..CampaignScript::new(name, seed, players)
        }
    }

    /// Reads a script from RON text; broken text is reported as `name:line:col`.
    pub fn from_ron(name: &str, text: &str) -> Result<CampaignScript, String> {
        redline_content::input::parse_ron(text, ron::Options::default())
            .map_err(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))
    }

    /// The campaign this script starts.
    pub fn start(&self, catalog: &Catalog) -> Result<Campaign, SimError> {
        for p in &self.players {
            level(&p.bot)?;
        }
        let players: Vec<NewPlayer> = self
            .players
            .iter()
            .map(|p| NewPlayer {
                name: p.name.clone(),
                faction: p.faction.clone(),
                mercs: p.mercs.clone(),
            })
            .collect();
        let campaign = match &self.arc {
            Some(arc) => {
                let computer = self.computer.as_deref().unwrap_or("normal");
                level(computer)?;
                Campaign::new_arc(catalog, &self.name, self.seed, arc, &players, computer)?
            }
            None => Campaign::new(catalog, &self.name, self.seed, &players, self.shared_market)?,
        };
        Ok(campaign.with_modules(self.modules.clone())?)
    }
}

/// Why a scripted campaign stopped early.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The script names an unknown bot.
    #[error("{0}")]
    Bot(String),
    /// The campaign refused a step the script made.
    #[error("the scripted step was refused: {0}")]
    Refused(#[from] CampaignError),
    /// A game between the bots broke.
    #[error("game {game} broke: {why}")]
    Game {
        /// Game number.
        game: u32,
        /// What went wrong.
        why: String,
    },
    /// The step observer asked to stop (for example, a save failed).
    #[error("{0}")]
    Stopped(String),
}

fn level(name: &str) -> Result<Level, SimError> {
    Level::from_str(name).map_err(|e| SimError::Bot(e.to_string()))
}

/// How a scripted campaign ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimOutcome {
    /// Games played.
    pub games: u32,
    /// The team that won its Prove Your Worth scenario (CAMP-38), if any.
    pub winner: Option<usize>,
    /// How the co-op arc ended (COOP-10), once its last game is played.
    pub arc: Option<crate::arc::ArcEnding>,
}

/// What the observer of a scripted campaign is shown.
#[derive(Debug, Clone, Copy)]
pub enum SimNote<'a> {
    /// A heading: a game starts, was played, or its follow-up starts.
    Heading(&'a str),
    /// A step was applied: the campaign after it and what happened.
    Step(&'a Campaign, &'a [String]),
}

/// Plays `script` from a new campaign; see [`resume`].
pub fn run(
    catalog: &Catalog,
    script: &CampaignScript,
    observe: impl FnMut(SimNote<'_>) -> Result<(), String>,
) -> Result<(Campaign, SimOutcome), SimError> {
    let mut campaign = script.start(catalog)?;
    let outcome = resume(catalog, script, &mut campaign, observe)?;
    Ok((campaign, outcome))
}

/// Plays `script` on from wherever `campaign` stands (a new campaign, or one loaded from a
/// save) until a team wins its Prove Your Worth scenario or `max_games` games were played.
/// `observe` sees every step right after it was applied (to print or save it) and may stop
/// the run by returning an error.
pub fn resume(
    catalog: &Catalog,
    script: &CampaignScript,
    campaign: &mut Campaign,
    mut observe: impl FnMut(SimNote<'_>) -> Result<(), String>,
) -> Result<SimOutcome, SimError> {
    type Observer<'o> = dyn FnMut(SimNote<'_>) -> Result<(), String> + 'o;
    fn step(
        catalog: &Catalog,
        campaign: &mut Campaign,
        observe: &mut Observer<'_>,
        step: Step,
    ) -> Result<(), SimError> {
        let notes = campaign.apply(catalog, step)?;
        observe(SimNote::Step(campaign, &notes)).map_err(SimError::Stopped)
    }
    fn heading(observe: &mut Observer<'_>, text: String) -> Result<(), SimError> {
        observe(SimNote::Heading(&text)).map_err(SimError::Stopped)
    }
    let observe: &mut Observer<'_> = &mut observe;
    let start_games = campaign.history.len() as u32;
    loop {
        let number = campaign.history.len() as u32 + 1;
        if campaign.phase == Phase::ChooseScenario {
            if campaign.is_over(catalog) || number > script.max_games {
                break;
            }
            heading(observe, format!("== Game {number}: before the game"))?;
            // CAMP-36: a team with 10 Street Cred plays its Prove Your Worth scenario, so
            // there is nothing to agree on.
            let agreed = if campaign.must_prove_worth(catalog) {
                None
            } else {
                script.scenarios.get(number as usize - 1).cloned().flatten()
            };
            step(catalog, campaign, observe, Step::ChooseScenario { agreed })?;
        }
        while campaign.phase == Phase::Objectives {
            let pending = campaign.pending.as_ref().expect("a game is prepared");
            let Some(team) = (0..campaign.teams.len()).find(|&t| pending.kept[t].is_none()) else {
                break;
            };
            let objective = discard(catalog, &pending.drawn[team], script.discard);
            step(
                catalog,
                campaign,
                observe,
                Step::DiscardObjective { team, objective },
            )?;
        }
        while campaign.phase == Phase::BuildTeams {
            let pending = campaign.pending.as_ref().expect("a game is prepared");
            let Some(&team) = pending.seats.iter().find(|&&t| pending.teams[t].is_none()) else {
                break;
            };
            let spec = bot_team(catalog, campaign, team)?;
            step(catalog, campaign, observe, Step::BuildTeam { team, spec })?;
        }
        if campaign.phase == Phase::Play {
            // FIELD-7: the teams deploy through the engine, where the skirmish puts them.
            let (setup, plan) = campaign.game_start(catalog)?;
            let pending = campaign.pending.as_ref().expect("a game is prepared");
            let seed = pending.seed;
            let mut bots = Vec::new();
            // COOP-1: an arc's computer seats come first, played by the computer's bot.
            let computer = campaign.computer_seats(catalog);
            let computer_bot = script
                .computer
                .clone()
                .or_else(|| campaign.arc.as_ref().map(|a| a.computer.clone()))
                .unwrap_or_else(|| "normal".to_owned());
            let people = pending
                .seats
                .iter()
                .map(|&t| script.players.get(t).map_or("random", |p| p.bot.as_str()));
            let players: Vec<&str> = std::iter::repeat_n(computer_bot.as_str(), computer)
                .chain(people)
                .collect();
            for (seat, player) in players.into_iter().enumerate() {
                let bot = level(player)?.bot(seed ^ ((seat as u64 + 1) << 32));
                let bot: Box<dyn redline_ai::Bot> =
                    Box::new(redline_ai::PlannedDeployment::new(plan.clone(), bot));
                bots.push(bot);
            }
            // CAMP-11: the Objectives are watched while the game is played, so a Luck reward
            // is gained at once.
            let mut watch = campaign.objective_watch(catalog)?;
            let record = play_game_refereed(
                setup,
                seed,
                &mut bots,
                PlayLimits {
                    max_steps: script.max_steps,
                },
                |events, game| {
                    let reveals = watch.observe(events, game);
                    reveals
                        .iter()
                        .filter_map(|r| r.luck_now(catalog, game))
                        .collect()
                },
            )
            .map_err(|e| SimError::Game {
                game: number,
                why: e.to_string(),
            })?;
            heading(
                observe,
                format!(
                    "== Game {number}: played, {} commands, {} turns",
                    record.commands.len(),
                    record.turns
                ),
            )?;
            step(
                catalog,
                campaign,
                observe,
                Step::RecordGame {
                    commands: record.commands,
                },
            )?;
            heading(observe, format!("== Game {number}: after the game"))?;
        }
        // CTRL-20: each winner of a team game chooses in turn.
        while campaign.phase == Phase::Promotion {
            let Some(winner) = campaign
                .pending
                .as_ref()
                .and_then(|p| p.to_promote().first().copied())
            else {
                break;
            };
            let choice = promotion(catalog, campaign, winner);
            step(catalog, campaign, observe, choice)?;
        }
        if campaign.phase == Phase::Recovery {
            step(catalog, campaign, observe, Step::RollRecovery)?;
        }
        while campaign.phase == Phase::Market {
            let offer = campaign
                .pending
                .as_ref()
                .and_then(|p| p.offers.first().cloned());
            let Some(offer) = offer else { break };
            step(
                catalog,
                campaign,
                observe,
                Step::MarketPick {
                    team: offer.team,
                    card: offer.cards[0].clone(),
                },
            )?;
        }
        if campaign.phase == Phase::CleanUp {
            step(catalog, campaign, observe, Step::CleanUp)?;
        }
    }
    Ok(SimOutcome {
        games: (campaign.history.len() as u32).saturating_sub(start_games),
        winner: campaign.winner,
        arc: campaign.arc_ending(catalog),
    })
}

/// The Objective a scripted team discards from the four it drew (CAMP-10).
pub fn discard(catalog: &Catalog, drawn: &[String], how: Discard) -> String {
    let stars = |id: &String| catalog.objectives.get(id).map_or(0, |o| o.reward.stars);
    match how {
        Discard::Last => drawn.last().cloned().unwrap_or_default(),
        Discard::FewestStars => {
            let fewest = drawn.iter().map(stars).min().unwrap_or(0);
            drawn
                .iter()
                .rev()
                .find(|o| stars(o) == fewest)
                .cloned()
                .unwrap_or_default()
        }
    }
}

/// A computer player's team: the faction's quick team under the campaign rules, with each
/// character swapped for the version in the HQ, kit not in the HQ dropped (CAMP-9), then
/// members dropped from the end until the team is legal.
pub fn bot_team(
    catalog: &Catalog,
    campaign: &Campaign,
    team: usize,
) -> Result<TeamSpec, CampaignError> {
    let t = &campaign.teams[team];
    let rules = campaign.team_rules(catalog, team, &TeamSpec::new(&t.faction));
    let mut spec = quick_team(catalog, &t.faction, &rules)?;
    campaign.narrow_to_hq(catalog, team, &mut spec);
    loop {
        let rules = campaign.team_rules(catalog, team, &spec);
        if check_team(catalog, &spec, &rules).is_ok() || spec.members.len() <= 1 {
            return Ok(spec);
        }
        spec.members.pop();
    }
}

/// A computer player's choice after a win (CAMP-21, CAMP-23): promote the first HQ
/// character with a Veteran card waiting, Leader first; otherwise hire the first one-star
/// Merc of the Supply (it adds a star too); otherwise pass.
pub fn promotion(catalog: &Catalog, campaign: &Campaign, team: usize) -> Step {
    if let Some(card) = campaign.promotable(catalog, team).into_iter().next() {
        return Step::Promote { team, card };
    }
    let one_star = |id: &String| catalog.characters.get(id).is_some_and(|c| c.stars == 1);
    match campaign
        .hireable_mercs(catalog, team)
        .into_iter()
        .find(one_star)
    {
        Some(card) => Step::HireMerc { team, card },
        None => Step::Pass { team },
    }
}
