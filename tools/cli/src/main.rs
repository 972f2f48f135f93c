//! `redline-cli`, the headless face of Redline: one module per subcommand, all printing through
//! [`output`] so every command answers in text for people or in JSON with `--json`, and all
//! ending through [`exit`]: 0 when all is well, 1 when a failure was found, 2 for bad input.
//!
//! Subcommands: `arena`, `odds`, `validate`, `teams`, `scenarios`, `sim`, `replay` and `script`. Content comes
//! from the embedded starter pack plus, with the global `--pack DIR`, a user pack ([`packs`]).

mod arena;
mod campaign;
mod exit;
mod layout;
mod modules;
mod odds;
mod online;
mod output;
mod packs;
mod replay;
mod scenarios;
mod script;
mod sim;
mod teams;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::exit::{CliError, Verdict};
use crate::output::Format;

/// mimalloc serves the engine's many small short-lived lists faster than the system allocator
/// (docs/decisions/perf-global-allocator.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const EXAMPLES: &str = "\
Examples:
  redline-cli odds --attacker green --attacker-mod 2 --defender yellow --defender-mod 1
  redline-cli odds --table --json
  redline-cli validate my_pack/
  redline-cli teams list
  redline-cli teams quick ashfall --eb 100 > ashfall.ron
  redline-cli teams check ashfall.ron
  redline-cli scenarios
  redline-cli sim --scenario street_claim --teams ashfall.ron,tidewater --games 1000 --seed 1
  redline-cli sim --scenario street_claim --teams ashfall,tidewater --games 5 --save-replays runs/
  redline-cli replay runs/game-0.ron
  redline-cli arena easy:random normal:easy --games 400 --chart arena.png
  redline-cli script tests/scripts/ex_11_ready_yellow_defence.ron
  redline-cli --pack my_pack/ teams list

Exit codes: 0 all is well, 1 a failure was found (pack errors, an illegal team, a game that
broke, a replay that does not reproduce, a script check that does not hold), 2 bad input
(unknown ids, unreadable or malformed files, unsupported replay versions, a script command
the engine refuses, bad arguments).";

/// Redline from the command line.
#[derive(Debug, Parser)]
#[command(name = "redline-cli", version, after_help = EXAMPLES)]
struct Cli {
    /// Print one JSON document instead of text.
    #[arg(long, global = true)]
    json: bool,

    /// A user content pack folder, loaded on top of the embedded starter pack.
    #[arg(long, global = true, value_name = "DIR")]
    pack: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact chance that an action wins its Opposed Roll, with and without Luck.
    Odds(odds::OddsArgs),
    /// Loads and validates the packs and prints every problem with file:line:col.
    Validate(validate::ValidateArgs),
    /// Lists what factions can hire, builds a quick team, checks a team file.
    Teams(teams::TeamsArgs),
    /// Lists the scenarios and table layouts.
    Scenarios(scenarios::ScenariosArgs),
    /// Plays many seeded games between random bots and reports the results.
    Sim(sim::SimArgs),
    /// Plays bot levels against each other over the repo's seed list and reports win rates.
    Arena(arena::ArenaArgs),
    /// Plays a saved replay again and checks every recorded state hash.
    Replay(replay::ReplayArgs),
    /// Plays a game script (table, models, loaded dice, commands) and checks its expectations.
    Script(script::ScriptArgs),
    /// Campaigns: a scripted campaign between bots, or a saved campaign shown.
    Campaign(campaign::CampaignArgs),
    /// Terrain planner: generate, check and share table layouts.
    Layout(layout::LayoutArgs),
    #[command(flatten)]
    Online(online::OnlineCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let format = if cli.json {
        Format::Json
    } else {
        Format::Human
    };
    let pack = cli.pack.as_deref();
    let result = match &cli.command {
        Command::Odds(args) => odds::run(args, format)
            .map(|()| Verdict::Clean)
            .map_err(CliError::from),
        Command::Validate(args) => validate::run(args, pack, format),
        Command::Teams(args) => teams::run(args, pack, format),
        Command::Scenarios(args) => scenarios::run(args, pack, format),
        Command::Sim(args) => sim::run(args, pack, format),
        Command::Arena(args) => arena::run(args, pack, format),
        Command::Replay(args) => replay::run(args, format),
        Command::Script(args) => script::run(args, pack, format),
        Command::Campaign(args) => campaign::run(args, pack, format),
        Command::Layout(args) => layout::run(args, pack, format),
        Command::Online(cmd) => online::run(cmd, pack, format),
    };
    exit::finish(result, format)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
