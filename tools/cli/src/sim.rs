//! `redline-cli sim`: plays many seeded games between random bots on one scenario and reports
//! wins, draws and losses per seat, game length and speed. Ctrl-C stops after the game being
//! played and still reports the games already played. With `--save-replays DIR` every game
//! is also written as a replay file (`DIR/game-<seed>.ron`) that `redline-cli replay` checks.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use redline_ai::{
    Bot, GameRecord, Level, PlannedDeployment, PlayError, PlayLimits, RandomBot, play_game_observed,
};
use redline_content::Catalog;
use redline_content::game_size::{GameSize, skirmish_of_size};
use redline_content::schema::{FirstControl, Scenario};
use redline_content::skirmish::{Skirmish, quick_team, quick_team_rules, skirmish};
use redline_content::team::{CompiledTeam, TeamRules, TeamSpec};
use redline_rules::{Command, Event, Game, Outcome, Seat, Setup, Victory};
use serde::Serialize;

use crate::exit::{CliError, CommandResult, Verdict};
use crate::output::{self, Format, Report, percent};
use crate::packs;
use crate::replay;
use crate::teams::read_team_file;

const EXAMPLES: &str = "\
Examples:
  redline-cli sim --scenario street_claim --teams ashfall,tidewater --games 1000 --seed 7
  redline-cli sim --scenario street_claim --layout tenement_yard --teams my_team.ron,choir
  redline-cli sim --scenario four_corners --teams ashfall,choir,tidewater,glasswork --games 50
  redline-cli sim --scenario take_the_head --teams ashfall,glasswork --turn-limit 40 --json
  redline-cli sim --scenario street_claim --teams ashfall,choir --games 20 --save-replays runs/
  redline-cli sim --scenario street_claim --teams ashfall,tidewater --size 200 --games 50

