//! `redline-cli`, the headless face of Redline: one module per subcommand, all printing through
//! [`output`] so every command answers in text for people or in JSON with `--json`.
//!
//! Today it answers odds questions (`odds`). Scripts, replays, simulation, pack validation,
//! the arena and layouts join as one module each when their engines land.

mod odds;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::output::Format;

const EXAMPLES: &str = "\
Examples:
  redline-cli odds --attacker green --attacker-mod 2 --defender yellow --defender-mod 1
  redline-cli odds --table --json";

/// Redline from the command line.
#[derive(Debug, Parser)]
#[command(name = "redline-cli", version, after_help = EXAMPLES)]
struct Cli {
    /// Print one JSON document instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Exact chance that an action wins its Opposed Roll, with and without Luck.
    Odds(odds::OddsArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let format = if cli.json {
        Format::Json
    } else {
        Format::Human
    };
    let result = match &cli.command {
        Command::Odds(args) => odds::run(args, format),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("redline-cli: {error}");
            ExitCode::FAILURE
        }
    }
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
