//! `redline-cli campaign`: `sim` plays a scripted campaign between two bots, step by step,
//! until a team wins its Prove Your Worth scenario or a game cap is reached; `show` prints a
//! saved campaign file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use redline_ai::{Bot, EasyBot, PlayLimits, RandomBot, play_game};
use redline_campaign::{Campaign, NewPlayer, Phase, Step, save};
use redline_content::Catalog;
use redline_content::skirmish::quick_team;
use redline_content::team::{TeamSpec, check_team};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli campaign sim --seed 7 --factions ashfall,tidewater
  redline-cli campaign sim --seed 3 --max-games 6 --bots easy --save runs/harbour.campaign.ron
  redline-cli campaign sim --shared-market --seed 11
  redline-cli campaign show runs/harbour.campaign.ron

`sim` plays a whole campaign between two bots: each game's scenario, Objectives, teams
(built from the HQ), the game itself, then promotion, recovery rolls, Market and clean-up,
printing every step. It stops when a team wins its Prove Your Worth scenario or after
--max-games games. With --save FILE the campaign is saved after every step.";

/// Arguments of `redline-cli campaign`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CampaignArgs {
    #[command(subcommand)]
    command: CampaignCommand,
}

#[derive(Debug, Subcommand)]
enum CampaignCommand {
    /// Plays a scripted campaign between two bots to a Prove Your Worth winner.
    Sim(SimArgs),
    /// Prints a saved campaign.
    Show {
        /// The campaign file.
        file: PathBuf,
    },
}

/// Arguments of `campaign sim`.
#[derive(Debug, Args)]
struct SimArgs {
    /// Campaign seed: scenarios, Objectives, recovery rolls and every game's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The two factions, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "ashfall,tidewater")]
    factions: Vec<String>,
    /// The bot playing both sides: random or easy.
    #[arg(long, default_value = "random")]
    bots: String,
    /// Stop after this many games even without a winner.
    #[arg(long, default_value_t = 30)]
    max_games: u32,
    /// Most commands in one game before it is stopped (it then counts as a draw).
    #[arg(long, default_value_t = 20_000)]
    max_steps: usize,
    /// Play with the Shared Market (CAMP-39).
    #[arg(long)]
    shared_market: bool,
    /// Save the campaign to this file after every step.
    #[arg(long)]
    save: Option<PathBuf>,
}

/// Runs `campaign`.
pub fn run(args: &CampaignArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    match &args.command {
        CampaignCommand::Sim(sim) => run_sim(sim, pack, format),
        CampaignCommand::Show { file } => {
            let campaign = save::load(file).map_err(|e| CliError::bad_input(e.to_string()))?;
            let catalog = packs::catalog(pack)?;
            output::emit(format, &Shown::of(&campaign, &catalog))?;
            Ok(Verdict::Clean)
        }
    }
}

fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, CliError> {
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "easy" => Ok(Box::new(EasyBot::new(seed))),
        other => Err(CliError::bad_input(format!(
            "unknown bot '{other}' (known bots: random, easy)"
        ))),
    }
}

/// What `campaign sim` reports.
#[derive(Debug, Serialize)]
struct SimReport {
    /// Every step's lines, in order.
    log: Vec<String>,
    /// Games played.
    games: u32,
    /// Winner's player name, if a team proved its worth.
    winner: Option<String>,
    /// Street Cred per player at the end.
    street_cred: Vec<(String, u32)>,
}

impl Report for SimReport {
    fn human(&self) -> String {
        let mut out = self.log.join("\n");
        let _ = write!(out, "\n\n{} game(s) played. ", self.games);
        match &self.winner {
            Some(w) => {
                let _ = write!(out, "{w} wins the campaign.");
            }
            None => out.push_str("No team proved its worth yet."),
        }
        out
    }
}

struct Runner<'a> {
    catalog: &'a Catalog,
    campaign: Campaign,
    save: Option<PathBuf>,
    log: Vec<String>,
}

impl Runner<'_> {
    fn step(&mut self, step: Step) -> Result<(), CliError> {
        let notes = self
            .campaign
            .apply(self.catalog, step)
            .map_err(|e| CliError::failure(format!("the bots' step was refused: {e}")))?;
        self.log.extend(notes.into_iter().map(|n| format!("  {n}")));
        if let Some(path) = &self.save {
            save::save(path, &self.campaign).map_err(|e| CliError::failure(e.to_string()))?;
        }
        Ok(())
    }
}