A team is a faction id (its quick team at the game's EB limit, as `teams quick` picks it)
or a TeamSpec RON file. --size 100|150|200 plays a game of that size: every team within
its EB limit, on a table of its size (200 EB: 44\" x 30\"; the scenario's own layout of that
table, else the packs' first one); left out, the scenario's EB limit and layout. Game i rolls dice seed S+i; who takes Control first rotates
among the seats the scenario allows (CTRL-15). Ctrl-C stops after the current game and
prints the summary of the games played so far. --save-replays DIR writes each game that
ends as DIR/game-<seed>.ron (replacing a file of that name; each file appears whole or not
at all); check one with `redline-cli replay DIR/game-<seed>.ron`. Exit code 1 if any game
failed or a replay could not be saved.";

/// Arguments of `redline-cli sim`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct SimArgs {
    /// The scenario (see `redline-cli scenarios`).
    #[arg(long)]
    scenario: String,

    /// The table layout; the scenario's first suggested layout (of the game size's table)
    /// when left out.
    #[arg(long)]
    layout: Option<String>,

    /// The game size, 100, 150 or 200 EB (FIELD-1): the EB limit and the table follow it.
    /// Left out, the scenario's own EB limit and layouts.
    #[arg(long, value_name = "EB")]
    size: Option<GameSize>,

    /// One team per seat, in seat order, comma-separated: faction ids or TeamSpec RON files.
    #[arg(long, value_delimiter = ',', num_args = 1.., required = true)]
    teams: Vec<String>,

    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,

    /// The first game's dice seed; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,

    /// Turns of Control after which a game stops and the side with the most models in play
    /// wins (the engine's default when left out).
    #[arg(long)]
    turn_limit: Option<u32>,

    /// Save every game as a replay file DIR/game-<seed>.ron (see `redline-cli replay`);
    /// the folder is created if needed.
    #[arg(long, value_name = "DIR")]
    save_replays: Option<PathBuf>,

    /// The bot playing each seat, comma-separated in seat order; one name plays every seat.
    /// Known bots: random, easy, normal, hard. In a co-op scenario (COOP-1) `--teams` names
    /// the people's crews only (two or three); the computer's crews come from the sheet and
    /// take the first seats.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,

    /// Optional rule modules to turn on, comma-separated: terr, fire, sec, aid, bot
    /// (MOD-1). The scenario's required modules are always on; a module it forbids is
    /// refused. Left out, only the scenario's required ones.
    #[arg(long, value_name = "LIST", default_value = "")]
    modules: String,

    /// A third force the engine plays joins the game (THIRD-1), by id (see `redline-cli
    /// scenarios`): a neutral crew that attacks every seat and can't win.
    #[arg(long, value_name = "ID")]
    third_force: Option<String>,
}

/// The bots `--bots` knows, by name: the bot levels (`redline_ai::Level`).
const BOTS: [&str; 4] = ["random", "easy", "normal", "hard"];

/// A bot of a name in [`BOTS`], seeded. A new bot goes here and into [`BOTS`].
fn make_bot(name: &str, seed: u64) -> Box<dyn Bot> {
    match name.parse::<Level>() {
        Ok(Level::Random) => Box::new(RandomBot::new(seed)),
        Ok(level) => level.bot(seed),
        Err(_) => unreachable!("`bot_names` refuses unknown bot '{name}'"),
    }
}

/// A sim seat's bot, with the computer's security answer (`redline_ai::secure`) for the
/// defender's security step before the deployment (SEC-2).
struct SecuringBot(Box<dyn Bot>);

impl Bot for SecuringBot {
    fn choose(&mut self, game: &Game) -> Command {
        match redline_ai::secure(game) {
            Some(choice) => choice.command,
            None => self.0.choose(game),
        }
    }
}

/// The bot name of every seat: one name for all, or one per seat; unknown names refused.
fn bot_names(bots: &[String], seats: usize) -> Result<Vec<String>, CliError> {
    if let Some(unknown) = bots.iter().find(|b| !BOTS.contains(&b.as_str())) {
        return Err(CliError::bad_input(format!(
            "unknown bot '{unknown}' (known bots: {})",
            BOTS.join(", ")
        )));
    }
    match bots.len() {
        1 => Ok(vec![bots[0].clone(); seats]),
        n if n == seats => Ok(bots.to_vec()),
        n => Err(CliError::bad_input(format!(
            "--bots names {n} bots for {seats} seats: give one for every seat, or one for all"
        ))),
    }
}

/// Where a seat's team comes from.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case")]
enum TeamSource {
    /// The faction's quick team.
    Quick { faction: String },
    /// A TeamSpec file.
    File { path: PathBuf },
    /// A computer crew of a co-op sheet (COOP-4).
    Computer { faction: String },
}

/// Runs `sim`.
pub fn run(args: &SimArgs, pack: Option<&Path>, format: Format) -> CommandResult {
    let catalog = packs::catalog(pack)?;
    let Some(scenario) = catalog.scenarios.get(&args.scenario) else {
        let known: Vec<&str> = catalog.scenarios.iter().map(|s| s.id.as_str()).collect();
        return Err(CliError::bad_input(format!(
            "unknown scenario '{}' (known: {})",
            args.scenario,
            known.join(", ")
        )));
    };
    let eb_limit = args.size.map_or(scenario.eb_limit, GameSize::eb);
    // The game's modules (MOD-1) shape the quick teams: constructs only with BOT (BOT-13).
    let modules = scenario
        .modules
        .one_off(&crate::modules::parse(&args.modules)?)
        .map_err(|e| CliError::bad_input(e.to_string()))?;
    let rules = TeamRules {
        modules: modules.clone(),
        ..TeamRules::one_off(eb_limit)
    };
    let (sources, specs) = team_specs(&catalog, &rules, scenario, &args.teams)?;
    let built = match args.size {
        Some(size) => skirmish_of_size(
            &catalog,
            &args.scenario,
            size,
            args.layout.as_deref(),
            &specs,
        ),
        None => skirmish(
            &catalog,
            &args.scenario,
            args.layout.as_deref(),
            &specs,
            args.seed,
        ),
    }
    .map_err(|e| CliError::bad_input(e.to_string()))?;
    let built = crate::modules::chosen(built, &args.modules)?;
    let built = match &args.third_force {
        Some(id) => built
            .with_third_force(&catalog, id)
            .map_err(|e| CliError::bad_input(e.to_string()))?,
        None => built,
    };
    let mut setup = built.setup.clone();
    if let Some(turn_limit) = args.turn_limit {
        setup.victory = Victory {
            turn_limit: Some(turn_limit),
        };
    }
    let first_seats = first_seats(scenario, &built.teams);
    let seats = built.setup.players.len();
    let bots = bot_names(&args.bots, seats)?;
    let computer = built.teams.len().saturating_sub(sources.len());
    let sources: Vec<TeamSource> = built.teams[..computer]
        .iter()
        .map(|t| TeamSource::Computer {
            faction: t.faction.clone(),
        })
        .chain(sources)
        .collect();
    if let Some(dir) = &args.save_replays {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::bad_input(format!(
                "cannot create the replay folder '{}': {e}",
                dir.display()
            ))
        })?;
    }
    let factions: Vec<&str> = built.teams.iter().map(|t| t.faction.as_str()).collect();
    let label = format!(
        "{} on {}: {}",
        scenario.id,
        built.layout,
        factions.join(" vs ")
    );

    let stop = Arc::new(AtomicBool::new(false));
    let handler_stop = Arc::clone(&stop);
    // A second Ctrl-C quits at once, for a game that takes too long.
    let handler = ctrlc::set_handler(move || {
        if handler_stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    if let Err(error) = handler {
        eprintln!("redline-cli: Ctrl-C will not stop cleanly: {error}");
    }
    eprintln!(
        "sim: playing {} games of {} on {} (Ctrl-C stops after the current game)",
        args.games, scenario.id, built.layout
    );

    let progress = progress_bar(args.games, format);
    let mut tally = Tally::new(seats);
    let started = Instant::now();
    for game in 0..args.games {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let seed = args.seed.wrapping_add(game);
        let mut game_setup = setup.clone();
        game_setup.first_control = Seat(first_seats[(game % first_seats.len() as u64) as usize]);
        let first = game_setup.first_control.0;
        // FIELD-7: the teams deploy through the engine, where the skirmish put them.
        let (game_setup, plan) = game_setup.unplaced();
        let replay_setup = args.save_replays.as_ref().map(|_| game_setup.clone());
        match play_one(game_setup, &plan, seed, &bots) {
            Ok((record, counts)) => {
                tally.count(&counts);
                if let (Some(dir), Some(replay_setup)) = (&args.save_replays, replay_setup) {
                    let label = format!("{label}, sim game {game}, first Control seat {first}");
                    match save_replay(dir, replay_setup, label, &record) {
                        Ok(()) => tally.replays_saved += 1,
                        Err(message) => tally.failures.push(Failure {
                            game,
                            seed,
                            message,
                        }),
                    }
                }
                tally.add(&record);
            }
            Err(message) => tally.failures.push(Failure {
                game,
                seed,
                message,
            }),
        }
        tally.played += 1;
        progress.inc(1);
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();

    let report = SimReport::new(
        args,
        &bots,
        &built,
        sources,
        tally,
        seconds,
        stop.load(Ordering::SeqCst),
    );
    output::emit(format, &report)?;
    Ok(Verdict::failed_if(!report.failures.is_empty()))
}

/// The team of each seat: a faction's quick team under the game's `rules` (the defender's
/// leaving its security budget unspent, SEC-1), or a team file.
fn team_specs(
    catalog: &Catalog,
    rules: &TeamRules,
    scenario: &Scenario,
    teams: &[String],
) -> Result<(Vec<TeamSource>, Vec<TeamSpec>), CliError> {
    let mut sources = Vec::new();
    let mut specs = Vec::new();
    // COOP-1: in co-op the people's seats come after the computer's.
    let first = scenario
        .coop
        .as_ref()
        .map_or(0, |c| usize::from(c.computer_seats()));
    for (seat, team) in teams.iter().enumerate() {
        let rules = quick_team_rules(rules, scenario, first + seat);
        let (source, spec) = if catalog.factions.contains(team) {
            let spec = quick_team(catalog, team, &rules)
                .map_err(|e| CliError::bad_input(e.to_string()))?;
            (
                TeamSource::Quick {
                    faction: team.clone(),
                },
                spec,
            )
        } else if Path::new(team).is_file() {
            let path = PathBuf::from(team);
            let spec = read_team_file(&path)?;
            (TeamSource::File { path }, spec)
        } else {
            let known: Vec<&str> = catalog.factions.iter().map(|f| f.id.as_str()).collect();
            return Err(CliError::bad_input(format!(
                "team '{team}' is neither a faction ({}) nor a team file",
                known.join(", ")
            )));
        };
        sources.push(source);
        specs.push(spec);
    }
    Ok((sources, specs))
}

/// The seats that may take Control first (CTRL-15): the scenario's seat, the lowest Street
/// Cred (all of them if tied), or anyone after a roll-off. Games rotate through them, so a
/// run doesn't favour whoever won one roll-off.
fn first_seats(scenario: &Scenario, teams: &[CompiledTeam]) -> Vec<u8> {
    let all = || (0..teams.len().max(1)).map(|s| s as u8).collect::<Vec<_>>();
    match scenario.first_control {
        FirstControl::Seat(seat) => vec![seat],
        FirstControl::RollOff => all(),
        FirstControl::LowestStreetCred => {
            let lowest = teams.iter().map(|t| t.summary.street_cred).min();
            let seats: Vec<u8> = (0..teams.len())
                .filter(|&s| Some(teams[s].summary.street_cred) == lowest)
                .map(|s| s as u8)
                .collect();
            if seats.is_empty() { all() } else { seats }
        }
    }
}

/// One game between bots, deployed as `plan` says, a panic turned into an error so one
/// broken game doesn't lose the others.
fn play_one(
    setup: Setup,
    plan: &[Command],
    seed: u64,
    bots: &[String],
) -> Result<(GameRecord, Counts), String> {
    let mut bots: Vec<Box<dyn Bot>> = bots
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let bot_seed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(seat as u64 + 1);
            Box::new(PlannedDeployment::new(
                plan.to_vec(),
                Box::new(SecuringBot(make_bot(name, bot_seed))),
            )) as Box<dyn Bot>
        })
        .collect();
    let result = catch_unwind(AssertUnwindSafe(|| {
        play_counted(setup, seed, &mut bots, PlayLimits::default())
    }));
    match result {
        Ok(Ok(played)) => Ok(played),
        Ok(Err(error)) => Err(error.to_string()),
        Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
        )),
    }
}

