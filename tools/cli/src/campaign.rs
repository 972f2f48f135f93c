//! `redline-cli campaign`: `sim` plays a scripted campaign between bots, step by step,
//! until a team wins its Prove Your Worth scenario or a game cap is reached; `show` prints a
//! saved campaign file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use redline_campaign::sim::{self, CampaignScript, ScriptPlayer, SimError, SimNote};
use redline_campaign::{Campaign, save};
use redline_content::{Catalog, input, limits};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report};
use crate::packs;

const EXAMPLES: &str = "\
Examples:
  redline-cli campaign sim --seed 7 --factions ashfall,tidewater
  redline-cli campaign sim --seed 3 --max-games 6 --bots easy --save runs/harbour.campaign.ron
  redline-cli campaign sim --shared-market --seed 11
  redline-cli campaign sim --factions ashfall,tidewater,choir --bots easy
  redline-cli campaign sim --script tests/campaign/five_games.ron
  redline-cli campaign sim --arc chrome_run --factions choir,lantern --bots easy --computer easy
  redline-cli campaign sim --arc chrome_run --factions choir,lantern --bots easy --arcs 20
  redline-cli campaign show runs/harbour.campaign.ron

`sim` plays a whole campaign between two to four bots: each game's scenario, Objectives, teams
(built from the HQ), the game itself, then promotion, recovery rolls, Market and clean-up,
printing every step. It stops when a team wins its Prove Your Worth scenario or after
--max-games games. With --save FILE the campaign is saved after every step.

With --arc ID it plays a co-op arc instead (COOP-7): --factions are the people's two or three
crews, played by --bots, against the computer played by --computer; it stops after the arc's
last game. --arcs N plays N arcs (seeds --seed, --seed + 1, ...) and counts how they ended.";

/// Arguments of `redline-cli campaign`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct CampaignArgs {
    #[command(subcommand)]
    command: CampaignCommand,
}

#[derive(Debug, Subcommand)]
enum CampaignCommand {
    /// Plays a scripted campaign between bots to a Prove Your Worth winner.
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
    /// Play the campaign this script describes (RON: players, bots, seed, agreed scenarios,
    /// Objective choices, game cap); the other options are then ignored.
    #[arg(long)]
    script: Option<PathBuf>,
    /// The two to four factions, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "ashfall,tidewater")]
    factions: Vec<String>,
    /// The bot playing every side: random, easy, normal or hard.
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
    /// Optional rule modules the campaign plays with, comma-separated: terr, fire, sec, aid,
    /// bot (MOD-1: fixed for the whole campaign; each game adds its scenario's required
    /// modules and drops those it forbids). With `--script`, the script's `modules` instead.
    #[arg(long, value_name = "LIST", default_value = "")]
    modules: String,
    /// Save the campaign to this file after every step.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Play this co-op arc (COOP-7): --factions are the people's crews, two or three.
    #[arg(long)]
    arc: Option<String>,
    /// The bot playing the computer's seats of an arc: random, easy, normal or hard.
    #[arg(long, default_value = "normal")]
    computer: String,
    /// With --arc: play this many arcs, one per seed from --seed, and count how they ended.
    #[arg(long, default_value_t = 1)]
    arcs: u32,
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
    /// A co-op arc's ending (COOP-10), once its last game is played.
    arc: Option<ArcReport>,
}

/// How a co-op arc went (COOP-7, COOP-10).
#[derive(Debug, Serialize)]
struct ArcReport {
    /// Each game: whether the people won it.
    results: Vec<bool>,
    /// The people won the last game and finished the arc.
    finished: bool,
    /// The ending's text.
    ending: String,
}

impl ArcReport {
    fn of(c: &Campaign, catalog: &Catalog) -> Option<ArcReport> {
        let ending = c.arc_ending(catalog)?;
        Some(ArcReport {
            results: c
                .arc
                .as_ref()
                .map(|a| a.results.clone())
                .unwrap_or_default(),
            finished: ending.finished,
            ending: ending.text,
        })
    }

    /// `W L W`: each game won (W) or lost (L) by the people.
    fn line(&self) -> String {
        let games: Vec<&str> = self
            .results
            .iter()
            .map(|&w| if w { "W" } else { "L" })
            .collect();
        games.join(" ")
    }
}

