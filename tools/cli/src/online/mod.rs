//! Online play from the command line: `serve` (the dedicated server, its matches in
//! SQLite), `join` (a bot client that plays a seat, or opens a match), and `load` (many
//! bot clients against a server, measuring how fast commands are answered). See
//! `docs/online.md`.

mod join;
mod load;
mod serve;

use std::path::Path;

use clap::Subcommand;

use crate::exit::CommandResult;
use crate::output::Format;

/// The online subcommands, flattened into the CLI's list.
#[derive(Debug, Subcommand)]
pub enum OnlineCommand {
    /// Runs the dedicated server: many matches at once, kept in SQLite; resumes every
    /// unfinished match on start; `--export DIR` writes finished matches as replay files.
    Serve(serve::ServeArgs),
    /// Joins a match on a host with a code (or opens one with --create) and plays its seats
    /// with a bot, rejoining after drops.
    Join(join::JoinArgs),
    /// Load run: many matches of bot clients against a server, with the answer time of
    /// every command and the server's memory.
    Load(load::LoadArgs),
}

/// Runs an online subcommand.
pub fn run(cmd: &OnlineCommand, pack: Option<&Path>, format: Format) -> CommandResult {
    match cmd {
        OnlineCommand::Serve(args) => serve::run(args, pack, format),
        OnlineCommand::Join(args) => join::run(args, pack, format),
        OnlineCommand::Load(args) => load::run(args, format),
    }
}