/// What a game's events add up to, beyond its record.
#[derive(Debug, Default)]
struct Counts {
    /// Opposed Rolls made.
    rolls: u64,
    /// Dice re-rolled (Luck or Accurate).
    rerolls: u64,
    /// Luck tokens spent, per seat.
    luck_spent: Vec<u64>,
}

/// Plays a game with `redline_ai::play_game_observed`, counting rolls and Luck from the
/// events of every step.
fn play_counted(
    setup: Setup,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    limits: PlayLimits,
) -> Result<(GameRecord, Counts), PlayError> {
    let mut counts = Counts {
        luck_spent: vec![0; setup.players.len()],
        ..Counts::default()
    };
    let record = play_game_observed(setup, seed, bots, limits, |step| {
        for event in step.events {
            match event {
                Event::Rolled { .. } => counts.rolls += 1,
                Event::Rerolled { .. } => counts.rerolls += 1,
                Event::LuckSpent { seat, .. } => {
                    if let Some(n) = counts.luck_spent.get_mut(usize::from(seat.0)) {
                        *n += 1;
                    }
                }
                _ => {}
            }
        }
    })?;
    Ok((record, counts))
}

/// Writes the replay of a game that was played to its end, a panic turned into an error.
fn save_replay(dir: &Path, setup: Setup, label: String, record: &GameRecord) -> Result<(), String> {
    let saved = catch_unwind(AssertUnwindSafe(|| {
        replay::save_game_replay(
            dir,
            setup,
            record.seed,
            label,
            &record.commands,
            record.final_hash,
        )
    }));
    match saved {
        Ok(Ok(_path)) => Ok(()),
        Ok(Err(message)) => Err(message),
        Err(_) => Err("panicked while saving the replay".to_owned()),
    }
}