impl Report for SimReport {
    fn human(&self) -> String {
        let mut out = self.log.join("\n");
        let _ = write!(out, "\n\n{} game(s) played. ", self.games);
        if let Some(arc) = &self.arc {
            let who = if arc.finished {
                "The people finish the arc"
            } else {
                "The computer wins the arc"
            };
            let _ = write!(out, "{who} ({}): {}", arc.line(), arc.ending);
            return out;
        }
        match &self.winner {
            Some(w) => {
                let _ = write!(out, "{w} wins the campaign.");
            }
            None => out.push_str("No team proved its worth yet."),
        }
        out
    }
}

fn run_sim(args: &SimArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    let script = match &args.script {
        Some(file) => {
            let text = input::read_text(file, limits::SMALL_FILE)
                .map_err(|e| CliError::bad_input(format!("cannot read the script: {e}")))?;
            CampaignScript::from_ron(&file.display().to_string(), &text)
                .map_err(CliError::bad_input)?
        }
        None => {
            if args.arc.is_some() && !(2..=3).contains(&args.factions.len()) {
                return Err(CliError::bad_input(
                    "--factions names the two or three people's crews of a co-op arc (COOP-1)",
                ));
            }
            if !(2..=4).contains(&args.factions.len()) {
                return Err(CliError::bad_input("--factions names two to four factions"));
            }
            let players = args
                .factions
                .iter()
                .enumerate()
                .map(|(i, f)| ScriptPlayer {
                    name: format!("Bot {} ({f})", i + 1),
                    faction: f.clone(),
                    bot: args.bots.clone(),
                    mercs: Vec::new(),
                })
                .collect();
            let mut script = CampaignScript::new("bot campaign", args.seed, players);
            script.shared_market = args.shared_market;
            script.modules = crate::modules::parse(&args.modules)?;
            script.max_games = args.max_games;
            script.max_steps = args.max_steps;
            script.arc = args.arc.clone();
            script.computer = Some(args.computer.clone());
            script
        }
    };
    if script.arc.is_some() && args.arcs > 1 {
        return run_arcs(&catalog, &script, args.arcs, format);
    }
    let mut log = Vec::new();
    let save_to = args.save.clone();
    let observe = |note: SimNote<'_>| -> Result<(), String> {
        match note {
            SimNote::Heading(h) => log.push(h.to_owned()),
            SimNote::Step(campaign, notes) => {
                log.extend(notes.iter().map(|n| format!("  {n}")));
                if let Some(path) = &save_to {
                    save::save(path, campaign).map_err(|e| e.to_string())?;
                }
            }
        }
        Ok(())
    };
    let (campaign, outcome) = match sim::run(&catalog, &script, observe) {
        Ok(done) => done,
        Err(SimError::Bot(e)) => return Err(CliError::bad_input(e)),
        Err(e @ SimError::Refused(_)) if args.script.is_some() => {
            return Err(CliError::bad_input(e.to_string()));
        }
        Err(e) => return Err(CliError::failure(e.to_string())),
    };
    let report = SimReport {
        games: outcome.games,
        winner: outcome.winner.map(|w| campaign.teams[w].player.clone()),
        street_cred: campaign
            .teams
            .iter()
            .map(|t| (t.player.clone(), t.street_cred(&catalog)))
            .collect(),
        arc: ArcReport::of(&campaign, &catalog),
        log,
    };
    output::emit(format, &report)?;
    Ok(Verdict::Clean)
}

/// What `campaign sim --arc ID --arcs N` reports: how each arc ended.
#[derive(Debug, Serialize)]
struct ArcTally {
    /// Arcs played.
    arcs: u32,
    /// Arcs the people finished (COOP-10).
    finished: u32,
    /// Per game of the arc: how many times the people won it.
    won_per_game: Vec<u32>,
    /// One line per arc: its seed and results.
    runs: Vec<String>,
}