fn run_sim(args: &SimArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    if args.factions.len() != 2 {
        return Err(CliError::bad_input("--factions names exactly two factions"));
    }
    bot(&args.bots, 0)?;
    let players: Vec<NewPlayer> = args
        .factions
        .iter()
        .enumerate()
        .map(|(i, f)| NewPlayer::new(&format!("Bot {} ({f})", i + 1), f))
        .collect();
    let campaign = Campaign::new(
        &catalog,
        "bot campaign",
        args.seed,
        &players,
        args.shared_market,
    )
    .map_err(|e| CliError::bad_input(e.to_string()))?;
    let mut run = Runner {
        catalog: &catalog,
        campaign,
        save: args.save.clone(),
        log: Vec::new(),
    };
    let mut games = 0;
    while run.campaign.winner.is_none() && games < args.max_games {
        games += 1;
        run.log.push(format!("== Game {games}: before the game"));
        run.step(Step::ChooseScenario { agreed: None })?;
        for team in 0..2 {
            if run.campaign.phase != Phase::Objectives {
                break;
            }
            let pending = run.campaign.pending.as_ref().expect("a game is prepared");
            if pending.kept[team].is_some() {
                continue;
            }
            // The bots discard the last card drawn: the draw is already random.
            let discard = pending.drawn[team].last().cloned().unwrap_or_default();
            run.step(Step::DiscardObjective {
                team,
                objective: discard,
            })?;
        }
        for team in 0..2 {
            let spec = bot_team(&catalog, &run.campaign, team)?;
            run.step(Step::BuildTeam { team, spec })?;
        }
        let setup = run
            .campaign
            .game_setup(&catalog)
            .map_err(|e| CliError::failure(e.to_string()))?;
        let seed = run.campaign.pending.as_ref().map_or(0, |p| p.seed);
        let mut bots = vec![bot(&args.bots, seed)?, bot(&args.bots, seed ^ 1)?];
        let record = play_game(
            setup,
            seed,
            &mut bots,
            PlayLimits {
                max_steps: args.max_steps,
            },
        )
        .map_err(|e| CliError::failure(format!("game {games} broke: {e}")))?;
        run.log.push(format!(
            "== Game {games}: played, {} commands, {} turns",
            record.commands.len(),
            record.turns
        ));
        run.step(Step::RecordGame {
            commands: record.commands,
        })?;
        run.log.push(format!("== Game {games}: after the game"));
        if run.campaign.phase == Phase::Promotion {
            let winner = run
                .campaign
                .pending
                .as_ref()
                .and_then(|p| p.winner)
                .unwrap_or(0);
            run.step(bot_promotion(&catalog, &run.campaign, winner))?;
        }
        run.step(Step::RollRecovery)?;
        while run.campaign.phase == Phase::Market {
            let offer = run
                .campaign
                .pending
                .as_ref()
                .and_then(|p| p.offers.first().cloned());
            let Some(offer) = offer else { break };
            run.step(Step::MarketPick {
                team: offer.team,
                card: offer.cards[0].clone(),
            })?;
        }
        run.step(Step::CleanUp)?;
    }
    let report = SimReport {
        games,
        winner: run
            .campaign
            .winner
            .map(|w| run.campaign.teams[w].player.clone()),
        street_cred: run
            .campaign
            .teams
            .iter()
            .map(|t| (t.player.clone(), t.street_cred(&catalog)))
            .collect(),
        log: run.log,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

/// The bot's team: the faction's quick team under the campaign rules, with each character
/// swapped for the version in the HQ, kit not in the HQ dropped, then members dropped from
/// the end until the team is legal.
fn bot_team(catalog: &Catalog, campaign: &Campaign, team: usize) -> Result<TeamSpec, CliError> {
    let t = &campaign.teams[team];
    let rules = campaign.team_rules(catalog, team, &TeamSpec::new(&t.faction));
    let mut spec =
        quick_team(catalog, &t.faction, &rules).map_err(|e| CliError::failure(e.to_string()))?;
    campaign.narrow_to_hq(catalog, team, &mut spec);
    loop {
        let rules = campaign.team_rules(catalog, team, &spec);
        if check_team(catalog, &spec, &rules).is_ok() || spec.members.len() <= 1 {
            return Ok(spec);
        }
        spec.members.pop();
    }
}

/// The winner promotes the first HQ character with a Veteran card waiting, Leader first;
/// otherwise hires the first Merc it can; otherwise passes.
fn bot_promotion(catalog: &Catalog, campaign: &Campaign, team: usize) -> Step {
    let t = &campaign.teams[team];
    let mut hq: Vec<&String> = t.hq.characters.iter().collect();
    hq.sort_by_key(|c| {
        !catalog
            .characters
            .get(c)
            .is_some_and(|c| c.has(redline_content::schema::CardKeyword::Leader))
    });
    for card in hq {
        let Some(c) = catalog.characters.get(card) else {
            continue;
        };
        let next = catalog.characters.iter().any(|v| {
            v.basic_id() == c.basic_id()
                && v.stars == c.stars + 1
                && t.supply.characters.contains(&v.id)
        });
        if next {
            return Step::Promote {
                team,
                card: card.clone(),
            };
        }
    }
    Step::Pass { team }
}

/// What `campaign show` prints.
#[derive(Debug, Serialize)]
struct Shown {
    name: String,
    phase: String,
    winner: Option<String>,
    teams: Vec<ShownTeam>,
    games: Vec<String>,
}

#[derive(Debug, Serialize)]
struct ShownTeam {
    player: String,
    faction: String,
    street_cred: u32,
    wins: u32,
    wounded_leader: bool,
    hq_characters: Vec<String>,
    hq_gear: Vec<String>,
    completed_objectives: Vec<String>,
}

impl Shown {
    fn of(c: &Campaign, catalog: &Catalog) -> Shown {
        let name = |id: &String| redline_campaign::card_name(catalog, id);
        Shown {
            name: c.name.clone(),
            phase: format!("{:?}", c.phase),
            winner: c.winner.map(|w| c.teams[w].player.clone()),
            teams: c
                .teams
                .iter()
                .map(|t| ShownTeam {
                    player: t.player.clone(),
                    faction: t.faction.clone(),
                    street_cred: t.street_cred(catalog),
                    wins: t.wins,
                    wounded_leader: t.wounded_leader,
                    hq_characters: t.hq.characters.iter().map(name).collect(),
                    hq_gear: t.hq.gear.iter().map(name).collect(),
                    completed_objectives: t.completed.iter().map(|o| name(&o.id)).collect(),
                })
                .collect(),
            games: c
                .history
                .iter()
                .map(|g| {
                    let winner = g
                        .winner
                        .map_or("draw".to_owned(), |w| c.teams[w].player.clone());
                    format!(
                        "game {}: {} (seed {}, {} commands), winner: {winner}, {} campaign roll(s)",
                        g.number,
                        g.scenario,
                        g.seed,
                        g.commands.len(),
                        g.rolls.len()
                    )
                })
                .collect(),
        }
    }
}

impl Report for Shown {
    fn human(&self) -> String {
        let mut out = format!("Campaign '{}', next step: {}\n", self.name, self.phase);
        if let Some(w) = &self.winner {
            let _ = writeln!(out, "Won by {w} (CAMP-38)");
        }
        for t in &self.teams {
            let _ = writeln!(
                out,
                "\n{} ({}): Street Cred {}, {} win(s){}",
                t.player,
                t.faction,
                t.street_cred,
                t.wins,
                if t.wounded_leader {
                    ", Wounded Leader"
                } else {
                    ""
                }
            );
            let _ = writeln!(out, "  HQ characters: {}", t.hq_characters.join(", "));
            let _ = writeln!(out, "  HQ gear: {}", t.hq_gear.join(", "));
            let _ = writeln!(
                out,
                "  Completed Objectives: {}",
                if t.completed_objectives.is_empty() {
                    "none".to_owned()
                } else {
                    t.completed_objectives.join(", ")
                }
            );
        }
        if !self.games.is_empty() {
            out.push_str("\nGames:\n");
            for g in &self.games {
                let _ = writeln!(out, "  {g}");
            }
        }
        out
    }
}