/// A progress bar on standard error when it is a terminal; hidden otherwise, and under
/// `--json` (which is for machines).
fn progress_bar(games: u64, format: Format) -> ProgressBar {
    if format == Format::Json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    let style =
        ProgressStyle::with_template("{bar:40.cyan/blue} {pos}/{len} games  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// A game that could not be played to its end.
#[derive(Debug, Serialize)]
struct Failure {
    /// Index of the game in the run.
    game: u64,
    /// Its dice seed.
    seed: u64,
    message: String,
}

/// Results of one seat. In 2 vs 2 both players of the winning team win.
#[derive(Debug, Default, Clone, Serialize)]
struct SeatTally {
    wins: u64,
    draws: u64,
    losses: u64,
    /// Luck tokens the seat spent over all games.
    luck_spent: u64,
}

/// Running totals.
#[derive(Debug)]
struct Tally {
    played: u64,
    seats: Vec<SeatTally>,
    draws: u64,
    unfinished: u64,
    records: u64,
    turns: u64,
    commands: u64,
    events: u64,
    failures: Vec<Failure>,
    replays_saved: u64,
    rolls: u64,
    rerolls: u64,
    /// How the games ended: "team 1 won: Condition(HoldOut)", "draw: ...", by count.
    endings: std::collections::BTreeMap<String, u64>,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            played: 0,
            seats: vec![SeatTally::default(); seats],
            draws: 0,
            unfinished: 0,
            records: 0,
            turns: 0,
            commands: 0,
            events: 0,
            failures: Vec::new(),
            replays_saved: 0,
            rolls: 0,
            rerolls: 0,
            endings: std::collections::BTreeMap::new(),
        }
    }

    fn count(&mut self, counts: &Counts) {
        self.rolls += counts.rolls;
        self.rerolls += counts.rerolls;
        for (tally, spent) in self.seats.iter_mut().zip(&counts.luck_spent) {
            tally.luck_spent += spent;
        }
    }

    fn add(&mut self, record: &GameRecord) {
        self.records += 1;
        self.turns += u64::from(record.turns);
        self.commands += record.commands.len() as u64;
        self.events += record.events as u64;
        let ending = match &record.outcome {
            Some(Outcome::Win { team, why, .. }) => format!("team {} won: {why:?}", team.0),
            Some(Outcome::Draw { why }) => format!("draw: {why:?}"),
            None => "unfinished".to_owned(),
        };
        *self.endings.entry(ending).or_default() += 1;
        match &record.outcome {
            Some(Outcome::Win { seats, .. }) => {
                for (seat, tally) in self.seats.iter_mut().enumerate() {
                    if seats.iter().any(|s| usize::from(s.0) == seat) {
                        tally.wins += 1;
                    } else {
                        tally.losses += 1;
                    }
                }
            }
            Some(Outcome::Draw { .. }) => {
                self.draws += 1;
                for tally in &mut self.seats {
                    tally.draws += 1;
                }
            }
            None => self.unfinished += 1,
        }
    }

    /// `total / records`, or `None` before any game ended.
    fn mean(&self, total: u64) -> Option<f64> {
        (self.records > 0).then(|| total as f64 / self.records as f64)
    }
}