impl Report for ArcTally {
    fn human(&self) -> String {
        let mut out = self.runs.join("\n");
        let won: Vec<String> = self.won_per_game.iter().map(u32::to_string).collect();
        let _ = write!(
            out,
            "\n\nThe people finished {} of {} arcs; games won, by game: {}.",
            self.finished,
            self.arcs,
            won.join(", ")
        );
        out
    }
}

/// Plays `count` arcs of `script`, one per seed from its own, and counts how they ended.
fn run_arcs(
    catalog: &Catalog,
    script: &CampaignScript,
    count: u32,
    format: Format,
) -> CommandResult {
    let mut tally = ArcTally {
        arcs: count,
        finished: 0,
        won_per_game: Vec::new(),
        runs: Vec::new(),
    };
    for i in 0..count {
        let mut one = script.clone();
        one.seed = script.seed + u64::from(i);
        let (campaign, _) = sim::run(catalog, &one, |_| Ok(()))
            .map_err(|e| CliError::failure(format!("seed {}: {e}", one.seed)))?;
        let Some(arc) = ArcReport::of(&campaign, catalog) else {
            return Err(CliError::failure(format!(
                "seed {}: the arc did not end",
                one.seed
            )));
        };
        tally.finished += u32::from(arc.finished);
        tally
            .won_per_game
            .resize(arc.results.len().max(tally.won_per_game.len()), 0);
        for (n, &w) in tally.won_per_game.iter_mut().zip(&arc.results) {
            *n += u32::from(w);
        }
        let end = if arc.finished { "finished" } else { "lost" };
        tally
            .runs
            .push(format!("seed {}: {} — {end}", one.seed, arc.line()));
    }
    output::emit(format, &tally)?;
    Ok(Verdict::Clean)
}

/// What `campaign show` prints.
#[derive(Debug, Serialize)]
struct Shown {
    name: String,
    phase: String,
    /// Optional rule modules on for the whole campaign (MOD-1), by key.
    modules: Vec<String>,
    winner: Option<String>,
    /// The co-op arc, its results so far and its ending (COOP-7, COOP-10).
    arc: Option<String>,
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
        // Loading checked every team index; a campaign built otherwise still never panics.
        let player = |team: usize| c.teams.get(team).map_or("?", |t| t.player.as_str());
        Shown {
            name: c.name.clone(),
            phase: format!("{:?}", c.phase),
            modules: c.modules.iter().map(|m| m.key().to_owned()).collect(),
            winner: c.winner.map(|w| player(w).to_owned()),
            arc: arc_line(c, catalog),
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
                    // CTRL-20: both players of a winning pair.
                    let names: Vec<&str> = g.winners.iter().map(|&w| player(w)).collect();
                    let winner = if names.is_empty() {
                        "draw".to_owned()
                    } else {
                        names.join(" and ")
                    };
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

/// `Co-op arc The Chrome Run: W L, next game 3` or its ending (COOP-7, COOP-10).
fn arc_line(c: &Campaign, catalog: &Catalog) -> Option<String> {
    let state = c.arc.as_ref()?;
    let name = c
        .arc_def(catalog)
        .map_or(state.arc.as_str(), |a| a.name.as_str());
    let results: Vec<&str> = state
        .results
        .iter()
        .map(|&w| if w { "W" } else { "L" })
        .collect();
    let so_far = if results.is_empty() {
        "no game played".to_owned()
    } else {
        results.join(" ")
    };
    let what = match (c.arc_ending(catalog), c.arc_next(catalog)) {
        (Some(end), _) => end.text,
        (None, Some((i, g))) => format!("next: game {}, {}", i + 1, g.title),
        (None, None) => String::new(),
    };
    Some(format!(
        "Co-op arc {name} against the computer ({}): {so_far}; {what}",
        state.computer
    ))
}

impl Report for Shown {
    fn human(&self) -> String {
        let mut out = format!("Campaign '{}', next step: {}\n", self.name, self.phase);
        if !self.modules.is_empty() {
            let _ = writeln!(
                out,
                "Optional rule modules: {} (MOD-1)",
                self.modules.join(", ")
            );
        }
        if let Some(w) = &self.winner {
            let _ = writeln!(out, "Won by {w} (CAMP-38)");
        }
        if let Some(arc) = &self.arc {
            let _ = writeln!(out, "{arc}");
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