/// One seat's team and results.
#[derive(Debug, Serialize)]
struct SeatRow {
    seat: usize,
    /// The seat's team number (seats sharing one win and lose together, CTRL-20).
    team_id: u8,
    team: TeamSource,
    faction: String,
    cost: u32,
    models: usize,
    #[serde(flatten)]
    results: SeatTally,
    /// Wins over games that ended.
    win_rate: Option<f64>,
    /// Luck tokens spent per game that ended.
    mean_luck_spent: Option<f64>,
}

#[derive(Debug, Serialize)]
struct SimReport {
    scenario: String,
    scenario_name: String,
    layout: String,
    /// The teams' EB limit: the game size's, or the scenario's.
    eb_limit: u32,
    /// The table, (x, z) in inches.
    table: [f32; 2],
    seed: u64,
    turn_limit: Option<u32>,
    games_requested: u64,
    /// Games started, failed ones included.
    games_played: u64,
    /// Ctrl-C stopped the run early.
    interrupted: bool,
    seats: Vec<SeatRow>,
    draws: u64,
    /// Games stopped by the bots' step limit before an outcome.
    unfinished: u64,
    failures: Vec<Failure>,
    mean_turns: Option<f64>,
    mean_commands: Option<f64>,
    mean_events: Option<f64>,
    /// Opposed Rolls per game that ended.
    mean_rolls: Option<f64>,
    /// Dice re-rolled per game that ended (Luck or Accurate).
    mean_rerolls: Option<f64>,
    /// How the games ended, by count: the winning team and why, or why it was a draw.
    endings: std::collections::BTreeMap<String, u64>,
    /// The bot of each seat.
    bots: Vec<String>,
    seconds: f64,
    games_per_second: Option<f64>,
    /// The folder replays were saved in (`--save-replays`), or `null`.
    replay_dir: Option<PathBuf>,
    /// Replay files written.
    replays_saved: u64,
}

impl SimReport {
    fn new(
        args: &SimArgs,
        bots: &[String],
        built: &Skirmish,
        sources: Vec<TeamSource>,
        tally: Tally,
        seconds: f64,
        interrupted: bool,
    ) -> SimReport {
        let decided = tally.records - tally.unfinished;
        let seats = sources
            .into_iter()
            .zip(&built.teams)
            .zip(&tally.seats)
            .enumerate()
            .map(|(seat, ((team, compiled), results))| SeatRow {
                seat,
                team_id: built.setup.players.get(seat).map_or(0, |p| p.team.0),
                team,
                faction: compiled.faction.clone(),
                cost: compiled.summary.cost,
                models: compiled.models.len(),
                results: results.clone(),
                win_rate: (decided > 0).then(|| results.wins as f64 / decided as f64),
                mean_luck_spent: tally.mean(results.luck_spent),
            })
            .collect();
        SimReport {
            scenario: built.scenario.id.clone(),
            scenario_name: built.scenario.name.clone(),
            layout: built.layout.clone(),
            eb_limit: args.size.map_or(built.scenario.eb_limit, GameSize::eb),
            table: catalog_table(built),
            seed: args.seed,
            turn_limit: args.turn_limit.or(built.setup.victory.turn_limit),
            games_requested: args.games,
            games_played: tally.played,
            interrupted,
            seats,
            draws: tally.draws,
            unfinished: tally.unfinished,
            mean_turns: tally.mean(tally.turns),
            mean_commands: tally.mean(tally.commands),
            mean_events: tally.mean(tally.events),
            mean_rolls: tally.mean(tally.rolls),
            mean_rerolls: tally.mean(tally.rerolls),
            endings: tally.endings,
            bots: bots.to_vec(),
            failures: tally.failures,
            replay_dir: args.save_replays.clone(),
            replays_saved: tally.replays_saved,
            seconds,
            games_per_second: (seconds > 0.0).then(|| tally.played as f64 / seconds),
        }
    }
}

/// The skirmish's table size, (x, z) in inches.
fn catalog_table(built: &Skirmish) -> [f32; 2] {
    let table = built.setup.battlespace.table();
    [table.width, table.depth]
}

impl Report for SimReport {
    fn human(&self) -> String {
        let mut text = format!(
            "{} ({}) at {} EB on {} ({}\" x {}\"), seed {}: {} of {} games played{}\n\n",
            self.scenario_name,
            self.scenario,
            self.eb_limit,
            self.layout,
            self.table[0],
            self.table[1],
            self.seed,
            self.games_played,
            self.games_requested,
            if self.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        );
        let _ = writeln!(
            text,
            "{:<6}{:<30}{:>6}{:>8}{:>7}{:>8}{:>10}{:>8}{:>8}",
            "seat", "team", "EB", "wins", "draws", "losses", "win rate", "Luck/g", "bot"
        );
        for s in &self.seats {
            let team = match &s.team {
                TeamSource::Quick { faction } => format!("{faction} (quick team)"),
                TeamSource::File { path } => format!("{} ({})", s.faction, path.display()),
                TeamSource::Computer { faction } => format!("{faction} (computer)"),
            };
            let _ = writeln!(
                text,
                "{:<6}{:<30}{:>6}{:>8}{:>7}{:>8}{:>10}{:>8}{:>8}",
                format!("{} t{}", s.seat, s.team_id),
                team,
                s.cost,
                s.results.wins,
                s.results.draws,
                s.results.losses,
                s.win_rate.map_or_else(|| "-".to_owned(), percent),
                s.mean_luck_spent
                    .map_or_else(|| "-".to_owned(), |m| format!("{m:.2}")),
                self.bots.get(s.seat).map_or("-", String::as_str)
            );
        }
        text.push('\n');
        if self.unfinished > 0 {
            let _ = writeln!(text, "unfinished (step limit): {}", self.unfinished);
        }
        let mean = |m: Option<f64>| m.map_or_else(|| "-".to_owned(), |m| format!("{m:.1}"));
        let _ = writeln!(
            text,
            "mean game: {} turns, {} commands, {} events (turn limit {})",
            mean(self.mean_turns),
            mean(self.mean_commands),
            mean(self.mean_events),
            self.turn_limit
                .map_or_else(|| "none".to_owned(), |t| t.to_string())
        );
        let _ = writeln!(
            text,
            "rolls: {} Opposed Rolls and {} re-rolls per game",
            mean(self.mean_rolls),
            mean(self.mean_rerolls)
        );
        for (ending, n) in &self.endings {
            let _ = writeln!(text, "ended {n}x: {ending}");
        }
        let _ = writeln!(
            text,
            "speed: {} games/s ({:.2} s)",
            self.games_per_second
                .map_or_else(|| "-".to_owned(), |g| format!("{g:.1}")),
            self.seconds
        );
        if let Some(dir) = &self.replay_dir {
            let _ = writeln!(
                text,
                "replays: {} saved in {} (game-<seed>.ron)",
                self.replays_saved,
                dir.display()
            );
        }
        if !self.failures.is_empty() {
            let _ = writeln!(text, "\n{} games FAILED:", self.failures.len());
            for f in &self.failures {
                let _ = writeln!(text, "  game {} (seed {}): {}", f.game, f.seed, f.message);
            }
        }
        text
    }
}
